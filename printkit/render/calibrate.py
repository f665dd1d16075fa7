"""The calibration page: measure how far a printer puts backs off their fronts.

Front: a row (X) and a column (Y) of numbered frames, a 100 mm ruler, the template's
card outlines and the instructions. Back: one dark square per frame. The square for the
frame numbered d is placed exactly where ``--back-offset`` d would put it, using the
same mirroring as the card sheets; so the frame in which its square sits centred, seen
against a window, names the offset this printer needs.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from ..errors import RenderError
from ..layout.impose import Placement, Rect, back_of, fold_line, slot_rects, turn_of
from ..units import mm
from ..values.model import Template
from ..words import language, say
from .fonts import BODY, BODY_BOLD, TITLE
from .pdf import Document

__all__ = [
    "STEPS",
    "calibration_fits",
    "calibration_page",
    "frame_centres",
]

#: The offsets a frame can name: -3 mm to +3 mm in 0.5 mm steps.
STEPS = tuple(round(-3 + 0.5 * i, 1) for i in range(13))
_PITCH = 11 * mm
_FRAME = 5 * mm
_SQUARE = 4 * mm
_INK = HexColor("#1d1b19")
_GREY = HexColor("#9a9a9a")


#: Below this height a page holds the Y frames in a second row rather than a column.
_TALL = 250 * mm


def _compact(t: Template) -> bool:
    """Does the page hold its frames in two rows (landscape paper, or half of a
    gutterfold sheet)?"""
    return t.fold is not None or t.paper_height < _TALL


def frame_centres(
    t: Template, top: float | None = None
) -> dict[str, list[tuple[float, float, float]]]:
    """Where the frames go on the front: {"x": [(cx, cy, step)...], "y": [...]}.

    The X row runs across the page under ``top`` (points from the bottom edge); the Y
    column hangs below the row's middle, clear of it, or on a low page the Y frames
    form a second row under the first.
    """
    cx = t.paper_width / 2
    row_y = (t.paper_height - 100 * mm) if top is None else top - 8 * mm
    half = (len(STEPS) - 1) / 2
    if _compact(t):
        return {
            "x": [(cx + (i - half) * _PITCH, row_y, step) for i, step in enumerate(STEPS)],
            "y": [
                (cx + (i - half) * _PITCH, row_y - 12 * mm, step) for i, step in enumerate(STEPS)
            ],
        }
    column_top = row_y - 14 * mm
    return {
        "x": [(cx + (i - half) * _PITCH, row_y, step) for i, step in enumerate(STEPS)],
        "y": [
            (cx, column_top - (len(STEPS) - 1 - i) * _PITCH, step) for i, step in enumerate(STEPS)
        ][::-1],
    }


def _square_for(
    t: Template, duplex: str, cx: float, cy: float, offset_mm: tuple[float, float]
) -> Rect:
    """The back square behind the frame at (cx, cy), as --back-offset would place it (on
    a gutterfold sheet: across the fold)."""
    rect = Rect(cx - _SQUARE / 2, cy - _SQUARE / 2, _SQUARE, _SQUARE)
    front = Placement(0, 0, rect, rect)
    turn = turn_of(t, duplex) or "left-right"
    return back_of(front, t, turn, (offset_mm[0] * mm, offset_mm[1] * mm)).trim


#: The least paper the page's steps, its 100 mm ruler and its frames need.
_MIN_WIDTH = 160 * mm


def calibration_fits(t: Template, duplex: str = "long") -> bool:
    """Whether the template's paper has room for the calibration page."""
    try:
        calibration_page(t, duplex)
    except RenderError:
        return False
    return True


def calibration_page(t: Template, duplex: str = "long") -> bytes:
    """Two pages to print double-sided, or on a gutterfold template one page to fold,
    in the language spoken (the page is made once for each: a build asks twice)."""
    return _calibration_page(t, duplex, language())


@lru_cache(maxsize=8)
def _calibration_page(t: Template, duplex: str, _language: str) -> bytes:
    if t.paper_width < _MIN_WIDTH:
        raise RenderError(say("calibration.too-small", source=t.source))
    how = _how(t, duplex)
    doc = Document(
        (t.paper_width, t.paper_height),
        say("calibration.file-title"),
        say("calibration.file-subject", template=t.name, how=how),
        kind="calibration",
        paper=t.paper,
        duplex="simplex" if t.fold else duplex,
    )
    canvas = doc.canvas
    below_text = _instructions(canvas, t, duplex)
    below_ruler = _ruler(canvas, t, below_text - 6 * mm)
    centres = frame_centres(t, below_ruler)
    lowest = min(cy for _, cy, _ in centres["y"]) - _FRAME - 4 * mm
    fold = fold_line(t)
    floor = t.margin + 8 * mm if fold is None else fold.y1 + t.gutter / 2
    if lowest < floor or (fold is not None and fold.x1 == fold.x2):
        raise RenderError(say("calibration.too-small-fold", source=t.source))

    # -- front ---------------------------------------------------------------------------
    # The template's outlines, kept off the instructions, the ruler and the frames: they
    # are clipped to the page less those areas (even-odd), so no line crosses them.
    row_y = centres["x"][0][1]
    ys = [cy for _, cy, _ in centres["y"]]
    keep_clear = [
        # the instructions, the ruler and the X row, across the page
        Rect(14 * mm, row_y - 6 * mm, t.paper_width - 28 * mm, t.paper_height - row_y + 6 * mm),
        # the Y column (or row) with its numbers and its letter
        Rect(
            min(c[0] for c in centres["y"]) - 12 * mm,
            min(ys) - 6 * mm,
            max(c[0] for c in centres["y"]) - min(c[0] for c in centres["y"]) + 24 * mm,
            max(ys) - min(ys) + 10 * mm,
        ),
    ]
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(0, 0, t.paper_width, t.paper_height)
    for r in keep_clear:
        clip.rect(r.x, r.y, r.w, r.h)
    canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    canvas.setStrokeColor(HexColor("#c8c8c8"))
    canvas.setLineWidth(0.5)
    for r in slot_rects(t):
        canvas.roundRect(r.x, r.y, r.w, r.h, t.corner_radius, stroke=1, fill=0)
    canvas.restoreState()
    canvas.setStrokeColor(_INK)
    canvas.setFillColor(_INK)
    canvas.setLineWidth(0.35)
    for axis, frames in centres.items():
        for cx, cy, step in frames:
            canvas.rect(cx - _FRAME / 2, cy - _FRAME / 2, _FRAME, _FRAME, stroke=1, fill=0)
            label = "0" if step == 0 else f"{step:+.1f}"
            canvas.setFont(BODY_BOLD if step == 0 else BODY, 6.5)
            if axis == "x" or _compact(t):
                canvas.drawCentredString(cx, cy - _FRAME / 2 - 3.2 * mm, label)
            else:
                canvas.drawString(cx + _FRAME / 2 + 1.5 * mm, cy - 0.8 * mm, label)
    x_end = centres["x"][-1]
    canvas.setFont(TITLE, 12)
    canvas.drawString(x_end[0] + 5 * mm, x_end[1] - 1.5 * mm, "X")
    if _compact(t):
        y_end = centres["y"][-1]
        canvas.drawString(y_end[0] + 5 * mm, y_end[1] - 1.5 * mm, "Y")
    else:
        y_top = max(centres["y"], key=lambda c: c[1])
        canvas.drawString(y_top[0] - _FRAME / 2 - 6 * mm, y_top[1] - 1.5 * mm, "Y")
    if fold is None:
        canvas.showPage()
    else:  # the squares go on this page, across the fold
        canvas.saveState()
        canvas.setStrokeColor(_GREY)
        canvas.setLineWidth(0.5)
        canvas.setDash(4, 3)
        canvas.line(5 * mm, fold.y1, t.paper_width - 5 * mm, fold.y1)
        canvas.restoreState()

    # -- back ----------------------------------------------------------------------------
    canvas.setFillColor(_INK)
    for axis, frames in centres.items():
        for cx, cy, step in frames:
            offset = (step, 0.0) if axis == "x" else (0.0, step)
            r = _square_for(t, duplex, cx, cy, offset)
            canvas.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
    canvas.setFont(BODY, 8)
    canvas.setFillColor(_GREY)
    canvas.drawCentredString(
        t.paper_width / 2,
        14 * mm,
        say("calibration.back" if fold is None else "calibration.back-fold"),
    )
    canvas.showPage()
    return doc.finish()


def _ruler(canvas, t: Template, top: float) -> float:
    """A 100 mm ruler under ``top``; returns the height below it."""
    x0 = t.paper_width / 2 - 50 * mm
    y = top - 6 * mm
    canvas.setStrokeColor(_INK)
    canvas.setFillColor(_INK)
    canvas.setLineWidth(0.4)
    canvas.line(x0, y, x0 + 100 * mm, y)
    for i in range(101):
        tall = 3 * mm if i % 10 == 0 else (2 * mm if i % 5 == 0 else 1.2 * mm)
        canvas.line(x0 + i * mm, y, x0 + i * mm, y + tall)
        if i % 10 == 0:
            canvas.setFont(BODY, 6)
            canvas.drawCentredString(x0 + i * mm, y + 3.8 * mm, str(i))
    canvas.setFont(BODY, 7.5)
    canvas.drawCentredString(
        t.paper_width / 2,
        y - 4 * mm,
        say("calibration.ruler"),
    )
    return y - 6 * mm


#: The numbered steps the page prints (``calibration.fold-1`` ... and ``duplex-1`` ...).
_STEPS = 5


def _how(t: Template, duplex: str) -> str:
    """How the page is printed, in words: "gutterfold", "duplex long"."""
    if t.fold:
        return say("calibration.how-gutterfold")
    return say("calibration.how-duplex", duplex=say(f"edge.{duplex}"))


def _instructions(canvas, t: Template, duplex: str) -> float:
    """The title and the numbered steps from the top; returns the height below them."""
    from reportlab.lib.styles import ParagraphStyle

    from .platypus import Paragraph

    top = t.paper_height - 14 * mm
    canvas.setFillColor(_INK)
    canvas.setFont(TITLE, 15)
    canvas.drawString(18 * mm, top - 4 * mm, say("calibration.title"))
    canvas.setFont(BODY, 8)
    named = say("calibration.template", template=t.name, how=_how(t, duplex))
    canvas.drawRightString(t.paper_width - 18 * mm, top - 4 * mm, named)
    style = ParagraphStyle("steps", fontName=BODY, fontSize=8.2, leading=10.2, textColor=_INK)
    y = top - 10 * mm
    width = t.paper_width - 36 * mm
    edge = "long" if duplex == "long" else "short"
    kind = "fold" if t.fold else "duplex"
    y_shape = say("calibration.row" if _compact(t) else "calibration.column")
    for number in range(1, _STEPS + 1):
        values = {"edge": say(f"edge.{edge}"), "template": t.name, "y_shape": y_shape}
        text = say(f"calibration.{kind}-{number}", **values)
        paragraph = Paragraph(say("calibration.step", number=number, text=text), style)
        _, height = paragraph.wrap(width, 40 * mm)
        paragraph.drawOn(canvas, 18 * mm, y - height)
        y -= height + 1.2 * mm
    return y
