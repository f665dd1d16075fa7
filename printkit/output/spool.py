"""A build's files kept on disk as they are made, until the commit moves them into place.

A build makes its files job after job, on both cores; held in memory until the last one
is made, a deck of ten thousand cards and its proofs would need over half a gigabyte.
Instead each file goes, as soon as it is made, into a spool: a hidden folder inside the
output folder (``.printkit-spool.<token>``), on the same disk, so that the commit moves a
file into place by giving it a second name rather than by copying it.

The spool is locked (``flock`` on the folder) for its whole life, and a forked child
writing into it shares the lock: another run that clears leftovers from the same folder
leaves a live spool alone. It is removed when the build ends, whatever happened; one a
killed run left behind is removed by the next run that commits into the folder, file by
file, only the names a spool holds (``remove_stale``).
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
import stat
from pathlib import Path
from typing import BinaryIO, NamedTuple

from .disk import OPEN_DIR, OPEN_NEW, cannot, in_the_way, quietly, write_all

__all__ = ["Spool", "Spooled", "remove_stale"]

_PREFIX = ".printkit-spool."
_SPOOL = re.compile(r"\.printkit-spool\.[0-9a-f]{8}")
_PART = re.compile(r"[0-9a-f]{16}\.part")
#: A spool's mark of its own making: the folder's device and inode, which no folder made
#: otherwise (unpacked from an archive, copied) can carry.
_MARK = ".printkit-spool"
_OPEN_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC
#: How much of a file-like content is copied at a time.
_CHUNK = 1 << 20


class Spooled(NamedTuple):
    """A file made and kept in the spool: its name there, its size and its SHA-256."""

    name: str
    size: int
    digest: str


class Spool:
    """The spool of one build into the folder ``root`` (made when missing, and removed
    again if the build ends with nothing written into it)."""

    def __init__(self, root: Path):
        self.root = Path(os.path.abspath(root))
        self.name = ""
        self.fd = -1
        self._root_fd = -1
        self._made_root = False

    def __enter__(self) -> Spool:
        import fcntl

        self._made_root = not os.path.lexists(self.root)
        try:
            os.makedirs(self.root, exist_ok=True)
        except FileExistsError:
            raise in_the_way(self.root) from None
        except OSError as exc:  # a file in the way of a folder above it, say
            raise cannot(self.root, exc) from None
        try:
            self._root_fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except NotADirectoryError:
            raise in_the_way(self.root) from None
        except OSError as exc:
            raise cannot(self.root, exc) from None
        try:
            self.name, self.fd = self._own_spool(fcntl)
            mark = os.open(_MARK, OPEN_NEW, 0o644, dir_fd=self.fd)
            try:
                write_all(mark, _identity(self.fd))
            finally:
                os.close(mark)
        except OSError as exc:
            self.close()
            raise cannot(self.root, exc) from None
        return self

    def _own_spool(self, fcntl) -> tuple[str, int]:
        """A new spool folder, made and locked before anything is in it. Another run
        clearing a killed run's spools may take a new one for such a leftover between
        its making and its locking, and remove it: a spool so lost is made again under
        another name. (On a file system without locks the spool is still this run's own,
        by its token.)"""
        for _ in range(_ATTEMPTS):
            name = _PREFIX + secrets.token_hex(4)
            try:
                os.mkdir(name, 0o700, dir_fd=self._root_fd)
            except FileExistsError:  # a name in the way: draw another
                continue
            try:
                fd = os.open(name, OPEN_DIR, dir_fd=self._root_fd)
            except FileNotFoundError:  # cleared away at once
                continue
            except OSError:
                quietly(os.rmdir, name, dir_fd=self._root_fd)
                raise
            try:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:  # another run is clearing it away
                    os.close(fd)
                    continue
                except OSError:
                    pass
                if os.fstat(fd).st_nlink == 0:  # cleared away before it was locked
                    os.close(fd)
                    continue
            except OSError:  # the folder is this run's, and empty: it goes
                os.close(fd)
                quietly(os.rmdir, name, dir_fd=self._root_fd)
                raise
            return name, fd
        raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))

    def __exit__(self, *_exc) -> None:
        self.close()

    def write(self, content: bytes | BinaryIO) -> Spooled:
        """``content`` (bytes, or a file-like read from its start: a finished ``Pdf``)
        written and synced under a fresh name in the spool."""
        while True:
            name = secrets.token_hex(8) + ".part"
            try:
                out = os.open(name, OPEN_NEW, 0o644, dir_fd=self.fd)
                break
            except FileExistsError:
                continue
            except OSError as exc:
                raise cannot(self.root, exc) from None
        digest, size = hashlib.sha256(), 0
        try:
            if isinstance(content, bytes):
                digest.update(content)
                size = len(content)
                write_all(out, content)
            else:
                content.seek(0)
                while chunk := content.read(_CHUNK):
                    digest.update(chunk)
                    size += len(chunk)
                    write_all(out, chunk, sync=False)
                os.fsync(out)
        except OSError as exc:
            quietly(os.unlink, name, dir_fd=self.fd)
            raise cannot(self.root, exc) from None
        finally:
            os.close(out)
        return Spooled(name, size, digest.hexdigest())

    def read(self, kept: Spooled) -> bytes:
        """The bytes of a file in the spool."""
        try:
            fd = os.open(kept.name, _OPEN_READ, dir_fd=self.fd)
        except OSError as exc:
            raise cannot(self.root, exc) from None
        with os.fdopen(fd, "rb") as stream:
            return stream.read(kept.size + 1)

    def move(self, kept: Spooled, folder: int, name: str) -> bool:
        """Give the spooled file the name ``name`` in the folder ``folder`` (a descriptor)
        and take it out of the spool; False when ``name`` is taken (nothing moved). A file
        system that cannot give a file two names gets a copy."""
        try:
            os.link(kept.name, name, src_dir_fd=self.fd, dst_dir_fd=folder, follow_symlinks=False)
        except FileExistsError:
            return False
        except OSError as exc:
            if exc.errno not in (errno.EXDEV, errno.EPERM, errno.EMLINK, errno.EOPNOTSUPP):
                raise
            out = os.open(name, OPEN_NEW, 0o644, dir_fd=folder)
            try:
                write_all(out, self.read(kept))
            except BaseException:
                quietly(os.unlink, name, dir_fd=folder)
                raise
            finally:
                os.close(out)
        quietly(os.unlink, kept.name, dir_fd=self.fd)
        return True

    def close(self) -> None:
        """The spool removed with what it still holds (a build that failed), and the
        output folder too when this build made it and nothing went into it. Its folders
        are let go (and its lock with them) whatever fails on the way."""
        try:
            if self.fd >= 0:
                _empty(self.fd)
            if self._root_fd >= 0 and self.name:
                quietly(os.rmdir, self.name, dir_fd=self._root_fd)
            if self._root_fd >= 0 and self._made_root:
                quietly(os.rmdir, self.root)  # only if it is empty
        finally:
            for fd in (self.fd, self._root_fd):
                if fd >= 0:
                    os.close(fd)
            self.fd = self._root_fd = -1


#: How many times a run draws a new spool's name before it gives up.
_ATTEMPTS = 100


def remove_stale(root: int) -> int:
    """The spools a killed run left in the folder ``root`` (a descriptor), removed; one
    another run still holds is left alone, and so is a folder of a spool's name that
    printkit did not make (its mark missing, or not its own). Returns how many files
    went."""
    import fcntl

    removed = 0
    try:
        names = os.listdir(root)
    except OSError:  # clearing leftovers is never worth failing a build: the next run
        return 0
    for name in names:
        if not _SPOOL.fullmatch(name):
            continue
        try:
            fd = os.open(name, OPEN_DIR, dir_fd=root)
        except OSError:
            continue  # not a folder of its own (a link, a file): not a spool
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                continue  # a live build's
            except OSError:
                pass
            if not _marked(fd):
                if _unfinished(fd):  # a run killed as it made its spool
                    quietly(os.unlink, _MARK, dir_fd=fd)
                    quietly(os.rmdir, name, dir_fd=root)
                continue
            removed += _empty(fd)
        finally:
            os.close(fd)
        quietly(os.rmdir, name, dir_fd=root)
    return removed


def _identity(fd: int) -> bytes:
    status = os.fstat(fd)
    return f"{status.st_dev}:{status.st_ino}\n".encode()


def _marked(fd: int) -> bool:
    """Whether the folder ``fd`` holds the mark printkit wrote in it when it made it."""
    try:
        mark = os.open(_MARK, _OPEN_READ | os.O_NONBLOCK, dir_fd=fd)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(mark).st_mode):
            return False
        return os.read(mark, 64) == _identity(fd)
    except OSError:
        return False
    finally:
        os.close(mark)


def _unfinished(fd: int) -> bool:
    """Whether the folder ``fd`` is a spool a run was killed in the making of: empty, or
    holding nothing but an empty mark (nothing of anyone's is lost removing it)."""
    try:
        names = os.listdir(fd)
        if not names:
            return True
        status = os.stat(_MARK, dir_fd=fd, follow_symlinks=False)
    except OSError:
        return False
    return names == [_MARK] and stat.S_ISREG(status.st_mode) and status.st_size == 0


def _empty(fd: int) -> int:
    """The spool's own files removed (regular files of a spool's names, and its mark;
    nothing else)."""
    removed = 0
    try:
        names = os.listdir(fd)
    except OSError:
        return 0
    for name in names:
        try:
            if (_PART.fullmatch(name) or name == _MARK) and stat.S_ISREG(
                os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode
            ):
                os.unlink(name, dir_fd=fd)
                removed += name != _MARK
        except OSError:
            continue
    return removed
