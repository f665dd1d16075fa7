"""Where a deck's files may go: an output folder named inside a deck's folder stays
inside it, and never replaces a file of the deck's own; none goes into a folder of card
images, where the next run would take it for a card."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from ..errors import UsageError
from ..load.datafile import shown
from .commit import foreign_files

__all__ = ["inside_deck", "outside_images", "spare_deck"]


def outside_images(out: Path, images: Path) -> None:
    """Refuse an output folder that is a folder of card images or lies inside it."""
    base, named = Path(os.path.abspath(images)), Path(os.path.abspath(out))
    if named == base or base in named.parents:
        raise UsageError.said("output.inside-images", file=shown(named))


def inside_deck(out: Path, folder: Path | None) -> None:
    """Refuse an output folder named inside a deck's folder that leads out of it (a deck
    a stranger sent may hold an ``output`` link to the player's own folders)."""
    if folder is None:
        return
    base, named = Path(os.path.abspath(folder)), Path(os.path.abspath(out))
    if base != named and base not in named.parents:
        return
    real_base, real = base.resolve(), named.resolve()
    if real != real_base and real_base not in real.parents:
        raise UsageError.said("output.leads-out", file=shown(named), target=str(real))


def spare_deck(paths: Iterable[Path], folder: Path | None) -> None:
    """Refuse to write over a file of the deck's own folder that printkit did not write
    (its back.png, its cards): an output folder may sit inside a deck, never replace it."""
    if folder is None:
        return
    paths = list(paths)
    base = Path(os.path.abspath(folder))
    if not any(base == Path(os.path.abspath(p)).parent or base in Path(os.path.abspath(p)).parents
               for p in paths):  # fmt: skip
        return
    found = foreign_files(paths, folder)
    if found:
        raise UsageError.said("output.deck-own-file", file=shown(found[0]))
