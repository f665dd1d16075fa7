"""Where printkit's own data/, templates/ and art/ are, installed or in a checkout.

In a source checkout (or an editable install) they are the folders at the top of the
repository. A wheel carries copies inside the package, under ``_bundled`` (see
pyproject.toml), so an installed printkit finds them from any working directory.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = [
    "DEFAULT_DECK",
    "art_dir",
    "cache_dir",
    "data_dir",
    "file_identity",
    "maker_identity",
    "resource_root",
    "templates_dir",
]

#: The deck a command prints or reads when none is named: printkit's own, in data/decks.
DEFAULT_DECK = "dead-mens-deck"

_PACKAGE = Path(__file__).resolve().parent.parent  # printkit/, above resources/


@cache
def resource_root() -> Path:
    """The folder that holds printkit's data/, templates/ and art/."""
    bundled = _PACKAGE / "_bundled"
    if (bundled / "data").is_dir():
        return bundled
    return _PACKAGE.parent


def data_dir() -> Path:
    return resource_root() / "data"


def templates_dir() -> Path:
    return resource_root() / "templates"


def art_dir() -> Path:
    return resource_root() / "art"


def cache_dir() -> Path:
    """Where printkit keeps what it can make again (faces made from variable fonts):
    $PRINTKIT_CACHE, else $XDG_CACHE_HOME/printkit, else ~/.cache/printkit. Deleting it
    is always safe."""
    import os

    if os.environ.get("PRINTKIT_CACHE"):
        return Path(os.environ["PRINTKIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "printkit"


def file_identity(path) -> str:
    """A file's contents as a hash, or its path's text if it cannot be read: a font the
    system updates is another font, and a deck's folder copied elsewhere is the same.
    Hashed once for each path, size and time (a watch rebuilds many times)."""
    import os

    try:
        stat = os.stat(path)
    except (OSError, TypeError, ValueError):
        return repr(path)
    return _digest(os.fspath(path), stat.st_size, stat.st_mtime_ns)


@cache
def _digest(path: str, size: int, mtime_ns: int) -> str:
    import hashlib

    try:
        with open(path, "rb") as file:
            return hashlib.file_digest(file, "sha256").hexdigest()
    except OSError:
        return repr(path)


#: The libraries whose versions shape what printkit draws, renders or finds.
_MAKERS = ("reportlab", "svglib", "lxml", "pillow", "qrcode", "pypdfium2", "fonttools", "isal")


@cache
def maker_identity() -> str:
    """What makes printkit's files, as a hash: its version, the bytes of its own code and
    messages (a checkout's edits change it, as a release does) and the versions of the
    libraries that shape what it draws. Everything printkit keeps between builds is
    keyed by it, so that nothing kept is ever what another printkit made."""
    import hashlib
    import os

    from ..version import __version__

    hasher = hashlib.sha256(f"{__version__} {_installed(_MAKERS)}\n".encode())
    own = []
    for folder, folders, files in os.walk(_PACKAGE):
        folders[:] = [name for name in folders if name not in ("_bundled", "__pycache__")]
        inside = os.path.relpath(folder, _PACKAGE).replace(os.sep, "/")
        own += [(f"{inside}/{name}", folder) for name in files if name.endswith((".py", ".toml"))]
    for name, folder in sorted(own):
        path = os.path.join(folder, name.rpartition("/")[2])
        hasher.update(f"{name} {file_identity(path)}\n".encode())
    return hasher.hexdigest()


def _installed(names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each distribution's installed version, from the name of its ``.dist-info`` folder
    (``pillow-13.0.0.dist-info``), first on the path as Python finds it; "none" where
    it is not installed so. importlib.metadata would read every one's metadata with the
    email parser, 30 ms and the email package on the way to every sheet."""
    import os
    import sys

    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            listing = os.listdir(entry or ".")
        except OSError:
            continue
        for item in listing:
            if item.endswith(".dist-info"):
                name, _, version = item.removesuffix(".dist-info").partition("-")
                found.setdefault(name.lower().replace("_", "-"), version)
    return tuple((name, found.get(name, "none")) for name in names)
