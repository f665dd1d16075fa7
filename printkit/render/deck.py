"""A deck's print sheets: its cards' fronts and backs imposed on a template, as PDF bytes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..aids import load_aid
from ..layout.templates import Template
from ..model import Deck
from .aids import AidPainter
from .art import ArtLibrary
from .face import FaceOptions, FacePainter
from .pdf import Document
from .sheets import SheetJob, render_sheets

__all__ = ["DeckFaces", "PrintOptions", "deck_sheets"]


@dataclass(frozen=True)
class PrintOptions:
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, back pages only
    qr: bool = True
    user_art: Path | None = None
    aids: int = 0  # player aid cards printed after the deck's own


class DeckFaces:
    """The deck's cards, then its player aids, drawn into one document."""

    def __init__(
        self, doc: Document, deck: Deck, art: ArtLibrary, t: Template, options: PrintOptions
    ):
        self.deck = deck
        self.painter = FacePainter(
            doc, deck, art, t.card_width, t.card_height, FaceOptions(qr=options.qr)
        )
        aid = load_aid(deck) if options.aids else None
        self.aids = AidPainter(self.painter, aid) if aid else None

    def front(self, index: int) -> str:
        if index < len(self.deck.cards):
            return self.painter.front(self.deck.cards[index])
        assert self.aids is not None
        return self.aids.front()

    def back(self, index: int) -> str | None:
        if index < len(self.deck.cards):
            return self.painter.back()
        assert self.aids is not None
        return self.aids.back()


def deck_sheets(
    deck: Deck, template: Template, options: PrintOptions | None = None
) -> dict[str, bytes]:
    """{"": pdf} or, for manual duplex, {"fronts": pdf, "backs": pdf}."""
    options = options or PrintOptions()
    art = ArtLibrary(deck, options.user_art)
    title = f"{deck.name} - card sheets"
    aids = options.aids if deck.aids else 0

    def open_document(part: str) -> tuple[Document, DeckFaces]:
        subject = (
            f"The {len(deck.cards)} cards of the {deck.name} ({deck.game}) on "
            f"{template.name} sheets; {part or 'fronts and backs'}"
        )
        doc = Document((template.paper_width, template.paper_height), title, subject)
        return doc, DeckFaces(doc, deck, art, template, options)

    job = SheetJob(deck.name, template, options.duplex, options.back_offset)
    return render_sheets(job, len(deck.cards) + aids, open_document)
