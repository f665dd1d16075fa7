"""Drawn forms and made images kept between builds: a rebuild places the cards that
did not change instead of drawing them again, and keeps the proof images of pages that
did not change.

A card's face costs milliseconds to draw (its paragraphs set and fitted, its pictures
and icons placed) and a few kilobytes to keep. Each form a document draws under a
``key`` (everything its drawing reads, hashed: ``values.fingerprint`` and the settings)
is kept as a file of this folder: its compressed content stream, and what the stream
expects of the document around it (the fonts it names and under which internal names,
the forms it places, its transparency states). ``render.pdf.Document`` reads an entry
back only when the document agrees with every expectation, so a rebuild writes the
same bytes as a clean build; anything else is a miss and the form is drawn. A made
file (a proof image) is kept whole, under the key of everything it was made from.

The folder is printkit's cache (``paths.cache_dir``): deleting it is always
safe. Every entry is checked before use (its size bounded, its header's shape, its
stream's hash); a damaged, foreign or unreadable entry is a miss, and a folder that
cannot be written is simply not kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from pathlib import Path
from typing import NamedTuple

from .paths import keep

__all__ = ["FormCache", "KeptForm"]

#: The entries' format: change it when what an entry holds changes.
_FORMAT = 3
#: The largest entry read back, and the largest header line.
_MAX_ENTRY = 16 * 1024 * 1024
_MAX_HEADER = 1024 * 1024
#: The folder is pruned, oldest first, to this size.
_MAX_FOLDER = 512 * 1024 * 1024


class KeptForm(NamedTuple):
    """One drawn form as kept: its compressed stream and what the stream expects."""

    stream: bytes  # the content stream, Flate-compressed
    events: tuple  # ("names", ((font, internal), ...)) and ("form", name, bbox, key, recipe)
    forms: tuple[str, ...]  # the forms and pictures it places, in order
    states: tuple[tuple[tuple[str, object], str], ...]  # ((setting, value), name)
    fonts: tuple[tuple[str, str], ...]  # (font, internal name) of every font it sets


class FormCache:
    """The kept forms of one folder; counts its hits and misses for the benchmarks."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.hits = self.misses = 0

    def get(self, key: str) -> KeptForm | None:
        """The form kept under ``key``, or None."""
        kept = _read(self._path(key), key)
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
        entry = _entry(self._path(key), "file", key)
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
        header = {"format": _FORMAT, "kind": kind, "key": key, "length": len(body), **header}
        header["sha256"] = _digest(header, body)
        line = json.dumps(header, separators=(",", ":")).encode() + b"\n"
        keep(self._path(key), line + body)

    def prune(self, limit: int = _MAX_FOLDER) -> None:
        """Delete the entries least recently written until the folder is under ``limit``."""
        entries = []
        with contextlib.suppress(OSError):
            for shard in os.scandir(self.folder):
                if not shard.is_dir(follow_symlinks=False):
                    continue
                for entry in os.scandir(shard.path):
                    if entry.is_file(follow_symlinks=False):
                        stat = entry.stat(follow_symlinks=False)
                        entries.append((stat.st_mtime, stat.st_size, entry.path))
        total = sum(size for _, size, _ in entries)
        for _, size, path in sorted(entries):
            if total <= limit:
                break
            with contextlib.suppress(OSError):
                os.unlink(path)
            total -= size

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / key


def _entry(path: Path, kind: str, key: str) -> tuple[dict, bytes] | None:
    """The header and body of the entry of ``kind`` kept under ``key`` at ``path`` if it
    is whole (its size bounded, its body of its length, header and body of their hash);
    None for anything else."""
    try:
        with open(path, "rb", opener=_no_follow) as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None  # a pipe or a device where an entry was: never waited on
            data = file.read(_MAX_ENTRY + 1)
    except OSError:
        return None
    end = data.find(b"\n", 0, _MAX_HEADER)
    if len(data) > _MAX_ENTRY or end < 0:
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


def _read(path: Path, key: str) -> KeptForm | None:
    """The form at ``path`` if it is whole and well formed; None for anything else."""
    entry = _entry(path, "form", key)
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


def _no_follow(path, flags):
    """Open without following a link, and without waiting on a pipe (O_NONBLOCK)."""
    extra = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    return os.open(path, flags | extra)
