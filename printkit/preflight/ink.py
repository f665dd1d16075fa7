"""How much ink a PDF asks for: each page rasterised small and measured.

Two figures per page: ``coverage``, the share of the paper that gets any ink at all
(a pixel darker than paper white), and ``density``, the average ink over the whole
page (0 for white, 1 for solid black; colours count by their darkness). They compare a
file with its ink saver's version; they are not a printer's exact consumption.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

__all__ = ["INK_DPI", "Ink", "ink_coverage"]

#: Fine enough to see a card's ground and pictures, coarse enough to be quick.
INK_DPI = 24
#: The most pixels a page is measured in, whatever its size.
_MAX_PIXELS = 4_000_000
#: A pixel at least this light is bare paper.
_WHITE = 245


class Ink(NamedTuple):
    coverage: float  # share of the paper printed, 0 to 1
    density: float  # average darkness over the paper, 0 to 1


def ink_coverage(source: Path | bytes) -> Ink:
    """The ink of a whole file: the pages' figures averaged, every page weighing the same."""
    from .facts import open_pdf, pdf_bytes

    document = open_pdf(pdf_bytes(source), str(source)[:60])
    covered = dark = 0.0
    pages = len(document)
    for page in document:
        width, height = page.get_size()
        # A page of any size is measured in at most _MAX_PIXELS pixels.
        scale = min(INK_DPI / 72, (_MAX_PIXELS / max(width * height, 1.0)) ** 0.5)
        image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
        histogram = image.histogram()
        total = image.width * image.height
        covered += sum(histogram[:_WHITE]) / total
        dark += sum(count * (255 - level) for level, count in enumerate(histogram)) / (255 * total)
    document.close()
    if not pages:
        return Ink(0.0, 0.0)
    return Ink(covered / pages, dark / pages)
