"""The preflight's rules: pure judgements over the facts read back from a PDF.

Each rule looks at one page (or the whole document) and says what it saw and whether
that passes. The numbers are the print trade's: text at least 6 pt (8 pt on an
identification sheet, 9 pt for a book's body), nothing but a card's bleed and crop marks
within 5 mm of a paper edge, crop marks clear of the bleed, the page exactly its paper,
pictures at 300 dpi or more (150 at the least, but in a draft), and a file that asks to
print at actual size and on the right duplex edge.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ..units import mm
from ..values.papers import PAPER_SIZES as PAPERS
from ..values.papers import paper_name
from ..values.printspec import DUPLEX_NAMES, EDGE, KINDS
from .facts import DocumentFacts, PageFacts

__all__ = [
    "FLOOR_DPI",
    "MIN_DPI",
    "PAPERS",
    "Expect",
    "Finding",
    "check_document",
    "check_page",
]

#: The least resolution a raster picture may be printed at.
MIN_DPI = 300
#: Under MIN_DPI a picture prints softer (a warning); under FLOOR_DPI, blurred (a failure,
#: but in a draft).
FLOOR_DPI = 150


class Expect(NamedTuple):
    """What a document is meant to be: its kind, its paper and how it is printed."""

    kind: str = "other"
    paper: str | None = None  # a name in PAPERS, or None for any of them
    duplex: str | None = None  # "long", "short" or "simplex"; None: any, but stated
    draft: bool = False  # a draft asked for: pictures under FLOOR_DPI only warn


class Finding(NamedTuple):
    page: int | None  # None for the whole document
    check: str
    level: str  # "ok", "warn" or "fail"
    detail: str


def check_page(page: PageFacts, expect: Expect) -> list[Finding]:
    rules = (_fonts, _glyphs, _text_size, _edges, _marks, _paper, _images)
    return [rule(page, expect) for rule in rules]


def check_document(doc: DocumentFacts, expect: Expect) -> list[Finding]:
    findings = [
        Finding(
            None,
            "print scaling",
            "fail" if doc.print_scaling is not False else "ok",
            "asks for actual size (/PrintScaling /None)"
            if doc.print_scaling is False
            else "lets the reader shrink the page to fit: set /PrintScaling /None",
        )
    ]
    wanted = DUPLEX_NAMES.get(expect.duplex or "")
    if doc.duplex is None:
        findings.append(Finding(None, "duplex", "fail", "states no /Duplex for the printer"))
    elif wanted and doc.duplex != wanted:
        findings.append(
            Finding(None, "duplex", "fail", f"says /{doc.duplex}; it is printed /{wanted}")
        )
    else:
        findings.append(Finding(None, "duplex", "ok", f"/{doc.duplex}"))
    return findings


def _glyphs(page: PageFacts, _expect: Expect) -> Finding:
    if page.notdef:
        shown = (
            " ".join(page.notdef[0].split()).replace("\x00", "\u2588").replace("\ufffd", "\u2588")
        )
        return Finding(
            page.number,
            "glyphs",
            "fail",
            f"{len(page.notdef)} characters drawn with no glyph in their font (a blank box), "
            f"first in \u201c{shown}\u201d; set them in a font that has them",
        )
    return Finding(page.number, "glyphs", "ok", "every character has its glyph")


def _fonts(page: PageFacts, expect: Expect) -> Finding:
    missing = sorted(name for name, embedded in page.fonts.items() if not embedded)
    if missing:
        return Finding(page.number, "fonts", "fail", "not embedded: " + ", ".join(missing))
    return Finding(page.number, "fonts", "ok", f"{len(page.fonts)} embedded")


def _text_size(page: PageFacts, expect: Expect) -> Finding:
    least, body_least = KINDS.get(expect.kind, KINDS["other"])
    if not page.chars:
        return Finding(page.number, "text size", "ok", "no text")
    smallest = min(page.chars, key=lambda c: c.size)
    if smallest.size < least - 0.05:
        where = _near(page, smallest.box)
        return Finding(
            page.number,
            "text size",
            "fail",
            f"{smallest.size:.1f} pt text ({where}); the least is {least:g} pt",
        )
    sizes = Counter(round(c.size, 1) for c in page.chars)
    body = sizes.most_common(1)[0][0]
    if body < body_least - 0.05 and sum(sizes.values()) >= 200:
        return Finding(
            page.number,
            "text size",
            "fail",
            f"body text {body:.1f} pt; a {expect.kind} page's body is at least {body_least:g} pt",
        )
    return Finding(page.number, "text size", "ok", f"{smallest.size:.1f} pt at least")


def _edges(page: PageFacts, expect: Expect) -> Finding:
    worst = None
    for char in page.chars:
        gap = min(char.box.x0, char.box.y0, page.width - char.box.x1, page.height - char.box.y1)
        if worst is None or gap < worst[0]:
            worst = (gap, char)
    if worst is None:
        return Finding(page.number, "edges", "ok", "no text")
    gap, char = worst
    if gap < EDGE - 0.01 * mm:
        return Finding(
            page.number,
            "edges",
            "fail",
            f"text {gap / mm:.1f} mm from the paper's edge ({_near(page, char.box)}); "
            "printers cannot print within 5 mm",
        )
    return Finding(page.number, "edges", "ok", f"text {gap / mm:.1f} mm in at least")


def _marks(page: PageFacts, expect: Expect) -> Finding:
    if not page.marks:
        return Finding(page.number, "marks", "ok", "none")
    for mark in page.marks:
        for card in page.cards:
            if mark.box.distance(card) <= 0.0:
                return Finding(
                    page.number,
                    "marks",
                    "fail",
                    f"a mark at {_at(mark.box)} runs into a card's bleed; start it outside",
                )
    outside = [
        m
        for m in page.marks
        if min(m.box.x0, m.box.y0, page.width - m.box.x1, page.height - m.box.y1) < EDGE
        and _fully_in_edge(m.box, page)
    ]
    if outside:
        return Finding(
            page.number,
            "marks",
            "warn",
            f"{len(outside)} of {len(page.marks)} marks lie wholly within 5 mm of the edge, "
            "where many printers cannot print; the layout leaves them no room",
        )
    return Finding(page.number, "marks", "ok", f"{len(page.marks)} clear of the bleed")


def _fully_in_edge(box, page: PageFacts) -> bool:
    return (
        box.x1 <= EDGE
        or box.y1 <= EDGE
        or box.x0 >= page.width - EDGE
        or box.y0 >= page.height - EDGE
    )


def _paper(page: PageFacts, expect: Expect) -> Finding:
    size = f"{page.width / mm:.1f} x {page.height / mm:.1f} mm"
    name = paper_name(page.width, page.height)
    if name is not None and (expect.paper in (None, "custom") or name == expect.paper):
        return Finding(page.number, "paper", "ok", f"{name} ({size})")
    if expect.paper == "custom":  # a template's own paper: the file says so
        return Finding(page.number, "paper", "ok", f"custom paper ({size})")
    wanted = expect.paper or "a known paper size"
    return Finding(page.number, "paper", "fail", f"{size} is not {wanted} (within 0.1 mm)")


def _images(page: PageFacts, expect: Expect) -> Finding:
    if not page.images:
        return Finding(page.number, "images", "ok", "none")
    low = min(page.images, key=lambda i: i.dpi)
    if low.dpi < MIN_DPI - 0.5:
        level = "fail" if low.dpi < FLOOR_DPI - 0.5 and not expect.draft else "warn"
        return Finding(
            page.number,
            "images",
            level,
            f"a {low.pixels[0]} x {low.pixels[1]} px picture prints at {low.dpi:.0f} dpi "
            f"({_at(low.box)}); {MIN_DPI} dpi or more prints sharp",
        )
    return Finding(page.number, "images", "ok", f"{low.dpi:.0f} dpi at least")


def _at(box) -> str:
    return f"{box.x0 / mm:.1f}, {box.y0 / mm:.1f} mm from the bottom left"


def _near(page: PageFacts, box) -> str:
    words = "".join(c.text for c in page.chars if c.box.distance(box) < 12)[:24]
    return f'"{words}" at {box.x0 / mm:.1f}, {box.y0 / mm:.1f} mm'
