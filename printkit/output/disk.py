"""The file system as the output folder meets it: how files are opened there, and each
failure in a user's words (what happened, what to do)."""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

from ..errors import OutputError
from ..load.datafile import shown
from ..words import say

__all__ = ["OPEN_DIR", "OPEN_NEW", "cannot", "in_the_way", "quietly", "sync", "write_all"]

#: A new file: created here or not at all, never through a link.
OPEN_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
#: A folder, never through a link.
OPEN_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC

#: Why a write failed, and what to do, by errno: the ids of their words (output.why-*,
#: output.fix-*).
_REASONS = {
    errno.ENOSPC: ("disk-full", "free-space"),
    errno.EDQUOT: ("quota", "free-space"),
    errno.EROFS: ("read-only", "other-folder"),
    errno.EACCES: ("permission", "other-folder"),
    errno.EPERM: ("not-permitted", "other-folder"),
    errno.EISDIR: ("folder-in-the-way", "move-away"),
    errno.ENOTDIR: ("file-in-the-way", "move-away"),
    errno.ENAMETOOLONG: ("name-too-long", "shorter-name"),
}


def cannot(path: Path, exc: OSError) -> OutputError:
    """The line for a write at ``path`` that failed with ``exc``."""
    known = _REASONS.get(exc.errno or 0)
    reason = say(f"output.why-{known[0]}") if known else exc.strerror or str(exc)
    fix = say(f"output.fix-{known[1] if known else 'other-folder'}")
    return OutputError.said("output.cannot-write", file=shown(path), reason=reason, fix=fix)


def in_the_way(root: Path) -> OutputError:
    """The line for a file standing where the output folder should be."""
    return OutputError.said("output.file-in-the-way", folder=shown(root))


def write_all(fd: int, content: bytes, sync: bool = True) -> None:
    """Every byte of ``content`` written to ``fd``, then (``sync``) synced to the disk."""
    view = memoryview(content)
    while view:
        view = view[os.write(fd, view) :]
    if sync:
        os.fsync(fd)


def sync(fd: int) -> None:
    """A folder synced; some file systems cannot, and the files themselves were."""
    with contextlib.suppress(OSError):
        os.fsync(fd)


def quietly(call, *args, **kwargs) -> None:
    """A clean-up step whose failure changes nothing the user needs to hear."""
    with contextlib.suppress(OSError):
        call(*args, **kwargs)
