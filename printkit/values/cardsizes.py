"""Card sizes by name, as players and print shops call them, and the one reader of a
card size as a player writes it: a name ("bridge") or a width by a height ("70x120mm",
"2.5 x 3.5 in", "70x120", read as millimetres). Pure data; nothing here imports
reportlab."""

from __future__ import annotations

from typing import NamedTuple

from ..units import format_mm, inch, mm, parse_sides

__all__ = ["CARD_SIZES", "CardSize", "card_size", "format_size", "size_label", "size_of"]


class CardSize(NamedTuple):
    """A card's trim and the radius its corners are cut to, in points."""

    width: float
    height: float
    radius: float
    name: str = ""  # its name in CARD_SIZES, or "" for a size given by its sides

    @property
    def sides(self) -> tuple[float, float]:
        return (self.width, self.height)


_EIGHTH = inch / 8
#: The sizes a player may name, in the order a folder of images is matched against them
#: (the first whose shape an image has wins: poker before the 63 x 88 mm TCG card, which
#: no picture's shape tells apart from it).
CARD_SIZES = {
    size.name: size
    for size in (
        CardSize(2.5 * inch, 3.5 * inch, _EIGHTH, "poker"),
        CardSize(2.25 * inch, 3.5 * inch, _EIGHTH, "bridge"),
        CardSize(2.75 * inch, 4.75 * inch, _EIGHTH, "tarot"),
        CardSize(2.5 * inch, 2.5 * inch, _EIGHTH, "square"),
        CardSize(44 * mm, 68 * mm, 2.5 * mm, "mini-european"),
        CardSize(41 * mm, 63 * mm, 2.5 * mm, "mini-american"),
        CardSize(59 * mm, 86 * mm, 3 * mm, "japanese"),
        CardSize(63 * mm, 88 * mm, 3 * mm, "tcg"),
    )
}
#: A card given by its sides is at least this and at most this on each.
_SMALLEST, _LARGEST = 20 * mm, 400 * mm


def card_size(text: str) -> CardSize:
    """The size ``text`` names; UsageError with a sentence a player can act on."""
    from ..errors import UsageError

    name = text.strip().casefold().replace(" ", "-")
    if name in CARD_SIZES:
        return CARD_SIZES[name]
    sides = parse_sides(text)
    if sides is None:
        raise UsageError.said("templates.not-a-size", size=text[:40], names=", ".join(CARD_SIZES))
    width, height = sides
    for side in (width, height):
        if not _SMALLEST - 1e-6 <= side <= _LARGEST + 1e-6:  # 1e-6: rounding alone
            raise UsageError.said(
                "templates.sides",
                size=text[:40],
                low=format_mm(_SMALLEST),
                high=format_mm(_LARGEST),
            )
    return size_of((width, height))


def size_of(sides: tuple[float, float]) -> CardSize:
    """The card of these sides: a named size when it is one (to 0.005 mm), else a card
    with corners of 3 mm (less on a small card)."""
    width, height = sides
    for size in CARD_SIZES.values():
        if abs(size.width - width) < 0.005 * mm and abs(size.height - height) < 0.005 * mm:
            return size
    return CardSize(width, height, min(3 * mm, min(width, height) / 16))


def size_label(sides: tuple[float, float]) -> str:
    """A size as a file name carries it: its name ("bridge") or its sides ("70x120mm")."""
    size = size_of(sides)
    if size.name:
        return size.name
    return "x".join(f"{s / mm:.2f}".rstrip("0").rstrip(".") for s in sides) + "mm"


def format_size(sides: tuple[float, float]) -> str:
    """A card's size for people, as the language writes it: "63.5 × 88.9 mm"."""
    from ..words import figure, say

    return say("number.mm", value=" × ".join(figure(side / mm) for side in sides))
