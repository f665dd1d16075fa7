"""The ``printkit`` command line: parse, call one library function, print.

Library code raises PrintkitError; only ``main`` turns an error into one line on
stderr and an exit status (1 for bad data, 2 for a bad command line). Commands that
make PDFs import the drawing libraries inside their own function, and each command's
module is imported only when it runs, so the table companion (lookup, negate, draw,
odds, roles) starts fast.
"""

from __future__ import annotations

import os
import sys

import click

from ..errors import PrintkitError
from .app import Terminated, printkit, speak_early

__all__ = ["console", "main", "printkit"]

# The commands live in .making, .designing, .checking, .companion and .draws, imported
# when first used (app.COMMANDS): importing one registers its commands on the group.


def console() -> None:
    """The console script (and ``python -m printkit``): ``main``, in a process of its own.

    On its way out Python collects cycles more than once, each time scanning every
    object still alive, only for the process to end. Frozen (``gc.freeze``), they are
    left alone: for a deck's sheets the time from the command's end to the process's
    went from about 75 ms to 17 ms. Freezing is the process's business, so ``main``,
    which tests and other programs call, leaves the collector alone.
    """
    import gc

    try:
        main()
    finally:
        gc.freeze()


def main(argv: list[str] | None = None) -> None:
    """Run the command line (``argv``, or the process's arguments); exits with the
    command's status."""
    args = sys.argv[1:] if argv is None else list(argv)
    speak_early(args)
    try:
        status = printkit.main(args=args, prog_name="printkit", standalone_mode=False)
    except PrintkitError as exc:
        _fail(_words(exc), exc.exit_code, "error" if exc.exit_code == 1 else "note")
    except click.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx else "printkit"
        _fail(
            _said("command.usage", message=exc.format_message(), command=where),
            exc.exit_code,
            "note",
            where,
        )
    except click.ClickException as exc:
        _fail(exc.format_message(), exc.exit_code, "error")
    except (click.Abort, KeyboardInterrupt):  # click turns Ctrl-C into Abort
        if Terminated.received:
            _fail(_said("command.terminated"), 143, "note")
        _fail(_said("command.interrupted"), 130, "note")
    except Terminated:
        _fail(_said("command.terminated"), 143, "note")
    except Exception as exc:  # a bug: say so in one line, unless a developer asks for more
        if os.environ.get("PRINTKIT_DEBUG"):
            raise
        _fail(f"{type(exc).__name__}: {exc}", 1, "bug")
    sys.exit(status if isinstance(status, int) else 0)


def _said(key: str, **values: object) -> str:
    from ..words import say

    return say(key, **values)


def _words(exc: PrintkitError) -> str:
    """An error's message as the command line says it: in its own words where the
    catalogue has them (the ones that name an option)."""
    if exc.key is None:
        return str(exc)
    from ..words import say

    return say(exc.key, cli=True, **exc.values)


def _fail(message: str, status: int, kind: str, who: str = "printkit") -> None:
    from .terminal import report

    report(message, kind, who)
    sys.exit(status)
