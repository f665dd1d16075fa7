"""Decks for virtual tables and cutting machines, checked on the images and files written."""

from __future__ import annotations

import io
import json
from urllib.parse import urlparse

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from printkit.layout.tabletop import MAX_PIXELS, card_pixels, plan_grid
from printkit.output.commit import RECORD
from printkit.units import inch


@given(count=st.integers(min_value=1, max_value=700), hidden=st.booleans())
def test_the_grid_plan_holds_every_card_once_within_tabletop_simulators_limits(count, hidden):
    sheets = plan_grid(count, hidden)
    placed = [i for s in sheets for i in range(s.first, s.first + s.count)]
    assert placed == list(range(count))
    per_sheet = 69 if hidden else 70
    assert len(sheets) == -(-count // per_sheet)
    for sheet in sheets:
        assert 2 <= sheet.columns <= 10 and 2 <= sheet.rows <= 7
        assert sheet.count + (1 if hidden else 0) <= sheet.slots
        # No row is wasted: one row fewer would not hold the cards (and the hidden slot).
        assert sheet.rows == 2 or sheet.columns * (sheet.rows - 1) < sheet.count + hidden


def test_a_poker_card_is_as_large_as_a_full_sheet_allows():
    w, h = card_pixels(2.5 * inch, 3.5 * inch)
    assert (w, h) == (409, 573)
    assert 10 * w <= MAX_PIXELS and 7 * h <= MAX_PIXELS
    assert abs(h / w - 1.4) < 0.01


def _export(cli, tmp_path, *args):
    result = cli("export", *args, "-o", str(tmp_path))
    assert result.status == 0, result.err
    return {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != RECORD}


def test_tabletop_simulator_sheets_and_saved_object(cli, tmp_path):
    files = _export(cli, tmp_path, "--for", "tts")
    assert {"faces-1.png", "back.png", "aid-1.png", "aid-back.png", "dead-mens-deck.json"} == set(
        files
    )
    saved = json.loads(files["dead-mens-deck.json"])
    deck, aids = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and len(deck["DeckIDs"]) == 52
    custom = deck["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (10, 6)  # 52 cards and the hidden one
    assert custom["BackIsHidden"] is True
    assert deck["DeckIDs"] == list(range(100, 152))
    # Every address is a local file that exists, and loads the image it names.
    for key in ("FaceURL", "BackURL"):
        url = urlparse(custom[key])
        assert url.scheme == "file"
        assert (tmp_path / url.path.rsplit("/", 1)[-1]).is_file()
    faces = Image.open(io.BytesIO(files["faces-1.png"]))
    assert faces.size == (10 * 409, 6 * 573) and faces.mode == "RGB"
    assert max(faces.size) <= 4096
    back = Image.open(io.BytesIO(files["back.png"]))
    assert back.size == (409, 573)
    # The last slot holds the back: the card Tabletop Simulator shows when one is hidden.
    hidden = faces.crop((9 * 409, 5 * 573, 10 * 409, 6 * 573))
    assert hidden.tobytes() == back.tobytes()
    # Each card is named as the catalogue names it, with its playing card.
    first = deck["ContainedObjects"][0]
    assert first["Nickname"] == "Spook! (2♠)" and first["CardID"] == 100
    assert aids["Nickname"].endswith("player aids") and len(aids["DeckIDs"]) == 4
    assert aids["CustomDeck"]["2"]["BackURL"].endswith("aid-back.png")


def test_a_deck_larger_than_a_sheet_spreads_over_several(tmp_path):
    from printkit.load.catalogue import load_deck
    from printkit.render.tabletop import tabletop_files

    from .printed import printed

    deck = load_deck("simplified-bang")
    files = dict(tabletop_files(printed(deck), "tts", lambda name: f"https://x.test/{name}"))
    saved = json.loads(files[f"{deck.id}.json"])
    cards = saved["ObjectStates"][0]
    sheets = plan_grid(len(deck.cards), True)
    assert len(cards["CustomDeck"]) == len(sheets) == sum(n.startswith("faces") for n in files)
    ids = cards["DeckIDs"]
    assert len(ids) == len(deck.cards)
    for number, sheet in enumerate(sheets, start=1):
        image = Image.open(io.BytesIO(files[f"faces-{number}.png"]))
        assert image.size == (sheet.columns * 409, sheet.rows * 573)
        entry = cards["CustomDeck"][str(number)]
        assert (entry["NumWidth"], entry["NumHeight"]) == (sheet.columns, sheet.rows)
        assert entry["FaceURL"] == f"https://x.test/faces-{number}.png"
        assert [i for i in ids if i // 100 == number] == [
            number * 100 + slot for slot in range(sheet.count)
        ]


def test_tts_with_a_web_address(cli, tmp_path):
    files = _export(cli, tmp_path, "--for", "tts", "--url", "https://example.org/dmd/")
    custom = json.loads(files["dead-mens-deck.json"])["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["FaceURL"] == "https://example.org/dmd/faces-1.png"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--for", "tts", "--url", "ftp://x"], "https://"),
        (["--for", "grid", "--url", "https://x"], "--url is for --for tts"),
        (["--for", "tts", "--dpi", "150"], "--dpi is for the shops"),
    ],
)
def test_options_that_do_not_apply_are_one_clear_line(cli, tmp_path, args, message):
    result = cli("export", *args, "-o", str(tmp_path))
    assert result.status == 2
    assert message in result.err and "Traceback" not in result.err


def test_a_plain_grid_uses_every_slot_and_says_which_card_is_where(cli, tmp_path):
    files = _export(cli, tmp_path, "--for", "grid")
    faces = Image.open(io.BytesIO(files["faces-1.png"]))
    assert faces.size == (10 * 409, 6 * 573)
    rows = files["cards.csv"].decode().splitlines()
    assert rows[0] == "image,row,column,number,card,back"
    assert rows[1] == "faces-1.png,1,1,1,Spook! (2♠),back.png"
    assert len(rows) == 1 + 52 + 1  # the cards and the aid


def test_cricut_images_are_transparent_outside_the_cards(cli, tmp_path):
    from printkit.layout.impose import slot_rects
    from printkit.load.templates import load_template

    files = _export(cli, tmp_path, "--for", "cricut")
    t = load_template("cricut-print-then-cut")
    sheets = sorted(n for n in files if n.endswith(".png"))
    assert len(sheets) == -(-(52 + 8) // t.per_sheet)  # 4 aids glued back to back: 8 faces
    image = Image.open(io.BytesIO(files[sheets[0]]))
    assert image.mode == "RGBA" and image.size == (round(6.75 * 300), round(9.25 * 300))
    scale = 300 / 72
    alpha = image.getchannel("A")
    for r in slot_rects(t):
        middle = (round((r.x + r.w / 2) * scale), round((t.paper_height - r.y - r.h / 2) * scale))
        assert alpha.getpixel(middle) == 255
        corner = (round(r.x * scale) + 1, round((t.paper_height - r.top) * scale) + 1)
        assert alpha.getpixel(corner) == 0  # the rounded corner is cut away
        gap = (round(r.x * scale) - 10, middle[1])
        assert alpha.getpixel(gap) == 0
    assert "dead-mens-deck-cut.svg" in files
