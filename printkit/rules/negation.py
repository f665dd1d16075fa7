"""Negation: does a ghost's card take effect, once the other ghosts have thrown cards at it?

The Death Mesa rule, as printkit applies it:

* played value  = the played card + every boost (cards the playing ghost discards from
  hand, any colour) + every assist (a dead Renegade's help, the played card's colour);
* counter value = the sum of the counters (one card from each other ghost, each of the
  opposite colour to the played card);
* the card is negated only when the counter value is *greater* than the played value;
  a tie leaves it standing. Syphon is never negated. Every card involved is discarded.
* With one team of ghosts (``single_team``) a card may only be played if it is an Ace
  or comes with a boost; the optional royal variant lets J, Q, K or A stand alone.

Pure functions: nothing here prints, and the rulebook's worked examples call them too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import RulesError
from ..model import ACE_VALUES, DEFAULT_ACE_VALUE, Deck, Effect, PlayingCard
from ..notation import parse_card

__all__ = ["Negation", "Play", "describe", "resolve", "resolve_arguments", "to_json"]


@dataclass(frozen=True)
class Play:
    """The cards on the table: the one played and those thrown with or against it."""

    played: PlayingCard
    boosts: tuple[PlayingCard, ...] = ()
    assists: tuple[PlayingCard, ...] = ()
    counters: tuple[PlayingCard, ...] = ()

    @classmethod
    def of(
        cls,
        played: PlayingCard,
        boosts: Sequence[PlayingCard] = (),
        assists: Sequence[PlayingCard] = (),
        counters: Sequence[PlayingCard] = (),
    ) -> Play:
        return cls(played, tuple(boosts), tuple(assists), tuple(counters))

    @property
    def cards(self) -> tuple[PlayingCard, ...]:
        return (self.played, *self.boosts, *self.assists, *self.counters)


@dataclass(frozen=True)
class Negation:
    """The outcome of a play: the sums, the verdict, and the readings of the rules used."""

    play: Play
    effect: Effect
    ace_value: int
    played_value: int
    counter_value: int
    negated: bool
    readings: tuple[str, ...] = field(default=())

    @property
    def negatable(self) -> bool:
        return self.effect.negatable

    @property
    def discarded(self) -> tuple[PlayingCard, ...]:
        return self.play.cards


def resolve(
    deck: Deck,
    play: Play,
    *,
    single_team: bool = False,
    royal: bool = False,
    ace_value: int = DEFAULT_ACE_VALUE,
) -> Negation:
    """Judge a play; RulesError (exit 2 at the command line) if the rules forbid it."""
    if ace_value not in ACE_VALUES:
        raise RulesError(f"an Ace counts 11 or 1, not {ace_value}")
    _check_legal(play, single_team or royal, royal)
    effect = deck.card(play.played).effect
    played_value = sum(card.value(ace_value) for card in (play.played, *play.boosts, *play.assists))
    counter_value = sum(card.value(ace_value) for card in play.counters)
    negated = effect.negatable and counter_value > played_value
    readings = _readings(play, effect, played_value, counter_value, royal, ace_value)
    return Negation(play, effect, ace_value, played_value, counter_value, negated, readings)


def _check_legal(play: Play, single_team: bool, royal: bool) -> None:
    seen: set[PlayingCard] = set()
    for card in play.cards:
        if card in seen:
            raise RulesError(
                f"{card.symbol} is used twice; the Dead Men's Deck has one of each card"
            )
        seen.add(card)
    played = play.played
    for card in play.assists:
        if card.color != played.color:
            raise RulesError(
                f"the dead Renegade's help must be the played card's colour: "
                f"{card.symbol} is {card.color}, {played.symbol} is {played.color}"
            )
    for card in play.counters:
        if card.color == played.color:
            raise RulesError(
                f"a counter must be the opposite colour of the played card: "
                f"{card.symbol} is {card.color} like {played.symbol}"
            )
    if single_team:
        if play.assists:
            raise RulesError(
                "a dead Renegade helping another ghost makes two teams of ghosts, "
                "so the one-team restriction cannot apply: drop --single-team or --assist"
            )
        allowed = played.is_royal if royal else played.rank == "A"
        if not allowed and not play.boosts:
            needed = "royal (J, Q, K or A)" if royal else "an Ace"
            raise RulesError(
                f"with one team of ghosts the played card must be {needed} or come with a "
                f"boost (--boost CARD); {played.symbol} has neither"
            )


def _readings(
    play: Play, effect: Effect, played: int, countered: int, royal: bool, ace_value: int
) -> tuple[str, ...]:
    readings = []
    if not effect.negatable:
        if play.counters:
            readings.append(
                f"{effect.name} cannot be negated: the counters are discarded for nothing"
            )
        else:
            readings.append(f"{effect.name} cannot be negated")
    elif play.counters and countered == played:
        readings.append("a tie does not negate: the counter value must be greater")
    if any(card.rank == "A" for card in play.cards):
        other = ACE_VALUES[1] if ace_value == ACE_VALUES[0] else ACE_VALUES[0]
        readings.append(
            f"an Ace counts {ace_value}: a reading, as the rules give no value "
            f"(some tables play it as {other})"
        )
    if royal:
        readings.append("royal variant: a J, Q, K or A may be played without a boost")
    return tuple(readings)


def describe(result: Negation) -> str:
    """One line, the arithmetic shown: "Spook! K♠ 10 against 8♦ + 7♦ = 15: negated"."""
    play = result.play
    ours = [play.played, *play.boosts, *play.assists]
    played_side = _sum_text(ours, result.played_value, result.ace_value)
    if play.counters:
        counter_side = "against " + _sum_text(play.counters, result.counter_value, result.ace_value)
    else:
        counter_side = "unopposed"
    if result.negated:
        verdict = "negated"
    elif not result.negatable:
        verdict = "cannot be negated"
    else:
        verdict = "not negated"
    return f"{result.effect.name} {played_side} {counter_side}: {verdict}"


def _sum_text(cards: Sequence[PlayingCard], total: int, ace_value: int) -> str:
    if len(cards) == 1:
        return f"{cards[0].symbol} {cards[0].value(ace_value)}"
    return " + ".join(card.symbol for card in cards) + f" = {total}"


def to_json(result: Negation) -> dict[str, object]:
    """The object ``printkit negate --json`` prints."""
    play = result.play
    return {
        "played": play.played.code,
        "effect": result.effect.name,
        "effect_id": result.effect.id,
        "negatable": result.negatable,
        "boosts": [card.code for card in play.boosts],
        "assists": [card.code for card in play.assists],
        "counters": [card.code for card in play.counters],
        "played_value": result.played_value,
        "counter_value": result.counter_value,
        "negated": result.negated,
        "discarded": [card.code for card in result.discarded],
        "ace_value": result.ace_value,
        "verdict": describe(result),
        "readings": list(result.readings),
    }


_CARD_OPTIONS = {"--boost": "boosts", "--assist": "assists", "--counter": "counters"}
_FLAGS = {"--single-team": "single_team", "--royal": "royal"}


def resolve_arguments(deck: Deck, args: Sequence[str]) -> Negation:
    """Resolve a play written as ``printkit negate``'s arguments ("KS --counter 8D ...").

    The rulebook's worked examples are written this way, so they are judged by exactly
    the code the command line uses.
    """
    if not args:
        raise RulesError("an example needs the played card first, like KS --counter 8D")
    played = parse_card(args[0])
    lists: dict[str, list[PlayingCard]] = {name: [] for name in _CARD_OPTIONS.values()}
    options: dict[str, object] = {}
    rest = list(args[1:])
    while rest:
        option = rest.pop(0)
        if option in _CARD_OPTIONS and rest:
            lists[_CARD_OPTIONS[option]].append(parse_card(rest.pop(0)))
        elif option in _FLAGS:
            options[_FLAGS[option]] = True
        elif option == "--ace-value" and rest:
            options["ace_value"] = int(rest.pop(0))
        else:
            raise RulesError(f"{option!r} is not an option of printkit negate")
    play = Play.of(played, lists["boosts"], lists["assists"], lists["counters"])
    return resolve(deck, play, **options)  # type: ignore[arg-type]
