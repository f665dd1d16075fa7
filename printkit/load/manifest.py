"""An earlier build's card manifest (``<deck>-cards.json``), read as a stranger's file:
a regular file of bounded size, the JSON printkit writes, every value checked; anything
else is one line naming the file."""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import PrintkitError
from ..limits import MAX_CARDS
from ..values.manifest import MANIFEST, VERSION, Entry, Manifest
from .datafile import read_confined, shown

__all__ = ["read_manifest"]

#: A manifest of the largest deck, with room to spare.
_MAX_BYTES = 64 * 1024 * 1024
_TEXT = 400  # the longest name a manifest may hold


def read_manifest(path: Path) -> Manifest:
    """The manifest at ``path``."""
    from ..words import say

    def bad() -> PrintkitError:
        return PrintkitError(say("errata.unreadable", file=shown(path)))

    data = read_confined(
        path, None, _MAX_BYTES, lambda m: PrintkitError.said("data.in", file=shown(path), message=m)
    )
    try:
        table = json.loads(data.decode("utf-8"), object_pairs_hook=_once)
    except (ValueError, RecursionError):
        raise bad() from None
    if not (
        isinstance(table, dict)
        and table.get("printkit") == MANIFEST
        and type(table.get("version")) is int
        and table["version"] == VERSION
        and _text(table.get("deck"))
        and _text(table.get("template"))
        and isinstance(table.get("cards"), list)
        and len(table["cards"]) <= MAX_CARDS
    ):
        raise bad()
    found = []
    for row in table["cards"]:
        entry = _entry(row)
        if entry is None:
            raise bad()
        found.append(entry)
    return Manifest(table["deck"], table["template"], tuple(found))


def _entry(row: object) -> Entry | None:
    if not isinstance(row, dict) or set(row) != set(Entry._fields):
        return None
    numbers = [row[key] for key in ("card", "sheet", "slot")]
    texts = [row[key] for key in ("name", "front", "back")]
    if not all(type(n) is int and 0 <= n <= 10 * MAX_CARDS for n in numbers):
        return None
    if not all(_text(t) for t in texts):
        return None
    return Entry(**{key: row[key] for key in Entry._fields})


def _text(value: object) -> bool:
    """A string a manifest may hold: short, and text (no lone surrogate of a bad escape)."""
    if not isinstance(value, str) or len(value) > _TEXT:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _once(pairs: list) -> dict:
    """A JSON object whose every key is given once (a second "deck" is not a manifest)."""
    table = dict(pairs)
    if len(table) != len(pairs):
        raise ValueError("a key given twice")
    return table
