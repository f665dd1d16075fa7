"""The values of a designed deck: card layouts as data, and cards with any fields.

A layout is a list of named boxes in real units, measured from the card's trim
(top-left corner, y running down, as a designer measures), each drawing one thing:
text bound to fields, rich text, a picture, a QR code, a shape or a playing-card
index. Boxes may show only for some cards (``when``) and take a colour from a field
(``Paint``). ``printkit.load.design`` reads them; ``printkit.layout.design`` places
them; ``printkit.render.design`` draws them. No I/O here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .documents import Aid
    from .model import Deck
    from .pictures import ArtLibrary, Picture

__all__ = [
    "BOX_KINDS",
    "FIELD",
    "STYLES",
    "Box",
    "CardSet",
    "Condition",
    "FontFace",
    "Layout",
    "Look",
    "Paint",
    "PlayerAid",
    "PrintCard",
    "Slots",
    "Typeface",
    "fields_of",
    "fill_in",
    "sheet_slots",
]

#: What a box may draw: the key that names its content decides its kind.
BOX_KINDS = ("text", "rich", "title", "picture", "qr", "shape", "index", "marks")
#: A field in a template: {name}, any column's name (a card file's columns may have
#: accents or spaces: {Coût}, {Card name}); {{ and }} are braces.
FIELD = re.compile(r"\{([^{}\n]{1,100})\}")
#: A template read left to right: a brace written twice, or a field. One reading serves
#: both what a template reads and what it prints, so "{{{name}}}" is a field in braces
#: to both.
_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}\n]{1,100})\}")


def fields_of(template: str) -> list[str]:
    """The fields a template reads, in order."""
    return [match.group(1) for match in _TOKEN.finditer(template) if match.group(1)]


def fill_in(template: str, record: Mapping[str, str]) -> str:
    """A template with every {field} replaced by the card's value ("" when empty)."""

    def replace(match: re.Match) -> str:
        token = match.group(0)
        if match.group(1) is None:
            return token[0]  # {{ is {, }} is }
        return record.get(match.group(1), "")

    return _TOKEN.sub(replace, template)


class Paint(NamedTuple):
    """A colour: fixed ("#8a3b1c"), a field holding one ("{paper}"), or chosen by a
    field's value from a map (with a default)."""

    color: str | None = None
    field: str | None = None
    choices: Mapping[str, str] = MappingProxyType({})

    def resolve(self, record: Mapping[str, str]) -> str | None:
        color = self.color
        if self.field is not None:
            color = self.choices.get(record.get(self.field, ""), self.color)
        if color and color.startswith("{"):
            return fill_in(color, record)
        return color

    @property
    def fields(self) -> set[str]:
        names = {self.field} if self.field else set()
        for color in (self.color, *self.choices.values()):
            if color:
                names.update(fields_of(color))
        return names


class Condition(NamedTuple):
    """Show a box only when a field holds one of some values (or, with none given, is
    not empty)."""

    field: str
    values: tuple[str, ...] = ()
    negate: bool = False

    def holds(self, record: Mapping[str, str]) -> bool:
        value = record.get(self.field, "")
        found = value in self.values if self.values else bool(value.strip())
        return found != self.negate


class Box(NamedTuple):
    name: str
    kind: str
    x: float  # points from the trim's left edge
    y: float  # points from the trim's top edge, down
    w: float
    h: float
    content: str = ""  # a template with {fields}; a shape's kind for shapes
    rotation: float = 0.0  # degrees, anticlockwise, about the box's centre
    padding: float = 0.0
    radius: float = 0.0
    fill: Paint | None = None
    stroke: Paint | None = None
    stroke_width: float = 0.0
    color: Paint | None = None  # text and icons
    font: str = "body"  # a name in the layout's [fonts]
    size: float = 9.0
    min_size: float = 6.0
    leading: float = 1.2  # line height as a multiple of the size
    align: str = "center"  # left, center, right
    valign: str = "middle"  # top, middle, bottom
    fit: str = "contain"  # pictures: contain (whole) or cover (fill, cropped)
    when: Condition | None = None
    bleed: bool = False  # a shape or picture touching the trim runs on into the bleed
    no_widow: bool = False  # text: the last two words kept on one line
    ink_saver: str = "print"  # print, skip (not in the ink saver) or only (only in it)
    edge: Paint | None = None  # a vignette's edge colour
    module: float = 0.0  # a QR code's module; then every code of the deck has one size
    optional: bool = False  # a QR code drawn only when the command asks for codes (--qr)
    beside: str = ""  # marks: start right of this QR box's code, when it is drawn
    badges: str = ""  # marks: "|"-separated labels, each may start with an :icon:
    shade: Paint | None = None  # marks: the copies behind an "all-" target
    tag_fill: Paint | None = None  # marks: a badge without an icon (default: fill)
    on_fill: Paint | None = None  # marks: a badge's label and icon

    @property
    def paints(self) -> tuple[Paint, ...]:
        paints = (self.fill, self.stroke, self.color, self.edge, self.shade)
        return tuple(p for p in (*paints, self.tag_fill, self.on_fill) if p is not None)

    @property
    def fields(self) -> set[str]:
        names = set(fields_of(self.content)) if self.kind != "shape" else set()
        names.update(fields_of(self.badges))
        for paint in self.paints:
            names.update(paint.fields)
        if self.when is not None:
            names.add(self.when.field)
        return names


#: A face's place in its family: (bold, italic).
STYLES = {"regular": (0, 0), "bold": (1, 0), "italic": (0, 1), "bold_italic": (1, 1)}


class FontFace(NamedTuple):
    """One face of a layout's font: its bytes (from a file, a font package or the
    system's fonts), or one of printkit's own faces, registered by name (``own``)."""

    source: str  # the file or the family and face, for messages
    data: bytes = b""
    own: str = ""  # printkit's name for one of its own faces


class Typeface(NamedTuple):
    """A font a layout names: its regular face and, where it has them, its bold, italic
    and bold italic (by STYLES' places); **bold** in a text needs the bold face."""

    name: str  # as the layout names it
    source: str  # the family or the file, for messages
    faces: Mapping[tuple[int, int], FontFace]


class Layout(NamedTuple):
    source: str  # the file, as messages name it
    width: float  # the card it is drawn for, in points
    height: float
    boxes: tuple[Box, ...]
    fonts: Mapping[str, Typeface]
    fallback: str | None = None  # a font name for characters the box's font lacks
    scale: float = 1.0  # drawn for another card size: how much smaller or larger

    @property
    def fields(self) -> set[str]:
        return set().union(*(box.fields for box in self.boxes)) if self.boxes else set()


class PrintCard(NamedTuple):
    """One card as it is printed: the fields its layouts read, and which layouts draw its
    two sides."""

    number: int  # 1-based, in deck order, copies expanded (0: a spare, not of the deck)
    row: str  # where it came from, as messages name it: "cards.csv, line 4", "card 7D"
    values: Mapping[str, str]  # the fields its layouts read
    back: str  # its back's layout, a key of CardSet.layouts ("": it has none)
    too_long: str = ""  # what to do when its text does not fit, if not the layout's advice
    front: str = ""  # its front's layout, a key of CardSet.layouts ("": the deck's front)
    kind: str = "card"  # card; blank (a house rule's); aid, aid-back (CardSet.aid's sides)
    stem: str = ""  # its image's name in a shop's upload (2S-spook); else from its name
    symbol: str = ""  # the playing card it also is (7♦), if any
    about: str = ""  # what it does, in a line, for a virtual table

    @property
    def name(self) -> str:
        return self.values.get("name", "") or f"card {self.number}"

    @property
    def label(self) -> str:
        """Its name as a virtual table shows it: Syphon (7♦)."""
        return f"{self.name} ({self.symbol})" if self.symbol else self.name


class PlayerAid(NamedTuple):
    """A player aid: its text, and the card it is printed on (the deck's ground and
    frame, as a layout of CardSet.layouts and its fields)."""

    text: Aid
    card: PrintCard


class CardSet(NamedTuple):
    """Every deck as printkit prints it, whatever it was read from (a catalogue deck with
    its look, a designed deck's layouts and card file): its cards, the layouts that draw
    them, their pictures, and a catalogue deck's player aid and blank card. Every target
    (sheets, proofs, shop images, virtual tables, cutters) draws from this value alone;
    everything in it was read and checked before."""

    id: str
    name: str
    game: str
    description: str
    source: str  # the file the deck is named in, as messages name it
    cards: Sequence[PrintCard]  # a tuple, or made as they are asked for
    front: Layout  # the front of every card that names no other
    layouts: Mapping[str, Layout]  # the other layouts, by the keys its cards give
    pictures: Mapping[str, Picture]  # by the name a card or box gives
    icons: Mapping[str, Picture]  # the deck's own icons, :name: in rich text
    art: ArtLibrary  # printkit's icons (pips, targets, marks); a catalogue deck's art
    aid: PlayerAid | None = None  # printed after the cards, one per player
    blank: PrintCard | None = None  # a card for house rules, filling a sheet's spare slots
    colors: Mapping[str, str] = MappingProxyType({})  # the deck's palette (a catalogue's)
    deck: Deck | None = None  # the catalogue deck it was read from: its rules and pages
    images: str = ""  # the folder (or list) of card images its faces are, as shown to players

    @property
    def card_size(self) -> tuple[float, float]:
        return self.front.width, self.front.height

    def layout(self, key: str) -> Layout | None:
        """The layout a card's side names: "" is the deck's front."""
        return self.front if not key else self.layouts.get(key)

    def back_key(self, card: PrintCard) -> str:
        """Which back ``card`` has, as backs are told apart: its layout and the values of
        the fields it reads (a back with a picture column is a back per card); ""
        for none."""
        layout = self.layouts.get(card.back)
        if layout is None:
            return ""
        used = sorted((field, card.values.get(field, "")) for field in layout.fields)
        return card.back + repr(used)


def sheet_slots(cards: CardSet, aids: int, per_sheet: int, backs: bool) -> Sequence[PrintCard]:
    """What fills a sheet's slots, in order: the deck's cards, ``aids`` player aids (each
    an aid with its back, or on sheets without backs its two sides side by side, to
    glue back to back), then blank cards for house rules until the last sheet is full."""
    extra: list[PrintCard] = []
    if cards.aid is not None:
        aid = cards.aid.card
        for _ in range(aids):
            extra.extend([aid] if backs else [aid, aid._replace(kind="aid-back")])
    if cards.blank is not None:
        extra.extend([cards.blank] * (-(len(cards.cards) + len(extra)) % per_sheet))
    return Slots(cards.cards, tuple(extra))


class Slots(Sequence):
    """A deck's cards and what follows them on its sheets, as one sequence: the cards
    are not copied (a deck may make each as it is asked for)."""

    def __init__(self, cards: Sequence[PrintCard], extra: tuple[PrintCard, ...]):
        self._cards, self._extra = cards, extra

    def __len__(self) -> int:
        return len(self._cards) + len(self._extra)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        count = len(self._cards)
        return self._cards[index] if index < count else self._extra[index - count]


class Look(NamedTuple):
    """The layouts a catalogue deck prints with (data/layouts/NAME/): the card every face
    shares (ground and frame, under the player aids too), the front, the back and the
    blank house-rule card."""

    name: str
    card: Layout
    front: Layout
    back: Layout
    blank: Layout

    @property
    def layouts(self) -> tuple[Layout, ...]:
        return (self.card, self.front, self.back, self.blank)
