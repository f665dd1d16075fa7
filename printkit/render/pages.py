"""Rasterise PDF pages to PNG bytes at an exact resolution (pypdfium2).

Kept apart, with no other imports, so that worker processes start quickly.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

__all__ = ["Reopened", "load_document", "render_loaded", "render_pages", "rgb"]

#: pdfium keeps every object it has read until its document is closed (a sheet of card
#: images holds nine of them, 10 MiB or more): a reader of a deck's sheets opens them
#: again after this many pages, to stay flat.
_REOPEN = 4


class Reopened:
    """A PDF open in pdfium (``open()`` opens it), opened afresh after every _REOPEN
    pages taken from it: ``document[index]`` is its page."""

    def __init__(self, open: Callable[[], object]):
        self.open, self.document, self.taken = open, None, 0

    def __getitem__(self, index: int):
        if self.document is None or self.taken >= _REOPEN:
            self.close()
            self.document, self.taken = self.open(), 0
        self.taken += 1
        return self.document[index]  # type: ignore[index]

    def close(self) -> None:
        if self.document is not None:
            self.document.close()  # type: ignore[attr-defined]
            self.document = None


def rgb(page, scale: float, *, padded: bool = False, **options):
    """A pdfium page rendered at ``scale`` as a Pillow RGB image (pdfium writes the
    bytes in Pillow's order, so nothing is reordered or copied again). ``padded``: an
    RGBX image, four bytes a pixel as pdfium draws them and Pillow holds them, so none is
    unpacked: for a page cut into pieces that are pasted again (a proof's cards), where
    it renders in three quarters of the time (6 ms rather than 8 for a sheet of a
    1,000-card deck at 150 dpi, 2026-12-04)."""
    if padded:
        import pypdfium2.raw as raw

        options["force_bitmap_format"] = raw.FPDFBitmap_BGRx
    return page.render(scale=scale, rev_byteorder=True, **options).to_pil()


#: A worker process's document, opened once by ``load_document`` for all its pages.
_LOADED: list = []


def load_document(pdf: bytes) -> None:
    """A worker's start: open the document its pages come from, once."""
    import pypdfium2 as pdfium

    _LOADED[:] = [pdfium.PdfDocument(pdf)]


def render_loaded(indexes: Sequence[int], dpi: int) -> list[tuple[int, bytes]]:
    """``render_pages`` of the worker's loaded document."""
    return _render(_LOADED[0], indexes, dpi)


def render_pages(pdf: bytes, indexes: Sequence[int], dpi: int) -> list[tuple[int, bytes]]:
    """[(page index, PNG bytes)] for the given pages, each exactly its size at ``dpi``."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return _render(document, indexes, dpi)
    finally:
        document.close()


def _render(document, indexes: Sequence[int], dpi: int) -> list[tuple[int, bytes]]:
    out = []
    for index in indexes:
        page = document[index]
        width = round(page.get_width() * dpi / 72)
        # A hair under the exact scale, so that pdfium's rounding up cannot add a pixel:
        # the shops' sizes are exact.
        scale = width / page.get_width() * (1 - 1e-7)
        image = rgb(page, scale)
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=3)
        out.append((index, buffer.getvalue()))
    return out
