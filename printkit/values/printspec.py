"""The print-grade numbers printkit holds its documents to, by kind of document, and the
names of the ways a file asks to be printed. Pure data: the preflight checks against it,
the command line offers its names."""

from __future__ import annotations

from ..units import mm

__all__ = ["DUPLEX_NAMES", "EDGE", "FLOOR_DPI", "KINDS", "SHARP_DPI", "resolution"]

#: No text within this of a paper's edge: home printers cannot print there.
EDGE = 5 * mm

#: A raster picture prints sharp at this resolution or more; under it, softer (a
#: warning); under FLOOR_DPI, blurred (an error, but in a draft).
SHARP_DPI = 300
FLOOR_DPI = 150
#: Within this share under a threshold counts as on it: the usual 744 px across a 63 mm
#: card's image, printed at poker size (63.5 mm), is 297.6 dpi, and prints as 300 does.
_TOLERANCE = 0.01


def resolution(dpi: float) -> str:
    """How a picture at ``dpi`` prints: "sharp", "soft" or "blurred"."""
    if dpi >= SHARP_DPI * (1 - _TOLERANCE):
        return "sharp"
    return "soft" if dpi >= FLOOR_DPI * (1 - _TOLERANCE) else "blurred"


#: What each kind of document must hold to: (smallest text anywhere, smallest body text).
KINDS = {
    "sheets": (6.0, 6.0),
    "calibration": (6.0, 6.0),
    "guide": (6.0, 6.0),
    "idsheet": (8.0, 8.0),
    "rules": (6.0, 9.0),
    "booklet": (6.0, 9.0),
    "other": (6.0, 6.0),
}

#: How a file asks to be printed (its /Duplex viewer preference), by printkit's names.
DUPLEX_NAMES = {
    "long": "DuplexFlipLongEdge",
    "short": "DuplexFlipShortEdge",
    "simplex": "Simplex",
}
