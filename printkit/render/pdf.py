"""The reportlab edge: a canvas with printkit's metadata, reproducible bytes, and forms.

Every PDF printkit writes is made in reportlab's invariant mode, so the same input
gives the same bytes; its dates come from SOURCE_DATE_EPOCH when that is set.
Anything drawn many times (a card back, a picture, an icon) is a form XObject, stored
once in the file however often it is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache

from ..version import __version__
from ..words import language, say
from .fonts import register_fonts, text_runs, text_width

__all__ = ["DUPLEX_PREFERENCE", "Document", "hex_color"]

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

    def page_size(self, width: float, height: float) -> None:
        self.canvas.setPageSize((width, height))

    def finish(self) -> bytes:
        """The file's bytes."""
        return self.canvas.getpdfdata()


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
