"""Gutterfold and print-and-cut, checked on the written files.

A gutterfold sheet folded along its line must lay every back on its own front; a
print-and-cut sheet must carry its registration marks exactly where the template puts
them, with no card near them; the cut files must trace the printed cards' trim.
"""

from __future__ import annotations

import math
import re
from functools import cache
from pathlib import Path

import ezdxf
import pytest
from pypdf.generic import ContentStream

from printkit.layout.impose import slot_rects
from printkit.layout.marks import mark_rects, mark_zones
from printkit.load.catalogue import load_deck
from printkit.load.templates import load_template, template_names
from printkit.render.cutfile import cut_dxf, cut_svg
from printkit.targets.sheets import sheet_files
from printkit.values.settings import Settings

from .pdfcheck import MM, drawn_forms, reader
from .printed import printed

FOLDING = [name for name in template_names() if load_template(name).fold]
CUTTING = [name for name in template_names() if load_template(name).cut_file]
TOLERANCE = 0.01 * MM


@cache
def files(template: str, duplex: str = "long") -> dict[str, bytes]:
    cards = printed(load_deck())
    made = sheet_files(
        cards, load_template(template), Settings(duplex=duplex, qr=False, aids=4), Path("d.pdf")
    )
    return {path.name: data for path, data in made}


def test_the_presets_include_every_way_to_print():
    assert {"gutterfold-letter", "gutterfold-a4"} <= set(FOLDING)
    assert {"silhouette-letter", "silhouette-a4", "cricut-print-then-cut"} <= set(CUTTING)


@pytest.mark.parametrize("template", FOLDING)
@pytest.mark.parametrize("duplex", ["long", "short", "manual"])
def test_folding_lays_every_back_on_its_own_front(template, duplex):
    """Whatever --duplex says, a gutterfold is one file printed on one side."""
    t = load_template(template)
    made = files(template, duplex)
    assert list(made) == ["d.pdf"]
    pdf = reader(made["d.pdf"])
    deck = load_deck()
    assert len(pdf.pages) == math.ceil((len(deck.cards) + 4) / t.per_sheet)
    assert pdf.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    fold = t.paper_height / 2 if t.fold == "horizontal" else t.paper_width / 2
    for index in range(len(pdf.pages)):
        drawn = drawn_forms(pdf, index)  # the fronts, then their backs in the same order
        fronts, backs = drawn[: t.per_sheet], drawn[t.per_sheet :]
        assert len(fronts) == len(backs) == t.per_sheet
        assert all("back" in d.name for d in backs)
        assert not any(d.name.startswith("back") for d in fronts)
        for front, back in zip(fronts, backs, strict=True):
            # Folding mirrors the back across the fold line onto the front's half.
            if t.fold == "horizontal":
                folded = (back.x, 2 * fold - back.y - back.h)
                assert back.y + back.h < fold < front.y  # the halves on their own sides
                assert back.rotation == 180  # turned up, the back stands the right way
            else:
                folded = (2 * fold - back.x - back.w, back.y)
                assert front.x + front.w < fold < back.x
                assert back.rotation == 0
            assert abs(folded[0] - front.x) < TOLERANCE and abs(folded[1] - front.y) < TOLERANCE
            assert abs(back.w - front.w) < TOLERANCE and abs(back.h - front.h) < TOLERANCE


@pytest.mark.parametrize("template", FOLDING)
def test_the_fold_line_is_printed_through_the_gutter_and_touches_no_card(template):
    t = load_template(template)
    page = reader(files(template)["d.pdf"]).pages[0]
    operations = ContentStream(page.get_contents(), page.pdf).operations
    dashed = False
    lines = []
    for operands, operator in operations:
        if operator == b"d":
            dashed = bool(operands[0])
        if operator == b"m" and dashed:
            start = [float(v) for v in operands]
        if operator == b"l" and dashed:
            lines.append((*start, *(float(v) for v in operands)))
    assert len(lines) == 1
    x1, y1, x2, y2 = lines[0]
    assert y1 == y2 and abs(y1 - t.paper_height / 2) < TOLERANCE
    # It keeps 5 mm off the paper's edges, and 1 mm off every card's bleed.
    assert min(x1, x2) >= 5 * MM - TOLERANCE and max(x1, x2) <= t.paper_width - 5 * MM + TOLERANCE
    for slot in slot_rects(t):
        assert slot.y - t.bleed - y1 >= 1 * MM - TOLERANCE


def _filled_rects(data: bytes, page_index: int = 0) -> list[tuple[float, float, float, float]]:
    """Every rectangle filled directly on the page (not inside a card's form)."""
    pdf = reader(data)
    page = pdf.pages[page_index]
    rects, pending = [], None
    for operands, operator in ContentStream(page.get_contents(), pdf).operations:
        if operator == b"re":
            pending = tuple(float(v) for v in operands)
        elif operator in (b"f", b"f*") and pending is not None:
            rects.append(pending)
            pending = None
        elif operator in (b"n", b"W", b"S"):
            pending = None
    return rects


@pytest.mark.parametrize("template", ["silhouette-letter", "silhouette-a4"])
def test_registration_marks_are_where_silhouette_looks_for_them(template):
    t = load_template(template)
    data = files(template)["d.pdf"]
    found = _filled_rects(data, 0)
    w, h = t.paper_width, t.paper_height
    expected = [  # Silhouette Studio's type 1 marks at its defaults, in mm from the corner
        (10, h / MM - 15, 5, 5),  # the square, top left
        (w / MM - 30, h / MM - 10.3, 20, 0.3),  # top right, along the top
        (w / MM - 10.3, h / MM - 30, 0.3, 20),  # top right, down the side
        (10, 10, 20, 0.3),  # bottom left, along the bottom
        (10, 10, 0.3, 20),  # bottom left, up the side
    ]
    assert len(found) == len(expected)
    for got, want in zip(found, expected, strict=True):
        for a, b in zip(got, want, strict=True):
            assert abs(a / MM - b) < 0.1
    # Only fronts pages carry marks: the cutter reads the sheet fronts up.
    assert _filled_rects(data, 1) == []


@pytest.mark.parametrize("template", ["silhouette-letter", "silhouette-a4"])
def test_no_card_and_no_label_comes_near_a_mark(template):
    t = load_template(template)
    pdf = reader(files(template)["d.pdf"])
    zones = mark_zones(t)
    for front in drawn_forms(pdf, 0):
        inked = (front.x - t.bleed, front.y - t.bleed, front.w + 2 * t.bleed, front.h + 2 * t.bleed)
        for z in zones:
            apart = (
                inked[0] >= z.right
                or z.x >= inked[0] + inked[2]
                or inked[1] >= z.top
                or z.y >= inked[1] + inked[3]
            )
            assert apart, (front.name, z)
    text_positions = []
    page = pdf.pages[0]
    page.extract_text(
        visitor_text=lambda text, cm, tm, *_: (
            text.strip()
            and text_positions.append(
                (tm[4] * cm[0] + tm[5] * cm[2] + cm[4], tm[4] * cm[1] + tm[5] * cm[3] + cm[5])
            )
        )
    )
    assert text_positions, "the sheet's labels are missing"
    # The labels state the marks' settings, for the cutting software.
    assert "length 20 mm, thickness 0.3 mm, inset 10 mm" in " ".join(page.extract_text().split())


def test_the_marks_geometry_is_the_templates():
    t = load_template("silhouette-letter")
    assert [round(r.w / MM, 3) for r in mark_rects(t)] == [5, 20, 0.3, 20, 0.3]


def _svg_rects(svg: bytes) -> list[tuple[float, ...]]:
    pattern = re.compile(
        r'<rect id="card-\d+" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" '
        r'rx="([\d.]+)"'
    )
    return [tuple(float(v) for v in m) for m in pattern.findall(svg.decode())]


@pytest.mark.parametrize("template", CUTTING)
def test_cut_files_trace_the_printed_trim(template, tmp_path):
    """Both cut files, read back, hold one outline per printed card: its trim to 0.01 mm,
    with the template's corner radius, at the page's own coordinates."""
    t = load_template(template)
    made = files(template)
    assert {"d-cut.svg", "d-cut.dxf"} <= set(made)
    printed = drawn_forms(reader(made["d.pdf"]), 0)[: t.per_sheet]
    trims = [(d.x / MM, d.y / MM, d.w / MM, d.h / MM) for d in printed]
    height = t.paper_height / MM
    svg = _svg_rects(made["d-cut.svg"])
    assert len(svg) == len(trims)
    for (x, y, w, h, r), (tx, ty, tw, th) in zip(svg, trims, strict=True):
        assert abs(x - tx) < 0.01 and abs((height - y - h) - ty) < 0.01  # SVG's y runs down
        assert abs(w - tw) < 0.01 and abs(h - th) < 0.01
        assert abs(r - t.corner_radius / MM) < 0.01
    assert f'width="{t.paper_width / MM:.3f}'.rstrip("0").rstrip(".") in made["d-cut.svg"].decode()
    path = tmp_path / "cut.dxf"
    path.write_bytes(made["d-cut.dxf"])
    doc = ezdxf.readfile(path)
    assert doc.units == ezdxf.units.MM
    outlines = [e for e in doc.modelspace() if e.dxf.layer == "CUT"]
    assert len(outlines) == len(trims)
    for polyline, (tx, ty, tw, th) in zip(outlines, trims, strict=True):
        assert polyline.closed
        points = list(polyline.get_points("xyb"))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        assert abs(min(xs) - tx) < 0.01 and abs(min(ys) - ty) < 0.01
        assert abs(max(xs) - (tx + tw)) < 0.01 and abs(max(ys) - (ty + th)) < 0.01
        # Four quarter arcs, each of the corner radius.
        assert sum(1 for p in points if abs(p[2] - math.tan(math.pi / 8)) < 1e-9) == 4
        assert abs((points[1][0] - points[0][0]) - (tw - 2 * t.corner_radius / MM)) < 0.01
    page = [e for e in doc.modelspace() if e.dxf.layer == "PAGE"]
    corners = list(page[0].get_points("xy"))
    assert max(p[0] for p in corners) == pytest.approx(t.paper_width / MM, abs=0.01)
    assert max(p[1] for p in corners) == pytest.approx(height, abs=0.01)


def test_cut_files_are_reproducible():
    t = load_template("silhouette-letter")
    assert cut_dxf(t) == cut_dxf(t) and cut_svg(t, "x") == cut_svg(t, "x")


def test_the_cricut_page_is_within_design_spaces_print_area_and_carries_no_text():
    t = load_template("cricut-print-then-cut")
    assert t.paper_width <= 6.75 * 72 + 1e-6 and t.paper_height <= 9.25 * 72 + 1e-6
    pdf = reader(files("cricut-print-then-cut")["d.pdf"])
    # The cards' own words only: no sheet label, no instruction.
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "sheet 1 of" not in text and "100%" not in text and "Spook" in text


#: The ink saver's pages must ask for at most this share of the normal version's ink.
INK_SAVER_SHARE = 0.4


@pytest.mark.parametrize("deck_id", ["dead-mens-deck", "simplified-bang"])
def test_the_ink_saver_prints_the_same_cards_with_far_less_ink(deck_id):
    from printkit.preflight import preflight
    from printkit.preflight.ink import ink_coverage
    from printkit.render.sheets import card_sheets

    from .printed import printed

    cards = printed(load_deck(deck_id))
    t = load_template("letter-3x3")
    normal = card_sheets(cards, t, Settings(aids=4))[""]
    saver = card_sheets(cards, t, Settings(aids=4, ink_saver=True))[""]
    assert preflight(saver, "saver.pdf").ok
    a, b = ink_coverage(normal), ink_coverage(saver)
    assert b.density <= INK_SAVER_SHARE * a.density, (a, b)
    assert b.coverage < a.coverage
    # The same cards in the same places, with the same words: only the ink differs.
    first, second = reader(normal), reader(saver)
    assert len(first.pages) == len(second.pages)
    for index in range(len(first.pages)):
        assert drawn_forms(first, index) == drawn_forms(second, index)
    text = " ".join(" ".join(first.pages[i].extract_text().split()) for i in (0, 2))
    light = " ".join(" ".join(second.pages[i].extract_text().split()) for i in (0, 2))
    assert text == light


def test_ink_saver_sheets_get_their_own_name(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("sheets", "--ink-saver")
    assert result.status == 0, result.err
    assert "dead-mens-deck-ink-saver.pdf" in result.out
    assert (tmp_path / "output" / "dead-mens-deck-ink-saver.pdf").is_file()


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (
            ["sheets", "--template", "a4-3x3", "--duplex", "short"],
            "dead-mens-deck-a4-3x3-short.pdf",
        ),
        (["sheets", "--duplex", "none"], "dead-mens-deck-fronts-only.pdf"),
        (["rulebook", "--paper", "a4"], "rulebook-a4.pdf"),
        (["idsheet", "--paper", "a4"], "identification-sheet-a4.pdf"),
        (["calibrate", "--template", "a4-3x3"], "calibration-a4-3x3.pdf"),
        (["calibrate", "--duplex", "short"], "calibration-short.pdf"),
    ],
)
def test_a_command_with_other_options_never_replaces_the_kits_own_file(
    cli, tmp_path, monkeypatch, args, name
):
    monkeypatch.chdir(tmp_path)
    result = cli(*args)
    assert result.status == 0, result.err
    assert f"wrote output/{name} " in result.out
    assert [p.name for p in (tmp_path / "output").glob("*.pdf")] == [name]


def test_preflight_reports_the_ink(cli, tmp_path):
    path = tmp_path / "d.pdf"
    path.write_bytes(files("gutterfold-letter")["d.pdf"])
    result = cli("preflight", str(path))
    assert result.status == 0
    assert re.search(r"ink: \d+% of the paper printed, average density \d+%", result.out)


_TEXTS = ("text", "rich", "title", "index", "marks")


def _text_contrasts(faces, layout, cards):
    """(where, contrast) for every text of every card drawn with ``layout``, and for every
    badge's label against its badge."""
    from printkit.render.design import contrast
    from printkit.render.pdf import hex_color

    for card in cards:
        for box in layout.boxes:
            if box.kind not in _TEXTS or (box.when is not None and not box.when.holds(card.values)):
                continue
            where = f"{layout.source} [box.{box.name}] {card.row}"
            yield where, faces.contrast(layout, card, box)
            if box.kind == "marks" and box.badges:
                label = hex_color(box.on_fill.resolve(card.values) or "#ffffff")
                for paint in (box.fill, box.tag_fill):
                    if paint is not None and paint.resolve(card.values):
                        yield (
                            f"{where} badge",
                            contrast(label, hex_color(paint.resolve(card.values))),
                        )


def _shipped_faces(deck_id: str, ink_saver: bool):
    from printkit.cli.app import open_deck
    from printkit.render.design import CardFaces
    from printkit.render.pdf import Document

    from .printed import printed

    cards = printed(open_deck(deck_id, None, documents=False, look=True))
    doc = Document((612, 792), "t", "t", kind="sheets", paper="letter")
    faces = CardFaces(doc, cards, ink_saver=ink_saver)
    yield faces, cards.front, list(cards.cards)
    yield faces, cards.layouts["back"], [cards.cards[0]]
    yield faces, cards.layouts["blank"], [cards.blank]


@pytest.mark.parametrize("ink_saver", [False, True], ids=["normal", "ink-saver"])
def test_every_text_reads_at_4_5_to_1_against_what_lies_under_it(tmp_path, ink_saver):
    """WCAG AA for text, on every card of the shipped decks and the deck printkit new
    writes (with backs by type), in both modes: the ink saver's white grounds never
    leave a light text on them."""
    from printkit.load.design import load_design
    from printkit.render.design import CardFaces
    from printkit.render.pdf import Document
    from printkit.targets.scaffold import scaffold

    checked = []
    for deck_id in ("dead-mens-deck", "simplified-bang"):
        for faces, layout, cards in _shipped_faces(deck_id, ink_saver):
            checked += list(_text_contrasts(faces, layout, cards))
    folder = tmp_path / "potions"
    for relative, text in scaffold("Potions").items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    deck = load_design(folder)
    doc = Document((612, 792), "t", "t", kind="sheets", paper="letter")
    faces = CardFaces(doc, deck, ink_saver=ink_saver)
    for layout in (deck.front, *deck.layouts.values()):
        checked += list(_text_contrasts(faces, layout, deck.cards))
    assert len(checked) > 300
    low = [(where, round(ratio, 2)) for where, ratio in checked if ratio < 4.5]
    assert low == []


def test_the_ink_saver_keeps_backs_by_type_apart(tmp_path):
    import pypdfium2 as pdfium
    from PIL import ImageStat

    from printkit.layout.impose import impose
    from printkit.load.design import load_design
    from printkit.render.sheets import card_sheets
    from printkit.targets.scaffold import scaffold

    folder = tmp_path / "potions"
    for relative, text in scaffold("Potions").items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    spell = (folder / "back.toml").read_text().replace("#2e2235", "#1f5a7a")
    (folder / "back-spell.toml").write_text(spell)
    toml = folder / "deck.toml"
    toml.write_text(toml.read_text() + '\n[backs]\nfield = "type"\nspell = "back-spell.toml"\n')
    deck = load_design(folder)
    template = load_template("letter-3x3")
    pdf = card_sheets(deck, template, Settings(ink_saver=True))[""]
    page = pdfium.PdfDocument(pdf)[1].render(scale=1).to_pil().convert("RGB")
    backs = {}
    for placement in impose(template, len(deck.cards))[0].backs:
        r = placement.trim
        top = page.size[1] - r.top
        crop = page.crop((round(r.x), round(top), round(r.right), round(top + r.h)))
        backs.setdefault(deck.cards[placement.item].values["type"], crop)

    def ink(image):  # the colour of the lettering printed on the white
        mask = image.convert("L").point(lambda v: 255 if v < 120 else 0)
        return ImageStat.Stat(image, mask).mean

    potion, spell = ink(backs["potion"]), ink(backs["spell"])
    assert max(abs(a - b) for a, b in zip(potion, spell, strict=True)) > 25, (potion, spell)
