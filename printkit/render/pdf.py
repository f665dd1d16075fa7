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
import secrets
import tempfile
from collections.abc import Callable
from functools import cache
from typing import BinaryIO

from ..version import __version__
from ..words import language, say
from .fonts import register_fonts, text_runs, text_width

__all__ = ["DUPLEX_PREFERENCE", "Document", "Pdf", "PdfData", "hex_color", "pdf_bytes"]

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
    ):
        """``kind``, ``paper`` and ``duplex`` say what the file is, for the printer's
        dialog (actual size, the flip edge) and for the preflight; ``draft``, that its
        pictures may be under the preflight's floor (a draft asked for)."""
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

    def form(
        self, name: str, bbox: tuple[float, float, float, float], draw: Callable[[], None]
    ) -> str:
        """Define the form ``name`` by calling ``draw`` once; later calls reuse it."""
        if name not in self._forms:
            canvas = self.canvas
            canvas.beginForm(name, *bbox)
            draw()
            canvas.endForm()
            self._compress(name)
            self._forms.add(name)
        return name

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

    def page_size(self, width: float, height: float) -> None:
        self.canvas.setPageSize((width, height))

    def finish(self) -> PdfData:
        """The finished file: its bytes, or a ``Pdf`` to read when it holds pictures
        (``pdf_bytes`` gives the bytes of either)."""
        data = self.canvas.getpdfdata()
        if self._pictures is None:
            return data
        return self._pictures.document(data)


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
