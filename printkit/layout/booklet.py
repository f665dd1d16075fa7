"""Saddle-stitch imposition order: which pages share each side of each folded sheet.

A booklet of n pages is padded with blank pages to a multiple of four. Sheet s (from
0) carries, on its outside, the last-but-2s page on the left and page 2s+1 on the
right; on its inside, page 2s+2 on the left and the matching page from the back on the
right. Stacked, printed double-sided (flip on the short edge), folded and stapled,
the pages read in order. Pure: page numbers in, page numbers out.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Side", "booklet_sides", "padded_length"]


class Side(NamedTuple):
    """One printed side of a sheet: the pages on its left and right halves (1-based), or
    None where a blank page pads the booklet."""

    sheet: int
    outside: bool
    left: int | None
    right: int | None


def padded_length(pages: int) -> int:
    """The page count rounded up to a multiple of four (at least four)."""
    return max(4, -(-pages // 4) * 4)


def booklet_sides(pages: int) -> list[Side]:
    """Both sides of every sheet, in printing order (sheet 1 outside, sheet 1 inside, ...)."""
    if pages < 1:
        raise ValueError("a booklet needs at least one page")
    n = padded_length(pages)

    def real(page: int) -> int | None:
        return page if page <= pages else None

    sides = []
    for s in range(n // 4):
        sides.append(Side(s + 1, True, real(n - 2 * s), real(2 * s + 1)))
        sides.append(Side(s + 1, False, real(2 * s + 2), real(n - 2 * s - 1)))
    return sides
