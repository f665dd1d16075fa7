"""A deck's pictures as values: read, confined and checked by ``printkit.load.art``
before anything is drawn; the renderers only place them."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from ..errors import RenderError
from ..units import mm
from .model import Effect

__all__ = [
    "BLEED_FILLS",
    "FITS",
    "MOST_GIVEN_BLEED",
    "RASTER_FORMATS",
    "ArtLibrary",
    "Face",
    "ImageOptions",
    "Picture",
    "Stored",
    "picture_error",
]

#: The only raster formats opened, by name: Pillow never guesses a format from content.
RASTER_FORMATS = ("PNG", "JPEG")

#: How the bleed an image lacks is made from its edge. Mirror continues the edge's own
#: texture (art that runs to the edge stays art); replicate repeats the last row of
#: pixels, right for a plain border but streaky on texture; median paints the edge's
#: median colour, for a plain border with noise (a scan).
BLEED_FILLS = ("mirror", "replicate", "median")
#: How a picture of another shape than the card's is made its: refused (a card's face
#: is not changed unasked), cropped centred to the card's shape, or stretched to it.
FITS = ("exact", "crop", "stretch")
#: An image's stated bleed, each side, is at most this (a shop's is 1/8 in).
MOST_GIVEN_BLEED = 12.0 * mm


def picture_error(source: str, message: str) -> RenderError:
    """The one-line error for a picture that cannot be used."""
    return RenderError.said("data.picture.refused", file=source, message=message)


class ImageOptions(NamedTuple):
    """How a folder of images is printed, where its images do not say it themselves."""

    back: Path | None = None  # every card's back (default: back.png or back.jpg)
    fill: str = "mirror"  # one of BLEED_FILLS: how a missing bleed is made
    fit: str = "exact"  # one of FITS: how a picture of another shape is made the card's
    bleed: float | None = None  # points each side the images carry; measured when None
    draft: bool = False  # print images under the floor of resolution too


class Face(NamedTuple):
    """A raster picture that is a whole card face (a folder of card images): how much
    bleed it carries and how the rest of the template's bleed is made."""

    bleed: float  # points on each side, past the card's trim
    fill: str  # mirror, replicate or median: how a missing bleed is made from the edge
    turned: bool = False  # a landscape picture, turned onto the portrait card
    #: A trimmed card's corner radius (points): a scan's corners outside it that differ
    #: from the border within it (the scanner's lid, black or white) are filled from the
    #: border. 0 for a picture with bleed, whose corners are square.
    corner: float = 0.0
    #: How a picture of another shape than the card (and its bleed) is made its: exact
    #: (it has the shape already), crop (cropped centred) or stretch.
    fit: str = "exact"


class Stored(NamedTuple):
    """A picture left on disk once checked, read again when it is drawn (a folder of
    card images is read one image at a time, never held whole)."""

    digest: str  # the SHA-256 of the bytes that were checked
    read: Callable[[], bytes]  # the same bytes again, or an error if the file changed


class Picture(NamedTuple):
    """One picture: an SVG as a reportlab Drawing, or a PNG or JPEG as its bytes."""

    source: str  # the file it came from, as messages name it
    data: bytes  # the file's bytes, checked (empty when ``stored``)
    drawing: Any = None  # an SVG's reportlab Drawing; None for a raster picture
    face: Face | None = None  # a whole card face, drawn over the card and its bleed
    stored: Stored | None = None  # read again when drawn, instead of held in ``data``
    #: The files an SVG refers to (``<use>``, ``<image>``), each by its reference and a
    #: hash of its bytes: what the picture draws is theirs too.
    uses: tuple[str, ...] = ()

    @property
    def is_svg(self) -> bool:
        return self.drawing is not None

    def content(self) -> bytes:
        """The picture's bytes: held, or read again from its file."""
        return self.data if self.stored is None else self.stored.read()

    def digest(self) -> str:
        """A fingerprint of the picture's bytes and those of the files it refers to:
        names its form the same on every run."""
        if self.stored is not None:
            return self.stored.digest
        hasher = hashlib.sha256(self.data)
        if self.uses:  # a picture that refers to no file keeps the digest of its bytes
            hasher.update(repr(self.uses).encode())
        return hasher.hexdigest()


class ArtLibrary(NamedTuple):
    """Every picture one deck prints: each effect's (when it has one), the back, and
    printkit's icons (suit pips, target symbols, marks)."""

    effects: Mapping[str, Picture] = MappingProxyType({})  # by effect id
    back_picture: Picture | None = None
    icons: Mapping[str, Picture] = MappingProxyType({})  # by name

    def effect(self, effect: Effect) -> Picture | None:
        return self.effects.get(effect.id)

    def back(self) -> Picture | None:
        return self.back_picture

    def icon(self, name: str) -> Picture:
        if name not in self.icons:
            raise RenderError.said("data.icon.missing", name=name)
        return self.icons[name]
