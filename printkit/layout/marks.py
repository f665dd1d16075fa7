"""Print-and-cut registration marks: where a cutting machine's sensor looks for them.

Pure geometry in PDF points, origin at the paper's bottom-left corner. The pattern is
the three-mark one Silhouette Studio prints (type 1): a filled square at the top-left
corner and an L at the top-right and bottom-left corners, every mark's outer edge
``inset`` from the paper's edges. Each mark is a filled rectangle (an L is two), so
that its edges lie exactly where they are meant to, whatever a printer does to line
caps. The cut lines are the cards' trim, at the same page coordinates.
"""

from __future__ import annotations

from ..values.model import Template
from .impose import Rect

__all__ = ["mark_rects", "mark_zones", "registration_frame"]


def mark_rects(t: Template) -> list[Rect]:
    """The filled rectangles that make the marks: the square, then each L's two arms."""
    reg = t.registration
    if reg is None:
        return []
    w, h = t.paper_width, t.paper_height
    i, n, th, sq = reg.inset, reg.length, reg.thickness, reg.square
    return [
        Rect(i, h - i - sq, sq, sq),  # top left: the filled square
        Rect(w - i - n, h - i - th, n, th),  # top right: the arm along the top
        Rect(w - i - th, h - i - n, th, n),  # ... and the arm down the side
        Rect(i, i, n, th),  # bottom left: the arm along the bottom
        Rect(i, i, th, n),  # ... and the arm up the side
    ]


def mark_zones(t: Template) -> list[Rect]:
    """Around each mark, the room where nothing else may be printed."""
    reg = t.registration
    if reg is None:
        return []
    return [rect.inset(-reg.clearance) for rect in mark_rects(t)]


def registration_frame(t: Template) -> Rect:
    """The rectangle the marks bound: the machine reads and cuts inside it."""
    reg = t.registration
    inset = reg.inset if reg else 0.0
    return Rect(0.0, 0.0, t.paper_width, t.paper_height).inset(inset)
