"""Lengths: the one internal unit (the PDF point) and the one place a length string is read.

Data files always write their unit ("63mm", "2.5in", "0.125in"); code writes
``63 * mm``. Nothing here imports reportlab, so the companion commands stay fast.
"""

from __future__ import annotations

import re

__all__ = ["UNITS", "cm", "format_mm", "inch", "mm", "parse_length", "pt", "to_mm"]

pt = 1.0
inch = 72.0 * pt
mm = inch / 25.4
cm = 10 * mm

UNITS = {"pt": pt, "in": inch, "mm": mm, "cm": cm}

_LENGTH = re.compile(r"\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(pt|in|mm|cm)\s*\Z")


#: No length printkit reads is longer than a PDF's largest page: 200 in (5.08 m) a side.
MAX_LENGTH = 200 * 72.0


def parse_length(text: str, most: float = MAX_LENGTH, what: str = "") -> float:
    """Read "63mm", "2.5in", "0.125 in", "10pt" or "-1.5mm" and return points, at most
    ``most`` long (``what`` says what it is for the message: "a card's text").

    Raises ValueError with a sentence a user can act on; callers add the file and key.
    """
    if not isinstance(text, str):
        raise ValueError(f'expected a length with its unit, like "63mm" or "2.5in"; got {text!r}')
    match = _LENGTH.match(text)
    if not match:
        units = ", ".join(UNITS)
        raise ValueError(
            f'{text!r} is not a length: write a number and a unit ({units}), like "63mm"'
        )
    number, unit = match.groups()
    value = float(number) * UNITS[unit]
    if abs(value) > most:
        if what:
            raise ValueError(f"{text!r} is larger than {what} (at most {most:g}pt)")
        raise ValueError(f"{text!r} is longer than anything printkit prints (at most 200 in)")
    return value


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / mm


def format_mm(points: float) -> str:
    """A length for people: "63.5 mm", trimmed of useless zeros."""
    return f"{to_mm(points):.2f}".rstrip("0").rstrip(".") + " mm"
