"""Read the text files printkit is configured with (TOML, CSV), and check their keys.

Every failure becomes the caller's error class with one line that names the file, the
place in it and the fix: the loaders for the catalogue and for templates share this.
"""

from __future__ import annotations

import csv
import io
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple

import tomli

from ..errors import PrintkitError, did_you_mean
from ..limits import MAX_DATA_BYTES, MAX_ROWS
from ..resources.paths import resource_root

__all__ = [
    "DataFile",
    "Row",
    "control_char",
    "inside_path",
    "one_line",
    "read_confined",
    "shown",
    "without_invisibles",
]

#: Characters no printed text may hold: the C0 and C1 controls (NUL, ESC...) but line
#: breaks and tabs, and the marks that reorder text right to left on a terminal.
_CONTROLS = frozenset(
    [chr(c) for c in range(0x20) if chr(c) not in "\t\n\r"]
    + [chr(c) for c in range(0x7F, 0xA0)]
    + [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]
)


#: Characters that print nothing and only steer a layout engine printkit is not: a soft
#: hyphen, zero-width spaces and joiners, direction marks, a word joiner, a stray BOM.
_ASCII_SPACE = re.compile(r"[ \t\r\n]+")
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"))


def without_invisibles(text: str) -> str:
    """``text`` without the characters that print nothing (``_INVISIBLE``): removing them
    changes no printed letter, and no face draws them."""
    return text.translate(_INVISIBLE) if not text.isascii() else text


def one_line(text: str) -> str:
    """``text`` on one line: every run of spaces, tabs and line breaks one space, and
    none at either end. A no-break space is kept: a translation sets one where a line
    must not break (Czech "v\u00a0domě", Russian "в\u00a0могилу", before a dash)."""
    return _ASCII_SPACE.sub(" ", text).strip(" \t\r\n")


def control_char(text: str) -> str | None:
    """The first control character in ``text`` (one that prints as nothing, or moves a
    terminal's cursor), or None. printkit refuses them rather than drop them unseen."""
    if text.isprintable():
        return None
    return next((char for char in text if char in _CONTROLS), None)


def shown(path: Path) -> str:
    """A path as a user recognises it: relative to the working folder or to printkit's own,
    and as it was named, never through a link to where the link leads."""
    import os

    try:
        plain = Path(os.path.abspath(path))
        bases = (Path(os.getcwd()), resource_root())
    except OSError:  # the working folder is gone
        return str(path)
    for base in bases:
        try:
            return plain.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)


class Row(NamedTuple):
    """One CSV data row, with the line it came from."""

    line: int
    values: dict[str, str]


def read_confined(
    path: Path, root: Path | None, limit: int, fail: Callable[[str], PrintkitError]
) -> bytes:
    """A file's bytes, read only if it is a regular file of at most ``limit`` bytes that,
    symlinks resolved, lies inside ``root`` (when given). ``fail(message)`` makes the
    error; nothing is opened before the checks pass, so a FIFO or a device never blocks."""
    from ..words import say

    path = Path(path)
    try:
        real = path.resolve(strict=True)
    except FileNotFoundError:
        raise fail(say("data.file.not-found")) from None
    except (OSError, RuntimeError) as exc:  # a symlink loop, a permission
        reason = getattr(exc, "strerror", None) or exc
        raise fail(say("data.file.unreadable", reason=reason)) from None
    if root is not None:
        base = Path(root).resolve()
        if real != base and base not in real.parents:
            raise fail(say("data.file.outside", target=real))
    try:
        status = real.stat()
    except OSError as exc:
        raise fail(say("data.file.unreadable", reason=exc.strerror)) from None
    if stat.S_ISDIR(status.st_mode):
        raise fail(say("data.file.folder"))
    if not stat.S_ISREG(status.st_mode):
        raise fail(say("data.file.not-regular"))
    if status.st_size > limit:
        raise fail(say("data.file.too-large", size=status.st_size, limit=limit))
    try:
        with open(real, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise fail(say("data.file.unreadable", reason=exc.strerror)) from None
    if len(data) > limit:
        raise fail(say("data.file.over-limit", limit=limit))
    return data


def inside_path(text: str) -> PurePosixPath | None:
    """A relative path as a data file writes it ("art/spook.svg", or with backslashes);
    None if it is empty, absolute (/etc, C:) or climbs out with "..": what a deck names
    must stay inside its folder."""
    path = PurePosixPath(text.replace("\\", "/"))
    if not text.strip() or path.is_absolute() or re.match(r"[A-Za-z]:", text) or ".." in path.parts:
        return None
    return path


class DataFile:
    """One configuration file, with the error class its failures are reported as.

    ``root`` confines it: a file that (symlinks resolved) lies outside is refused.
    """

    def __init__(self, path: Path, error: type[PrintkitError], root: Path | None = None):
        self.path = Path(path)
        self.error = error
        self.root = root

    @cached_property
    def name(self) -> str:
        """The file as messages name it (``shown``): worked out when first needed, as
        it resolves two paths, and most files are read without a word said about them."""
        return shown(self.path)

    def fail(self, where: str, message: str) -> PrintkitError:
        """An error naming this file and a place in it (``where``, said: "line 4", or as
        the file writes it: "[card]"), with a ``message`` said; ``raise file.fail(...)``."""
        if where:
            return self.error.said("data.at", file=self.name, where=where, message=message)
        return self.error.said("data.in", file=self.name, message=message)

    def said(self, where: str, key: str, /, **values: object) -> PrintkitError:
        """``fail`` with the catalogue's message ``key`` and its ``values``."""
        from ..words import say

        return self.fail(where, say(key, **values))

    def text(self) -> str:
        raw = read_confined(
            self.path, self.root, MAX_DATA_BYTES, lambda message: self.fail("", message)
        )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise self.said(self.line(line), "data.file.not-utf8", byte=exc.start) from None
        return text.removeprefix("\ufeff")

    def toml(self) -> dict[str, Any]:
        try:
            return tomli.loads(self.text())
        except tomli.TOMLDecodeError as exc:
            raise self.said("", "data.file.not-toml", error=exc) from None
        except RecursionError:
            raise self.said("", "data.file.too-deep") from None

    def csv_rows(self, required: Iterable[str], optional: Iterable[str] = ()) -> list[Row]:
        """The rows of a CSV file with a header line; columns are checked like keys."""
        return self.csv_table(required, optional)[1]

    def csv_table(
        self, required: Iterable[str] = (), optional: Iterable[str] = (), any_columns: bool = False
    ) -> tuple[list[str], list[Row]]:
        """The header and the rows of a CSV file. The columns are checked like keys, or
        with ``any_columns`` only for a name each, given once."""
        required, optional = tuple(required), tuple(optional)
        text = self.text()
        reader = csv.reader(io.StringIO(text, newline=""), strict=True)
        try:
            lines = [(reader.line_num, row) for row in reader]
        except csv.Error as exc:
            raise self.said(self.line(reader.line_num), "data.csv.invalid", error=exc) from None
        lines = [(n, row) for n, row in lines if any(cell.strip() for cell in row)]
        if not lines:
            if not required:
                raise self.said("", "data.csv.empty-any")
            from ..words import joined

            raise self.said("", "data.csv.empty", columns=joined(required, "list"))
        header_line, header = lines[0]
        header = [cell.strip() for cell in header]
        if any_columns:
            if not all(header):
                raise self.said(self.line(header_line), "data.csv.unnamed-column")
        else:
            from ..words import say

            where = say("data.where.header", line=header_line)
            self.check_keys(dict.fromkeys(header), where, required, optional)
        if len(set(header)) != len(header):
            raise self.said(self.line(header_line), "data.csv.column-twice")
        if len(lines) - 1 > MAX_ROWS:
            raise self.said("", "data.csv.too-many-rows", rows=len(lines) - 1, limit=MAX_ROWS)
        rows = []
        for number, cells in lines[1:]:
            if len(cells) != len(header):
                raise self.said(
                    self.line(number), "data.csv.fields", count=len(cells), header=len(header)
                )
            rows.append(Row(number, {k: v.strip() for k, v in zip(header, cells, strict=True)}))
        return header, rows

    def check_keys(
        self,
        table: Mapping[str, Any],
        where: str,
        required: Iterable[str],
        optional: Iterable[str] = (),
    ) -> None:
        """Fail on an unknown key (suggesting the nearest valid one) or a missing one."""
        required, optional = tuple(required), tuple(optional)
        valid = required + optional
        for key in table:
            if key not in valid:
                from ..words import joined, say

                close = did_you_mean(str(key), valid, n=1)
                hint = (
                    say("data.did-you-mean", name=close[0])
                    if close
                    else say("data.key.valid", keys=joined(valid, "list"))
                )
                raise self.said(where, "data.key.unknown", key=key, hint=hint)
        for key in required:
            if key not in table:
                raise self.said(where, "data.key.missing", key=key)

    @staticmethod
    def line(number: int) -> str:
        """The place "line 4" of a file, as messages say it."""
        from ..words import say

        return say("data.where.line", line=number)

    def relative_path(self, text: str, where: str) -> PurePosixPath:
        """A path written in this file, refused if it is absolute, empty or climbs out
        with "..": a file a deck names must stay inside the deck's folder."""
        path = PurePosixPath(text.replace("\\", "/"))
        if (
            not text.strip()
            or path.is_absolute()
            or re.match(r"[A-Za-z]:", text)
            or ".." in path.parts
        ):
            raise self.said(where, "data.file.path-outside", path=text)
        return path

    def expect(self, value: Any, kind: type | tuple[type, ...], where: str, key: str) -> Any:
        """Fail unless ``value`` has the given type; bools are never numbers here."""
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
        if not ok:
            from ..words import joined, say

            wanted = joined(
                (
                    say(f"data.kind.{_KIND_NAMES[k]}") if k in _KIND_NAMES else k.__name__
                    for k in kinds
                ),
                "or",
            )
            raise self.said(
                where, "data.key.wrong-kind", key=key, wanted=wanted, value=_describe(value)
            )
        return value


#: Each kind of value by its message's id: ``data.kind.text``...
_KIND_NAMES = {
    str: "text",
    int: "whole-number",
    float: "number",
    bool: "bool",
    list: "list",
    dict: "table",
}


def _describe(value: Any) -> str:
    from ..words import say

    if isinstance(value, bool):
        return "true" if value else "false"  # as TOML writes them
    if isinstance(value, str):
        return say("data.kind.the-text", text=value)
    if isinstance(value, dict):
        return say("data.kind.table")
    if isinstance(value, list):
        return say("data.kind.a-list")
    return repr(value)
