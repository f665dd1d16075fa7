"""Exports: the cards as images, for a print-on-demand shop, a virtual table or a
cutting machine, drawn by the same code as the PDFs. One table, read by
``printkit export --for NAME``; a new export is a module with a ``make`` and a row
here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import NamedTuple

from ..values.design import CardSet
from ..values.shops import SHOPS
from ..words import say
from . import cardmaker, cricut, shop, tabletop

__all__ = ["EXPORTS", "Export", "Wanted"]


class Wanted(NamedTuple):
    """What the player asked an export for."""

    folder: Path  # where the files will be written
    qr: bool | None = None  # QR codes: True all, False none, None as the layouts say
    dpi: int | None = None  # a shop's resolution (None: the shop's own)
    url: str | None = None  # the web address the images will be served from


class Export(NamedTuple):
    name: str
    make: Callable[[CardSet, Wanted], Iterable[tuple[str, bytes]]]  # (file name, bytes)
    aid: bool = False  # prints the deck's player aid too
    dpi: bool = False  # takes a resolution
    url: bool = False  # takes the address its images are served from

    @property
    def summary(self) -> str:
        """One phrase for the command's help (``kit.export.<name>``)."""
        return say(f"kit.export.{self.name}")


EXPORTS: dict[str, Export] = {
    export.name: export
    for export in (
        Export("mpc", partial(shop.images, SHOPS["mpc"]), dpi=True),
        Export("tgc", partial(shop.images, SHOPS["tgc"]), dpi=True),
        Export("png", partial(shop.images, SHOPS["png"]), dpi=True),
        Export("tts", partial(tabletop.files, "tts"), aid=True, url=True),
        Export("grid", partial(tabletop.files, "grid"), aid=True),
        Export("cricut", partial(cricut.images, "cricut-print-then-cut"), aid=True),
        Export("cardmaker", cardmaker.folders, dpi=True),
    )
}  # fmt: skip
