"""The print sheets of a deck: its PDF (or -fronts and -backs for manual duplex), a
cutting machine's cut files, and the proof images cut from the sheets just drawn."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TypeVar

from ..values.design import CardSet, sheet_slots
from ..values.model import Template
from ..values.settings import DEFAULT_TEMPLATE, Settings
from ..words import say
from .files import Job, KeyedPdf, Printed
from .request import Request

__all__ = [
    "jobs",
    "page_patterns",
    "proof_pattern",
    "sheet_files",
    "sheet_parts",
    "sheets_name",
    "superseded_by",
]


T = TypeVar("T")


def jobs(request: Request, cards: CardSet) -> list[Job]:
    """The kit's sheets and proof of one deck."""
    template, settings = request.template, request.settings
    target = request.out / sheets_name(cards, settings)
    make = partial(sheet_files, cards, template, settings, target, settings.proofs)
    return [
        Job(
            say("kit.sheets", deck=cards.name), make, 7, _printed(cards, template, settings, target)
        )
    ]


def _printed(cards: CardSet, template: Template, settings: Settings, target: Path):
    """The sheets as the print guide lists them: one file, or manual duplex's two."""
    slots = sheet_slots(cards, settings.aids, template.per_sheet, template.backs)
    count = -(-len(slots) // template.per_sheet)
    sheets = say("guide.sheets-one" if count == 1 else "guide.sheets-many", count=count)
    if settings.duplex == "manual" and template.backs and not template.fold:
        return tuple(
            Printed(
                f"{target.stem}-{part}.pdf",
                say(f"guide.file-{part}", deck=cards.name, sheets=sheets),
                2,
            )
            for part in ("fronts", "backs")
        )
    if template.fold:
        how = "guide.file-sheets-fold"
    elif template.backs and settings.duplex != "none":
        how = "guide.file-sheets"
    else:
        how = "guide.file-sheets-one-side"
    what = say(how, deck=cards.name, sheets=sheets)
    if cards.images:  # a folder of images: which files the cards are
        files = [Path(card.values["face"]).name for card in cards.cards]
        what += " " + say("guide.from-images", source=cards.images, first=files[0], last=files[-1])
    return (Printed(target.name, what, 2),)


def sheets_name(deck, settings: Settings, template: Template | None = None) -> str:
    """The sheets' file name: the deck's id, and -ink-saver for the ink saver's version.
    Given the ``template``, as the sheets command names its file, also what differs from
    the kit's own sheets (another template, short-edge or no duplex), so that it never
    replaces them: ``dead-mens-deck-a4-3x3-short.pdf``."""
    parts = [deck.id]
    if template is not None:
        if template.name != DEFAULT_TEMPLATE:
            parts.append(template.name)
        parts.append({"short": "short", "none": "fronts-only"}.get(settings.duplex, ""))
    if settings.ink_saver:
        parts.append("ink-saver")
    return "-".join(part for part in parts if part) + ".pdf"


def proof_pattern(sheets: Path) -> Path:
    """The proofs cut from the sheets at ``sheets``, as a pattern."""
    return sheets.with_name(f"{sheets.stem}-proof-*.png")


def superseded_by(sheets: Path) -> list[Path]:
    """What a new build of the sheets at ``sheets`` supersedes, as patterns: the proofs
    cut from them, their errata and their page images (a deck that shrank, or a build
    with no errata, leaves none of the old ones behind)."""
    return [
        proof_pattern(sheets),
        sheets.with_name(f"{sheets.stem}-errata*"),
        *page_patterns(sheets),
    ]


def page_patterns(sheets: Path) -> list[Path]:
    """The page images of the sheets at ``sheets`` (and of manual duplex's two files), as
    patterns."""
    return [
        sheets.with_name(f"{sheets.stem}{part}-page-*.png") for part in ("", "-fronts", "-backs")
    ]


def sheet_files(
    cards: CardSet,
    template: Template,
    settings: Settings,
    target: Path,
    proof: bool = False,
) -> Iterator[tuple[Path, bytes]]:
    """A deck's print sheets at ``target``, as (path, bytes) made one after another;
    manual duplex adds -fronts and -backs to its name, and a template for a cutting
    machine adds its cut files (-cut.svg, -cut.dxf). With ``proof``, the deck's proof
    images beside them, cut from the sheets just drawn, each let go once it is taken."""
    from ..render.sheets import drawn_sheets

    if settings.page_images:
        _check_page_images(template, target)
    drawn = drawn_sheets(cards, template, settings)
    parts = drawn.parts
    files = _sheets_and_cuts(parts, target, template, cards.name)
    keys = sheet_parts(drawn.page_keys, target) if settings.cache is not None else {}
    for path, data in files.items():
        yield path, KeyedPdf(data, keys[path], settings.cache) if path in keys else data
    if settings.page_images:
        for path in sheet_parts(parts, target):
            yield from _page_images(files[path], path)
    if proof:
        redraw = partial(drawn_sheets, cards, template)
        yield from _cut_proofs(drawn, redraw, template, settings, cards, target.parent)


def sheet_parts(parts: dict[str, T], target: Path) -> dict[Path, T]:
    """The files of sheets drawn as ``parts`` ("": one file; manual duplex's "fronts" and
    "backs"), or anything kept by part: ``target``, or its -fronts and -backs."""
    if "" in parts:
        return {target: parts[""]}
    return {target.with_name(f"{target.stem}-{part}{target.suffix}"): data
            for part, data in parts.items()}  # fmt: skip


#: The largest page drawn as a page image (A1 at 300 dpi is 70 million pixels): a larger
#: one would take gigabytes to draw.
MOST_PAGE_PIXELS = 80_000_000


def _check_page_images(template: Template, target: Path) -> None:
    """A RenderError before anything is drawn, if the sheets' pages are too large to be
    drawn as page images."""
    from ..errors import RenderError
    from ..values.cardsizes import format_size
    from ..values.printspec import SHARP_DPI
    from ..words import amount

    side = SHARP_DPI / 72
    if template.paper_width * side * template.paper_height * side > MOST_PAGE_PIXELS:
        raise RenderError.said(
            "sheets.page-images-too-large",
            file=target.name,
            size=format_size((template.paper_width, template.paper_height)),
            dpi=SHARP_DPI,
            most=amount(MOST_PAGE_PIXELS // 1_000_000),
        )


def _page_images(pdf, path: Path) -> Iterator[tuple[Path, bytes]]:
    """Every page of the sheets at ``path`` as a PNG at print resolution, beside it:
    ``<name>-page-01.png`` and on."""
    import pypdfium2 as pdfium

    from ..render.pdf import pdf_bytes
    from ..render.raster import page_images
    from ..values.printspec import SHARP_DPI

    data = pdf_bytes(pdf)
    document = pdfium.PdfDocument(data)
    count = len(document)
    document.close()
    digits = max(2, len(str(count)))
    for index, png in page_images(data, count, SHARP_DPI):
        yield path.with_name(f"{path.stem}-page-{index + 1:0{digits}}.png"), png


def _sheets_and_cuts(parts: dict[str, bytes], target: Path, template: Template, name: str):
    """The sheets' files (``sheet_parts``) and, for a cutting machine's template, its cut
    files (-cut.svg, -cut.dxf), one sheet's worth."""
    files = sheet_parts(parts, target)
    if template.cut_file:
        from ..render.cutfile import cut_dxf, cut_svg

        files[target.with_name(f"{target.stem}-cut.svg")] = cut_svg(template, name)
        files[target.with_name(f"{target.stem}-cut.dxf")] = cut_dxf(template)
    return files


def _cut_proofs(drawn, redraw, template: Template, settings: Settings, cards: CardSet, out: Path):
    """A deck's proof images in ``out`` (every front, then each distinct back), made one
    at a time and cut from its sheets just drawn (``drawn``, a ``render.sheets.Sheets``),
    so every card is drawn once for both; each image of pages unchanged since an earlier
    build is taken from the cache folder. Manual duplex's fronts and backs are two
    files: the sheets are drawn again as one long-edge file (``redraw(settings)``)."""
    from ..render.raster import proof_from_sheets
    from ..resources.formcache import FormCache

    duplex = settings.duplex
    if "" not in drawn.parts:
        drawn, duplex = redraw(settings._replace(duplex="long")), "long"
    printed = template.backs and duplex != "none"
    backs_of = [cards.back_key(card) if printed else "" for card in cards.cards]
    kept = FormCache(settings.cache) if settings.cache is not None else None
    proofs = proof_from_sheets(
        drawn.parts[""], template, duplex, backs_of, cards.name, drawn.page_keys[""], kept
    )
    stem = sheets_name(cards, settings).removesuffix(".pdf")
    for number, png in enumerate(proofs, start=1):
        yield out / f"{stem}-proof-{number}.png", png
