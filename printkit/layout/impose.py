"""Where each card's front and back go on each sheet, and where the crop marks go.

Pure geometry in PDF points, origin at the paper's bottom-left corner. A back is placed
at the position of its front *mirrored* across the line the sheet is flipped over, so
that once printed double-sided it lies exactly behind its front, even on a template
whose grid is off-centre; ``back_offset`` then shifts back pages only, for printers
that misregister.

A gutterfold template puts the backs on the same page as their fronts, mirrored across
the fold line through the paper's centre: the same mirror as turning the sheet over
that edge, so folding the sheet lays each back on its front.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from ..units import mm
from ..values.model import Template
from ..values.settings import DUPLEX_MODES

__all__ = [
    "FOLDS",
    "TURNS",
    "Line",
    "Placement",
    "Rect",
    "Sheet",
    "back_of",
    "crop_marks",
    "fold_line",
    "impose",
    "sheet_count",
    "sheets_of",
    "slot_rects",
    "turn_of",
    "used_slots",
]


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def grown(self, left: float, bottom: float, right: float, top: float) -> Rect:
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)

    def inset(self, by: float) -> Rect:
        """The rectangle ``by`` inside this one on every side (outside, if negative)."""
        return self.grown(-by, -by, -by, -by)

    def overlaps(self, other: Rect) -> bool:
        """Do the two share any area (touching edges do not count)?"""
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.top
            and other.y < self.top
        )

    def inside(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (
            self.x >= other.x - tolerance
            and self.y >= other.y - tolerance
            and self.right <= other.right + tolerance
            and self.top <= other.top + tolerance
        )


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float


class Placement(NamedTuple):
    """One card face on a page: which item, its trim box, and how far its design shows."""

    item: int  # index into the items being printed (cards, then player aids)
    slot: int  # the slot on the sheet, in reading order
    trim: Rect
    clip: Rect  # the trim box grown by the bleed on the grid's outer edges
    rotated: bool = False  # drawn turned by 180 degrees inside its box


class Sheet(NamedTuple):
    number: int
    fronts: tuple[Placement, ...]
    backs: tuple[Placement, ...]  # empty when the sheet has no backs


def _swap_left_right(rect: Rect, t: Template) -> Rect:
    return Rect(t.paper_width - rect.right, rect.y, rect.w, rect.h)


def _swap_top_bottom(rect: Rect, t: Template) -> Rect:
    return Rect(rect.x, t.paper_height - rect.top, rect.w, rect.h)


#: How a sheet is turned over to reach its backs, as each way moves a front's position
#: to its back's, and whether the back must be drawn at 180 degrees to stand upright
#: once its card is turned over sideways: about the sheet's upright axis (left and right
#: swap) or about its level one (top and bottom swap).
TURNS: dict[str, tuple[Callable[[Rect, Template], Rect], bool]] = {
    "left-right": (_swap_left_right, False),
    "top-bottom": (_swap_top_bottom, True),
}

#: A gutterfold's fold line, as the turn folding makes: a horizontal fold turns the
#: lower half up over the upper, a vertical fold the right half over the left.
FOLDS = {"horizontal": "top-bottom", "vertical": "left-right"}


def turn_of(t: Template, duplex: str) -> str | None:
    """How a sheet of ``t`` printed ``duplex`` is turned over to reach its backs (None:
    it has none). Flipped on its long edge, portrait paper turns about its upright axis
    and landscape paper about its level one (a landscape page is printed turned a
    quarter on the paper); on its short edge, the other way. Manual duplex is laid out
    as the long edge; a gutterfold turns as it folds."""
    if t.fold:
        return FOLDS[t.fold]
    if duplex not in DUPLEX_MODES:
        raise ValueError(f"unknown duplex mode {duplex!r}")
    if duplex == "none" or not t.backs:
        return None
    upright = (duplex != "short") != (t.paper_width > t.paper_height)
    return "left-right" if upright else "top-bottom"


#: Crop marks stop this far short of a fold line, so that the fold stays clean.
_FOLD_CLEAR = 1 * mm


def fold_line(t: Template) -> Line | None:
    """The line a gutterfold sheet is folded along, across the whole paper; None if the
    template does not fold."""
    if t.fold == "horizontal":
        return Line(0.0, t.paper_height / 2, t.paper_width, t.paper_height / 2)
    if t.fold == "vertical":
        return Line(t.paper_width / 2, 0.0, t.paper_width / 2, t.paper_height)
    return None


def slot_rects(t: Template) -> list[Rect]:
    """The trim box of every slot on a sheet, rows from the top, columns from the left."""
    rects = []
    for row in range(t.rows):
        top = t.paper_height - t.top - row * (t.card_height + t.gap_y)
        for col in range(t.columns):
            x = t.left + col * (t.card_width + t.gap_x)
            rects.append(Rect(x, top - t.card_height, t.card_width, t.card_height))
    return rects


def used_slots(t: Template) -> list[int]:
    """The slots cards go in, in order: every slot but those the sheets skip."""
    return [slot for slot in range(t.columns * t.rows) if slot not in t.skip]


def _clip(t: Template, index: int, trim: Rect) -> Rect:
    row, col = divmod(index, t.columns)
    inner_x, inner_y = min(t.bleed, t.gap_x / 2), min(t.bleed, t.gap_y / 2)
    return trim.grown(
        t.bleed if col == 0 else inner_x,
        t.bleed if row == t.rows - 1 else inner_y,
        t.bleed if col == t.columns - 1 else inner_x,
        t.bleed if row == 0 else inner_y,
    )


def back_of(
    front: Placement, t: Template, turn: str, offset: tuple[float, float] = (0.0, 0.0)
) -> Placement:
    """Where the back of ``front`` goes on the back page, for a way of turning the sheet
    over (``turn_of``), moved by the printer's ``offset``."""
    mirror, rotated = TURNS[turn]
    dx, dy = offset
    return Placement(
        front.item,
        front.slot,
        mirror(front.trim, t).moved(dx, dy),
        mirror(front.clip, t).moved(dx, dy),
        rotated,
    )


def impose(
    t: Template,
    count: int,
    duplex: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[Sheet]:
    """Lay ``count`` items out on as many sheets as they need: ceil(count / slots)."""
    return list(sheets_of(t, count, duplex, back_offset))


def sheet_count(t: Template, count: int) -> int:
    return math.ceil(count / t.per_sheet)


def sheets_of(
    t: Template,
    count: int,
    duplex: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> Iterator[Sheet]:
    """The sheets one at a time, as ``impose`` lists them: a deck of thousands of cards
    need not hold every placement at once."""
    turn = turn_of(t, duplex)  # on a gutterfold: beside their fronts, across the fold
    slots = slot_rects(t)
    clips = [_clip(t, slot, rect) for slot, rect in enumerate(slots)]
    used = used_slots(t)
    for number in range(sheet_count(t, count)):
        first = number * t.per_sheet
        fronts = tuple(
            Placement(item, slot, slots[slot], clips[slot])
            for slot, item in zip(used, range(first, min(first + t.per_sheet, count)), strict=False)
        )
        backs = tuple(back_of(p, t, turn, back_offset) for p in fronts) if turn else ()
        yield Sheet(number + 1, fronts, backs)


def crop_marks(
    t: Template, slots: Iterable[int] | None = None, backs: Iterable[Rect] | None = None
) -> list[Line]:
    """Short lines in the margin that continue every cut line of the given slots (all of
    them by default), starting ``mark_offset`` outside the bleed so that they never touch
    a card's printed edge. On a gutterfold sheet the backs (their trims as placed, moved
    by a back offset; by default where the fold turns the fronts) get their own marks,
    and no mark reaches the fold."""
    if not t.crop_marks:
        return []
    rects = slot_rects(t)
    used = [rects[i] for i in (range(len(rects)) if slots is None else slots)]
    if not used:
        return []
    paper = Rect(0.0, 0.0, t.paper_width, t.paper_height).inset(t.margin)
    fold = fold_line(t)
    if fold is None:
        return _marks_around(t, used, paper)
    mirror = TURNS[FOLDS[t.fold]][0]
    backs = [mirror(r, t) for r in used] if backs is None else list(backs)
    if t.fold == "horizontal":
        front_side = Rect(
            paper.x, fold.y1 + _FOLD_CLEAR, paper.w, paper.top - fold.y1 - _FOLD_CLEAR
        )
        back_side = Rect(paper.x, paper.y, paper.w, fold.y1 - _FOLD_CLEAR - paper.y)
    else:
        front_side = Rect(paper.x, paper.y, fold.x1 - _FOLD_CLEAR - paper.x, paper.h)
        back_side = Rect(
            fold.x1 + _FOLD_CLEAR, paper.y, paper.right - fold.x1 - _FOLD_CLEAR, paper.h
        )
    return _marks_around(t, used, front_side) + _marks_around(t, backs, back_side)


def _marks_around(t: Template, used: list[Rect], bounds: Rect) -> list[Line]:
    """The crop marks of one block of cards, each cut short at the edge of ``bounds``
    and left off where no room remains."""
    xs = sorted({x for r in used for x in (r.x, r.right)})
    ys = sorted({y for r in used for y in (r.y, r.top)})
    grid_left, grid_right = min(xs), max(xs)
    grid_bottom, grid_top = min(ys), max(ys)
    start = t.bleed + t.mark_offset
    candidates = []
    for x in xs:
        candidates.append(
            Line(x, grid_top + start, x, min(grid_top + start + t.mark_length, bounds.top))
        )
        candidates.append(
            Line(x, grid_bottom - start, x, max(grid_bottom - start - t.mark_length, bounds.y))
        )
    for y in ys:
        candidates.append(
            Line(grid_left - start, y, max(grid_left - start - t.mark_length, bounds.x), y)
        )
        candidates.append(
            Line(grid_right + start, y, min(grid_right + start + t.mark_length, bounds.right), y)
        )
    # A mark that would start outside its bounds, or end up shorter than 1 mm, is left off.
    return [
        line
        for line in candidates
        if math.hypot(line.x2 - line.x1, line.y2 - line.y1) >= _MIN_MARK
        and _starts_inside(line, bounds)
    ]


#: A crop mark shorter than this is no help; it is left off.
_MIN_MARK = 1 * mm


def _starts_inside(line: Line, bounds: Rect) -> bool:
    return (
        bounds.x - 1e-6 <= line.x1 <= bounds.right + 1e-6
        and bounds.y - 1e-6 <= line.y1 <= bounds.top + 1e-6
    )
