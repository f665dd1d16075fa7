"""Impose a finished PDF as a saddle-stitched booklet, two pages to a sheet side (pypdf).

Half-letter pages land on US Letter sheets, A5 pages on A4, in the order
``layout.booklet`` gives; print double-sided flipping on the short edge, fold the stack
in half and staple along the fold.
"""

from __future__ import annotations

import io

from ..layout.booklet import booklet_sides

__all__ = ["impose_booklet"]


def impose_booklet(pdf: bytes, title: str) -> bytes:
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(pdf))
    pages = reader.pages
    width = float(pages[0].mediabox.width)
    height = float(pages[0].mediabox.height)
    writer = PdfWriter()
    for side in booklet_sides(len(pages)):
        sheet = PageObject.create_blank_page(width=2 * width, height=height)
        for number, offset in ((side.left, 0.0), (side.right, width)):
            if number is not None:
                sheet.merge_transformed_page(
                    pages[number - 1], Transformation().translate(offset, 0)
                )
        writer.add_page(sheet)
    for page in writer.pages:
        page.compress_content_streams()
    metadata = reader.metadata or {}
    writer.add_metadata(
        {
            "/Title": f"{title} - booklet",
            "/Subject": "Print double-sided, flipping on the short edge; fold and staple.",
            "/Creator": metadata.get("/Creator", "printkit"),
            "/Producer": "printkit with pypdf",
            "/CreationDate": metadata.get("/CreationDate", ""),
            "/ModDate": metadata.get("/ModDate", ""),
        }
    )
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
