"""Put card faces into a template's slots and write the sheets: fronts, then their backs.

Each fronts page is followed by its backs page (duplex long or short), or all backs go
to a second file (manual). Every face is a form, placed at the slot's trim box and
clipped to the slot's bleed; every back sits where ``impose.back_of`` says, which is
what makes it land behind its own front.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..layout.impose import Placement, Sheet, crop_marks, impose
from ..layout.templates import Template
from ..units import mm
from .fonts import BODY
from .pdf import Document, hex_color

__all__ = ["Faces", "SheetJob", "render_sheets", "stamp"]

_DUPLEX_WORDS = {
    "long": "print double-sided, flip on the long edge",
    "short": "print double-sided, flip on the short edge",
    "manual": "print the fronts file, turn the stack over on its long edge, print the backs file",
    "none": "fronts only",
}


class Faces(Protocol):
    """Draws the things being printed into one document: item ``i``'s front and back forms."""

    def front(self, index: int) -> str: ...

    def back(self, index: int) -> str | None: ...


@dataclass(frozen=True)
class SheetJob:
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
    sheets = impose(t, count, job.duplex, job.back_offset)
    if job.duplex == "manual" and t.backs:
        fronts, backs = open_document("fronts"), open_document("backs")
    else:
        fronts = backs = open_document("")
    for sheet in sheets:
        _page(*fronts, t, sheet, sheet.fronts, job, front=True, count=len(sheets))
        if sheet.backs:
            _page(*backs, t, sheet, sheet.backs, job, front=False, count=len(sheets))
    if backs is fronts:
        return {"": fronts[0].finish()}
    return {"fronts": fronts[0].finish(), "backs": backs[0].finish()}


def _page(
    doc: Document,
    faces: Faces,
    t: Template,
    sheet: Sheet,
    placements: Sequence[Placement],
    job: SheetJob,
    front: bool,
    count: int,
) -> None:
    canvas = doc.canvas
    doc.page_size(t.paper_width, t.paper_height)
    # Forms are defined before the page's own drawing starts.
    forms = [faces.front(p.item) if front else faces.back(p.item) for p in placements]
    for placement, form in zip(placements, forms, strict=True):
        if form is not None:
            stamp(canvas, form, placement)
    if front:
        _marks(canvas, t, placements)
    side = "fronts" if front else "backs"
    _label(
        canvas,
        t,
        f"{job.title} · sheet {sheet.number} of {count} · {side} · "
        f"{t.name} · {_DUPLEX_WORDS[job.duplex]}",
    )
    canvas.showPage()


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


def _marks(canvas, t: Template, placements: Sequence[Placement]) -> None:
    canvas.saveState()
    if t.crop_marks:
        lines = crop_marks(t)
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


def _label(canvas, t: Template, text: str) -> None:
    """A line of print instructions, turned, in the left margin when there is room."""
    room = t.left - t.bleed
    if room < 5 * mm:
        return
    canvas.saveState()
    canvas.setFillColor(hex_color("#6b6b6b"))
    canvas.setFont(BODY, 6.5)
    canvas.translate(room / 2 + 1.0, t.paper_height / 2)
    canvas.rotate(90)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()
