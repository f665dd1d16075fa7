"""printkit's typefaces (``printkit.typefaces``), registered once with reportlab.

reportlab embeds only the glyphs a document uses.
"""

from __future__ import annotations

from functools import cache

from ..errors import RenderError
from ..pictures import fast_shapes
from ..typefaces import (
    BODY,
    BODY_BOLD,
    BODY_BOLD_ITALIC,
    BODY_ITALIC,
    BODY_SEMIBOLD,
    FACES,
    TITLE,
    face_file,
)

__all__ = [
    "BODY",
    "BODY_BOLD",
    "BODY_ITALIC",
    "BODY_SEMIBOLD",
    "FACES",
    "TITLE",
    "check_glyphs",
    "register_fonts",
]


@cache
def register_fonts() -> None:
    """Register every face under printkit's names (safe to call often)."""
    fast_shapes()
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, (family, _, _) in FACES.items():
        try:
            path = face_file(name)
        except Exception as exc:  # fontpkg raises its own errors for a missing package
            package = "fontpkg-" + family.lower().replace(" ", "-")
            raise RenderError(
                f"the font {family} is not installed ({exc}); reinstall printkit, or "
                f"pip install {package}"
            ) from None
        pdfmetrics.registerFont(TTFont(name, str(path)))
    # Any text reportlab sets without being told a font (a text object's first state, a
    # bullet) uses the body face too: every font in printkit's PDFs is embedded.
    from reportlab import rl_config
    from reportlab.graphics import shapes

    rl_config.canvas_basefontname = BODY
    from .platypus import CellStyle

    shapes.STATE_DEFAULTS["fontName"] = BODY  # the state svglib drawings start from
    CellStyle.fontname = BODY  # table cells (the contents page is a table)
    for bold, italic, face in (
        (0, 0, BODY),
        (1, 0, BODY_BOLD),
        (0, 1, BODY_ITALIC),
        (1, 1, BODY_BOLD_ITALIC),
    ):
        addMapping(BODY, bold, italic, face)


def check_glyphs(text: str, font: str, where: str, allowed: str = "") -> None:
    """Fail, naming the place and the character, when ``font`` cannot draw a character of
    ``text``: reportlab would silently leave it out. ``allowed`` are characters drawn
    another way (suit symbols become pips)."""
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    glyphs = pdfmetrics.getFont(font).face.charToGlyph
    for char in text:
        if ord(char) not in glyphs and not char.isspace() and char not in allowed:
            raise RenderError(
                f"{where}: printkit's typefaces cannot draw the character {char!r} "
                f"(U+{ord(char):04X}); replace it with words or a character they have"
            )
