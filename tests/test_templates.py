"""Sheet templates: the presets' promises, imposition properties, and every load-time error."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.errors import NotFoundError, TemplateError
from printkit.layout.impose import crop_marks, impose, slot_rects
from printkit.load.templates import load_template, template_names
from printkit.units import inch, mm, parse_length

EPS = 0.01 * mm
POKER = (2.5 * inch, 3.5 * inch)


def close(a, b):
    return abs(a - b) < EPS


def test_the_presets_exist():
    assert set(template_names()) >= {
        "plaincards-letter", "letter-3x3", "a4-3x3", "a4-3x3-63x88", "paste-over-letter",
    }  # fmt: skip


def test_plaincards_letter_is_a_butted_centred_3x3_of_poker_cards():
    t = load_template("plaincards-letter")
    assert (t.paper_width, t.paper_height) == (8.5 * inch, 11 * inch)
    assert (t.card_width, t.card_height) == POKER and (t.columns, t.rows) == (3, 3)
    assert t.gap_x == t.gap_y == 0 and not t.crop_marks and t.backs
    right = t.paper_width - t.left - t.grid_width
    bottom = t.paper_height - t.top - t.grid_height
    assert close(t.left, right) and close(t.top, bottom)


@pytest.mark.parametrize(
    ("name", "paper"), [("letter-3x3", (8.5 * inch, 11 * inch)), ("a4-3x3", (210 * mm, 297 * mm))]
)
def test_cut_templates_have_bleed_and_crop_marks(name, paper):
    t = load_template(name)
    assert (t.paper_width, t.paper_height) == paper
    assert (t.card_width, t.card_height) == POKER
    assert close(t.bleed, 0.125 * inch) and t.crop_marks and t.gap_x == 0
    assert close(t.left, t.paper_width - t.left - t.grid_width)


def test_a4_63x88():
    t = load_template("a4-3x3-63x88")
    assert close(t.card_width, 63 * mm) and close(t.card_height, 88 * mm)
    assert t.crop_marks and close(t.bleed, 0.125 * inch)


def test_paste_over_faces_are_smaller_than_a_playing_card_with_cut_lines_and_no_backs():
    t = load_template("paste-over-letter")
    assert t.card_width < POKER[0] and t.card_height < POKER[1]
    assert t.cut_lines and not t.backs and t.gap_x > 0


@pytest.mark.parametrize("name", template_names())
def test_every_slot_and_its_bleed_lie_on_the_paper(name):
    t = load_template(name)
    for sheet in impose(t, t.per_sheet):
        for p in sheet.fronts:
            assert p.clip.x >= -EPS and p.clip.y >= -EPS
            assert p.clip.right <= t.paper_width + EPS and p.clip.top <= t.paper_height + EPS
            assert p.clip.x <= p.trim.x and p.clip.right >= p.trim.right
    for line in crop_marks(t):
        for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
            assert -EPS <= x <= t.paper_width + EPS and -EPS <= y <= t.paper_height + EPS


@pytest.mark.parametrize("name", template_names())
def test_bleed_never_covers_a_neighbour(name):
    t = load_template(name)
    placements = impose(t, t.per_sheet)[0].fronts
    for a in placements:
        for b in placements:
            if a is b:
                continue
            overlap_x = min(a.clip.right, b.trim.right) - max(a.clip.x, b.trim.x)
            overlap_y = min(a.clip.top, b.trim.top) - max(a.clip.y, b.trim.y)
            assert overlap_x <= EPS or overlap_y <= EPS


@given(count=st.integers(min_value=0, max_value=400), name=st.sampled_from(template_names()))
@settings(deadline=None)
def test_n_cards_need_ceil_n_over_slots_sheets_and_each_is_placed_once(count, name):
    t = load_template(name)
    sheets = impose(t, count)
    assert len(sheets) == math.ceil(count / t.per_sheet)
    placed = [p.item for s in sheets for p in s.fronts]
    assert placed == list(range(count))


def test_crop_marks_continue_every_cut_line():
    t = load_template("letter-3x3")
    xs = {round(r.x, 6) for r in slot_rects(t)} | {round(r.right, 6) for r in slot_rects(t)}
    vertical = {round(line.x1, 6) for line in crop_marks(t) if line.x1 == line.x2}
    assert vertical == xs


# --- errors -----------------------------------------------------------------------------

GOOD = """
description = "test"
paper = { size = "letter" }
[card]
width = "2.5in"
height = "3.5in"
[grid]
columns = 3
rows = 3
"""


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> str:
    with pytest.raises(TemplateError) as info:
        load_template(str(path))
    message = str(info.value)
    assert "\n" not in message and path.name in message
    return message


def test_a_users_own_template_loads(tmp_path):
    t = load_template(str(write(tmp_path, GOOD)))
    assert t.per_sheet == 9 and t.name == "mine"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (('width = "2.5in"', 'width = "2.5 inches"'), "is not a length"),
        (('width = "2.5in"', "width = 2.5"), "a length with its unit"),
        (("columns = 3", 'columns = "3"'), "'columns' must be a whole number"),
        (("columns = 3", "columns = 4"), "off the paper"),
        (("rows = 3", "rows = 0"), "from 1 to 50"),
        (("[grid]", '[grid]\ngap_x = "-1mm"'), "cannot be negative"),
        (("[grid]", "[grdi]"), "unknown key 'grdi'; did you mean 'grid'"),
        (("columns = 3", "colums = 3"), "did you mean 'columns'"),
        (('size = "letter"', 'size = "leter"'), "did you mean 'letter'"),
        (('description = "test"', ""), "missing key 'description'"),
        (("[card]", '[card]\ncorner_radius = "50mm"'), "corner_radius"),
        (("rows = 3", 'rows = 3\n[print]\ncrop_marks = "yes"'), "true or false"),
        (
            ("rows = 3", 'rows = 3\nleft = "0mm"\n[print]\nbleed = "3mm"'),
            "off the paper’s left edge",
        ),
    ],
)
def test_invalid_templates_name_the_key(tmp_path, change, expected):
    old, new = change
    assert old in GOOD
    assert expected in error_of(write(tmp_path, GOOD.replace(old, new, 1)))


def test_malformed_toml(tmp_path):
    assert "not valid TOML" in error_of(write(tmp_path, GOOD + "\n[[[oops"))


def test_extends_merges_sections(tmp_path):
    path = write(
        tmp_path, 'description = "mine"\nextends = "plaincards-letter"\n[grid]\nleft = "0.4in"\n'
    )
    t = load_template(str(path))
    base = load_template("plaincards-letter")
    assert close(t.left, 0.4 * inch) and t.top == base.top and t.card_width == base.card_width


def test_extends_loop_is_caught(tmp_path):
    write(tmp_path, 'description = "a"\nextends = "b.toml"\n', "a.toml")
    write(tmp_path, 'description = "b"\nextends = "a.toml"\n', "b.toml")
    assert "loop" in error_of(tmp_path / "a.toml")


def test_unknown_preset_suggests_one():
    with pytest.raises(NotFoundError, match="did you mean 'a4-3x3'"):
        load_template("a4-3x4")


def test_missing_template_file(tmp_path):
    assert "file not found" in error_of(tmp_path / "nope.toml")


@given(st.text(max_size=300))
@settings(deadline=None, max_examples=150)
def test_any_template_text_gives_a_template_or_a_clear_error(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("fuzz") / "t.toml"
    path.write_text(text, encoding="utf-8")
    try:
        load_template(str(path))
    except TemplateError as exc:
        assert str(exc) and "\n" not in str(exc)


@given(st.from_regex(r"-?\d{1,3}(\.\d{1,3})?\s?(mm|in|pt|cm)", fullmatch=True))
def test_lengths_read_in_every_unit(text):
    from printkit.units import MAX_LENGTH

    number = float(text.rstrip("mintcp ").strip())
    unit = text.strip()[-2:]
    expected = number * {"mm": mm, "in": inch, "pt": 1, "cm": 10 * mm}[unit]
    if abs(expected) > MAX_LENGTH:  # longer than any page: refused, saying so
        with pytest.raises(ValueError, match="longer than anything printkit prints"):
            parse_length(text)
        return
    assert parse_length(text) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("paper", "name", "kit_paper"),
    [
        ('{ size = "a4", orientation = "landscape" }', "a4", "a4"),
        ('{ size = "letter", orientation = "landscape" }', "letter", "letter"),
        ('{ width = "297mm", height = "420mm" }', "a3", "a4"),
        ('{ width = "13in", height = "19in" }', "custom", "letter"),
    ],
)
def test_a_template_carries_its_papers_name_whichever_way_round(tmp_path, paper, name, kit_paper):
    from printkit.targets.files import paper_of

    path = tmp_path / "mine.toml"
    path.write_text(
        f'description = "mine"\nextends = "letter-3x3"\npaper = {paper}\n[grid]\nrows = 2\n',
        encoding="utf-8",
    )
    t = load_template(str(path))
    assert t.paper == name and paper_of(t) == kit_paper


REFITTABLE = [name for name in template_names() if not load_template(name).fixed]


@pytest.mark.parametrize(
    "paper_name", ["a3", "tabloid", "legal", "a5", "arch-b", "300x450mm", "200x200in"]
)
@pytest.mark.parametrize("name", REFITTABLE)
def test_any_centred_template_refits_to_any_paper_with_every_slot_on_it(name, paper_name):
    """Another paper: the page is that paper exactly (either way round), the cards are
    the template's own, and every slot and its bleed lie on the page, clear of its
    margin; a larger paper holds at least as many."""
    from printkit.values.papers import paper_size

    paper = paper_size(paper_name)
    own = load_template(name)
    try:
        t = load_template(name, paper=paper)
    except TemplateError as error:  # a small paper its cards and marks do not fit
        assert paper_name == "a5" and "do not fit" in str(error)
        return
    assert sorted((t.paper_width, t.paper_height)) == pytest.approx(
        sorted((paper.width, paper.height)), abs=EPS
    )
    assert t.card_size == pytest.approx(own.card_size, abs=EPS) and t.per_sheet >= 1
    assert t.name.endswith(f"-on-{paper.name}") and t.fold == own.fold
    assert t.margin >= 5 * mm - EPS  # no card within a printer's unprintable edge
    for rect in slot_rects(t):
        assert rect.x - t.bleed >= t.margin - EPS and rect.y - t.bleed >= t.margin - EPS
        assert rect.right + t.bleed <= t.paper_width - t.margin + EPS
        assert rect.top + t.bleed <= t.paper_height - t.margin + EPS
    if paper.width * paper.height > own.paper_width * own.paper_height * 1.5:
        assert t.per_sheet >= own.per_sheet


def test_a_template_made_for_its_own_sheets_keeps_its_paper():
    from printkit.values.papers import paper_size

    with pytest.raises(TemplateError, match="made for its own sheets"):
        load_template("plaincards-letter", paper=paper_size("a4"))
    same = load_template("plaincards-letter", paper=paper_size("8.5x11in"))
    assert same == load_template("plaincards-letter")  # its own paper, given: as it is


def test_another_paper_from_the_command_line(cli, tmp_path):
    from .pdfcheck import reader

    out = tmp_path / "a3.pdf"
    result = cli("sheets", "--paper", "a3", "-o", str(out))
    assert result.status == 0 and "A3 plain card stock" in result.err, result.err
    page = reader(out.read_bytes()).pages[0]
    assert sorted(map(float, page.mediabox[2:])) == pytest.approx(
        [297 / 25.4 * 72, 420 / 25.4 * 72]
    )
    refused = cli("sheets", "--paper", "a4", "--template", "plaincards-letter", "-o", str(out))
    assert refused.status == 1 and refused.err.count("\n") == 1
    bad = cli("sheets", "--paper", "foolscap")
    assert bad.status == 2 and bad.err.count("\n") == 1 and "a3" in bad.err
    assert cli("calibrate", "--paper", "tabloid", "-o", str(tmp_path / "cal.pdf")).status == 0


def test_a_template_made_for_its_own_cards_refuses_another_size_in_one_line(cli, tmp_path):
    result = cli("sheets", "--template", "plaincards-letter", "--card-size", "tarot",
                 "-o", str(tmp_path / "x.pdf"))  # fmt: skip
    assert result.status == 1 and "prints no other size" in result.err
    assert result.err.count("\n") == 1 and not (tmp_path / "x.pdf").exists()
