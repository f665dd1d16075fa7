"""Decks for virtual tables: grid images of the card faces, the backs, and for Tabletop
Simulator a saved object that loads them.

The faces are the single-card pages (``cards.card_pages``) rasterised, so a table
shows the same design as the print sheets. Cards are trimmed (no bleed): a screen needs
none. Cards that share a back are one group; a group becomes one or more grid images
and one ``CustomDeck`` entry each.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from typing import NamedTuple

from ..layout.tabletop import GridSheet, card_pixels, plan_grid
from ..values.design import CardSet
from ..values.names import layout_label
from ..words import say
from .cards import card_pages
from .pages import rgb

__all__ = ["tabletop_files"]
#: Player aids put on the table: one for each of four players, as the print sheets do.
AID_COPIES = 4


class _Group(NamedTuple):
    """Cards that share a back, or (``backs``) cards that each have their own: their
    images, names and where their files go."""

    prefix: str  # the face sheets' names: <prefix>-1.png ...
    back_file: str  # the back's image, or with ``backs`` the back sheets' prefix
    faces: list[int]  # each card's page
    back: int | None  # the back's page (None: a blank), or the hidden card's with ``backs``
    names: list[tuple[str, str]]  # (nickname, description) of each card
    numbers: list[str]  # each card's number in the deck, for cards.csv ("" for none)
    copies: int = 1  # how many of each the table gets
    backs: list[int | None] | None = None  # each card's own back's page, laid out as the faces

    def back_sheet(self, number: int) -> str:
        """The file a card of face sheet ``number`` takes its back from."""
        return f"{self.back_file}-{number}.png" if self.backs is not None else self.back_file


def tabletop_files(
    cards: CardSet, table: str, url: Callable[[str], str], qr: bool | None = None
) -> Iterator[tuple[str, bytes]]:
    """(file name, bytes): the face sheets, the backs, and the table's index of the cards
    (``<deck>.json`` for Tabletop Simulator, ``cards.csv`` for a plain grid), each sheet
    made from its cards' pages as it is written; ``url`` turns a file name into the
    address the table loads it from. One group of cards for each back; when a back
    reads each card's own fields, one group whose back sheets give every card its own
    back (Tabletop Simulator's UniqueBack). A deck's player aid is a deck of its own."""
    pages = card_pages(cards, qr=qr, bleed=0, aid=True)
    images = _Pages(pages.pdf, card_pixels(*cards.card_size))
    count = len(cards.cards)
    layouts: dict[str, set] = {}
    for card, back in zip(cards.cards, pages.backs, strict=True):
        layouts.setdefault(card.back, set()).add(back)

    def page_of(back: int | None) -> int | None:
        return None if back is None else count + back

    def group(prefix: str, back_file: str, mine: list[int], back, backs=None) -> _Group:
        shown = [cards.cards[i] for i in mine]
        return _Group(
            prefix, back_file, mine, back, [(card.label, card.about) for card in shown],
            [str(card.number) for card in shown], backs=backs,
        )  # fmt: skip

    if any(len(backs) > 1 for backs in layouts.values()):  # a back for every card
        backs = [page_of(back) for back in pages.backs]
        groups = [group("faces", "backs", list(range(count)), backs[0], backs)]
    else:
        groups = []
        used: set[str] = set()
        for number, (key, (back,)) in enumerate(layouts.items(), start=1):
            label = layout_label(key) if len(layouts) > 1 else ""
            if label in used:  # back-spell.toml and back_spell.toml: one word, two backs
                label = f"{label or 'back'}-{number}"
            used.add(label)
            slug = f"-{label}" if label else ""
            mine = [i for i in range(count) if cards.cards[i].back == key]
            groups.append(group(f"faces{slug}", f"back{slug}.png", mine, page_of(back)))
    objects = [(cards.name, groups)]
    if pages.aid is not None:  # the player aid has its own back: a deck of its own
        aid = _Group(
            "aid", "aid-back.png", [pages.aid], pages.aid + 1,
            [(say("print.table-aid", deck=cards.name), "")], [""], AID_COPIES,
        )  # fmt: skip
        objects.append((say("print.table-aids", deck=cards.name), [aid]))
    return _files(cards.id, cards.name, objects, table, url, images)


def _files(deck_id: str, title: str, objects, table: str, url, pages) -> Iterator:
    hidden = table == "tts"  # Tabletop Simulator shows the last slot for a hidden card
    placed = []  # (object title, [(group, [(file, sheet)])])
    for object_title, groups in objects:
        laid = []
        for group in groups:
            if group.backs is None:
                yield group.back_file, _png(pages.image(group.back))
            sheets = []
            for number, sheet in enumerate(plan_grid(len(group.faces), hidden), start=1):
                name = f"{group.prefix}-{number}.png"
                yield name, _png(_sheet(group.faces, group.back, sheet, pages))
                if group.backs is not None:
                    backs = _sheet(group.backs, group.back, sheet, pages)
                    yield group.back_sheet(number), _png(backs)
                sheets.append((name, sheet))
            laid.append((group, sheets))
        placed.append((object_title, laid))
    pages.close()
    if table == "tts":
        yield f"{deck_id}.json", _saved_object(title, placed, url)
    else:
        yield "cards.csv", _index(placed)


class _Pages:
    """A single-card PDF's pages as RGB images of exactly ``size`` pixels, each rendered
    when a sheet needs it (a few kept, for the back that every sheet shows)."""

    def __init__(self, pdf: bytes, size: tuple[int, int]):
        import pypdfium2 as pdfium

        self.document, self.size = pdfium.PdfDocument(pdf), size
        self._kept: dict[int | None, object] = {}

    def image(self, index: int | None):
        if index in self._kept:
            return self._kept[index]
        from PIL import Image

        if index is None:
            image = Image.new("RGB", self.size, "#ffffff")
        else:
            page = self.document[index]
            scale = self.size[0] / page.get_width()
            image = rgb(page, scale)
            if image.size != self.size:  # pdfium rounds each side on its own
                image = image.resize(self.size, Image.Resampling.LANCZOS)
        if len(self._kept) >= 8:
            self._kept.pop(next(iter(self._kept)))
        self._kept[index] = image
        return image

    def close(self) -> None:
        self._kept.clear()
        self.document.close()


def _sheet(cards: list[int | None], back: int | None, sheet: GridSheet, pages: _Pages):
    from PIL import Image

    width, height = pages.size
    image = Image.new("RGB", (sheet.columns * width, sheet.rows * height), "#000000")
    for slot, card in enumerate(cards[sheet.first : sheet.first + sheet.count]):
        row, column = divmod(slot, sheet.columns)
        image.paste(pages.image(card), (column * width, row * height))
    if sheet.hidden:  # the last slot: what the table shows for a hidden card
        row, column = divmod(sheet.slots - 1, sheet.columns)
        image.paste(pages.image(back), (column * width, row * height))
    return image


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def _saved_object(title: str, placed, url: Callable[[str], str]) -> bytes:
    """A Tabletop Simulator saved object: each deck ready to drop on the table from
    Objects > Saved Objects. Card IDs are the CustomDeck's number x 100 + the slot."""
    decks = []
    number = 0
    for object_title, laid in placed:
        custom, contained, ids = {}, [], []
        for group, sheets in laid:
            for sheet_number, (face, sheet) in enumerate(sheets, start=1):
                number += 1
                custom[str(number)] = {
                    "FaceURL": url(face),
                    "BackURL": url(group.back_sheet(sheet_number)),
                    "NumWidth": sheet.columns,
                    "NumHeight": sheet.rows,
                    "BackIsHidden": True,
                    "UniqueBack": group.backs is not None,
                    "Type": 0,
                }
                for slot in range(sheet.count):
                    nickname, description = group.names[sheet.first + slot]
                    for _ in range(group.copies):
                        ids.append(number * 100 + slot)
                        contained.append(
                            {
                                "Name": "Card",
                                "Transform": _transform(),
                                "Nickname": nickname,
                                "Description": description,
                                "CardID": number * 100 + slot,
                                "CustomDeck": {str(number): custom[str(number)]},
                            }
                        )
        decks.append(
            {
                "Name": "DeckCustom",
                "Transform": _transform(x=3.0 * len(decks)),
                "Nickname": object_title,
                "Description": say("print.table-described", count=len(ids)),
                "DeckIDs": ids,
                "CustomDeck": custom,
                "ContainedObjects": contained,
            }
        )
    saved = {"SaveName": title, "ObjectStates": decks}
    return (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet shows as text: a value that begins like a formula
    (=, +, -, @, a tab) would run as one when the file is opened, so it gets a quote."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _transform(x: float = 0.0) -> dict[str, float]:
    """Face down on the table, the right way round."""
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def _index(placed) -> bytes:
    """Which card is in which slot of which image, for tables that take a plain grid."""
    import csv

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["image", "row", "column", "number", "card", "back"])
    for _title, laid in placed:
        for group, sheets in laid:
            for sheet_number, (face, sheet) in enumerate(sheets, start=1):
                for slot in range(sheet.count):
                    row, column = divmod(slot, sheet.columns)
                    nickname = group.names[sheet.first + slot][0]
                    label = say("print.table-aid-label") if group.prefix == "aid" else nickname
                    writer.writerow(
                        [face, row + 1, column + 1, group.numbers[sheet.first + slot],
                         _cell(label), group.back_sheet(sheet_number)]
                    )  # fmt: skip
    return buffer.getvalue().encode("utf-8")
