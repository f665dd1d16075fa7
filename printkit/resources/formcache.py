"""Drawn forms and made images kept between builds: a rebuild places the cards that
did not change instead of drawing them again, and keeps the proof images of pages that
did not change.

A card's face costs milliseconds to draw (its paragraphs set and fitted, its pictures
and icons placed) and a few kilobytes to keep. Each form a document draws under a
``key`` (everything its drawing reads, hashed: ``values.fingerprint`` and the settings)
is kept as an entry: its compressed content stream, and what the stream expects of the
document around it (the fonts it names and under which internal names, the forms it
places, its transparency states). ``render.pdf.Document`` reads an entry back only
when the document agrees with every expectation, so a rebuild writes the same bytes as
a clean build; anything else is a miss and the form is drawn. A made file (a proof
image) is kept whole, under the key of everything it was made from.

The entries of a folder are the rows of one SQLite database in it (``kept.sqlite``),
each written whole or not at all: a first build of a 1,000-card deck keeps some 1,300
entries, and as that many files they cost the system 0.35 to 0.65 CPU-s more to make
(measured on ext4, 2026-12-04). The folder is printkit's
cache (``paths.cache_dir``): deleting it is always safe. Every entry is checked before
use (its size bounded, its header's shape, its hash over header and body); a damaged,
foreign or unreadable entry is a miss, a damaged database is started afresh, and a
folder or database that cannot be written is simply not kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from pathlib import Path
from typing import NamedTuple

__all__ = ["DATABASE", "FormCache", "KeptForm"]

#: The entries' format: change it when what an entry holds changes.
_FORMAT = 3
#: The largest entry read back, and the largest header line.
_MAX_ENTRY = 16 * 1024 * 1024
_MAX_HEADER = 1024 * 1024
#: The folder is pruned, oldest first, to this size.
_MAX_FOLDER = 512 * 1024 * 1024
#: The database of a cache folder, and how long a build waits for another's write.
DATABASE = "kept.sqlite"
_WAIT_S = 5.0
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS kept"
    " (key TEXT PRIMARY KEY, entry BLOB NOT NULL, written REAL NOT NULL)"
)
_COLUMNS = ("key", "entry", "written")
#: SQLite's codes for a file that is not a database and one whose image is damaged.
_DAMAGED = (26, 11)  # SQLITE_NOTADB, SQLITE_CORRUPT


class KeptForm(NamedTuple):
    """One drawn form as kept: its compressed stream and what the stream expects."""

    stream: bytes  # the content stream, Flate-compressed
    events: tuple  # ("names", ((font, internal), ...)) and ("form", name, bbox, key, recipe)
    forms: tuple[str, ...]  # the forms and pictures it places, in order
    states: tuple[tuple[tuple[str, object], str], ...]  # ((setting, value), name)
    fonts: tuple[tuple[str, str], ...]  # (font, internal name) of every font it sets


class FormCache:
    """The kept forms of one folder; counts its hits and misses for the benchmarks. The
    database is opened at the first use, in each process that uses it (a connection
    never crosses a fork), and closed with the cache."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.hits = self.misses = 0
        self._open: tuple[int, object] | None = None  # (the process's id, its connection)

    def get(self, key: str) -> KeptForm | None:
        """The form kept under ``key``, or None."""
        kept = _form(self._read(key), key)
        if kept is None:
            self.misses += 1
        else:
            self.hits += 1
        return kept

    def put(self, key: str, form: KeptForm) -> None:
        """Keep ``form`` under ``key``; a folder that cannot be written keeps nothing."""
        header = {
            "events": form.events,
            "forms": form.forms,
            "states": form.states,
            "fonts": form.fonts,
        }
        self._keep(key, "form", header, form.stream)

    def get_file(self, key: str) -> bytes | None:
        """The file kept under ``key`` (``put_file``), or None."""
        entry = _entry(self._read(key), "file", key)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        return entry[1]

    def put_file(self, key: str, data: bytes) -> None:
        """Keep a made file whole under ``key``; a folder that cannot be written keeps
        nothing, and a file too large to be read back is not kept."""
        if len(data) < _MAX_ENTRY - _MAX_HEADER:
            self._keep(key, "file", {}, data)

    def _keep(self, key: str, kind: str, header: dict, body: bytes) -> None:
        import sqlite3
        import time

        header = {"format": _FORMAT, "kind": kind, "key": key, "length": len(body), **header}
        header["sha256"] = _digest(header, body)
        line = json.dumps(header, separators=(",", ":")).encode() + b"\n"
        database = self._database()
        if database is None:
            return
        with contextlib.suppress(sqlite3.Error):
            database.execute(
                "INSERT OR REPLACE INTO kept VALUES (?, ?, ?)", (key, line + body, time.time())
            )

    def _read(self, key: str) -> bytes | None:
        import sqlite3

        database = self._database()
        if database is None:
            return None
        try:
            row = database.execute(
                "SELECT entry FROM kept WHERE key = ? AND length(entry) <= ?", (key, _MAX_ENTRY)
            ).fetchone()
        except sqlite3.Error:
            return None
        return row[0] if row is not None and isinstance(row[0], bytes) else None

    def prune(self, limit: int = _MAX_FOLDER) -> None:
        """Delete the entries least recently written until the folder is under ``limit``,
        and give their room back."""
        import sqlite3

        database = self._database()
        if database is None:
            return
        with contextlib.suppress(sqlite3.Error):
            (total,) = database.execute(
                "SELECT coalesce(sum(length(entry)), 0) FROM kept"
            ).fetchone()
            if total <= limit:
                return
            rows = database.execute(
                "SELECT key, length(entry) FROM kept ORDER BY written, key"
            ).fetchall()
            gone = []
            for key, size in rows:
                if total <= limit:
                    break
                gone.append((key,))
                total -= size
            if gone:
                database.executemany("DELETE FROM kept WHERE key = ?", gone)
                database.execute("PRAGMA incremental_vacuum")

    def close(self) -> None:
        """Let the database go (a cache used again opens it again)."""
        if self._open is not None:
            pid, database = self._open
            self._open = None
            if pid == os.getpid():
                with contextlib.suppress(Exception):
                    database.close()  # type: ignore[attr-defined]

    def __del__(self):
        self.close()

    def _database(self):
        """This process's connection to the folder's database, or None where there is
        none to be had (a folder that cannot be made, a database that cannot be opened,
        anything but a regular file in its place)."""
        if self._open is not None and self._open[0] == os.getpid():
            return self._open[1]
        database = _connect(self.folder / DATABASE)
        self._open = (os.getpid(), database)
        return database


def _connect(path: Path):
    """A connection to the database at ``path``, made if there is none; a damaged one
    (not a database, or not printkit's) is deleted and made afresh; None for one that
    cannot be had."""
    import sqlite3

    for attempt in (1, 2):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not _regular_or_absent(path):
                return None  # a pipe, a folder or a link where the database was: not used
            database = sqlite3.connect(
                path, timeout=_WAIT_S, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error):
            return None
        try:
            # Room given back as entries are pruned (set before the table is made); one
            # writer beside readers; each row written whole, never waiting on the disk.
            database.execute("PRAGMA auto_vacuum = INCREMENTAL")
            database.execute("PRAGMA journal_mode = WAL")
            database.execute("PRAGMA synchronous = NORMAL")
            database.execute("PRAGMA trusted_schema = OFF")
            database.execute(_SCHEMA)
            columns = tuple(row[1] for row in database.execute("PRAGMA table_info(kept)"))
            if columns == _COLUMNS:
                return database
            damaged = True  # another program's table of the same name
        except sqlite3.Error as error:  # damaged, or busy, or in a folder not writable
            damaged = getattr(error, "sqlite_errorcode", None) in _DAMAGED
        database.close()
        if attempt == 2 or not damaged:
            return None
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(f"{path}{suffix}")
    return None


def _regular_or_absent(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def _entry(data: bytes | None, kind: str, key: str) -> tuple[dict, bytes] | None:
    """The header and body of ``data``, an entry of ``kind`` kept under ``key``, if it is
    whole (its size bounded, its body of its length, header and body of their hash);
    None for anything else."""
    if data is None or len(data) > _MAX_ENTRY:
        return None
    end = data.find(b"\n", 0, _MAX_HEADER)
    if end < 0:
        return None
    try:
        header = json.loads(data[:end])
        body = data[end + 1 :]
        if not isinstance(header, dict):
            return None
        kept = header.pop("sha256", None)
        if (
            header.get("format") != _FORMAT
            or header.get("kind") != kind
            or header.get("key") != key  # an entry copied over another's is not it
            or header.get("length") != len(body)
            or kept != _digest(header, body)
        ):
            return None
    except (ValueError, TypeError, RecursionError):  # not JSON, nested too deep to read
        return None
    return header, body


def _form(data: bytes | None, key: str) -> KeptForm | None:
    """The form kept as ``data`` if it is whole and well formed; None for anything else."""
    entry = _entry(data, "form", key)
    if entry is None:
        return None
    header, stream = entry
    try:
        return KeptForm(
            stream,
            tuple(_event(event) for event in header["events"]),
            tuple(_text(name) for name in header["forms"]),
            tuple(((_text(a), _value(v)), _text(name)) for (a, v), name in header["states"]),
            tuple((_text(font), _text(name)) for font, name in header["fonts"]),
        )
    except (ValueError, TypeError, LookupError):
        return None


def _event(event) -> tuple:
    if not isinstance(event, list) or not event:
        raise TypeError("an event is a list")
    if event[0] == "names" and len(event) == 2:
        return ("names", tuple((_text(font), _text(name)) for font, name in event[1]))
    if event[0] == "form" and len(event) == 5:
        _, name, bbox, key, recipe = event
        if len(bbox) != 4 or not all(isinstance(v, int | float) for v in bbox):
            raise ValueError("a bounding box of four numbers")
        recipe = None if recipe is None else tuple(_plain(part) for part in recipe)
        return ("form", _text(name), tuple(bbox), None if key is None else _text(key), recipe)
    raise ValueError("an unknown event")


def _text(value) -> str:
    if not isinstance(value, str):
        raise TypeError("a text")
    return value


def _value(value):
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise TypeError("a number or a text")
    return value


def _plain(value):
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError("a plain value")


def _digest(header: dict, body: bytes) -> str:
    """The hash of an entry: its header (but this hash) and its body, so that no changed
    byte of either is ever taken for what was kept."""
    line = json.dumps(header, separators=(",", ":"), sort_keys=True).encode()
    return hashlib.sha256(line + b"\n" + body).hexdigest()
