"""Text for reportlab paragraphs: inline Markdown styles, and suit symbols as vector pips.

The typefaces have no suit symbols, and printkit draws pips as shapes anyway: a ♠ in a
text becomes non-breaking spaces wide enough to hold it, then a callback that stamps
the spade icon over them. Paragraphs that contain pips must be
left-aligned or centred (justification would move the text but not the pip).
"""

from __future__ import annotations

from ..values.markdown import inline_spans
from ..values.model import SUIT_SYMBOLS
from .fonts import BODY, BODY_SEMIBOLD
from .icons import Icons

__all__ = ["CALLBACK", "escape", "install_pips", "markup"]

CALLBACK = "printkit-pip"


def escape(text: str) -> str:
    """Text as paragraph markup: &, < and > written as entities. (xml.sax.saxutils does
    the same, but imports urllib.request and the email package: 20 ms of start-up.)"""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_SUIT_OF = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_SPACES = 3  # a pip takes the width of three non-breaking spaces of the text it sits in


def markup(text: str, code_color: str = "#4f6f66", run_markup=None, code: bool = True) -> str:
    """Paragraph markup for plain text with **bold**, *italic*, `code` (with ``code``)
    and suit symbols; ``run_markup(run, style)`` turns each run of plain text into
    markup, told its style ("", "bold", "italic" or "code"; by default: escaped, with
    suit symbols as pips)."""
    parts = []
    for style, run in inline_spans(text, code):
        inner = run_markup(run, style) if run_markup is not None else _pips(escape(run))
        if style == "bold":
            inner = f"<b>{inner}</b>"
        elif style == "italic":
            inner = f"<i>{inner}</i>"
        elif style == "code":
            inner = f'<font name="{BODY_SEMIBOLD}" color="{code_color}">{inner}</font>'
        parts.append(inner)
    return "".join(parts)


def _pips(text: str) -> str:
    if not any(symbol in text for symbol in _SUIT_OF):
        return text
    # Spaces in the text's own size: a larger spacer would push the line's baseline down.
    spacer = "&nbsp;" * _SPACES
    out = []
    for ch in text:
        suit = _SUIT_OF.get(ch)
        if suit is None:
            out.append(ch)
        else:
            # Spaces first, then the callback: a callback that opened a word would stay
            # at the end of the line before when the word wraps, away from its room.
            out.append(f'{spacer}<onDraw name="{CALLBACK}" label="{suit}"/>')
    return "".join(out)


def install_pips(canvas, icons: Icons) -> None:
    """Teach a canvas to draw the pips that ``markup`` leaves in paragraphs."""

    def draw(canv, _kind, suit) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        info = canv._curr_tx_info  # reportlab's state for onDraw callbacks
        room = stringWidth("\xa0" * _SPACES, BODY, info["xs"].style.fontSize)
        size = room * 0.84  # a little air on both sides of the pip
        # The callback comes after its spaces (see _pips): the pip goes back over them.
        left = info["cur_x"] - room
        icons.pip(suit, left + room * 0.08, info["cur_y"] - size * 0.06, size, canvas=canv)

    canvas.setNamedCB(CALLBACK, draw)
