"""Paper sizes by name, and the name of a size: the one table every module uses.

Portrait, in points. A book's pages are half of its sheet: half-letter on US Letter, A5
on A4. Nothing here imports reportlab.
"""

from __future__ import annotations

from ..units import inch, mm

__all__ = ["BOOK_PAPER", "PAPER_SIZES", "TOLERANCE", "paper_name"]

PAPER_SIZES = {
    "letter": (8.5 * inch, 11 * inch),
    "half-letter": (5.5 * inch, 8.5 * inch),
    "legal": (8.5 * inch, 14 * inch),
    "tabloid": (11 * inch, 17 * inch),
    "a3": (297 * mm, 420 * mm),
    "a4": (210 * mm, 297 * mm),
    "a5": (148 * mm, 210 * mm),
}

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
