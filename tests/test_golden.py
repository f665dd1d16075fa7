"""The look of what players print, compared tile by tile with reference images a person
has looked at (tests/golden/). A whole-image mean would let a missing corner index pass;
every 24 px tile must match on its own. After a deliberate change of design, run
``pytest tests/test_golden.py --update-golden`` and look at the new images."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from printkit.load.art import load_art
from printkit.load.catalogue import load_deck
from printkit.render.cards import card_pages
from printkit.render.idsheet import identification_sheet
from printkit.targets.rules import rules_files
from printkit.words import SOURCE, languages, speak

from .printed import printed

GOLDEN = Path(__file__).parent / "golden"
TILE = 24
TOLERANCE = 6.0  # mean difference per channel within one tile, out of 255


def _page(pdf: bytes, index: int, dpi: float) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    document.close()
    return image


def _card(deck_id: str, code: str, ink_saver: bool = False, qr: bool = False) -> Image.Image:
    deck = load_deck(deck_id)
    pdf = card_pages(printed(deck), qr=qr, ink_saver=ink_saver).pdf
    index = next(i for i, c in enumerate(deck.cards) if c.code == code)
    return _page(pdf, index, 100)


def _back(ink_saver: bool = False) -> Image.Image:
    deck = load_deck()
    pdf = card_pages(printed(deck), ink_saver=ink_saver).pdf
    return _page(pdf, len(deck.cards), 100)


def _sheet(template: str) -> Image.Image:
    """The first page of a deck's sheets on a template, whole."""
    from printkit.load.templates import load_template
    from printkit.render.sheets import card_sheets
    from printkit.values.settings import Settings

    pdf = card_sheets(printed(load_deck()), load_template(template), Settings(aids=4))[""]
    return _page(pdf, 0, 40)


def _aid(side: str) -> Image.Image:
    deck = load_deck()
    pages = card_pages(printed(deck), aid=True)
    return _page(pages.pdf, pages.aid + (side == "back"), 100)


def _idsheet() -> Image.Image:
    return _page(identification_sheet(load_deck(), "letter", load_art(load_deck())), 0, 60)


def _rulebook_page(index: int = 5) -> Image.Image:
    files = rules_files(load_deck(), "letter", Path("rulebook.pdf"), False)
    return _page(files[Path("rulebook.pdf")], index, 80)


#: One card of each footer kind (and one with its QR code), a back, both sides of an aid,
#: the identification sheet, the rulebook's cover and a page, the ink saver's card and
#: back, a gutterfold sheet and a sheet with registration marks.
SUBJECTS = {
    "front-2S-target": lambda: _card("dead-mens-deck", "2S"),
    "front-7C-all-targets": lambda: _card("dead-mens-deck", "7C"),
    "front-2H-reaction": lambda: _card("dead-mens-deck", "2H"),
    "front-7D-no-negation": lambda: _card("dead-mens-deck", "7D"),
    "front-2H-qr": lambda: _card("dead-mens-deck", "2H", qr=True),
    "front-barrel-type": lambda: _card("simplified-bang", "barrel-1"),
    "back": _back,
    "aid-front": lambda: _aid("front"),
    "aid-back": lambda: _aid("back"),
    "identification-sheet": _idsheet,
    "rulebook-page-6": _rulebook_page,
    "rulebook-cover": lambda: _rulebook_page(0),
    "ink-saver-front-7D": lambda: _card("dead-mens-deck", "7D", ink_saver=True),
    "ink-saver-back": lambda: _back(ink_saver=True),
    "gutterfold-letter-sheet": lambda: _sheet("gutterfold-letter"),
    "silhouette-a4-sheet": lambda: _sheet("silhouette-a4"),
}


def _in(code: str, make, bilingual: bool = False):
    """``make`` in the language ``code``: a card, a page of the rulebook."""

    def made():
        speak(code, bilingual=bilingual)
        try:
            return make()
        finally:
            speak(SOURCE, bilingual=False)

    return made


#: In every language printkit speaks: a card with a long text, a bilingual card (the
#: English name under its own), and a rulebook page of worked examples.
for _code in languages()[1:]:
    SUBJECTS[f"front-4S-{_code}"] = _in(_code, lambda: _card("dead-mens-deck", "4S"))
    SUBJECTS[f"front-KS-{_code}-bilingual"] = _in(
        _code, lambda: _card("dead-mens-deck", "KS"), bilingual=True
    )
    SUBJECTS[f"rulebook-page-7-{_code}"] = _in(_code, lambda: _rulebook_page(6))


def differing_tiles(reference: Image.Image, image: Image.Image) -> list[tuple[int, int, float]]:
    """Every tile whose mean difference exceeds the tolerance: (x, y, worst channel)."""
    difference = ImageChops.difference(reference, image)
    bad = []
    for y in range(0, image.size[1], TILE):
        for x in range(0, image.size[0], TILE):
            box = (x, y, min(x + TILE, image.size[0]), min(y + TILE, image.size[1]))
            worst = max(ImageStat.Stat(difference.crop(box)).mean)
            if worst > TOLERANCE:
                bad.append((x, y, worst))
    return bad


@pytest.mark.parametrize("name", list(SUBJECTS))
def test_the_look_matches_the_reference_tile_by_tile(name, request):
    image = SUBJECTS[name]()
    golden = GOLDEN / f"{name}.png"
    if request.config.getoption("--update-golden"):
        GOLDEN.mkdir(exist_ok=True)
        image.save(golden, optimize=True)
    if not golden.exists():
        pytest.fail(f"no reference image {golden.name}; run pytest --update-golden, look at it")
    reference = Image.open(golden).convert("RGB")
    assert reference.size == image.size
    bad = differing_tiles(reference, image)
    assert not bad, f"{name}: {len(bad)} tiles differ from {golden.name}, first at {bad[0][:2]}"


def test_a_missing_corner_index_is_caught():
    """The comparison can fail: blank out one corner index and a tile must differ."""
    image = _card("dead-mens-deck", "7D")
    broken = image.copy()
    broken.paste((240, 230, 210), (10, 10, 40, 60))
    assert differing_tiles(image, broken)
    assert not differing_tiles(image, image.copy())
