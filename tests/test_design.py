"""Designed decks: layouts as data, cards with any fields from CSV, TOML or a
spreadsheet, backs per deck, per type or per card, and the designer's workflow
(printkit new, build --deck-dir, --watch)."""

from __future__ import annotations

import io
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from printkit.errors import PrintkitError
from printkit.load.datafile import without_invisibles
from printkit.load.design import load_design
from printkit.load.rows import read_rows
from printkit.load.templates import load_template
from printkit.output.commit import RECORD
from printkit.render.cards import card_pages
from printkit.render.sheets import card_sheets
from printkit.targets.scaffold import scaffold
from printkit.values.design import fields_of, fill_in
from printkit.values.settings import Settings

from .pdfcheck import drawn_forms, reader
from .test_golden import GOLDEN, differing_tiles

EVERY_BOX = """\
description = "A layout with every kind of box"
extends = "front.toml"

[box.seal]
shape = "line"
x = "6mm"
y = "53.5mm"
width = "51.5mm"
height = "0mm"
stroke = "#8a3b1c"
stroke_width = "0.5mm"

[box.corner]
index = "{card}"
when = { field = "card" }
font = "title"
size = "11pt"
x = "51mm"
y = "72mm"
width = "5mm"
height = "10mm"

[box.code]
qr = "{name}: {text}"
x = "7mm"
y = "74mm"
width = "10mm"
height = "10mm"

[box.aim]
marks = "all-living"
badges = ":reaction: QUICK"
x = "4mm"
y = "16mm"
width = "16mm"
height = "24mm"
size = "6pt"
color = "#3b2a1a"
shade = "#b59a74"
fill = "#5b2e6e"
on_fill = "#ffffff"

[box.kind-title]
title = "{type}"
x = "47mm"
y = "16mm"
width = "13mm"
height = "8mm"
font = "title"
size = "9pt"
min_size = "6pt"
color = "#5b2e6e"

[box.stamp]
text = "NEW"
font = "title"
size = "7pt"
rotation = 30
x = "40mm"
y = "40mm"
width = "14mm"
height = "6mm"
color = "#b3261e"
"""


def make_deck(folder: Path, front: str = "front.toml", extra_cards: str = "") -> Path:
    """The deck printkit new writes, with a layout that adds every other kind of box."""
    for relative, text in scaffold("Potions").items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    (folder / "every-box.toml").write_text(EVERY_BOX, encoding="utf-8")
    cards = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    cards[0] += ",card"
    cards[1:] = [
        line + f",{code}" for line, code in zip(cards[1:], ["7D", "KS", "", "AH"], strict=True)
    ]
    (folder / "cards.csv").write_text("\n".join(cards) + "\n" + extra_cards, encoding="utf-8")
    deck = (folder / "deck.toml").read_text(encoding="utf-8")
    (folder / "deck.toml").write_text(deck.replace('front = "front.toml"', f'front = "{front}"'))
    return folder


@pytest.fixture
def potions(tmp_path):
    return make_deck(tmp_path / "potions", "every-box.toml")


def test_printkit_new_writes_a_deck_that_builds(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("new", "potions")
    assert result.status == 0, result.err
    assert "printkit build --deck-dir potions" in result.out
    result = cli("build", "--deck-dir", "potions", "--template", "letter-3x3", "--out", "out")
    assert result.status == 0, result.err
    names = {p.name for p in (tmp_path / "out").iterdir() if p.name != RECORD}
    assert {"potions.pdf", "potions-proof-1.png", "calibration.pdf", "print-guide.pdf"} <= names
    sheets = reader((tmp_path / "out" / "potions.pdf").read_bytes())
    assert len(sheets.pages) == 2  # 8 cards on one sheet, and its backs
    assert "Healing Draught" in sheets.pages[0].extract_text()
    # A folder that is not empty is left alone.
    assert cli("new", "potions").status == 2


def test_a_layout_with_every_kind_of_box_matches_its_reference(potions, request):
    deck = load_design(potions)
    pdf = card_pages(deck).pdf
    document = __import__("pypdfium2").PdfDocument(pdf)
    image = document[0].render(scale=100 / 72).to_pil().convert("RGB")
    document.close()
    golden = GOLDEN / "design-every-box.png"
    if request.config.getoption("--update-golden"):
        image.save(golden, optimize=True)
    reference = Image.open(golden).convert("RGB")
    assert reference.size == image.size
    assert not differing_tiles(reference, image)


def test_the_sheets_put_every_back_behind_its_front_and_backs_follow_the_type(potions):
    (potions / "back-spell.toml").write_text(
        (potions / "back.toml").read_text().replace("#2e2235", "#13324a"), encoding="utf-8"
    )
    deck_toml = potions / "deck.toml"
    deck_toml.write_text(
        deck_toml.read_text() + '\n[backs]\nfield = "type"\nspell = "back-spell.toml"\n'
    )
    deck = load_design(potions)
    assert [c.back for c in deck.cards] == ["back.toml"] * 5 + ["back-spell.toml"] * 3
    t = load_template("letter-3x3")
    pdf = reader(card_sheets(deck, t, Settings())[""])
    fronts, backs = drawn_forms(pdf, 0), drawn_forms(pdf, 1)
    assert len(fronts) == len(backs) == 8
    for front, back in zip(fronts, backs, strict=True):
        assert abs((t.paper_width - back.x - back.w) - front.x) < 0.01 * 72 / 25.4
        assert abs(back.y - front.y) < 0.01 * 72 / 25.4
    names = [b.name for b in backs]  # a form for each back, the same for cards alike
    assert all(n.startswith("back-") for n in names) and len(set(names)) == 2
    assert names[:5] == [names[0]] * 5 and names[5:] == [names[5]] * 3


def test_only_the_fields_a_layout_uses_are_required(tmp_path):
    folder = make_deck(tmp_path / "d")
    (folder / "cards.csv").write_text("name,type,art,text,cost,flavour\nOne,potion,flask,Hi,,\n")
    deck = load_design(folder)  # no "count", no "card", no "note": the layout asks for none
    assert len(deck.cards) == 1


def _break(folder: Path, file: str, old: str, new: str) -> None:
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


ERRORS = [
    (
        "front.toml",
        'text = "{name}"',
        'text = "{title}"',
        ["front.toml", "[box.name]", "no field 'title'", "columns"],
    ),
    (
        "front.toml",
        'x = "49mm"\ny = "5mm"\nwidth = "10mm"',
        'x = "58mm"\ny = "5mm"\nwidth = "10mm"',
        ["front.toml", "[box.cost-coin]", "past the card’s right edge"],
    ),
    (
        "front.toml",
        'title = "Alfa Slab One"',
        'title = "No Such Font"',
        ["front.toml", "[fonts] title", "not installed"],
    ),
    (
        "front.toml",
        'font = "title"\nsize = "12pt"\nmin_size = "8pt"',
        'font = "display"\nsize = "12pt"\nmin_size = "8pt"',
        ["[box.name]", "no font 'display'"],
    ),
    (
        "front.toml",
        'shape = "ellipse"',
        'shape = "star"',
        ["[box.cost-coin]", "shape is rect, ellipse, line"],
    ),
    ("front.toml", 'fill = "#fbf6ea"', 'fill = "cream"', ["[box.panel]", "not a colour"]),
    ("front.toml", 'size = "7pt"', 'size = "4pt"', ["[box.kind]", "6 pt or more"]),
    (
        "cards.csv",
        "Healing Draught,3,",
        "Healing Draught,three,",
        ["cards.csv, line 2", "count", "whole number"],
    ),
    (
        "cards.csv",
        "Healing Draught,3,potion,2,flask",
        "Healing Draught,3,potion,2,../../etc/passwd",
        ["leaves the deck’s folder"],
    ),
    (
        "deck.toml",
        'cards = "cards.csv"',
        'cards = "cards.xls"',
        ["cards.xls", ".csv, .toml, .xlsx, .ods"],
    ),
    (
        "back.toml",
        'width = "63.5mm"\nheight = "88.9mm"',
        'width = "70mm"\nheight = "95mm"',
        ["back.toml", "drawn for 70 mm x 95 mm", "the front is 63.5 mm"],
    ),
    (
        "every-box.toml",
        'badges = ":reaction: QUICK"',
        'badges = ":reaction: QUICK"\nbeside = "code-box"',
        ["every-box.toml", "[box.aim]", "beside 'code-box' names no qr box"],
    ),
    (
        "every-box.toml",
        'qr = "{name}: {text}"',
        'qr = "{name}: {text}"\nmodule = "0.2mm"',
        ["every-box.toml", "[box.code]", "0.4mm or more"],
    ),
    (
        "every-box.toml",
        'text = "NEW"',
        'text = "NEW"\nink_saver = "sometimes"',
        ["[box.stamp]", "ink_saver is print, skip or only"],
    ),
    (
        "every-box.toml",
        'color = "#5b2e6e"\n\n[box.stamp]',
        'color = "{flavour}"\n\n[box.stamp]',
        ["cards.csv, line 2 (Healing Draught)", "[box.kind-title]", "is not a colour"],
    ),
    (
        "every-box.toml",
        'marks = "all-living"',
        'marks = "all-living wand"',
        ["every-box.toml [box.aim]", "no icon :wand:"],
    ),
]


@pytest.mark.parametrize("file, old, new, expect", ERRORS, ids=[e[3][-1] for e in ERRORS])
def test_every_design_error_is_one_line_naming_the_place(cli, tmp_path, file, old, new, expect):
    folder = make_deck(
        tmp_path / "d", "every-box.toml" if file == "every-box.toml" else "front.toml"
    )
    _break(folder, file, old, new)
    result = cli(
        "build", "--deck-dir", str(folder), "--template", "letter-3x3", "--out", str(tmp_path / "o")
    )
    assert result.status == 1, result.err
    line = result.err.strip()
    assert "\n" not in line and "Traceback" not in line
    for fragment in expect:
        assert fragment in line, (fragment, line)
    assert not (tmp_path / "o").exists()  # nothing written


def test_text_that_does_not_fit_names_the_card_and_the_box(cli, tmp_path):
    folder = make_deck(tmp_path / "d")
    _break(folder, "cards.csv", "Copy the card a rival played last.", "word " * 300)
    result = cli("build", "--deck-dir", str(folder), "--out", str(tmp_path / "o"))
    assert result.status == 1
    assert "cards.csv, line 4 (Mirror Spell)" in result.err and "[box.text]" in result.err
    assert "does not fit even at 6.5 pt" in result.err


def test_an_unknown_icon_is_named(cli, tmp_path):
    folder = make_deck(tmp_path / "d")
    _break(folder, "cards.csv", ":drop: at once", ":potion: at once")
    result = cli("build", "--deck-dir", str(folder), "--out", str(tmp_path / "o"))
    assert result.status == 1 and "no icon :potion:" in result.err and "drop" in result.err


def test_a_spreadsheet_gives_the_same_cards_and_names_sheet_row_and_cell(tmp_path):
    from openpyxl import Workbook

    folder = make_deck(tmp_path / "d")
    csv_deck = load_design(folder)
    rows = [line.split(",") for line in (folder / "cards.csv").read_text().splitlines()]
    import csv as csv_module

    rows = list(csv_module.reader(io.StringIO((folder / "cards.csv").read_text())))
    book = Workbook()
    book.active.title = "Notes"
    sheet = book.create_sheet("Cards")
    for row in rows:
        sheet.append([int(c) if c.isdigit() else (c or None) for c in row])
    book.save(folder / "cards.xlsx")
    _break(folder, "deck.toml", 'cards = "cards.csv"', 'cards = "cards.xlsx"\nsheet = "Cards"')
    xlsx_deck = load_design(folder)
    assert [c.values for c in xlsx_deck.cards] == [c.values for c in csv_deck.cards]
    assert xlsx_deck.cards[0].row.endswith("cards.xlsx, sheet Cards, row 2")
    sheet["B3"] = "lots"
    book.save(folder / "cards.xlsx")
    with pytest.raises(PrintkitError, match=r"sheet Cards, row 3 \(cell B3, column count\)"):
        load_design(folder)
    _break(folder, "deck.toml", '\nsheet = "Cards"', '\nsheet = "Deck"')
    with pytest.raises(PrintkitError, match="no sheet 'Deck'; its sheets are Notes, Cards"):
        load_design(folder)


def test_cards_from_toml(tmp_path):
    folder = make_deck(tmp_path / "d")
    (folder / "cards.toml").write_text(
        '[[card]]\nname = "Elixir"\ncount = 2\ntype = "potion"\ncost = 5\nart = "flask"\n'
        'text = "All of it."\nflavour = ""\ncard = "QH"\n'
    )
    _break(folder, "deck.toml", 'cards = "cards.csv"', 'cards = "cards.toml"')
    deck = load_design(folder)
    assert [c.values["cost"] for c in deck.cards] == ["5", "5"]


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=300))
def test_the_card_file_reader_gives_rows_or_one_clear_error(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("rows")
    path = folder / "cards.csv"
    path.write_text(text, encoding="utf-8")
    try:
        header, rows = read_rows(path, folder)
    except PrintkitError as exc:
        assert "\n" not in str(exc) and "cards.csv" in str(exc)
        return
    for row in rows:
        assert set(row.values) == set(header) and row.count >= 0


@given(value=st.text(max_size=40), name=st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True))
def test_fields_fill_in_and_braces_stay_braces(value, name):
    assert fill_in("{" + name + "}", {name: value}) == value
    assert fill_in("{{" + name + "}}", {name: value}) == "{" + name + "}"


def test_watch_rebuilds_on_save_and_reports_bad_data_without_stopping(tmp_path):
    folder = make_deck(tmp_path / "d")
    lines = (folder / "cards.csv").read_text().splitlines()
    body = [lines[1]] * 50  # a 50-card deck
    (folder / "cards.csv").write_text("\n".join([lines[0], *body]) + "\n")
    out = tmp_path / "o"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "printkit", "build", "--deck-dir", str(folder), "--out", str(out),
         "--template", "letter-3x3", "--watch"],
        stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    lines: queue.Queue = queue.Queue()
    # A reader thread: a silent watcher never blocks the test, which gives up after a limit.
    threading.Thread(target=lambda: [lines.put(x) for x in process.stderr], daemon=True).start()

    def wait_for(fragment: str, limit: float = 60.0) -> None:
        deadline = time.monotonic() + limit
        while (left := deadline - time.monotonic()) > 0:
            try:
                if fragment in lines.get(timeout=left):
                    return
            except queue.Empty:
                break
        raise AssertionError(f"no {fragment!r} within {limit} s")

    try:
        wait_for("watching")
        before = (out / "d-proof-1.png").read_bytes()
        (folder / "cards.csv").write_text(
            (folder / "cards.csv").read_text().replace("Healing", "Mending")
        )
        wait_for("built")
        assert (out / "d-proof-1.png").read_bytes() != before
        (folder / "cards.csv").write_text("name,count\nBroken,many\n")
        wait_for("printkit: error:")
        assert process.poll() is None  # still watching
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_designed_deck_goes_to_tabletop_simulator_with_a_back_for_each_type(cli, tmp_path):
    import json

    folder = make_deck(tmp_path / "d")
    (folder / "back-spell.toml").write_text((folder / "back.toml").read_text(), encoding="utf-8")
    deck_toml = folder / "deck.toml"
    deck_toml.write_text(
        deck_toml.read_text() + '\n[backs]\nfield = "type"\nspell = "back-spell.toml"\n'
    )
    out = tmp_path / "tts"
    result = cli("export", "--for", "tts", "--deck-dir", str(folder), "-o", str(out))
    assert result.status == 0, result.err
    saved = json.loads((out / "d.json").read_text())
    (deck,) = saved["ObjectStates"]
    assert len(deck["DeckIDs"]) == 8
    backs = {entry["BackURL"].rsplit("/", 1)[1] for entry in deck["CustomDeck"].values()}
    assert backs == {"back.png", "back-spell.png"}
    assert all((out / name).is_file() for name in backs)
    names = [card["Nickname"] for card in deck["ContainedObjects"]]
    assert names.count("Healing Draught") == 3 and "Sleep Charm" in names
    cricut = cli("export", "--for", "cricut", "--deck-dir", str(folder), "-o", str(tmp_path / "c"))
    assert cricut.status == 0, cricut.err
    assert {"d-sheet-01.png", "d-sheet-02.png", "d-cut.svg"} <= {
        p.name for p in (tmp_path / "c").iterdir() if p.name != RECORD
    }


def test_a_designed_deck_makes_shop_images_with_bleed(cli, tmp_path):
    folder = make_deck(tmp_path / "d")
    out = tmp_path / "mpc"
    result = cli("export", "--for", "mpc", "--deck-dir", str(folder), "-o", str(out))
    assert result.status == 0, result.err
    names = sorted(p.name for p in out.iterdir() if p.name != RECORD)
    assert names[0] == "01-healing-draught.png" and "back.png" in names and len(names) == 9
    image = Image.open(out / names[0])
    assert image.size == (822, 1122)  # MakePlayingCards' poker card with its bleed


@pytest.mark.parametrize("what", ["picture", "cards", "font"])
def test_a_strangers_deck_folder_cannot_reach_outside_or_block(cli, tmp_path, what):
    """Every file a designed deck names is read only inside its folder; a pipe is refused
    before it is opened (so it cannot block), and nothing is written."""
    folder = make_deck(tmp_path / "d")
    secret = tmp_path / "secret.svg"
    secret.write_text((folder / "art" / "flask.svg").read_text())
    if what == "picture":
        (folder / "art" / "flask.svg").unlink()
        (folder / "art" / "flask.svg").symlink_to(secret)
        expect = "leads outside its folder"
    elif what == "cards":
        (folder / "cards.csv").unlink()
        os.mkfifo(folder / "cards.csv")
        expect = "not a regular file"
    else:
        (tmp_path / "font.ttf").write_bytes(b"not a font")
        (folder / "fonts").mkdir()
        (folder / "fonts" / "hand.ttf").symlink_to(tmp_path / "font.ttf")
        _break(folder, "front.toml", 'body = "Zilla Slab"', 'body = { file = "fonts/hand.ttf" }')
        expect = "leads outside its folder"
    result = cli("build", "--deck-dir", str(folder), "--out", str(tmp_path / "o"))
    assert result.status == 1 and expect in result.err and "\n" not in result.err.strip()
    assert not (tmp_path / "o").exists()


def test_the_ink_saver_leaves_a_designed_decks_grounds_white(tmp_path):
    from printkit.preflight.ink import ink_coverage

    from .test_print_modes import INK_SAVER_SHARE

    deck = load_design(make_deck(tmp_path / "d"))
    t = load_template("letter-3x3")
    normal = card_sheets(deck, t, Settings())[""]
    saver = card_sheets(deck, t, Settings(ink_saver=True))[""]
    assert ink_coverage(saver).density <= INK_SAVER_SHARE * ink_coverage(normal).density
    first, second = reader(normal), reader(saver)
    for index in range(len(first.pages)):  # the same cards in the same places
        assert [(d.x, d.y) for d in drawn_forms(first, index)] == [
            (d.x, d.y) for d in drawn_forms(second, index)
        ]
    assert "Healing Draught" in second.pages[0].extract_text()


@settings(max_examples=25, deadline=None)
@given(
    name=st.text(
        st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=20
    ).filter(str.strip)
)
def test_printkit_new_takes_any_name(tmp_path_factory, name):
    """Quotes, backslashes and braces in a deck's name stay a name (TOML and fields)."""
    folder = tmp_path_factory.mktemp("new") / "deck"
    for relative, text in scaffold(name).items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    try:
        deck = load_design(folder)
    except PrintkitError as exc:  # a name too long, or holding a control, is refused
        assert "name" in str(exc) or "control character" in str(exc)
        return
    assert deck.name == name.strip()
    layout = deck.layouts["back.toml"]
    # As printed: without the characters that print nothing (a soft hyphen...).
    assert fill_in(layout.boxes[-1].content, {}) == without_invisibles(name)


def test_an_ods_spreadsheet_gives_the_same_cards(tmp_path):
    import csv as csv_module

    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    folder = make_deck(tmp_path / "d")
    csv_deck = load_design(folder)
    rows = list(csv_module.reader(io.StringIO((folder / "cards.csv").read_text())))
    document = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for row in rows:
        line = TableRow()
        for cell in row:
            if cell.isdigit():
                entry = TableCell(valuetype="float", value=int(cell))
            else:
                entry = TableCell(valuetype="string")
            entry.addElement(P(text=cell))
            line.addElement(entry)
        table.addElement(line)
    # A sheet's trailing blank rows and columns come as repeats: they must cost nothing.
    blank = TableRow(numberrowsrepeated=1048000)
    blank.addElement(TableCell(numbercolumnsrepeated=16000))
    table.addElement(blank)
    document.spreadsheet.addElement(table)
    document.save(str(folder / "cards.ods"))
    _break(folder, "deck.toml", 'cards = "cards.csv"', 'cards = "cards.ods"')
    ods_deck = load_design(folder)
    assert [c.values for c in ods_deck.cards] == [c.values for c in csv_deck.cards]
    assert ods_deck.cards[0].row.endswith("cards.ods, sheet Cards, row 2")


def test_the_readmes_layout_example_is_a_layout(tmp_path):
    """The README's example loads, and draws the cards of the deck printkit new writes."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    start = readme.index("```toml", readme.index("**A layout** is a TOML file")) + len("```toml")
    example = readme[start : readme.index("```", start)]
    folder = make_deck(tmp_path / "d")
    (folder / "front.toml").write_text(example, encoding="utf-8")
    deck = load_design(folder)
    assert [box.name for box in deck.front.boxes] == ["name", "cost"]
    assert card_sheets(deck, load_template("letter-3x3"), Settings())[""]


#: A back per card: the back layout draws a picture named in each card's row.
_BACK_PER_CARD = """\
[card]
width = "63.5mm"
height = "88.9mm"

[box.ground]
picture = "{back_image}"
fit = "cover"
bleed = true
x = "0mm"
y = "0mm"
width = "63.5mm"
height = "88.9mm"
"""
_BACK_COLORS = [(200, 30, 30), (30, 160, 40), (40, 60, 200), (230, 200, 20), (120, 20, 140)]


def _per_card_backs(folder: Path) -> Path:
    """The scaffold deck, five cards, each with a back of its own solid colour."""
    make_deck(folder)
    (folder / "back.toml").write_text(_BACK_PER_CARD, encoding="utf-8")
    (folder / "art").mkdir(exist_ok=True)
    rows = ["name,type,cost,art,text,flavour,card,back_image"]
    for n, color in enumerate(_BACK_COLORS, start=1):
        Image.new("RGB", (64, 90), color).save(folder / "art" / f"back-{n}.png")
        rows.append(f"Card {n},potion,{n},flask,Drink it.,,,art/back-{n}.png")
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def _mean(image) -> tuple[float, ...]:
    """The average colour of an image's middle half (clear of frames and cut edges)."""
    from PIL import ImageStat

    w, h = image.size
    middle = image.convert("RGB").crop((w // 4, h // 4, 3 * w // 4, 3 * h // 4))
    return tuple(ImageStat.Stat(middle).mean)


def _near(a, b, tolerance: float = 12.0) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def test_a_back_per_card_reaches_the_sheets_the_shops_and_the_tables(cli, tmp_path):
    """Card by card, the back in the print sheets is the back in every export."""
    import csv
    import json

    import pypdfium2 as pdfium

    from printkit.layout.impose import impose

    folder = _per_card_backs(tmp_path / "d")
    template = load_template("letter-3x3")
    deck = load_design(folder)
    pdf = card_sheets(deck, template, Settings())[""]
    document = pdfium.PdfDocument(pdf)
    scale = 100 / 72
    in_pdf = {}
    for number, sheet in enumerate(impose(template, len(deck.cards), "long")):
        page = document[2 * number + 1].render(scale=scale).to_pil()
        for placement in sheet.backs:
            r = placement.trim
            top = page.size[1] - r.top * scale
            box = (r.x * scale, top, r.right * scale, top + r.h * scale)
            in_pdf[placement.item] = _mean(page.crop(tuple(round(v) for v in box)))
    document.close()
    assert [_near(in_pdf[i], color, 20) for i, color in enumerate(_BACK_COLORS)] == [True] * 5

    shop = tmp_path / "mpc"
    assert cli("export", "--for", "mpc", "--deck-dir", str(folder), "-o", str(shop)).status == 0
    for i in range(5):
        back = Image.open(shop / f"{i + 1:02d}-card-{i + 1}-back.png")
        assert _near(_mean(back), in_pdf[i]), i
    assert not (shop / "back.png").exists()  # no one back standing in for all of them

    for table in ("tts", "grid"):
        out = tmp_path / table
        result = cli("export", "--for", table, "--deck-dir", str(folder), "-o", str(out))
        assert result.status == 0, result.err
        if table == "tts":
            saved = json.loads((out / "d.json").read_text())
            (custom,) = saved["ObjectStates"][0]["CustomDeck"].values()
            assert custom["UniqueBack"] is True
            sheet = Image.open(out / custom["BackURL"].rsplit("/", 1)[1])
            columns = custom["NumWidth"]
        else:
            rows = list(csv.DictReader((out / "cards.csv").open()))
            assert {row["back"] for row in rows} == {"backs-1.png"}
            sheet = Image.open(out / "backs-1.png")
            columns = max(int(row["column"]) for row in rows)
        w = sheet.size[0] // columns
        h = round(w * 88.9 / 63.5)
        for i in range(5):
            row, column = divmod(i, columns)
            slot = sheet.crop((column * w, row * h, (column + 1) * w, (row + 1) * h))
            assert _near(_mean(slot), in_pdf[i]), (table, i)

    maker = tmp_path / "cardmaker"
    assert (
        cli("export", "--for", "cardmaker", "--deck-dir", str(folder), "-o", str(maker)).status == 0
    )
    assert not (maker / "game" / "back").exists()  # Card Maker's one back would stand in
    for i in range(5):
        name = f"{i + 1:02d}-card-{i + 1}.png"
        assert (maker / "game" / "front" / name).is_file()
        back = Image.open(maker / "game" / "double_sided" / name)  # under its front's name
        assert _near(_mean(back), in_pdf[i]), i


def test_only_the_icons_the_cards_use_are_read_and_a_folder_of_too_many_is_refused(tmp_path):
    folder = make_deck(tmp_path / "d")
    (folder / "icons" / "unused.svg").write_text("<svg this is broken")  # never read
    deck = load_design(folder)
    assert set(deck.icons) == {"drop"}
    for n in range(201):
        (folder / "icons" / f"i{n}.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    with pytest.raises(PrintkitError, match="icons, more than the limit of 200"):
        load_design(folder)


def test_a_qr_text_too_long_for_any_code_is_named_with_its_box(tmp_path):
    folder = make_deck(tmp_path / "d")
    layout = (folder / "front.toml").read_text()
    layout += (
        '\n[box.code]\nqr = "{text}"\nx = "40mm"\ny = "60mm"\nwidth = "20mm"\nheight = "20mm"\n'
    )
    (folder / "front.toml").write_text(layout)
    cards = (folder / "cards.csv").read_text().replace("Gain **2**", "Gain " + "ж" * 1900, 1)
    (folder / "cards.csv").write_text(cards)
    layout = layout.replace('rich = "{text}"', 'rich = "{name}"')
    (folder / "front.toml").write_text(layout)
    deck = load_design(folder)
    with pytest.raises(PrintkitError, match=r"front.toml \[box.code\].*at most 1,000"):
        card_pages(deck)


_TEMPLATE_PIECES = st.lists(
    st.sampled_from(["{", "}", "{{", "}}", "{a}", "{b-c}", "{_x}", "text", " ", "{1}"]),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(_TEMPLATE_PIECES)
def test_a_template_prints_exactly_the_fields_it_is_read_to_need(pieces):
    """What fields_of says a template reads is what fill_in fills: one reading of braces
    for both (so "{{{name}}}" is a field in braces to each)."""
    template = "".join(pieces)
    fields = fields_of(template)
    marked = fill_in(template, {name: f"\x00{name}\x00" for name in fields})
    assert marked.count("\x00") == 2 * len(fields)
    assert fill_in(template, {}).count("{") <= template.count("{")


def test_a_designed_deck_prints_on_any_template_of_about_its_card_size(potions):
    """Drawn for poker cards (63.5 x 88.9 mm), the scaffold prints on 63 x 88 mm slots,
    each face the slot's size and every back on its front; a mini card is refused."""
    from printkit.errors import RenderError
    from printkit.preflight import preflight
    from printkit.units import mm

    deck = load_design(potions)
    t = load_template("a4-3x3-63x88")
    pdf = card_sheets(deck, t, Settings())[""]
    assert preflight(pdf, "potions.pdf").ok
    sheet = reader(pdf)
    fronts, backs = drawn_forms(sheet, 0), drawn_forms(sheet, 1)
    assert len(fronts) == len(backs) == len(deck.cards)
    for front, back in zip(fronts, backs, strict=True):
        assert abs(front.w - t.card_width) < 0.01 * mm and abs(front.h - t.card_height) < 0.01 * mm
        assert abs((t.paper_width - back.x - back.w) - front.x) < 0.01 * mm
    mini = t._replace(card_width=41 * mm, card_height=63 * mm)
    with pytest.raises(RenderError, match=r"\.toml is drawn for 63.5 × 88.9 mm cards; 41 × 63 mm"):
        card_sheets(deck, mini, Settings())
