"""The errors printkit raises on purpose, and the one helper that suggests a fix.

Library code raises these; only the command line turns them into a message and an
exit status. Every message is one line that names the file, the place and the fix.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Self

__all__ = [
    "CatalogueError",
    "NotFoundError",
    "NotationError",
    "OutputError",
    "PrintkitError",
    "RenderError",
    "RulesError",
    "TemplateError",
    "UsageError",
    "did_you_mean",
]


class PrintkitError(Exception):
    """Base of every error printkit reports to a user. Exit status 1.

    An error made by ``said`` carries its message's id and values (``key``, ``values``),
    so that each place says it in its own words: the command line where it names one of
    its options, the table page from the same catalogue (``printkit.words``)."""

    exit_code = 1
    key: str | None = None
    values: Mapping[str, object] = MappingProxyType({})

    @classmethod
    def said(cls, key: str, /, **values: object) -> Self:
        """The error whose message is the catalogue's ``key`` with ``values`` in place."""
        from .words import say

        error = cls(say(key, **values))
        error.key, error.values = key, values
        return error


class UsageError(PrintkitError):
    """The command line asked for something that cannot be: exit status 2."""

    exit_code = 2


class CatalogueError(PrintkitError):
    """A file in data/ is malformed or inconsistent."""


class TemplateError(PrintkitError):
    """A sheet template in templates/ (or given with --template) is invalid."""


class RenderError(PrintkitError):
    """A card cannot be drawn: text too long, art missing or unreadable."""


class OutputError(PrintkitError):
    """An output file cannot be written."""


class NotationError(UsageError):
    """A string is not a playing card in any notation printkit reads."""


class NotFoundError(UsageError):
    """A query matched no card and no effect."""


class RulesError(UsageError):
    """A play that the rules do not allow (wrong colour, a card used twice...)."""


def did_you_mean(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """The valid choices closest to a mistyped word, best first (case-insensitive)."""
    by_folded: dict[str, str] = {}
    for choice in choices:
        by_folded.setdefault(choice.casefold(), choice)
    import difflib  # only when a name is not found: the companion starts faster

    close = difflib.get_close_matches(word.casefold(), list(by_folded), n=n, cutoff=0.6)
    return [by_folded[c] for c in close]
