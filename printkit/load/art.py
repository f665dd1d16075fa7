"""Find, read and check the pictures a deck prints, before anything is drawn.

For an effect ``spook`` of the deck ``dead-mens-deck`` the first of these that exists wins:

1. the user's ``art/dead-mens-deck/spook.svg`` (or ``.png``, ``.jpg``, ``.jpeg``);
2. a path the effect names with ``art = "..."`` in effects.toml, inside its deck folder;
3. printkit's own ``art/builtin/dead-mens-deck/spook.svg``.

The back is found the same way under the name ``back``; printkit's icons come from
``art/builtin/icons``. SVG files become reportlab drawings (svglib); raster pictures are
kept as their bytes, their size checked (the renderer crops them, never stretching).

A picture may come from a stranger's deck folder, so every one is confined: it must lie,
symlinks resolved, inside the folder it was found in (the deck's, the user's art folder
or printkit's own), and so must everything an SVG refers to. An SVG is read with entity
expansion and the network off, its elements counted and every reference checked before
svglib sees it; a raster picture is opened only as PNG or JPEG, its size checked before
it is decoded.
"""

from __future__ import annotations

import hashlib
import io
import logging
import math
from functools import cache, partial
from pathlib import Path

from ..errors import RenderError
from ..limits import (
    MAX_PICTURE_BYTES,
    MAX_PIXELS,
    MAX_SVG_BYTES,
    MAX_SVG_ELEMENTS,
    MIN_PICTURE_SIDE,
)
from ..parallel import run_shared
from ..resources.paths import art_dir
from ..resources.typefaces import BODY, FAMILIES, register_faces
from ..values.model import Deck
from ..values.pictures import RASTER_FORMATS, ArtLibrary, Picture, picture_error
from .datafile import read_confined, shown

__all__ = [
    "RASTER_SUFFIXES",
    "load_art",
    "load_icons",
    "load_picture",
    "picture_size",
    "read_picture",
]

RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")
#: The files an SVG refers to, by their resolved path: the reference and their bytes.
_Used = dict[Path, tuple[str, bytes]]
_SUFFIXES = (".svg", *RASTER_SUFFIXES)


def load_art(deck: Deck, user_dir: Path | None = None) -> ArtLibrary:
    """Every picture the deck prints, read and checked (RenderError naming the file).

    The files are found first, then read, shared with a child on the second core when
    there are enough of them (``printkit.parallel``): the same pictures, and the same
    first error, as reading them here one by one."""
    user_dir = Path(user_dir) if user_dir is not None else None
    builtin = art_dir() / "builtin"
    wanted: dict[tuple[Path, Path], None] = {}  # in order; a file many effects share once

    def picture(path: Path, root: Path) -> tuple[Path, Path]:
        wanted[path, root] = None
        return path, root

    def first(folder: Path, stem: str, root: Path | None = None) -> tuple[Path, Path] | None:
        for suffix in _SUFFIXES:
            candidate = folder / f"{stem}{suffix}"
            if candidate.is_symlink() or candidate.exists():
                return picture(candidate, root or folder)
        return None

    def user(stem: str) -> tuple[Path, Path] | None:
        return first(user_dir / deck.id, stem, user_dir) if user_dir is not None else None

    effects = {}
    for effect in deck.effects:
        found = user(effect.id)
        if found is None and effect.art and deck.folder is not None:
            path = _inside(deck.folder, effect.art, f"[{effect.id}] art")
            found = picture(path, deck.folder)
        found = found or first(builtin / deck.id, effect.id)
        if found is not None:
            effects[effect.id] = found
    back = user("back") or first(builtin / deck.id, "back")
    icons = {
        path.stem: picture(path, builtin / "icons")
        for path in sorted((builtin / "icons").glob("*.svg"))
    }
    keys = list(wanted)
    if any(path.suffix.lower() == ".svg" for path, _ in keys):
        # Imported here, once: the child forked below inherits svglib (with lxml and
        # importlib.metadata) instead of importing it again beside this process, which
        # took the Dead Men's Deck's sheets 14% longer.
        _svg_reader()
    tasks = [partial(_picture, path, root) for path, root in keys]
    read = dict(zip(keys, run_shared(tasks, worth_it=8), strict=True))
    return ArtLibrary(
        {effect_id: read[key] for effect_id, key in effects.items()},
        read[back] if back is not None else None,
        {name: read[key] for name, key in icons.items()},
    )


def load_icons() -> ArtLibrary:
    """printkit's own icons alone (suit pips, target symbols, marks), for designed decks."""
    builtin = art_dir() / "builtin" / "icons"
    return ArtLibrary(icons={p.stem: _picture(p, builtin) for p in sorted(builtin.glob("*.svg"))})


def picture_size(picture: Picture) -> tuple[int, int]:
    """A raster picture's width and height in pixels, from its header (it was checked)."""
    return _check_pixels(Path(picture.source), picture.data, held=False)


def load_picture(path: Path, root: Path) -> Picture:
    """One picture a deck names, read inside ``root`` and checked (RenderError naming it)."""
    return _picture(path, root)


def _picture(path: Path, root: Path) -> Picture:
    data = _read(path, root)
    if path.suffix.lower() == ".svg":
        used: _Used = {}
        drawing = _drawing(path, root, data, used)
        uses = tuple(f"{ref} {hashlib.sha256(held).hexdigest()}" for ref, held in used.values())
        return Picture(shown(path), data, drawing, uses=uses)
    width, height = _check_pixels(path, data, held=False)
    _decode(path, data)
    if min(width, height) < MIN_PICTURE_SIDE:
        raise _said(
            path, "data.picture.too-small", width=width, height=height, most=MIN_PICTURE_SIDE
        )
    return Picture(shown(path), data)


def _decode(path: Path, data: bytes) -> None:
    """Decode a raster picture once (its size already checked), so that a broken file
    fails here, naming it, and not halfway through drawing."""
    from PIL import Image

    _quiet_libraries()
    try:
        with Image.open(io.BytesIO(data), formats=RASTER_FORMATS) as image:
            image.load()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise _said(path, "data.picture.undecodable", error=str(exc)[:80]) from None


def read_picture(path: Path, root: Path) -> bytes:
    """A picture file's bytes, confined to ``root`` and bounded in size."""
    return _read(path, root)


def _read(path: Path, root: Path) -> bytes:
    limit = MAX_SVG_BYTES if path.suffix.lower() == ".svg" else MAX_PICTURE_BYTES
    return read_confined(path, root, limit, lambda message: _refused(path, message))


def _refused(path: Path, message: str) -> RenderError:
    return picture_error(shown(path), message)


def _said(path: Path, key: str, /, **values: object) -> RenderError:
    """``_refused`` with the catalogue's message ``key``."""
    from ..words import say

    return _refused(path, say(key, **values))


def _inside(folder: Path, relative: str, where: str) -> Path:
    """A data file's picture path, refused unless it stays inside the deck's folder."""
    base = folder.resolve()
    target = (folder / relative).resolve()
    if target != base and base not in target.parents:
        raise RenderError.said(
            "data.picture.outside",
            file=shown(folder / "effects.toml"),
            where=where,
            picture=relative,
        )
    if not target.is_file():
        raise RenderError.said(
            "data.picture.missing",
            file=shown(folder / "effects.toml"),
            where=where,
            picture=relative,
        )
    return target


def _drawing(path: Path, root: Path, data: bytes, used: _Used):
    """An SVG's bytes as a reportlab Drawing, after ``_check_svg`` has confined and
    counted it (and held in ``used`` each file it refers to); svglib parses the very
    bytes that were checked."""
    SvgRenderer = _svg_reader()
    tree = _check_svg(path, root, data, used)
    _quiet_libraries()
    register_faces()  # an SVG's text is measured in printkit's own faces
    try:
        renderer = SvgRenderer(
            str(path), external_reference_root=str(Path(root).resolve()), font_map=_FONTS
        )
        drawing = renderer.render(tree)
    except Exception as exc:  # lxml and svglib raise many kinds; all mean a broken file
        raise _said(path, "data.picture.bad-svg", error=str(exc)[:80]) from None
    size_ok = drawing is not None and all(
        math.isfinite(v) and 0.01 <= v <= 1e6 for v in (drawing.width, drawing.height)
    )
    if not size_ok:
        raise _said(path, "data.picture.svg-size")
    _check_drawable(path, drawing)
    _hold_images(drawing, root, used)
    return drawing


def _hold_images(drawing, root: Path, used: _Used) -> None:
    """Each raster picture an SVG places (``<image>``) put into its drawing decoded,
    from the bytes ``_check_svg`` checked: drawing it then reads no file."""
    from PIL import Image as Pixels
    from reportlab.graphics.shapes import Image

    nodes = [drawing]
    while nodes:
        node = nodes.pop()
        for child in getattr(node, "contents", ()):
            nodes.append(child)
            if isinstance(child, Image) and isinstance(child.path, str):
                path = Path(child.path)
                data = used[path.resolve()][1] if path.resolve() in used else _read(path, root)
                _decode(path, data)
                with Pixels.open(io.BytesIO(data), formats=RASTER_FORMATS) as pixels:
                    child.path = pixels.convert("RGBA" if "A" in pixels.getbands() else "RGB")


class _SvgFonts:
    """What svglib asks for an SVG's ``font-family``: printkit's own body face, of the
    weight and style asked. svglib's own map would take a family's name for a file to
    open, or ask fontconfig, so that a picture could make printkit read (and embed) any
    font on the machine, or block on a pipe."""

    def find_font(self, _family: str, weight="normal", style="normal") -> tuple[str, bool]:
        bold = str(weight).strip().lower() in ("bold", "bolder", "600", "700", "800", "900")
        italic = str(style).strip().lower() in ("italic", "oblique")
        return FAMILIES[BODY][(int(bold), int(italic))], True


_FONTS = _SvgFonts()


def _check_drawable(path: Path, drawing) -> None:
    """The bounds of everything the picture draws, its transforms applied: numbers too
    large for a PDF (a transform of 1e300, a path to infinity) fail here, naming the
    file, not halfway through a sheet."""
    size = max(drawing.width, drawing.height)
    try:
        bounds = drawing.getBounds()
    except Exception:  # reportlab raises ValueError, OverflowError, TypeError...
        bounds = (math.inf,)
    if bounds is not None and not all(math.isfinite(v) and abs(v) <= 1e4 * size for v in bounds):
        raise _said(path, "data.picture.far")


def _svg_reader():
    """svglib's renderer (imported when a picture is first read)."""
    from svglib.svglib import SvgRenderer

    return SvgRenderer


_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")
_DATA_IMAGE = ("data:image/png;base64,", "data:image/jpeg;base64,", "data:image/jpg;base64,")


def _check_svg(path: Path, root: Path, data: bytes, used: _Used, depth: int = 0):
    """Refuse an SVG that declares entities, has too many elements (counting what its
    ``<use>`` elements copy, and the SVG files it refers to), or refers to anything but
    its own fragments, PNG or JPEG data, and files inside ``root``; its root element.
    Each file it refers to is held in ``used``, by its path, with its reference and its
    bytes: what the picture draws is theirs too."""
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    try:
        tree = etree.fromstring(data, parser).getroottree()
    except etree.XMLSyntaxError as exc:
        line, column = exc.position
        raise _said(path, "data.picture.not-xml", line=line, column=column) from None
    dtd = tree.docinfo.internalDTD
    if dtd is not None and list(dtd.iterentities()):
        raise _said(path, "data.picture.entities")
    outside = 0  # the elements of the SVG files this one refers to
    for count, element in enumerate(tree.iter(), start=1):
        if count > MAX_SVG_ELEMENTS:
            raise _said(path, "data.picture.elements", most=MAX_SVG_ELEMENTS)
        for attribute in _HREFS:
            reference = element.get(attribute)
            if reference is not None:
                outside += _check_reference(path, root, reference.strip(), used, depth)
    if _drawn_elements(tree.getroot()) + outside > MAX_SVG_ELEMENTS:
        raise _said(path, "data.picture.drawn-elements", most=MAX_SVG_ELEMENTS)
    return tree.getroot()


def _drawn_elements(root) -> int:
    """How many elements an SVG draws with every ``<use>`` copy made, as svglib makes
    them, counted without making them (each element once, by its id); a ``<use>`` loop
    counts as too many."""
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    # Keyed by the elements themselves, which stay alive as keys (lxml makes a new
    # Python object for an element that nothing holds, so its id() would not last).
    sizes: dict = {}
    busy: set = set()
    too_many = MAX_SVG_ELEMENTS + 1

    def size(element) -> int:
        key = element
        if key in sizes:
            return sizes[key]
        if key in busy:
            return too_many  # a <use> that copies itself
        busy.add(key)
        total = 1
        for child in element:
            total = min(too_many, total + size(child))
        reference = next((element.get(a) for a in _HREFS if element.get(a)), "") or ""
        if reference.startswith("#") and reference[1:] in by_id:
            total = min(too_many, total + size(by_id[reference[1:]]))
        busy.discard(key)
        sizes[key] = total
        return total

    return size(root)


def _check_reference(path: Path, root: Path, reference: str, used: _Used, depth: int) -> int:
    """Refuse a reference an SVG may not make; the elements of an SVG file it names."""
    if not reference or reference.startswith("#"):
        return 0
    if reference.startswith(_DATA_IMAGE):
        _check_embedded(path, reference)
        return 0
    target = reference.split("#", 1)[0]
    if ":" in target.split("/", 1)[0] or target.startswith(("/", "\\")):
        raise _said(path, "data.picture.reference-beside", reference=reference[:60])
    resolved = (path.parent / target).resolve()
    base = Path(root).resolve()
    if resolved != base and base not in resolved.parents:
        raise _said(path, "data.picture.reference-outside", reference=reference[:60])
    if resolved.suffix.lower() not in _SUFFIXES:
        raise _said(path, "data.picture.reference-format", reference=reference[:60])
    if resolved.suffix.lower() != ".svg":
        _check_pixels(resolved, _used(resolved, root, target, used))
        return 0
    if depth >= 2:
        raise _said(path, "data.picture.reference-deep", reference=reference[:60])
    # Another SVG is read and checked as this one was (a regular file, its size, its
    # elements and references), so that svglib never opens a pipe or a giant. svglib
    # reads it with its own fonts, which look fonts up on the disk: it may hold no text.
    other = _check_svg(resolved, root, _used(resolved, root, target, used), used, depth + 1)
    if any(isinstance(e.tag, str) and e.tag.rsplit("}", 1)[-1] in _TEXT for e in other.iter()):
        raise _said(path, "data.picture.reference-text", reference=reference[:60])
    return _drawn_elements(other)


def _used(path: Path, root: Path, reference: str, used: _Used) -> bytes:
    """The bytes of a file an SVG refers to (``path``, resolved), held in ``used``."""
    data = _read(path, root)
    used[path] = (reference, data)
    return data


#: The SVG elements that set text.
_TEXT = frozenset({"text", "tspan", "textPath", "tref"})


def _check_embedded(path: Path, reference: str) -> None:
    import base64
    import binascii

    try:
        data = base64.b64decode(reference.split(",", 1)[1], validate=False)
    except (binascii.Error, ValueError):
        raise _said(path, "data.picture.base64") from None
    _check_pixels(path, data)


def _check_pixels(path: Path, data: bytes, held: bool = True) -> tuple[int, int]:
    """A raster picture's size, read from its header without decoding it; ``held`` when
    the picture is inside (or referred to by) the file at ``path``."""
    from PIL import Image, UnidentifiedImageError

    limit, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None  # only the header is read
    try:
        with Image.open(io.BytesIO(data), formats=RASTER_FORMATS) as image:
            width, height = image.size
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        kind = _other_format(data)
        if kind:
            from ..words import say

            key = "data.picture.held-format" if held else "data.picture.format"
            raise _said(path, key, kind=say(f"data.picture.kind.{kind}")) from None
        key = "data.picture.held-unreadable" if held else "data.picture.unreadable"
        raise _said(path, key) from None
    finally:
        Image.MAX_IMAGE_PIXELS = limit
    if width * height > MAX_PIXELS:
        raise _said(
            path,
            "data.picture.held-pixels" if held else "data.picture.pixels",
            width=width,
            height=height,
            most=MAX_PIXELS // 1_000_000,
        )
    return width, height


#: Formats people save pictures in that printkit does not open, known by their first bytes
#: (named in the message only, ``data.picture.kind.<name>``: their content is never
#: handed to a decoder).
_OTHER_FORMATS = (
    (b"GIF8", "gif"),
    (b"%!PS", "eps"),
    (b"\xc5\xd0\xd3\xc6", "eps"),
    (b"%PDF", "pdf"),
    (b"BM", "bmp"),
    (b"II*\x00", "tiff"),
    (b"MM\x00*", "tiff"),
)


def _other_format(data: bytes) -> str:
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
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
