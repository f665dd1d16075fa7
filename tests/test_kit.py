"""The whole kit: every deck, print-on-demand images, proof sheets, player aids, and a
third deck made of data files alone."""

from __future__ import annotations

import io
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from printkit.load.catalogue import deck_ids, load_deck
from printkit.load.templates import load_template
from printkit.output.commit import RECORD
from printkit.render import raster
from printkit.render.raster import PROOF_CARDS, _png, card_images
from printkit.rules.draw import CHECKS
from printkit.targets.sheets import sheet_files
from printkit.values.settings import Settings
from printkit.values.shops import SHOPS

from .pdfcheck import reader
from .printed import printed


@cache
def images(shop: str, deck: str = "dead-mens-deck", dpi: int | None = None) -> dict[str, bytes]:
    return dict(card_images(printed(load_deck(deck)), SHOPS[shop], dpi))


@pytest.mark.parametrize(
    ("shop", "size"), [("mpc", (822, 1122)), ("tgc", (825, 1125)), ("png", (750, 1050))]
)
def test_print_on_demand_images_have_the_shops_size(shop, size):
    exported = images(shop)
    assert len(exported) == 53 and list(exported)[-1] == "back.png"
    for data in exported.values():
        image = Image.open(io.BytesIO(data))
        assert image.size == size and image.mode == "RGB"


def test_dpi_scales_the_images():
    image = Image.open(io.BytesIO(images("tgc", dpi=150)["back.png"]))
    assert abs(image.size[0] - 2.75 * 150) <= 0.5 and abs(image.size[1] - 3.75 * 150) <= 0.5


def test_images_are_named_in_deck_order():
    names = list(images("mpc"))
    assert names[0] == "01-2S-spook.png" and names[6] == "07-8S-spook.png"
    assert names[51] == "52-AD-seance.png" and names == sorted(names)


@pytest.mark.parametrize("shop", ["mpc", "tgc"])
def test_the_bleed_is_filled_to_the_edge(shop):
    """No white edge: the outermost pixels of every image are the design's, not paper."""
    for name, data in images(shop).items():
        image = Image.open(io.BytesIO(data))
        width, height = image.size
        ring = [image.getpixel((x, y)) for x in range(0, width, 7) for y in (0, height - 1)]
        ring += [image.getpixel((x, y)) for y in range(0, height, 7) for x in (0, width - 1)]
        assert all(min(pixel) < 245 for pixel in ring), name


def test_the_simplified_decks_images_keep_their_order():
    names = list(images("png", "simplified-bang", 18))
    assert len(names) == 72 and names[0] == "01-barrel-1.png" and names[-2] == "71-indians-2.png"
    assert names[-1] == "back.png"


def test_proofs_are_legible_and_split_where_one_image_would_be_too_large():
    for deck_id in ("dead-mens-deck", "simplified-bang"):
        deck = load_deck(deck_id)
        template = load_template("plaincards-letter")
        cards = printed(deck)
        files = sheet_files(cards, template, Settings(aids=4), Path("out/deck.pdf"), proof=True)
        images = [data for path, data in sorted(files) if "-proof-" in path.name]
        thumbs = len(deck.cards) + 1
        assert len(images) == -(-thumbs // PROOF_CARDS)
        for data in images:
            image = Image.open(io.BytesIO(data))
            assert len(data) < 4_000_000 and max(image.size) <= 2600
        # Each card is at least 375 px wide: six across the first image, with 12 px gaps.
        first = Image.open(io.BytesIO(images[0])).convert("RGB")
        assert (first.size[0] - 12) / 6 - 12 >= 375
        # Cut as the template cuts it: the card's corner is the proof's ground, its middle
        # the card (the first card sits 12 px in, under a 52 px heading).
        width = (first.size[0] - 12) // 6 - 12
        assert first.getpixel((12, 64)) == first.getpixel((4, 4))
        assert first.getpixel((12 + width // 2, 64 + 3)) != first.getpixel((4, 4))


@pytest.mark.parametrize("deflater", ["isal", "zlib"])
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 40), st.integers(1, 3 * raster._ROWS), st.randoms(use_true_random=False))
def test_a_proof_png_holds_exactly_its_pixels(deflater, width, height, rnd):
    """The proofs' own PNG packing, by ISA-L or (where it has no wheel) zlib, a band of
    rows at a time: any RGB image reads back whole, its checksums right."""
    import zlib

    module = zlib if deflater == "zlib" else pytest.importorskip("isal.isal_zlib")
    factory = module.compressobj
    image = Image.frombytes("RGB", (width, height), rnd.randbytes(width * height * 3))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(raster, "_deflater", lambda: (factory, deflater))
        data = _png(image)
    Image.open(io.BytesIO(data)).verify()  # every chunk's CRC and the zlib stream
    back = Image.open(io.BytesIO(data))
    assert back.mode == "RGB" and back.size == (width, height)
    assert back.tobytes() == image.tobytes()


def test_the_simplified_deck_has_71_cards_in_the_right_counts():
    deck = load_deck("simplified-bang")
    counts = Counter(card.effect.name for card in deck.cards)
    assert counts == {
        "Barrel": 2, "Dynamite": 1, "Jail": 3, "BANG!": 30, "Missed!": 15, "Beer": 8,
        "Cat Balou": 6, "Stagecoach": 4, "Indians!": 2,
    }  # fmt: skip
    assert len(deck.cards) == 71 and not deck.playing_cards
    types = {card.effect.name: card.effect.type for card in deck.cards}
    assert {name for name, t in types.items() if t == "blue"} == {"Barrel", "Dynamite", "Jail"}


def test_the_player_aid_agrees_with_the_rules():
    aid = load_deck().aid
    back = " ".join(section.text for section in aid.back)
    # Each check's line, from the same table the companion judges draws! by.
    plain = back.replace("\xa0", " ").replace("**", "")
    assert "Barrel: ♥ works · ♠♣♦ fails" in plain and "Dynamite: ♠ 2–9 explodes" in plain
    assert all(check.summary() in back for check in CHECKS.values())
    front = " ".join(section.title for section in aid.front)
    assert "A ghost’s turn" in front and "Negation" in front


def test_build_makes_the_whole_kit(cli, tmp_path):
    result = cli("build", "--out", str(tmp_path))
    assert result.status == 0, result.err
    made = {p.name for p in tmp_path.iterdir() if p.name != RECORD}
    assert made >= {
        "dead-mens-deck.pdf", "identification-sheet.pdf", "rulebook.pdf", "rulebook-booklet.pdf",
        "dead-mens-deck-proof-1.png", "dead-mens-deck-proof-3.png", "simplified-bang.pdf",
        "simplified-bang-rules.pdf", "simplified-bang-proof-4.png", "calibration.pdf",
        "print-guide.pdf",
    }  # fmt: skip
    # 52 cards and 4 player aids: 56 cards, 7 sheets, fronts and backs.
    assert len(reader((tmp_path / "dead-mens-deck.pdf").read_bytes()).pages) == 14
    assert len(reader((tmp_path / "simplified-bang-rules.pdf").read_bytes()).pages) == 1
    assert "dead-mens-deck.pdf" in result.out and "KiB" in result.out


def test_build_one_deck_and_no_aids(cli, tmp_path):
    result = cli(
        "build", "--deck", "dead-mens-deck", "--aids", "0", "--quiet", "--out", str(tmp_path)
    )
    assert result.status == 0 and result.out == ""
    assert not (tmp_path / "simplified-bang.pdf").exists()
    assert len(reader((tmp_path / "dead-mens-deck.pdf").read_bytes()).pages) == 12


def test_a_build_without_proofs_removes_the_last_builds_proofs(cli, tmp_path):
    args = ("build", "--deck", "simplified-bang", "--quiet", "--out", str(tmp_path))
    assert cli(*args).status == 0
    assert sorted(tmp_path.glob("simplified-bang-proof-*.png"))
    assert cli(*args, "--no-proofs").status == 0
    assert not sorted(tmp_path.glob("*-proof-*.png"))  # none left behind to mislead
    assert (tmp_path / "simplified-bang.pdf").is_file()


def test_build_writes_nothing_when_a_pdf_fails_its_preflight(cli, tmp_path, monkeypatch):
    """Every PDF of the kit is preflighted before anything is written: one failure, and
    no file of any job is written."""
    from reportlab.lib.units import mm

    from printkit.render.fonts import BODY, register_fonts
    from printkit.render.pdf import Document
    from printkit.targets import kit
    from printkit.targets.files import Job

    register_fonts()

    def tiny_text() -> dict[Path, bytes]:
        doc = Document((210 * mm, 297 * mm), "t", "t", kind="sheets", paper="a4", duplex="long")
        doc.canvas.setFont(BODY, 4)  # under the 6 pt any printed text must reach
        doc.canvas.drawString(50 * mm, 150 * mm, "Too small to read")
        doc.canvas.showPage()
        return {tmp_path / "out" / "tiny.pdf": doc.finish()}

    def tiny(_request):
        return [Job("tiny", tiny_text)]

    monkeypatch.setattr(kit, "ONCE", (*kit.ONCE, tiny))  # one more row of the kit's table
    result = cli("build", "--deck", "dead-mens-deck", "--quiet", "--out", str(tmp_path / "out"))
    assert result.status == 1
    assert "tiny.pdf: preflight failed on page 1" in result.err, result.err
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_export_command(cli, tmp_path):
    result = cli("export", "simplified-bang", "--for", "png", "--dpi", "72", "-o", str(tmp_path))
    assert result.status == 0, result.err
    assert len(list(tmp_path.glob("*.png"))) == 72


MADE_UP = {
    "deck.toml": """
name = "Tumbleweed"
game = "A made-up game"
description = "A test deck written as data only"
index = "none"

[rules]
source = "rules.md"
layout = "sheet"
output = "tumbleweed-rules"
""",
    "effects.toml": """
[roll]
name = "Roll"
summary = "Roll on."
text = "Move the tumbleweed one seat left."
note = "The tumbleweed moves."
targets = []

[stop]
name = "Stop"
summary = "It stops."
text = "The tumbleweed stays put."
note = "Nothing moves."
targets = []
""",
    "cards.csv": "effect,count\nroll,7\nstop,3\n",
    "rules.md": "## Playing\n\nPass the tumbleweed around.\n\n{{cards}}\n",
}


def _made_up(folder: Path) -> Path:
    deck = folder / "decks" / "tumbleweed"
    deck.mkdir(parents=True)
    for name, text in MADE_UP.items():
        (deck / name).write_text(text, encoding="utf-8")
    return folder


def test_a_third_deck_made_of_data_files_alone_builds(cli, tmp_path):
    data = _made_up(tmp_path / "data")
    assert deck_ids(data) == ["tumbleweed"]
    out = tmp_path / "out"
    result = cli("build", "--data-dir", str(data), "--out", str(out), "--quiet")
    assert result.status == 0, result.err
    assert {p.name for p in out.iterdir() if p.name != RECORD} == {
        "tumbleweed.pdf", "tumbleweed-cards.json", "tumbleweed-rules.pdf",
        "tumbleweed-proof-1.png", "calibration.pdf", "print-guide.pdf",
    }  # fmt: skip
    assert len(load_deck("tumbleweed", data).cards) == 10
    lookup = cli("lookup", "roll", "--deck", "tumbleweed", "--data-dir", str(data), "--json")
    assert lookup.status == 0 and '"name": "Roll"' in lookup.out


def _fonts(resources, seen) -> dict[str, bool]:
    found = {}
    for ref in (resources.get("/Font") or {}).values():
        font = ref.get_object()
        embedded = "/DescendantFonts" in font or "/FontFile2" in font.get("/FontDescriptor", {})
        found[str(font.get("/BaseFont"))] = embedded
    for ref in (resources.get("/XObject") or {}).values():
        obj = ref.get_object()
        if obj.get("/Subtype") == "/Form" and ref.idnum not in seen:
            seen.add(ref.idnum)
            found |= _fonts(obj.get("/Resources") or {}, seen)
    return found


def test_every_font_in_the_kit_is_embedded(built_kit):
    for pdf in sorted(built_kit.glob("*.pdf")):
        seen: set[int] = set()
        fonts = {}
        for page in reader(pdf.read_bytes()).pages:
            fonts |= _fonts(page.get("/Resources") or {}, seen)
        assert fonts and all(fonts.values()), (pdf.name, fonts)
        assert all("+" in name for name in fonts), (pdf.name, fonts)  # subsets only


def test_card_makers_game_folder_holds_every_front_and_the_one_back(cli, tmp_path):
    """Silhouette Card Maker reads game/front and game/back: every trimmed card, in the
    deck's order, and the deck's one back (its bleed is Card Maker's to add)."""
    out = tmp_path / "scm"
    assert cli("export", "--for", "cardmaker", "-o", str(out)).status == 0
    fronts = sorted((out / "game" / "front").iterdir())
    assert len(fronts) == 52 and fronts[0].name == "01-2S-spook.png"
    assert [p.name for p in (out / "game" / "back").iterdir()] == ["back.png"]
    assert not (out / "game" / "double_sided").exists()
    with Image.open(fronts[0]) as image:
        assert image.size == (750, 1050)  # a poker card at 300 dpi, trimmed


def test_the_print_guide_lists_every_file_a_player_uses_calibration_first(built_kit):
    """Every document of the kit and the phone page, by file name, in the order a player
    uses them: the calibration page before any card."""
    guide = " ".join(
        " ".join(page.extract_text().split())
        for page in reader((built_kit / "print-guide.pdf").read_bytes()).pages
    )
    used = sorted(
        p.name
        for p in built_kit.iterdir()
        if p.suffix in (".pdf", ".html") and p.name != "print-guide.pdf"
    )
    assert used and all(name in guide for name in used), (used, guide[:400])
    assert guide.index("calibration.pdf") < guide.index("dead-mens-deck.pdf")
    assert guide.index("dead-mens-deck.pdf") < guide.index("table.html")
    # Calibrating comes before counting the sheets.
    assert guide.index("line the backs up") < guide.index("Count the deck")
