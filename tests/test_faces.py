"""Card faces: text fitting, markup, the user's own pictures, QR on and off, and the look.

The look is pinned by a reference image in tests/golden/, compared with a tolerance;
``pytest --update-golden`` rewrites it after a deliberate change of design.
"""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageStat

from printkit.errors import RenderError
from printkit.load.art import load_art
from printkit.load.catalogue import load_deck
from printkit.load.templates import load_template
from printkit.render.cards import card_pages
from printkit.render.sheets import card_sheets
from printkit.rules.qrcontent import card_text
from printkit.values.settings import Settings

from .pdfcheck import image_digests, reader
from .printed import printed

GOLDEN = Path(__file__).parent / "golden"


def render_cards(deck, art=None, qr=True, dpi=100) -> list[Image.Image]:
    data = card_pages(printed(deck, art), qr=qr).pdf
    pdf = pdfium.PdfDocument(data)
    return [pdf[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(pdf))]


def edit_effect(data_dir: Path, effect: str, key: str, value: str) -> None:
    path = data_dir / "decks" / "dead-mens-deck" / "effects.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index(f"[{effect}]")
    line_start = text.index(f"\n{key} = ", start) + 1
    line_end = text.index("\n", line_start)
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    path.write_text(text[:line_start] + f'{key} = "{escaped}"' + text[line_end:], encoding="utf-8")


def test_text_too_long_for_its_card_names_the_card(data_copy):
    edit_effect(data_copy, "spook", "text", "Shoot a BANG! at any living player. " * 14)
    deck = load_deck(data_dir=data_copy)
    with pytest.raises(RenderError) as info:
        card_pages(printed(deck))
    message = str(info.value)
    assert "card 2S (Spook!)" in message and "shorten 'text'" in message and "\n" not in message


def test_long_text_shrinks_but_fits(data_copy):
    edit_effect(data_copy, "spook", "text", "Shoot a BANG! at any living player you like. " * 5)
    deck = load_deck(data_dir=data_copy)
    card_pages(printed(deck))  # no error: the text shrank to fit


def test_markup_characters_are_printed_as_text(data_copy):
    odd = "Fish & chips <b>not bold</b> \"quoted\" and 'single' > all."
    edit_effect(data_copy, "decay", "text", odd)
    deck = load_deck(data_dir=data_copy)
    pdf = reader(card_pages(printed(deck)).pdf)
    index = next(i for i, c in enumerate(deck.cards) if c.effect.id == "decay")
    text = " ".join(pdf.pages[index].extract_text().split())
    assert "Fish & chips <b>not bold</b>" in text and '"quoted"' in text


def _png(width: int, height: int, color=(160, 40, 30)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), color).save(buffer, "PNG")
    return buffer.getvalue()


def test_users_raster_art_replaces_the_svg_and_is_stored_once(tmp_path):
    art_dir = tmp_path / "art" / "dead-mens-deck"
    art_dir.mkdir(parents=True)
    (art_dir / "spook.png").write_bytes(_png(300, 120))
    deck = load_deck()
    settings = Settings(qr=False, art_dir=tmp_path / "art")
    art = load_art(deck, settings.art_dir)
    parts = card_sheets(printed(deck, art), load_template("plaincards-letter"), settings)
    digests = image_digests(reader(parts[""]))
    # Spook! is on three cards; its picture is stored once.
    assert len(digests) == 1


def test_raster_art_is_cropped_never_stretched(tmp_path):
    from printkit.render.art import fit_raster
    from printkit.values.pictures import Picture

    cropped = Image.open(io.BytesIO(fit_raster(Picture("tall.png", _png(100, 400)), 200.0, 100.0)))
    assert abs(cropped.width / cropped.height - 2.0) < 0.02
    assert cropped.width == 100  # the picture's own width, kept: only the height was cut


def _huge_png() -> bytes:
    """A tiny file whose header claims 100,000 x 100,000 pixels."""
    data = _png(1, 1)
    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (
        data[:8] + struct.pack(">I", 13) + chunk + struct.pack(">I", zlib.crc32(chunk)) + data[33:]
    )


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"not a picture at all", "not a readable PNG or JPEG picture"),
        (_huge_png(), "100,000 x 100,000 pixels"),
    ],
)
def test_bad_raster_art_fails_clearly(tmp_path, content, expected):
    art_dir = tmp_path / "art" / "dead-mens-deck"
    art_dir.mkdir(parents=True)
    (art_dir / "spook.png").write_bytes(content)
    deck = load_deck()
    with pytest.raises(RenderError, match=expected) as info:
        card_pages(printed(deck, load_art(deck, tmp_path / "art")))
    assert "spook.png" in str(info.value)


def test_broken_svg_fails_clearly(tmp_path):
    art_dir = tmp_path / "art" / "dead-mens-deck"
    art_dir.mkdir(parents=True)
    (art_dir / "back.svg").write_text("<svg><path d='M0 0", encoding="utf-8")
    deck = load_deck()
    with pytest.raises(
        RenderError, match=r"back.svg: is not well-formed XML \(line 1, column \d+\)"
    ):
        card_pages(printed(deck, load_art(deck, tmp_path / "art")))


def test_users_back_replaces_printkits(tmp_path):
    art_dir = tmp_path / "art" / "dead-mens-deck"
    art_dir.mkdir(parents=True)
    (art_dir / "back.png").write_bytes(_png(70, 95, (20, 120, 40)))
    deck = load_deck()
    back = render_cards(deck, load_art(deck, tmp_path / "art"), qr=False)[-1]
    centre = back.getpixel((back.width // 2, back.height // 2))
    assert abs(centre[0] - 20) < 8 and abs(centre[1] - 120) < 8 and abs(centre[2] - 40) < 8


def test_every_cards_qr_code_reads_back_and_no_qr_leaves_them_off():
    import zxingcpp

    deck = load_deck()
    with_qr = render_cards(deck, dpi=200)
    for card, image in zip(deck.cards, with_qr, strict=False):
        assert [code.text for code in zxingcpp.read_barcodes(image)] == [card_text(card, deck)]
    without = render_cards(deck, qr=False, dpi=200)
    assert all(not zxingcpp.read_barcodes(image) for image in without[:10])


def test_qr_codes_keep_a_readable_module_size_and_width():
    from printkit.render.qr import QUIET, qr_code

    deck = load_deck()
    for card in deck.cards:
        modules = qr_code(card_text(card, deck)).size
        width_mm = (modules + 2 * QUIET) * 0.4
        assert 14 <= width_mm <= 20.5, (card.code, width_mm)


def _shapes(node):
    from reportlab.graphics.shapes import Group

    if isinstance(node, Group):
        for child in node.contents:
            yield from _shapes(child)
    else:
        yield node


@pytest.mark.parametrize("recolour", ["tinted", "lightened", "without_ground"])
def test_recolouring_a_picture_leaves_the_picture_as_it_was(recolour):
    from reportlab.lib.colors import Color

    from printkit.render import art as place

    library = load_art(load_deck("dead-mens-deck"))
    for picture in (library.back_picture, *library.effects.values(), *library.icons.values()):
        drawing = picture.drawing
        before = [
            (s.__dict__.get("fillColor"), s.__dict__.get("strokeColor")) for s in _shapes(drawing)
        ]
        if recolour == "tinted":
            copy = place.tinted(drawing, Color(0.1, 0.5, 0.2))
        else:
            copy = getattr(place, recolour)(drawing)
        after = [
            (s.__dict__.get("fillColor"), s.__dict__.get("strokeColor")) for s in _shapes(drawing)
        ]
        assert after == before, picture.source
        assert not {id(s) for s in _shapes(copy)} & {id(s) for s in _shapes(drawing)}
        if recolour == "tinted":
            assert all(
                getattr(s, "fillColor", None) in (None, Color(0.1, 0.5, 0.2)) for s in _shapes(copy)
            )


def _aid_lines(pdf: bytes, page: int) -> list[tuple[float, str, float, str]]:
    """Each run of text on an aid's side where a line starts: (x, face, size, text)."""
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip() and font is not None:
            face = str(font.get("/BaseFont")).split("+")[-1]
            runs.append((round(tm[4] * cm[0] + cm[4], 2), face, round(size * tm[0], 2), text))

    reader(pdf).pages[page].extract_text(visitor_text=visit)
    return runs


def test_both_sides_of_the_aid_are_set_at_one_size_with_hanging_bullets():
    deck = load_deck()
    pages = card_pages(printed(deck), aid=True)
    lines = _aid_lines(pages.pdf, pages.aid) + _aid_lines(pages.pdf, pages.aid + 1)
    body = [
        line for line in lines if line[1].startswith("ZillaSlab-") and "SemiBold" not in line[1]
    ]
    sizes = {size for _, _, size, _ in body}
    assert len(sizes) == 1 and min(sizes) >= 7.0, sizes  # turning the card over keeps the type
    bullets = {x for x, _, _, text in body if text.strip() == "•"}
    assert len(bullets) == 1
    # Every line of a list item, first or wrapped, starts at one indent right of its bullet.
    items = {x for x, _, _, text in body if text.strip() != "•" and x > min(bullets)}
    assert len(items) == 1 and min(items) - min(bullets) > 5.0, items


def _bands(image: Image.Image, dpi: float) -> tuple[float, float]:
    """The mean brightness of a card's outer band (the trim to 2.5 mm in) and of the
    band inside it (2.5 mm to 8 mm in)."""
    w, h = image.size

    def ring(outer_mm: float, inner_mm: float) -> float:
        outer, inner = (round(v / 25.4 * dpi) for v in (outer_mm, inner_mm))
        grey = image.convert("L")
        mask = Image.new("L", image.size, 0)
        mask.paste(255, (outer, outer, w - outer, h - outer))
        mask.paste(0, (inner, inner, w - inner, h - inner))
        return ImageStat.Stat(grey, mask).mean[0]

    return ring(0, 2.5), ring(2.5, 8)


@pytest.mark.parametrize("ink_saver", [False, True])
def test_no_back_draws_a_line_near_its_trim(tmp_path, ink_saver):
    """A back printed a millimetre off its front must look the same: near its edges it
    is even, with no frame or rule (the catalogue decks' backs, plain and ink saver, and
    the back printkit new writes); the ink saver's is white there."""
    from printkit.load.design import load_design

    from .test_design import make_deck

    decks = [printed(load_deck(d)) for d in ("dead-mens-deck", "simplified-bang")]
    decks.append(load_design(make_deck(tmp_path / "potions")))
    for cards in decks:
        pages = card_pages(cards, ink_saver=ink_saver)
        document = pdfium.PdfDocument(pages.pdf)
        back = document[len(cards.cards)].render(scale=200 / 72).to_pil().convert("RGB")
        outer, inner = _bands(back, 200)
        assert abs(outer - inner) < 3, (cards.id, outer, inner)
        if ink_saver:
            assert min(outer, inner) > 254, (cards.id, outer, inner)


def test_a_raster_picture_an_svg_places_is_drawn_the_right_way_up(tmp_path):
    """An SVG's <image> of a PNG beside it prints (it stopped every build), read when
    the deck is loaded, upright: the picture's red top above its blue bottom."""
    import printkit

    from .test_design import make_deck

    deck = make_deck(tmp_path / "potions")
    pixels = Image.new("RGB", (40, 40), (220, 0, 0))
    pixels.paste((0, 0, 220), (0, 20, 40, 40))
    pixels.save(deck / "art" / "half.png")
    (deck / "art" / "flask.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'viewBox="0 0 100 100" width="100" height="100">'
        '<image x="0" y="0" width="100" height="100" xlink:href="half.png"/></svg>',
        encoding="utf-8",
    )
    parts = card_sheets(printkit.load_deck(deck), load_template("plaincards-letter"), Settings())
    page = pdfium.PdfDocument(parts[""])[0].render(scale=1).to_pil().convert("RGB")
    rows = {"red": [], "blue": []}
    for y in range(page.height):
        for x in range(0, page.width, 3):
            r, g, b = page.getpixel((x, y))
            if r > 180 and g < 60 and b < 60:
                rows["red"].append(y)
            elif b > 180 and r < 60 and g < 60:
                rows["blue"].append(y)
    assert rows["red"] and rows["blue"]
    assert sum(rows["red"]) / len(rows["red"]) < sum(rows["blue"]) / len(rows["blue"])
