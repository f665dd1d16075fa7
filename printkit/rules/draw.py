"""Draw! checks: which outcome a flipped card gives, with High Noon and Lucky Duke.

Each check is one row of ``CHECKS``: its outcomes from best to worst for the player
who draws (Lucky Duke keeps the best of two), and a function from the card's
*effective* suit and its rank to an outcome. High Noon's Blessing makes every card a
heart and its Curse every card a spade; ranks never change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import RulesError
from ..model import PlayingCard

__all__ = ["CHECKS", "HIGH_NOON", "Check", "DrawResult", "describe", "effective_suit", "judge"]

#: High Noon cards that change every card's suit for the round.
HIGH_NOON = {"blessing": "hearts", "curse": "spades"}

_DYNAMITE_RANKS = frozenset("23456789")
_RED = frozenset({"hearts", "diamonds"})


@dataclass(frozen=True)
class Check:
    """One kind of draw!: what it is for, its outcomes, and how a card decides."""

    id: str
    name: str
    drawer: str
    outcomes: tuple[str, ...]  # best first, for the player who draws
    meaning: dict[str, str]
    decide: Callable[[str, str], str]  # (effective suit, rank) -> outcome
    when: dict[str, str]  # outcome -> the cards that give it, in reading order
    lucky_duke: str | None = None  # None: Lucky Duke may draw; otherwise why he may not
    reading: str | None = None  # a reading of the rules that this check needs

    def summary(self) -> str:
        """One line for a player aid: "Barrel: ♥ dodge · ♠♣♦ no dodge"."""
        parts = [f"{cards} {outcome.replace('-', ' ')}" for outcome, cards in self.when.items()]
        return f"{self.name}: " + " · ".join(parts)


def _hearts(win: str, lose: str) -> Callable[[str, str], str]:
    return lambda suit, _rank: win if suit == "hearts" else lose


def _dynamite(suit: str, rank: str) -> str:
    return "explode" if suit == "spades" and rank in _DYNAMITE_RANKS else "pass"


_SINGULAR = {"spades": "spade", "clubs": "club", "hearts": "heart", "diamonds": "diamond"}
_BAD_MOON = {"spades": "discard-2", "clubs": "discard-1", "diamonds": "nothing", "hearts": "draw-1"}

CHECKS: dict[str, Check] = {
    check.id: check
    for check in (
        Check(
            "barrel",
            "Barrel",
            "the player who is shot at",
            ("dodge", "no-dodge"),
            {
                "dodge": "the Barrel works and the BANG! misses",
                "no-dodge": "the Barrel fails; stop the BANG! another way or lose 1 life",
            },
            _hearts("dodge", "no-dodge"),
            {"dodge": "♥", "no-dodge": "♠♣♦"},
        ),
        Check(
            "jail",
            "Jail",
            "the jailed player, at the start of the turn",
            ("escape", "skip-turn"),
            {
                "escape": "discard the Jail and play the turn as usual",
                "skip-turn": "discard the Jail and skip this turn",
            },
            _hearts("escape", "skip-turn"),
            {"escape": "♥", "skip-turn": "♠♣♦"},
        ),
        Check(
            "dynamite",
            "Dynamite",
            "the player with the Dynamite, at the start of the turn",
            ("pass", "explode"),
            {
                "explode": "spades 2 to 9 explode the Dynamite: lose 3 life points",
                "pass": "only spades 2 to 9 explode; pass the Dynamite to the player on your left",
            },
            _dynamite,
            {"explode": "♠ 2-9", "pass": "other cards"},
        ),
        Check(
            "bad-moon-rising",
            "Bad Moon Rising",
            "the ghost who plays it",
            ("draw-1", "nothing", "discard-1", "discard-2"),
            {
                "discard-2": "every living player gives up 2 cards (hand or play) or loses 1 life",
                "discard-1": "every living player gives up 1 card (hand or play) or loses 1 life",
                "nothing": "nothing happens",
                "draw-1": "every living player draws 1 card",
            },
            lambda suit, _rank: _BAD_MOON[suit],
            {"discard-2": "♠", "discard-1": "♣", "nothing": "♦", "draw-1": "♥"},
            lucky_duke="Bad Moon Rising is drawn by the ghost who plays it, and a ghost has no "
            "character ability, so Lucky Duke's ability cannot apply",
        ),
        Check(
            "unfinished-business",
            "Unfinished Business",
            "the living player the ghost last attacked",
            ("steal", "bang"),
            {
                "steal": "the ghost takes a card from that player's hand into their buried goods",
                "bang": "that player is the target of a BANG!",
            },
            lambda suit, _rank: "steal" if suit in _RED else "bang",
            {"steal": "♥♦", "bang": "♠♣"},
            reading="for a Lucky Duke, printkit reads losing one card as better than facing "
            "a BANG!",
        ),
    )
}


@dataclass(frozen=True)
class DrawResult:
    check: Check
    cards: tuple[PlayingCard, ...]
    chosen: PlayingCard
    effective_suit: str
    outcome: str
    high_noon: str | None
    lucky_duke: bool


def effective_suit(card: PlayingCard, high_noon: str | None) -> str:
    """The suit a card counts as: High Noon's Blessing and Curse override it."""
    return HIGH_NOON[high_noon] if high_noon else card.suit


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
        raise RulesError(f"no check {check_id!r}; checks are {', '.join(CHECKS)}")
    if high_noon is not None and high_noon not in HIGH_NOON:
        raise RulesError(
            f"High Noon card {high_noon!r} does not change suits; use blessing or curse"
        )
    cards = tuple(cards)
    if lucky_duke:
        if check.lucky_duke:
            raise RulesError(check.lucky_duke)
        if len(cards) != 2:
            raise RulesError(f"Lucky Duke flips two cards: give two, not {len(cards)}")
    elif len(cards) != 1:
        raise RulesError(
            f"a {check.name} draw! flips one card, not {len(cards)} (two only with --lucky-duke)"
        )

    def rank_of(card: PlayingCard) -> int:
        return check.outcomes.index(check.decide(effective_suit(card, high_noon), card.rank))

    chosen = min(cards, key=rank_of)  # the first card wins a tie
    suit = effective_suit(chosen, high_noon)
    outcome = check.decide(suit, chosen.rank)
    return DrawResult(check, cards, chosen, suit, outcome, high_noon, lucky_duke)


def describe(result: DrawResult) -> list[str]:
    """The answer in words: the outcome first, then how it was reached."""
    check = result.check
    chosen = result.chosen
    verb = "counts as" if result.high_noon else "is"
    suit = _SINGULAR[result.effective_suit]
    lines = [
        f"{check.name}: {result.outcome}. {chosen.symbol} {verb} a {suit}: "
        f"{check.meaning[result.outcome]}."
    ]
    if result.lucky_duke:
        other = [c for c in result.cards if c is not result.chosen] or [result.cards[1]]
        lines.append(
            f"Lucky Duke flipped {result.cards[0].symbol} and {result.cards[1].symbol} and "
            f"keeps {result.chosen.symbol}, the better for him; {other[0].symbol} is discarded."
        )
        if check.reading:
            lines.append(f"Reading: {check.reading}.")
    if result.high_noon:
        lines.append(
            f"High Noon's {result.high_noon.title()}: every card counts as "
            f"{HIGH_NOON[result.high_noon]}; values do not change."
        )
    return lines
