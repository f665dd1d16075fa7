"""Each printed page of a deck's sheets as one plan: everything on it and where.

A page's plan holds the faces placed on it (fronts, backs or, on a gutterfold sheet,
both), the crop marks, the cut outlines, the fold line, the registration marks and its
labels in the margins: drawing walks it once and decides nothing. Pure geometry in PDF
points, origin at the paper's bottom-left corner.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from ..values.model import Template
from ..values.printspec import EDGE
from .impose import Line, Placement, Rect, crop_marks, fold_line, sheet_count, sheets_of
from .labels import Label, place_labels
from .marks import mark_rects, mark_zones

__all__ = ["LABEL_LEADING", "LABEL_SIZE", "PagePlan", "sheet_pages"]

#: The labels' type size and line height (as a multiple of it).
LABEL_SIZE = 6.5
LABEL_LEADING = 1.3


class PagePlan(NamedTuple):
    """One page of sheets, ready to draw."""

    sheet: int  # the sheet it is a side of, from 1
    sheets: int  # how many sheets the deck takes
    file: str  # the file it goes in: "" (the one file), or "fronts" or "backs" (manual)
    fronts: tuple[Placement, ...]
    backs: tuple[Placement, ...]
    crop_marks: tuple[Line, ...]
    outlines: tuple[Rect, ...]  # the cards' trim, drawn as thin cut lines
    fold: Line | None  # a gutterfold's dashed line, from margin to margin
    registration: tuple[Rect, ...]  # a cutting machine's marks, filled
    labels: tuple[Label, ...]

    @property
    def side(self) -> str:
        """What the page carries: "fronts", "backs" or "both"."""
        if self.fronts and self.backs:
            return "both"
        return "fronts" if self.fronts else "backs"


def sheet_pages(
    t: Template,
    count: int,
    duplex: str,
    offset: tuple[float, float],
    texts: Callable[[int, int, str, bool], list[str]],
    measure: Callable[[str], float],
    metrics: tuple[float, float],
) -> Iterator[PagePlan]:
    """Every page of ``count`` cards' sheets, in print order: each fronts page followed by
    its backs page (the backs in a file of their own for manual duplex; beside their
    fronts on a gutterfold sheet). ``texts(sheet, sheets, side, fronts)`` are a page's
    labels, each measured by ``measure`` in the labels' face, whose ascent and descent
    are ``metrics``. One sheet's plan at a time: a deck of thousands holds no more."""
    total = sheet_count(t, count)
    manual = duplex == "manual" and t.backs and not t.fold
    for sheet in sheets_of(t, count, duplex, offset):
        sides: Sequence[tuple[str, tuple, tuple]]
        if t.fold:  # fronts and backs on one side of the paper
            sides = [("", sheet.fronts, sheet.backs)]
        else:
            sides = [("fronts" if manual else "", sheet.fronts, ())]
            if sheet.backs:
                sides.append(("backs" if manual else "", (), sheet.backs))
        for file, fronts, backs in sides:
            yield _page(t, sheet.number, total, file, fronts, backs, texts, measure, metrics)


def _page(t, number, total, file, fronts, backs, texts, measure, metrics) -> PagePlan:
    marks = crop_marks(t, [p.slot for p in fronts], [p.trim for p in backs]) if fronts else []
    outlines = tuple(p.trim for p in fronts) if t.cut_lines else ()
    fold = _fold(t)
    registration = tuple(mark_rects(t)) if fronts else ()
    # Labels keep off the crop marks, the fold and the room around each registration mark.
    blocked = [*marks, *([fold] if fold else [])]
    if registration:
        blocked += [Line(z.x, z.y, z.right, z.top) for z in mark_zones(t)]
    plan = PagePlan(number, total, file, fronts, backs, tuple(marks), outlines, fold,
                    registration, ())  # fmt: skip
    if not t.labels:
        return plan
    lines = texts(number, total, plan.side, bool(fronts))
    inked = [p.clip for p in (*fronts, *backs)]
    labels = place_labels(
        (t.paper_width, t.paper_height), inked, blocked, lines, measure,
        metrics, LABEL_SIZE * LABEL_LEADING,
    )  # fmt: skip
    return plan._replace(labels=tuple(labels))


def _fold(t: Template) -> Line | None:
    """The fold line as drawn: across the paper from one printable margin to the other."""
    fold = fold_line(t)
    if fold is None:
        return None
    if fold.y1 == fold.y2:
        return Line(EDGE, fold.y1, t.paper_width - EDGE, fold.y2)
    return Line(fold.x1, EDGE, fold.x2, t.paper_height - EDGE)
