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
    DEFAULT_ACE_VALUE,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Deck,
    PlayingCard,
    targets_phrase,
)
from ..values.notation import in_order
from ..words import joined, say
from . import negation
from .roles import Deal

__all__ = ["DIRECTIVES", "Directive", "Sources", "book_verdict", "values_sentence", "values_table"]


def values_table() -> tuple[tuple[str, str], ...]:
    """What each card counts for in a negation: the one place it is worked out. The book
    sets it as a table, the aids and the identification sheet as ``values_sentence()``."""
    return (
        (say("book.values-low"), say("book.values-low-count")),
        (say("book.values-faces"), say("book.values-faces-count")),
        (say("book.values-ace"), _ace()),
    )


def _ace() -> str:
    return say("book.values-ace-count", value=DEFAULT_ACE_VALUE, reading=say("effect.ace-reading"))


def values_sentence() -> str:
    """The values in one line: "2 to 10 as marked; J, Q and K 10; an Ace 11 (...)"."""
    return say("book.values-sentence", ace=_ace())


class Sources(NamedTuple):
    """What directives are made from: the deck, and the tables a loader read for them."""

    deck: Deck
    roles: Mapping[int, Deal] = MappingProxyType({})
    readings: Mapping[str, Reading] = MappingProxyType({})


# -- the directives ----------------------------------------------------------------------


def _negation(sources: Sources, args: tuple[str, ...]) -> Example:
    result = negation.resolve_arguments(sources.deck, args)
    readings = tuple(r[0].upper() + r[1:] + "." for r in result.readings)
    return Example(_told(result), book_verdict(result), readings)


def book_verdict(result: negation.Negation) -> str:
    """A worked example's outcome as a sentence, the sums shown: "8♦ + 7♦ make 15, more
    than the K♠’s 10: Spook! is negated." (the companion says it in one line instead)."""
    play = result.play
    effect = result.effect.name
    if play.pair is not None:
        effect = say("verdict.two-cards", effect=effect)
    if not result.negatable:
        return say("book.verdict-cannot", effect=effect)
    if not play.counters:
        return say("book.verdict-unopposed", effect=effect)
    ours = [*play.own, *play.boosts, *play.assists]
    if len(ours) == 1:
        beat = say("book.beat-one", card=ours[0].symbol, value=result.played_value)
    else:
        beat = say(
            "book.beat-sum", cards=" + ".join(c.symbol for c in ours), value=result.played_value
        )
    thrown = " + ".join(card.symbol for card in play.counters)
    key = "book.sum-one" if len(play.counters) == 1 else "book.sum-many"
    thrown = say(key, cards=thrown, value=result.counter_value)
    if result.negated:
        outcome = "book.verdict-negated"
    elif result.counter_value > result.played_value:
        outcome = "book.verdict-other"  # more, but not negated: the notes below say why
    else:
        outcome = "book.verdict-short"
    return say(outcome, thrown=thrown, beat=beat, effect=effect)


def _told(result: negation.Negation) -> str:
    """A worked example's play as a player would tell it."""
    from ..values.notation import card_name

    play = result.play

    def cards(group) -> str:
        return joined(card_name(card) for card in group)

    def part(key: str, group) -> str:
        return say(key, cards=cards(group)) if group else ""

    counters = part("book.told-counters", play.counters) or say("book.told-unopposed")
    rest = {
        "effect": result.effect.name,
        "boosts": part("book.told-boosts", play.boosts),
        "assists": part("book.told-assists", play.assists),
        "counters": counters,
    }
    if play.pair is not None:  # two cards of any effect, discarded as one Spook! or Warn
        role = say(f"role.{negation.PAIRS[play.pair]}")
        return say("book.told-pair", role=role, cards=cards(play.own), **rest)
    return say("book.told", card=cards([play.played]), **rest)


def _values(_sources: Sources, _args: tuple[str, ...]) -> Table:
    return Table((say("book.values-card"), say("book.values-value")), values_table(), (0.3, 0.7))


def _values_line(_sources: Sources) -> str:
    return say("book.values-line", values=values_sentence())


def _draw_outcomes(_sources: Sources) -> str:
    from .draw import CHECKS

    return "\n".join(f"- {check.summary()}" for check in CHECKS.values())


def _roles_table(sources: Sources, _args: tuple[str, ...]) -> Table:
    rows = tuple((str(players), table.dealt) for players, table in sorted(sources.roles.items()))
    return Table((say("book.roles-players"), say("book.roles-dealt")), rows, (0.2, 0.8))


def _readings(sources: Sources, _args: tuple[str, ...]) -> Readings:
    return Readings(tuple(sources.readings.values()))


#: The faces' symbols the legend explains: (icon, palette colour, the words' id).
_LEGEND = (
    ("target-living", "ink", "living"),
    ("target-dead", "ink", "dead"),
    ("target-living", "frame", "all"),
    ("mark-reaction", "accent", "reaction"),
    ("mark-unstoppable", "accent", "unstoppable"),
)


def _legend(_sources: Sources, _args: tuple[str, ...]) -> Legend:
    return Legend(tuple((icon, colour, say(f"book.legend.{key}")) for icon, colour, key in _LEGEND))


def _cards(sources: Sources, _args: tuple[str, ...]) -> CardList:
    deck = sources.deck
    entries = []
    for effect in sorted(deck.effects, key=lambda e: in_order(e.name)):
        cards = deck.cards_of(effect)
        playing = bool(cards) and cards[0].playing_card is not None
        which = ", ".join(c.playing_card.symbol for c in cards if c.playing_card)
        facts = []
        if effect.targets:
            facts.append(say("book.acts-on", targets=targets_phrase(effect.targets)))
        facts.append(say("book.played", timing=say(f"effect.timing.{effect.timing}")))
        if not effect.negatable:
            facts.append(say("book.cannot-negate"))
        card_type = deck.card_type(effect.type)
        if card_type:
            facts.append(card_type.label)
        entries.append(
            CardEntry(
                name=effect.name,
                which=which or say("book.count", count=len(cards)),
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
        raise PrintkitError.said("data.deck.identification")
    header = ("", *(f"{SUIT_SYMBOLS[suit]} {_capital(say(f'suit.{suit}'))}" for suit in SUITS))
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


def _capital(word: str) -> str:
    """A word with its first letter a capital, as a column's head ("Spades", "Picche")."""
    return word[:1].upper() + word[1:]
