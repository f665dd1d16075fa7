"""Rasterise PDF pages to PNG bytes at an exact resolution (pypdfium2).

Kept apart, with no other imports, so that worker processes start quickly.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

__all__ = ["render_pages"]


def render_pages(pdf: bytes, indexes: Sequence[int], dpi: int) -> list[tuple[int, bytes]]:
    """[(page index, PNG bytes)] for the given pages, each exactly its size at ``dpi``."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
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
    document.close()
    return out
