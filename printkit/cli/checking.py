"""Checking what printkit made: preflight (PDFs fit to print, page by page) and recover
(an output folder set straight after a run that stopped while writing)."""

from __future__ import annotations

from pathlib import Path

import click

from ..values.papers import PAPER_SIZES
from ..values.printspec import DUPLEX_NAMES, KINDS
from .app import printkit
from .terminal import safe

__all__ = ["preflight_command", "print_report", "recover"]


@printkit.command("preflight")
@click.argument(
    "files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option(
    "--kind",
    type=click.Choice(list(KINDS)),
    help="What the file is, when it does not say (printkit's PDFs do).",
)
@click.option(
    "--paper",
    type=click.Choice(list(PAPER_SIZES)),
    help="The paper every page must be, within 0.1 mm.",
)
@click.option(
    "--duplex",
    type=click.Choice(list(DUPLEX_NAMES)),
    help="How the file is printed: its /Duplex viewer preference must say so.",
)
@click.option("--quiet", is_flag=True, help="Print only failures and warnings.")
def preflight_command(
    files: tuple[Path, ...], kind: str | None, paper: str | None, duplex: str | None, quiet: bool
) -> None:
    """Check that PDFs are fit to print, reading each file back page by page.

    \b
    Checks: every font embedded; no text under 6 pt (8 pt on an identification
    sheet, 9 pt for a book's body text); no text within 5 mm of a paper edge; crop
    marks clear of every card's bleed; each page exactly its paper; pictures at 300
    dpi or more; and a file that asks to print at actual size, on the right duplex
    edge. Exits 1 if any check fails.

    \b
    Examples:
      printkit preflight output/*.pdf
      printkit preflight my-cards.pdf --kind sheets --paper a4 --duplex long
    """
    from ..preflight import preflight
    from ..preflight.ink import ink_coverage
    from ..words import amount, say

    failed = False
    for path in files:
        report = preflight(path, kind=kind, paper=paper, duplex=duplex)
        print_report(report, quiet)
        if not quiet:
            ink = ink_coverage(path)
            coverage, density = amount(ink.coverage * 100), amount(ink.density * 100)
            click.echo("  " + say("preflight.ink", coverage=coverage, density=density))
        failed = failed or not report.ok
    if failed:
        raise SystemExit(1)


def print_report(report, quiet: bool = False) -> None:
    """A table of the checks page by page, then every failure and warning in full."""
    from ..load.datafile import shown
    from ..words import say

    expect = report.expect
    click.echo(
        say(
            "preflight.heading",
            file=shown(Path(report.name)),
            pages=say("preflight.pages", count=report.pages),
            kind=say(f"preflight.kind.{expect.kind}"),
            paper=expect.paper or say("preflight.any-paper"),
            duplex=say(f"preflight.duplex-name.{expect.duplex}")
            if expect.duplex
            else say("preflight.any-duplex"),
        )
    )
    by_page: dict[int | None, dict[str, str]] = {}
    checks: list[str] = []
    for finding in report.findings:
        by_page.setdefault(finding.page, {})[finding.check] = finding.level
        if finding.page is not None and finding.check not in checks:
            checks.append(finding.check)
    names = {f.check: say(f"preflight.check.{f.check}") for f in report.findings}
    marks = {level: say(f"preflight.level.{level}") for level in ("ok", "warn", "fail")}
    if not quiet:
        widths = [max(len(names[c]), 7) for c in checks]
        page_column = say("preflight.page-column")
        first = max(len(page_column), len(say("preflight.file-row")), 4)
        cells = [names[c].ljust(w) for c, w in zip(checks, widths, strict=True)]
        click.echo(f"  {page_column:<{first}}  {'  '.join(cells)}".rstrip())
        for page in sorted(p for p in by_page if p is not None):
            row = "  ".join(
                marks[by_page[page].get(c, "ok")].ljust(w)
                for c, w in zip(checks, widths, strict=True)
            )
            click.echo(f"  {page:<{first}}  {row}".rstrip())
        document = [f for f in report.findings if f.page is None]
        summary = "; ".join(f"{names[f.check]} {marks[f.level]}" for f in document)
        click.echo(f"  {say('preflight.file-row'):<{first}}  {summary}")
    for finding in report.findings:
        if finding.level != "ok":
            where = (
                say("preflight.on-page", page=finding.page)
                if finding.page is not None
                else say("preflight.in-file")
            )
            line = say(
                "preflight.finding",
                level=marks[finding.level],
                where=where,
                check=names[finding.check],
                detail=finding.detail,
            )
            click.echo(f"  {line}")
    verdict = (
        say("preflight.passes") if report.ok else say("preflight.fails", count=len(report.failures))
    )
    click.echo(f"  {verdict}")


@printkit.command()
@click.option(
    "--out",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="The folder printkit writes into.",
)
def recover(folder: Path) -> None:
    """Set an output folder straight after a run that stopped while writing into it.

    Every command that writes finishes an interrupted commit by itself; run this when
    printkit refuses a folder's commit journal as damaged or not its own. It finishes
    what can be finished, removes a journal it cannot follow (without acting on it) and
    the unfinished files printkit left; the folder's own files stay. Then build again.

    \b
    Examples:
      printkit recover
      printkit recover --out ~/cards
    """
    from ..api import recover as recover_folder
    from ..load.datafile import shown
    from ..words import say

    done = recover_folder(folder)
    for line in done:
        click.echo(f"{safe(shown(folder))}: {safe(line)}")
    if not done:
        click.echo(safe(say("command.recover-nothing", folder=shown(folder))))
