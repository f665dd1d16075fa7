"""What printkit writes itself into the rule books and the player aids, as values: tables,
a worked example, the readings, the symbols' legend, the list of cards. The rules make
them (``printkit.rules.content``); the renderers only set them in type. No I/O.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "CardEntry",
    "CardList",
    "Content",
    "Example",
    "Legend",
    "Reading",
    "Readings",
    "Table",
]


class Reading(NamedTuple):
    """A question the sources leave open, and the answer printkit applies."""

    id: str
    question: str
    reading: str
    alternative: str
    short: str


class Table(NamedTuple):
    """Rows under a header; ``widths`` are fractions of the text's width. A "grid" is the
    identification table: its first column names the rank, its header the suits."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]
    kind: str = "list"


class Example(NamedTuple):
    """A worked negation: the play as a player tells it, the verdict, the readings used."""

    told: str
    verdict: str
    readings: tuple[str, ...] = ()


class Readings(NamedTuple):
    items: tuple[Reading, ...]


class Legend(NamedTuple):
    """The card faces' symbols: (icon, palette colour, what it means)."""

    rows: tuple[tuple[str, str, str], ...]


class CardEntry(NamedTuple):
    name: str
    which: str  # "7♦, 10♦" or "6 cards"
    facts: tuple[str, ...]  # what it acts on, when it is played, what stops it, its type
    note: str  # the full ruling
    copies: int | None  # copies of an effect,count deck's card; None for playing cards
    label: str | None  # its type's label


class CardList(NamedTuple):
    entries: tuple[CardEntry, ...]


Content = Table | Example | Readings | Legend | CardList
