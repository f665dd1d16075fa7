"""A build, as the command line shows it: a progress bar on a terminal, the warnings,
then the table of the files written (shared by ``build`` and ``build --deck-dir``)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from ..values.settings import Settings
from ..words import say
from .terminal import safe

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
        click.echo(f"printkit: warning: {line}", err=True)
    for line in kit.notes:
        click.echo(f"printkit: {safe(line)}", err=True)
    _table(kit.files)


def _table(paths) -> None:
    from ..load.datafile import shown

    names = [safe(shown(path)) for path in paths]
    width = max(len(name) for name in names)
    click.echo(f"{'file':<{width}}  {'size':>9}")
    for name, path in zip(names, paths, strict=True):
        click.echo(f"{name:<{width}}  {path.stat().st_size / 1024:>5,.0f} KiB")
    total = sum(path.stat().st_size for path in paths)
    click.echo(f"{len(paths)} files, {total / 1024 / 1024:.1f} MiB")
