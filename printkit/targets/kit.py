"""The whole kit: every file ``printkit build`` makes, as a list of jobs.

For each deck (a catalogue deck or a designed one, as one card set): its print sheets
(with player aids) and a proof sheet, and a catalogue deck's identification sheet and
rules when its deck.toml names them; once: the calibration page for the template, the
print guide and the table page. Each job makes the bytes of one or two files; the
command line runs the jobs (showing progress) and writes all their files together, or
none.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import NamedTuple

from ..values.design import CardSet
from ..values.model import Deck, Template
from ..values.settings import DEFAULT_TEMPLATE, Settings

__all__ = [
    "Job",
    "calibrated",
    "calibration_name",
    "calibration_note",
    "check_files",
    "gather",
    "kit_jobs",
    "paper_name",
    "paper_of",
    "proof_pattern",
    "rules_files",
    "sheet_files",
    "sheets_name",
    "table_files",
]


class Job(NamedTuple):
    what: str  # for the progress bar
    make: Callable[[], dict[Path, bytes]]
    cost: int = 1  # roughly how long it takes, to start the longest first


def longest_first(jobs: list[Job]) -> list[int]:
    """The jobs' indices, the costliest first (ties in their own order)."""
    return sorted(range(len(jobs)), key=lambda index: -jobs[index].cost)


def paper_of(template: Template) -> str:
    """The paper the kit's other documents use: A4 when the sheets are A4, else Letter."""
    return "a4" if template.paper in ("a3", "a4", "a5") else "letter"


def check_files(files: dict[Path, bytes]) -> list[str]:
    """Preflight every PDF about to be written (on both cores when it pays): raise on
    the first failure (so that nothing is written), return the warnings as lines."""
    from ..errors import RenderError
    from ..load.datafile import shown
    from ..parallel import run_shared
    from ..preflight import preflight

    pdfs = [(path, data) for path, data in files.items() if path.suffix == ".pdf"]
    reports = run_shared([partial(preflight, data, str(path)) for path, data in pdfs])
    warnings = []
    for (path, _), report in zip(pdfs, reports, strict=True):
        for finding in report.failures[:1]:
            raise RenderError(
                f"{shown(path)}: preflight failed on page {finding.page or '-'} "
                f"({finding.check}): {finding.detail}; nothing was written"
            )
        seen = set()
        for finding in report.warnings:
            if finding.detail not in seen:
                seen.add(finding.detail)
                warnings.append(f"{shown(path)}: {finding.check}: {finding.detail}")
    return warnings


def kit_jobs(
    sets: list[CardSet], template: Template, options: Settings, out: Path, watching: bool = False
) -> list[Job]:
    """What ``printkit build`` makes, as jobs: for every deck its sheets and proof, and a
    catalogue deck's identification sheet and rules when its deck.toml names them; the
    calibration page; the print guide; the table page for the first deck of playing
    cards. ``watching`` (a rebuild after an edit) leaves out what no edit of a designed
    deck changes (the guide), and packs the proofs faster."""
    paper = paper_of(template)
    jobs: list[Job] = []
    for cards in sets:
        target = out / sheets_name(cards, options)
        sheets = partial(sheet_files, cards, template, options, target, True, watching)
        jobs.append(Job(f"{cards.name}: card sheets and proof", sheets, 7))
        deck = cards.deck
        if deck is not None and deck.idsheet:
            jobs.append(Job(f"{deck.name}: identification sheet", _idsheet(cards, paper, out)))
        if deck is not None and deck.rules:
            rules = out / f"{deck.rules.output}.pdf"
            booklet = deck.rules.layout == "book"
            rulebook = partial(rules_files, deck, paper, rules, booklet, cards.art)
            jobs.append(Job(f"{deck.name}: rules", rulebook, 8 if booklet else 1))
    if calibrated(template, options):
        edge = "short" if options.duplex == "short" else "long"
        jobs.append(Job("calibration page", _calibration(template, edge, out / "calibration.pdf")))
    if not watching:
        jobs.append(Job("print guide", _guide(sets, template, options, out)))
    table = next((c for c in sets if c.deck is not None and c.deck.playing_cards), None)
    if table is not None:  # the companion for phones, for the first playing-card deck
        page = partial(table_files, table.deck, table.art, out / "table.html")
        jobs.append(Job("table page", page))
    return jobs


def calibrated(template: Template, options: Settings) -> bool:
    """Whether the kit has a calibration page: when its cards have backs to line up, and
    the paper has room for the page (a build on smaller paper says so and goes on)."""
    if not template.backs or options.duplex == "none":
        return False
    from ..render.calibrate import calibration_fits

    return calibration_fits(template, "short" if options.duplex == "short" else "long")


def calibration_note(template: Template, options: Settings) -> list[str]:
    """The line a build prints when its cards have backs but the paper has no room for a
    calibration page."""
    if template.backs and options.duplex != "none" and not calibrated(template, options):
        return [
            f"the {template.name} paper has no room for a calibration page (it needs 140 mm "
            "by about 190 mm): line the backs up with one printed from a Letter or A4 "
            "template on the same printer"
        ]
    return []


def table_files(deck: Deck, art, target: Path) -> dict[Path, bytes]:
    """The table page for a deck of playing cards, at ``target``. The deck is the
    player's (any --data-dir); the draw! decks, the roles and the readings are BANG!'s,
    from printkit's own data."""
    from ..load.draws import draw_deck_ids, load_draw_deck
    from ..load.roles import load_deals
    from ..rules.readings import load_readings
    from ..web.page import table_page

    draws = {name: load_draw_deck(name) for name in draw_deck_ids()}
    page = table_page(deck, _for_phones(art), load_readings(), draws, load_deals())
    return {target: page}


#: A raster picture larger than this is put on the table page smaller (a phone shows
#: it at a few hundred pixels), so that a player's own large picture is not left out.
_PAGE_PICTURE = 48 * 1024


def _for_phones(art):
    """The deck's pictures as the table page carries them: every raster one larger than
    _PAGE_PICTURE made a 480-pixel JPEG."""
    if art is None:
        return None
    import io

    from ..values.pictures import Picture

    effects = {}
    for effect_id, picture in art.effects.items():
        if not picture.is_svg and len(picture.data) > _PAGE_PICTURE:
            from PIL import Image

            with Image.open(io.BytesIO(picture.data)) as image:
                image = image.convert("RGB")
                image.thumbnail((480, 480))
                out = io.BytesIO()
                image.save(out, format="JPEG", quality=82)
            picture = Picture(picture.source, out.getvalue())
        effects[effect_id] = picture
    return art._replace(effects=effects)


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


def calibration_name(template: Template, duplex: str) -> str:
    """The calibration page's file name: calibration.pdf for the kit's own template and a
    long-edge printer, else with what differs (calibration-a4-3x3-short.pdf)."""
    parts = ["calibration"]
    if template.name != DEFAULT_TEMPLATE:
        parts.append(template.name)
    if duplex == "short":
        parts.append("short")
    return "-".join(parts) + ".pdf"


def paper_name(stem: str, paper: str) -> str:
    """A document's file name on ``paper``: the kit's own on Letter, -a4 on A4."""
    return f"{stem}{'' if paper == 'letter' else '-' + paper}.pdf"


def proof_pattern(sheets: Path) -> Path:
    """The proofs cut from the sheets at ``sheets``, as a pattern: what a new build of them
    supersedes."""
    return sheets.with_name(f"{sheets.stem}-proof-*.png")


def gather(parts: list[tuple[str, dict[Path, bytes]]]) -> dict[Path, bytes]:
    """The files of every part of a kit ((what, files)...) in one list; two parts that
    would write one file stop the build, naming both (a deck named "calibration" beside
    the calibration page, say)."""
    files: dict[Path, bytes] = {}
    by: dict[Path, str] = {}
    for what, part in parts:
        for path, data in part.items():
            if path in files:
                from ..errors import CatalogueError
                from ..load.datafile import shown

                raise CatalogueError(
                    f"{shown(path)} would be written twice, by “{by[path]}” and by “{what}”: "
                    "give the deck's folder another name (or its deck.toml another [rules] or "
                    "[identification] output)"
                )
            files[path], by[path] = data, what
    return files


def sheet_files(
    cards: CardSet,
    template: Template,
    settings: Settings,
    target: Path,
    proof: bool = False,
    fast: bool = False,
) -> dict[Path, bytes]:
    """A deck's print sheets at ``target``; manual duplex adds -fronts and -backs to its
    name, and a template for a cutting machine adds its cut files (-cut.svg, -cut.dxf).
    With ``proof``, the deck's proof images beside them, cut from the sheets just drawn
    (``fast``: packed faster, as a rebuild while watching does)."""
    from ..render.sheets import card_sheets

    parts = card_sheets(cards, template, settings)
    files = _sheets_and_cuts(parts, target, template, cards.name)
    if proof:
        redraw = partial(card_sheets, cards, template)
        files.update(_cut_proofs(parts, redraw, template, settings, cards, target.parent, fast))
    return files


def _sheets_and_cuts(parts: dict[str, bytes], target: Path, template: Template, name: str):
    """The sheets' files (``target``, or -fronts and -backs for manual duplex) and, for a
    cutting machine's template, its cut files (-cut.svg, -cut.dxf), one sheet's worth."""
    if "" in parts:
        files = {target: parts[""]}
    else:
        files = {
            target.with_name(f"{target.stem}-{part}{target.suffix}"): data
            for part, data in parts.items()
        }
    if template.cut_file:
        from ..render.cutfile import cut_dxf, cut_svg

        files[target.with_name(f"{target.stem}-cut.svg")] = cut_svg(template, name)
        files[target.with_name(f"{target.stem}-cut.dxf")] = cut_dxf(template)
    return files


def _cut_proofs(
    parts, redraw, template: Template, settings: Settings, cards: CardSet, out: Path, fast=False
):
    """A deck's proof images in ``out`` (every front, then each distinct back), cut from
    its sheets just drawn, so every card is drawn once for both. Manual duplex's fronts
    and backs are two files: the sheets are drawn again as one long-edge file
    (``redraw(settings)``)."""
    from ..render.raster import proof_from_sheets

    sheet_pdf, duplex = parts.get(""), settings.duplex
    if sheet_pdf is None:
        sheet_pdf, duplex = redraw(settings._replace(duplex="long"))[""], "long"
    printed = template.backs and duplex != "none"
    backs_of = [cards.back_key(card) if printed else "" for card in cards.cards]
    proofs = proof_from_sheets(sheet_pdf, template, duplex, backs_of, cards.name, fast=fast)
    stem = sheets_name(cards, settings).removesuffix(".pdf")
    return {out / f"{stem}-proof-{n}.png": png for n, png in enumerate(proofs, start=1)}


def rules_files(deck: Deck, paper: str, target: Path, booklet: bool, art=None) -> dict[Path, bytes]:
    """A deck's rules at ``target`` and, if asked, the booklet beside it (-booklet)."""
    from ..load.art import load_art
    from ..render.book import render_rules
    from ..render.booklet import impose_booklet

    book = render_rules(deck, paper, art or load_art(deck))
    files = {target: book}
    if booklet:
        files[target.with_name(f"{target.stem}-booklet{target.suffix}")] = impose_booklet(
            book, deck.name
        )
    return files


def _idsheet(cards: CardSet, paper: str, out: Path):
    def make() -> dict[Path, bytes]:
        from ..render.idsheet import identification_sheet

        deck = cards.deck
        assert deck is not None
        return {out / f"{deck.idsheet}.pdf": identification_sheet(deck, paper, cards.art)}

    return make


def _guide(sets: list[CardSet], template, options: Settings, out: Path):
    def make() -> dict[Path, bytes]:
        from ..render.guide import print_guide

        guide = print_guide(sets, template, options.duplex, options.aids)
        return {out / "print-guide.pdf": guide}

    return make


def _calibration(template, edge, target: Path):
    def make() -> dict[Path, bytes]:
        from ..render.calibrate import calibration_page

        return {target: calibration_page(template, edge)}

    return make
