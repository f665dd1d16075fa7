"""A deck's print sheets: its cards' fronts and backs imposed on a template, as PDF bytes.

Each fronts page is followed by its backs page (duplex long or short), or all backs go
to a second file (manual). The geometry (``layout.plan``) makes each page's whole plan;
this draws it: every face a form, placed at its slot's trim box and clipped to the
slot's bleed, every back where the plan says (behind its own front), then the marks,
the lines and the labels.
"""

from __future__ import annotations

from typing import NamedTuple

from ..layout.design import scaled_set
from ..layout.impose import Placement
from ..layout.plan import LABEL_SIZE, PagePlan, sheet_pages
from ..resources.formcache import FormCache
from ..units import format_mm
from ..values.design import CardSet, sheet_slots
from ..values.model import Template
from ..values.settings import Settings
from ..words import say
from .design import CardFaces
from .fonts import BODY
from .pdf import Document, hex_color

__all__ = ["Sheets", "card_sheets", "drawn_sheets", "instructions", "mark_settings", "stamp"]

#: How the printer is asked to print a file, for each duplex mode: manual duplex prints
#: each of its two files single-sided, turning the stack by hand.
_PRINTED = {"long": "long", "short": "short", "manual": "simplex", "none": "simplex"}


def instructions(t: Template, duplex: str, front: bool) -> str:
    """How to print this page, in a player's words."""
    if t.fold:
        return say("sheets.gutterfold")
    if not t.backs:
        return say("sheets.no-backs")
    if duplex == "none":
        return say("sheets.fronts-only")
    if duplex == "manual":
        return say("sheets.manual-fronts" if front else "sheets.manual-backs")
    return say("sheets.duplex", edge=say(f"edge.{duplex}"))


def mark_settings(t: Template) -> str | None:
    """The registration marks' settings to give the cutting software, in its own terms."""
    reg = t.registration
    if reg is None:
        return None
    return say(
        "sheets.marks",
        length=format_mm(reg.length),
        thickness=format_mm(reg.thickness),
        inset=format_mm(reg.inset),
    )


class Sheets(NamedTuple):
    """A deck's sheets as drawn: each file's PDF ({"": pdf}, or manual duplex's
    {"fronts": pdf, "backs": pdf}) and each file's page keys (``Document.end_page``)."""

    parts: dict[str, bytes]
    page_keys: dict[str, list[str | None]]


def card_sheets(cards: CardSet, t: Template, settings: Settings) -> dict[str, bytes]:
    """The deck's sheets on ``t``, its layouts drawn at the template's card size, with
    ``settings.aids`` player aids and blank cards after its cards: {"": pdf} or, for
    manual duplex, {"fronts": pdf, "backs": pdf}."""
    return drawn_sheets(cards, t, settings).parts


def drawn_sheets(cards: CardSet, t: Template, settings: Settings) -> Sheets:
    """``card_sheets``, with each page's key."""
    from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

    cards = scaled_set(cards, t.card_width, t.card_height)
    slots = sheet_slots(cards, settings.aids, t.per_sheet, t.backs)
    titled = "sheets.file-title-ink-saver" if settings.ink_saver else "sheets.file-title"
    title = say(titled, deck=cards.name)
    game = say("sheets.game", game=cards.game) if cards.game != cards.name else ""

    def texts(sheet: int, sheets: int, side: str, fronts: bool) -> list[str]:
        shown = say(f"sheets.side-{side}")
        lines = [
            say("sheets.label", deck=cards.name, sheet=sheet, sheets=sheets, side=shown),
            instructions(t, settings.duplex, fronts),
        ]
        marks = mark_settings(t) if fronts else None
        return [*lines, marks] if marks else lines

    documents: dict[str, tuple[Document, CardFaces]] = {}
    kept = FormCache(settings.cache) if settings.cache is not None else None

    def document(file: str) -> tuple[Document, CardFaces]:
        if file not in documents:  # each file defines every form it uses
            doc = Document(
                (t.paper_width, t.paper_height),
                title,
                say(
                    "sheets.file-subject",
                    count=len(cards.cards),
                    deck=cards.name,
                    game=game,
                    template=t.name,
                    part=say(f"sheets.side-{file or 'both'}"),
                ),
                kind="sheets",
                paper=t.paper,
                duplex=_PRINTED[settings.duplex] if t.backs and not t.fold else "simplex",
                draft=settings.draft,
                kept=kept,
            )
            around = "".join(
                "".join(texts(0, 0, side, fronts))
                for side in ("fronts", "backs", "both")
                for fronts in (True, False)
            )
            faces = CardFaces(doc, cards, settings.qr, settings.ink_saver, slots, around)
            documents[file] = (doc, faces)
        return documents[file]

    if settings.duplex == "manual" and t.backs and not t.fold:
        document("fronts"), document("backs")  # a deck of one sheet has both files too
    pages = sheet_pages(
        t, len(slots), settings.duplex, settings.back_offset, texts,
        lambda text: stringWidth(text, BODY, LABEL_SIZE), getAscentDescent(BODY, LABEL_SIZE),
    )  # fmt: skip
    for page in pages:
        _draw(*document(page.file), t, page)
    return Sheets(
        {file: doc.finish() for file, (doc, _) in documents.items()},
        {file: doc.page_keys for file, (doc, _) in documents.items()},
    )


def _draw(doc: Document, faces: CardFaces, t: Template, page: PagePlan) -> None:
    canvas = doc.canvas
    doc.page_size(t.paper_width, t.paper_height)
    # Forms are defined before the page's own drawing starts.
    forms = [faces.front(p.item) for p in page.fronts] + [faces.back(p.item) for p in page.backs]
    for placement, form in zip((*page.fronts, *page.backs), forms, strict=True):
        if form is not None:
            stamp(canvas, form, placement)
    if page.fronts:
        canvas.saveState()
        # A white line under a black one: the mark shows over dark bleed and white paper.
        for width, color in ((1.4, "#ffffff"), (0.4, "#000000")):
            canvas.setStrokeColor(hex_color(color))
            canvas.setLineWidth(width)
            for line in page.crop_marks:
                canvas.line(line.x1, line.y1, line.x2, line.y2)
        if page.outlines:
            canvas.setStrokeColor(hex_color("#7a7a7a"))
            canvas.setLineWidth(0.4)
            for r in page.outlines:
                canvas.roundRect(r.x, r.y, r.w, r.h, t.corner_radius, stroke=1, fill=0)
        canvas.restoreState()
    if page.fold is not None:
        canvas.saveState()
        canvas.setStrokeColor(hex_color("#7a7a7a"))
        canvas.setLineWidth(0.5)
        canvas.setDash(4, 3)
        canvas.line(page.fold.x1, page.fold.y1, page.fold.x2, page.fold.y2)
        canvas.restoreState()
    if page.registration:  # the cutting machine's marks, solid black
        canvas.saveState()
        canvas.setFillColor(hex_color("#000000"))
        for r in page.registration:
            canvas.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
        canvas.restoreState()
    if page.labels:
        canvas.saveState()
        canvas.setFillColor(hex_color("#5e5e5e"))
        canvas.setFont(BODY, LABEL_SIZE)
        for label in page.labels:
            canvas.saveState()
            canvas.translate(label.x, label.y)
            if label.turned:
                canvas.rotate(90)
            canvas.drawCentredString(0, 0, label.text)
            canvas.restoreState()
        canvas.restoreState()
    doc.end_page()


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
