"""Impose a finished PDF as a saddle-stitched booklet, two pages to a sheet side (pypdf).

Half-letter pages land on US Letter sheets, A5 pages on A4, in the order
``layout.booklet`` gives, meeting at the fold (two A5 pages are 1 mm narrower than A4:
the spare half millimetre lies at each outer edge); print double-sided flipping on the
short edge, fold the stack in half and staple along the fold.
"""

from __future__ import annotations

import io

from ..errors import RenderError
from ..layout.booklet import booklet_sides
from ..papers import BOOK_PAPER, PAPER_SIZES, paper_name

__all__ = ["impose_booklet"]


def impose_booklet(pdf: bytes, title: str) -> bytes:
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation
    from pypdf.generic import NameObject

    reader = PdfReader(io.BytesIO(pdf))
    pages = reader.pages
    width = float(pages[0].mediabox.width)
    height = float(pages[0].mediabox.height)
    sheet_paper = {page: sheet for sheet, page in BOOK_PAPER.items()}.get(
        paper_name(width, height) or ""
    )
    if sheet_paper is None:
        raise RenderError("a booklet is made of half-letter or A5 pages")
    sheet_h, sheet_w = PAPER_SIZES[sheet_paper]  # landscape
    fold = sheet_w / 2
    writer = PdfWriter()
    for side in booklet_sides(len(pages)):
        sheet = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for number, offset in ((side.left, fold - width), (side.right, fold)):
            if number is not None:
                sheet.merge_transformed_page(
                    pages[number - 1],
                    Transformation().translate(offset, (sheet_h - height) / 2),
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
            "/PrintkitKind": "booklet",
            "/PrintkitPaper": sheet_paper,
            "/PrintkitDuplex": "short",
        }
    )
    preferences = writer.create_viewer_preferences()
    preferences[NameObject("/PrintScaling")] = NameObject("/None")
    preferences[NameObject("/Duplex")] = NameObject("/DuplexFlipShortEdge")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
