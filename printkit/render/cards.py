"""Each card on a page of its own: the source of the images for shops and virtual tables.

A page is the card's trim plus up to the face's bleed on every side, so the same forms
that go on the sheets make the shop's images: one design, one renderer.
"""

from __future__ import annotations

from typing import NamedTuple

from ..values.design import CardSet, Slots
from ..words import say
from .design import FACE_BLEED, CardFaces
from .pdf import Document

__all__ = ["CardPages", "card_pages"]


class CardPages(NamedTuple):
    """Every card of a deck as single pages: the fronts in deck order, then each distinct
    back once, then (when asked for) the player aid's front and back. ``backs[i]`` is
    card i's back among the backs (None: it has none)."""

    pdf: bytes
    backs: list[int | None]
    aid: int | None = None  # the aid's front's page; its back is the next

    @property
    def distinct_backs(self) -> int:
        return len({b for b in self.backs if b is not None})


def card_pages(
    cards: CardSet,
    qr: bool | None = None,
    bleed: float = 0.0,
    ink_saver: bool = False,
    aid: bool = False,
) -> CardPages:
    """One page per card front, then one per distinct back (in the order cards first use
    them: a back that reads a card's fields may differ for every card), each ``bleed``
    larger than the trim on every side; with ``aid`` (for a deck that has a player aid),
    the aid's two sides last."""
    if not 0 <= bleed <= FACE_BLEED:
        raise ValueError(f"bleed must lie between 0 and {FACE_BLEED} points")
    width, height = cards.card_size
    doc = Document(
        (width + 2 * bleed, height + 2 * bleed),
        say("kit.cards-title", deck=cards.name),
        say("kit.cards-subject", deck=cards.name),
        kind="cards",
        paper="card",
    )
    with_aid = aid and cards.aid is not None
    slots = Slots(cards.cards, (cards.aid.card,) if with_aid else ())
    faces = CardFaces(doc, cards, qr=qr, ink_saver=ink_saver, slots=slots)
    count = len(cards.cards)
    forms = [faces.front(i) for i in range(count)]
    distinct: dict[str, int] = {}
    backs: list[int | None] = []
    for i in range(count):
        back = faces.back(i)
        backs.append(None if back is None else distinct.setdefault(back, len(distinct)))
    forms += list(distinct)
    if with_aid:
        forms += [faces.front(count), faces.back(count)]
    for form in forms:
        doc.canvas.translate(bleed, bleed)
        doc.canvas.doForm(form)
        doc.canvas.showPage()
    aid_page = count + len(distinct) if with_aid else None
    return CardPages(doc.finish(), backs, aid_page)
