"""Draw a player aid card: the same paper and frame as the deck's fronts, and text.

Each side's sections are set in the title face and the text face, both sides at one
size, shrunk together until both fit the card (never below 6.5 pt; an aid that still
does not fit fails the build and says which side).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.styles import ParagraphStyle

from ..errors import RenderError
from ..layout.aid import aid_layout
from ..values import markdown
from ..values.design import PlayerAid
from ..values.documents import Section
from ..values.model import SUIT_SYMBOLS
from ..words import say
from .fonts import BODY, BODY_SEMIBOLD, TITLE, check_glyphs
from .icons import Icons
from .pdf import hex_color
from .platypus import Paragraph
from .richtext import install_pips, markup

if TYPE_CHECKING:
    from .design import CardFaces

__all__ = ["AidPainter"]

_MIN = 6.5
_START = 8.4


class AidPainter:
    """Draws a deck's player aid, front and back, as forms in its faces' document: on the
    aid's own card (the deck's ground and frame), its sections in the deck's ink."""

    def __init__(self, faces: CardFaces, aid: PlayerAid):
        self.faces, self.aid = faces, aid
        self._fitted: float | None = None
        cards = faces.cards
        self.color = {key: hex_color(value) for key, value in cards.colors.items()}
        install_pips(faces.doc.canvas, Icons(faces.doc, cards.art, self.color))
        suits = "".join(SUIT_SYMBOLS.values())
        for section in (*aid.text.front, *aid.text.back):
            where = say("data.render.aid-where", deck=cards.name, title=section.title)
            check_glyphs(section.title, TITLE, where)
            check_glyphs(section.text, BODY, where, suits)

    def form(self, side: str) -> str:
        """The form of the aid's ``side``: "front" or "back"."""
        faces = self.faces
        name = f"aid-{side}-{faces.cards.id}-{round(faces.w, 3)}x{round(faces.h, 3)}"
        return faces.doc.form(name, faces.bbox, lambda: self._draw(side))

    def _sides(self) -> dict[str, list[tuple[str, str, bool]]]:
        return {"front": _parts(self.aid.text.front), "back": _parts(self.aid.text.back)}

    def _size(self) -> float:
        """The one text size of both sides: the largest from 8.4 pt at which each fits,
        so that turning the card over does not change the type."""
        if self._fitted is None:
            faces = self.faces
            body = aid_layout(faces.w, faces.h).body
            size = _START * aid_layout(faces.w, faces.h).scale
            for side, parts in self._sides().items():
                while sum(height for _, _, height in self._set(parts, size, body.w)) > body.h:
                    size -= 0.25
                    if size < _MIN:
                        raise RenderError.said(
                            "data.render.aid-fit",
                            deck=faces.cards.name,
                            side=side,
                            size=_MIN,
                            file=self.aid.text.source,
                        )
            self._fitted = size
        return self._fitted

    def _draw(self, side: str) -> None:
        faces, card = self.faces, self.aid.card
        canvas, w, h = faces.doc.canvas, faces.w, faces.h
        boxes = aid_layout(w, h)
        body = boxes.body
        canvas.doForm(faces.form("card", faces.cards.layout(card.front), card))
        canvas.setFillColor(self.color["accent"])
        canvas.setFont(BODY_SEMIBOLD, boxes.header_size)
        canvas.drawCentredString(
            w / 2, boxes.header_baseline, say("print.aid-header", game=faces.cards.game.upper())
        )
        y = body.top
        for flowable, gap, height in self._set(self._sides()[side], self._size(), body.w):
            y -= height
            flowable.drawOn(canvas, body.x, y + gap)

    def _set(
        self, parts: list[tuple[str, str, bool]], size: float, width: float
    ) -> list[tuple[Paragraph, float, float]]:
        """Each paragraph at ``size``, wrapped to ``width``: (paragraph, the gap under
        it, the height it takes with its gap)."""
        ink = self.color["ink"]
        title = ParagraphStyle(
            "aid-title", fontName=TITLE, fontSize=size * 1.45, leading=size * 1.7, textColor=ink
        )
        body = ParagraphStyle(
            "aid-body", fontName=BODY, fontSize=size, leading=size * 1.2, textColor=ink
        )
        # The bullet hangs: every line of an item starts at the same indent.
        bullet = ParagraphStyle(
            "aid-item", parent=body, leftIndent=size * 1.1, bulletIndent=size * 0.1,
            bulletFontName=BODY, bulletFontSize=size,
        )  # fmt: skip
        out: list[tuple[Paragraph, float, float]] = []
        for kind, text, last in parts:
            if kind == "title":
                paragraph, gap = Paragraph(text, title), size * 0.15
            elif kind == "item":
                paragraph, gap = Paragraph(text, bullet, bulletText="•"), size * 0.25
            else:
                paragraph, gap = Paragraph(text, body), size * 0.3
            gap = size * 0.9 if last else gap
            out.append((paragraph, gap, paragraph.wrap(width, 1e6)[1] + gap))
        return out


def _parts(sections: tuple[Section, ...]) -> list[tuple[str, str, bool]]:
    """Each paragraph of an aid's side as (kind, markup, whether it ends its section):
    the same at every size tried, so made once."""
    parts: list[tuple[str, str, bool]] = []
    for section in sections:
        parts.append(("title", markup(section.title), False))
        for block in markdown.parse(section.text).blocks:
            if isinstance(block, markdown.ListBlock):
                parts.extend(("item", markup(item), False) for item in block.items)
            elif isinstance(block, markdown.Paragraph):
                parts.append(("text", markup(block.text), False))
        parts[-1] = (*parts[-1][:2], True)
    return parts
