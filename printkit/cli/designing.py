"""Designing a deck: ``printkit new`` writes a deck folder that builds at once, and
``printkit build --deck-dir DIR [--watch]`` builds it (again at every save)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from ..errors import PrintkitError, UsageError
from ..settings import Settings
from .app import printkit

__all__ = ["build_design", "new"]


@printkit.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path), metavar="DIR")
@click.option("--name", default=None, help="The deck's name (default: from DIR).")
def new(folder: Path, name: str | None) -> None:
    """Start a deck of your own game in DIR: deck.toml, a front and a back layout, a
    card list (cards.csv, or replace it with a spreadsheet), a picture and an icon.
    It builds at once; edit it and watch the proof change.

    \\b
    Examples:
      printkit new potions
      printkit build --deck-dir potions --template letter-3x3 --watch
    """
    from ..design_scaffold import scaffold

    if folder.exists() and any(folder.iterdir()):
        raise UsageError(f"{folder} already holds files; give a new folder's name")
    title = name or folder.name.replace("-", " ").replace("_", " ").title()
    for relative, text in scaffold(title).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    click.echo(f"wrote a new deck in {folder}: deck.toml, front.toml, back.toml, cards.csv, art/")
    click.echo(f"next: printkit build --deck-dir {folder} --template letter-3x3 --watch")


def build_design(
    folder: Path, template_name: str, options: Settings, out: Path, watch: bool, quiet: bool
) -> None:
    """Build the designed deck once, or at every change of its folder until Ctrl-C."""
    if not watch:
        _once(folder, template_name, options, out, quiet)
        return
    from watchfiles import watch as changes

    _attempt(folder, template_name, options, out, quiet, watching=False)
    # A short debounce: an editor's save (write, rename) is one change, and the proof
    # is back within a second for a deck of fifty cards. The watcher says it is
    # watching only once it is: its first empty yield comes when it has started.
    announced = False
    for batch in changes(folder, debounce=50, step=25, rust_timeout=200, yield_on_timeout=True):
        if not announced:
            click.echo(f"watching {folder} for changes (Ctrl-C to stop)", err=True)
            announced = True
        if batch:
            _attempt(folder, template_name, options, out, quiet, watching=True)


def _attempt(
    folder: Path, template_name: str, options: Settings, out: Path, quiet: bool, watching: bool
) -> None:
    """One build while watching: an error is printed as its one line, and watching goes on."""
    started = time.perf_counter()
    try:
        _once(folder, template_name, options, out, quiet=True, watching=watching)
    except PrintkitError as exc:
        click.echo(f"printkit: error: {exc}", err=True)
        return
    if not quiet:
        took = time.perf_counter() - started
        click.echo(f"{time.strftime('%H:%M:%S')} built {folder} in {took:.2f} s", err=True)
    sys.stderr.flush()


def _once(
    folder: Path,
    template_name: str,
    options: Settings,
    out: Path,
    quiet: bool,
    watching: bool = False,
) -> None:
    from ..datafile import shown
    from ..kit import check_files, design_files, proof_pattern, sheets_name
    from ..load.design import load_design
    from ..load.templates import load_template
    from ..output import write_files

    if not (folder / "deck.toml").is_file():
        raise UsageError(f"{folder}: no deck.toml here; make a deck with printkit new {folder}")
    deck = load_design(folder)
    template = load_template(template_name)
    files = design_files(deck, template, options, out, watching)
    warnings = check_files(files)
    proofs = [proof_pattern(out / sheets_name(deck, options))]
    written = write_files(files, proofs, owner="build")
    if not quiet:
        for line in warnings:
            click.echo(f"printkit: warning: {line}", err=True)
        for path in written:
            click.echo(f"wrote {shown(path)}")
