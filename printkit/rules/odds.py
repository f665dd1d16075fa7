"""Exact odds of every outcome of a draw!, counted over a real deck or from fixed chances.

A draw deck lives in data/draws/: ``<name>.csv`` lists every card of a deck (the BANG!
base deck: 80 cards, each a suit and a value), and the odds are counted card by card;
``<name>.toml`` gives fixed chances per check (the simplified variant has no suits).
Lucky Duke flips two cards without putting the first back and keeps the better one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..datafile import DataFile
from ..errors import CatalogueError, NotationError, NotFoundError, RulesError, did_you_mean
from ..model import PlayingCard
from ..notation import parse_card
from ..paths import data_dir as default_data_dir
from .draw import CHECKS, HIGH_NOON, effective_suit

__all__ = ["DrawDeck", "draw_deck_ids", "load_draw_deck", "odds", "to_json"]


@dataclass(frozen=True)
class DrawDeck:
    """What a draw! flips: a list of cards, or (for a deck without suits) fixed chances."""

    id: str
    cards: tuple[PlayingCard, ...] = ()
    chances: dict[str, dict[str, Fraction]] | None = None

    @property
    def description(self) -> str:
        if self.chances is not None:
            return f"from the {self.id} deck's fixed chances"
        return f"over the {len(self.cards)} cards of the {self.id} deck"


def draw_deck_ids(data_dir: Path | None = None) -> list[str]:
    folder = Path(data_dir or default_data_dir()) / "draws"
    return sorted({p.stem for p in folder.glob("*.csv")} | {p.stem for p in folder.glob("*.toml")})


def load_draw_deck(deck_id: str, data_dir: Path | None = None) -> DrawDeck:
    folder = Path(data_dir or default_data_dir()) / "draws"
    if (folder / f"{deck_id}.csv").is_file():
        return _load_cards(deck_id, DataFile(folder / f"{deck_id}.csv", CatalogueError))
    if (folder / f"{deck_id}.toml").is_file():
        return _load_chances(deck_id, DataFile(folder / f"{deck_id}.toml", CatalogueError))
    known = draw_deck_ids(data_dir)
    close = did_you_mean(deck_id, known, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"decks: {', '.join(known)}"
    raise NotFoundError(f"no draw deck {deck_id!r}; {hint}")


def _load_cards(deck_id: str, file: DataFile) -> DrawDeck:
    cards = []
    for row in file.csv_rows(required=("name", "card")):
        try:
            cards.append(parse_card(row.values["card"]))
        except NotationError as exc:
            raise file.fail(f"line {row.line}", str(exc)) from None
    if not cards:
        raise file.fail("", "lists no card; add one line per card of the deck")
    return DrawDeck(deck_id, cards=tuple(cards))


def _load_chances(deck_id: str, file: DataFile) -> DrawDeck:
    table = file.toml()
    chances: dict[str, dict[str, Fraction]] = {}
    for check_id, outcomes in table.items():
        where = f"[{check_id}]"
        if check_id not in CHECKS:
            close = did_you_mean(check_id, CHECKS, n=1)
            raise file.fail(
                where, f"no check {check_id!r}" + (f"; did you mean {close[0]!r}?" if close else "")
            )
        file.expect(outcomes, dict, where, check_id)
        check = CHECKS[check_id]
        file.check_keys(outcomes, where, check.outcomes)
        parsed = {}
        for outcome in check.outcomes:
            text = file.expect(outcomes[outcome], str, where, outcome)
            try:
                parsed[outcome] = Fraction(text)
            except (ValueError, ZeroDivisionError):
                raise file.fail(
                    where, f'{outcome!r} must be a fraction like "1/4", not {text!r}'
                ) from None
            if not 0 <= parsed[outcome] <= 1:
                raise file.fail(where, f"{outcome!r} must lie between 0 and 1, not {text}")
        if sum(parsed.values()) != 1:
            raise file.fail(where, "the chances of the outcomes must add up to 1")
        chances[check_id] = parsed
    return DrawDeck(deck_id, chances=chances)


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
        raise RulesError(f"no check {check_id!r}; checks are {', '.join(CHECKS)}")
    if lucky_duke and check.lucky_duke:
        raise RulesError(check.lucky_duke)
    if deck.chances is not None:
        return _fixed(check_id, deck, high_noon, lucky_duke)
    if high_noon is not None and high_noon not in HIGH_NOON:
        raise RulesError(
            f"High Noon card {high_noon!r} does not change suits; use blessing or curse"
        )
    per_outcome = Counter(
        check.decide(effective_suit(card, high_noon), card.rank) for card in deck.cards
    )
    counts = [per_outcome[outcome] for outcome in check.outcomes]
    total = len(deck.cards)
    if not lucky_duke:
        return {o: Fraction(n, total) for o, n in zip(check.outcomes, counts, strict=True)}
    if total < 2:
        raise RulesError("Lucky Duke needs a deck of at least two cards")
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
        raise RulesError(
            f"the {deck.id} deck has fixed chances and no suits or characters, so High Noon "
            "and Lucky Duke do not apply; use --deck bang"
        )
    if check_id not in deck.chances:
        raise RulesError(
            f"the {deck.id} deck has no {CHECKS[check_id].name} check; "
            f"it has {', '.join(deck.chances)}"
        )
    return dict(deck.chances[check_id])


def to_json(check_id: str, deck: DrawDeck, result: dict[str, Fraction], **options: object) -> dict:
    return {
        "check": check_id,
        "deck": deck.id,
        "cards": len(deck.cards) if deck.chances is None else None,
        **options,
        "outcomes": {
            outcome: {
                "probability": float(chance),
                "fraction": f"{chance.numerator}/{chance.denominator}",
                "meaning": CHECKS[check_id].meaning[outcome],
            }
            for outcome, chance in result.items()
        },
    }
