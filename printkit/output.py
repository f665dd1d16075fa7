"""Write output files whole or not at all.

Everything a command makes is first written to temporary files beside their targets;
only when all of them are complete are they renamed into place. A failed run (bad
data, a card that does not fit, a full disk) leaves every file already in the output
folder exactly as it was.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from .datafile import shown
from .errors import OutputError

__all__ = ["write_files"]


def write_files(files: Mapping[Path, bytes]) -> list[Path]:
    """Write every file atomically, all together; returns the paths written, in order."""
    staged: list[tuple[Path, Path]] = []
    try:
        for target, data in files.items():
            target = Path(target)
            folder = target.parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
                handle, temp_name = tempfile.mkstemp(
                    prefix=f".{target.name}.", suffix=".part", dir=folder
                )
            except OSError as exc:
                raise _error(folder, exc) from None
            temp = Path(temp_name)
            staged.append((temp, target))
            try:
                with os.fdopen(handle, "wb") as stream:
                    stream.write(data)
                    stream.flush()
                    os.fsync(stream.fileno())
                os.chmod(temp, 0o644)
            except OSError as exc:
                raise _error(target, exc) from None
        for temp, target in staged:
            try:
                os.replace(temp, target)
            except OSError as exc:
                raise _error(target, exc) from None
    finally:
        for temp, _ in staged:
            if temp.exists():
                temp.unlink(missing_ok=True)
    return [target for _, target in staged]


def _error(path: Path, exc: OSError) -> OutputError:
    reason = exc.strerror or str(exc)
    return OutputError(
        f"{shown(path)}: cannot write here ({reason}); choose another folder with --out or -o, "
        "or free some space"
    )
