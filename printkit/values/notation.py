"""Playing-card notation: every way a player types a card, read into a PlayingCard and back.

"7D", "7d", "7♦", "10H", "TH", "QD", "queen of diamonds", "Q of D", "10 hearts",
"seven of diamonds", and suit first, "♦7", "D7" or "diamonds 7", all read. The codes
and symbols are the same in every language; the words come from the language's
``notation.toml`` in printkit/words ("regina di quadri", "pikový král", "король пик"),
and English words always read too. Reading ignores case and accents.

``NOTATIONS`` writes each card in each English style and ``spoken_styles`` in each
style of a language; the tests prove every card round-trips through all of them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property

from ..errors import NotationError
from ..words import SOURCE, language, notation
from .model import RANKS, SUIT_LETTERS, SUIT_SYMBOLS, SUITS, PlayingCard

__all__ = [
    "NOTATIONS",
    "card_name",
    "fold",
    "format_card",
    "grammar",
    "in_order",
    "looks_like_card",
    "parse_card",
    "spoken_styles",
]


def fold(text: str) -> str:
    """A text as reading compares it: lower case, accents off, runs of spaces one."""
    text = text.replace("\ufe0f", "").replace("\ufe0e", "").replace("’", "'")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.lower().split())


#: The codes: the same in every language, never taken by a word of one.
_CODES: dict[str, tuple[str, str]] = {}
for _rank in RANKS:
    _CODES[_rank.lower()] = ("rank", _rank)
_CODES["t"] = ("rank", "10")
for _suit in SUITS:
    _CODES[SUIT_LETTERS[_suit].lower()] = ("suit", _suit)
    _CODES[SUIT_SYMBOLS[_suit]] = ("suit", _suit)
for _white, _suit in zip("♤♧♡♢", SUITS, strict=True):
    _CODES[_white] = ("suit", _suit)


@dataclass(eq=False)
class Grammar:
    """What reads as a rank and as a suit in one language (with English and the codes),
    folded; and the words that may stand between them or before a card. Its patterns
    are compiled when first used: a card that reads needs two of them, a near miss the
    rest (each costs a millisecond or two, at every start of the companion)."""

    ranks: dict[str, str]
    suits: dict[str, str]
    between: tuple[str, ...]
    articles: tuple[str, ...]

    def to_json(self) -> dict:
        return {
            "ranks": self.ranks,
            "suits": self.suits,
            "between": list(self.between),
            "articles": list(self.articles),
        }

    @cached_property
    def _between(self) -> str:
        return rf"(?:(?:{_alternation(self.between)})\s*)?" if self.between else ""

    @cached_property
    def card(self) -> re.Pattern[str]:
        """Rank first: "7D", "queen of diamonds", "regina di quadri"."""
        ranks, suits = _alternation(self.ranks), _alternation(self.suits)
        return re.compile(rf"(?P<rank>{ranks})\s*{self._between}(?P<suit>{suits})")

    @cached_property
    def suit_first(self) -> re.Pattern[str]:
        """Suit first: "♥10", "HQ", "hearts 10", "pikový král" (no token is both a rank
        and a suit, so a text reads one way at most)."""
        ranks, suits = _alternation(self.ranks), _alternation(self.suits)
        return re.compile(rf"(?P<suit>{suits})\s*{self._between}(?P<rank>{ranks})")

    @cached_property
    def suitish(self) -> re.Pattern[str]:
        return re.compile(rf"({_alternation(self.suits)})\s*$")

    @cached_property
    def cardish(self) -> re.Pattern[str]:
        """What looks like a try at a card: a number or a short word, then a suit."""
        return re.compile(rf"(\d+|\w{{1,5}})\s*{self._between}({_alternation(self.suits)})")

    @cached_property
    def trailing(self) -> re.Pattern[str]:
        """A little word between rank and suit, at the end of a text."""
        return re.compile(rf"\s*(?:{_alternation(self.between) or '(?!)'})\s*$")


def grammar(code: str | None = None) -> Grammar:
    """The notation of a language (the one spoken now by default), English included."""
    return _grammar(code or language())


@cache
def _grammar(code: str) -> Grammar:
    kinds = dict(_CODES)
    between: list[str] = []
    articles: list[str] = []
    for source in dict.fromkeys((SOURCE, code)):
        table = notation(source)
        for kind, group, names in (("rank", "ranks", RANKS), ("suit", "suits", SUITS)):
            for name in names:
                for form in table.get(group, {}).get(name, {}).get("read", ()):
                    word = fold(form)
                    if word and word not in _CODES:
                        kinds[word] = (kind, name)  # the language's reading wins
        between += [fold(w) for w in table.get("between", ())]
        articles += [fold(w) for w in table.get("articles", ())]
    return Grammar(
        ranks={w: name for w, (kind, name) in kinds.items() if kind == "rank"},
        suits={w: name for w, (kind, name) in kinds.items() if kind == "suit"},
        between=tuple(dict.fromkeys(w for w in between if w)),
        articles=tuple(dict.fromkeys(w for w in articles if w)),
    )


def _alternation(tokens) -> str:
    # Longest first, so "10" is tried before "1" could be, and "spades" before "s".
    return "|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True))


def _normalise(text: str, words: Grammar) -> str:
    text = fold(text)
    for article in words.articles:
        if article.endswith("'") and text.startswith(article):
            return text[len(article) :].lstrip()
        if text.startswith(article + " "):
            return text[len(article) + 1 :]
    return text


def in_order(name: str) -> str:
    """What a list of names sorts ``name`` by in the language spoken: accents and case
    aside, a leading article left out ("The East Wind" among the E's)."""
    return _normalise(name, grammar())


def parse_card(text: str) -> PlayingCard:
    """Read one playing card in any notation; NotationError says what is wrong."""
    if not isinstance(text, str):
        raise NotationError.said("card.not-text", text=repr(text))
    words = grammar()
    normal = _normalise(text, words)
    found = words.card.fullmatch(normal) or words.suit_first.fullmatch(normal)
    if found:
        return PlayingCard(words.ranks[found["rank"]], words.suits[found["suit"]])
    key = _trouble(normal, words)
    raise NotationError.said(key, card=text.strip() or text)


def looks_like_card(text: str) -> bool:
    """True when a string reads as an attempt at a playing card, right or wrong ("1S").

    Used to decide whether an unmatched query deserves notation help rather than
    name suggestions.
    """
    words = grammar()
    normal = _normalise(text, words)
    return bool(
        words.card.fullmatch(normal)
        or words.suit_first.fullmatch(normal)
        or words.cardish.fullmatch(normal)
    )


def _trouble(normal: str, words: Grammar) -> str:
    """What is wrong with a text that is not a card, as the id of its message."""
    if not normal:
        return "card.empty"
    suit_match = words.suitish.search(normal)
    if suit_match:
        rank_part = words.trailing.sub("", normal[: suit_match.start()]).strip()
        if rank_part not in words.ranks:
            return "card.one-is-ace" if rank_part in ("1", "one") else "card.bad-rank"
    rank_match = re.match(r"^\s*(\d+|\w+)", normal)
    if rank_match and rank_match.group(1) in words.ranks:
        return "card.bad-suit"
    return "card.unreadable"


def card_name(card: PlayingCard, code: str | None = None, spelt: bool = False) -> str:
    """A card as it is said aloud in a language: "7 of diamonds", "queen of diamonds",
    "regina di quadri", "piková dáma"; ``spelt``: the numbers as words too ("seven of
    diamonds")."""
    table = notation(code or language())
    rank = table["ranks"][card.rank]
    suit = table["suits"][card.suit]["written"]
    if isinstance(suit, dict):
        suit = suit[rank.get("gender", "m")]
    word = rank.get("written") or (rank["read"][0] if spelt else card.rank)
    return table["name"].format(rank=word, suit=suit)


def _ten_as_t(card: PlayingCard) -> str:
    return card.code.replace("10", "T")


#: Every style printkit writes, by name (the word styles in English); ``parse_card``
#: reads them all back.
NOTATIONS: dict[str, Callable[[PlayingCard], str]] = {
    "code": lambda card: card.code,
    "lower": lambda card: card.code.lower(),
    "symbol": lambda card: card.symbol,
    "ten-as-t": _ten_as_t,
    "words": lambda card: f"{card.rank} of {card.suit}",
    "long": lambda card: card_name(card, SOURCE, spelt=True),
    "short": lambda card: f"{card.rank} of {SUIT_LETTERS[card.suit]}",
    "bare": lambda card: f"{card.rank} {card.suit}",
    "name": lambda card: card_name(card, SOURCE),
    "suit-first": lambda card: SUIT_SYMBOLS[card.suit] + card.rank,
    "suit-first-code": lambda card: SUIT_LETTERS[card.suit] + card.rank,
    "suit-first-words": lambda card: f"{card.suit} {card.rank}",
}


def spoken_styles(code: str) -> dict[str, Callable[[PlayingCard], str]]:
    """The styles a language writes a card in words: as said aloud, every rank as a
    word, and with the rank in digits or letters before the suit's word."""
    table = notation(code)

    def suit_word(card: PlayingCard) -> str:
        written = table["suits"][card.suit]["written"]
        return written if isinstance(written, str) else table["suits"][card.suit]["read"][0]

    return {
        "name": lambda card: card_name(card, code),
        "long": lambda card: card_name(card, code, spelt=True),
        "bare": lambda card: f"{card.rank} {suit_word(card)}",
        "suit-first-words": lambda card: f"{suit_word(card)} {card.rank}",
    }


def format_card(card: PlayingCard, style: str = "code") -> str:
    """Write ``card`` in one of the ``NOTATIONS`` styles."""
    return NOTATIONS[style](card)
