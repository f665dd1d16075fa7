"""Read what a written PDF really holds, page by page: text, fonts, images, cards, marks.

The preflight judges these facts, never the code's idea of the page: every position is
read back from the file with PDFium (pypdfium2), composing the matrices of nested forms,
so a card drawn as a form inside a form is measured where it lands on the paper.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import BinaryIO, NamedTuple

from ..render.pages import Reopened
from ..words import amount

__all__ = [
    "Char",
    "DocumentFacts",
    "Extent",
    "Image",
    "Mark",
    "PageFacts",
    "apply",
    "multiply",
    "open_pdf",
    "pdf_bytes",
    "read_facts",
]

Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class Extent(NamedTuple):
    """An axis-aligned box in points, origin at the page's bottom-left corner."""

    x0: float
    y0: float
    x1: float
    y1: float

    def intersect(self, other: Extent) -> Extent | None:
        x0, y0 = max(self.x0, other.x0), max(self.y0, other.y0)
        x1, y1 = min(self.x1, other.x1), min(self.y1, other.y1)
        return Extent(x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None

    def distance(self, other: Extent) -> float:
        """The gap between two boxes; 0 when they touch or overlap."""
        dx = max(0.0, other.x0 - self.x1, self.x0 - other.x1)
        dy = max(0.0, other.y0 - self.y1, self.y0 - other.y1)
        return math.hypot(dx, dy)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


class Char(NamedTuple):
    text: str
    size: float  # the size it prints at, in points, after every scaling
    box: Extent


class Image(NamedTuple):
    pixels: tuple[int, int]
    box: Extent
    dpi: float  # the lower of its two resolutions where it is printed


class Mark(NamedTuple):
    """A stroked straight line drawn on the page itself: a crop mark, a fold or a cut guide."""

    box: Extent  # the line with its stroke width


@dataclass
class PageFacts:
    number: int  # from 1
    width: float
    height: float
    chars: list[Char] = field(default_factory=list)
    fonts: dict[str, bool] = field(default_factory=dict)  # base font name: embedded
    images: list[Image] = field(default_factory=list)
    cards: list[Extent] = field(default_factory=list)  # what a placed form may ink: bbox ∩ clip
    marks: list[Mark] = field(default_factory=list)
    #: The text around each character drawn with its font's empty glyph (.notdef).
    notdef: list[str] = field(default_factory=list)


@dataclass
class DocumentFacts:
    name: str
    info: dict[str, str]
    print_scaling: bool | None  # None when the file does not say
    duplex: str | None  # "Simplex", "DuplexFlipLongEdge", "DuplexFlipShortEdge" or None
    count: int  # pages
    #: Each page's facts, read as they are asked for and then let go: a 10,000-card deck
    #: has a million and a half characters, which are never all held at once.
    #: ``pages(skip)`` leaves out the pages of those indices, unread.
    pages: Callable[..., Iterator[PageFacts]]


_DUPLEX = {1: "Simplex", 2: "DuplexFlipShortEdge", 3: "DuplexFlipLongEdge"}
_INFO_KEYS = (
    "Title", "Subject", "Creator", "PrintkitKind", "PrintkitPaper", "PrintkitDuplex",
    "PrintkitDraft",
)  # fmt: skip


#: The largest file the preflight reads.
MAX_PDF_BYTES = 512 * 1024 * 1024


def pdf_bytes(source: Path | bytes | BinaryIO) -> bytes | BinaryIO:
    """A PDF's bytes: given (or printkit's own, just made, as a file-like ``Pdf``), or read
    from a regular file of at most MAX_PDF_BYTES (a pipe or a device is refused before it
    is opened, so /dev/zero never blocks)."""
    if not isinstance(source, (str, os.PathLike)):
        return source  # printkit's own, just made
    from ..errors import PrintkitError
    from ..load.datafile import read_confined, shown
    from ..words import say

    name = shown(Path(source))
    data = read_confined(
        Path(source),
        None,
        MAX_PDF_BYTES,
        lambda m: PrintkitError(say("preflight.file", file=name, why=m)),
    )
    _check_draws(data, name)
    return data


#: What one page of a stranger's PDF may draw, forms within forms counted out.
MAX_DRAWS = 1_000_000


def _check_draws(data: bytes, name: str) -> None:
    """Refuse a PDF whose pages draw more than MAX_DRAWS objects once forms drawn within
    forms are counted out (ten forms each drawing the next ten times: a 3 KB file that
    PDFium would take minutes and gigabytes to open), counted from the file's structure
    before PDFium sees it."""
    import re

    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    from ..errors import PrintkitError

    counted: dict[int, int] = {}

    def draws(content: bytes, resources, depth: int) -> int:
        if depth > 24:
            return MAX_DRAWS + 1
        total = 1 + content.count(b" re") + content.count(b" l") + content.count(b"Tj")
        forms = resources.get("/XObject") if resources else None
        for key, ref in forms.get_object().items() if forms else ():
            uses = len(re.findall(re.escape(key.encode("latin-1")) + rb"\s*Do\b", content))
            if not uses:
                continue
            number = getattr(ref, "idnum", None)
            if number is None or number not in counted:
                form = ref.get_object()
                inner = draws(form.get_data(), form.get("/Resources"), depth + 1)
                if number is not None:
                    counted[number] = inner
            else:
                inner = counted[number]
            total += uses * inner
            if total > MAX_DRAWS:
                return MAX_DRAWS + 1
        return total

    import logging

    pypdf_log = logging.getLogger("pypdf")
    level = pypdf_log.level
    pypdf_log.setLevel(logging.CRITICAL)  # its complaints about the file: PDFium's line says it
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        for number, page in enumerate(reader.pages, start=1):
            contents = page.get_contents()
            content = contents.get_data() if contents is not None else b""
            if draws(content, page.get("/Resources"), 0) > MAX_DRAWS:
                raise PrintkitError.said(
                    "preflight.too-many-draws", file=name, page=number, most=amount(MAX_DRAWS)
                )
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        pass  # what pypdf cannot read, PDFium will refuse in one line
    finally:
        pypdf_log.setLevel(level)


def open_pdf(data: bytes, name: str):
    """PDFium's document for ``data``; one clear line when it is not a PDF it can read."""
    import pypdfium2 as pdfium

    from ..errors import PrintkitError

    if isinstance(data, bytes) and not data.lstrip()[:5] == b"%PDF-":
        raise PrintkitError.said("preflight.not-pdf", file=name)
    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        raise PrintkitError.said("preflight.unreadable", file=name, why=str(exc)[:60]) from None


def read_facts(source: Path | bytes, name: str | None = None) -> DocumentFacts:
    """Every fact the preflight needs, from a PDF file or its bytes: the document's at
    once, its pages' one at a time (the file stays open until the last is read)."""
    import pypdfium2.raw as raw

    data = pdf_bytes(source)
    pdf = open_pdf(data, name or str(source))
    try:
        info = {key: pdf.get_metadata_value(key) for key in _INFO_KEYS}
        scaling = bool(raw.FPDF_VIEWERREF_GetPrintScaling(pdf.raw))
        duplex = _DUPLEX.get(raw.FPDF_VIEWERREF_GetDuplex(pdf.raw))
        count = len(pdf)
    except BaseException:
        pdf.close()
        raise

    def pages(skip: Collection[int] = ()) -> Iterator[PageFacts]:
        reopened = Reopened(lambda: open_pdf(data, name or str(source)))
        reopened.document = pdf
        try:
            for index in range(count):
                if index not in skip:
                    yield _page(reopened, index)
        finally:
            reopened.close()

    return DocumentFacts(name or str(source), info, scaling, duplex, count, pages)


def _page(pdf, index: int) -> PageFacts:
    page = pdf[index]
    width, height = page.get_size()
    facts = PageFacts(index + 1, width, height)
    _chars(page, facts)
    matrices: list[Matrix] = []  # the page-space matrix of each form level being walked
    fonts: dict[int, str] = {}  # the name of each font read, by pdfium's handle
    for obj in _objects(page.raw):
        del matrices[obj.level :]
        outer = matrices[-1] if matrices else _IDENTITY
        _object(obj, outer, facts, fonts)
        if obj.type == _FORM:
            matrices.append(multiply(_matrix(obj), outer))
    page.close()
    return facts


_TEXT, _PATH, _IMAGE, _FORM = 1, 2, 3, 5
#: The deepest nesting of forms walked (a card's face is two deep on a sheet).
_DEPTH = 16


class _Object(NamedTuple):
    """A page object as pdfium holds it: its handle, its type, how many forms deep."""

    raw: object
    type: int
    level: int


def _objects(page) -> Iterator[_Object]:
    """Every object of a page (pdfium's handle), each form followed by what it holds:
    the handles themselves, asked directly, as a page of a kit holds thousands."""
    import pypdfium2.raw as raw
    from pypdfium2 import PdfiumError

    type_of = raw.FPDFPageObj_GetType
    count_in, object_in = raw.FPDFFormObj_CountObjects, raw.FPDFFormObj_GetObject

    def walk(count: int, get: Callable[[int], object], level: int) -> Iterator[_Object]:
        if count < 0:
            raise PdfiumError("Failed to get number of pageobjects.")
        for index in range(count):
            handle = get(index)
            if not handle:
                raise PdfiumError("Failed to get pageobject.")
            kind = type_of(handle)
            yield _Object(handle, kind, level)
            if kind == _FORM and level < _DEPTH - 1:
                inner = partial(object_in, handle)
                yield from walk(count_in(handle), inner, level + 1)

    yield from walk(raw.FPDFPage_CountObjects(page), partial(raw.FPDFPage_GetObject, page), 0)


def _object(obj: _Object, outer: Matrix, facts: PageFacts, fonts: dict[int, str]) -> None:
    import ctypes

    import pypdfium2.raw as raw
    from pypdfium2 import PdfiumError

    if obj.type == _TEXT:
        font = raw.FPDFTextObj_GetFont(obj.raw)
        handle = ctypes.cast(font, ctypes.c_void_p).value
        if handle and handle not in fonts:
            fonts[handle] = name = _font_name(font)
            embedded = bool(raw.FPDFFont_GetIsEmbedded(font))
            facts.fonts[name] = facts.fonts.get(name, True) and embedded  # each font of the name
    elif obj.type == _IMAGE:
        width, height = ctypes.c_uint(), ctypes.c_uint()
        if not raw.FPDFImageObj_GetImagePixelSize(obj.raw, width, height):
            raise PdfiumError("Failed to get image size.")
        w, h = width.value, height.value
        m = multiply(_matrix(obj), outer)
        printed_w, printed_h = math.hypot(m[0], m[1]), math.hypot(m[2], m[3])
        dpi = min(w / printed_w * 72, h / printed_h * 72) if printed_w and printed_h else 0.0
        facts.images.append(Image((w, h), _transformed(Extent(0, 0, 1, 1), m), dpi))
    elif obj.level == 0 and obj.type == _FORM:
        box = _bounds(obj)
        clip = _clip_box(obj)
        inked = box.intersect(clip) if clip else box
        if inked is not None:
            facts.cards.append(inked)
    elif obj.level == 0 and obj.type == _PATH:
        line = _straight_stroke(obj)
        if line is not None:
            facts.marks.append(Mark(line))


def _chars(page, facts: PageFacts) -> None:
    """Every printed character's size and box. A kit has some ninety thousand, so pdfium
    is asked directly, into one matrix and four numbers kept for the page, and only for
    what is printed: the characters pdfium adds itself (the spaces between words and the
    breaks between lines) are white space, skipped with the rest of it."""
    import ctypes

    import pypdfium2.raw as raw
    from pypdfium2 import PdfiumError

    text = page.get_textpage()
    handle = text.raw
    unicode_of, matrix_of = raw.FPDFText_GetUnicode, raw.FPDFText_GetMatrix
    size_of, box_of = raw.FPDFText_GetFontSize, raw.FPDFText_GetCharBox
    m = raw.FS_MATRIX()
    left, right = ctypes.c_double(), ctypes.c_double()
    bottom, top = ctypes.c_double(), ctypes.c_double()
    chars = facts.chars
    for i in range(text.count_chars()):
        code = unicode_of(handle, i)
        char = chr(code) if code <= 0x10FFFF else "\ufffd"
        if char.isspace():
            continue
        if char in ("\x00", "\ufffd"):  # the font's empty glyph: reportlab's missing character
            start = max(0, i - 16)
            before, after = text.get_text_range(start, i - start), text.get_text_range(i + 1, 12)
            facts.notdef.append(f"{before}\u2588{after}")
        scale = math.sqrt(abs(m.a * m.d - m.b * m.c)) if matrix_of(handle, i, m) else 0.0
        if not box_of(handle, i, left, right, bottom, top):  # pdfium's order: l, r, b, t
            raise PdfiumError("Failed to get charbox.")
        box = Extent(left.value, bottom.value, right.value, top.value)
        chars.append(Char(char, size_of(handle, i) * scale, box))
    text.close()


def _font_name(font) -> str:
    import ctypes

    import pypdfium2.raw as raw

    size = raw.FPDFFont_GetBaseFontName(font, None, 0)
    buffer = ctypes.create_string_buffer(size)
    raw.FPDFFont_GetBaseFontName(font, buffer, size)
    return buffer.value.decode("utf-8", "replace")


def _matrix(obj: _Object) -> Matrix:
    import pypdfium2.raw as raw
    from pypdfium2 import PdfiumError

    m = raw.FS_MATRIX()
    if not raw.FPDFPageObj_GetMatrix(obj.raw, m):
        raise PdfiumError("Failed to get matrix of pageobject.")
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _bounds(obj: _Object) -> Extent:
    import ctypes

    import pypdfium2.raw as raw
    from pypdfium2 import PdfiumError

    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    if not raw.FPDFPageObj_GetBounds(obj.raw, left, bottom, right, top):
        raise PdfiumError("Failed to locate pageobject.")
    return Extent(left.value, bottom.value, right.value, top.value)


def _clip_box(obj) -> Extent | None:
    """The bounding box of the object's clip path, in page space, if it has one."""
    import pypdfium2.raw as raw

    clip = raw.FPDFPageObj_GetClipPath(obj.raw)
    if not clip:
        return None
    xs, ys = [], []
    for path in range(raw.FPDFClipPath_CountPaths(clip)):
        for seg in range(raw.FPDFClipPath_CountPathSegments(clip, path)):
            point = raw.FPDFClipPath_GetPathSegment(clip, path, seg)
            x, y = _point(point)
            xs.append(x)
            ys.append(y)
    if not xs:
        return None
    return Extent(min(xs), min(ys), max(xs), max(ys))


def _point(segment) -> tuple[float, float]:
    import ctypes

    import pypdfium2.raw as raw

    x, y = ctypes.c_float(), ctypes.c_float()
    raw.FPDFPathSegment_GetPoint(segment, x, y)
    return x.value, y.value


def _straight_stroke(obj) -> Extent | None:
    """A stroked, unfilled path of one straight segment, as a box with its stroke width."""
    import ctypes

    import pypdfium2.raw as raw

    fill, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
    if not stroke.value or fill.value or raw.FPDFPath_CountSegments(obj.raw) != 2:
        return None
    width = ctypes.c_float()
    raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
    m = _matrix(obj)
    points = [apply(m, *_point(raw.FPDFPath_GetPathSegment(obj.raw, i))) for i in range(2)]
    (x1, y1), (x2, y2) = points
    if abs(x1 - x2) > 0.01 and abs(y1 - y2) > 0.01:
        return None  # a slanted line is a drawing, not a mark
    half = width.value * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) / 2
    return Extent(min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half, max(y1, y2) + half)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m, then n: the matrix of a child (m) inside a parent placed by n."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _transformed(box: Extent, m: Matrix) -> Extent:
    corners = [apply(m, x, y) for x in (box.x0, box.x1) for y in (box.y0, box.y1)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return Extent(min(xs), min(ys), max(xs), max(ys))
