"""What a card's face is drawn from, as a hash: its layout's boxes and fonts (each
face's bytes), the values those boxes read, and the pictures and icons the values and
boxes name. Two cards with one fingerprint are drawn alike; the errata and the cache of
drawn cards both go by it. No I/O here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from .design import Box, CardSet, Layout, PrintCard, fill_in

__all__ = ["Fingerprints"]


class Fingerprints:
    """The fingerprints of one card set's faces, each layout's digest made once.
    ``common`` is what every face also depends on (the settings it is drawn with)."""

    def __init__(self, cards: CardSet, common: bytes = b""):
        self.cards, self.common = cards, common
        self._layouts: dict[int, bytes] = {}
        self._fields: dict[tuple[int, ...], frozenset[str]] = {}  # by the boxes' ids
        self._digests: dict[str, str] = {}  # each picture's, by its name

    def face(self, layout: Layout | None, card: PrintCard, boxes: Sequence[Box] = ()) -> str:
        """The fingerprint of ``card`` drawn with ``layout`` (or only its ``boxes``); ""
        when it has no layout."""
        if layout is None:
            return ""
        boxes = boxes or layout.boxes
        fields = self.fields(boxes)
        used = sorted((field, card.values.get(field, "")) for field in fields)
        filled = [fill_in(box.content, card.values) for box in boxes]
        named = {text.strip() for text in filled} | {value for _, value in used}
        hasher = hashlib.sha256(self.common + self._layout(layout) + repr(used).encode())
        if boxes is not layout.boxes:
            hasher.update(repr(tuple(box._replace(name="") for box in boxes)).encode())
        for name in sorted(named):
            digest = self._digest(name)
            if digest is not None:
                hasher.update(f"picture {name} {digest}".encode())
        # The deck's icons the card shows: named :so: in a text (the card's or the
        # layout's own, a badge's), or by name in a marks box (printkit's own icons are
        # in the layout's fingerprint: pips and marks use them without naming them).
        texts = " ".join([*filled, *(fill_in(box.badges, card.values) for box in boxes)])
        marked = {
            word.removeprefix("all-")
            for box, text in zip(boxes, filled, strict=True)
            if box.kind == "marks"
            for word in text.split()
        }
        for name in sorted(self.cards.icons):
            if f":{name}:" in texts or name in marked:
                hasher.update(f"icon {name} {self.cards.icons[name].digest()}".encode())
        return hasher.hexdigest()

    def fields(self, boxes: Sequence[Box]) -> frozenset[str]:
        """The fields some boxes read, found once for them (every card asks)."""
        ids = tuple(map(id, boxes))
        if ids not in self._fields:
            self._fields[ids] = frozenset(k for box in boxes for k in box.fields)
        return self._fields[ids]

    def _digest(self, name: str) -> str | None:
        """The digest of the deck's picture ``name`` (None if it has none), hashed once;
        a whole card face's with how it is made the card's (its bleed, fill and fit)."""
        if name not in self._digests:
            picture = self.cards.pictures.get(name)
            if picture is None:
                return None
            digest = picture.digest()
            self._digests[name] = digest if picture.face is None else f"{digest} {picture.face!r}"
        return self._digests[name]

    def layout(self, layout: Layout) -> str:
        """What a layout draws every card with, as a hash: not its file's name, so a
        deck's folder copied elsewhere draws the same forms."""
        return self._layout(layout).hex()

    def _layout(self, layout: Layout) -> bytes:
        """What a layout draws every card with: its boxes, size and fonts."""
        key = id(layout)
        if key not in self._layouts:
            hasher = hashlib.sha256(
                repr(
                    (layout.width, layout.height, layout.scale, layout.fallback, layout.boxes)
                ).encode()
            )
            for name in sorted(layout.fonts):
                for place, face in sorted(layout.fonts[name].faces.items()):
                    hasher.update(repr((name, place, face.own)).encode())
                    hasher.update(hashlib.sha256(face.data).digest())
            for name in sorted(self.cards.art.icons):
                hasher.update(f"icon {name} {self.cards.art.icons[name].digest()}".encode())
            self._layouts[key] = hasher.digest()
        return self._layouts[key]
