"""The kit: every file ``printkit build`` makes, as two tables of targets.

For each deck (a catalogue deck or a designed one, as one card set): its print sheets
(with player aids) and proof, and a catalogue deck's identification sheet and rules
when its deck.toml names them; once: the calibration page, the print guide and the
table page. Each target module turns the build's request into jobs, each job makes the
bytes of its files, and the build runs them (on both cores) and writes every file
together, or none. A new document in the kit is a module with a ``jobs`` function and
a row here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from ..values.design import CardSet
from ..values.manifest import Manifest
from ..values.model import Template
from ..values.settings import Settings
from ..words import amount, say
from . import calibration, errata, guide, idsheet, page, rules, sheets
from .files import Job
from .request import Request

if TYPE_CHECKING:
    from ..preflight import Report

__all__ = ["EACH_DECK", "ONCE", "checked", "kit_jobs"]

#: What the kit holds for every deck, in this order.
EACH_DECK: tuple[Callable[[Request, CardSet], list[Job]], ...] = (
    sheets.jobs,
    errata.jobs,
    idsheet.jobs,
    rules.jobs,
)
#: What the kit holds once, after the decks (the guide last: it lists what comes before).
ONCE: tuple[Callable[[Request], list[Job]], ...] = (calibration.jobs, page.jobs, guide.jobs)


def kit_jobs(
    sets: list[CardSet],
    template: Template,
    settings: Settings,
    out: Path,
    watching=False,
    since: Mapping[str, Manifest] | None = None,
) -> list[Job]:
    """What ``printkit build`` makes, as jobs. ``watching`` (a rebuild after an edit)
    leaves out what no edit of a designed deck changes (the guide); ``since`` holds an
    earlier build's manifests, by deck: each of those decks gets its errata."""
    request = Request(list(sets), template, settings, out, watching, since=since or {})
    found = [
        job for cards in request.sets for target in EACH_DECK for job in target(request, cards)
    ]
    for target in ONCE:
        listed = tuple(printed for job in found for printed in job.prints)
        found += target(request._replace(contents=listed))
    return found


def checked(reports: dict[Path, Report], named: Iterable[Path] = ()) -> list[str]:
    """The preflight's reports of every PDF about to be written: raise on the first
    failure (so that nothing is written), return the warnings as lines. ``named`` are
    the PDFs of a folder of images, whose soft pictures were named file by file as it
    was read: the preflight's warning of them, page by page, is not said again."""
    from ..errors import RenderError
    from ..load.datafile import shown

    told = set(named)
    warnings = []
    for path, report in reports.items():
        for finding in report.failures[:1]:
            raise RenderError(
                say(
                    "preflight.failed-page" if finding.page else "preflight.failed-file",
                    file=shown(path),
                    page=finding.page,
                    check=say(f"preflight.check.{finding.check}"),
                    detail=finding.detail,
                )
            )
        # One line a check: its first finding, and how many more pages it was found on
        # (a folder of soft images would otherwise give a line a page).
        found: dict[str, list] = {}
        for finding in report.warnings:
            if finding.check == "images" and path in told:
                continue
            found.setdefault(finding.check, [])
            if finding.detail not in (f.detail for f in found[finding.check]):
                found[finding.check].append(finding)
        for check, findings in found.items():
            name = say(f"preflight.check.{check}")
            line = say("preflight.warning", file=shown(path), check=name, detail=findings[0].detail)
            if len(findings) > 1:
                more = len(findings) - 1
                key = "kit.more-page" if more == 1 else "kit.more-pages"
                line += " " + say(key, count=amount(more))
            warnings.append(line)
    return warnings
