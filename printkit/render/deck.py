"""A deck's print sheets: its cards' fronts and backs imposed on a template, as PDF bytes."""

from __future__ import annotations

from ..model import Deck, Template
from ..pictures import ArtLibrary
from ..settings import Settings
from .aids import AidPainter
from .face import FacePainter
from .pdf import Document
from .sheets import SheetJob, render_sheets

__all__ = ["DeckFaces", "deck_sheets", "items"]

#: How the printer is asked to print a file, for each duplex mode: manual duplex prints
#: each of its two files single-sided, turning the stack by hand.
_PRINTED = {"long": "long", "short": "short", "manual": "simplex", "none": "simplex"}


def items(deck: Deck, aids: int, per_sheet: int, backs: bool) -> list[str]:
    """What fills the slots, in order: the deck's cards ("card"), the player aids ("aid",
    or "aid-front" and "aid-back" side by side on sheets without backs, to glue back to
    back), then blank cards ("blank") for house rules until the last sheet is full."""
    out = ["card"] * len(deck.cards)
    for _ in range(aids):
        out.extend(["aid"] if backs else ["aid-front", "aid-back"])
    out.extend(["blank"] * (-len(out) % per_sheet))
    return out


class DeckFaces:
    """The deck's cards, its player aids and blank cards, drawn into one document."""

    def __init__(
        self,
        doc: Document,
        deck: Deck,
        art: ArtLibrary,
        t: Template,
        options: Settings,
        kinds: list[str],
    ):
        self.deck, self.kinds = deck, kinds
        self.painter = FacePainter(
            doc, deck, art, t.card_width, t.card_height, qr=options.qr, ink_saver=options.ink_saver
        )
        aid = deck.aid if options.aids else None
        self.aids = AidPainter(self.painter, aid) if aid else None

    def front(self, index: int) -> str:
        kind = self.kinds[index]
        if kind == "card":
            return self.painter.front(self.deck.cards[index])
        if kind == "blank":
            return self.painter.blank()
        assert self.aids is not None
        return self.aids.back() if kind == "aid-back" else self.aids.front()

    def back(self, index: int) -> str | None:
        kind = self.kinds[index]
        if kind == "aid":
            assert self.aids is not None
            return self.aids.back()
        return self.painter.back()


def deck_sheets(
    deck: Deck, template: Template, art: ArtLibrary, options: Settings | None = None
) -> dict[str, bytes]:
    """{"": pdf} or, for manual duplex, {"fronts": pdf, "backs": pdf}."""
    options = options or Settings()
    title = f"{deck.name} - card sheets" + (" (ink saver)" if options.ink_saver else "")
    aids = options.aids if deck.aids else 0

    def open_document(part: str) -> tuple[Document, DeckFaces]:
        subject = (
            f"The {len(deck.cards)} cards of the {deck.name} ({deck.game}) on "
            f"{template.name} sheets; {part or 'fronts and backs'}"
        )
        doc = Document(
            (template.paper_width, template.paper_height),
            title,
            subject,
            kind="sheets",
            paper=template.paper,
            duplex=_PRINTED[options.duplex] if template.backs and not template.fold else "simplex",
        )
        return doc, DeckFaces(doc, deck, art, template, options, kinds)

    kinds = items(deck, aids, template.per_sheet, template.backs)
    job = SheetJob(deck.name, template, options.duplex, options.back_offset)
    return render_sheets(job, len(kinds), open_document)
