"""Rasterise PDF pages to PNG bytes at an exact resolution (pypdfium2).

Kept apart, with no other imports, so that worker processes start quickly.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

__all__ = ["load_document", "render_loaded", "render_pages"]

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
        image = page.render(scale=scale).to_pil().convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=3)
        out.append((index, buffer.getvalue()))
    return out
