"""What every target makes: jobs that return files (path -> bytes), and the names of
the documents printed on a paper."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..errors import CatalogueError
from ..load.datafile import shown
from ..values.model import Template

if TYPE_CHECKING:
    from ..output.spool import Spool, Spooled
    from ..preflight import Report

__all__ = [
    "Files",
    "Job",
    "KeyedPdf",
    "Made",
    "Printed",
    "gather",
    "longest_first",
    "made",
    "paper_name",
    "paper_of",
]

#: A target's output: each file's path and bytes.
Files = dict[Path, bytes]


class Printed(NamedTuple):
    """A file of the kit as the print guide lists it: its name, what it is for in a
    player's words, and its step (the calibration page first, the phone page last)."""

    name: str
    what: str
    step: int = 3


class Job(NamedTuple):
    """One piece of a build: what it makes (for the progress bar), how, roughly how long
    it takes (the longest start first), and the files a player uses, for the guide."""

    what: str
    make: Callable[[], Files]
    cost: int = 1
    prints: tuple[Printed, ...] = ()


class KeyedPdf(NamedTuple):
    """A PDF made with each page's key (``render.pdf.Document.end_page``), and the cache
    folder where the preflight keeps what it found on a page of a key: a rebuild reads
    again only the pages that changed."""

    data: bytes
    page_keys: list[str | None]
    cache: Path


class Made(NamedTuple):
    """What a job made: its files, kept in the build's spool, and the preflight's report
    of each of its PDFs."""

    files: dict[Path, Spooled]
    reports: dict[Path, Report]


def made(spool: Spool, make: Callable[[], Files | Iterable[tuple[Path, bytes]]]) -> Made:
    """The files ``make()`` makes (path -> bytes, or pairs made one at a time), each PDF
    checked by the preflight while its bytes are at hand, in the process that made it,
    then kept in the spool: only the file being made is ever held in memory."""
    from ..preflight import preflight
    from ..resources.formcache import FormCache

    files = make()
    kept: dict[Path, Spooled] = {}
    reports: dict[Path, Report] = {}
    for path, data in files.items() if isinstance(files, dict) else files:
        if path in kept:
            raise ValueError(f"one job made {path} twice")
        keyed = data if isinstance(data, KeyedPdf) else None
        if keyed is not None:
            data = keyed.data
        if path.suffix == ".pdf":
            known = None if keyed is None else (keyed.page_keys, FormCache(keyed.cache))
            reports[path] = preflight(data, str(path), known=known)
        kept[path] = spool.write(data)
    return Made(kept, reports)


def longest_first(jobs: list[Job]) -> list[int]:
    """The jobs' indices, the costliest first (ties in their own order)."""
    return sorted(range(len(jobs)), key=lambda index: -jobs[index].cost)


def gather(parts: list[tuple[str, Files]]) -> Files:
    """The files of every part of a kit ((what, files)...) in one list; two parts that
    would write one file stop the build, naming both (a deck named "calibration" beside
    the calibration page, say)."""
    files: Files = {}
    by: dict[Path, str] = {}
    for what, part in parts:
        for path, data in part.items():
            if path in files:
                raise CatalogueError.said(
                    "kit.twice", file=shown(path), first=by[path], second=what
                )
            files[path], by[path] = data, what
    return files


def paper_of(template: Template) -> str:
    """The paper the kit's other documents use: A4 when the sheets are A4, else Letter."""
    return "a4" if template.paper in ("a3", "a4", "a5") else "letter"


def paper_name(stem: str, paper: str) -> str:
    """A document's file name on ``paper``: the kit's own on Letter, -a4 on A4."""
    return f"{stem}{'' if paper == 'letter' else '-' + paper}.pdf"
