"""Put card faces into a template's slots and write the sheets: fronts, then their backs.

Each fronts page is followed by its backs page (duplex long or short), or all backs go
to a second file (manual). Every face is a form, placed at the slot's trim box and
clipped to the slot's bleed; every back sits where ``impose.back_of`` says, which is
what makes it land behind its own front.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from ..layout.impose import Line, Placement, Sheet, crop_marks, fold_line, sheet_count, sheets_of
from ..layout.labels import EDGE, label_spots
from ..layout.marks import mark_rects, mark_zones
from ..model import Template
from ..units import format_mm
from .fonts import BODY
from .pdf import Document, hex_color

__all__ = ["Faces", "SheetJob", "instructions", "mark_settings", "render_sheets", "stamp"]

_LABEL_SIZE = 6.5
_LABEL_LEADING = 1.3


def instructions(t: Template, duplex: str, front: bool) -> str:
    """How to print this page, in a player's words."""
    if t.fold:
        return "Print one side only, at 100% size; fold on the dashed line, glue, then cut"
    if not t.backs:
        return "No backs: print one side only, at 100% size, then cut on the lines"
    if duplex == "none":
        return "Fronts only: print one side, at 100% size"
    if duplex == "manual":
        if front:
            return "Print at 100% size; turn the stack over on its long edge for the backs file"
        return "Backs: print on the other side of the fronts, at 100% size"
    return f"Print both sides at 100% size, flipping on the {duplex} edge"


def mark_settings(t: Template) -> str | None:
    """The registration marks' settings to give the cutting software, in its own terms."""
    reg = t.registration
    if reg is None:
        return None
    return (
        f"Registration marks: type 1, length {format_mm(reg.length)}, thickness "
        f"{format_mm(reg.thickness)}, inset {format_mm(reg.inset)}; cut fronts up"
    )


class Faces(Protocol):
    """Draws the things being printed into one document: item ``i``'s front and back forms."""

    def front(self, index: int) -> str: ...

    def back(self, index: int) -> str | None: ...


class SheetJob(NamedTuple):
    title: str
    template: Template
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)


def render_sheets(
    job: SheetJob, count: int, open_document: Callable[[str], tuple[Document, Faces]]
) -> dict[str, bytes]:
    """The PDF bytes: {"": one file} or, for manual duplex, {"fronts": ..., "backs": ...}.

    ``open_document(part)`` makes a Document and the Faces that draw into it, so that
    every form is defined in the file that uses it.
    """
    t = job.template
    total = sheet_count(t, count)
    if job.duplex == "manual" and t.backs and not t.fold:
        fronts, backs = open_document("fronts"), open_document("backs")
    else:
        fronts = backs = open_document("")
    # One sheet's placements at a time: a deck of thousands of cards holds no more.
    for sheet in sheets_of(t, count, job.duplex, job.back_offset):
        if t.fold:  # fronts and backs on one side of the paper
            _page(*fronts, t, sheet, sheet.fronts, sheet.backs, job, total)
            continue
        _page(*fronts, t, sheet, sheet.fronts, (), job, total)
        if sheet.backs:
            _page(*backs, t, sheet, (), sheet.backs, job, total)
    if backs is fronts:
        return {"": fronts[0].finish()}
    return {"fronts": fronts[0].finish(), "backs": backs[0].finish()}


def _page(
    doc: Document,
    faces: Faces,
    t: Template,
    sheet: Sheet,
    fronts: Sequence[Placement],
    backs: Sequence[Placement],
    job: SheetJob,
    count: int,
) -> None:
    canvas = doc.canvas
    doc.page_size(t.paper_width, t.paper_height)
    # Forms are defined before the page's own drawing starts.
    forms = [faces.front(p.item) for p in fronts] + [faces.back(p.item) for p in backs]
    placements = [*fronts, *backs]
    for placement, form in zip(placements, forms, strict=True):
        if form is not None:
            stamp(canvas, form, placement)
    lines = _marks(canvas, t, fronts) if fronts else []
    fold = fold_line(t)
    if fold is not None:
        lines.append(_fold(canvas, t, fold))
    if fronts and t.registration is not None:
        _registration(canvas, t)
        # Nothing else is printed near a mark: its keep-out room blocks the labels.
        lines += [Line(z.x, z.y, z.right, z.top) for z in mark_zones(t)]
    if not t.labels:
        canvas.showPage()
        return
    side = "fronts and backs" if fronts and backs else "fronts" if fronts else "backs"
    texts = [
        f"{job.title} · sheet {sheet.number} of {count} · {side}",
        instructions(t, job.duplex, bool(fronts)),
    ]
    settings = mark_settings(t) if fronts else None
    if settings:
        texts.append(settings)
    _labels(canvas, t, placements, lines, texts)
    canvas.showPage()


def _fold(canvas, t: Template, fold: Line) -> Line:
    """The fold line, dashed, from one printable margin to the other; returns it as drawn."""
    inset = EDGE
    if fold.y1 == fold.y2:
        line = Line(inset, fold.y1, t.paper_width - inset, fold.y2)
    else:
        line = Line(fold.x1, inset, fold.x2, t.paper_height - inset)
    canvas.saveState()
    canvas.setStrokeColor(hex_color("#7a7a7a"))
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    canvas.line(line.x1, line.y1, line.x2, line.y2)
    canvas.restoreState()
    return line


def _registration(canvas, t: Template) -> None:
    """The cutting machine's registration marks, solid black."""
    canvas.saveState()
    canvas.setFillColor(hex_color("#000000"))
    for r in mark_rects(t):
        canvas.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
    canvas.restoreState()


def stamp(canvas, form: str, placement: Placement) -> None:
    """Draw a face form at its slot, clipped to the slot's bleed."""
    trim, clip = placement.trim, placement.clip
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(clip.x, clip.y, clip.w, clip.h)
    canvas.clipPath(path, stroke=0, fill=0)
    if placement.rotated:
        canvas.translate(trim.right, trim.top)
        canvas.rotate(180)
    else:
        canvas.translate(trim.x, trim.y)
    canvas.doForm(form)
    canvas.restoreState()


def _marks(canvas, t: Template, placements: Sequence[Placement]) -> list:
    """Crop marks for the slots in use, and cut lines; returns the crop marks' lines."""
    lines = crop_marks(t, [p.slot for p in placements])
    canvas.saveState()
    # A white line under a black one: the mark shows over dark bleed and white paper.
    for width, color in ((1.4, "#ffffff"), (0.4, "#000000")):
        canvas.setStrokeColor(hex_color(color))
        canvas.setLineWidth(width)
        for line in lines:
            canvas.line(line.x1, line.y1, line.x2, line.y2)
    if t.cut_lines:
        canvas.setStrokeColor(hex_color("#7a7a7a"))
        canvas.setLineWidth(0.4)
        for placement in placements:
            r = placement.trim
            canvas.roundRect(r.x, r.y, r.w, r.h, t.corner_radius, stroke=1, fill=0)
    canvas.restoreState()
    return lines


def _labels(canvas, t: Template, placements: Sequence[Placement], marks, texts: list[str]):
    """Each line of text in the longest free margin run that holds it; a line that fits
    nowhere is left off (the print guide says the same)."""
    from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

    ascent, descent = getAscentDescent(BODY, _LABEL_SIZE)
    leading = _LABEL_SIZE * _LABEL_LEADING
    inked = [p.clip for p in placements]
    spots = label_spots((t.paper_width, t.paper_height), inked, marks)
    used = [0] * len(spots)  # lines already set in each spot
    canvas.saveState()
    canvas.setFillColor(hex_color("#5e5e5e"))
    canvas.setFont(BODY, _LABEL_SIZE)
    queue = list(texts)
    while queue:
        text = queue.pop(0)
        width = stringWidth(text, BODY, _LABEL_SIZE)
        # A run that already holds a line comes first, so that the lines stay together.
        for i in sorted(range(len(spots)), key=lambda i: (-used[i], -spots[i].length)):
            spot = spots[i]
            # Each line needs its whole height in the run.
            offset = used[i] * leading
            if width > spot.length or offset + ascent - descent > spot.depth:
                continue
            middle = (spot.start + spot.end) / 2
            canvas.saveState()
            # Lines read down the run as in a paragraph: in a side margin the text is
            # turned to read from bottom to top, so the next line lies to its right.
            if spot.vertical:
                canvas.translate(spot.lo + ascent + offset, middle)
                canvas.rotate(90)
            else:
                canvas.translate(middle, spot.hi - ascent - offset)
            canvas.drawCentredString(0, 0, text)
            canvas.restoreState()
            used[i] += 1
            break
        else:  # too long for every run: set it as two shorter lines, if it has words to split
            halves = _halves(text)
            if halves:
                queue[:0] = halves
    canvas.restoreState()


def _halves(text: str) -> list[str] | None:
    """A line split in two at the space nearest its middle; None for a single word."""
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return None
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1 :]]
