"""Decks for virtual tables: grid images of the card faces, the back, and for Tabletop
Simulator a saved object that loads them.

The faces are the single-card pages (``cards.card_pages``) rasterised, so a table shows
the same design as the print sheets. Cards are trimmed (no bleed): a screen needs none.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable

from ..layout.tabletop import GridSheet, card_pixels, plan_grid
from ..model import Deck
from ..pictures import ArtLibrary
from ..shops import TABLES
from ..units import inch
from .cards import card_pages

__all__ = ["tabletop_files"]

_POKER = (2.5 * inch, 3.5 * inch)
#: Player aids put on the table: one for each of four players, as the print sheets do.
AID_COPIES = 4


def tabletop_files(
    deck: Deck, art: ArtLibrary, table: str, url: Callable[[str], str], qr: bool = True
) -> dict[str, bytes]:
    """{file name: bytes}: the face sheets, the back, and the table's index of the cards
    (``<deck>.json`` for Tabletop Simulator, ``cards.csv`` for a plain grid). ``url``
    turns a file name into the address the table loads it from."""
    hidden = TABLES[table]
    width, height = card_pixels(*_POKER)
    with_aid = deck.aid is not None
    pdf = card_pages(deck, *_POKER, art, qr=qr, bleed=0, aid=with_aid)
    images = _rasterise(pdf, (width, height))
    faces, back = images[: len(deck.cards)], images[len(deck.cards)]
    files: dict[str, bytes] = {"back.png": _png(back)}
    groups = [("faces", faces, back, plan_grid(len(faces), hidden))]
    if with_aid:  # the player aid has its own back: a deck of its own
        aid_front, aid_back = images[-2], images[-1]
        files["aid-back.png"] = _png(aid_back)
        groups.append(("aid", [aid_front], aid_back, plan_grid(1, hidden)))
    sheets: list[tuple[str, str, GridSheet]] = []
    for prefix, cards, card_back, plan in groups:
        for number, sheet in enumerate(plan, start=1):
            name = f"{prefix}-{number}.png"
            files[name] = _png(_sheet(cards, card_back, sheet, (width, height)))
            sheets.append((name, "aid-back.png" if prefix == "aid" else "back.png", sheet))
    if table == "tts":
        files[f"{deck.id}.json"] = _saved_object(deck, sheets, url)
    else:
        files["cards.csv"] = _index(deck, sheets)
    return files


def _rasterise(pdf: bytes, size: tuple[int, int]) -> list:
    """Every page as an RGB image of exactly ``size`` pixels."""
    import pypdfium2 as pdfium
    from PIL import Image

    document = pdfium.PdfDocument(pdf)
    images = []
    for page in document:
        scale = size[0] / page.get_width()
        image = page.render(scale=scale).to_pil().convert("RGB")
        if image.size != size:  # pdfium rounds each side on its own
            image = image.resize(size, Image.Resampling.LANCZOS)
        images.append(image)
    document.close()
    return images


def _sheet(cards: list, back, sheet: GridSheet, size: tuple[int, int]):
    from PIL import Image

    width, height = size
    image = Image.new("RGB", (sheet.columns * width, sheet.rows * height), "#000000")
    for slot, card in enumerate(cards[sheet.first : sheet.first + sheet.count]):
        row, column = divmod(slot, sheet.columns)
        image.paste(card, (column * width, row * height))
    if sheet.hidden:  # the last slot: what the table shows for a hidden card
        row, column = divmod(sheet.slots - 1, sheet.columns)
        image.paste(back, (column * width, row * height))
    return image


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def _card_names(deck: Deck) -> list[tuple[str, str]]:
    """(nickname, description) of every card, in deck order."""
    out = []
    for card in deck.cards:
        name = card.effect.name
        if card.playing_card is not None:
            name = f"{name} ({card.playing_card.symbol})"
        out.append((name, card.effect.summary or card.effect.text))
    return out


def _saved_object(
    deck: Deck, sheets: list[tuple[str, str, GridSheet]], url: Callable[[str], str]
) -> bytes:
    """A Tabletop Simulator saved object: the deck (and its player aid) ready to drop on
    the table from Objects > Saved Objects."""
    names = _card_names(deck)
    decks = []
    number = 0
    for prefix in ("faces", "aid"):
        mine = [(face, back, sheet) for face, back, sheet in sheets if face.startswith(prefix)]
        if not mine:
            continue
        custom, contained, ids = {}, [], []
        for face, back, sheet in mine:
            number += 1
            custom[str(number)] = {
                "FaceURL": url(face),
                "BackURL": url(back),
                "NumWidth": sheet.columns,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            for slot in range(sheet.count):
                card_id = number * 100 + slot
                if prefix == "aid":  # one aid a player: the same image, AID_COPIES times
                    nickname, description = f"{deck.name}: player aid", ""
                    copies = AID_COPIES
                else:
                    nickname, description = names[sheet.first + slot]
                    copies = 1
                for _ in range(copies):
                    ids.append(card_id)
                    contained.append(
                        {
                            "Name": "Card",
                            "Transform": _transform(),
                            "Nickname": nickname,
                            "Description": description,
                            "CardID": card_id,
                            "CustomDeck": {str(number): custom[str(number)]},
                        }
                    )
        title = deck.name if prefix == "faces" else f"{deck.name}: player aids"
        decks.append(
            {
                "Name": "DeckCustom",
                "Transform": _transform(x=3.0 * len(decks)),
                "Nickname": title,
                "Description": f"{len(ids)} cards, made by printkit",
                "DeckIDs": ids,
                "CustomDeck": custom,
                "ContainedObjects": contained,
            }
        )
    saved = {"SaveName": deck.name, "ObjectStates": decks}
    return (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


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


def _index(deck: Deck, sheets: list[tuple[str, str, GridSheet]]) -> bytes:
    """Which card is in which slot of which image, for tables that take a plain grid."""
    import csv

    names = _card_names(deck)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["image", "row", "column", "number", "card", "back"])
    for face, back, sheet in sheets:
        for slot in range(sheet.count):
            row, column = divmod(slot, sheet.columns)
            if face.startswith("aid"):
                label = "player aid"
                numbered = ""
            else:
                label = names[sheet.first + slot][0]
                numbered = str(deck.cards[sheet.first + slot].number)
            writer.writerow([face, row + 1, column + 1, numbered, label, back])
    return buffer.getvalue().encode("utf-8")
