"""Designing a deck: ``printkit new`` writes a deck folder that builds at once, and
``printkit build --deck-dir DIR [--watch]`` builds it (again at every save)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import click

from ..errors import PrintkitError, UsageError
from ..values.settings import Settings
from ..words import amount, say
from .app import printkit
from .terminal import report, safe, shown_text

__all__ = ["build_design", "new"]


@printkit.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path), metavar="DIR")
@click.option("--name", default=None, help="The deck's name (default: from DIR).")
def new(folder: Path, name: str | None) -> None:
    """Start a deck of your own game in DIR: deck.toml, a front and a back layout, a
    card list (cards.csv, or replace it with a spreadsheet), a picture and an icon.
    It builds at once; edit it and watch the proof change.

    \b
    Examples:
      printkit new potions
      printkit new potions --name "Potions of the Marsh"
      printkit build --deck-dir potions --watch
    """
    import shlex
    import shutil

    from ..limits import MAX_TITLE
    from ..targets.scaffold import scaffold

    if folder.exists() and not folder.is_dir():
        raise UsageError.said("command.new-is-file", folder=str(folder))
    if folder.exists() and any(folder.iterdir()):
        raise UsageError.said("command.new-not-empty", folder=str(folder))
    title = name or folder.resolve().name.replace("-", " ").replace("_", " ").title()
    title = " ".join(title.split())
    if not title or len(title) > MAX_TITLE or not title.isprintable():
        raise UsageError.said("command.new-bad-name", name=shown_text(title), most=MAX_TITLE)
    created = not folder.exists()
    try:
        for relative, text in scaffold(title).items():
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        _draw_back(folder)  # the name must fit the back it is printed on
    except PrintkitError as exc:
        shutil.rmtree(folder) if created else None
        raise UsageError.said(
            "command.new-name-fails", name=shown_text(title), why=str(exc)
        ) from None
    except OSError as exc:
        raise UsageError.said(
            "command.new-cannot-write", folder=str(folder), why=exc.strerror
        ) from None
    click.echo(say("command.new-wrote", folder=safe(str(folder))))
    click.echo(say("command.new-next", folder=shlex.quote(str(folder))))


def _draw_back(folder: Path) -> None:
    """Draw a new deck's back once: a name too long for its title fails here, not at the
    designer's first build."""
    from ..load.design import load_design
    from ..render.design import CardFaces
    from ..render.pdf import Document

    deck = load_design(folder)
    doc = Document(deck.card_size, "", "", kind="cards", paper="card")
    CardFaces(doc, deck).back(0)


def build_design(
    folder: Path,
    template_name: str | None,
    options: Settings,
    out: Path,
    watch: bool,
    quiet: bool,
    changed_since: Path | None = None,
) -> None:
    """Build the designed deck once (with its errata since an earlier manifest, if one is
    given), or at every change of its folder until Ctrl-C."""
    if not watch:
        _once(folder, template_name, options, out, quiet, changed_since=changed_since)
        return
    from watchfiles import watch as changes

    _attempt(folder, template_name, options, out, quiet, watching=False)
    # Files printkit itself writes (an output folder inside the deck's) are no edit: a
    # build must not set off the next one.
    written = Path(os.path.abspath(out))

    def edited(_change, path: str) -> bool:
        return not (Path(path) == written or written in Path(path).parents)

    # A short debounce: an editor's save (write, rename) is one change, and the proof
    # is back within a second for a deck of fifty cards. The watcher says it is
    # watching only once it is: its first empty yield comes when it has started.
    while True:
        identity = _identity(folder)
        announced = False
        for batch in changes(
            folder, watch_filter=edited, debounce=50, step=25, rust_timeout=200,
            yield_on_timeout=True, raise_interrupt=True,
        ):  # fmt: skip
            if not announced:
                click.echo(say("command.watching", folder=safe(str(folder))), err=True)
                announced = True
            if _identity(folder) != identity:
                break  # the folder was moved away, deleted or replaced by another
            if batch:
                _attempt(folder, template_name, options, out, quiet, watching=True)
        report(say("command.watch-replaced", folder=str(folder)))
        while _identity(folder) is None:
            time.sleep(0.2)
        _attempt(folder, template_name, options, out, quiet, watching=True)


def _identity(folder: Path) -> tuple[int, int] | None:
    """Which folder is at ``folder`` now (its device and inode), or None for none."""
    try:
        status = os.stat(folder)
    except OSError:
        return None
    return (status.st_dev, status.st_ino)


def _attempt(
    folder: Path,
    template_name: str | None,
    options: Settings,
    out: Path,
    quiet: bool,
    watching: bool,
) -> None:
    """One build while watching: an error is printed as its one line, and watching goes on."""
    started = time.perf_counter()
    try:
        _once(folder, template_name, options, out, quiet=True, watching=watching)
    except PrintkitError as exc:
        report(str(exc), "error")
        return
    if not quiet:
        took = time.perf_counter() - started
        built = say(
            "command.watch-built",
            time=time.strftime("%H:%M:%S"),
            folder=safe(str(folder)),
            seconds=amount(took, 2),
        )
        click.echo(built, err=True)
    sys.stderr.flush()


def _once(
    folder: Path,
    template_name: str | None,
    options: Settings,
    out: Path,
    quiet: bool,
    watching: bool = False,
    changed_since: Path | None = None,
) -> None:
    from ..load.design import load_design
    from .building import make_kit

    if not (folder / "deck.toml").is_file():
        raise UsageError.said("command.no-deck-here", folder=str(folder))
    make_kit(
        [load_design(folder)], template_name, options, out, quiet, watching, folder, changed_since
    )
