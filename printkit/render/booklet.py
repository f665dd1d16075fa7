"""Impose a finished PDF as a saddle-stitched booklet, two pages to a sheet side (pypdf).

Half-letter pages land on US Letter sheets, A5 pages on A4, in the order
``layout.booklet`` gives, meeting at the fold (two A5 pages are 1 mm narrower than A4:
the spare half millimetre lies at each outer edge); print double-sided flipping on the
short edge, fold the stack in half and staple along the fold. Each page is placed whole,
as a form: its content is copied, never parsed.
"""

from __future__ import annotations

import io

from ..errors import RenderError
from ..layout.booklet import booklet_sides
from ..values.papers import BOOK_PAPER, PAPER_SIZES, paper_name
from ..words import say

__all__ = ["impose_booklet"]


def impose_booklet(pdf: bytes, title: str) -> bytes:
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    reader = PdfReader(io.BytesIO(pdf))
    pages = reader.pages
    width = float(pages[0].mediabox.width)
    height = float(pages[0].mediabox.height)
    sheet_paper = {page: sheet for sheet, page in BOOK_PAPER.items()}.get(
        paper_name(width, height) or ""
    )
    if sheet_paper is None:
        raise RenderError.said("data.render.booklet-paper")
    sheet_h, sheet_w = PAPER_SIZES[sheet_paper]  # landscape
    fold = sheet_w / 2
    writer = PdfWriter()
    for side in booklet_sides(len(pages)):
        placed = [
            (f"/Page{number}", _page_form(writer, pages[number - 1]), offset)
            for number, offset in ((side.left, fold - width), (side.right, fold))
            if number is not None
        ]
        _sheet(writer, sheet_w, sheet_h, placed, (sheet_h - height) / 2)
    metadata = reader.metadata or {}
    writer.add_metadata(
        {
            "/Title": say("kit.booklet-title", title=title),
            "/Subject": say("kit.booklet-subject"),
            "/Creator": metadata.get("/Creator", "printkit"),
            "/Producer": "printkit with pypdf",
            "/CreationDate": metadata.get("/CreationDate", ""),
            "/ModDate": metadata.get("/ModDate", ""),
            "/PrintkitKind": "booklet",
            "/PrintkitPaper": sheet_paper,
            "/PrintkitDuplex": "short",
        }
    )
    if "/Lang" in reader.trailer["/Root"]:  # the book's language, as its pages'
        writer.root_object[NameObject("/Lang")] = reader.trailer["/Root"]["/Lang"]
    preferences = writer.create_viewer_preferences()
    preferences[NameObject("/PrintScaling")] = NameObject("/None")
    preferences[NameObject("/Duplex")] = NameObject("/DuplexFlipShortEdge")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _page_form(writer, page):
    """A page as a form XObject in ``writer``: its content and resources as they are (the
    content is copied, never parsed, so imposing costs almost nothing)."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, FloatObject, NameObject

    content = page.get_contents()
    form = DecodedStreamObject()
    form.set_data(content.get_data() if content is not None else b"")
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject(FloatObject(v) for v in page.mediabox)
    resources = page.get("/Resources")
    if resources is not None:
        form[NameObject("/Resources")] = resources.get_object().clone(writer)
    # pypdf has no public call to add a stream as an indirect object; its maintainers
    # point to this one
    return writer._add_object(form.flate_encode())


def _sheet(writer, width: float, height: float, placed, y: float) -> None:
    """A sheet side with each (name, form, x) drawn at (x, y)."""
    from pypdf.generic import ContentStream, DictionaryObject, NameObject

    sheet = writer.add_blank_page(width=width, height=height)
    forms = DictionaryObject({NameObject(name): form for name, form, _ in placed})
    sheet[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): forms})
    drawing = "\n".join(f"q 1 0 0 1 {x:.4f} {y:.4f} cm {name} Do Q" for name, _, x in placed)
    content = ContentStream(None, writer)
    content.set_data(drawing.encode("ascii"))
    sheet.replace_contents(content)
    sheet.compress_content_streams()
