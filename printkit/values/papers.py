"""Paper sizes by name, and the name of a size: the one table every module uses.

Portrait, in points. A book's pages are half of its sheet: half-letter on US Letter, A5
on A4. Nothing here imports reportlab.
"""

from __future__ import annotations

from typing import NamedTuple

from ..units import format_mm, inch, mm, parse_sides

__all__ = [
    "BOOK_PAPER",
    "PAPER_NAMES",
    "PAPER_SIZES",
    "TOLERANCE",
    "Paper",
    "paper_name",
    "paper_size",
]

PAPER_SIZES = {
    "letter": (8.5 * inch, 11 * inch),
    "half-letter": (5.5 * inch, 8.5 * inch),
    "legal": (8.5 * inch, 14 * inch),
    "tabloid": (11 * inch, 17 * inch),
    "a3": (297 * mm, 420 * mm),
    "a4": (210 * mm, 297 * mm),
    "a5": (148 * mm, 210 * mm),
    "arch-b": (12 * inch, 18 * inch),
}
#: Other names players give the same papers.
_ALIASES = {"ansi-a": "letter", "ansi-b": "tabloid", "ledger": "tabloid"}
#: Every name a paper may be asked for by.
PAPER_NAMES = (*PAPER_SIZES, *_ALIASES)
#: A paper given by its sides is at least this (a card and its margins) and at most a
#: PDF's largest page on each.
_SMALLEST, _LARGEST = 100 * mm, 200 * inch


class Paper(NamedTuple):
    """A sheet to print on, asked for by name or by its sides (portrait, in points)."""

    name: str  # "a3", or its sides as a file name carries them ("300x450mm")
    width: float
    height: float

    @property
    def title(self) -> str:
        """Its name as people write it: "A3", "Tabloid", "Arch B", "300 × 450 mm"."""
        if self.name not in PAPER_SIZES:
            from .cardsizes import format_size

            return format_size((self.width, self.height))
        if self.name[0] == "a" and self.name[1:].isdigit():
            return self.name.upper()
        return self.name.replace("-", " ").title()


#: The page of a book printed on each sheet paper.
BOOK_PAPER = {"letter": "half-letter", "a4": "a5"}

#: How close a page must come to a named size to be that size.
TOLERANCE = 0.1 * mm


def paper_name(width: float, height: float) -> str | None:
    """The name of the paper of this size, either way round, or None."""
    for name, (w, h) in PAPER_SIZES.items():
        for pw, ph in ((w, h), (h, w)):
            if abs(width - pw) <= TOLERANCE and abs(height - ph) <= TOLERANCE:
                return name
    return None


def paper_size(text: str) -> Paper:
    """The paper ``text`` names ("a3", "tabloid") or gives ("300x450mm", "12x18in");
    UsageError with a sentence a player can act on."""
    from ..errors import UsageError

    name = text.strip().casefold().replace(" ", "-")
    name = _ALIASES.get(name, name)
    if name in PAPER_SIZES:
        return Paper(name, *PAPER_SIZES[name])
    sides = parse_sides(text)
    if sides is None:
        raise UsageError.said(
            "templates.not-a-paper", paper=text[:40], names=", ".join(PAPER_NAMES)
        )
    if not all(_SMALLEST - 1e-6 <= side <= _LARGEST + 1e-6 for side in sides):  # rounding alone
        raise UsageError.said(
            "templates.paper-sides",
            paper=text[:40],
            low=format_mm(_SMALLEST),
            high=format_mm(_LARGEST),
        )
    width, height = sorted(sides)
    known = paper_name(width, height)
    label = "x".join(f"{side / mm:.1f}".removesuffix(".0") for side in (width, height)) + "mm"
    return Paper(known or label, width, height)
