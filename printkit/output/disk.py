"""The file system as the output folder meets it: how files are opened there, and each
failure in a user's words (what happened, what to do)."""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

from ..errors import OutputError
from ..load.datafile import shown

__all__ = ["OPEN_DIR", "OPEN_NEW", "cannot", "in_the_way", "quietly", "sync", "write_all"]

#: A new file: created here or not at all, never through a link.
OPEN_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
#: A folder, never through a link.
OPEN_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC

#: Why a write failed, in a user's words, and what to do about it.
_REASONS = {
    errno.ENOSPC: ("the disk is full", "free some space"),
    errno.EDQUOT: ("the disk quota is used up", "free some space"),
    errno.EROFS: ("the disk is read-only", "choose another folder"),
    errno.EACCES: ("permission denied", "choose another folder"),
    errno.EPERM: ("not permitted", "choose another folder"),
    errno.EISDIR: ("a folder is in the way", "move it away or choose another folder"),
    errno.ENOTDIR: ("a file is in the way of a folder", "move it away or choose another folder"),
    errno.ENAMETOOLONG: ("the name is too long", "choose a shorter name"),
}


def cannot(path: Path, exc: OSError) -> OutputError:
    """The line for a write at ``path`` that failed with ``exc``."""
    reason, fix = _REASONS.get(exc.errno or 0, (exc.strerror or str(exc), "choose another folder"))
    return OutputError(f"{shown(path)}: cannot write here ({reason}); {fix}")


def in_the_way(root: Path) -> OutputError:
    """The line for a file standing where the output folder should be."""
    return OutputError(
        f"{shown(root)}: a file stands where the output folder should be; "
        "move it or choose another folder"
    )


def write_all(fd: int, content: bytes) -> None:
    """Every byte of ``content`` written to ``fd``, then synced to the disk."""
    view = memoryview(content)
    while view:
        view = view[os.write(fd, view) :]
    os.fsync(fd)


def sync(fd: int) -> None:
    """A folder synced; some file systems cannot, and the files themselves were."""
    with contextlib.suppress(OSError):
        os.fsync(fd)


def quietly(call, *args, **kwargs) -> None:
    """A clean-up step whose failure changes nothing the user needs to hear."""
    with contextlib.suppress(OSError):
        call(*args, **kwargs)
