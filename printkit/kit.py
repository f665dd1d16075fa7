"""The whole kit: every file ``printkit build`` makes, as a list of jobs.

For each deck: its print sheets (with player aids), its identification sheet and its
rules when its deck.toml names them, and a proof sheet; once: the calibration page for
the template. Each job knows its output file and how to make its bytes; the command
line runs them (showing progress) and writes them all together, or none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .layout.templates import Template
from .model import Deck
from .units import mm

__all__ = ["Job", "KitOptions", "kit_jobs", "paper_of"]


@dataclass(frozen=True)
class KitOptions:
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    qr: bool = True
    art_dir: Path | None = None
    aids: int = 4
    proofs: bool = True


@dataclass(frozen=True)
class Job:
    path: Path
    what: str
    make: Callable[[], dict[Path, bytes]]


def paper_of(template: Template) -> str:
    """The paper the kit's other documents use: A4 when the sheets are A4, else Letter."""
    return "a4" if abs(template.paper_width - 210 * mm) < 1 * mm else "letter"


def kit_jobs(decks: list[Deck], template: Template, options: KitOptions, out: Path) -> list[Job]:
    from .render.art import ArtLibrary
    from .render.deck import PrintOptions

    paper = paper_of(template)
    jobs: list[Job] = []
    for deck in decks:
        art = ArtLibrary(deck, options.art_dir)
        printing = PrintOptions(
            duplex=options.duplex,
            back_offset=options.back_offset,
            qr=options.qr,
            user_art=options.art_dir,
            aids=options.aids,
        )
        jobs.append(
            Job(
                out / f"{deck.id}.pdf",
                f"{deck.name}: card sheets",
                _sheets(deck, template, printing, out),
            )
        )
        if deck.idsheet:
            jobs.append(
                Job(
                    out / f"{deck.idsheet}.pdf",
                    f"{deck.name}: identification sheet",
                    _idsheet(deck, paper, art, out),
                )
            )
        if deck.rules:
            jobs.append(
                Job(
                    out / f"{deck.rules.output}.pdf",
                    f"{deck.name}: rules",
                    _rules(deck, paper, art, out),
                )
            )
        if options.proofs:
            jobs.append(
                Job(
                    out / f"{deck.id}-proof.png",
                    f"{deck.name}: proof sheet",
                    _proof(deck, art, out),
                )
            )
    if template.backs and options.duplex != "none":
        edge = "short" if options.duplex == "short" else "long"
        jobs.append(
            Job(out / "calibration.pdf", "calibration page", _calibration(template, edge, out))
        )
    return jobs


def _sheets(deck, template, printing, out: Path):
    def make() -> dict[Path, bytes]:
        from .render.deck import deck_sheets

        parts = deck_sheets(deck, template, printing)
        if "" in parts:
            return {out / f"{deck.id}.pdf": parts[""]}
        return {out / f"{deck.id}-{part}.pdf": data for part, data in parts.items()}

    return make


def _idsheet(deck, paper, art, out: Path):
    def make() -> dict[Path, bytes]:
        from .render.idsheet import identification_sheet

        return {out / f"{deck.idsheet}.pdf": identification_sheet(deck, paper, art)}

    return make


def _rules(deck, paper, art, out: Path):
    def make() -> dict[Path, bytes]:
        from .render.book import render_rules
        from .render.booklet import impose_booklet

        name = deck.rules.output
        book = render_rules(deck, paper, art=art)
        files = {out / f"{name}.pdf": book}
        if deck.rules.layout == "book":
            files[out / f"{name}-booklet.pdf"] = impose_booklet(book, deck.name)
        return files

    return make


def _proof(deck, art, out: Path):
    def make() -> dict[Path, bytes]:
        from .render.raster import proof_sheet

        return {out / f"{deck.id}-proof.png": proof_sheet(deck, art)}

    return make


def _calibration(template, edge, out: Path):
    def make() -> dict[Path, bytes]:
        from .render.calibrate import calibration_page

        return {out / "calibration.pdf": calibration_page(template, edge)}

    return make
