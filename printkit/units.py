"""Lengths: the one internal unit (the PDF point) and the one place a length string is read.

Data files always write their unit ("63mm", "2.5in", "0.125in"); code writes
``63 * mm``. Nothing here imports reportlab, so the companion commands stay fast.
"""

from __future__ import annotations

import re

__all__ = ["UNITS", "cm", "format_mm", "inch", "mm", "parse_length", "parse_sides", "pt", "to_mm"]

pt = 1.0
inch = 72.0 * pt
mm = inch / 25.4
cm = 10 * mm

UNITS = {"pt": pt, "in": inch, "mm": mm, "cm": cm}

_LENGTH = re.compile(r"\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(pt|in|mm|cm)\s*\Z")


#: No length printkit reads is longer than a PDF's largest page: 200 in (5.08 m) a side.
MAX_LENGTH = 200 * 72.0
#: What a length read in another unit may stray from a limit by, rounding alone:
#: 5080 mm is 200 in.
_SLACK = 1e-6


def parse_length(text: str, most: float = MAX_LENGTH, what: str = "") -> float:
    """Read "63mm", "2.5in", "0.125 in", "10pt" or "-1.5mm" and return points, at most
    ``most`` long (``what`` says what it is for the message: "a card's text").

    Raises ValueError with a sentence a user can act on; callers add the file and key.
    """
    if not isinstance(text, str):
        from .words import say

        raise ValueError(say("data.length.no-unit", text=text))
    match = _LENGTH.match(text)
    if not match:
        from .words import joined, say

        units = joined(UNITS, "list")
        raise ValueError(say("data.length.not-a-length", text=text, units=units))
    number, unit = match.groups()
    value = float(number) * UNITS[unit]
    if abs(value) > most + _SLACK:
        from .words import say

        if what:
            raise ValueError(say("data.length.larger", text=text, what=what, most=most))
        raise ValueError(say("data.length.too-long", text=text))
    return value


_SIDES = re.compile(
    r"\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*\Z", re.IGNORECASE
)


def parse_sides(text: str) -> tuple[float, float] | None:
    """A width by a height as a player writes it ("70x120mm", "2.5 x 3.5 in", "8.5in x
    297mm"; "70x120" is millimetres), in points; None when ``text`` is not one."""
    match = _SIDES.match(text)
    if not match:
        return None
    w, w_unit, h, h_unit = match.groups()
    unit = UNITS[(h_unit or w_unit or "mm").casefold()]
    width = float(w) * UNITS[w_unit.casefold()] if w_unit else float(w) * unit
    return width, float(h) * unit


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / mm


def format_mm(points: float) -> str:
    """A length for people, as the language spoken writes it: "63.5 mm" ("63,5 mm" in
    Czech), trimmed of useless zeros."""
    from .words import figure, say

    return say("number.mm", value=figure(to_mm(points)))
