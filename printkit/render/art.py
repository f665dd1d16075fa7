"""Find and load the pictures a card shows: the user's own first, then printkit's SVG art.

For an effect ``spook`` of the deck ``dead-mens-deck`` the first of these that exists wins:

1. the user's ``art/dead-mens-deck/spook.svg`` (or ``.png``, ``.jpg``, ``.jpeg``);
2. a path the effect names with ``art = "..."`` in effects.toml, inside its deck folder;
3. printkit's own ``art/builtin/dead-mens-deck/spook.svg``.

The back is found the same way under the name ``back``. SVG files are drawn as vectors
(svglib); raster pictures are checked with pillow (size, corruption) and cropped to the
box they fill, never stretched.
"""

from __future__ import annotations

import copy
import hashlib
import io
import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..datafile import shown
from ..errors import RenderError
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
#: Pictures larger than this are refused: a decompression bomb, or far more than a card needs.
MAX_PIXELS = 40_000_000
#: Raster art is resampled to at most this many pixels per inch of the box it fills.
RASTER_PPI = 600


@dataclass(frozen=True)
class Art:
    path: Path

    @property
    def is_svg(self) -> bool:
        return self.path.suffix.lower() == ".svg"

    def digest(self) -> str:
        """A fingerprint of the picture's bytes."""
        return _digest(self.path)


@cache
def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        raise RenderError(
            f"{shown(path)}: cannot be read ({exc.strerror}); check the picture"
        ) from None


class ArtLibrary:
    """Where one deck's pictures come from."""

    def __init__(self, deck: Deck, user_dir: Path | None = None, builtin_dir: Path | None = None):
        self.deck = deck
        self.user_dir = Path(user_dir) if user_dir is not None else None
        self.builtin = Path(builtin_dir or art_dir() / "builtin")

    def _first(self, folder: Path, stem: str) -> Art | None:
        for suffix in _SUFFIXES:
            candidate = folder / f"{stem}{suffix}"
            if candidate.is_file():
                return Art(candidate)
        return None

    def _user(self, stem: str) -> Art | None:
        if self.user_dir is None:
            return None
        return self._first(self.user_dir / self.deck.id, stem)

    def effect(self, effect: Effect) -> Art | None:
        """The picture for an effect, or None when there is none at all."""
        found = self._user(effect.id)
        if found:
            return found
        if effect.art and self.deck.folder is not None:
            return Art(_inside(self.deck.folder, effect.art, f"[{effect.id}] art"))
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
def load_svg(path: Path):
    """An SVG file as a reportlab Drawing (cached: each file is parsed once)."""
    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.ERROR)
    try:
        drawing = svg2rlg(str(path))
    except Exception as exc:  # lxml and svglib raise many kinds; all mean a broken file
        raise RenderError(
            f"{shown(path)}: not a readable SVG picture ({exc}); fix or replace it"
        ) from None
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
        raise RenderError(
            f"{shown(path)}: not a readable SVG picture; give it a width and height or a viewBox"
        )
    return drawing


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
def load_raster(path: Path, box_w: float, box_h: float) -> bytes:
    """A raster picture cropped to the box's proportions and resampled, as PNG bytes.

    The centre of the picture is kept; nothing is ever stretched.
    """
    from PIL import Image

    try:
        with Image.open(path) as image:
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise RenderError(
                    f"{shown(path)}: the picture is {width} x {height} pixels, more than "
                    f"{MAX_PIXELS // 1_000_000} million; scale it down to the size of a card"
                )
            image.load()
            picture = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB")
    except RenderError:
        raise
    except Image.DecompressionBombError:
        raise RenderError(
            f"{shown(path)}: the picture declares an enormous size (a decompression bomb?); "
            "replace it"
        ) from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise RenderError(f"{shown(path)}: not a readable picture ({exc}); replace it") from None
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
