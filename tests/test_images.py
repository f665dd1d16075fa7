"""A folder of card images printed as a deck: order, backs, bleed measured and made,
resolution as a warning, and every back behind its front."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from printkit.errors import CatalogueError
from printkit.load.images import load_images, natural_key
from printkit.load.templates import load_template
from printkit.render.cards import card_pages
from printkit.render.design import FACE_BLEED
from printkit.render.sheets import card_sheets
from printkit.values.cardsizes import CARD_SIZES
from printkit.values.pictures import ImageOptions
from printkit.values.settings import Settings

from .pdfcheck import MM, drawn_forms, reader

RED, GREEN, BLUE = (187, 0, 0), (34, 170, 102), (51, 102, 204)


def _card(path: Path, size=(750, 1050), border=12, inner=GREEN, edge=RED) -> Path:
    """A card image: ``edge`` for ``border`` pixels round ``inner``."""
    image = Image.new("RGB", size, edge)
    ImageDraw.Draw(image).rectangle(
        (border, border, size[0] - 1 - border, size[1] - 1 - border), fill=inner
    )
    image.save(path)
    return path


@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=30, unique=True))
def test_numbered_files_sort_by_their_numbers(numbers):
    names = [f"card{n}" for n in numbers]
    assert sorted(names, key=natural_key) == [f"card{n}" for n in sorted(numbers)]


def test_fronts_in_name_order_with_the_folders_back_and_a_card_of_its_own(tmp_path):
    for name in ("card10", "card2", "Card1", "ace-front", "ace-back", "back"):
        _card(tmp_path / f"{name}.png")
    deck = load_images(tmp_path).cards
    assert [c.values["name"] for c in deck.cards] == ["ace", "Card1", "card2", "card10"]
    backs = {c.values["name"]: Path(c.values["back"]).name for c in deck.cards}
    assert backs == {
        "ace": "ace-back.png",
        "Card1": "back.png",
        "card2": "back.png",
        "card10": "back.png",
    }


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (("one", "two-back", "back"), "two-back.png: a back with no front"),
        (("one", "two-front", "two-back"), "one.png: no back, while other cards have their own"),
        (("back",), "no PNG or JPEG card images"),
    ],
)
def test_no_front_silently_gets_another_back(tmp_path, files, message):
    for name in files:
        _card(tmp_path / f"{name}.png")
    with pytest.raises(CatalogueError, match=message):
        load_images(tmp_path)


def test_every_back_lies_behind_its_front(tmp_path):
    for n in range(1, 8):
        _card(tmp_path / f"card{n}.png", inner=(20 * n, 40, 90))
    _card(tmp_path / "card3-back.png", inner=BLUE)
    _card(tmp_path / "back.png", inner=(30, 30, 30))
    deck = load_images(tmp_path).cards
    t = load_template("letter-3x3")
    pdf = reader(card_sheets(deck, t, Settings())[""])
    fronts, backs = drawn_forms(pdf, 0), drawn_forms(pdf, 1)
    assert len(fronts) == len(backs) == 7
    for front, back in zip(fronts, backs, strict=True):
        assert abs((t.paper_width - back.x - back.w) - front.x) < 0.01 * MM
        assert abs(back.y - front.y) < 0.01 * MM
    names = [b.name for b in backs]
    assert len(set(names)) == 2 and names[2] != names[0] == names[1] == names[3]


def _page(cards, bleed: float, dpi: int = 300) -> Image.Image:
    pdf = card_pages(cards, bleed=bleed).pdf
    return pdfium.PdfDocument(pdf)[0].render(scale=dpi / 72).to_pil().convert("RGB")


def _near(pixel, colour, slack=40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel, colour, strict=True))


@pytest.mark.parametrize("fill", ["mirror", "replicate", "median"])
def test_a_card_without_bleed_gets_it_made_from_its_edge(tmp_path, fill):
    """A trimmed 750 x 1050 px card with a 1 mm red border: the PDF's bleed, 1/8 in round
    the trim, is the border mirrored or repeated, or the edge's middle colour."""
    _card(tmp_path / "card.png", border=12)
    deck = load_images(tmp_path, ImageOptions(fill=fill)).cards
    page = _page(deck, FACE_BLEED)
    bleed_px = round(FACE_BLEED / 72 * 300)
    w, h = page.size  # the trim and its bleed, to the pixel
    assert abs(w - (750 + 2 * bleed_px)) <= 1 and abs(h - (1050 + 2 * bleed_px)) <= 1
    middle = page.size[1] // 2
    just_outside = page.getpixel((bleed_px - 3, middle))  # 0.25 mm outside the trim
    far_out = page.getpixel((3, middle))  # at the bleed's outer edge
    inside = page.getpixel((bleed_px + 30, middle))
    assert _near(inside, GREEN)
    if fill == "mirror":  # the border, then the picture beyond it, as in a mirror
        assert _near(just_outside, RED) and _near(far_out, GREEN)
    elif fill == "replicate":
        assert _near(just_outside, RED) and _near(far_out, RED)
    else:  # the outer band is mostly green: its median
        assert _near(just_outside, GREEN) and _near(far_out, GREEN)


@pytest.mark.parametrize("lid", [(0, 0, 0), (255, 255, 255)])
def test_a_scans_rounded_corners_are_filled_from_its_border(tmp_path, lid):
    """A scanned card: a red border, rounded corners showing the scanner's black or
    white lid. The corners and the bleed beyond them print red, the rest unchanged."""
    image = Image.new("RGB", (750, 1050), lid)
    ImageDraw.Draw(image).rounded_rectangle((0, 0, 749, 1049), radius=37, fill=RED)
    ImageDraw.Draw(image).rectangle((60, 60, 689, 989), fill=GREEN)
    image.save(tmp_path / "scan.png")
    page = _page(load_images(tmp_path).cards, FACE_BLEED)
    bleed_px = round(FACE_BLEED / 72 * 300)
    w, h = page.size
    for x, y in ((bleed_px + 2, bleed_px + 2), (w - bleed_px - 3, h - bleed_px - 3), (3, 3)):
        assert _near(page.getpixel((x, y)), RED), (x, y)
    assert _near(page.getpixel((w // 2, h // 2)), GREEN)


def test_art_in_a_corner_is_left_as_it_is(tmp_path):
    """A card whose art runs into its corners (no lid to see) keeps its corners."""
    image = Image.new("RGB", (750, 1050), GREEN)
    ImageDraw.Draw(image).rectangle((0, 0, 20, 20), fill=BLUE)  # art wholly in the corner
    image.save(tmp_path / "art.png")
    page = _page(load_images(tmp_path).cards, 0)
    assert _near(page.getpixel((3, 3)), BLUE) and _near(page.getpixel((30, 30)), GREEN)


def test_a_card_with_bleed_is_trimmed_to_the_bleed_drawn(tmp_path):
    """A shop's 822 x 1122 px image carries 3 mm of bleed, here all blue: a trimmed
    image shows none of it; a page with bleed shows it outside the trim only."""
    _card(tmp_path / "card.png", size=(822, 1122), border=36, inner=GREEN, edge=BLUE)
    deck = load_images(tmp_path).cards
    trimmed = _page(deck, 0)
    assert trimmed.size == (750, 1050)
    for at in ((4, 525), (745, 525), (375, 4), (375, 1045)):
        assert _near(trimmed.getpixel(at), GREEN), at
    bled = _page(deck, FACE_BLEED)
    assert _near(bled.getpixel((20, 600)), BLUE)


def test_a_landscape_card_is_turned_onto_the_card(tmp_path):
    image = Image.new("RGB", (1050, 750), GREEN)
    ImageDraw.Draw(image).rectangle((0, 0, 100, 749), fill=RED)  # its left end red
    image.save(tmp_path / "wide.png")
    page = _page(load_images(tmp_path).cards, 0)
    assert page.size == (750, 1050)
    assert _near(page.getpixel((375, 1040)), RED)  # turned a quarter: the left end at the bottom


def test_resolution_warns_under_300_dpi_and_stops_under_150_unless_a_draft(tmp_path):
    _card(tmp_path / "back.png")
    _card(tmp_path / "soft.png", size=(450, 630))  # 180 dpi
    deck = load_images(tmp_path)
    assert deck.warnings == (
        f"an image prints softer than 300 dpi at the card’s size: {tmp_path}/soft.png (180 dpi)",
    )
    _card(tmp_path / "blurred.png", size=(300, 420))  # 120 dpi
    with pytest.raises(CatalogueError, match=r"blurred.png: 120 dpi .* under 150"):
        load_images(tmp_path)
    (line,) = load_images(
        tmp_path, ImageOptions(draft=True)
    ).warnings  # one line, the softest first
    assert line.startswith("2 images print softer") and line.index("blurred.png") < line.index(
        "soft.png"
    )


def test_ten_thousand_soft_images_are_one_line(tmp_path):
    from printkit.load.images import _soft

    line = _soft([(200 + n % 90, f"card{n}.png") for n in range(10_000)])
    assert line.startswith("10,000 images print softer") and line.endswith("and 9,997 more")


def test_a_picture_not_of_a_cards_shape_is_refused_in_one_line(tmp_path):
    _card(tmp_path / "long.png", size=(800, 1500))
    with pytest.raises(CatalogueError, match=r"long.png: 800 × 1500 px is the shape of no card"):
        load_images(tmp_path)
    with pytest.raises(
        CatalogueError, match=r"long.png: 800 × 1500 px is not the shape of a 63.5 × 88.9 mm card"
    ):
        load_images(tmp_path, card=CARD_SIZES["poker"])


def test_print_a_folder_from_the_command_line(cli, tmp_path):
    images = tmp_path / "my cards"
    images.mkdir()
    for n in range(1, 4):
        _card(images / f"{n}.png", size=(822, 1122), border=36)
    _card(images / "back.png", inner=BLUE)
    _card(images / "4.png", size=(450, 630))
    out = tmp_path / "out"
    result = cli("sheets", "--images", str(images), "-o", str(out / "cards.pdf"))
    assert result.status == 0, result.err
    assert "4.png (180 dpi)" in result.err and "Traceback" not in result.err
    assert len(reader((out / "cards.pdf").read_bytes()).pages) == 2
    result = cli("build", "--images", str(images), "--out", str(out), "--quiet")
    assert result.status == 0, result.err
    assert (out / "my-cards.pdf").is_file() and (out / "my-cards-proof-1.png").is_file()
    result = cli("export", "--for", "mpc", "--images", str(images), "-o", str(out / "mpc"))
    assert result.status == 0 and len(list((out / "mpc").glob("*.png"))) == 5  # 4 fronts, 1 back
    assert cli("sheets", "--back", str(images / "back.png")).status == 2  # --back needs --images
    missing = cli("sheets", "--images", str(tmp_path / "nowhere"))
    assert missing.status == 2 and missing.err.count("\n") == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [("A", "a"), ("ace", "ace-front"), ("ace-front", "ace_front")],
)
def test_two_files_of_one_card_are_refused_not_one_dropped(tmp_path, first, second):
    _card(tmp_path / f"{first}.png")
    _card(tmp_path / f"{second}.png")
    with pytest.raises(CatalogueError, match="are the same card’s image"):
        load_images(tmp_path)


def test_16_bit_grey_transparency_and_a_cameras_turn_print_as_seen(tmp_path):
    Image.new("I;16", (750, 1050), 32768).save(tmp_path / "1-grey.png")  # mid grey
    clear = Image.new("RGBA", (750, 1050), (*GREEN, 255))
    ImageDraw.Draw(clear).rectangle((0, 0, 40, 40), fill=(0, 0, 0, 0))  # a cut-out corner
    clear.save(tmp_path / "2-clear.png")
    photo = Image.new("RGB", (1050, 750), GREEN)  # stored on its side, shown upright
    ImageDraw.Draw(photo).rectangle((0, 0, 1049, 60), fill=RED)
    exif = photo.getexif()
    exif[0x0112] = 6  # turned 90° clockwise to view
    photo.save(tmp_path / "3-photo.jpg", exif=exif, quality=95)
    deck = load_images(tmp_path).cards
    pages = pdfium.PdfDocument(card_pages(deck, bleed=0).pdf)
    grey, clear_page, photo_page = (
        pages[i].render(scale=300 / 72).to_pil().convert("RGB") for i in range(3)
    )
    assert _near(grey.getpixel((375, 525)), (128, 128, 128), 10)
    assert _near(clear_page.getpixel((10, 10)), (255, 255, 255), 10)
    # As a viewer shows it, the red band is on the right of the upright card.
    assert _near(photo_page.getpixel((745, 525)), RED) and _near(
        photo_page.getpixel((5, 525)), GREEN
    )


def test_nothing_is_written_into_the_image_folder(cli, tmp_path):
    _card(tmp_path / "1.png")
    for args in (
        ("build", "--out", str(tmp_path)),
        ("export", "--for", "png", "-o", str(tmp_path / "x")),
    ):
        result = cli(*args, "--images", str(tmp_path))
        assert result.status == 2 and "inside the image folder" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1.png"]
    assert cli("sheets", "dead-mens-deck", "--images", str(tmp_path)).status == 2


def test_a_check_that_warns_on_many_pages_is_one_line(tmp_path):
    """Twenty soft images on three sheets: the preflight's warnings are a line a check,
    with the count of the pages beyond the first, never a line a page."""
    from printkit.preflight import preflight
    from printkit.targets.kit import checked

    for n in range(20):
        _card(tmp_path / f"c{n}.png", size=(500, 700), inner=(n * 10, 50, 90))
    deck = load_images(tmp_path).cards
    pdf = card_sheets(deck, load_template("letter-3x3"), Settings())[""]
    lines = checked({tmp_path / "out.pdf": preflight(pdf, str(tmp_path / "out.pdf"))})
    checks = [line.split(": ")[1] for line in lines]
    assert len(checks) == len(set(checks)), lines
    assert any("(and on 1 more page)" in line or "more pages)" in line for line in lines), lines


def test_soft_images_are_said_once_by_file_not_again_by_page(cli, tmp_path):
    """The loader names each soft image; the preflight's page-by-page line of the same
    pictures is not said again, by build or by sheets."""
    folder = tmp_path / "cards"
    folder.mkdir()
    _card(folder / "back.png")
    for n in range(3):
        _card(folder / f"c{n}.png", size=(450, 630))  # 180 dpi
    for args in (("sheets", "-o", str(tmp_path / "s" / "a.pdf")),
                 ("build", "--out", str(tmp_path / "kit"))):  # fmt: skip
        result = cli(*args, "--images", str(folder))
        assert result.status == 0, result.err
        warnings = [line for line in result.err.splitlines() if "warning" in line]
        assert len(warnings) == 1 and "3 images print softer than 300 dpi" in warnings[0]


def test_silhouette_card_makers_game_folder_is_read_as_it_reads_it(tmp_path):
    """front/ holds the fronts, back/ the one back, double_sided/ a card's own back under
    its front's file name; a back there with no front of that name is refused."""
    game = tmp_path / "game"
    for name in ("front", "back", "double_sided"):
        (game / name).mkdir(parents=True)
    for name in ("ace", "bat", "cat"):
        _card(game / "front" / f"{name}.png")
    _card(game / "back" / "plain.png", inner=BLUE)
    _card(game / "double_sided" / "bat.png", inner=RED)
    deck = load_images(game)
    backs = {
        card.values["name"]: Path(card.values["back"]).parent.name for card in deck.cards.cards
    }
    assert backs == {"ace": "back", "bat": "double_sided", "cat": "back"}
    assert deck.warnings == ()
    _card(game / "double_sided" / "dog.png")
    with pytest.raises(CatalogueError, match=r"dog\.png.*front/dog\.png"):
        load_images(game)


def test_what_a_folder_holds_but_is_not_printed_is_said(tmp_path):
    """Pictures in formats printkit does not read, the folder's own folders and a deck
    with no back are each one line; a folder of only such pictures is an error."""
    _card(tmp_path / "one.png")
    Image.new("RGB", (750, 1050)).save(tmp_path / "two.webp")
    (tmp_path / "extra").mkdir()
    _card(tmp_path / "extra" / "three.png")
    warnings = "\n".join(load_images(tmp_path).warnings)
    assert "1 picture in another format (.webp)" in warnings
    assert "extra/ are not read" in warnings
    assert "no back image" in warnings
    only = tmp_path / "only"
    only.mkdir()
    Image.new("RGB", (750, 1050)).save(only / "a.webp")
    with pytest.raises(CatalogueError, match=r"only 1 picture printkit does not read \(\.webp\)"):
        load_images(only)


@pytest.mark.parametrize(
    ("dpi", "prints"),
    [(300, "sharp"), (297.6, "sharp"), (296.9, "soft"), (150, "soft"), (148.6, "soft"),
     (148.4, "blurred")],
)  # fmt: skip
def test_a_picture_within_one_percent_of_a_threshold_prints_as_on_it(dpi, prints):
    """744 px over a 63.5 mm poker card is 297.6 dpi: the usual 63 mm image at 300 dpi,
    which prints as sharp as 300 does; the rule is one for the loader and the preflight."""
    from printkit.values.printspec import resolution

    assert resolution(dpi) == prints


def test_a_game_folders_odd_corners_are_each_one_line(tmp_path):
    """back.png beside front/ is its back; an image loose beside front/ is said; two
    own backs of one card, or a linked front/, are refused; a folder whose images are
    all in its folders names them."""
    game = tmp_path / "game"
    (game / "front").mkdir(parents=True)
    _card(game / "front" / "ace.png")
    _card(game / "back.png", inner=BLUE)
    _card(game / "stray.png")
    deck = load_images(game)
    assert Path(deck.cards.cards[0].values["back"]).name == "back.png"
    assert any("stray.png" in line for line in deck.warnings)
    (game / "double_sided").mkdir()
    _card(game / "double_sided" / "ace.png")
    _card(game / "double_sided" / "ACE.png")
    with pytest.raises(CatalogueError, match="same back’s image"):
        load_images(game)
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / "front").symlink_to(game / "front")
    with pytest.raises(CatalogueError, match="a link to another folder"):
        load_images(linked)
    nested = tmp_path / "nested"
    (nested / "sub").mkdir(parents=True)
    _card(nested / "sub" / "one.png")
    with pytest.raises(CatalogueError, match=r"only in sub/"):
        load_images(nested)


def test_a_full_temporary_folder_is_one_line(tmp_path, monkeypatch):
    """The sheets' pictures wait in a temporary file: a disk with no room for them is
    said in one line naming the folder, not a traceback."""
    import errno

    import printkit.render.pdf as pdf
    from printkit.errors import RenderError

    class Full:
        def seek(self, *args):
            return 0

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

        def close(self):
            pass

    monkeypatch.setattr(pdf.tempfile, "TemporaryFile", lambda **kwargs: Full())
    _card(tmp_path / "one.png")
    deck = load_images(tmp_path)
    with pytest.raises(RenderError, match="has no room for the cards’ pictures"):
        card_sheets(deck.cards, load_template("letter-3x3"), Settings(aids=0))


def _banded(path: Path, size=(850, 1050), band=50) -> Path:
    """A trimmed poker card's picture, too wide by two blue bands of ``band`` px, one on
    each side of a green card with a red border."""
    image = Image.new("RGB", size, BLUE)
    _card(path, size=(size[0] - 2 * band, size[1]))
    image.paste(Image.open(path), (band, 0))
    image.save(path)
    return path


def test_a_picture_of_another_shape_is_refused_unless_it_is_to_be_cropped_or_stretched(tmp_path):
    _banded(tmp_path / "wide.png")
    with pytest.raises(CatalogueError, match="850 × 1050 px is not the shape of a"):
        load_images(tmp_path, card=CARD_SIZES["poker"])


def test_cropped_evenly_a_too_wide_picture_loses_its_sides_and_nothing_else(tmp_path):
    _banded(tmp_path / "wide.png")
    deck = load_images(tmp_path, ImageOptions(fit="crop"), CARD_SIZES["poker"])
    assert "cropped" in deck.warnings[-1] and "wide.png" in deck.warnings[-1]
    page = _page(deck.cards, 0)
    w, h = page.size
    assert abs(w / h - CARD_SIZES["poker"].width / CARD_SIZES["poker"].height) < 0.005
    for x in (3, w - 4):  # the blue bands are gone: the red border is the card's edge
        assert _near(page.getpixel((x, h // 2)), RED)
    assert _near(page.getpixel((w // 2, h // 2)), GREEN)


def test_stretched_a_picture_keeps_all_of_it(tmp_path):
    _banded(tmp_path / "wide.png")
    deck = load_images(tmp_path, ImageOptions(fit="stretch"), CARD_SIZES["poker"])
    assert "stretched" in deck.warnings[-1]
    page = _page(deck.cards, 0)
    w, h = page.size
    for x in (3, w - 4):  # the bands are kept, narrower
        assert _near(page.getpixel((x, h // 2)), BLUE)
    assert _near(page.getpixel((w // 2, h // 2)), GREEN)


def test_with_no_size_given_a_picture_to_be_cropped_goes_to_the_card_nearest_its_shape(tmp_path):
    _banded(tmp_path / "wide.png")  # 0.81 wide for its height: no card's; poker's nearest
    deck = load_images(tmp_path, ImageOptions(fit="crop"))
    assert deck.guessed and deck.cards.card_size == CARD_SIZES["poker"].sides


@pytest.mark.parametrize(("given", "printed"), [(3.0, 0.0), (3.0, 3.0), (1.0, 3.0)])
def test_the_bleed_an_image_is_said_to_carry_is_cropped_or_made_up_to_the_sheets(
    tmp_path, given, printed
):
    """A poker card with ``given`` mm of blue bleed round a red border: said to carry it,
    the PDF's trim is the red border, and its bleed blue as far as the image has it."""
    per_mm = 300 / 25.4
    bleed_px = round(given * per_mm)
    size = (750 + 2 * bleed_px, 1050 + 2 * bleed_px)
    image = Image.new("RGB", size, BLUE)
    image.paste(Image.new("RGB", (750, 1050), RED), (bleed_px, bleed_px))
    image.paste(Image.new("RGB", (700, 1000), GREEN), (bleed_px + 25, bleed_px + 25))
    image.save(tmp_path / "card.png")
    options = ImageOptions(bleed=given * MM)
    deck = load_images(tmp_path, options, CARD_SIZES["poker"]).cards
    assert deck.pictures[str(tmp_path / "card.png")].face.bleed == pytest.approx(given * MM)
    page = _page(deck, printed * MM)
    out = round(printed * per_mm)
    w, h = page.size
    assert abs(w - (750 + 2 * out)) <= 1
    assert _near(page.getpixel((out + 4, h // 2)), RED)  # just inside the trim
    if printed:
        assert _near(page.getpixel((out - 4, h // 2)), BLUE)  # just outside it


def test_an_image_not_of_the_bleed_said_is_refused_naming_it(tmp_path):
    _card(tmp_path / "card.png")  # a trimmed card, said to carry 3 mm
    with pytest.raises(CatalogueError, match="with 3 mm of bleed"):
        load_images(tmp_path, ImageOptions(bleed=3 * MM), CARD_SIZES["poker"])


def test_fit_and_image_bleed_from_the_command_line(cli, tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    _banded(folder / "wide.png")
    out = tmp_path / "out"
    refused = cli(
        "sheets", "--images", str(folder), "--card-size", "poker", "-o", str(out / "a.pdf")
    )
    assert refused.status == 1 and "--fit crop" in refused.err  # the way on, named
    for fit in ("crop", "stretch"):
        result = cli("sheets", "--images", str(folder), "--fit", fit, "-o", str(out / "a.pdf"))
        assert result.status == 0 and "Traceback" not in result.err, result.err
    given = cli("sheets", "--images", str(folder), "--image-bleed", "3mm", "--fit", "crop",
                "-o", str(out / "b.pdf"))  # fmt: skip
    assert given.status == 0, given.err
    for bad in ("13mm", "-1", "three"):
        result = cli("sheets", "--images", str(folder), "--image-bleed", bad)
        assert result.status == 2 and result.err.count("\n") == 1, result.err
    assert cli("sheets", "--fit", "crop").status == 2  # --fit needs --images
    assert cli("sheets", "--image-bleed", "3mm").status == 2


def test_with_the_bleed_given_the_size_guessed_is_one_of_the_images_shape(tmp_path):
    _card(tmp_path / "card.png", size=(822, 1122))  # poker with 1/8 in of bleed
    deck = load_images(tmp_path, ImageOptions(bleed=3.175 * MM))
    assert deck.cards.card_size == CARD_SIZES["poker"].sides
    with pytest.raises(CatalogueError, match="the shape of no card size"):
        load_images(tmp_path, ImageOptions(bleed=0.0))  # no card is 822 x 1122 trimmed


def test_how_an_image_is_made_a_card_is_in_its_fingerprint(tmp_path):
    """The bleed made from the edge, the fit and the stated bleed are part of what a card
    of a folder is drawn from: a rebuild with another of them makes its proof again, and
    its errata list it (the fingerprint keys both)."""
    from printkit.values.fingerprint import Fingerprints

    _card(tmp_path / "card.png", border=12)
    prints = set()
    for options in (ImageOptions(), ImageOptions(fill="median"), ImageOptions(bleed=1.0)):
        deck = load_images(tmp_path, options).cards
        card = deck.cards[0]
        prints.add(Fingerprints(deck).face(deck.layout(card.front), card))
    assert len(prints) == 3
