"""printkit's words: every message the rules give, by id, in one catalogue per language
(``en.toml``), with named placeholders. The lowest layer: it imports nothing of
printkit, so that an error anywhere can be said in words.

The rules raise ``RulesError("negation.used-twice", card="7♦")``; ``say`` turns the id
and its values into the sentence; the table page carries the same catalogue and says
its answers with the same function, in JavaScript (``web/rules.js``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

__all__ = ["catalogue", "say"]

#: The catalogue's own language, the one every other is translated from.
SOURCE = "en"


@cache
def catalogue(language: str = SOURCE) -> dict[str, str]:
    """Every message, by its id ("negation.used-twice"; the command line's own wordings
    as "cli.negation.teams-mixed")."""
    import tomli

    text = resources.files(__package__).joinpath(f"{language}.toml").read_text("utf-8")
    found: dict[str, str] = {}

    def walk(table: dict[str, Any], prefix: str) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{key}.")
            else:
                found[prefix + key] = value

    walk(tomli.loads(text), "")
    return found


def say(key: str, /, cli: bool = False, **values: object) -> str:
    """The message ``key`` with its ``values`` in place; ``cli``: as the command line
    words it, where it words it its own way."""
    words = catalogue()
    text = words.get(f"cli.{key}") if cli else None
    return (text or words[key]).format_map(values)
