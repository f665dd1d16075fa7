"""Cards of any size: the sizes a player names or gives, every template refitted to
them (as many as fit, nothing off the paper, every back behind its front), a folder or
a list of images at its own size, and a deck near a template's size drawn to it with a
line."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image

from printkit.errors import TemplateError, UsageError
from printkit.layout.impose import slot_rects
from printkit.load.images import load_images
from printkit.load.templates import fitting, load_template, template_for, template_names
from printkit.render.sheets import card_sheets
from printkit.units import mm
from printkit.values.cardsizes import CARD_SIZES, card_size, size_label
from printkit.values.pictures import ImageOptions
from printkit.values.settings import Settings

from .pdfcheck import MM, drawn_forms, reader

EPS = 0.01 * mm
POKER = CARD_SIZES["poker"]
#: Every preset that takes another card, and each named size it holds.
REFITTED = [
    (name, size)
    for name in template_names()
    if not load_template(name).fixed
    for size in CARD_SIZES
]


@given(
    st.floats(20, 400).map(lambda v: round(v, 2)),
    st.floats(20, 400).map(lambda v: round(v, 2)),
    st.sampled_from(["x", " x ", "×"]),
)
@example(63.5, 63.47, "x")  # a hair off the square card is not the square card
def test_a_size_given_by_its_sides_reads_back_to_its_sides(width, height, by):
    size = card_size(f"{width}{by}{height}mm")
    assert abs(size.width - width * mm) < EPS and abs(size.height - height * mm) < EPS
    assert 0 < size.radius <= min(size.sides) / 16 + EPS
    assert card_size(size_label(size.sides)).sides == pytest.approx(size.sides, abs=EPS)


@pytest.mark.parametrize(
    ("text", "sides"),
    [
        ("poker", (63.5, 88.9)), ("Bridge", (57.15, 88.9)), ("tarot", (69.85, 120.65)),
        ("mini european", (44, 68)), ("2.5x3.5in", (63.5, 88.9)), ("70x120", (70, 120)),
        ("7 x 12 cm", (70, 120)), ("63x88mm", (63, 88)),
    ],
)  # fmt: skip
def test_sizes_by_name_and_by_their_sides(text, sides):
    size = card_size(text)
    assert size.sides == pytest.approx(tuple(s * mm for s in sides), abs=EPS)


@pytest.mark.parametrize("text", ["huge", "70x", "10x10mm", "70x500mm", "-5x9in", "70x120ft"])
def test_a_size_that_is_none_is_one_clear_sentence(text):
    with pytest.raises(UsageError, match=r"card size|a card’s sides"):
        card_size(text)


@pytest.mark.parametrize(("name", "size"), REFITTED)
def test_a_refitted_template_holds_its_cards_and_no_more(name, size):
    """Refitted: the cards exactly that size, every slot with its bleed on the paper
    and clear of its neighbours; one more column or row would not fit."""
    card = CARD_SIZES[size]
    t = load_template(name, card=card)
    assert abs(t.card_width - card.width) < EPS and abs(t.card_height - card.height) < EPS
    assert t.per_sheet >= 1 and t.fixed is False
    for slot in slot_rects(t):
        inked = slot.inset(-t.bleed)
        assert inked.x >= -EPS and inked.y >= -EPS
        assert inked.x + inked.w <= t.paper_width + EPS
        assert inked.y + inked.h <= t.paper_height + EPS
    source = load_template(name)
    for more in ((1, 0), (0, 1)):
        columns, rows = t.columns + more[0], t.rows + more[1]
        wider = t._replace(columns=columns, rows=rows)
        assert (
            wider.grid_width + 2 * t.bleed > t.paper_width - 2 * t.margin
            or wider.grid_height + 2 * t.bleed > t.paper_height - 2 * t.margin
            or not _loads(name, card, columns, rows)
        ), (name, size, columns, rows)
    own = source.card_size == pytest.approx(card.sides, abs=EPS)
    assert t.name == (name if own else f"{name}-{size}")


def _loads(name: str, card, columns: int, rows: int) -> bool:
    """Whether the template with this grid, on either way round of its paper, loads."""
    from printkit.load import templates
    from printkit.load.datafile import DataFile
    from printkit.resources.paths import templates_dir

    path = templates.resolve_template(name)
    file = DataFile(path, TemplateError)
    merged = templates._merged(file, templates_dir(), chain=())
    sides = {"width": f"{card.width / mm}mm", "height": f"{card.height / mm}mm"}
    for paper in templates._papers(merged.get("paper", {"size": "letter"})):
        table = {**merged, "paper": paper, "card": {**merged.get("card", {}), **sides}}
        table["grid"] = {**merged.get("grid", {}), "columns": columns, "rows": rows}
        try:
            templates._build(file, name, table)
            return True
        except TemplateError:
            continue
    return False


def test_fixed_templates_keep_their_cards():
    t = load_template("plaincards-letter", card=CARD_SIZES["tarot"])
    assert t.card_size == POKER.sides and t.name == "plaincards-letter"
    names = [name for name, _ in fitting(CARD_SIZES["tarot"])]
    assert "plaincards-letter" not in names and "letter-3x3" in names


def test_a_near_deck_is_drawn_to_the_template_with_a_line():
    t, notes = template_for("plaincards-letter", [("Potions", (63 * mm, 88 * mm))])
    assert t.card_size == POKER.sides
    assert notes == [
        "Potions is drawn for 63 × 88 mm cards: printed at 63.5 × 88.9 mm on "
        "plaincards-letter, 1% larger"
    ]


def test_a_far_deck_names_the_templates_that_hold_it():
    with pytest.raises(TemplateError, match=r"Tarot is drawn for 70 × 120 mm cards.*letter-3x3"):
        template_for("plaincards-letter", [("Tarot", (70 * mm, 120 * mm))])
    t, notes = template_for("letter-3x3", [("Tarot", (70 * mm, 120 * mm))])
    assert t.name == "letter-3x3-70x120mm" and t.per_sheet == 4 and notes == []
    t, notes = template_for(None, [("Tarot", (70 * mm, 120 * mm))])
    assert t.name == "letter-3x3-70x120mm" and "plain card stock (letter-3x3)" in notes[0]


def _png(path, size, colour) -> None:
    Image.new("RGB", size, colour).save(path)


@pytest.mark.parametrize(
    ("pixels", "size"),
    [((675, 1050), "bridge"), ((825, 1425), "tarot"), ((750, 750), "square"),
     ((520, 803), "mini-european"), ((484, 744), "mini-american"), ((822, 1122), "poker")],
)  # fmt: skip
def test_the_size_of_a_folder_of_images_is_guessed_from_their_shape(tmp_path, pixels, size):
    _png(tmp_path / "one.png", pixels, (200, 30, 30))
    deck = load_images(tmp_path, ImageOptions(draft=True))
    assert deck.guessed and deck.cards.card_size == pytest.approx(CARD_SIZES[size].sides)


@pytest.mark.parametrize("template", ["letter-3x3", "gutterfold-a4", "silhouette-letter"])
def test_tarot_images_print_with_every_back_behind_its_front(tmp_path, template):
    for n in range(5):
        _png(tmp_path / f"card{n}.png", (825, 1425), (40 * n, 90, 120))
    _png(tmp_path / "back.png", (825, 1425), (20, 20, 20))
    deck = load_images(tmp_path).cards
    t, _ = template_for(template, [(deck.name, deck.card_size)])
    pdf = reader(card_sheets(deck, t, Settings())[""])
    assert t.card_size == pytest.approx(CARD_SIZES["tarot"].sides)
    page = pdf.pages[0]
    assert float(page.mediabox.width) == pytest.approx(t.paper_width, abs=0.01)
    fronts = drawn_forms(pdf, 0)
    if t.fold:  # fronts and backs on one page, across the fold
        assert len(fronts) == 2 * min(5, t.per_sheet)
        return
    backs = drawn_forms(pdf, 1)
    assert len(fronts) == len(backs) == min(5, t.per_sheet)
    for front, back in zip(fronts, backs, strict=True):
        assert abs((t.paper_width - back.x - back.w) - front.x) < 0.01 * MM
        assert abs(back.y - front.y) < 0.01 * MM
        assert abs(front.w - t.card_width - 2 * t.bleed) < 0.01 * MM or front.w >= t.card_width


def _list_deck(tmp_path, text: str, name: str = "cards.csv"):
    for stem, colour in (("a", (200, 0, 0)), ("b", (0, 200, 0)), ("b-own", (0, 0, 200))):
        _png(tmp_path / f"{stem}.png", (750, 1050), colour)
    _png(tmp_path / "back.png", (750, 1050), (20, 20, 20))
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path / name


def test_a_list_gives_the_order_the_counts_and_the_backs(tmp_path):
    listed = _list_deck(tmp_path, "file,count,back,name\nb.png,1,b-own.png,Bee\na.png,3,,\n")
    cards = load_images(listed).cards.cards
    assert [c.values["name"] for c in cards] == ["Bee", "a", "a", "a"]
    assert [c.values["back"].rsplit("/", 1)[-1] for c in cards] == [
        "b-own.png", "back.png", "back.png", "back.png"
    ]  # fmt: skip
    assert len({c.stem for c in cards}) == 4  # each copy its own name in a shop's upload
    assert cards[0].row == f"{listed}, line 2"


def test_a_workbook_list_reads_as_a_csv_does(tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["file", "count"])
    book.active.append(["a.png", 2])
    buffer = io.BytesIO()
    book.save(buffer)
    listed = _list_deck(tmp_path, "", "cards.xlsx")
    listed.write_bytes(buffer.getvalue())
    assert [c.values["name"] for c in load_images(listed).cards.cards] == ["a", "a"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("file,copies\na.png,2\n", "has the columns file"),
        ("name\nA\n", "has the columns file"),
        ("File,Count\na.png,2\n", "has the columns file"),
        ("file\n../a.png\n", "line 2: ../a.png is not beside the list"),
        ("file\n/etc/passwd.png\n", "is not beside the list"),
        ("file\nnotes.txt\n", "notes.txt is not a PNG or JPEG"),
        ("file,count\na.png,0\n", "names no card"),
        ("file\nmissing.png\n", "missing.png"),
    ],
)
def test_a_bad_list_is_one_line_naming_its_place(tmp_path, text, message):
    listed = _list_deck(tmp_path, text)
    with pytest.raises(Exception, match=message) as caught:
        load_images(listed)
    assert "\n" not in str(caught.value)


def test_the_templates_command_lists_every_preset_and_size(cli):
    result = cli("templates")
    assert result.status == 0
    for name in template_names():
        assert name in result.out
    for size in CARD_SIZES:
        assert size in result.out
    result = cli("sheets", "--card-size", "huge")
    assert result.status == 2 and "is not a card size" in result.err


@settings(deadline=None, max_examples=25)
@given(st.floats(30, 150), st.floats(30, 200))
def test_any_size_either_fits_a_template_or_says_it_does_not(width, height):
    card = card_size(f"{width:.1f}x{height:.1f}mm")
    try:
        t = load_template("letter-3x3", card=card)
    except TemplateError as exc:
        assert "do not fit on its paper" in str(exc)
    else:
        assert t.per_sheet >= 1


def test_a_size_no_template_holds_lists_none_and_stops_nothing(cli):
    result = cli("templates", "--card-size", "400x400mm")
    assert result.status == 0 and result.out.count("–") == len(template_names())


def test_the_calibration_page_and_the_guide_follow_a_folders_size(cli, tmp_path):
    import pypdf

    images = tmp_path / "tarot"
    images.mkdir()
    for n in range(3):
        _png(images / f"t{n}.png", (825, 1425), (60 * n, 90, 120))
    out = tmp_path / "out"
    result = cli("calibrate", "--images", str(images), "-o", str(out / "calibration.pdf"))
    assert result.status == 0, result.err
    text = pypdf.PdfReader(out / "calibration.pdf").pages[0].extract_text()
    assert "letter-3x3-tarot" in text
    result = cli("build", "--images", str(images), "--out", str(out / "kit"), "--quiet")
    assert result.status == 0, result.err
    guide = " ".join(
        pypdf.PdfReader(out / "kit" / "print-guide.pdf").pages[0].extract_text().split()
    )
    assert "tarot.pdf: cards of the tarot, 1 sheet;" in guide
    assert "Their faces are the images of" in guide and "t0.png to t2.png" in guide


def test_an_image_changed_after_it_was_read_stops_the_sheets(tmp_path):
    from printkit.errors import CatalogueError

    _png(tmp_path / "a.png", (750, 1050), (200, 0, 0))
    deck = load_images(tmp_path).cards
    _png(tmp_path / "a.png", (750, 1050), (0, 0, 200))  # same size, other pixels
    with pytest.raises(CatalogueError, match=r"a\.png: changed while the sheets were being made"):
        card_sheets(deck, load_template("letter-3x3"), Settings())


def test_a_card_size_for_an_export_is_for_images_only(cli, tmp_path):
    result = cli("export", "--for", "png", "--card-size", "tarot", "-o", str(tmp_path / "x"))
    assert result.status == 2 and "--card-size is for --images" in result.err


def test_a_card_size_too_far_from_the_deck_names_the_size_not_a_template(cli, tmp_path):
    result = cli("sheets", "--card-size", "bridge", "-o", str(tmp_path / "x.pdf"))
    assert result.status == 1
    assert "too far from 57.15 × 88.9 mm to be drawn to them: leave out --card-size" in result.err
