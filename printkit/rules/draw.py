"""Draw! checks: which outcome a flipped card gives, with High Noon and Lucky Duke.

Each check is one row of ``CHECKS``: its outcomes from best to worst for the player
who draws (Lucky Duke keeps the best of two), and a function from the card's
*effective* suit and its rank to an outcome. High Noon's Blessing makes every card a
heart and its Curse every card a spade; ranks never change.
"""

# Evaluated annotations, as in printkit.values.model: the companion defines these classes at every
# start.
from collections.abc import Sequence
from typing import NamedTuple

from ..errors import RulesError
from ..values.model import HIGH_NOON, RANKS, SUITS, PlayingCard, effective_suit
from ..words import say, section

__all__ = [
    "CHECKS",
    "DRAW_HIGH_NOON",
    "HIGH_NOON",
    "Check",
    "DrawResult",
    "describe",
    "effective_suit",
    "judge",
    "lucky_duke_applies",
    "start_of_turn",
    "to_json",
]

#: The High Noon cards that change a draw!'s answer: the two that change suits, Hangover
#: (no character abilities, so no Lucky Duke) and New Identity (he may be gone).
DRAW_HIGH_NOON = ("blessing", "curse", "hangover", "new-identity")


class Rule(NamedTuple):
    """One row of a check's table: a card of these (effective) suits and ranks gives
    this outcome. A check's rows are read in order; the first that matches decides."""

    outcome: str
    suits: tuple[str, ...] = SUITS
    ranks: tuple[str, ...] = RANKS


class Check(NamedTuple):
    """One kind of draw!: what it is for, its outcomes, and how a card decides."""

    id: str
    outcomes: tuple[str, ...]  # best first, for the player who draws
    rules: tuple[Rule, ...]  # the table a card is read against (the last row: any card)
    lucky_duke: str | None = None  # None: Lucky Duke may draw; else the reading why not
    reading: str | None = None  # the id of a reading this check needs with Lucky Duke

    @property
    def name(self) -> str:
        return say(f"check.{self.id}.name")

    @property
    def outcome_names(self) -> dict[str, str]:
        """Each outcome's name, as said after the check's ("Barrel: works")."""
        return {o: say(f"check.{self.id}.outcome.{o}") for o in self.outcomes}

    @property
    def meaning(self) -> dict[str, str]:
        """What each outcome means, in words."""
        return {o: say(f"check.{self.id}.meaning.{o}") for o in self.outcomes}

    @property
    def when(self) -> dict[str, str]:
        """Outcome -> the cards that give it, in reading order ("♠ 2-9")."""
        words = section("check")
        prefix = f"check.{self.id}.when."
        return {
            key.removeprefix(prefix): text for key, text in words.items() if key.startswith(prefix)
        }

    def decide(self, suit: str, rank: str) -> str:
        """The outcome of a card of effective ``suit`` and ``rank``."""
        return next(r.outcome for r in self.rules if suit in r.suits and rank in r.ranks)

    def summary(self) -> str:
        """One line for a player aid, in Markdown: "**Barrel:** ♥ works · ♠♣♦ fails".
        Each outcome is kept whole on its line (no break between cards and outcome)."""
        names = self.outcome_names
        glued = "\u00a0"
        parts = [
            f"{cards.replace(' ', glued)}{glued}{names[outcome].replace(' ', glued)}"
            for outcome, cards in self.when.items()
        ]
        return f"**{self.name}:** " + f"{glued}· ".join(parts)


def _hearts(win: str, lose: str) -> tuple[Rule, ...]:
    return (Rule(win, ("hearts",)), Rule(lose))


CHECKS: dict[str, Check] = {
    check.id: check
    for check in (
        Check(
            "barrel",
            ("dodge", "no-dodge"),
            _hearts("dodge", "no-dodge"),
        ),
        Check(
            "jail",
            ("escape", "skip-turn"),
            _hearts("escape", "skip-turn"),
        ),
        Check(
            "dynamite",
            ("pass", "explode"),
            (Rule("explode", ("spades",), tuple("23456789")), Rule("pass")),
        ),
        Check(
            "bad-moon-rising",
            ("draw-1", "nothing", "discard-1", "discard-2"),
            (
                Rule("discard-2", ("spades",)),
                Rule("discard-1", ("clubs",)),
                Rule("nothing", ("diamonds",)),
                Rule("draw-1"),  # hearts
            ),
            lucky_duke="lucky-duke-bad-moon-rising",
        ),
        Check(
            "unfinished-business",
            ("steal", "bang"),
            (Rule("steal", ("hearts", "diamonds")), Rule("bang")),
            reading="lucky-duke-unfinished-business",
        ),
    )
}


class DrawResult(NamedTuple):
    check: Check
    cards: tuple[PlayingCard, ...]
    chosen: PlayingCard
    effective_suit: str
    outcome: str
    high_noon: str | None
    lucky_duke: bool
    applied: tuple[str, ...] = ()  # ids of the readings the answer rests on


def lucky_duke_applies(check: Check, lucky_duke: bool, high_noon: str | None):
    """Whether Lucky Duke flips two cards, and the readings that decided it."""
    if high_noon is not None and high_noon not in DRAW_HIGH_NOON:
        raise RulesError.said("draw.high-noon", card=high_noon, cards=", ".join(DRAW_HIGH_NOON))
    applied: list[str] = []  # Blessing and Curse set a draw!'s suit by their own text: no reading
    if not lucky_duke:
        return False, applied
    if check.lucky_duke:
        from .readings import reading

        found = reading(check.lucky_duke)
        raise RulesError.said("draw.lucky-duke-cannot", short=found.short, reading=found.reading)
    if high_noon == "hangover":
        return False, [*applied, "hangover"]
    if high_noon == "new-identity":
        applied.append("new-identity")
    if check.reading:
        applied.append(check.reading)
    return True, applied


def judge(
    check_id: str,
    cards: Sequence[PlayingCard],
    *,
    high_noon: str | None = None,
    lucky_duke: bool = False,
) -> DrawResult:
    """The outcome of a draw!; RulesError when the cards given do not fit the check."""
    check = CHECKS.get(check_id)
    if check is None:
        raise RulesError.said("draw.no-check", check=check_id, checks=", ".join(CHECKS))
    two, applied = lucky_duke_applies(check, lucky_duke, high_noon)
    cards = tuple(cards)
    if two and len(cards) != 2:
        raise RulesError.said("draw.lucky-duke-two", count=len(cards))
    if not two and len(cards) != 1:
        key = "draw.hangover-one-card" if lucky_duke else "draw.one-card"
        raise RulesError.said(key, check=check.name, count=len(cards))

    def rank_of(card: PlayingCard) -> int:
        return check.outcomes.index(check.decide(effective_suit(card, high_noon), card.rank))

    chosen = min(cards, key=rank_of)  # the first card wins a tie
    suit = effective_suit(chosen, high_noon)
    outcome = check.decide(suit, chosen.rank)
    return DrawResult(check, cards, chosen, suit, outcome, high_noon, two, tuple(applied))


def to_json(result: DrawResult) -> dict:
    """The object ``printkit draw --json`` prints for one check."""
    from .readings import reading

    return {
        "check": result.check.id,
        "cards": [card.code for card in result.cards],
        "chosen": result.chosen.code,
        "effective_suit": result.effective_suit,
        "outcome": result.outcome,
        "meaning": result.check.meaning[result.outcome],
        "high_noon": result.high_noon,
        "lucky_duke": result.lucky_duke,
        "readings": [reading(i).short for i in result.applied],
        "reading_ids": list(result.applied),
    }


def start_of_turn(
    cards: Sequence[PlayingCard],
    *,
    high_noon: str | None = None,
    lucky_duke: bool = False,
) -> list[DrawResult]:
    """A player holding both Dynamite and Jail: the Dynamite is checked first, then the
    Jail, each with its own card(s), in the order given."""
    two, _ = lucky_duke_applies(CHECKS["dynamite"], lucky_duke, high_noon)
    each = 2 if two else 1
    if len(cards) != 2 * each:
        raise RulesError.said("draw.dynamite-then-jail", need=2 * each, each=each, count=len(cards))
    return [
        judge("dynamite", cards[:each], high_noon=high_noon, lucky_duke=lucky_duke),
        judge("jail", cards[each:], high_noon=high_noon, lucky_duke=lucky_duke),
    ]


def describe(result: DrawResult) -> list[str]:
    """The answer in words: the outcome first, then how it was reached."""
    check = result.check
    chosen = result.chosen
    verb = say("answer.draw-counts-as" if result.high_noon in HIGH_NOON else "answer.draw-is")
    lines = [
        say(
            "answer.draw-line",
            check=check.name,
            outcome=check.outcome_names[result.outcome],
            card=chosen.symbol,
            verb=verb,
            suit=say(f"answer.suit.{result.effective_suit}"),
            meaning=check.meaning[result.outcome],
        )
    ]
    if result.lucky_duke:
        other = [c for c in result.cards if c is not result.chosen] or [result.cards[1]]
        first, second = result.cards[0].symbol, result.cards[1].symbol
        kept = result.chosen.symbol
        lines.append(
            say(
                "answer.draw-lucky-duke",
                first=first,
                second=second,
                kept=kept,
                other=other[0].symbol,
            )
        )
    if result.high_noon in HIGH_NOON:
        lines.append(
            say(
                "answer.draw-high-noon",
                card=say(f"high-noon.{result.high_noon}"),
                suit=say(f"suit.{HIGH_NOON[result.high_noon]}"),
            )
        )
    from .readings import reading

    for reading_id in result.applied:
        lines.append(say("answer.draw-reading", short=reading(reading_id).short))
    return lines
