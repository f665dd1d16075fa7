"""Player aids: reference cards printed with a deck, read from the deck's aids file.

Each aid card has a front and a back, each a few sections of a title and a text. The
text may name generated content with ``{{values}}`` (what cards count for negation) and
``{{draw-outcomes}}`` (every draw! check, from ``rules.draw``), so an aid always says what
the companion says. No drawing here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .catalogue import safe_relative_path
from .datafile import DataFile
from .errors import CatalogueError
from .model import ACE_READING, DEFAULT_ACE_VALUE, Deck

__all__ = ["Aid", "Section", "load_aid"]


@dataclass(frozen=True)
class Section:
    title: str
    text: str  # the rule books' Markdown dialect, placeholders filled in


@dataclass(frozen=True)
class Aid:
    front: tuple[Section, ...]
    back: tuple[Section, ...]


def _values() -> str:
    return f"Values: 2-10 as marked, J Q K 10, an Ace {DEFAULT_ACE_VALUE} ({ACE_READING})"


def _draw_outcomes() -> str:
    from .rules.draw import CHECKS

    return "\n".join(f"- {check.summary()}" for check in CHECKS.values())


_PLACEHOLDERS = {"values": _values, "draw-outcomes": _draw_outcomes}
_PLACEHOLDER = re.compile(r"\{\{\s*([a-z-]+)\s*\}\}")


def load_aid(deck: Deck) -> Aid | None:
    """The deck's player aid, or None when its deck.toml names none."""
    if deck.aids is None or deck.folder is None:
        return None
    file = DataFile(
        deck.folder
        / safe_relative_path(
            deck.aids, DataFile(deck.folder / "deck.toml", CatalogueError), "[aids]"
        ),
        CatalogueError,
        root=deck.folder,
    )
    table = file.toml()
    file.check_keys(table, "", ("front", "back"))
    return Aid(_sides(file, table["front"], "front"), _sides(file, table["back"], "back"))


def _sides(file: DataFile, entries: Any, side: str) -> tuple[Section, ...]:
    file.expect(entries, list, f"[[{side}]]", side)
    if not entries:
        raise file.fail(f"[[{side}]]", "needs at least one section with a title and a text")
    sections = []
    for number, entry in enumerate(entries, start=1):
        where = f"[[{side}]] number {number}"
        file.expect(entry, dict, where, side)
        file.check_keys(entry, where, ("title", "text"))
        title = file.expect(entry["title"], str, where, "title").strip()
        text = file.expect(entry["text"], str, where, "text")

        def fill(match: re.Match[str], where: str = where) -> str:
            name = match.group(1)
            if name not in _PLACEHOLDERS:
                raise file.fail(
                    where, f"unknown {{{{{name}}}}}; aids know {', '.join(_PLACEHOLDERS)}"
                )
            return _PLACEHOLDERS[name]()

        sections.append(Section(title, _PLACEHOLDER.sub(fill, text).strip()))
    return tuple(sections)
