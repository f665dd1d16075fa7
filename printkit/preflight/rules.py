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

from ..limits import MAX_PIXELS
from ..units import mm
from ..values.papers import PAPER_SIZES as PAPERS
from ..values.papers import paper_name
from ..values.printspec import DUPLEX_NAMES, EDGE, KINDS, SHARP_DPI, resolution
from ..words import amount, say
from .facts import DocumentFacts, PageFacts

__all__ = [
    "PAPERS",
    "Expect",
    "Finding",
    "check_document",
    "check_page",
]


class Expect(NamedTuple):
    """What a document is meant to be: its kind, its paper and how it is printed."""

    kind: str = "other"
    paper: str | None = None  # a name in PAPERS, or None for any of them
    duplex: str | None = None  # "long", "short" or "simplex"; None: any, but stated
    draft: bool = False  # a draft asked for: blurred pictures only warn


class Finding(NamedTuple):
    page: int | None  # None for the whole document
    check: str  # its id: "fonts", "text-size"... (its name: the words' preflight.check.*)
    level: str  # "ok", "warn" or "fail"
    detail: str  # what it saw, in the language spoken


def check_page(page: PageFacts, expect: Expect) -> list[Finding]:
    rules = (_fonts, _glyphs, _text_size, _edges, _marks, _paper, _images)
    return [rule(page, expect) for rule in rules]


def check_document(doc: DocumentFacts, expect: Expect) -> list[Finding]:
    findings = [
        Finding(
            None,
            "print-scaling",
            "fail" if doc.print_scaling is not False else "ok",
            say("preflight.scaling-actual")
            if doc.print_scaling is False
            else say("preflight.scaling-shrinks"),
        )
    ]
    wanted = DUPLEX_NAMES.get(expect.duplex or "")
    if doc.duplex is None:
        findings.append(Finding(None, "duplex", "fail", say("preflight.duplex-none")))
    elif wanted and doc.duplex != wanted:
        findings.append(
            Finding(
                None,
                "duplex",
                "fail",
                say("preflight.duplex-other", duplex=doc.duplex, wanted=wanted),
            )
        )
    else:
        findings.append(
            Finding(None, "duplex", "ok", say("preflight.duplex-ok", duplex=doc.duplex))
        )
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
            say("preflight.glyphs-missing", count=len(page.notdef), text=shown),
        )
    return Finding(page.number, "glyphs", "ok", say("preflight.glyphs-ok"))


def _fonts(page: PageFacts, expect: Expect) -> Finding:
    missing = sorted(name for name, embedded in page.fonts.items() if not embedded)
    if missing:
        return Finding(
            page.number, "fonts", "fail", say("preflight.fonts-missing", fonts=", ".join(missing))
        )
    return Finding(page.number, "fonts", "ok", say("preflight.fonts-ok", count=len(page.fonts)))


def _text_size(page: PageFacts, expect: Expect) -> Finding:
    least, body_least = KINDS.get(expect.kind, KINDS["other"])
    if not page.chars:
        return Finding(page.number, "text-size", "ok", say("preflight.no-text"))
    smallest = min(page.chars, key=lambda c: c.size)
    if smallest.size < least - 0.05:
        where = _near(page, smallest.box)
        return Finding(
            page.number,
            "text-size",
            "fail",
            say(
                "preflight.text-small", size=amount(smallest.size, 1), where=where, least=_g(least)
            ),
        )
    sizes = Counter(round(c.size, 1) for c in page.chars)
    body = sizes.most_common(1)[0][0]
    if body < body_least - 0.05 and sum(sizes.values()) >= 200:
        return Finding(
            page.number,
            "text-size",
            "fail",
            say(
                "preflight.body-small",
                size=amount(body, 1),
                kind=say(f"preflight.kind.{expect.kind}"),
                least=_g(body_least),
            ),
        )
    return Finding(
        page.number, "text-size", "ok", say("preflight.text-ok", size=amount(smallest.size, 1))
    )


def _edges(page: PageFacts, expect: Expect) -> Finding:
    worst = None
    for char in page.chars:
        gap = min(char.box.x0, char.box.y0, page.width - char.box.x1, page.height - char.box.y1)
        if worst is None or gap < worst[0]:
            worst = (gap, char)
    if worst is None:
        return Finding(page.number, "edges", "ok", say("preflight.no-text"))
    gap, char = worst
    if gap < EDGE - 0.01 * mm:
        return Finding(
            page.number,
            "edges",
            "fail",
            say("preflight.edge-near", gap=amount(gap / mm, 1), where=_near(page, char.box)),
        )
    return Finding(page.number, "edges", "ok", say("preflight.edge-ok", gap=amount(gap / mm, 1)))


def _marks(page: PageFacts, expect: Expect) -> Finding:
    if not page.marks:
        return Finding(page.number, "marks", "ok", say("preflight.marks-none"))
    for mark in page.marks:
        for card in page.cards:
            if mark.box.distance(card) <= 0.0:
                return Finding(
                    page.number,
                    "marks",
                    "fail",
                    say("preflight.mark-in-bleed", at=_at(mark.box)),
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
            say("preflight.marks-at-edge", count=len(outside), total=len(page.marks)),
        )
    return Finding(page.number, "marks", "ok", say("preflight.marks-ok", count=len(page.marks)))


def _fully_in_edge(box, page: PageFacts) -> bool:
    return (
        box.x1 <= EDGE
        or box.y1 <= EDGE
        or box.x0 >= page.width - EDGE
        or box.y0 >= page.height - EDGE
    )


def _paper(page: PageFacts, expect: Expect) -> Finding:
    size = say(
        "preflight.size", width=amount(page.width / mm, 1), height=amount(page.height / mm, 1)
    )
    name = paper_name(page.width, page.height)
    if name is not None and (expect.paper in (None, "custom") or name == expect.paper):
        return Finding(page.number, "paper", "ok", say("preflight.paper-ok", paper=name, size=size))
    if expect.paper == "custom":  # a template's own paper: the file says so
        return Finding(page.number, "paper", "ok", say("preflight.paper-custom", size=size))
    wanted = expect.paper or say("preflight.paper-any")
    return Finding(
        page.number, "paper", "fail", say("preflight.paper-wrong", size=size, paper=wanted)
    )


#: A picture's side as a PDF may give it: pdfium reads a negative /Width as a number
#: past this, and a picture of no pixels prints nothing.
_MOST_SIDE = 2**31 - 1
#: Finer than this, a picture's pixels are more than any printer prints: many millions
#: of them are only a file too slow to print, or a picture built to stall a printer.
_FINEST_DPI = 1200


def _images(page: PageFacts, expect: Expect) -> Finding:
    if not page.images:
        return Finding(page.number, "images", "ok", say("preflight.images-none"))
    for image in page.images:
        width, height = image.pixels
        if not (0 < width <= _MOST_SIDE and 0 < height <= _MOST_SIDE):
            return Finding(
                page.number, "images", "fail",
                say("preflight.image-broken", width=width, height=height, at=_at(image.box)),
            )  # fmt: skip
    for image in page.images:
        width, height = image.pixels
        if width * height > MAX_PIXELS and image.dpi > _FINEST_DPI:
            return Finding(
                page.number, "images", "warn",
                say("preflight.image-huge", width=amount(width), height=amount(height),
                    dpi=amount(round(image.dpi)), at=_at(image.box), most=_FINEST_DPI),
            )  # fmt: skip
    low = min(page.images, key=lambda i: i.dpi)
    printed = resolution(low.dpi)
    if printed != "sharp":
        level = "fail" if printed == "blurred" and not expect.draft else "warn"
        return Finding(
            page.number,
            "images",
            level,
            say(
                "preflight.image-soft",
                width=low.pixels[0],
                height=low.pixels[1],
                dpi=f"{low.dpi:.0f}",
                at=_at(low.box),
                least=SHARP_DPI,
            ),
        )
    return Finding(page.number, "images", "ok", say("preflight.images-ok", dpi=f"{low.dpi:.0f}"))


def _at(box) -> str:
    return say("preflight.at", x=amount(box.x0 / mm, 1), y=amount(box.y0 / mm, 1))


def _g(points: float) -> str:
    """A whole or half size as the language writes it: "6", "8,5"."""
    return amount(points, 0 if points == int(points) else 1)


def _near(page: PageFacts, box) -> str:
    words = "".join(c.text for c in page.chars if c.box.distance(box) < 12)[:24]
    return say("preflight.near", text=words, x=amount(box.x0 / mm, 1), y=amount(box.y0 / mm, 1))
