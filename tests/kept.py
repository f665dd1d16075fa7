"""The form cache's database read and changed as a stranger would, behind the cache's
back: what the tests of kept entries damage and compare."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from printkit.resources.formcache import DATABASE


def rows(folder: Path) -> dict[str, bytes]:
    """Every entry kept in ``folder``'s database, by key, read as a stranger would."""
    if not (folder / DATABASE).is_file():
        return {}
    with contextlib.closing(sqlite3.connect(folder / DATABASE)) as database:
        return dict(database.execute("SELECT key, entry FROM kept"))


def rewrite(folder: Path, key: str, data: bytes) -> None:
    """The entry kept under ``key`` replaced by ``data``, behind the cache's back."""
    with contextlib.closing(sqlite3.connect(folder / DATABASE)) as database, database:
        database.execute("UPDATE kept SET entry = ? WHERE key = ?", (data, key))
