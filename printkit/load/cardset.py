"""A catalogue deck as a card set: every card as the fields its look's layouts read.

A catalogue card knows its effect, its playing card and its deck; a layout knows
fields. Here the one meets the other, once, before anything is drawn (``printkit.load.fields``
says what each field holds): the cards, the look's layouts, the pictures, the player
aid and the blank house-rule card become the same value as a designed deck's
(``printkit.values.design.CardSet``), and every target prints that.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import CatalogueError
from ..values.design import CardSet, PlayerAid, PrintCard
from ..values.model import Card, Deck
from ..values.pictures import ArtLibrary
from .fields import back_fields, blank_fields, card_fields, picture_name

__all__ = ["catalogue_set"]


def catalogue_set(deck: Deck, art: ArtLibrary) -> CardSet:
    """The deck as printkit prints it, with its look (and its player aid, when the deck
    was read with it); ``art`` is its pictures, read and checked."""
    if deck.look is None:
        raise CatalogueError.said("data.cardset.no-look", deck=deck.name)
    from ..words import say

    look = deck.look
    pictures = {picture_name(e.id): p for e in deck.effects if (p := art.effect(e))}
    back_picture = art.back()
    if back_picture is not None:
        pictures["back"] = back_picture
    back = back_fields(deck, back_picture is not None)

    def printed(card: Card) -> PrintCard:
        """The card as its look's fields: made when it is asked for, not kept (a deck may
        hold ten thousand cards)."""
        effect = card.effect
        fields = card_fields(card, deck, True, picture_name(effect.id) in pictures)
        fields["back_picture"] = back["back_picture"]
        playing = card.playing_card
        return PrintCard(
            card.number,
            say("data.cardset.card", card=card.code),
            fields,
            "back",
            say("data.cardset.shorten", effect=effect.id, length=len(effect.text)),
            stem=f"{card.code}-{effect.id}" if playing is not None else card.code,
            symbol=playing.symbol if playing is not None else "",
            about=effect.summary or effect.text,
        )

    aid = None
    if deck.aid is not None:
        accent = deck.colors.get("accent", "")
        fields = {**back, **blank_fields(deck, accent)}
        under = PrintCard(0, say("data.cardset.aid"), fields, "card")
        aid = PlayerAid(deck.aid, under._replace(front="card", kind="aid"))
    blank = PrintCard(
        0,
        say("data.cardset.blank"),
        {**back, **blank_fields(deck)},
        "back",
        front="blank",
        kind="blank",
    )
    return CardSet(
        id=deck.id,
        name=deck.name,
        game=deck.game,
        description=deck.description,
        source=look.front.source,
        cards=_Cards(deck.cards, printed),
        front=look.front,
        layouts={"back": look.back, "blank": look.blank, "card": look.card},
        pictures=pictures,
        icons={},
        art=art,
        aid=aid,
        blank=blank,
        colors=dict(deck.colors),
        deck=deck,
    )


class _Cards(Sequence):
    """A deck's cards as printed cards, each made when it is asked for."""

    def __init__(self, cards: tuple[Card, ...], printed):
        self._cards, self._printed = cards, printed

    def __len__(self) -> int:
        return len(self._cards)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self._printed(self._cards[index])
