"""How a player asked for their kit: one value, built once by the command line and read
by every part that makes files (sheets, faces, the kit's list of files)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from .cardsizes import CardSize
from .papers import Paper

__all__ = ["DEFAULT_TEMPLATE", "DUPLEX_MODES", "PLAIN_TEMPLATE", "Settings"]

#: The template the kit is printed on when none is named.
DEFAULT_TEMPLATE = "plaincards-letter"
#: ... and cards it does not hold (another size), when none is named: plain card stock
#: on the same paper, refitted to them.
PLAIN_TEMPLATE = "letter-3x3"

#: How fronts and backs meet: the printer turns the sheet on its long or short edge,
#: the player turns the stack by hand (two files), or there are no backs.
DUPLEX_MODES = ("long", "short", "manual", "none")


class Settings(NamedTuple):
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, added to every back page
    qr: bool | None = None  # QR codes: True all, False none, None as the layouts say
    art_dir: Path | None = None  # the player's own pictures, <art_dir>/<deck>/<effect>.svg
    aids: int = 0  # player aid cards printed after a deck's own cards
    ink_saver: bool = False  # the same cards on white: no grounds, light pictures
    proofs: bool = True  # a build's proof images of each deck, cut from its sheets
    draft: bool = False  # pictures under 150 dpi printed all the same (a blurred draft)
    card_size: CardSize | None = None  # the cards to print; None: the decks' own
    paper: Paper | None = None  # the paper to print on; None: the template's own
    skip: tuple[int, ...] = ()  # slots (from 1) left empty on every sheet
    page_images: bool = False  # each sheet's page as a PNG too, for software that prints images
    cache: Path | None = None  # where drawn card faces are kept between builds; None: nowhere
