"""QR codes as vector squares: the qrcode package makes the matrix, reportlab draws it.

Each dark run of modules in a row is one rectangle, so a code costs a few hundred
drawing operations and prints crisply at any size. The quiet zone (four modules of
light on every side) is drawn as part of the code, so it reads on any background.
"""

from __future__ import annotations

from functools import cache

__all__ = ["MIN_MODULE", "QUIET", "draw_qr", "qr_matrix", "qr_size"]

QUIET = 4  # modules of light around the code, as the standard asks
MIN_MODULE = 0.4 * 72 / 25.4  # 0.4 mm: what a phone camera reads from a printed page


@cache
def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the smallest code that holds ``text`` (medium error correction when
    that still fits version 6, about 20 mm at 0.4 mm a module, else low)."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M

    for level in (ERROR_CORRECT_M, ERROR_CORRECT_L):
        code = qrcode.QRCode(error_correction=level, border=0)
        code.add_data(text.encode("utf-8"))
        code.make(fit=True)
        if code.version <= 6 or level == ERROR_CORRECT_L:
            return tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix())
    raise AssertionError("unreachable")


def qr_size(matrix: tuple[tuple[bool, ...], ...], module: float) -> float:
    """The side of the drawn code, quiet zone included."""
    return (len(matrix) + 2 * QUIET) * module


def draw_qr(canvas, matrix, x: float, y: float, module: float, ink, paper) -> None:
    """Draw the code with its quiet zone, bottom-left corner at (x, y)."""
    side = qr_size(matrix, module)
    canvas.saveState()
    canvas.setFillColor(paper)
    canvas.rect(x, y, side, side, stroke=0, fill=1)
    canvas.setFillColor(ink)
    path = canvas.beginPath()
    count = len(matrix)
    for r, row in enumerate(matrix):
        top = y + side - (QUIET + r) * module
        c = 0
        while c < count:
            if row[c]:
                start = c
                while c < count and row[c]:
                    c += 1
                # A hair of overlap between neighbouring rows hides anti-aliasing seams.
                path.rect(
                    x + (QUIET + start) * module, top - module, (c - start) * module, module * 1.02
                )
            else:
                c += 1
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
