"""QR codes as vector squares: the qrcode package makes the modules, reportlab draws them.

Each dark run of modules in a row is one rectangle, written in module units, so a code
costs a few hundred short drawing operations and prints crisply at any size. A code is
kept as those operators, already written (a few kilobytes), not as a matrix of booleans.
The quiet zone (four modules of light on every side) is drawn as part of the code, so
it reads on any background.

The mask pattern is fixed rather than chosen by trying all eight: the standard lets an
encoder use any mask and every reader accepts every mask, and trying them all costs
more than drawing the rest of the card. The tests decode every card's code from a
rendered page with a real decoder.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

__all__ = ["QUIET", "QRCode", "draw_qr", "qr_code", "qr_version"]

#: Modules of light around a QR code, as the standard asks.
QUIET = 4

_MASK = 2  # columns masked every third module: no long runs along the rows we draw
#: The largest version at medium error correction (about 20 mm at 0.4 mm a module);
#: a longer text drops to low error correction.
_MEDIUM_UP_TO = 6


class QRCode(NamedTuple):
    """A drawn code: its modules per side (quiet zone excluded) and its dark runs as
    PDF operators in module units, the quiet zone included."""

    size: int
    runs: str

    @property
    def side(self) -> int:
        """Modules per side with the quiet zone."""
        return self.size + 2 * QUIET


def _levels():
    from qrcode.constants import ERROR_CORRECT_H, ERROR_CORRECT_L, ERROR_CORRECT_M, ERROR_CORRECT_Q

    return ERROR_CORRECT_H, ERROR_CORRECT_Q, ERROR_CORRECT_M, ERROR_CORRECT_L


@cache
def _needed_bits(text: str, version: int) -> int:
    """The bits ``text`` takes in a code of ``version`` (the length fields grow at
    versions 10 and 27), as qrcode's own best_fit counts them; cached, as a deck's
    version is found from every text before each code is made."""
    import qrcode
    from qrcode import util

    code = qrcode.QRCode(border=0)
    code.add_data(text.encode("utf-8"))
    sizes = util.mode_sizes_for_version(version)
    return sum(4 + sizes[data.mode] + _data_bits(data.mode, len(data)) for data in code.data_list)


def _data_bits(mode: int, length: int) -> int:
    """The bits a segment's data takes, counted as qrcode's QRData.write writes them: three
    digits in 10 bits (two in 7, one in 4), two letters in 11 (one in 6), a byte in 8."""
    from qrcode import util

    if mode == util.MODE_NUMBER:
        return length // 3 * 10 + util.NUMBER_LENGTH.get(length % 3, 0)
    if mode == util.MODE_ALPHA_NUM:
        return length // 2 * 11 + length % 2 * 6
    return length * 8


def _fits(bits_at, level: int, version: int) -> bool:
    from qrcode import util

    return bits_at(version) <= util.BIT_LIMIT_TABLE[level][version]


def _smallest_version(bits_at, level: int) -> int | None:
    return next((v for v in range(1, 41) if _fits(bits_at, level, v)), None)


def _bits_of(text: str):
    """``bits_at(version)``: the text's length in bits, counted once per length-field size."""
    counted: dict[int, int] = {}

    def bits_at(version: int) -> int:
        group = 1 if version < 10 else 10 if version < 27 else 27
        if group not in counted:
            counted[group] = _needed_bits(text, group)
        return counted[group]

    return bits_at


def _smallest(text: str) -> int:
    """The smallest version for ``text``: at medium error correction while that fits
    version 6, else at low."""
    _, _, medium, low = _levels()
    bits_at = _bits_of(text)
    version = _smallest_version(bits_at, medium)
    if version is not None and version <= _MEDIUM_UP_TO:
        return version
    version = _smallest_version(bits_at, low)
    if version is None:
        raise ValueError("the text is too long for a QR code")
    return version


def qr_version(texts) -> int:
    """The one version that holds every text: a deck's codes all print the same size."""
    return max((_smallest(text) for text in texts), default=1)


def qr_code(text: str, version: int | None = None) -> QRCode:
    """The code for ``text``: the smallest, or exactly ``version``, at the strongest error
    correction that still holds the text there. The matrix is made once."""
    import qrcode

    version = version or _smallest(text)
    bits_at = _bits_of(text)
    level = next((lv for lv in _levels() if _fits(bits_at, lv, version)), None)
    if level is None:
        raise ValueError(f"version {version} cannot hold this text")
    code = qrcode.QRCode(version=version, error_correction=level, border=0, mask_pattern=_MASK)
    code.add_data(text.encode("utf-8"))
    code.make(fit=False)
    return _runs(code.modules)


def _runs(modules) -> QRCode:
    """The dark runs of each row as rectangles, bottom row first in PDF's coordinates."""
    count = len(modules)
    side = count + 2 * QUIET
    runs = []
    for r, row in enumerate(modules):
        bottom = side - QUIET - r - 1
        c = 0
        while c < count:
            if row[c]:
                start = c
                while c < count and row[c]:
                    c += 1
                runs.append(f"{QUIET + start} {bottom} {c - start} 1 re")
            else:
                c += 1
    return QRCode(count, "\n".join(runs))


def draw_qr(canvas, code: QRCode, x: float, y: float, module: float, ink, paper) -> None:
    """Draw the code with its quiet zone, bottom-left corner at (x, y)."""
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(module, module)
    canvas.setFillColor(paper)
    canvas.rect(0, 0, code.side, code.side, stroke=0, fill=1)
    canvas.setFillColor(ink)
    # Whole-module coordinates, written straight into the content stream: the same
    # operators reportlab's path object would write, without formatting each number.
    canvas.addLiteral(code.runs + "\nf")
    canvas.restoreState()
