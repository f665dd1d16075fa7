"""Print sheets, checked on the written PDF: every back lands behind its own front.

For every preset template and every duplex mode the PDF is read back with pypdf and
each form's placement is recovered from the content stream; a back's position,
mirrored the way the sheet is turned over, must equal its front's to 0.01 mm.
"""

from __future__ import annotations

import math
from functools import cache

import pytest

from printkit.layout.impose import slot_rects
from printkit.load.catalogue import load_deck
from printkit.load.templates import load_template, template_names
from printkit.render.sheets import card_sheets
from printkit.values.settings import Settings

from .pdfcheck import MM, drawn_forms, reader
from .printed import printed

#: The templates printed on both sides of the paper (the gutterfolds: test_print_modes).
TEMPLATES = [name for name in template_names() if not load_template(name).fold]
DUPLEX = ["long", "short", "manual", "none"]
TOLERANCE = 0.01 * MM


@cache
def sheets(template: str, duplex: str, offset: tuple[float, float] = (0.0, 0.0)):
    deck = load_deck()
    options = Settings(duplex=duplex, back_offset=(offset[0] * MM, offset[1] * MM), qr=False)
    return card_sheets(printed(deck), load_template(template), options)


def pages(template: str, duplex: str, offset=(0.0, 0.0)):
    """[(fronts placements, backs placements or None)] per sheet, from the PDF(s)."""
    parts = sheets(template, duplex, offset)
    t = load_template(template)
    if "" in parts:
        pdf = reader(parts[""])
        per_sheet = 2 if (t.backs and duplex in ("long", "short")) else 1
        result = []
        for i in range(0, len(pdf.pages), per_sheet):
            backs = drawn_forms(pdf, i + 1) if per_sheet == 2 else None
            result.append((drawn_forms(pdf, i), backs))
        return result
    fronts, backs = reader(parts["fronts"]), reader(parts["backs"])
    assert len(fronts.pages) == len(backs.pages)
    return [(drawn_forms(fronts, i), drawn_forms(backs, i)) for i in range(len(fronts.pages))]


def turned_top_over_bottom(t, duplex) -> bool:
    """Whether the sheet turns over top to bottom: the short edge of portrait paper, the
    long edge of landscape paper (a landscape page is printed turned a quarter)."""
    return (duplex == "short") != (t.paper_width > t.paper_height)


def flipped(drawn, t, duplex):
    """Where a back's box lies, seen from the front side once the sheet is turned over."""
    if not turned_top_over_bottom(t, duplex):
        return (t.paper_width - drawn.x - drawn.w, drawn.y)
    return (drawn.x, t.paper_height - drawn.y - drawn.h)


@pytest.mark.parametrize("template", TEMPLATES)
@pytest.mark.parametrize("duplex", DUPLEX)
def test_every_back_lands_on_its_own_front(template, duplex):
    t = load_template(template)
    deck = load_deck()
    sheet_pages = pages(template, duplex)
    assert len(sheet_pages) == math.ceil(len(deck.cards) / t.per_sheet)
    drawn = []
    for fronts, backs in sheet_pages:
        # The last sheet's spare slots hold blank cards for house rules: no empty slot.
        assert len(fronts) == t.per_sheet
        drawn += [d.name for d in fronts]
        if not t.backs or duplex == "none":
            assert backs is None or backs == []
            continue
        assert len(backs) == len(fronts)
        for front, back in zip(fronts, backs, strict=True):
            assert back.name.startswith("back-")
            bx, by = flipped(back, t, duplex)
            assert abs(bx - front.x) < TOLERANCE and abs(by - front.y) < TOLERANCE
            assert abs(back.w - front.w) < TOLERANCE and abs(back.h - front.h) < TOLERANCE
            # Turned over top to bottom, a back stands upright on its card turned over
            # sideways only drawn at 180 degrees.
            assert back.rotation == (180 if turned_top_over_bottom(t, duplex) else 0)
    # Every card in its own slot, in deck order: slot i draws card i's own front.
    assert drawn[: len(deck.cards)] == fronts_of(t)


@cache
def fronts_of(t) -> list[str]:
    """The name of each card's front form, drawn at the template's card size."""
    from printkit.layout.design import scaled_set
    from printkit.render.design import CardFaces
    from printkit.render.pdf import Document

    cards = scaled_set(printed(load_deck()), t.card_width, t.card_height)
    doc = Document((t.paper_width, t.paper_height), "", "", kind="sheets", paper=t.paper)
    faces = CardFaces(doc, cards, qr=False)
    return [faces.front(i) for i in range(len(cards.cards))]


@pytest.mark.parametrize("template", TEMPLATES)
def test_fronts_sit_in_the_templates_slots(template):
    t = load_template(template)
    slots = slot_rects(t)
    for fronts, _ in pages(template, "long"):
        assert len(fronts) == len(slots)
        for index, front in enumerate(fronts):
            slot = slots[index]
            assert abs(front.x - slot.x) < TOLERANCE and abs(front.y - slot.y) < TOLERANCE
            assert abs(front.w - t.card_width) < TOLERANCE
            assert abs(front.h - t.card_height) < TOLERANCE


@pytest.mark.parametrize("duplex", ["long", "short", "manual"])
def test_back_offset_moves_backs_by_exactly_that(duplex):
    plain = pages("letter-3x3", duplex)
    moved = pages("letter-3x3", duplex, (1.5, -0.5))
    for (fronts_a, backs_a), (fronts_b, backs_b) in zip(plain, moved, strict=True):
        assert fronts_a == fronts_b  # fronts never move
        for a, b in zip(backs_a, backs_b, strict=True):
            assert abs((b.x - a.x) - 1.5 * MM) < TOLERANCE
            assert abs((b.y - a.y) + 0.5 * MM) < TOLERANCE


@pytest.mark.parametrize("template", TEMPLATES)
def test_page_count_and_size(template):
    t = load_template(template)
    pdf = reader(sheets(template, "long")[""])
    sheets_needed = math.ceil(52 / t.per_sheet)
    assert len(pdf.pages) == sheets_needed * (2 if t.backs else 1)
    for page in pdf.pages:
        assert abs(float(page.mediabox.width) - t.paper_width) < TOLERANCE
        assert abs(float(page.mediabox.height) - t.paper_height) < TOLERANCE


def test_manual_duplex_writes_two_files_of_equal_length():
    parts = sheets("plaincards-letter", "manual")
    assert set(parts) == {"fronts", "backs"}
    assert len(reader(parts["fronts"]).pages) == len(reader(parts["backs"]).pages) == 6


def test_every_effect_name_is_in_the_fronts_text():
    pdf = reader(sheets("plaincards-letter", "long")[""])
    text = " ".join(pdf.pages[i].extract_text() for i in range(0, len(pdf.pages), 2))
    text = " ".join(text.split())
    for effect in load_deck().effects:
        # A long name may be set on two lines; its words must all be there in order.
        assert " ".join(effect.name.split()) in text or all(w in text for w in effect.name.split())


def test_metadata_is_set():
    meta = reader(sheets("plaincards-letter", "long")[""]).metadata
    assert "Dead Men's Deck" in meta.title
    assert meta.subject and meta.creator.startswith("printkit")


@pytest.mark.parametrize("duplex", ["long", "short", "manual"])
@pytest.mark.parametrize(
    ("template", "skip"),
    [("plaincards-letter", (1, 5, 9)), ("silhouette-letter", (2,)), ("gutterfold-letter", (1,))],
)
def test_skipped_slots_stay_empty_on_both_sides_and_every_back_stays_on_its_front(
    template, skip, duplex
):
    from printkit.load.templates import skipping
    from printkit.render.cutfile import cut_svg

    t = skipping(load_template(template), skip)
    assert t.per_sheet == t.columns * t.rows - len(skip)
    deck = printed(load_deck())
    parts = card_sheets(deck, t, Settings(duplex=duplex, qr=False))
    slots = slot_rects(t)
    empty = [slots[s - 1] for s in skip]
    fronts_pdf = reader(parts.get("fronts") or parts[""])
    backs_pdf = reader(parts["backs"]) if "backs" in parts else fronts_pdf
    step = 1 if "backs" in parts or t.fold else 2
    for page in range(0, len(fronts_pdf.pages), step):
        fronts = drawn_forms(fronts_pdf, page)
        if t.fold:  # fronts and backs on one page, across the fold
            fronts = [d for d in fronts if not d.name.startswith("back-")]
        assert len(fronts) <= t.per_sheet
        for front in fronts:
            assert not any(
                abs(front.x - e.x) < TOLERANCE and abs(front.y - e.y) < TOLERANCE for e in empty
            )
        if t.fold:
            continue
        backs = drawn_forms(backs_pdf, page if "backs" in parts else page + 1)
        assert len(backs) == len(fronts)
        for front, back in zip(fronts, backs, strict=True):
            bx, by = flipped(back, t, duplex)
            assert abs(bx - front.x) < TOLERANCE and abs(by - front.y) < TOLERANCE
    placed = sum(  # every card prints, on more sheets
        len([d for d in drawn_forms(fronts_pdf, p) if not d.name.startswith("back-")])
        for p in range(0, len(fronts_pdf.pages), step)
    )
    assert placed >= len(deck.cards)
    assert cut_svg(t, "cards").count(b"<rect ") == t.per_sheet  # nothing cut where none is


def test_a_slot_the_sheet_has_not_is_refused(cli):
    for value, status in (("10", 2), ("0", 2), ("1,2,3,4,5,6,7,8,9", 2), ("one", 2)):
        result = cli("sheets", "--skip", value, "-o", "/tmp/unused.pdf")
        assert result.status == status and result.err.count("\n") == 1, result.err


def test_a_printers_kept_offset_is_the_flags_and_a_bad_one_is_blamed_on_it(
    cli, tmp_path, monkeypatch
):
    flag, kept = tmp_path / "flag.pdf", tmp_path / "kept.pdf"
    args = ("sheets", "simplified-bang", "--template", "letter-3x3")
    assert cli(*args, "--back-offset", "1.5,-0.5", "-o", str(flag)).status == 0
    monkeypatch.setenv("PRINTKIT_BACK_OFFSET", "1.5,-0.5")
    assert cli(*args, "-o", str(kept)).status == 0
    assert flag.read_bytes() == kept.read_bytes()
    monkeypatch.setenv("PRINTKIT_BACK_OFFSET", "1.5;-0.5")
    bad = cli(*args, "-o", str(kept))
    assert bad.status == 2 and "PRINTKIT_BACK_OFFSET" in bad.err and "--back-offset" not in bad.err


def test_page_images_are_each_page_at_print_resolution_and_go_with_their_sheets(cli, tmp_path):
    from PIL import Image

    target = tmp_path / "deck.pdf"
    args = ("sheets", "simplified-bang", "--template", "a4-3x3", "-o", str(target))
    assert cli(*args, "--page-images").status == 0
    pdf = reader(target.read_bytes())
    pngs = sorted(tmp_path.glob("deck-page-*.png"))
    assert len(pngs) == len(pdf.pages) and pngs[0].name == "deck-page-01.png"
    for index in (0, 1):
        with Image.open(pngs[index]) as image:
            width, height = (float(side) / 72 * 300 for side in pdf.pages[index].mediabox[2:])
            assert abs(image.width - width) <= 1 and abs(image.height - height) <= 1
            assert round(image.info["dpi"][0]) == 300
    assert cli(*args).status == 0  # sheets without them: the old pages go
    assert not list(tmp_path.glob("deck-page-*.png"))


def test_page_images_of_a_page_too_large_to_draw_are_refused_before_drawing(cli, tmp_path):
    result = cli("sheets", "simplified-bang", "--template", "letter-3x3", "--paper",
                 "1000x1500mm", "--page-images", "-o", str(tmp_path / "big.pdf"))  # fmt: skip
    assert result.status == 1 and "too large to draw as an image" in result.err
    assert not list(tmp_path.iterdir())
