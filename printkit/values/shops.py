"""Print-on-demand shops and what each asks for (printkit.targets.exports makes their
images). Pure data; nothing here draws."""

from __future__ import annotations

from typing import NamedTuple

from ..units import inch

__all__ = ["SHOPS", "Shop"]


class Shop(NamedTuple):
    """What a print-on-demand target asks for: bleed around a poker card, at 300 dpi."""

    name: str
    bleed: float  # points on every side
    dpi: int = 300


#: MakePlayingCards poker cards: 822 x 1122 px; The Game Crafter: 825 x 1125 px; "png":
#: the trimmed card alone, for screens and virtual tables.
SHOPS = {
    "mpc": Shop("MakePlayingCards", bleed=0.12 * inch),
    "tgc": Shop("The Game Crafter", bleed=0.125 * inch),
    "png": Shop("plain PNG", bleed=0.0),
}
