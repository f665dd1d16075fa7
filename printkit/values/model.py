"""The values printkit works with: playing cards, effects, cards and decks. No I/O.

Colour and negation value are derived from a playing card's suit and rank, never
stored: the catalogue only says which effect each playing card carries.

printkit's values, here and in every module, are ``NamedTuple`` classes: immutable,
hashable, compared by value, changed with ``_replace``. A frozen dataclass would do the
same but costs about ten times as much to define (Python compiles its six methods at
every start), and printkit defines some eighty value classes: with dataclasses, the
table companion spent a quarter of its start-up above ``import click`` on them
(bench/). Being tuples, values also unpack and compare with tuples; no code relies on it.

Unlike the rest of printkit, this module and the rules the table companion's commands
import (rules/draw.py, rules/negation.py) do without ``from __future__ import
annotations``: typing compiles every string annotation of a ``NamedTuple`` as it
defines the class, and evaluated ones cost a companion command 7 ms of its start (a
tenth of ``printkit negate``; 250 rather than 296 million instructions, bench/). Names
defined later, or only for type checkers, are quoted.
"""

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from ..errors import NotFoundError

if TYPE_CHECKING:  # a deck's documents and look, made by printkit.load
    from .design import Look
    from .documents import Aid, RulesText

__all__ = [
    "ACE_VALUES",
    "DEFAULT_ACE_VALUE",
    "HIGH_NOON",
    "RANKS",
    "SUITS",
    "SUIT_LETTERS",
    "SUIT_SYMBOLS",
    "TARGETS",
    "TIMINGS",
    "Card",
    "CardType",
    "Deck",
    "Effect",
    "PlayingCard",
    "Registration",
    "Rules",
    "Template",
    "effective_suit",
    "name_key",
    "suit_color",
    "targets_phrase",
]

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("spades", "clubs", "hearts", "diamonds")
SUIT_LETTERS = {"spades": "S", "clubs": "C", "hearts": "H", "diamonds": "D"}
SUIT_SYMBOLS = {"spades": "♠", "clubs": "♣", "hearts": "♥", "diamonds": "♦"}
_RED_SUITS = frozenset({"hearts", "diamonds"})
#: The High Noon cards that make every card one suit for the round (so one colour),
#: for a draw! and a negation alike.
HIGH_NOON = {"blessing": "hearts", "curse": "spades"}

#: The rulebook counts J, Q and K as 10 and is silent on the Ace. printkit reads the
#: Ace as 11 (one more than any face card, which fits its role as the card that may
#: stand alone); ``--ace-value 1`` is the house rule that counts it low.
DEFAULT_ACE_VALUE = 11
ACE_VALUES = (11, 1)

#: Who a card acts on: the rulebook's two symbols (a living player, a dead player),
#: one of them or all of them (said as ``effect.target.<id>``).
TARGETS = ("living", "dead", "all-living", "all-dead")


def targets_phrase(targets: tuple[str, ...] | list[str]) -> str:
    """Who a card acts on, in words: "a living player", "two living players",
    "a dead player and a living player", "every living player"."""
    from ..words import joined, say

    counts: dict[str, int] = {}
    for target in targets:
        counts[target] = counts.get(target, 0) + 1
    parts = []
    for target, count in counts.items():
        if count > 1:
            number = say(f"number.{count}") if 2 <= count <= 4 else str(count)
            parts.append(say(f"effect.targets.{target}", count=number))
        else:
            parts.append(say(f"effect.target.{target}"))
    return joined(parts)


#: When a card may be played: on the ghost's own turn, or as a reaction at any time
#: (said as ``effect.timing.<id>``).
TIMINGS = ("turn", "reaction")


def name_key(name: str) -> str:
    """How names are compared: case, spaces, accents and punctuation do not matter."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", name.casefold().replace("&", " and "))
    return "".join(ch for ch in decomposed if ch.isalnum())


def suit_color(suit: str) -> str:
    """ "red" for hearts and diamonds, "black" for spades and clubs: the one colour rule."""
    return "red" if suit in _RED_SUITS else "black"


class _RankAndSuit(NamedTuple):
    rank: str
    suit: str


class PlayingCard(_RankAndSuit):
    """One card of a standard 52-card deck: a rank and a suit."""

    __slots__ = ()

    def __new__(cls, rank: str, suit: str) -> "PlayingCard":
        if rank not in RANKS:
            raise ValueError(f"no rank {rank!r}: ranks are {', '.join(RANKS)}")
        if suit not in SUITS:
            raise ValueError(f"no suit {suit!r}: suits are {', '.join(SUITS)}")
        return super().__new__(cls, rank, suit)

    @property
    def code(self) -> str:
        """The short code used in files and JSON: "7D", "10H", "QS"."""
        return self.rank + SUIT_LETTERS[self.suit]

    @property
    def symbol(self) -> str:
        """The code with a suit symbol, for people: "7♦"."""
        return self.rank + SUIT_SYMBOLS[self.suit]

    @property
    def color(self) -> str:
        """ "red" for hearts and diamonds, "black" for spades and clubs."""
        return suit_color(self.suit)

    @property
    def is_face(self) -> bool:
        """Jack, queen or king."""
        return self.rank in ("J", "Q", "K")

    @property
    def is_royal(self) -> bool:
        """J, Q, K or A: the cards the optional royal variant lets stand alone."""
        return self.rank in ("J", "Q", "K", "A")

    def value(self, ace_value: int = DEFAULT_ACE_VALUE) -> int:
        """The negation value: face value 2-10, J, Q and K 10, the Ace ``ace_value``."""
        if self.rank == "A":
            return ace_value
        if self.is_face:
            return 10
        return int(self.rank)

    @property
    def sort_key(self) -> tuple[int, int]:
        """Suit order S, C, H, D, then rank 2..10, J, Q, K, A."""
        return SUITS.index(self.suit), RANKS.index(self.rank)

    @classmethod
    def every(cls) -> "tuple[PlayingCard, ...]":
        """All 52 cards in sort order."""
        return tuple(cls(rank, suit) for suit in SUITS for rank in RANKS)


def effective_suit(card: PlayingCard, high_noon: str | None) -> str:
    """The suit a card counts as: High Noon's Blessing and Curse override it."""
    return HIGH_NOON.get(high_noon or "", card.suit)


class Effect(NamedTuple):
    """What a card does: its name and texts, who it acts on, when it may be played."""

    id: str
    name: str
    summary: str
    text: str
    note: str
    targets: tuple[str, ...] = ()
    timing: str = "turn"
    negatable: bool = True
    aliases: tuple[str, ...] = ()
    type: str | None = None
    art: str | None = None
    stays_in_play: bool = False  # played in front of a player, not discarded when it works
    english: str = ""  # its name in English, when its texts are a translation

    @property
    def is_reaction(self) -> bool:
        return self.timing == "reaction"

    @property
    def english_name(self) -> str:
        """Its English name where that differs from its own, else nothing."""
        return self.english if self.english != self.name else ""


class CardType(NamedTuple):
    """A family of cards in a deck that has them (BANG!'s blue and brown cards)."""

    id: str
    label: str
    color: str
    badge: str = ""  # the few words the card's badge prints; the label when empty

    @property
    def mark(self) -> str:
        return self.badge or self.label


class Rules(NamedTuple):
    """Where a deck's rules are written (Markdown, in the deck's folder) and how they print."""

    source: str
    layout: str = "book"  # "book": a booklet of half-letter pages; "sheet": one page
    output: str = "rules"  # the PDF's name in the output folder, without ".pdf"


class Card(NamedTuple):
    """One physical card of a deck: an effect, and the playing card it doubles as."""

    number: int
    effect: Effect
    playing_card: PlayingCard | None = None
    copy: int = 1

    @property
    def code(self) -> str:
        """ "7D" for a playing card; otherwise the effect id and copy, "bang-12"."""
        if self.playing_card is not None:
            return self.playing_card.code
        return f"{self.effect.id}-{self.copy}"

    @property
    def label(self) -> str:
        """How a person names this card: "7♦ Syphon" or "Bang! (12)"."""
        if self.playing_card is not None:
            return f"{self.playing_card.symbol} {self.effect.name}"
        return f"{self.effect.name} ({self.copy})"

    @property
    def color(self) -> str | None:
        return None if self.playing_card is None else self.playing_card.color


class Deck(NamedTuple):
    """A whole deck: its effects, its cards in order, and how it looks."""

    id: str
    name: str
    game: str
    description: str
    playing_cards: bool
    effects: tuple[Effect, ...]
    cards: tuple[Card, ...]
    colors: Mapping[str, str] = MappingProxyType({})
    types: tuple[CardType, ...] = ()
    rules: Rules | None = None
    aids: str | None = None  # the player aids' file, in the deck's folder
    idsheet: str | None = None  # the identification sheet's name in the output folder
    folder: Path | None = None
    aid: "Aid | None" = None  # the player aid, read with the deck (load_deck(documents=True))
    rules_text: "RulesText | None" = None  # the rules, read likewise
    look_name: str = "western"  # the layouts its cards print with (data/layouts/NAME)
    look: "Look | None" = None  # those layouts, read likewise
    language: str = "en"  # the language its texts are in (printkit.words' codes)
    # Its cards carry their English names under their own (a translated deck, by its
    # deck.toml's ``bilingual = true`` or the table's --bilingual).
    bilingual: bool = False

    def cards_of(self, effect: Effect) -> tuple[Card, ...]:
        """Every card that carries ``effect``, in deck order."""
        return tuple(card for card in self.cards if card.effect.id == effect.id)

    def card(self, playing_card: PlayingCard) -> Card:
        """The card that a playing card is; NotFoundError if the deck has none."""
        for card in self.cards:
            if card.playing_card == playing_card:
                return card
        raise NotFoundError.said("data.deck.no-card", deck=self.name, card=playing_card.code)

    def called(self, effect: Effect) -> str:
        """``effect``'s name as a player reads it: with its English name after it when
        the deck is bilingual ("Risucchio (Syphon)")."""
        if self.bilingual and effect.english_name:
            from ..words import say

            return say("print.bilingual-name", name=effect.name, english=effect.english_name)
        return effect.name

    def card_type(self, type_id: str | None) -> CardType | None:
        for card_type in self.types:
            if card_type.id == type_id:
                return card_type
        return None


class Registration(NamedTuple):
    """Print-and-cut registration marks in the three-mark pattern Silhouette Studio reads:
    a filled square at the top-left corner and an L at the top-right and bottom-left,
    each ``inset`` from the paper's edges; nothing else may be printed within
    ``clearance`` of a mark."""

    inset: float  # from the paper's edges to each mark's outer edge
    length: float  # each arm of an L
    thickness: float  # the arms' line width
    square: float  # the top-left square's side
    clearance: float


class Template(NamedTuple):
    """A sheet layout in points, origin at the paper's bottom-left corner as in PDF."""

    name: str
    description: str
    source: str
    paper: str  # its name ("letter", "a4", ...), whichever way round; "custom" for others
    paper_width: float
    paper_height: float
    card_width: float
    card_height: float
    corner_radius: float
    columns: int
    rows: int
    gap_x: float
    gap_y: float
    left: float  # paper's left edge to the grid's first card (trim), after centring
    top: float  # paper's top edge to the grid's first card (trim)
    bleed: float
    crop_marks: bool
    cut_lines: bool
    backs: bool
    mark_length: float  # crop marks continue the cut lines outward, at most this long,
    mark_offset: float  # starting this far outside the bleed (never touching it)
    margin: float  # the printer's unprintable margin the layout must keep clear
    #: Gutterfold: "horizontal" or "vertical", the line through the paper's centre that
    #: the sheet is folded along; fronts lie on one side, their backs on the other.
    fold: str | None = None
    gutter: float = 0.0  # between the fronts' trim and the backs' trim, across the fold
    registration: Registration | None = None  # print-and-cut marks
    cut_file: bool = False  # write the cards' outlines as SVG and DXF beside the PDF
    labels: bool = True  # print instructions in the margins (off for an image to upload)
    fixed: bool = False  # made for its card alone: another card size does not refit it
    #: Slots left empty on every sheet (from 0, in rows from the top left, as the fronts
    #: print): a perforated sheet with some cards already taken, or a cutter's sensor.
    skip: tuple[int, ...] = ()

    @property
    def card_size(self) -> tuple[float, float]:
        return (self.card_width, self.card_height)

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows - len(self.skip)

    @property
    def grid_width(self) -> float:
        return self.columns * self.card_width + (self.columns - 1) * self.gap_x

    @property
    def grid_height(self) -> float:
        return self.rows * self.card_height + (self.rows - 1) * self.gap_y
