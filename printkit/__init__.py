"""printkit: print-and-play kit and table companion for Death Mesa, a fan expansion for BANG!

As a library (see ``printkit.api``)::

    import printkit

    deck = printkit.load_deck("dead-mens-deck")
    printkit.build([deck], "output")
    printkit.lookup("7D")

The names are loaded when first used, so that ``import printkit`` costs nothing and the
command line's companion commands stay as fast as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .version import __version__ as __version__

__all__ = [
    "Kit",
    "build",
    "draw",
    "load_deck",
    "load_decks",
    "load_images",
    "lookup",
    "negate",
    "odds",
    "preflight_file",
    "recover",
    "roles",
    "speak",
]

if TYPE_CHECKING:
    from .api import (
        Kit,
        build,
        draw,
        load_deck,
        load_decks,
        load_images,
        lookup,
        negate,
        odds,
        preflight_file,
        recover,
        roles,
        speak,
    )


def __getattr__(name: str):
    if name in __all__:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module 'printkit' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
