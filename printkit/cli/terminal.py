"""Text for the terminal: how wide it is, and paragraphs filled to that width.

The table companion answers in a few short paragraphs. ``fill`` breaks them only at
spaces, which is all they need; the standard library's textwrap also breaks at
hyphens and inside long words, and compiles the patterns for that as it is imported,
which cost each companion command about 0.9 ms of its start.
"""

from __future__ import annotations

import os
import sys

__all__ = ["fill", "report", "safe", "shown_text", "width"]


def width() -> int:
    """The terminal's width, as shutil.get_terminal_size reads it (COLUMNS first), kept
    between 40 and 88 columns; without importing shutil, which pulls in compression
    modules the companion never uses."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = 88
    return max(40, min(88, columns or 88))


def fill(text: str, indent: str = "  ", columns: int | None = None) -> str:
    """``text`` as lines of at most ``columns`` characters (the terminal's width), each
    starting with ``indent``. Runs of white space become one space; a word longer than
    a line has a line of its own."""
    columns = width() if columns is None else columns
    lines: list[str] = []
    line: list[str] = []
    length = len(indent)
    for word in text.split():
        if line and length + 1 + len(word) > columns:
            lines.append(indent + " ".join(line))
            line, length = [], len(indent)
        length += len(word) + (1 if line else 0)
        line.append(word)
    if line:
        lines.append(indent + " ".join(line))
    return "\n".join(lines)


def safe(text: str) -> str:
    """``text`` as a terminal shows it without being told to do anything: every character
    that is not printable (a newline, an escape code, a cursor move) written as its
    escape, ``\\n`` or ``\\x1b``, so that a file's name cannot draw on the screen."""
    if text.isprintable():
        return text
    return "".join(ch if _shows(ch) else repr(ch)[1:-1] for ch in text)


def _shows(ch: str) -> bool:
    """A character a terminal shows as itself: printable, or a space of any width (the
    no-break spaces a translation sets before a dash or after a one-letter word)."""
    import unicodedata

    return ch.isprintable() or unicodedata.category(ch) == "Zs"


def shown_text(text: str) -> str:
    """A text a user gave, quoted for a message: 'like this', made ``safe``."""
    return "'" + safe(text).replace("'", "\\'") + "'"


def report(line: str, kind: str = "note", who: str = "printkit") -> None:
    """One line on the standard error, ``printkit: ...``: a note (``kind`` "note"), a
    "warning" or an "error", labelled in the language spoken."""
    import click

    from ..words import say

    text = say(f"command.{kind}", message=line)
    click.echo(f"{who}: {safe(text)}", err=True)
