"""Write a command's files as one unit: after any failure, Ctrl-C or kill, every file is
the new one or every file is the old one.

How, as a database's rollback journal does it, in the folder that holds the files:

1. every new file is written beside its target as ``.<name>.printkit-new`` and synced;
2. a journal (``.printkit-journal``) naming every target is written and synced: from
   here on the new files are the ones that count;
3. each old file is moved aside to ``.<name>.printkit-old`` and its new file moved in;
4. the journal is removed (the commit is done), then the old files.

A run killed before step 2 leaves only ``printkit-new`` files: the old files stand, and
the next run removes the leftovers. A run killed after it leaves the journal: the next
run that writes to that folder first finishes the commit (``recover``), so every file
is then the new one. Nothing outside the folder is ever touched, and names in a
journal are checked to stay inside it.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Mapping
from pathlib import Path

from .datafile import shown
from .errors import OutputError

__all__ = ["JOURNAL", "recover", "write_files"]

JOURNAL = ".printkit-journal"
_NEW = ".printkit-new"
_OLD = ".printkit-old"
#: Tests slow the commit down with this, to kill a real build in the middle of it.
_DELAY = "PRINTKIT_TEST_COMMIT_DELAY"


def write_files(files: Mapping[Path, bytes]) -> list[Path]:
    """Write every file, all together or not at all; returns the paths written, in order."""
    targets = [Path(target) for target in files]
    if not targets:
        return []
    folder = Path(os.path.commonpath([t.resolve().parent for t in targets]))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _error(folder, exc) from None
    recover(folder)
    for parent in {target.resolve().parent for target in targets} - {folder.resolve()}:
        _remove_leftovers(parent)
    staged: list[tuple[Path, Path]] = []
    try:
        for target, data in zip(targets, files.values(), strict=True):
            new = _beside(target.resolve(), _NEW)
            staged.append((target.resolve(), new))
            _write(new, data)
        _commit(folder, staged)
    except BaseException:
        if (folder / JOURNAL).exists():  # committed: finish moving the new files in now
            with contextlib.suppress(OSError, OutputError):  # else the next run finishes it
                recover(folder)
        else:  # not committed: drop what was staged, the old files stand
            for _, new in staged:
                new.unlink(missing_ok=True)
        raise
    return targets


def recover(folder: Path) -> None:
    """Finish a commit a killed run left in ``folder``, then remove its leftovers."""
    folder = Path(folder)
    journal = folder / JOURNAL
    if journal.exists():
        try:
            entries = json.loads(journal.read_text(encoding="utf-8"))["files"]
            names = [_inside(folder, name) for name in entries]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise OutputError(
                f"{shown(journal)}: a commit journal printkit cannot read ({exc}); "
                "remove it and build again"
            ) from None
        for target in names:
            new, old = _beside(target, _NEW), _beside(target, _OLD)
            if new.exists():
                if target.exists() and not old.exists():
                    os.replace(target, old)
                os.replace(new, target)
        _sync(folder)
        journal.unlink()
        _sync(folder)
    _remove_leftovers(folder)


def _remove_leftovers(folder: Path) -> None:
    """The new and old copies an interrupted run left, once no journal needs them."""
    if not folder.is_dir():
        return
    for leftover in folder.iterdir():
        if leftover.name.startswith(".") and leftover.name.endswith((_NEW, _OLD)):
            leftover.unlink(missing_ok=True)


def _commit(folder: Path, staged: list[tuple[Path, Path]]) -> None:
    journal = folder / JOURNAL
    names = [target.relative_to(folder).as_posix() for target, _ in staged]
    try:
        _write(journal, json.dumps({"files": names}).encode("utf-8"))
    except OutputError:
        journal.unlink(missing_ok=True)
        raise
    delay = float(os.environ.get(_DELAY, "0") or 0)
    try:
        for target, new in staged:
            old = _beside(target, _OLD)
            if target.exists():
                os.replace(target, old)
            if delay:
                time.sleep(delay)
            os.replace(new, target)
        _sync(folder)
        journal.unlink()
        _sync(folder)
    except OSError as exc:
        # The journal stands: the next run finishes this commit. Say so.
        raise OutputError(
            f"{shown(folder)}: stopped while moving the new files into place "
            f"({exc.strerror}); run printkit again to finish"
        ) from None
    for target, _ in staged:
        _beside(target, _OLD).unlink(missing_ok=True)


def _write(path: Path, data: bytes) -> None:
    try:
        with open(path, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(path, 0o644)
    except OSError as exc:
        path.unlink(missing_ok=True)
        raise _error(path, exc) from None


def _beside(target: Path, suffix: str) -> Path:
    return target.with_name(f".{target.name}{suffix}")


def _inside(folder: Path, name: str) -> Path:
    target = (folder / name).resolve()
    if not isinstance(name, str) or folder.resolve() not in target.parents:
        raise ValueError(f"{name!r} is not a file in this folder")
    return target


def _sync(folder: Path) -> None:
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _error(path: Path, exc: OSError) -> OutputError:
    reason = exc.strerror or str(exc)
    return OutputError(
        f"{shown(path)}: cannot write here ({reason}); choose another folder with --out or -o, "
        "or free some space"
    )
