"""Each card on a page of its own, full bleed: the source of print-on-demand images.

The page is the card's trim plus the face's bleed on every side, so the same forms
that go on the sheets make the shop's images: one design, one renderer.
"""

from __future__ import annotations

from ..model import Deck
from ..pictures import ArtLibrary
from .aids import AidPainter
from .face import FACE_BLEED, FacePainter
from .pdf import Document

__all__ = ["card_pages"]


def card_pages(
    deck: Deck,
    width: float,
    height: float,
    art: ArtLibrary,
    qr: bool = True,
    bleed: float = FACE_BLEED,
    aid: bool = False,
    ink_saver: bool = False,
) -> bytes:
    """A PDF with one page per card front (deck order) and, last, the back; with ``aid``
    (for a deck that has player aids), the aid's front and back after them."""
    if not 0 <= bleed <= FACE_BLEED:
        raise ValueError(f"bleed must lie between 0 and {FACE_BLEED} points")
    page = (width + 2 * bleed, height + 2 * bleed)
    doc = Document(
        page,
        f"{deck.name} - single cards",
        f"Every card of the {deck.name}, full bleed",
        kind="cards",
        paper="card",
    )
    painter = FacePainter(doc, deck, art, width, height, qr=qr, ink_saver=ink_saver)
    forms = [painter.front(card) for card in deck.cards]
    forms.append(painter.back())
    if aid and deck.aid is not None:
        aids = AidPainter(painter, deck.aid)
        forms += [aids.front(), aids.back()]
    canvas = doc.canvas
    for form in forms:
        canvas.translate(bleed, bleed)
        canvas.doForm(form)
        canvas.showPage()
    return doc.finish()
