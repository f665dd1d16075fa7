"""A deck's print sheets: its cards' fronts and backs imposed on a template, as PDF bytes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..layout.templates import Template
from ..model import Deck
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


class DeckFaces:
    """The deck's cards, drawn into one document."""

    def __init__(
        self, doc: Document, deck: Deck, art: ArtLibrary, t: Template, options: PrintOptions
    ):
        self.deck = deck
        self.painter = FacePainter(
            doc, deck, art, t.card_width, t.card_height, FaceOptions(qr=options.qr)
        )

    def front(self, index: int) -> str:
        return self.painter.front(self.deck.cards[index])

    def back(self, index: int) -> str | None:
        return self.painter.back()


def deck_sheets(
    deck: Deck, template: Template, options: PrintOptions = PrintOptions()
) -> dict[str, bytes]:
    """{"": pdf} or, for manual duplex, {"fronts": pdf, "backs": pdf}."""
    art = ArtLibrary(deck, options.user_art)
    title = f"{deck.name} - card sheets"

    def open_document(part: str) -> tuple[Document, DeckFaces]:
        subject = (
            f"The {len(deck.cards)} cards of the {deck.name} ({deck.game}) on "
            f"{template.name} sheets; {part or 'fronts and backs'}"
        )
        doc = Document((template.paper_width, template.paper_height), title, subject)
        return doc, DeckFaces(doc, deck, art, template, options)

    job = SheetJob(deck.name, template, options.duplex, options.back_offset)
    return render_sheets(job, len(deck.cards), open_document)
