"""A build, as the command line shows it: a progress bar on a terminal, the warnings,
then the table of the files written (shared by ``build`` and ``build --deck-dir``)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from ..values.settings import Settings
from ..words import say
from .terminal import report, safe

__all__ = ["make_kit"]


def make_kit(
    sets,
    template: str | None,
    options: Settings,
    out: Path,
    quiet: bool,
    watching=False,
    deck_dir=None,
    changed_since=None,
) -> None:
    """Make the kit of ``sets`` (card sets) into ``out`` (``printkit.build``) and say what
    was written."""
    from ..api import build

    def made(progress=None) -> tuple:
        return build(
            sets, out, template=template, settings=options, progress=progress,
            deck_dir=deck_dir, watching=watching, changed_since=changed_since,
        )  # fmt: skip

    if quiet or watching or not sys.stderr.isatty():
        kit = made()
    else:
        with contextlib.ExitStack() as stack:
            bars = []

            def progress(what: str, done: int, jobs: int) -> None:
                if not bars:
                    bar = click.progressbar(
                        length=jobs,
                        label=say("kit.making"),
                        item_show_func=lambda item: item or "",
                        file=sys.stderr,
                    )
                    bars.append(stack.enter_context(bar))
                if done:
                    bars[0].update(1, what)

            kit = made(progress)
    if quiet:
        return
    for line in kit.warnings:
        report(line, "warning")
    for line in kit.notes:
        report(line)
    _table(kit.files)


def _table(paths) -> None:
    from ..load.datafile import shown
    from ..words import amount

    names = [safe(shown(path)) for path in paths]
    width = max(len(name) for name in names)
    click.echo(f"{say('command.file-column'):<{width}}  {say('command.size-column'):>9}")
    for name, path in zip(names, paths, strict=True):
        size = say("command.kib", size=amount(path.stat().st_size / 1024))
        click.echo(f"{name:<{width}}  {size:>9}")
    total = amount(sum(path.stat().st_size for path in paths) / 1024 / 1024, 1)
    click.echo(say("command.files", count=len(paths), size=total))
