"""The print-grade numbers printkit holds its documents to, by kind of document, and the
names of the ways a file asks to be printed. Pure data: the preflight checks against it,
the command line offers its names."""

from __future__ import annotations

from ..units import mm

__all__ = ["DUPLEX_NAMES", "EDGE", "KINDS"]

#: No text within this of a paper's edge: home printers cannot print there.
EDGE = 5 * mm

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
