"""Where a layout's boxes go on one card: pure geometry over the layout's values.

A layout measures from the trim's top-left corner with y running down; PDF measures
from the bottom-left with y up. ``placed`` turns each box that shows for a card into
a rectangle in the card's own PDF coordinates, a shape that touches the trim and asks
for it running on into the bleed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..design import Box, Layout
from ..units import mm
from .impose import Rect

__all__ = ["Placed", "placed"]

_TOUCH = 0.01 * mm


@dataclass(frozen=True)
class Placed:
    box: Box
    rect: Rect  # in the card's PDF coordinates, padding not yet taken off
    inner: Rect  # the rectangle its content fits in (padding taken off)


def placed(layout: Layout, values: Mapping[str, str], bleed: float = 0.0) -> list[Placed]:
    """The boxes that show for a card, in drawing order (the layout's order)."""
    out = []
    for box in layout.boxes:
        if box.when is not None and not box.when.holds(values):
            continue
        rect = Rect(box.x, layout.height - box.y - box.h, box.w, box.h)
        if box.bleed and box.kind == "shape" and bleed > 0:
            rect = rect.grown(
                bleed if box.x <= _TOUCH else 0.0,
                bleed if rect.y <= _TOUCH else 0.0,
                bleed if rect.right >= layout.width - _TOUCH else 0.0,
                bleed if rect.top >= layout.height - _TOUCH else 0.0,
            )
        inner = rect.inset(box.padding) if box.padding else rect
        out.append(Placed(box, rect, inner))
    return out
