"""The reportlab edge: a canvas with printkit's metadata, reproducible bytes, and forms.

Every PDF printkit writes is made in reportlab's invariant mode, so the same input
gives the same bytes; its dates come from SOURCE_DATE_EPOCH when that is set.
Anything drawn many times (a card back, a picture, an icon) is a form XObject, stored
once in the file however often it is drawn.

A raster picture (a card image, a scan) is compressed as it is drawn, the way PNG
compresses (rows filtered, then Flate, which a PDF reads as it is), and its bytes wait
in a temporary file until the document is read: a folder of a thousand card images is
never held in memory, and the finished document is a file-like ``Pdf`` that reads them
back where reportlab's file names them.
"""

from __future__ import annotations

import bisect
import io
import os
import re
import secrets
import tempfile
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, BinaryIO

from ..version import __version__
from ..words import language, say
from .fonts import register_fonts, text_runs, text_width

if TYPE_CHECKING:
    from ..resources.formcache import FormCache

__all__ = ["DUPLEX_PREFERENCE", "Document", "Pdf", "PdfData", "hex_color", "pdf_bytes"]

#: A font set in a content stream: its internal name (a TrueType font's subset after +).
_FONT_SET = re.compile(rb"/(F\d+)(?:\+\d+)? +[-\d.]+ +Tf")

#: The printable ASCII characters, always fixed first: their codes are their own.
_ASCII = frozenset(map(chr, range(32, 127)))

#: How each way of printing is named in a PDF's viewer preferences.
DUPLEX_PREFERENCE = {
    "long": "DuplexFlipLongEdge",
    "short": "DuplexFlipShortEdge",
    "simplex": "Simplex",
}


def hex_color(value: str):
    from reportlab.lib.colors import HexColor

    return HexColor(value)


class Document:
    """A reportlab canvas writing to memory, and the forms defined in it so far."""

    def __init__(
        self,
        pagesize: tuple[float, float],
        title: str,
        subject: str,
        *,
        kind: str,
        paper: str,
        duplex: str = "simplex",
        draft: bool = False,
        kept: FormCache | None = None,
    ):
        """``kind``, ``paper`` and ``duplex`` say what the file is, for the printer's
        dialog (actual size, the flip edge) and for the preflight; ``draft``, that its
        pictures may be under the preflight's floor (a draft asked for); ``kept``, the
        forms kept from earlier builds (``resources.formcache``)."""
        from reportlab import rl_config

        _check_source_date_epoch()

        # Binary (Flate) streams, not ASCII85 on top: a quarter smaller, and reportlab's
        # pure-Python ASCII85 encoder would cost more than drawing the cards.
        rl_config.useA85 = 0
        register_fonts()
        self.buffer = io.BytesIO()
        self.canvas = _canvas_class()(
            self.buffer,
            pagesize=pagesize,
            invariant=1,
            pageCompression=1,
            initialFontName="PK-Body",
            lang=language(),  # the document's language: screen readers, hyphenating viewers
        )
        self.canvas.setTitle(title)
        self.canvas.setSubject(subject)
        self.canvas.setAuthor("printkit")
        self.canvas.setCreator(f"printkit {__version__}")
        self.canvas.setKeywords(say("kit.keywords"))
        self.canvas.setViewerPreference("PrintScaling", "None")
        self.canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE[duplex])
        self.canvas._doc.info = _info(self.canvas._doc.info, kind, paper, duplex, draft)
        self._forms: set[str] = set()
        self._pictures: _Pictures | None = None
        self._kept = kept
        #: How to draw a kind of form again from the plain values a kept form names it
        #: by (a picture at a size): set by the painter drawing this document's forms.
        self.recipes: dict[str, Callable[..., Callable[[], None]]] = {}
        self._recording: list[_Recording] = []
        self._glyphs: int | None = None  # glyph codes given once fix_glyphs has run
        self._common = b""  # what every kept form of this document also depends on
        self._keys: dict[str, str] = {}  # each form drawn or placed under a key: its full key
        #: Each page's key so far (``end_page``), or None for a page that has none.
        self.page_keys: list[str | None] = []

    def fix_glyphs(self, text: str) -> None:
        """Give every character of ``text`` its code in every TrueType font now, in one
        order, before anything is drawn: a form's text then encodes the same in any
        document that fixes the same characters, and can be kept (``form``'s key).
        Characters drawn later get later codes; no form is kept after the first."""
        import hashlib
        import zlib

        from ..resources.paths import maker_identity

        assert self._glyphs is None and not self._forms  # fixed before anything is drawn
        # Every ASCII character too: a font lacking one codes it the same in every
        # document, and only the deck's other characters move the codes.
        chars = "".join(sorted(set(text) | _ASCII))
        doc = self.canvas._doc
        for font in _true_type_fonts():
            font.splitString(chars, doc)
        self._glyphs = self._glyph_count()
        self._common = hashlib.sha256(
            repr(
                (
                    maker_identity(),
                    zlib.ZLIB_RUNTIME_VERSION,
                    language(),
                    self.canvas._preamble,
                    chars,
                    _font_files(),
                )
            ).encode()
        ).digest()

    def form(
        self,
        name: str,
        bbox: tuple[float, float, float, float],
        draw: Callable[[], None],
        key: str | None = None,
        recipe: tuple | None = None,
    ) -> str:
        """Define the form ``name`` by calling ``draw`` once; later calls reuse it.
        With a ``key`` (a hash of everything ``draw`` reads), a form kept from an
        earlier build under that key is placed instead of drawn, and a drawn one is
        kept. A ``recipe`` ((kind, *plain values), a kind of ``recipes``) lets a kept
        form that places this one draw it again."""
        outer = self._recording[-1] if self._recording else None
        if outer is not None:
            outer.event(self.canvas._doc, ("form", name, tuple(bbox), key, recipe))
        if name not in self._forms:
            if not self._replay(name, bbox, key):
                self._draw(name, bbox, draw, key)
            self._forms.add(name)
            if key is not None:
                self._keys[name] = self._full_key(key)
        if outer is not None:
            outer.named = len(self.canvas._doc.fontMapping)
        return name

    def _draw(self, name: str, bbox, draw: Callable[[], None], key: str | None) -> None:
        """Draw the form, and keep it if it may be kept: a content stream alone, its
        fonts and glyph codes those of every document fixing the same characters."""
        canvas, doc = self.canvas, self.canvas._doc
        recording = None
        if self._kept is not None:  # every form drawn noted: a picture is its own form's
            recording = _Recording(len(doc.fontMapping))
            recording.whole = key is not None and self._fixed()
            self._recording.append(recording)
        canvas.beginForm(name, *bbox)
        try:
            draw()
        finally:
            if recording is not None:
                self._recording.pop()
        if recording is not None:
            recording.event(doc, None)
            recording.states = tuple(canvas._extgstate._c.items())
            recording.forms = tuple(canvas._formsinuse)
            if canvas._colorsUsed or canvas._shadingUsed or canvas._annotationrefs:
                recording.whole = False
        canvas.endForm()
        form = doc.idToObject[doc.getXObjectName(name)]
        code = form.stream
        self._compress(name)
        if recording is not None and recording.whole and self._fixed() and form.stream is None:
            assert key is not None and self._kept is not None
            fonts = recording.fonts(doc, code)
            if fonts is not None:
                kept = recording.kept(form.Contents.content, fonts)
                self._kept.put(self._full_key(key), kept)

    def _replay(self, name: str, bbox, key: str | None) -> bool:
        """Place the form kept under ``key`` if the document agrees with all it expects:
        each font it names already so named, or named so now (the next free name); each
        form it places defined, kept or drawn by its recipe. False (a miss) at the first
        disagreement; what was done by then is what drawing the form would do first."""
        if key is None or self._kept is None or self._glyphs is None:
            return False
        kept = self._kept.get(self._full_key(key))
        if kept is None:
            return False
        canvas, doc = self.canvas, self.canvas._doc
        mapping = doc.fontMapping
        for event in kept.events:
            if event[0] == "names":
                for font, internal in event[1]:
                    fresh = font not in mapping
                    if fresh and (internal != f"/F{len(mapping) + 1}" or not _name_font(font, doc)):
                        return False
                    if mapping[font] != internal:
                        return False
                continue
            _, sub, sub_bbox, sub_key, recipe = event
            if sub in self._forms:
                continue
            if self._replay(sub, sub_bbox, sub_key):
                self._forms.add(sub)
                continue
            if recipe is None or recipe[0] not in self.recipes:
                return False
            draw = self.recipes[recipe[0]](*recipe[1:])
            if draw is None:  # what it draws is not in this deck (any more): a miss
                return False
            self._draw(sub, sub_bbox, draw, sub_key)
            self._forms.add(sub)
        if any(mapping.get(font) != internal for font, internal in kept.fonts):
            return False
        if not all(form in self._forms for form in kept.forms):
            return False
        canvas.beginForm(name, *bbox)
        canvas._formsinuse.extend(kept.forms)
        canvas._extgstate._c.update(kept.states)
        canvas.endForm()
        form = doc.idToObject[doc.getXObjectName(name)]
        contents = _once_stream()(content=kept.stream, filters=[_ALREADY_FLATE])
        contents.__Comment__ = "xobject form stream"
        form.Contents, form.stream, form.compression = contents, None, 0
        return True

    def _fixed(self) -> bool:
        """Whether every glyph code given so far was given by ``fix_glyphs``."""
        return self._glyphs is not None and self._glyph_count() == self._glyphs

    def _glyph_count(self) -> int:
        doc = self.canvas._doc
        return sum(len(f.state[doc].assignments) for f in _true_type_fonts() if doc in f.state)

    def _full_key(self, key: str) -> str:
        import hashlib

        return hashlib.sha256(self._common + key.encode()).hexdigest()

    def _compress(self, name: str) -> None:
        """Compress a finished form's stream now rather than when the file is saved, so
        that a deck of thousands of cards is held compressed: a fifth of the memory, and
        the same bytes in the file (the same zlib call reportlab would make later)."""
        import zlib

        from reportlab.pdfbase.pdfdoc import xObjectName

        form = self.canvas._doc.idToObject[xObjectName(name)]
        if not form.compression or not form.stream:
            return
        data = form.stream.encode("utf8") if isinstance(form.stream, str) else form.stream
        contents = _once_stream()(content=zlib.compress(data), filters=[_ALREADY_FLATE])
        contents.__Comment__ = "xobject form stream"
        form.Contents, form.stream, form.compression = contents, None, 0

    def picture(self, name: str, image, x: float, y: float, w: float, h: float) -> None:
        """Draw the raster ``image`` (a PIL image) at ``x``, ``y`` over ``w`` x ``h``, as
        the image XObject ``name`` (defined the first time; a transparent image gets its
        soft mask). Its compressed bytes go to the document's picture file at once."""
        from reportlab.pdfbase.pdfdoc import PDFObjectReference

        canvas, doc = self.canvas, self.canvas._doc
        registered = doc.getXObjectName(name)
        if registered not in doc.idToObject:
            if self._pictures is None:
                self._pictures = _Pictures()
            mask = None
            if image.mode in ("RGBA", "LA") or "transparency" in image.info:
                image = image.convert("RGBA")
                alpha = image.getchannel("A")
                if alpha.getextrema() != (255, 255):
                    mask = self._pictures.image(f"{name}-mask", alpha)
                    canvas._setXObjects(mask)
                    doc.Reference(mask, doc.getXObjectName(mask.name))
                image = image.convert("RGB")
            elif image.mode not in ("RGB", "L"):
                image = image.convert("RGB")
            picture = self._pictures.image(name, image)
            if mask is not None:
                picture.smask = PDFObjectReference(doc.getXObjectName(mask.name))
            canvas._setXObjects(picture)
            doc.Reference(picture, registered)
            doc.addForm(name, picture)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(w, h)
        canvas._code.append(f"/{registered} Do")
        canvas.restoreState()
        canvas._formsinuse.append(name)
        if self._recording:  # a picture's pixels are not kept with the forms
            self._recording[-1].whole = False

    def page_size(self, width: float, height: float) -> None:
        self.canvas.setPageSize((width, height))

    def end_page(self) -> None:
        """End the page, noting its key in ``page_keys``: a hash of everything its
        pixels are drawn from (its own drawing, the keys of the forms it places, the
        fonts' names and codes, the transparency states), or None where any of it is not
        known by a key. Two pages of the same key look alike, in any build: what is made
        from a page (a proof) may be kept by it."""
        import hashlib

        canvas = self.canvas
        key = None
        placed = sorted(set(canvas._formsinuse))
        if (
            self._fixed()
            and all(name in self._keys for name in placed)
            and not (canvas._colorsUsed or canvas._shadingUsed or canvas._annotationrefs)
        ):
            whole = repr(
                (
                    canvas._pagesize,
                    canvas._code,
                    [(name, self._keys[name]) for name in placed],
                    sorted(canvas._doc.fontMapping.items()),
                    sorted(canvas._extgstate._c.items(), key=repr),
                )
            )
            key = hashlib.sha256(self._common + whole.encode()).hexdigest()
        self.page_keys.append(key)
        canvas.showPage()

    def finish(self) -> PdfData:
        """The finished file: its bytes, or a ``Pdf`` to read when it holds pictures
        (``pdf_bytes`` gives the bytes of either)."""
        data = self.canvas.getpdfdata()
        if self._pictures is None:
            return data
        return self._pictures.document(data)


class _Recording:
    """What a form being drawn expects of its document, noted as it is drawn: the fonts
    it names, in order, between the forms it asks for."""

    def __init__(self, named: int):
        self.named = named  # the fonts named before the form's own drawing went on
        self.events: list[tuple] = []
        self.whole = True  # False: it places something not kept (a picture's pixels)
        self.states: tuple = ()
        self.forms: tuple[str, ...] = ()

    def event(self, doc, event: tuple | None) -> None:
        """Note the fonts named since the last event, then ``event`` (None: the end)."""
        names = list(doc.fontMapping.items())[self.named :]
        if names:
            self.events.append(("names", tuple(names)))
        self.named = len(doc.fontMapping)
        if event is not None:
            self.events.append(event)

    def fonts(self, doc, code: bytes) -> tuple[tuple[str, str], ...] | None:
        """The fonts the form's ``code`` sets, with their internal names; None if it
        sets one the document does not name (it is not kept)."""
        by_name = {internal: font for font, internal in doc.fontMapping.items()}
        found: dict[str, str] = {}
        for match in _FONT_SET.findall(code):
            internal = "/" + match.decode()
            if internal not in by_name:
                return None
            found[by_name[internal]] = internal
        return tuple(sorted(found.items()))

    def kept(self, stream: bytes, fonts: tuple[tuple[str, str], ...]):
        from ..resources.formcache import KeptForm

        return KeptForm(stream, tuple(self.events), self.forms, self.states, fonts)


def _true_type_fonts() -> list:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    fonts = (pdfmetrics.getFont(name) for name in pdfmetrics.getRegisteredFontNames())
    return [font for font in fonts if isinstance(font, TTFont)]


def _font_files() -> tuple:
    """Each TrueType font by its name and its file's contents (``file_identity``)."""
    from ..resources.paths import file_identity

    return tuple(
        sorted(
            (font.fontName, file_identity(getattr(font.face, "filename", "")))
            for font in _true_type_fonts()
        )
    )


def _name_font(font: str, doc) -> bool:
    """Name ``font`` in ``doc`` as drawing with it first would; False if it is unknown."""
    from reportlab.pdfbase import pdfmetrics

    try:
        found = pdfmetrics.getFont(font)
    except KeyError:
        return False
    if found._dynamicFont:
        found.getSubsetInternalName(0, doc)
    else:
        doc.getInternalFontName(font)
    return True


class _Pictures:
    """The pictures of one document, compressed as they are drawn into a temporary
    file; in reportlab's file each stands as a mark of its own, found again when the
    document is read."""

    def __init__(self):
        # Open for the document's life: a Pdf reads it, and closes it when it is done.
        self.file = tempfile.TemporaryFile(prefix="printkit-pictures-")  # noqa: SIM115
        self.token = secrets.token_hex(12)  # never in the file printkit writes
        self.spans: dict[bytes, tuple[int, int]] = {}  # mark -> (offset, length)

    def image(self, name: str, image):
        """The image XObject of ``image`` (RGB or L), its stream written to the file."""
        stream = _png_stream(image)
        try:
            offset = self.file.seek(0, os.SEEK_END)
            self.file.write(stream)
        except OSError as exc:  # the temporary folder is full
            from ..errors import RenderError

            raise RenderError.said(
                "data.picture.no-room", folder=tempfile.gettempdir(), why=exc.strerror or exc
            ) from None
        mark = f"%printkit-picture-{self.token}-{len(self.spans)}".encode()
        self.spans[mark] = (offset, len(stream))
        return _picture_object()(name, image, mark, len(stream))

    def document(self, data: bytes) -> Pdf:
        """reportlab's file ``data`` with each picture in place of its mark."""
        self.file.flush()
        return Pdf(data, self.file, self.spans)


class Pdf(io.RawIOBase):
    """A finished PDF read like a file (pdfium reads it; the spool copies it): the bytes
    reportlab made, each picture's stream read from the picture file where its mark
    stood, and the cross-reference table set to the objects' new places."""

    def __init__(self, data: bytes, file: BinaryIO, spans: dict[bytes, tuple[int, int]]):
        super().__init__()
        self._file = file
        marks = sorted((data.index(mark), mark) for mark in spans)
        body_end = data.rindex(b"\nxref\n") + 1
        pieces: list[bytes | tuple[int, int]] = []
        shifts: list[tuple[int, int]] = []  # (a place in data, how far what follows moves)
        start, moved = 0, 0
        for place, mark in marks:
            offset, length = spans[mark]
            pieces += [data[start:place], (offset, length)]
            start = place + len(mark)
            moved += length - len(mark)
            shifts.append((start, moved))
        pieces.append(_moved_xref(data[start:body_end], data[body_end:], shifts, start))
        self._starts, self._pieces, at = [], pieces, 0
        for piece in pieces:
            self._starts.append(at)
            at += len(piece) if isinstance(piece, bytes) else piece[1]
        self.size = at
        self._at = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._at

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        base = {os.SEEK_SET: 0, os.SEEK_CUR: self._at, os.SEEK_END: self.size}[whence]
        self._at = max(0, base + offset)
        return self._at

    def readinto(self, buffer) -> int:
        view = memoryview(buffer).cast("B")
        done = 0
        while done < len(view) and self._at < self.size:
            index = bisect.bisect_right(self._starts, self._at) - 1
            piece, inside = self._pieces[index], self._at - self._starts[index]
            if isinstance(piece, bytes):
                chunk = piece[inside : inside + len(view) - done]
            else:  # read at its place, never moving the file's offset: a forked worker
                offset, length = piece  # shares it
                chunk = os.pread(self._file.fileno(), min(length - inside, len(view) - done),
                                 offset + inside)  # fmt: skip
            view[done : done + len(chunk)] = chunk
            done += len(chunk)
            self._at += len(chunk)
        return done

    def close(self) -> None:
        if not self.closed:
            self._file.close()
        super().close()


#: A finished PDF: its bytes, or a ``Pdf`` to read.
PdfData = bytes | Pdf


def pdf_bytes(data: PdfData) -> bytes:
    """A finished PDF's bytes, read whole (for what must hold them: a page's test)."""
    if isinstance(data, bytes):
        return data
    data.seek(0)
    return data.read()


def _moved_xref(tail: bytes, rest: bytes, shifts: list[tuple[int, int]], body: int) -> bytes:
    """The last stretch of the objects (``tail``) and reportlab's cross-reference table and
    trailer (``rest``), each object's offset moved by the pictures put in before it."""
    places = [place for place, _ in shifts]

    def moved(offset: int) -> int:
        index = bisect.bisect_right(places, offset) - 1
        return offset + (shifts[index][1] if index >= 0 else 0)

    lines = rest.split(b"\n")
    out = []
    in_table = False
    for number, line in enumerate(lines):
        if line.endswith(b" n ") and in_table and len(line) == 19:
            line = b"%010d" % moved(int(line[:10])) + line[10:]
        elif line == b"xref":
            in_table = True
        elif line.startswith(b"trailer"):
            in_table = False
        elif number and lines[number - 1] == b"startxref":
            line = b"%d" % moved(int(line))
        out.append(line)
    return tail + b"\n".join(out)


def _png_stream(image) -> bytes:
    """``image``'s pixels as a PNG compresses them (its IDAT data: rows filtered, then
    Flate at level 1), which a PDF reads with /Predictor 15: lossless, about three times
    faster than Flate over the raw pixels at reportlab's level, and smaller for art."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)
    png = buffer.getbuffer()
    at, chunks = 8, []
    while at < len(png):
        length = int.from_bytes(png[at : at + 4], "big")
        kind = bytes(png[at + 4 : at + 8])
        if kind == b"IDAT":
            chunks.append(bytes(png[at + 8 : at + 8 + length]))
        at += 12 + length
    return b"".join(chunks)


@cache
def _picture_object():
    """reportlab's image XObject of a picture compressed by ``_png_stream``: its stream is
    a mark in reportlab's file, its length the real one."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFImageXObject, PDFName

    class Picture(PDFImageXObject):
        def __init__(self, name: str, image, mark: bytes, length: int):
            super().__init__(name)
            self.width, self.height = image.size
            self.bitsPerComponent = 8
            self.colorSpace = "DeviceGray" if image.mode == "L" else "DeviceRGB"
            self.mark, self.length, self.smask = mark, length, None
            self.colors = 1 if image.mode == "L" else 3

        def format(self, document):
            entries = {
                "Type": PDFName("XObject"),
                "Subtype": PDFName("Image"),
                "Width": self.width,
                "Height": self.height,
                "BitsPerComponent": 8,
                "ColorSpace": PDFName(self.colorSpace),
                "Filter": PDFName("FlateDecode"),  # a name: its DecodeParms a dictionary
                "DecodeParms": PDFDictionary(
                    {
                        "Predictor": 15,
                        "Colors": self.colors,
                        "BitsPerComponent": 8,
                        "Columns": self.width,
                    }
                ),
                "Length": self.length,
            }
            if self.smask is not None:
                entries["SMask"] = self.smask
            head = PDFDictionary(entries).format(document)
            return head + b"\nstream\n" + self.mark + b"\nendstream"

    return Picture


@cache
def _canvas_class():
    """reportlab's canvas, whose lines of text set every character in a face that has it
    (``fonts.text_runs``): a deck's name in Greek on a sheet's margin draws in printkit's
    script face, not as empty boxes, and a character no face has is an error."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    class TextCanvas(Canvas):
        def drawString(self, x, y, text, *args, **kwargs):
            font, size = self._fontname, self._fontsize
            runs = text_runs(text, font)
            if len(runs) <= 1 and (not runs or runs[0][1] == font):
                return super().drawString(x, y, text, *args, **kwargs)
            try:
                for run, face in runs:
                    self.setFont(face, size)
                    super().drawString(x, y, run)
                    x += stringWidth(run, face, size)
            finally:
                self.setFont(font, size)
            return None

        def drawCentredString(self, x, y, text, *args, **kwargs):
            width = text_width(text, self._fontname, self._fontsize)
            return self.drawString(x - width / 2, y, text)

        def drawRightString(self, x, y, text, *args, **kwargs):
            width = text_width(text, self._fontname, self._fontsize)
            return self.drawString(x - width, y, text)

        def stringWidth(self, text, fontName=None, fontSize=None):
            return text_width(text, fontName or self._fontname, fontSize or self._fontsize)

    return TextCanvas


class _AlreadyFlate:
    """A stream filter for content compressed ahead of time: named FlateDecode in the
    file, and passed through as it is."""

    pdfname = "FlateDecode"

    def encode(self, data: bytes) -> bytes:
        return data


_ALREADY_FLATE = _AlreadyFlate()


@cache
def _once_stream():
    """The stream class of a compressed form: it lets go of its bytes once they are in
    the file, so that a deck of thousands of cards is not held twice while the file is
    assembled (reportlab formats every object exactly once)."""
    from reportlab.pdfbase.pdfdoc import PDFStream

    class OnceStream(PDFStream):
        def format(self, document):
            formatted = super().format(document)
            self.content = b""
            return formatted

    return OnceStream


def _info(base, kind: str, paper: str, duplex: str, draft: bool = False):
    """The document information, with printkit's keys added to reportlab's own."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFInfo, PDFString

    class _Info(PDFInfo):
        def format(self, document):
            formatted = super().format(document)
            extra = PDFDictionary(
                {
                    "PrintkitKind": PDFString(kind),
                    "PrintkitPaper": PDFString(paper),
                    "PrintkitDuplex": PDFString(duplex),
                    **({"PrintkitDraft": PDFString("yes")} if draft else {}),
                }
            ).format(document)
            # Both are "<< ... >>": splice the extra keys in before the closing brackets.
            return formatted.rstrip()[:-2] + extra.strip()[2:]

    info = _Info()
    info.__dict__.update(base.__dict__)
    return info


#: The latest date a PDF can carry: the last second of the year 9999.
_LATEST = 253_402_300_799


def _check_source_date_epoch() -> None:
    """SOURCE_DATE_EPOCH, when set, must be a whole number of seconds a PDF date can show."""
    import os

    from ..errors import RenderError

    value = os.environ.get("SOURCE_DATE_EPOCH")
    if value is None:
        return
    text = value.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 12 and int(text) <= _LATEST):
        raise RenderError.said("data.render.epoch", value=value[:30])
