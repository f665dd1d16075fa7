"""printkit's words: every sentence it says to a player, by id, one folder of TOML files
per language (``en/``, see README.md there), with named values. The lowest layer: it
imports nothing of printkit, so that anything may say something.

The rules raise ``RulesError.said("negation.used-twice", card="7♦")``; ``say`` turns
the id and its values into the sentence. A file is read when one of its ids is first
said (a companion command reads two or three small files); the table page carries the
sections it says, and says them with the same function, in JavaScript.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["SOURCE", "catalogue", "joined", "say", "section"]

#: The catalogue's own language, the one every other is translated from.
SOURCE = "en"
_HERE = Path(__file__).parent


@cache
def section(name: str, language: str = SOURCE) -> dict[str, str]:
    """The messages of one file (``negation`` -> ``en/negation.toml``), by full id."""
    import tomli

    text = (_HERE / language / f"{name}.toml").read_text(encoding="utf-8")
    found: dict[str, str] = {}

    def walk(table: dict[str, Any], prefix: str) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{key}.")
            else:
                found[prefix + key] = value

    walk(tomli.loads(text), f"{name}.")
    return found


def catalogue(language: str = SOURCE) -> dict[str, str]:
    """Every message of a language, by id (the command line's own as ``cli.<id>``)."""
    found: dict[str, str] = {}
    for path in sorted((_HERE / language).glob("*.toml")):
        found.update(section(path.stem, language))
    return found


def say(key: str, /, cli: bool = False, **values: object) -> str:
    """The message ``key`` with its ``values`` in place; ``cli``: as the command line
    words it, where it words it its own way."""
    text = section("cli").get(f"cli.{key}") if cli else None
    return (text or section(key.partition(".")[0])[key]).format_map(values)


def joined(items, how: str = "and") -> str:
    """Items said as one: "a, b and c" (``how`` "and" or "or": ``join.list`` between
    all but the last two), "a, b, c" (``how`` "list") or "a. b. c" ("sentence")."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    between = how if how in ("list", "sentence") else "list"
    head = items[0]
    for item in items[1:-1]:
        head = say(f"join.{between}", first=head, second=item)
    return say(f"join.{how}", first=head, second=items[-1])
