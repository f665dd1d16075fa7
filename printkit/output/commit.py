"""Write a command's files as one unit: after any failure, Ctrl-C or kill, the folder holds
every old file or every new one, and the next run can always write into it.

How, as a database's storage layer does it, in the folder that holds the files:

1. the folder is locked (``flock`` on the folder itself: a killed process holds no lock,
   and no lock file is left behind), so two commands writing into it take turns;
2. every path is checked before anything changes: a folder, a link, a device or a file
   another user owns where a file must go stops the command, naming it;
3. every new file is written beside its target under a fresh hidden name
   (``.<name>.<token>.printkit-new``, opened exclusively and never through a link) and
   synced; every file it replaces gets a second name (``.printkit-old``, a hard link or a
   copy), so that the commit can be undone;
4. a journal (``.printkit-journal``) naming every step is written whole (to a temporary
   name, synced, renamed): from here on the new files are the ones that count;
5. each new file is renamed over its target (files an earlier run left that this one
   supersedes are removed), the journal is removed, then the old names.

If a step before 4 fails, the staged files are removed and nothing changed. If a rename
of step 5 fails, the renames done are undone from the old names. A run killed after
step 4 leaves the journal: the next run that writes into the folder finishes the commit
first (``recover``). The journal is read as a stranger's file: a regular file of bounded
size whose every name is checked to be printkit's own, inside the folder, with a checksum
over its entries; one that fails is refused, never followed, and ``printkit recover``
clears it away. Every name is opened relative to the folder's own descriptor, never
through a link, so nothing outside the folder is ever touched.
"""

from __future__ import annotations

import contextlib
import errno
import fnmatch
import hashlib
import json
import os
import re
import secrets
import stat
import time
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from ..errors import OutputError
from ..load.datafile import shown
from ..words import amount, say
from .disk import OPEN_DIR, OPEN_NEW, cannot, in_the_way, quietly, sync, write_all
from .spool import Spool, Spooled, remove_stale

__all__ = ["JOURNAL", "RECORD", "foreign_files", "recover", "write_files"]

JOURNAL = ".printkit-journal"
#: The record of the files printkit wrote into a folder, so that it removes only its own.
RECORD = ".printkit-files"
_VERSION = 1
_NEW = ".printkit-new"
_OLD = ".printkit-old"
#: A journal names at most this many files, in at most this many bytes.
_MAX_ENTRIES = 100_000
_MAX_JOURNAL = 16 * 1024 * 1024
_MAX_DEPTH = 8
#: How long a command waits for another one writing into the same folder.
_LOCK_WAIT = 60.0
#: Tests slow the commit down with this, to kill a real build in the middle of it.
_DELAY = "PRINTKIT_TEST_COMMIT_DELAY"
#: What printkit itself leaves in a folder, and may therefore remove: staged and saved
#: copies, named with their token, and journals being written.
_LEFTOVER = re.compile(
    r"\..+?\.[0-9a-f]{8}\.printkit-(?:new|old)|\.printkit-journal\.[0-9a-f]{8}\.tmp", re.DOTALL
)


class _Entry(NamedTuple):
    """One step of a commit: ``path`` (relative to the folder) gets the file staged as
    ``new`` (or is removed when ``new`` is None); ``old`` is its saved copy, if it had one."""

    path: str
    new: str | None
    old: str | None


def write_files(
    files: Mapping[Path, bytes] | Iterable[tuple[Path, bytes]],
    replaces: Iterable[Path] = (),
    owner: str = "",
    folder: Path | None = None,
    spool: Spool | None = None,
) -> list[Path]:
    """Write every file, all together or not at all; returns the paths written, in order.

    ``files`` maps paths to their bytes, or gives (path, bytes) pairs made one at a time
    (an export of a thousand images): each is staged as it comes, so only the one being
    made is held in memory; ``folder`` then says which folder they all go into. A file a
    build already made into its ``spool`` (a ``Spooled`` in place of its bytes) is moved
    into place from there.

    ``replaces`` are patterns (``output/deck-proof-*.png``) of the files an earlier run by
    the same ``owner`` (a command, as "export mpc") wrote that these supersede: each one
    the folder's record says that owner wrote, that is unchanged since and is not written
    now, is removed in the same commit, so that a deck that shrank leaves no proof of its
    old cards. A user's own file, or another command's, is never removed."""
    patterns = [Path(os.path.abspath(pattern)) for pattern in replaces]
    if isinstance(files, Mapping):
        targets = [Path(os.path.abspath(target)) for target in files]
        if not targets:
            return []
        root = Path(os.path.commonpath([t.parent for t in targets + patterns]))
        pairs: Iterable[tuple[Path, bytes]] = files.items()
    elif folder is None:
        raise ValueError("write_files needs the folder its files go into")
    else:
        root, pairs = Path(os.path.abspath(folder)), files
    written: list[Path] = []
    digests: dict[str, str] = {}
    with _Folder(root, spool=spool) as opened:
        if isinstance(files, Mapping):
            for target in targets:
                opened.split(opened.relative(target))  # every folder made and opened
        opened.finish_interrupted()
        record = opened.read_record() if patterns else {}

        def each():
            for target, content in pairs:
                target = Path(os.path.abspath(target))
                path = opened.relative(target)
                if path in digests:
                    raise ValueError(f"write_files was given {path} twice")
                written.append(target)
                if patterns:
                    digests[path] = (
                        content.digest if isinstance(content, Spooled) else (_digest(content))
                    )
                yield path, content

        def after() -> tuple[list[tuple[str, bytes]], list[str]]:
            """The record and the superseded files, once every file is staged."""
            if not patterns:
                return [], []
            globs = [opened.relative(pattern) for pattern in patterns]
            stale = [
                path
                for path, (digest, by) in sorted(record.items())
                if by == owner
                and path not in digests
                and any(fnmatch.fnmatchcase(path, glob) for glob in globs)
                and opened.digest(path) == digest
            ]
            kept = {path: entry for path, entry in record.items() if path not in stale}
            kept.update((path, (digest, owner)) for path, digest in digests.items())
            return [(RECORD, _record_text(kept))], stale

        opened.commit(each(), after)
    return written


def foreign_files(paths, folder: Path) -> list[Path]:
    """Those of ``paths`` inside ``folder`` that hold a file printkit did not write there
    (by the record of each one's folder): a deck's own files, which a command writing
    into the deck's folder must never replace."""
    base = Path(os.path.abspath(folder))
    found, records = [], {}
    for path in paths:
        target = Path(os.path.abspath(path))
        if base not in target.parents or not os.path.lexists(target):
            continue
        if target.parent not in records:
            try:
                # Read, not written: no lock, which the writer may hold already.
                with _Folder(target.parent, create=False, lock=False) as opened:
                    records[target.parent] = opened.read_record()
            except OutputError:
                records[target.parent] = {}
        if target.relative_to(target.parent).as_posix() not in records[target.parent]:
            found.append(target)
    return found


def recover(folder: Path, discard: bool = False) -> list[str]:
    """Finish a commit a killed run left in ``folder``, then remove printkit's leftovers;
    returns what was done, as lines. With ``discard``, a journal that cannot be followed
    (damaged, or not printkit's) is removed instead of refused, unread."""
    folder = Path(os.path.abspath(folder))
    try:
        status = os.stat(folder)
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise cannot(folder, exc) from None
    if not stat.S_ISDIR(status.st_mode):
        raise OutputError.said("output.not-a-folder", folder=shown(folder))
    with _Folder(folder, create=False) as opened:
        return opened.finish_interrupted(discard=discard)


class _Folder:
    """A locked output folder, every name in it reached through the folder's descriptor."""

    def __init__(
        self, root: Path, create: bool = True, lock: bool = True, spool: Spool | None = None
    ):
        self.root = root
        self.create = create
        self.lock = lock
        self.spool = spool
        self.fds: dict[tuple[str, ...], int] = {}
        self.done: list[str] = []

    # -- opening, locking, closing ------------------------------------------------------

    def __enter__(self) -> _Folder:
        if self.create:
            try:
                os.makedirs(self.root, exist_ok=True)
            except FileExistsError:
                raise in_the_way(self.root) from None
            except OSError as exc:
                raise cannot(self.root, exc) from None
        try:
            fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except NotADirectoryError:
            raise in_the_way(self.root) from None
        except OSError as exc:
            raise cannot(self.root, exc) from None
        self.fds[()] = fd
        try:
            if self.lock:
                self._lock(fd)
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def close(self) -> None:
        for fd in self.fds.values():
            quietly(os.close, fd)
        self.fds.clear()

    def _lock(self, fd: int) -> None:
        import fcntl

        deadline = time.monotonic() + _LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise OutputError.said("output.busy", folder=shown(self.root)) from None
                time.sleep(0.05)
            except OSError:  # a file system without locks: go on unlocked, as before
                return

    def dir(self, parts: tuple[str, ...], create: bool = True) -> int:
        """The descriptor of a folder inside the root (created when missing, if asked:
        FileNotFoundError otherwise); a link or a file in its place is refused."""
        if parts in self.fds:
            return self.fds[parts]
        parent = self.dir(parts[:-1], create)
        name = parts[-1]
        where = self.root.joinpath(*parts)
        try:
            fd = os.open(name, OPEN_DIR, dir_fd=parent)
        except FileNotFoundError:
            if not create:
                raise
            try:
                os.mkdir(name, 0o755, dir_fd=parent)
                fd = os.open(name, OPEN_DIR, dir_fd=parent)
            except OSError as exc:
                raise cannot(where, exc) from None
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise OutputError.said("output.not-its-own-folder", folder=shown(where)) from None
            raise cannot(where, exc) from None
        self.fds[parts] = fd
        return fd

    # -- names ---------------------------------------------------------------------------

    def relative(self, target: Path) -> str:
        return target.relative_to(self.root).as_posix()

    def split(self, path: str, create: bool = True) -> tuple[int, str]:
        """The descriptor of the folder that holds ``path``, and its name there."""
        parts = tuple(PurePosixPath(path).parts)
        return self.dir(parts[:-1], create), parts[-1]

    def shown(self, path: str) -> str:
        return shown(self.root / path)

    def lstat(self, path: str) -> os.stat_result | None:
        """What ``path`` is (never through a link), or None if there is nothing there."""
        try:
            fd, name = self.split(path, create=False)
            return os.stat(name, dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise cannot(self.root / path, exc) from None

    def digest(self, path: str) -> str | None:
        """The SHA-256 of the regular file at ``path`` (never through a link), or None."""
        if not self._is_file(path):
            return None
        fd, name = self.split(path, create=False)
        hasher = hashlib.sha256()
        try:
            handle = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
            try:
                while chunk := os.read(handle, 1 << 20):
                    hasher.update(chunk)
            finally:
                os.close(handle)
        except OSError as exc:
            raise cannot(self.root / path, exc) from None
        return hasher.hexdigest()

    def read_record(self, name: str = RECORD) -> dict[str, tuple[str, str]]:
        """The folder's record of the files printkit wrote into it: {path: (SHA-256, the
        command that wrote it)}. A record that is damaged, or is not a file, counts as
        none: it only ever allows removing files, so trusting less is safe."""
        status = self.lstat(name)
        if status is None or not stat.S_ISREG(status.st_mode) or status.st_size > _MAX_JOURNAL:
            return {}
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=self.fds[()])
            try:
                with os.fdopen(fd, "rb", closefd=False) as stream:
                    raw = stream.read(_MAX_JOURNAL + 1)
            finally:
                os.close(fd)
        except OSError as exc:
            raise cannot(self.root / name, exc) from None
        try:
            table = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            return {}
        if not isinstance(table, dict) or table.get("printkit") != "files written":
            return {}
        files = table.get("files")
        if not isinstance(files, dict):
            return {}
        record = {}
        for path, entry in list(files.items())[:_MAX_ENTRIES]:
            try:
                _check_name(path)
            except ValueError:
                continue
            if (
                isinstance(entry, list)
                and len(entry) == 2
                and isinstance(entry[0], str)
                and re.fullmatch(r"[0-9a-f]{64}", entry[0])
                and isinstance(entry[1], str)
            ):
                record[path] = (entry[0], entry[1])
        return record

    # -- the commit ----------------------------------------------------------------------

    def commit(self, pairs, after) -> None:
        """Stage each (path, bytes) of ``pairs`` as it comes, each path checked first;
        then what ``after()`` adds (the folder's record) and removes (superseded files);
        then the journal, and the swap."""
        entries: list[_Entry] = []

        def stage(path: str, content: bytes) -> None:
            self._check_target(path)
            token = secrets.token_hex(4)
            entries.append(_Entry(path, self._stage(path, content, token), None))
            entries[-1] = entries[-1]._replace(old=self._save(path, token))

        try:
            for path, content in pairs:
                stage(path, content)
            extra, stale = after()
            for path, content in extra:
                stage(path, content)
            for path in stale:
                entries.append(_Entry(path, None, self._save(path, secrets.token_hex(4))))
            if not entries:
                return
            self._write_journal(entries)
        except BaseException:
            self._drop(entries)
            raise
        self._swap(entries)

    def _check_target(self, path: str) -> None:
        status = self.lstat(path)
        if status is None or stat.S_ISREG(status.st_mode):
            if status is not None:
                self._check_replaceable(path, status)
            return
        where = self.shown(path)
        if stat.S_ISLNK(status.st_mode):
            raise OutputError.said("output.link-in-the-way", file=where)
        if stat.S_ISDIR(status.st_mode):
            raise OutputError.said("output.folder-in-the-way", file=where)
        raise OutputError.said("output.device-in-the-way", file=where)

    def _check_replaceable(self, path: str, status: os.stat_result) -> None:
        """In a shared folder (the sticky bit, as /tmp), only a file's owner may replace it."""
        fd, _ = self.split(path)
        try:
            folder = os.fstat(fd)
        except OSError as exc:
            raise cannot(self.root / path, exc) from None
        me = os.geteuid()
        if folder.st_mode & stat.S_ISVTX and me not in (0, status.st_uid, folder.st_uid):
            raise OutputError.said("output.another-users", file=self.shown(path))

    def _stage(self, path: str, content: bytes | Spooled, token: str, suffix: str = _NEW) -> str:
        """``content`` written and synced under a fresh hidden name beside ``path``; a file
        in the build's spool is moved there instead."""
        fd, name = self.split(path)
        while True:
            staged = f".{name}.{token}{suffix}"
            try:
                if isinstance(content, Spooled):
                    if self.spool is None:
                        raise ValueError("a spooled file needs its spool")
                    if self.spool.move(content, fd, staged):
                        return _sibling(path, staged)
                    raise FileExistsError(staged)
                out = os.open(staged, OPEN_NEW, 0o644, dir_fd=fd)
                break
            except FileExistsError:  # a name in the way (a folder, say): draw another
                token = secrets.token_hex(4)
            except OSError as exc:
                raise cannot(self.root / path, exc) from None
        try:
            write_all(out, content)
        except OSError as exc:
            os.close(out)
            quietly(os.unlink, staged, dir_fd=fd)
            raise cannot(self.root / path, exc) from None
        except BaseException:
            os.close(out)
            quietly(os.unlink, staged, dir_fd=fd)
            raise
        quietly(os.close, out)
        return _sibling(path, staged)

    def _save(self, path: str, token: str) -> str | None:
        """A second name for the file ``path`` holds now, to undo the commit with: a hard
        link, or a copy where the file system has none. None when there is no file."""
        if self.lstat(path) is None:
            return None
        fd, name = self.split(path)
        while True:
            saved = f".{name}.{token}{_OLD}"
            try:
                os.link(name, saved, src_dir_fd=fd, dst_dir_fd=fd, follow_symlinks=False)
                return _sibling(path, saved)
            except FileExistsError:
                token = secrets.token_hex(4)
            except OSError as exc:
                if exc.errno not in (errno.EPERM, errno.EMLINK, errno.EOPNOTSUPP, errno.ENOTSUP):
                    raise cannot(self.root / path, exc) from None
                break
        try:
            source = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
            try:
                with os.fdopen(source, "rb", closefd=False) as stream:
                    content = stream.read()
            finally:
                os.close(source)
        except OSError as exc:
            raise cannot(self.root / path, exc) from None
        return self._stage(path, content, token, _OLD)

    def _write_journal(self, entries: list[_Entry]) -> None:
        text = _journal_text(entries)
        root = self.fds[()]
        token = secrets.token_hex(4)
        temporary = f"{JOURNAL}.{token}.tmp"
        try:
            out = os.open(temporary, OPEN_NEW, 0o644, dir_fd=root)
        except OSError as exc:
            raise cannot(self.root / JOURNAL, exc) from None
        try:
            try:
                write_all(out, text)
            finally:
                os.close(out)
            os.replace(temporary, JOURNAL, src_dir_fd=root, dst_dir_fd=root)
            sync(root)
        except OSError as exc:
            quietly(os.unlink, temporary, dir_fd=root)
            raise cannot(self.root / JOURNAL, exc) from None
        except BaseException:
            quietly(os.unlink, temporary, dir_fd=root)
            raise

    def _drop(self, entries: list[_Entry]) -> None:
        """Undo a commit that never reached its journal: only staged and saved names go."""
        for entry in entries:
            for name in (entry.new, entry.old):
                if name is not None:
                    fd, base = self.split(name)
                    quietly(os.unlink, base, dir_fd=fd)

    def _swap(self, entries: list[_Entry]) -> None:
        delay = float(os.environ.get(_DELAY, "0") or 0)
        swapped: list[_Entry] = []
        try:
            for entry in entries:
                self._apply(entry)
                swapped.append(entry)
                if delay:
                    time.sleep(delay)
            self._sync_all()
        except OSError as exc:
            # Undo the renames done, from the saved names: the old files stand again.
            failed = self.shown(entries[len(swapped)].path) if len(swapped) < len(entries) else ""
            try:
                self._roll_back(entries)
            except OSError:
                raise OutputError.said(
                    "output.stopped-moving", file=failed or shown(self.root), why=exc.strerror
                ) from None
            raise OutputError.said(
                "output.cannot-replace", file=failed or shown(self.root), why=exc.strerror
            ) from None
        except BaseException:  # Ctrl-C or SIGTERM: the journal counts, so finish now
            with contextlib.suppress(OSError, OutputError):  # else the next run finishes it
                self._roll_forward(entries)
            raise
        self._finish(entries)

    def _apply(self, entry: _Entry) -> None:
        fd, name = self.split(entry.path)
        if entry.new is None:
            os.unlink(name, dir_fd=fd)
        else:
            os.replace(PurePosixPath(entry.new).name, name, src_dir_fd=fd, dst_dir_fd=fd)

    def _roll_forward(self, entries: list[_Entry]) -> None:
        """Every step not yet taken, taken: a staged file still there is moved in, a file
        to remove still there is removed."""
        for entry in entries:
            if entry.new is None:
                if self._is_file(entry.path):
                    fd, name = self.split(entry.path)
                    os.unlink(name, dir_fd=fd)
            elif self._is_file(entry.new):
                self._check_target(entry.path)
                fd, name = self.split(entry.path)
                os.replace(PurePosixPath(entry.new).name, name, src_dir_fd=fd, dst_dir_fd=fd)
        self._sync_all()
        self._finish(entries)

    def _roll_back(self, entries: list[_Entry]) -> None:
        """Every step taken, undone, last first, each by the exact inverse of its rename: a
        new file goes back to its staged name before its old file comes back. So at every
        moment a staged name is there exactly when its step is not taken, as the journal's
        reader assumes: killed half-way, the next run still finishes the commit whole."""
        for entry in reversed(entries):
            fd, name = self.split(entry.path)
            if entry.new is not None:
                if self._is_file(entry.new):
                    continue  # never taken
                os.rename(name, PurePosixPath(entry.new).name, src_dir_fd=fd, dst_dir_fd=fd)
            elif self._is_file(entry.path):
                continue  # a removal never taken
            if entry.old is not None:
                os.rename(PurePosixPath(entry.old).name, name, src_dir_fd=fd, dst_dir_fd=fd)
        self._sync_all()
        self._finish(entries)

    def _finish(self, entries: list[_Entry]) -> None:
        """The journal removed (the commit is over), then the staged and saved names left.
        Neither can undo what is done: a journal that stays is found with every step
        taken, and a name that stays is a leftover the next run removes."""
        root = self.fds[()]
        with contextlib.suppress(OSError):
            os.unlink(JOURNAL, dir_fd=root)
            sync(root)
        for entry in entries:
            for name in (entry.new, entry.old):
                if name is not None:
                    with contextlib.suppress(OSError, OutputError):
                        fd, base = self.split(name, create=False)
                        os.unlink(base, dir_fd=fd)

    def _is_file(self, path: str) -> bool:
        status = self.lstat(path)
        return status is not None and stat.S_ISREG(status.st_mode)

    def _sync_all(self) -> None:
        for fd in self.fds.values():
            sync(fd)

    # -- an interrupted commit -----------------------------------------------------------

    def finish_interrupted(self, discard: bool = False) -> list[str]:
        """Finish the commit a killed run left (its journal), then remove leftovers."""
        done = []
        status = self.lstat(JOURNAL)
        if status is not None:
            try:
                entries = self._read_journal(status)
                self._check_removals(entries)
            except OutputError:
                if not discard:
                    raise
                if stat.S_ISDIR(status.st_mode):
                    raise
                os.unlink(JOURNAL, dir_fd=self.fds[()])
                done.append(say("output.removed-journal", file=shown(self.root / JOURNAL)))
            else:
                try:
                    self._roll_forward(entries)
                except OSError as exc:
                    raise OutputError.said(
                        "output.cannot-finish", folder=shown(self.root), why=exc.strerror
                    ) from None
                done.append(say("output.finished", count=len(entries)))
        removed = self._remove_leftovers() + remove_stale(self.fds[()])
        if removed:
            done.append(say("output.removed-leftovers", count=removed))
        return done

    def _check_removals(self, entries: list[_Entry]) -> None:
        """A journal removes only files printkit wrote: each still there is in the folder's
        record, as it was before the commit (its saved copy) or is now."""
        removals = [e.path for e in entries if e.new is None and self.lstat(e.path) is not None]
        if not removals:
            return  # none left to take: nothing to check
        recorded = set(self.read_record())
        saved = next((e.old for e in entries if e.path == RECORD and e.old), None)
        if saved is not None:
            recorded |= set(self.read_record(saved))
        for path in removals:
            if path not in recorded:
                raise OutputError.said(
                    "output.journal-removes-other",
                    journal=shown(self.root / JOURNAL),
                    file=path[:60],
                    folder=shown(self.root),
                )

    def _read_journal(self, status: os.stat_result) -> list[_Entry]:
        where = shown(self.root / JOURNAL)

        def refuse(why: str) -> OutputError:
            return OutputError.said(
                "output.journal-refused", journal=where, why=why, folder=shown(self.root)
            )

        if not stat.S_ISREG(status.st_mode):
            if stat.S_ISDIR(status.st_mode):
                raise OutputError.said("output.journal-folder", journal=where)
            raise refuse(say("output.journal-not-a-file"))
        if status.st_size > _MAX_JOURNAL:
            raise refuse(say("output.journal-too-large", size=amount(status.st_size)))
        root = self.fds[()]
        try:
            fd = os.open(JOURNAL, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                         dir_fd=root)  # fmt: skip
        except OSError as exc:
            raise refuse(say("output.journal-unreadable", why=exc.strerror)) from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise refuse(say("output.journal-foreign"))
            with os.fdopen(fd, "rb", closefd=False) as stream:
                raw = stream.read(_MAX_JOURNAL + 1)
        except OSError as exc:
            raise refuse(say("output.journal-unreadable", why=exc.strerror)) from None
        finally:
            os.close(fd)
        try:
            table = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            raise refuse(say("output.journal-not-json")) from None
        try:
            return self._entries(table)
        except ValueError as exc:
            raise refuse(str(exc)) from None

    def _entries(self, table: object) -> list[_Entry]:
        """A journal's entries, each checked: printkit's own names, inside the folder."""
        if not isinstance(table, dict) or set(table) != {
            "printkit",
            "version",
            "entries",
            "sha256",
        }:
            raise ValueError(say("output.journal-foreign"))
        if table["printkit"] != "commit journal" or table["version"] != _VERSION:
            raise ValueError(say("output.journal-version", version=str(table["version"])[:20]))
        rows = table["entries"]
        if not isinstance(rows, list) or not 0 < len(rows) <= _MAX_ENTRIES:
            raise ValueError(say("output.journal-list"))
        if _checksum(rows) != table["sha256"]:
            raise ValueError(say("output.journal-checksum"))
        entries, seen = [], set()
        for row in rows:
            if not (isinstance(row, list) and len(row) == 3):
                raise ValueError(say("output.journal-entry"))
            path, new, old = row
            _check_name(path)
            if path in seen:
                raise ValueError(say("output.journal-twice"))
            seen.add(path)
            for name, suffix in ((new, _NEW), (old, _OLD)):
                if name is not None:
                    _check_name(name)
                    folder, _, base = name.rpartition("/")
                    own = path.rpartition("/")
                    pattern = re.escape(f".{own[2]}.") + r"[0-9a-f]{8}" + re.escape(suffix)
                    if folder != own[0] or not re.fullmatch(pattern, base):
                        raise ValueError(say("output.journal-stage-name", name=name[:80]))
            if new is None and old is None:
                raise ValueError(say("output.journal-entry"))
            entries.append(_Entry(path, new, old))
        return entries

    def _remove_leftovers(self) -> int:
        """printkit's own staged and saved copies an interrupted run left, in the folders
        this run writes into or its journal named; only regular files of those names,
        never anything else, and no folder printkit has no business in."""
        removed = 0
        for parts in list(self.fds):
            fd = self.fds[parts]
            try:
                names = os.listdir(fd)
            except OSError:
                continue
            for name in names:
                if _LEFTOVER.fullmatch(name) and self._is_file("/".join((*parts, name))):
                    try:
                        os.unlink(name, dir_fd=fd)
                        removed += 1
                    except OSError as exc:
                        raise cannot(self.root.joinpath(*parts, name), exc) from None
        return removed


def _check_name(path: object) -> None:
    """A name a journal may hold: relative, inside the folder, nothing odd in it."""
    if not isinstance(path, str) or not path or len(path) > 4096 or "\x00" in path:
        raise ValueError(say("output.journal-not-a-name"))
    parts = path.split("/")
    if len(parts) > _MAX_DEPTH or any(part in ("", ".", "..") for part in parts):
        raise ValueError(say("output.journal-outside", name=path[:80]))
    if parts[-1] == JOURNAL:
        raise ValueError(say("output.journal-itself"))


def _journal_text(entries: list[_Entry]) -> bytes:
    rows = [list(entry) for entry in entries]
    table = {"printkit": "commit journal", "version": _VERSION, "entries": rows}
    table["sha256"] = _checksum(rows)
    return json.dumps(table, ensure_ascii=False).encode("utf-8")


def _record_text(record: dict[str, tuple[str, str]]) -> bytes:
    files = {path: list(entry) for path, entry in sorted(record.items())}
    table = {"printkit": "files written", "version": _VERSION, "files": files}
    return (json.dumps(table, ensure_ascii=False, indent=0) + "\n").encode("utf-8")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _checksum(rows: list) -> str:
    text = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _sibling(path: str, name: str) -> str:
    folder = path.rpartition("/")[0]
    return f"{folder}/{name}" if folder else name
