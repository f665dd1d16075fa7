"""Playing-card notation: every way a player types a card, read into a PlayingCard and back.

"7D", "7d", "7♦", "10H", "TH", "QD", "queen of diamonds", "Q of D", "10 hearts",
"seven of diamonds", and suit first, "♦7", "D7" or "diamonds 7", all read;
``NOTATIONS`` writes each card in each of those styles, and the tests prove every card
round-trips through every style.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..errors import NotationError
from .model import RANKS, SUIT_LETTERS, SUIT_SYMBOLS, SUITS, PlayingCard

__all__ = ["NOTATIONS", "card_name", "format_card", "looks_like_card", "parse_card"]

_RANK_WORDS = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}  # fmt: skip

_RANK_TOKENS: dict[str, str] = {}
for _rank in RANKS:
    _RANK_TOKENS[_rank.casefold()] = _rank
    _RANK_TOKENS[_RANK_WORDS[_rank]] = _rank
_RANK_TOKENS["t"] = "10"

_SUIT_TOKENS: dict[str, str] = {}
for _suit in SUITS:
    _SUIT_TOKENS[_suit] = _suit
    _SUIT_TOKENS[_suit[:-1]] = _suit
    _SUIT_TOKENS[SUIT_LETTERS[_suit].casefold()] = _suit
    _SUIT_TOKENS[SUIT_SYMBOLS[_suit]] = _suit
for _white, _suit in zip("♤♧♡♢", SUITS, strict=True):
    _SUIT_TOKENS[_white] = _suit


def _alternation(tokens: dict[str, str]) -> str:
    # Longest first, so "10" is tried before "1" could be, and "spades" before "s".
    return "|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True))


_CARD = re.compile(
    rf"(?P<rank>{_alternation(_RANK_TOKENS)})\s*(?:of\s+)?(?P<suit>{_alternation(_SUIT_TOKENS)})"
)
#: The suit first: "♥10", "HQ", "hearts 10" (no token is both a rank and a suit, so a
#: text reads one way at most).
_SUIT_FIRST = re.compile(
    rf"(?P<suit>{_alternation(_SUIT_TOKENS)})\s*(?P<rank>{_alternation(_RANK_TOKENS)})"
)
# What is wrong with a near miss ("1S", "7X"): kept as text, so that re compiles (and
# caches) them only when a card fails to read, not at every start (0.7 ms of it).
_RANKISH = r"^\s*(\d+|[a-z]+)"
_SUITISH = rf"({_alternation(_SUIT_TOKENS)})\s*$"
_CARDISH = rf"(\d+|[a-z]{{1,5}})\s*(?:of\s+)?({_alternation(_SUIT_TOKENS)})"


def _normalise(text: str) -> str:
    text = text.replace("\ufe0f", "").replace("\ufe0e", "")
    text = " ".join(text.casefold().split())
    return text.removeprefix("the ")


def parse_card(text: str) -> PlayingCard:
    """Read one playing card in any notation; NotationError says what is wrong."""
    if not isinstance(text, str):
        raise NotationError.said("card.not-text", text=repr(text))
    normal = _normalise(text)
    match = _CARD.fullmatch(normal) or _SUIT_FIRST.fullmatch(normal)
    if match:
        return PlayingCard(_RANK_TOKENS[match["rank"]], _SUIT_TOKENS[match["suit"]])
    key = _trouble(normal)
    raise NotationError.said(key, card=text.strip() or text)


def looks_like_card(text: str) -> bool:
    """True when a string reads as an attempt at a playing card, right or wrong ("1S").

    Used to decide whether an unmatched query deserves notation help rather than
    name suggestions.
    """
    normal = _normalise(text)
    return bool(
        _CARD.fullmatch(normal) or _SUIT_FIRST.fullmatch(normal) or re.fullmatch(_CARDISH, normal)
    )


def _trouble(normal: str) -> str:
    """What is wrong with a text that is not a card, as the id of its message."""
    if not normal:
        return "card.empty"
    suit_match = re.search(_SUITISH, normal)
    if suit_match:
        rank_part = normal[: suit_match.start()].strip().removesuffix(" of").strip()
        if rank_part not in _RANK_TOKENS:
            return "card.one-is-ace" if rank_part in ("1", "one") else "card.bad-rank"
    rank_match = re.match(_RANKISH, normal)
    if rank_match and rank_match.group(1) in _RANK_TOKENS:
        return "card.bad-suit"
    return "card.unreadable"


def card_name(card: PlayingCard) -> str:
    """A card as it is said aloud: "7 of diamonds", "queen of diamonds", "ace of spades"."""
    rank = card.rank if card.rank.isdigit() else _RANK_WORDS[card.rank]
    return f"{rank} of {card.suit}"


def _words(card: PlayingCard) -> str:
    return f"{card.rank} of {card.suit}"


def _long(card: PlayingCard) -> str:
    return f"{_RANK_WORDS[card.rank]} of {card.suit}"


def _short(card: PlayingCard) -> str:
    return f"{card.rank} of {SUIT_LETTERS[card.suit]}"


def _bare(card: PlayingCard) -> str:
    return f"{card.rank} {card.suit}"


def _ten_as_t(card: PlayingCard) -> str:
    return card.code.replace("10", "T")


#: Every style printkit writes, by name; ``parse_card`` reads them all back.
NOTATIONS: dict[str, Callable[[PlayingCard], str]] = {
    "code": lambda card: card.code,
    "lower": lambda card: card.code.lower(),
    "symbol": lambda card: card.symbol,
    "ten-as-t": _ten_as_t,
    "words": _words,
    "long": _long,
    "short": _short,
    "bare": _bare,
    "name": card_name,
    "suit-first": lambda card: SUIT_SYMBOLS[card.suit] + card.rank,
    "suit-first-code": lambda card: SUIT_LETTERS[card.suit] + card.rank,
    "suit-first-words": lambda card: f"{card.suit} {card.rank}",
}


def format_card(card: PlayingCard, style: str = "code") -> str:
    """Write ``card`` in one of the ``NOTATIONS`` styles."""
    return NOTATIONS[style](card)
