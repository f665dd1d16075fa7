"""A folder of card images as a deck: each picture is a whole card face, printed with
the template's bleed on the same sheets as every other deck.

The fronts are the folder's PNG and JPEG files in natural name order (``card2`` before
``card10``). ``back.png`` (or ``back.jpg``, or the file given as the back) is every
card's back; ``NAME-front.png`` beside ``NAME-back.png`` is one card with a back of its
own (``_front``/``_back`` and `` front``/`` back`` too). A back without its front, or a
deck where some cards have a back and others none, is refused: no front silently
prints another's back. A folder laid out as Silhouette Card Maker's game folder is read
as that tool reads it: front/, back/ (its one back) and double_sided/ (a card's own
back, under its front's file name). What is not read is said: pictures in other formats,
the folder's own folders, and a deck with no back at all.

Each face is measured from its shape: the card's trim (the size asked for, or the first
of ``CARD_SIZES`` whose shape the first front has, said in a line) with as much bleed
on each side as its proportions say (0 to 6 mm; a shop's 822 x 1122 px poker image
carries about 3 mm). Its resolution is the pixels over that printed width, bleed
included: under 300 dpi is a warning, under 150 an error unless a draft is asked for.
A landscape picture is turned onto the portrait card.

What is measured may be given instead (``ImageOptions``): the bleed the images carry,
and how a picture of another shape is made the card's (cropped centred, or stretched;
by default it is refused, since either changes the picture).
"""

from __future__ import annotations

import math
import re
from functools import partial
from pathlib import Path
from typing import NamedTuple

from ..errors import CatalogueError, UsageError
from ..limits import MAX_CARDS
from ..units import format_mm, inch, mm
from ..values.cardsizes import CARD_SIZES, CardSize, format_size
from ..values.design import Box, CardSet, Layout, PrintCard
from ..values.names import slug
from ..values.pictures import (
    BLEED_FILLS,
    FITS,
    MOST_GIVEN_BLEED,
    Face,
    ImageOptions,
    Picture,
    Stored,
)
from ..values.printspec import FLOOR_DPI, SHARP_DPI, resolution
from ..words import amount, joined, say
from .art import load_icons, load_picture, picture_size, read_picture
from .datafile import shown

__all__ = ["ImageDeck", "load_images", "natural_key"]

#: A picture whose shape is within this (as a share of its width over its height) of
#: the card's prints as it is: a 1% stretch is not seen.
_SHAPE_TOLERANCE = 0.01
#: An image's own bleed, each side, is measured within this range; a picture whose shape
#: says less than none (narrower than a card) or more is not a card's face.
_NO_BLEED = 0.5 * mm  # under this, the image is the trimmed card
_MOST_BLEED = 6.0 * mm
_SUFFIXES = (".png", ".jpg", ".jpeg")
#: Pictures printkit does not read, named when a folder holds them.
_OTHER_PICTURES = (".webp", ".gif", ".tif", ".tiff", ".bmp", ".avif", ".heic", ".jxl", ".svg")
#: A list of images: a spreadsheet, a row a card, with these columns.
_LISTS = (".csv", ".xlsx")
_LIST_COLUMNS = ("file", "count", "back", "name")
_SIDE = re.compile(r"^(?P<name>.*?)[-_ ](?P<side>front|back)$", re.IGNORECASE)


class ImageDeck(NamedTuple):
    """The deck made from a folder, and what the player should know about its images."""

    cards: CardSet
    warnings: tuple[str, ...]
    guessed: bool = False  # the card size was guessed from the images' shape


def natural_key(name: str) -> tuple:
    """A file name's sort key in natural order: runs of digits compare as numbers, the
    rest without case ("card2" < "card10" < "Card11")."""
    parts = re.split(r"(\d+)", name)
    return tuple((0, int(p), p) if p.isdigit() else (1, p.casefold(), p) for p in parts if p)


class _Entry(NamedTuple):
    """One card of the deck before its images are read."""

    name: str
    front: Path
    back: Path | None  # its own back, or None for the deck's
    count: int
    where: str  # the file, or the list's line, as messages name it


def load_images(
    folder: Path, options: ImageOptions | None = None, card: CardSize | None = None
) -> ImageDeck:
    """The deck of the images in ``folder``, or of a list file (CSV or XLSX: a row a
    card, with its ``file``, and optionally a ``count`` of copies, its own ``back`` and a
    ``name``; files beside the list), printed as ``options`` say; ``card`` is the cards'
    size (default: guessed from the first front's shape). CatalogueError names the file
    at fault."""
    folder = Path(folder)
    options = options or ImageOptions()
    back = options.back
    if options.fill not in BLEED_FILLS:
        raise UsageError.said(
            "data.images.fill", fills=joined(BLEED_FILLS, "list"), fill=options.fill
        )
    if options.fit not in FITS:
        raise UsageError.said("data.images.fit", fits=joined(FITS, "list"), fit=options.fit)
    if options.bleed is not None and not 0 <= options.bleed <= MOST_GIVEN_BLEED:
        raise UsageError.said("data.images.bleed", most=round(MOST_GIVEN_BLEED / mm))
    listed = None
    if folder.suffix.lower() in _LISTS and folder.is_file():
        entries, default_back = _listed(folder, back)
        listed, folder = folder, folder.parent
        notes: list[str] = []
    elif folder.is_dir():
        entries, default_back, notes = _found(folder, back)
    else:
        raise UsageError(say("images.nothing", file=shown(folder)))
    if default_back is None:
        bare = [e for e in entries if e.back is None]
        if len(bare) < len(entries) and bare:
            raise CatalogueError.said(
                "data.images.no-back",
                where=bare[0].where,
                file=f"{bare[0].name}-back{bare[0].front.suffix}",
            )
    warnings = list(notes)
    if default_back is None and all(entry.back is None for entry in entries):
        warnings.append(say("data.images.blank-backs", file=shown(listed or folder)))
    soft: list[tuple[int, str]] = []  # (dpi, file) of each image that prints soft
    reshaped: list[str] = []  # the images of another shape, cropped or stretched to the card
    pictures: dict[str, Picture] = {}
    guessed = card is None
    if card is None:
        card = _guess(entries[0].front, folder, options)

    def face(path: Path, root: Path) -> str:
        key = str(path)
        if key not in pictures:
            picture, dpi = _face(path, root, options, card)
            pictures[key] = picture
            if resolution(dpi) != "sharp":
                soft.append((dpi, shown(path)))
            if picture.face.fit != "exact":
                reshaped.append(shown(path))
        return key

    back_key = ""
    if default_back is not None:  # a back given apart may lie outside the folder
        back_key = face(default_back, default_back.parent if back is not None else folder)
    total = sum(entry.count for entry in entries)
    if total > MAX_CARDS:
        raise CatalogueError.said(
            "data.images.too-many", file=shown(listed or folder), cards=total, limit=MAX_CARDS
        )
    cards = []
    for entry in entries:
        card_back = face(entry.back, folder) if entry.back else back_key
        values = {"name": entry.name, "face": face(entry.front, folder), "back": card_back}
        for copy in range(entry.count):
            number = len(cards) + 1
            stem = slug(entry.name) or f"card-{number}"
            if entry.count > 1:
                stem = f"{stem}-{copy + 1}"
            side = "back" if card_back else ""
            cards.append(PrintCard(number, entry.where, values, side, stem=stem))
    if soft:
        warnings.append(_soft(soft))
    if reshaped:
        warnings.append(_reshaped(reshaped, options.fit))
    width, height = card.sides
    source = shown(folder)

    def layout(field: str) -> Layout:  # the picture over the whole card and its bleed
        box = Box(field, "picture", 0.0, 0.0, width, height, f"{{{field}}}", bleed=True)
        return Layout(source, width, height, (box,), {})

    return ImageDeck(
        CardSet(
            id=slug(folder.resolve().name) or "images",
            name=folder.resolve().name or "images",
            game=folder.resolve().name or "images",
            description="",
            source=source,
            cards=tuple(cards),
            front=layout("face"),
            layouts={"back": layout("back")},
            pictures=pictures,
            icons={},
            art=load_icons(),
            images=shown(listed or folder),
        ),
        tuple(warnings),
        guessed,
    )


def _listing(folder: Path) -> tuple[list[Path], list[Path], list[Path]]:
    """A folder's PNG and JPEG files, its pictures in formats printkit does not read,
    and its folders (none hidden), each at most MAX_CARDS long."""
    files, others, folders = [], [], []
    try:
        for path in folder.iterdir():
            if path.name.startswith("."):
                continue
            if path.suffix.lower() in _SUFFIXES:
                files.append(path)
            elif path.suffix.lower() in _OTHER_PICTURES:
                others.append(path)
            elif path.is_dir():
                folders.append(path)
            if len(files) > MAX_CARDS or len(others) + len(folders) > MAX_CARDS:
                raise CatalogueError.said(
                    "data.images.too-many-images",
                    file=shown(folder),
                    images=len(files),
                    limit=MAX_CARDS,
                )
    except OSError as exc:  # a folder that cannot be listed
        raise CatalogueError.said(
            "data.images.unreadable", file=shown(folder), reason=exc.strerror or exc
        ) from None
    files.sort(key=lambda p: natural_key(p.stem))
    return files, others, sorted(folders, key=lambda p: natural_key(p.name))


def _found(folder: Path, back: Path | None) -> tuple[list[_Entry], Path | None, list[str]]:
    """A folder's cards, in natural name order, its back, and what the player should
    know of what was not read (other formats, other folders)."""
    files, others, folders = _listing(folder)
    by_name = {path.name.casefold(): path for path in folders}
    if "front" in by_name:
        return _card_maker(folder, by_name, files, back)
    for path in folders:
        if path.is_symlink():
            raise CatalogueError.said("data.images.linked-folder", file=shown(path))
    notes = []
    if others:
        kinds = joined(sorted({p.suffix.lower() for p in others}), "list")
        if not files:
            raise CatalogueError.said(
                "data.images.other-formats", file=shown(folder), count=len(others), kinds=kinds
            )
        notes.append(
            say("data.images.not-read", file=shown(folder), count=len(others), kinds=kinds)
        )
    if folders:
        names = joined([f"{p.name}/" for p in folders[:3]], "list")
        key = "data.images.folders-not-read" if len(folders) <= 3 else "data.images.folders-more"
        notes.append(say(key, file=shown(folder), names=names, count=len(folders) - 3))
    default_back = back
    if default_back is None:
        found = [p for p in files if p.stem.casefold() == "back"]
        if len(found) > 1:
            names = joined((p.name for p in found), "and")
            raise CatalogueError.said("data.images.two-backs", file=shown(folder), names=names)
        default_back = found[0] if found else None
    files = [p for p in files if p.stem.casefold() != "back"]
    fronts, own_backs = [], {}
    for path in files:
        side = _SIDE.match(path.stem)
        if side and side["side"].casefold() == "back":
            _one(own_backs, side["name"].casefold(), path, "back")
        else:
            fronts.append(path)
    named: dict[str, Path] = {}
    for path in fronts:
        _one(named, _name(path).casefold(), path, "card")
    for name, path in own_backs.items():
        if name not in named:
            raise CatalogueError.said(
                "data.images.lone-back",
                file=shown(path),
                front=f"{path.stem[: -len('back')]}front{path.suffix}",
            )
    if not fronts:
        if folders:
            names = joined([f"{p.name}/" for p in folders[:3]], "list")
            raise CatalogueError.said(
                "data.images.only-in-folders", file=shown(folder), names=names
            )
        raise CatalogueError.said("data.images.none", file=shown(folder))
    entries = [
        _Entry(_name(path), path, own_backs.get(key), 1, shown(path)) for key, path in named.items()
    ]
    return entries, default_back, notes


def _card_maker(
    folder: Path, folders: dict[str, Path], loose: list[Path], back: Path | None
) -> tuple[list[_Entry], Path | None, list[str]]:
    """A folder laid out as Silhouette Card Maker's game folder (and printkit's export
    for it): the fronts in front/, the one back in back/ (or back.png beside them), and a
    card's own back in double_sided/ under its front's file name. Images loose beside
    those folders are not cards of it, and are said."""
    for name in ("front", "back", "double_sided"):
        if name in folders and folders[name].is_symlink():
            raise CatalogueError.said("data.images.linked-folder", file=shown(folders[name]))
    notes = []
    loose_back = [p for p in loose if p.stem.casefold() == "back"]
    others = [p for p in loose if p.stem.casefold() != "back"]
    if others:
        notes.append(
            say("data.images.loose-not-read", file=shown(folder), count=len(others),
                first=others[0].name)
        )  # fmt: skip
    fronts, _, _ = _listing(folders["front"])
    if not fronts:
        raise CatalogueError.said("data.images.none", file=shown(folders["front"]))
    default_back = back
    if default_back is None and "back" in folders:
        backs, _, _ = _listing(folders["back"])
        if len(backs) > 1:
            names = joined((p.name for p in backs[:4]), "and")
            raise CatalogueError.said(
                "data.images.two-backs", file=shown(folders["back"]), names=names
            )
        default_back = backs[0] if backs else None
    if default_back is None and loose_back:
        default_back = loose_back[0]
    own: dict[str, Path] = {}
    if "double_sided" in folders:
        for path in _listing(folders["double_sided"])[0]:
            _one(own, path.name.casefold(), path, "back")
    named: dict[str, Path] = {}
    for path in fronts:
        _one(named, path.stem.casefold(), path, "card")
    for name, path in own.items():
        if name not in {p.name.casefold() for p in fronts}:
            raise CatalogueError.said(
                "data.images.lone-double-sided", file=shown(path), front=f"front/{path.name}"
            )
    entries = [
        _Entry(path.stem, path, own.get(path.name.casefold()), 1, shown(path))
        for path in named.values()
    ]
    return entries, default_back, notes


def _listed(path: Path, back: Path | None) -> tuple[list[_Entry], Path | None]:
    """A list file's cards, in its order, each row's file beside the list, and the back
    (back.png or back.jpg beside the list when none is given)."""
    from .rows import read_rows

    root = path.parent
    header, rows = read_rows(path, root)
    if "file" not in header or any(name not in _LIST_COLUMNS for name in header):
        raise CatalogueError(say("images.list-columns", file=shown(path)))
    entries = []
    for row in rows:
        values = {key: value.strip() for key, value in row.values.items()}
        if not values.get("file"):
            raise CatalogueError(say("images.list-no-file", where=row.where))
        front = _beside(root, values["file"], row.where)
        own = _beside(root, values["back"], row.where) if values.get("back") else None
        name = values.get("name") or _name(front)
        if row.count:
            entries.append(_Entry(name, front, own, row.count, row.where))
    if not entries:
        raise CatalogueError(say("images.list-empty", file=shown(path)))
    if back is None:
        found = [
            root / f"back{suffix}" for suffix in _SUFFIXES if (root / f"back{suffix}").is_file()
        ]
        back = found[0] if found else None
    return entries, back


def _beside(root: Path, name: str, where: str) -> Path:
    """A list's image: a PNG or JPEG file named relative to the list's folder."""
    relative = Path(name.replace("\\", "/"))
    if relative.is_absolute() or ".." in relative.parts:
        raise CatalogueError(say("images.list-outside", where=where, file=name[:80]))
    if relative.suffix.lower() not in _SUFFIXES:
        raise CatalogueError(say("images.list-format", where=where, file=name[:80]))
    return root / relative


def _one(found: dict[str, Path], key: str, path: Path, what: str) -> None:
    """``path`` as the one file of its card (names that differ only in case, extension
    or the front/back separator would otherwise hide one another)."""
    if key in found:
        message = "data.images.same-back" if what == "back" else "data.images.same-card"
        raise CatalogueError.said(message, file=shown(path), other=found[key].name)
    found[key] = path


def _name(path: Path) -> str:
    """A card's name from its file: "ace" from ace.png and from ace-front.png."""
    side = _SIDE.match(path.stem)
    return side["name"] if side else path.stem


def _orientation(picture: Picture) -> int:
    """A picture's EXIF orientation (1, upright, when it has none), from its header."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(picture.data)) as image:
        return int(image.getexif().get(0x0112, 1) or 1)


def _soft(soft: list[tuple[int, str]]) -> str:
    """One line for every image that prints soft: the softest named, the rest counted."""
    soft.sort()
    named = _first_named([f"{name} ({say('number.dpi', value=dpi)})" for dpi, name in soft])
    key = "images.soft-one" if len(soft) == 1 else "images.soft-many"
    return say(key, count=amount(len(soft)), images=named, dpi=SHARP_DPI)


def _first_named(files: list[str], most: int = 3) -> str:
    """The first ``most`` files named, and the rest counted: "a.png, b.png, c.png, and 4
    more"."""
    named = files[:most]
    if len(files) > most:
        named.append(say("images.more", count=amount(len(files) - most)))
    return ", ".join(named)


def _shape(path: Path, root: Path) -> tuple[Picture, int, int, bool]:
    """An image as it is seen: its picture, its width and height upright (a camera's
    EXIF turn applied), and whether it is landscape, so turned onto the card."""
    picture = load_picture(path, root)
    if picture.is_svg:
        raise CatalogueError.said("data.images.not-raster", file=shown(path))
    width, height = picture_size(picture)
    if _orientation(picture) in (5, 6, 7, 8):  # a camera's picture, stored turned
        width, height = height, width
    turned = width > height
    if turned:
        width, height = height, width
    return picture, width, height, turned


def _bleed(card: CardSize, width: int, height: int, raw: bool = False) -> float | None:
    """The bleed each side that an image of ``width`` x ``height`` px (portrait) carries
    on a card of this size (``raw``: as measured, else under half a millimetre is
    none), or None when its shape is not that card's."""
    trim_w, trim_h = card.sides
    ratio = width / height
    if abs(ratio - trim_w / trim_h) < 1e-3:
        return 0.0
    if ratio >= 0.999:  # a square image: only a square card, without bleed
        return None
    bleed = (ratio * trim_h - trim_w) / (2 * (1 - ratio))
    if bleed < -_NO_BLEED or bleed > _MOST_BLEED:
        return None
    return bleed if raw or bleed >= _NO_BLEED else 0.0


#: The bleed an image of a card is made with: none (a trimmed card), or a shop's 1/8 in.
_USUAL_BLEEDS = (0.0, inch / 8)


def _guess(path: Path, folder: Path, options: ImageOptions) -> CardSize:
    """The card size whose shape this image has, with the most usual bleed (none, or
    1/8 in), or the bleed the images are said to carry: a 520 x 803 px image is a
    trimmed mini European card, not a bridge card with 0.6 mm of bleed. Sizes as near
    as each other go in CARD_SIZES' order. An image of no card's shape that is to be
    cropped or stretched to one is the card nearest its shape (within 2%, the first)."""
    _, width, height, turned = _shape(path, folder)
    found = []
    for order, size in enumerate(CARD_SIZES.values()):
        if options.bleed is not None:  # the bleed given: only a size of the image's shape
            if _shaped(size, options.bleed, width, height):
                found.append((0, order, size))
            continue
        bleed = _bleed(size, width, height, raw=True)
        if bleed is not None:
            off = min(abs(bleed - usual) for usual in _USUAL_BLEEDS)
            found.append((round(off / (0.25 * mm)), order, size))
    if not found and options.fit != "exact":  # to be made a card's shape: the nearest
        given = options.bleed or 0.0
        apart = [
            abs(math.log(width / height * (s.height + 2 * given) / (s.width + 2 * given)))
            for s in CARD_SIZES.values()
        ]
        near = min(apart) + 0.02  # within 2% of the nearest: the first in CARD_SIZES' order
        return next(s for s, off in zip(CARD_SIZES.values(), apart, strict=True) if off <= near)
    if not found:
        seen = (height, width) if turned else (width, height)  # as a viewer shows it
        raise CatalogueError.said("images.no-size", file=shown(path), width=seen[0], height=seen[1])
    return min(found)[2]


def _face(path: Path, root: Path, options: ImageOptions, card: CardSize) -> tuple[Picture, int]:
    """One image as a card face: its picture, with the bleed its shape says it carries
    (or the images are said to carry) and how to make the rest, and how it is made the
    card's shape; and its resolution at the card's printed size, bleed included."""
    picture, width, height, turned = _shape(path, root)
    if options.bleed is None:
        bleed = _bleed(card, width, height)
    else:
        bleed = options.bleed if _shaped(card, options.bleed, width, height) else None
    fit = "exact"
    if bleed is None:
        if options.fit == "exact":
            key = "images.not-card" if options.bleed is None else "images.not-card-bleed"
            seen = (height, width) if turned else (width, height)  # as a viewer shows it
            raise CatalogueError.said(
                key, file=shown(path), width=seen[0], height=seen[1],
                sides=format_size(card.sides), bleed=format_mm(options.bleed or 0.0),
            )  # fmt: skip
        bleed, fit = options.bleed or 0.0, options.fit
    printed_w, printed_h = ((side + 2 * bleed) / inch for side in card.sides)
    # As it is said: across a picture of the card's shape; the softer way of one made so.
    dpi = round(width / printed_w if fit == "exact" else min(width / printed_w, height / printed_h))
    if resolution(dpi) == "blurred" and not options.draft:
        raise CatalogueError.said("images.blurred", file=shown(path), dpi=dpi, floor=FLOOR_DPI)
    corner = card.radius if bleed == 0 else 0.0
    digest = picture.digest()
    stored = Stored(digest, partial(_again, path, root, digest))
    face = Face(bleed, options.fill, turned, corner, fit)
    return picture._replace(data=b"", face=face, stored=stored), dpi


def _shaped(card: CardSize, bleed: float, width: int, height: int) -> bool:
    """Whether a portrait picture of ``width`` x ``height`` px has the shape of this card
    with ``bleed`` on each side, near enough to print as it is."""
    trim_w, trim_h = card.sides
    return abs(width / height / ((trim_w + 2 * bleed) / (trim_h + 2 * bleed)) - 1) <= (
        _SHAPE_TOLERANCE
    )


def _reshaped(files: list[str], fit: str) -> str:
    """One line for the images of another shape than the card's, cropped or stretched."""
    key = "images.cropped" if fit == "crop" else "images.stretched"
    return say(key, count=len(files), images=_first_named(files))


def _again(path: Path, root: Path, digest: str) -> bytes:
    """An image's bytes read again as it is drawn, confined as the first time; the same
    bytes, or an error if the file changed in between."""
    import hashlib

    data = read_picture(path, root)
    if hashlib.sha256(data).hexdigest() != digest:
        raise CatalogueError.said("images.changed", file=shown(path))
    return data
