"""Where a sheet's print instructions can go: pure geometry, no drawing.

Instructions are printed in the paper's margins, but only where a home printer reaches
(at least 5 mm from every edge), outside every card and its bleed, and between the crop
marks that cross a margin. Each margin strip offers runs of free length; a line of text
goes in a run long enough to hold it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..units import mm
from ..values.printspec import EDGE
from .impose import Line, Rect

__all__ = ["Label", "Spot", "label_spots", "place_labels"]
_CLEAR = 1.0 * mm  # kept between a label and a card's bleed or a crop mark
_SAFE = 0.5 * mm  # glyphs may reach a little past the font's stated ascent and descent


class Spot(NamedTuple):
    """A free run along one margin: across it from ``lo`` to ``hi`` (x for a side margin,
    y for a top or bottom one), along it from ``start`` to ``end``. Text in a side margin
    is turned to read from bottom to top."""

    vertical: bool
    lo: float
    hi: float
    start: float
    end: float

    @property
    def length(self) -> float:
        return self.end - self.start

    @property
    def depth(self) -> float:
        return self.hi - self.lo


def label_spots(
    paper: tuple[float, float], inked: Sequence[Rect], marks: Sequence[Line]
) -> list[Spot]:
    """Every free run in the four margins, longest first.

    ``inked`` are the cards as printed (with their bleed); ``marks`` the lines drawn in
    the margins.
    """
    width, height = paper
    if not inked:
        return []
    left = min(r.x for r in inked) - _CLEAR
    right = max(r.right for r in inked) + _CLEAR
    bottom = min(r.y for r in inked) - _CLEAR
    top = max(r.top for r in inked) + _CLEAR
    near, far_x, far_y = EDGE + _SAFE, width - EDGE - _SAFE, height - EDGE - _SAFE
    strips = (
        # (across: low, high; along: start, end; a side margin?)
        (near, left, near, far_y, True),
        (right, far_x, near, far_y, True),
        (near, bottom, near, far_x, False),
        (top, far_y, near, far_x, False),
    )
    spots = []
    for lo, hi, start, end, vertical in strips:
        if hi <= lo:
            continue
        crossings = sorted(
            (min(m.y1, m.y2), max(m.y1, m.y2)) if vertical else (min(m.x1, m.x2), max(m.x1, m.x2))
            for m in marks
            if _crosses(m, lo, hi, vertical)
        )
        for a, b in _free_runs(start, end, crossings):
            spots.append(Spot(vertical, lo, hi, a, b))
    return sorted(spots, key=lambda s: -s.length)


def _crosses(mark: Line, lo: float, hi: float, vertical: bool) -> bool:
    """Does a mark reach into the strip lying between lo and hi across it?"""
    across = (mark.x1, mark.x2) if vertical else (mark.y1, mark.y2)
    return max(across) >= lo - _CLEAR and min(across) <= hi + _CLEAR


def _free_runs(start: float, end: float, blocked: list[tuple[float, float]]):
    cursor = start
    for a, b in blocked:
        if a - _CLEAR > cursor:
            yield cursor, a - _CLEAR
        cursor = max(cursor, b + _CLEAR)
    if end > cursor:
        yield cursor, end


class Label(NamedTuple):
    """A line of text set centred on (x, y), its baseline's middle; ``turned``: read from
    bottom to top, in a side margin."""

    text: str
    x: float
    y: float
    turned: bool


def place_labels(
    paper: tuple[float, float],
    inked: Sequence[Rect],
    marks: Sequence[Line],
    texts: Sequence[str],
    measure: Callable[[str], float],
    metrics: tuple[float, float],
    leading: float,
) -> list[Label]:
    """Each line of ``texts`` in the longest free margin run that holds it (``measure``
    gives a line's width; ``metrics`` the face's ascent and descent): lines stay together
    in one run while it has room, a line too long for every run is set as two halves,
    and a word that fits nowhere is left off (the print guide says the same)."""
    ascent, descent = metrics
    spots = label_spots(paper, inked, marks)
    used = [0] * len(spots)  # lines already set in each spot
    placed = []
    queue = list(texts)
    while queue:
        text = queue.pop(0)
        width = measure(text)
        # A run that already holds a line comes first, so that the lines stay together.
        for i in sorted(range(len(spots)), key=lambda i: (-used[i], -spots[i].length)):
            spot = spots[i]
            offset = used[i] * leading  # each line needs its whole height in the run
            if width > spot.length or offset + ascent - descent > spot.depth:
                continue
            middle = (spot.start + spot.end) / 2
            # Lines read down the run as in a paragraph: in a side margin the text is
            # turned to read from bottom to top, so the next line lies to its right.
            if spot.vertical:
                placed.append(Label(text, spot.lo + ascent + offset, middle, True))
            else:
                placed.append(Label(text, middle, spot.hi - ascent - offset, False))
            used[i] += 1
            break
        else:
            halves = _halves(text)
            if halves:
                queue[:0] = halves
    return placed


def _halves(text: str) -> list[str] | None:
    """A line split in two at the space nearest its middle; None for a single word."""
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return None
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1 :]]
