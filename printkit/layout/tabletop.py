"""How a deck is cut into grid images for virtual tables: pure arithmetic, no drawing.

Tabletop Simulator reads a deck from one or more images of at most 10 x 7 cards, at
most 4096 pixels on a side, whose last slot holds the card it shows for hidden cards:
69 cards a sheet. Tables that take a plain grid (Screentop, Tabletop Playground) use
every slot. A grid is never smaller than 2 x 2, the least Tabletop Simulator takes.
"""

from __future__ import annotations

import math
from typing import NamedTuple

__all__ = ["GRID_COLUMNS", "GRID_ROWS", "MAX_PIXELS", "GridSheet", "card_pixels", "plan_grid"]

GRID_COLUMNS = 10
GRID_ROWS = 7
MAX_PIXELS = 4096
_LEAST = 2


class GridSheet(NamedTuple):
    """One image: its grid and which cards (indexes into the deck) fill it in reading
    order; with ``hidden``, the grid's last slot holds the hidden card."""

    columns: int
    rows: int
    first: int
    count: int
    hidden: bool

    @property
    def slots(self) -> int:
        return self.columns * self.rows


def plan_grid(count: int, hidden: bool) -> list[GridSheet]:
    """The sheets for ``count`` cards: as few as can hold them, each as small as it can be."""
    capacity = GRID_COLUMNS * GRID_ROWS - (1 if hidden else 0)
    sheets = []
    for first in range(0, count, capacity):
        n = min(capacity, count - first)
        needed = n + (1 if hidden else 0)
        columns = max(_LEAST, min(GRID_COLUMNS, needed))
        rows = max(_LEAST, math.ceil(needed / columns))
        sheets.append(GridSheet(columns, rows, first, n, hidden))
    return sheets


def card_pixels(width: float, height: float) -> tuple[int, int]:
    """The largest card, in whole pixels and in the card's proportions, of which a full
    10 x 7 grid stays within 4096 pixels on each side."""
    across = MAX_PIXELS // GRID_COLUMNS
    down = MAX_PIXELS // GRID_ROWS
    w = min(across, math.floor(down * width / height))
    h = min(down, round(w * height / width))
    return w, h
