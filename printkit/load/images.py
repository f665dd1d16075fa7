"""A folder of card images as a deck: each picture is a whole card face, printed with
the template's bleed on the same sheets as every other deck.

The fronts are the folder's PNG and JPEG files in natural name order (``card2`` before
``card10``). ``back.png`` (or ``back.jpg``, or the file given as the back) is every
card's back; ``NAME-front.png`` beside ``NAME-back.png`` is one card with a back of its
own (``_front``/``_back`` and `` front``/`` back`` too). A back without its front, or a
deck where some cards have a back and others none, is refused: no front silently
prints another's back.

Each face is measured from its shape: a poker card's trim (63.5 x 88.9 mm) with as much
bleed on each side as its proportions say (0 to 6 mm; a shop's 822 x 1122 px image
carries about 3 mm). Its resolution is the pixels over that printed width, bleed
included: under 300 dpi is a warning, under 150 an error unless a draft is asked for.
A landscape picture is turned onto the portrait card.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from ..errors import CatalogueError, UsageError
from ..limits import MAX_CARDS
from ..units import inch, mm
from ..values.design import Box, CardSet, Layout, PrintCard
from ..values.names import slug
from ..values.pictures import Face, Picture
from .art import load_icons, load_picture, picture_size
from .datafile import shown

__all__ = ["BLEED_FILLS", "DRAFT_DPI", "PRINT_DPI", "ImageDeck", "load_images", "natural_key"]

#: The card every image is printed as (the templates' card).
CARD = (2.5 * inch, 3.5 * inch)
#: How the bleed an image lacks is made from its edge. Mirror continues the edge's own
#: texture (art that runs to the edge stays art); replicate repeats the last row of
#: pixels, right for a plain border but streaky on texture; median paints the edge's
#: median colour, for a plain border with noise (a scan).
BLEED_FILLS = ("mirror", "replicate", "median")
#: A print's resolution: under it, a warning; under DRAFT_DPI, an error but in a draft.
PRINT_DPI = 300
DRAFT_DPI = 150
#: An image's own bleed, each side, is measured within this range; a picture whose shape
#: says less than none (narrower than a card) or more is not a card's face.
_NO_BLEED = 0.5 * mm  # under this, the image is the trimmed card
_MOST_BLEED = 6.0 * mm
_SUFFIXES = (".png", ".jpg", ".jpeg")
_SIDE = re.compile(r"^(?P<name>.*?)[-_ ](?P<side>front|back)$", re.IGNORECASE)


class ImageDeck(NamedTuple):
    """The deck made from a folder, and what the player should know about its images."""

    cards: CardSet
    warnings: tuple[str, ...]


def natural_key(name: str) -> tuple:
    """A file name's sort key in natural order: runs of digits compare as numbers, the
    rest without case ("card2" < "card10" < "Card11")."""
    parts = re.split(r"(\d+)", name)
    return tuple((0, int(p), p) if p.isdigit() else (1, p.casefold(), p) for p in parts if p)


def load_images(
    folder: Path, back: Path | None = None, fill: str = "mirror", draft: bool = False
) -> ImageDeck:
    """The deck of the images in ``folder``; ``back`` is every card's back (default:
    back.png or back.jpg in the folder). CatalogueError names the file at fault."""
    folder = Path(folder)
    if not folder.is_dir():
        raise UsageError(f"{shown(folder)}: no folder of images there; give the folder's path")
    if fill not in BLEED_FILLS:
        raise UsageError(f"the bleed fill is {', '.join(BLEED_FILLS)}, not {fill!r}")
    try:
        files = [
            path
            for path in folder.iterdir()
            if path.suffix.lower() in _SUFFIXES and not path.name.startswith(".")
        ]
    except OSError as exc:  # a folder that cannot be listed
        raise CatalogueError(f"{shown(folder)}: cannot be read ({exc.strerror or exc})") from None
    if len(files) > MAX_CARDS:
        raise CatalogueError(
            f"{shown(folder)}: {len(files):,} images, more than the limit of {MAX_CARDS:,} cards"
        )
    files.sort(key=lambda p: natural_key(p.stem))
    default_back = back
    if default_back is None:
        found = [p for p in files if p.stem.casefold() == "back"]
        if len(found) > 1:
            raise CatalogueError(
                f"{shown(folder)}: {' and '.join(p.name for p in found)} are both the back; "
                "keep one"
            )
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
            raise CatalogueError(
                f"{shown(path)}: a back with no front; name its front {path.stem[: -len('back')]}"
                f"front{path.suffix}, or rename it"
            )
    if not fronts:
        raise CatalogueError(
            f"{shown(folder)}: no PNG or JPEG card images in the folder (back.png alone is a back)"
        )
    if own_backs and default_back is None:
        bare = [p for n, p in named.items() if n not in own_backs]
        if bare:
            raise CatalogueError(
                f"{shown(bare[0])}: no back, while other cards have their own; add "
                f"{_name(bare[0])}-back{bare[0].suffix}, or a back.png for every other card"
            )
    warnings: list[str] = []
    pictures: dict[str, Picture] = {}

    def face(path: Path, root: Path) -> str:
        key = str(path)
        if key not in pictures:
            picture, note = _face(path, root, fill, draft)
            pictures[key] = picture
            if note:
                warnings.append(note)
        return key

    back_key = ""
    if default_back is not None:  # a back given apart may lie outside the folder
        back_key = face(default_back, default_back.parent if back is not None else folder)
    cards = []
    for name, path in named.items():
        own = own_backs.get(name)
        card_back = face(own, folder) if own else back_key
        values = {"name": _name(path), "face": face(path, folder), "back": card_back}
        number = len(cards) + 1
        stem = slug(values["name"]) or f"card-{number}"
        cards.append(PrintCard(number, shown(path), values, "back" if card_back else "", stem=stem))
    width, height = CARD
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
        ),
        tuple(warnings),
    )


def _one(found: dict[str, Path], key: str, path: Path, what: str) -> None:
    """``path`` as the one file of its card (names that differ only in case, extension
    or the front/back separator would otherwise hide one another)."""
    if key in found:
        raise CatalogueError(
            f"{shown(path)} and {found[key].name} are the same {what}'s image; rename or remove one"
        )
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


def _face(path: Path, root: Path, fill: str, draft: bool) -> tuple[Picture, str]:
    """One image as a card face: its picture, with the bleed its shape says it carries
    and how to make the rest; and a warning line, or ""."""
    picture = load_picture(path, root)
    if picture.is_svg:
        raise CatalogueError(f"{shown(path)}: a card image is a PNG or JPEG")
    width, height = picture_size(picture)
    if _orientation(picture) in (5, 6, 7, 8):  # a camera's picture, stored turned
        width, height = height, width
    turned = width > height
    if turned:
        width, height = height, width
    trim_w, trim_h = CARD
    ratio = width / height  # at most 1: a square has no bleed that makes it a card
    bleed = (ratio * trim_h - trim_w) / (2 * (1 - ratio)) if ratio < 0.999 else _MOST_BLEED * 2
    if bleed < -_NO_BLEED or bleed > _MOST_BLEED:
        raise CatalogueError(
            f"{shown(path)}: {width} x {height} px is not a poker card's shape (63.5 x 88.9 mm, "
            "with up to 6 mm of bleed); crop it to the card"
        )
    bleed = max(0.0, bleed) if bleed >= _NO_BLEED else 0.0
    dpi = round(width / ((trim_w + 2 * bleed) / inch))  # as it is said
    note = ""
    if dpi < DRAFT_DPI and not draft:
        raise CatalogueError(
            f"{shown(path)}: {dpi} dpi at the card's size, under {DRAFT_DPI}; it would print "
            "blurred. Use a larger image, or print a draft"
        )
    if dpi < PRINT_DPI:
        note = f"{shown(path)}: {dpi} dpi at the card's size; it prints softer than {PRINT_DPI} dpi"
    return picture._replace(face=Face(bleed, fill, turned)), note
