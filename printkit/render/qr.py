"""QR codes as vector squares: the qrcode package makes the matrix, reportlab draws it.

Each dark run of modules in a row is one rectangle, written in module units, so a code
costs a few hundred short drawing operations and prints crisply at any size. The quiet
zone (four modules of light on every side) is drawn as part of the code, so it reads on
any background.

The mask pattern is fixed rather than chosen by trying all eight: the standard lets an
encoder use any mask and every reader accepts every mask, and trying them all costs
more than drawing the rest of the card. The tests decode every card's code from a
rendered page with a real decoder.
"""

from __future__ import annotations

from functools import cache

__all__ = ["MIN_MODULE", "QUIET", "draw_qr", "qr_matrix", "qr_size", "qr_version"]

QUIET = 4  # modules of light around the code, as the standard asks
_MASK = 2  # columns masked every third module: no long runs along the rows we draw
MIN_MODULE = 0.4 * 72 / 25.4  # 0.4 mm: what a phone camera reads from a printed page


@cache
def _fitted(text: str):
    """The smallest code for ``text``: medium error correction when that still fits
    version 6 (about 20 mm at 0.4 mm a module), else low."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M

    for level in (ERROR_CORRECT_M, ERROR_CORRECT_L):
        code = qrcode.QRCode(error_correction=level, border=0, mask_pattern=_MASK)
        code.add_data(text.encode("utf-8"))
        code.make(fit=True)
        if code.version <= 6 or level == ERROR_CORRECT_L:
            return code
    raise AssertionError("unreachable")


def qr_version(texts) -> int:
    """The one version that holds every text: a deck's codes all print the same size."""
    return max((_fitted(text).version for text in texts), default=1)


@cache
def qr_matrix(text: str, version: int | None = None) -> tuple[tuple[bool, ...], ...]:
    """The modules of the code for ``text``: the smallest, or exactly ``version`` (at the
    strongest error correction that still holds the text there)."""
    code = _fitted(text)
    if version is not None and version != code.version:
        import qrcode
        from qrcode.constants import (
            ERROR_CORRECT_H,
            ERROR_CORRECT_L,
            ERROR_CORRECT_M,
            ERROR_CORRECT_Q,
        )

        if version < code.version:
            raise ValueError(f"version {version} cannot hold this text")
        for level in (ERROR_CORRECT_H, ERROR_CORRECT_Q, ERROR_CORRECT_M, ERROR_CORRECT_L):
            candidate = qrcode.QRCode(
                version=version, error_correction=level, border=0, mask_pattern=_MASK
            )
            candidate.add_data(text.encode("utf-8"))
            try:
                candidate.make(fit=False)
            except qrcode.exceptions.DataOverflowError:
                continue
            code = candidate
            break
    return tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix())


def qr_size(matrix: tuple[tuple[bool, ...], ...], module: float) -> float:
    """The side of the drawn code, quiet zone included."""
    return (len(matrix) + 2 * QUIET) * module


def draw_qr(canvas, matrix, x: float, y: float, module: float, ink, paper) -> None:
    """Draw the code with its quiet zone, bottom-left corner at (x, y)."""
    count = len(matrix)
    side = count + 2 * QUIET
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(module, module)
    canvas.setFillColor(paper)
    canvas.rect(0, 0, side, side, stroke=0, fill=1)
    canvas.setFillColor(ink)
    runs = []
    for r, row in enumerate(matrix):
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
    # Whole-module coordinates, written straight into the content stream: the same
    # operators reportlab's path object would write, without formatting each number.
    canvas.addLiteral("\n".join(runs) + "\nf")
    canvas.restoreState()
