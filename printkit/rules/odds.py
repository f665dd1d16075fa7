"""Exact odds of every outcome of a draw!, counted over a real deck or from fixed chances.

A draw deck lives in data/draws/: ``<name>.csv`` lists every card of a deck (the BANG!
base deck: 80 cards, each a suit and a value), and the odds are counted card by card;
``<name>.toml`` gives fixed chances per check (the simplified variant has no suits).
Lucky Duke flips two cards without putting the first back and keeps the better one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import NamedTuple

from ..errors import RulesError, did_you_mean
from ..values.model import PlayingCard
from ..values.notation import parse_card
from ..words import say, section
from .draw import CHECKS, effective_suit, lucky_duke_applies

__all__ = [
    "DrawDeck",
    "answer",
    "applied_readings",
    "odds",
    "remaining",
    "to_json",
]


class DrawDeck(NamedTuple):
    """What a draw! flips: a list of cards, or (for a deck without suits) fixed chances.

    ``names`` are the cards' names (BANG!, Barrel ...), one per card; ``meanings`` replace
    a check's wording where the deck's game differs (the simplified Dynamite is rolled for
    and passes to the previous player); ``removed`` counts the cards already seen."""

    id: str
    cards: tuple[PlayingCard, ...] = ()
    chances: dict[str, dict[str, Fraction]] | None = None
    names: tuple[str, ...] = ()
    meanings: Mapping[str, Mapping[str, str]] = MappingProxyType({})
    removed: int = 0
    #: A translated deck's English names, without case, to its own: a card is read by
    #: either ("barrel" is Barel in Czech), as every lookup reads English names.
    english: Mapping[str, str] = MappingProxyType({})

    @property
    def name(self) -> str:
        """The deck as players call it ("BANG!"); a deck of a data folder's own, its id."""
        return section("odds").get(f"odds.deck-name.{self.id}", self.id)

    @property
    def description(self) -> str:
        """Which cards the odds are counted over, in words."""
        if self.chances is not None:
            return say("odds.over-fixed", deck=self.name)
        if self.removed:
            whole = len(self.cards) + self.removed
            return say(
                "odds.over-left",
                left=len(self.cards),
                deck=self.name,
                whole=whole,
                out=self.removed,
            )
        return say("odds.over", cards=len(self.cards), deck=self.name)

    def meaning(self, check_id: str, outcome: str) -> str:
        return self.meanings.get(check_id, {}).get(outcome) or CHECKS[check_id].meaning[outcome]


def remaining(
    deck: DrawDeck,
    check_id: str,
    seen: tuple[str, ...] = (),
    in_play: tuple[str, ...] = (),
    high_noon: str | None = None,
) -> DrawDeck:
    """The deck less the cards already seen (by playing card, "3H") and the cards in play
    (by name, "barrel", or name and card, "jail:4H"): what a draw! can still flip. Copies
    of a card in play that the check reads alike (every Jail under the Blessing) need no
    card named."""
    if not seen and not in_play:
        return deck
    if deck.chances is not None:
        raise RulesError.said("odds.fixed-not-cards", deck=deck.id)
    check = CHECKS[check_id]
    left = list(zip(deck.cards, deck.names, strict=True))

    def take(index: int | None, what: str) -> None:
        if index is None:
            raise RulesError.said("odds.none-left", card=what, deck=deck.id)
        del left[index]

    for text in seen:
        card = parse_card(text)
        take(next((i for i, (c, _) in enumerate(left) if c == card), None), card.symbol)
    names = {name.casefold() for _, name in left} | {n.casefold() for n in deck.names}
    for text in in_play:
        name, _, card_text = text.partition(":")
        key = name.strip().casefold()
        key = deck.english.get(key, key).casefold()
        if key not in names:
            close = did_you_mean(name, sorted(set(deck.names)), n=1)
            if close:
                raise RulesError.said(
                    "odds.no-name-close", deck=deck.id, name=name.strip(), close=close[0]
                )
            raise RulesError.said("odds.no-name", deck=deck.id, name=name.strip())
        copies = [i for i, (_, n) in enumerate(left) if n.casefold() == key]
        if card_text:
            card = parse_card(card_text)
            copies = [i for i in copies if left[i][0] == card]
        elif len({_outcome(check, left[i][0], high_noon) for i in copies}) > 1:
            options = ", ".join(f"{name.strip()}:{left[i][0].code}" for i in copies)
            raise RulesError.said("odds.copies-differ", name=name.strip(), cards=options)
        take(copies[0] if copies else None, text)
    return deck._replace(
        cards=tuple(c for c, _ in left),
        names=tuple(n for _, n in left),
        removed=deck.removed + len(deck.cards) - len(left),
    )


def _outcome(check, card: PlayingCard, high_noon: str | None) -> str:
    return check.decide(effective_suit(card, high_noon), card.rank)


def odds(
    check_id: str,
    deck: DrawDeck,
    *,
    high_noon: str | None = None,
    lucky_duke: bool = False,
) -> dict[str, Fraction]:
    """The exact chance of each outcome of a check, best outcome first; they sum to 1."""
    check = CHECKS.get(check_id)
    if check is None:
        raise RulesError.said("draw.no-check", check=check_id, checks=", ".join(CHECKS))
    if deck.chances is not None:
        return _fixed(check_id, deck, high_noon, lucky_duke)
    lucky_duke, _applied = lucky_duke_applies(check, lucky_duke, high_noon)
    per_outcome = Counter(
        check.decide(effective_suit(card, high_noon), card.rank) for card in deck.cards
    )
    counts = [per_outcome[outcome] for outcome in check.outcomes]
    total = len(deck.cards)
    if not lucky_duke:
        return {o: Fraction(n, total) for o, n in zip(check.outcomes, counts, strict=True)}
    if total < 2:
        raise RulesError.said("odds.lucky-duke-two-cards")
    # Two cards without replacement; the better outcome (lower index) is kept.
    pairs = total * (total - 1)
    result = {}
    for i, outcome in enumerate(check.outcomes):
        worse_or_same = sum(counts[i:])
        strictly_worse = sum(counts[i + 1 :])
        # Ordered pairs whose best card is this outcome.
        best_here = worse_or_same * (worse_or_same - 1) - strictly_worse * (strictly_worse - 1)
        result[outcome] = Fraction(best_here, pairs)
    return result


def _fixed(
    check_id: str, deck: DrawDeck, high_noon: str | None, lucky_duke: bool
) -> dict[str, Fraction]:
    assert deck.chances is not None
    if high_noon or lucky_duke:
        raise RulesError.said("odds.fixed-no-suits", deck=deck.id)
    if check_id not in deck.chances:
        raise RulesError.said(
            "odds.no-such-check",
            deck=deck.id,
            check=CHECKS[check_id].name,
            checks=", ".join(deck.chances),
        )
    return dict(deck.chances[check_id])


def applied_readings(check_id: str, high_noon: str | None, lucky_duke: bool) -> list[str]:
    """The ids of the readings an odds answer rests on."""
    return lucky_duke_applies(CHECKS[check_id], lucky_duke, high_noon)[1]


def answer(
    check_id: str, deck: DrawDeck, *, high_noon: str | None = None, lucky_duke: bool = False
) -> dict:
    """The whole answer, as ``printkit odds --json`` prints it: the chances, the readings
    applied, and whether Lucky Duke's two cards were counted."""
    result = odds(check_id, deck, high_noon=high_noon, lucky_duke=lucky_duke)
    applied = applied_readings(check_id, high_noon, lucky_duke) if deck.chances is None else []
    counted = lucky_duke and "hangover" not in applied
    return to_json(check_id, deck, result, applied, high_noon=high_noon, lucky_duke=counted)


def to_json(
    check_id: str,
    deck: DrawDeck,
    result: dict[str, Fraction],
    applied: Sequence[str] = (),
    **options: object,
) -> dict:
    """The object ``printkit odds --json`` prints."""
    from .readings import reading

    return {
        "check": check_id,
        "deck": deck.id,
        "cards": len(deck.cards) if deck.chances is None else None,
        **options,
        "outcomes": {
            outcome: {
                "probability": float(chance),
                "fraction": f"{chance.numerator}/{chance.denominator}",
                "meaning": deck.meaning(check_id, outcome),
            }
            for outcome, chance in result.items()
        },
        "readings": [reading(i).short for i in applied],
        "reading_ids": list(applied),
    }
