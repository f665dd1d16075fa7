"""What printkit writes itself into the rule books and the player aids, as plain values.

A rules file or an aid names generated content with ``{{name arguments}}``: every card
with its ruling, the identification table, a worked negation, the roles dealt at each
table size, the readings... This module turns each into rows and strings, from the
catalogue and the rules functions, so that the book, the aids and the companion say the
same thing; the renderers only set them in type. Nothing here reads a file or draws.

``DIRECTIVES`` is the one registry: each directive says what it makes as a block of a
rules document and, when it has one, as a line of text in an aid.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import NamedTuple

from ..errors import PrintkitError
from ..values.content import (
    CardEntry,
    CardList,
    Content,
    Example,
    Legend,
    Reading,
    Readings,
    Table,
)
from ..values.model import (
    ACE_READING,
    DEFAULT_ACE_VALUE,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    TIMINGS,
    Deck,
    PlayingCard,
    targets_phrase,
)
from . import negation
from .roles import Deal

__all__ = ["DIRECTIVES", "VALUES", "Directive", "Sources", "values_sentence"]

#: What each card counts for in a negation: the one place it is written. The book sets
#: it as a table, the aids and the identification sheet as ``values_sentence()``.
VALUES = (
    ("2 to 10", "as marked"),
    ("J, Q, K", "10"),
    ("A", f"{DEFAULT_ACE_VALUE} ({ACE_READING})"),
)


def values_sentence() -> str:
    """The values in one line: "2 to 10 as marked, J Q K 10, an Ace 11 (...)"."""
    (low, marked), (faces, ten), (_, ace) = VALUES
    return f"{low} {marked}, {faces.replace(',', '')} {ten}, an Ace {ace}"


class Sources(NamedTuple):
    """What directives are made from: the deck, and the tables a loader read for them."""

    deck: Deck
    roles: Mapping[int, Deal] = MappingProxyType({})
    readings: Mapping[str, Reading] = MappingProxyType({})


# -- the directives ----------------------------------------------------------------------


def _negation(sources: Sources, args: tuple[str, ...]) -> Example:
    result = negation.resolve_arguments(sources.deck, args)
    readings = tuple(r[0].upper() + r[1:] + "." for r in result.readings)
    return Example(_told(result), negation.describe(result), readings)


def _told(result: negation.Negation) -> str:
    """A worked example's play as a player would tell it."""
    from ..values.notation import card_name

    play = result.play

    def cards(group) -> str:
        names = [card_name(card) for card in group]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    told = f"A ghost plays the {cards([play.played])} ({result.effect.name})"
    if play.boosts:
        told += f" and discards the {cards(play.boosts)} with it"
    if play.assists:
        told += f"; the dead Renegade adds the {cards(play.assists)}"
    if play.counters:
        told += f"; the other ghosts throw the {cards(play.counters)} against it"
    else:
        told += "; no ghost throws a card against it"
    return told + "."


def _values(_sources: Sources, _args: tuple[str, ...]) -> Table:
    return Table(("Card", "Value"), VALUES, (0.3, 0.7))


def _values_line(_sources: Sources) -> str:
    return f"Values: {values_sentence()}"


def _draw_outcomes(_sources: Sources) -> str:
    from .draw import CHECKS

    return "\n".join(f"- {check.summary()}" for check in CHECKS.values())


def _roles_table(sources: Sources, _args: tuple[str, ...]) -> Table:
    rows = tuple((str(players), table.dealt) for players, table in sorted(sources.roles.items()))
    return Table(("Players", "Roles dealt"), rows, (0.2, 0.8))


def _readings(sources: Sources, _args: tuple[str, ...]) -> Readings:
    return Readings(tuple(sources.readings.values()))


_LEGEND = (
    ("target-living", "ink", "The card acts on a living player."),
    ("target-dead", "ink", "The card acts on a dead player (a ghost)."),
    ("target-living", "frame", "Shown three deep: it acts on every living (or every dead) player."),
    (
        "mark-reaction",
        "accent",
        "Marked ANY TIME: a reaction, played at any time, when what it describes happens.",
    ),
    ("mark-unstoppable", "accent", "Marked NO NEGATION: the card cannot be negated."),
)


def _legend(_sources: Sources, _args: tuple[str, ...]) -> Legend:
    return Legend(_LEGEND)


def _cards(sources: Sources, _args: tuple[str, ...]) -> CardList:
    deck = sources.deck
    entries = []
    for effect in sorted(deck.effects, key=lambda e: e.name.removeprefix("The ")):
        cards = deck.cards_of(effect)
        playing = bool(cards) and cards[0].playing_card is not None
        which = ", ".join(c.playing_card.symbol for c in cards if c.playing_card)
        facts = []
        if effect.targets:
            facts.append("acts on " + targets_phrase(effect.targets))
        facts.append("played " + TIMINGS[effect.timing])
        if not effect.negatable:
            facts.append("**cannot be negated**")
        card_type = deck.card_type(effect.type)
        if card_type:
            facts.append(card_type.label)
        entries.append(
            CardEntry(
                name=effect.name,
                which=which or f"{len(cards)} cards",
                facts=tuple(facts),
                note=effect.note,
                copies=None if playing else len(cards),
                label=card_type.label if card_type else None,
            )
        )
    return CardList(tuple(entries))


def _identification(sources: Sources, _args: tuple[str, ...]) -> Table:
    deck = sources.deck
    if not deck.playing_cards:
        raise PrintkitError("only a deck of playing cards has an identification table")
    header = ("", *(f"{SUIT_SYMBOLS[suit]} {suit.title()}" for suit in SUITS))
    rows = tuple(
        (rank, *(deck.card(PlayingCard(rank, suit)).effect.name for suit in SUITS))
        for rank in RANKS
    )
    return Table(header, rows, (0.08, 0.23, 0.23, 0.23, 0.23), kind="grid")


class Directive(NamedTuple):
    """What one ``{{name ...}}`` makes: a block of a rules document, a line of an aid's
    text, or both; ``needs`` names the tables (roles, readings) it is made from."""

    block: Callable[[Sources, tuple[str, ...]], Content] | None = None
    text: Callable[[Sources], str] | None = None
    needs: frozenset[str] = frozenset()


DIRECTIVES: dict[str, Directive] = {
    "cards": Directive(block=_cards),
    "draw-outcomes": Directive(text=_draw_outcomes),
    "identification": Directive(block=_identification),
    "legend": Directive(block=_legend),
    "negation": Directive(block=_negation),
    "readings": Directive(block=_readings, needs=frozenset({"readings"})),
    "roles-table": Directive(block=_roles_table, needs=frozenset({"roles"})),
    "values": Directive(block=_values, text=_values_line),
}
