"""Find and load the pictures a card shows: the user's own first, then printkit's SVG art.

For an effect ``spook`` of the deck ``dead-mens-deck`` the first of these that exists wins:

1. the user's ``art/dead-mens-deck/spook.svg`` (or ``.png``, ``.jpg``, ``.jpeg``);
2. a path the effect names with ``art = "..."`` in effects.toml, inside its deck folder;
3. printkit's own ``art/builtin/dead-mens-deck/spook.svg``.

The back is found the same way under the name ``back``. SVG files are drawn as vectors
(svglib); raster pictures are checked with pillow (size, corruption) and cropped to the
box they fill, never stretched.

A picture may come from a stranger's deck folder, so every one is confined: it must lie,
symlinks resolved, inside the folder it was found in (the deck's, the user's art folder
or printkit's own), and so must everything an SVG refers to. An SVG is read with entity
expansion and the network off, its elements counted and every reference checked before
svglib sees it; a raster picture is opened only as PNG or JPEG, its size checked before
it is decoded.
"""

from __future__ import annotations

import copy
import hashlib
import io
import logging
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..datafile import read_confined, shown
from ..errors import RenderError
from ..limits import (
    MAX_PICTURE_BYTES,
    MAX_PIXELS,
    MAX_SVG_BYTES,
    MAX_SVG_ELEMENTS,
    MIN_PICTURE_SIDE,
)
from ..model import Deck, Effect
from ..paths import art_dir

__all__ = [
    "RASTER_SUFFIXES",
    "Art",
    "ArtLibrary",
    "load_raster",
    "load_svg",
    "place_drawing",
    "tinted",
]

RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")
_SUFFIXES = (".svg", *RASTER_SUFFIXES)
#: The only raster formats opened, by name: Pillow never guesses a format from content.
_FORMATS = ("PNG", "JPEG")
#: Raster art is resampled to at most this many pixels per inch of the box it fills.
RASTER_PPI = 600


@dataclass(frozen=True)
class Art:
    path: Path
    root: Path  # the folder it must stay in, with everything it refers to

    @property
    def is_svg(self) -> bool:
        return self.path.suffix.lower() == ".svg"

    def digest(self) -> str:
        """A fingerprint of the picture's bytes."""
        return hashlib.sha256(_read(self.path, self.root)).hexdigest()

    def drawing(self):
        """An SVG picture as a reportlab Drawing."""
        return load_svg(self.path, self.root)

    def raster(self, box_w: float, box_h: float) -> bytes:
        """A raster picture cropped to a box's proportions, as PNG bytes."""
        return load_raster(self.path, box_w, box_h, self.root)


@cache
def _read(path: Path, root: Path) -> bytes:
    limit = MAX_SVG_BYTES if path.suffix.lower() == ".svg" else MAX_PICTURE_BYTES
    return read_confined(path, root, limit, lambda message: _refused(path, message))


def _refused(path: Path, message: str) -> RenderError:
    return RenderError(f"{shown(path)}: {message}; fix or replace the picture")


class ArtLibrary:
    """Where one deck's pictures come from."""

    def __init__(self, deck: Deck, user_dir: Path | None = None):
        self.deck = deck
        self.user_dir = Path(user_dir) if user_dir is not None else None
        self.builtin = art_dir() / "builtin"

    def _first(self, folder: Path, stem: str, root: Path | None = None) -> Art | None:
        for suffix in _SUFFIXES:
            candidate = folder / f"{stem}{suffix}"
            if candidate.is_symlink() or candidate.exists():
                return Art(candidate, root or folder)
        return None

    def _user(self, stem: str) -> Art | None:
        if self.user_dir is None:
            return None
        return self._first(self.user_dir / self.deck.id, stem, self.user_dir)

    def effect(self, effect: Effect) -> Art | None:
        """The picture for an effect, or None when there is none at all."""
        found = self._user(effect.id)
        if found:
            return found
        if effect.art and self.deck.folder is not None:
            path = _inside(self.deck.folder, effect.art, f"[{effect.id}] art")
            return Art(path, self.deck.folder)
        return self._first(self.builtin / self.deck.id, effect.id)

    def back(self) -> Art | None:
        return self._user("back") or self._first(self.builtin / self.deck.id, "back")

    def icon(self, name: str) -> Art:
        found = self._first(self.builtin / "icons", name)
        if found is None:
            folder = shown(self.builtin / "icons")
            raise RenderError(
                f"printkit's icon {name!r} is missing from {folder}; reinstall printkit"
            )
        return found


def _inside(folder: Path, relative: str, where: str) -> Path:
    """A data file's picture path, refused unless it stays inside the deck's folder."""
    base = folder.resolve()
    target = (folder / relative).resolve()
    if target != base and base not in target.parents:
        raise RenderError(
            f"{shown(folder / 'effects.toml')}, {where}: {relative!r} leaves the deck's folder; "
            "put the picture inside it"
        )
    if not target.is_file():
        raise RenderError(
            f"{shown(folder / 'effects.toml')}, {where}: no picture at {relative!r}; check the name"
        )
    return target


@cache
def load_svg(path: Path, root: Path):
    """An SVG file as a reportlab Drawing (cached: each file is parsed once), after
    ``check_svg`` has confined and counted it."""
    from svglib.svglib import svg2rlg

    check_svg(path, root)
    _quiet_libraries()
    try:
        drawing = svg2rlg(str(path), external_reference_root=str(Path(root).resolve()))
    except Exception as exc:  # lxml and svglib raise many kinds; all mean a broken file
        raise _refused(path, f"not a readable SVG picture ({str(exc)[:80]})") from None
    size_ok = drawing is not None and all(
        math.isfinite(v) and 0 < v <= 1e6 for v in (drawing.width, drawing.height)
    )
    if not size_ok:
        raise _refused(path, "not a readable SVG picture: give it a width and height or a viewBox")
    return drawing


_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")
_DATA_IMAGE = ("data:image/png;base64,", "data:image/jpeg;base64,", "data:image/jpg;base64,")


def check_svg(path: Path, root: Path) -> None:
    """Refuse an SVG that declares entities, has too many elements, or refers to anything
    but its own fragments, PNG or JPEG data, and files inside ``root``."""
    from lxml import etree

    data = _read(path, root)
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    try:
        tree = etree.fromstring(data, parser).getroottree()
    except etree.XMLSyntaxError as exc:
        line, column = exc.position
        raise _refused(
            path, f"is not well-formed XML (line {line}, column {column}), so not an SVG picture"
        ) from None
    dtd = tree.docinfo.internalDTD
    if dtd is not None and list(dtd.iterentities()):
        raise _refused(path, "declares XML entities, which printkit does not expand")
    for count, element in enumerate(tree.iter(), start=1):
        if count > MAX_SVG_ELEMENTS:
            raise _refused(path, f"has more than {MAX_SVG_ELEMENTS:,} elements")
        for attribute in _HREFS:
            reference = element.get(attribute)
            if reference is not None:
                _check_reference(path, root, reference.strip())


def _check_reference(path: Path, root: Path, reference: str) -> None:
    if not reference or reference.startswith("#"):
        return
    if reference.startswith(_DATA_IMAGE):
        _check_embedded(path, reference)
        return
    target = reference.split("#", 1)[0]
    if ":" in target.split("/", 1)[0] or target.startswith(("/", "\\")):
        raise _refused(path, f"refers to {reference[:60]!r}; only files beside it may be used")
    resolved = (path.parent / target).resolve()
    base = Path(root).resolve()
    if resolved != base and base not in resolved.parents:
        raise _refused(path, f"refers to {reference[:60]!r}, outside its folder")
    if resolved.suffix.lower() not in _SUFFIXES:
        raise _refused(path, f"refers to {reference[:60]!r}; only SVG, PNG or JPEG may be used")
    if resolved.suffix.lower() != ".svg":
        _check_pixels(resolved, _read(resolved, root))


def _check_embedded(path: Path, reference: str) -> None:
    import base64
    import binascii

    try:
        data = base64.b64decode(reference.split(",", 1)[1], validate=False)
    except (binascii.Error, ValueError):
        raise _refused(path, "holds a picture that is not valid base64") from None
    _check_pixels(path, data)


def _check_pixels(path: Path, data: bytes, held: bool = True) -> None:
    """A raster picture's size, read from its header without decoding it; ``held`` when
    the picture is inside (or referred to by) the file at ``path``."""
    from PIL import Image, UnidentifiedImageError

    limit, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None  # only the header is read
    try:
        with Image.open(io.BytesIO(data), formats=_FORMATS) as image:
            width, height = image.size
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        what = "holds an embedded picture that is" if held else "is"
        kind = _other_format(data)
        if kind:
            raise _refused(path, f"{what} {kind}; printkit reads PNG and JPEG only") from None
        raise _refused(path, f"{what} not a readable PNG or JPEG picture") from None
    finally:
        Image.MAX_IMAGE_PIXELS = limit
    if width * height > MAX_PIXELS:
        what = "holds a picture of" if held else "is"
        raise _refused(
            path,
            f"{what} {width:,} x {height:,} pixels, more than {MAX_PIXELS // 1_000_000} million",
        )


#: Formats people save pictures in that printkit does not open, known by their first bytes
#: (named in the message only: their content is never handed to a decoder).
_OTHER_FORMATS = (
    (b"GIF8", "a GIF picture"),
    (b"%!PS", "a PostScript (EPS) file"),
    (b"\xc5\xd0\xd3\xc6", "a PostScript (EPS) file"),
    (b"%PDF", "a PDF file"),
    (b"BM", "a BMP picture"),
    (b"II*\x00", "a TIFF picture"),
    (b"MM\x00*", "a TIFF picture"),
)


def _other_format(data: bytes) -> str:
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "a WebP picture"
    return next((name for magic, name in _OTHER_FORMATS if data.startswith(magic)), "")


@cache
def _quiet_libraries() -> None:
    """svglib and Pillow report through logging and warnings; printkit speaks for itself."""
    import warnings

    from PIL import Image

    logger = logging.getLogger("svglib")
    logger.addHandler(logging.NullHandler())
    logger.propagate = False
    logger.setLevel(logging.CRITICAL + 1)
    warnings.simplefilter("error", Image.DecompressionBombWarning)


def tinted(drawing, color):
    """A copy of a one-colour drawing (an icon, a pip) painted in ``color``."""
    from reportlab.graphics.shapes import Group, Shape

    result = copy.deepcopy(drawing)

    def paint(node) -> None:
        if isinstance(node, Group):
            for child in node.contents:
                paint(child)
        elif isinstance(node, Shape):
            if getattr(node, "fillColor", None) is not None:
                node.fillColor = color
            if getattr(node, "strokeColor", None) is not None:
                node.strokeColor = color

    for item in result.contents:
        paint(item)
    return result


@cache
def load_raster(path: Path, box_w: float, box_h: float, root: Path) -> bytes:
    """A raster picture cropped to the box's proportions and resampled, as PNG bytes.

    The centre of the picture is kept; nothing is ever stretched.
    """
    from PIL import Image

    data = _read(path, root)
    _check_pixels(path, data, held=False)
    _quiet_libraries()
    try:
        with Image.open(io.BytesIO(data), formats=_FORMATS) as image:
            width, height = image.size
            image.load()
            picture = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB")
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise _refused(path, f"not a readable PNG or JPEG picture ({str(exc)[:80]})") from None
    if min(width, height) < MIN_PICTURE_SIDE:
        raise _refused(
            path,
            f"is {width} x {height} pixels; a card's picture needs at least "
            f"{MIN_PICTURE_SIDE} pixels on its shorter side",
        )
    target = box_w / box_h
    if width / height > target:  # too wide: crop the sides
        keep = round(height * target)
        left = (width - keep) // 2
        picture = picture.crop((left, 0, left + keep, height))
    else:  # too tall: crop top and bottom
        keep = round(width / target)
        top = (height - keep) // 2
        picture = picture.crop((0, top, width, top + keep))
    max_w = max(1, round(box_w / 72 * RASTER_PPI))
    if picture.width > max_w:
        picture = picture.resize((max_w, max(1, round(max_w / target))), Image.LANCZOS)
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def place_drawing(
    canvas, drawing, x: float, y: float, w: float, h: float, cover: bool = False
) -> None:
    """Draw an SVG drawing centred in a box: whole (contain) or filling it (cover)."""
    from reportlab.graphics import renderPDF

    sx, sy = w / drawing.width, h / drawing.height
    scale = max(sx, sy) if cover else min(sx, sy)
    canvas.saveState()
    canvas.translate(x + (w - drawing.width * scale) / 2, y + (h - drawing.height * scale) / 2)
    canvas.scale(scale, scale)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.restoreState()
