"""Where printkit's own data/, templates/ and art/ are, installed or in a checkout.

In a source checkout (or an editable install) they are the folders at the top of the
repository. A wheel carries copies inside the package, under ``_bundled`` (see
pyproject.toml), so an installed printkit finds them from any working directory.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["DEFAULT_DECK", "art_dir", "data_dir", "resource_root", "templates_dir"]

#: The deck a command prints or reads when none is named: printkit's own, in data/decks.
DEFAULT_DECK = "dead-mens-deck"

_PACKAGE = Path(__file__).resolve().parent


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
