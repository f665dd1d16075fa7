"""The identification sheet, the rulebook and its booklet: typeset from the catalogue."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf.generic import ContentStream

from printkit.layout.booklet import booklet_sides, padded_length
from printkit.load.art import load_art
from printkit.load.catalogue import load_deck
from printkit.render.book import render_rules
from printkit.render.booklet import impose_booklet
from printkit.render.idsheet import identification_sheet
from printkit.rules.content import book_verdict
from printkit.rules.negation import describe, resolve_arguments
from printkit.rules.qrcontent import table_text
from printkit.values import markdown
from printkit.values.model import SUIT_SYMBOLS

from .copycheck import copied_runs, seed_hashes, shingles
from .pdfcheck import reader

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"


@cache
def idsheet(paper: str = "letter") -> bytes:
    deck = load_deck()
    return identification_sheet(deck, paper, load_art(deck))


@cache
def rules(paper: str = "letter") -> bytes:
    deck = load_deck()
    return render_rules(deck, paper, load_art(deck))


def text_of(pdf_bytes: bytes) -> str:
    pdf = reader(pdf_bytes)
    # The book sets typographer's apostrophes; the tests quote the plain text.
    text = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    return text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')


def without_suits(text: str) -> str:
    for symbol in SUIT_SYMBOLS.values():
        text = text.replace(symbol, "")
    return " ".join(text.split())


# --- identification sheet ---------------------------------------------------------------


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_identification_sheet_is_one_page_with_every_effect(paper):
    data = idsheet(paper)
    assert len(reader(data).pages) == 1
    text = text_of(data)
    for effect in load_deck().effects:
        assert effect.name in text


def _font_sizes(pdf_bytes: bytes) -> list[float]:
    pdf = reader(pdf_bytes)
    sizes = []
    for page in pdf.pages:
        streams = [page.get_contents()]
        for ref in page["/Resources"].get("/XObject", {}).values():
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form":
                streams.append(obj)
        for stream in streams:
            for operands, operator in ContentStream(stream, pdf).operations:
                if operator == b"Tf":
                    sizes.append(float(operands[1]))
    return sizes


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_text_on_the_identification_sheet_is_under_8pt(paper):
    sizes = _font_sizes(idsheet(paper))
    assert sizes and min(sizes) >= 8


def test_repeated_effects_are_grouped_by_tint_and_count():
    text = text_of(idsheet())
    assert "Spook! ×3" in text and "Possess ×3" in text and "Curse ×3" in text


def test_the_identification_sheets_qr_code_holds_the_whole_table():
    import zxingcpp

    image = pdfium.PdfDocument(idsheet())[0].render(scale=300 / 72).to_pil()
    assert [code.text for code in zxingcpp.read_barcodes(image)] == [table_text(load_deck())]


def test_the_table_text_names_every_card():
    text = table_text(load_deck())
    for card in load_deck().cards:
        line = next(line for line in text.splitlines() if line.startswith(card.code[-1] + ":"))
        assert card.effect.name in line


# --- rulebook ---------------------------------------------------------------------------


def test_every_effect_is_explained_in_the_rulebook():
    text = text_of(rules())
    for effect in load_deck().effects:
        assert effect.name in text
        # The full ruling is there, word for word (line breaks aside).
        assert " ".join(effect.note.split()[:8]) in text


def test_the_worked_examples_agree_with_printkit_negate():
    deck = load_deck()
    source = (deck.folder / deck.rules.source).read_text(encoding="utf-8")
    examples = [
        b
        for b in markdown.parse(source).blocks
        if isinstance(b, markdown.Directive) and b.name == "negation"
    ]
    assert len(examples) >= 4
    # A pip is drawn over spaces: compare without any space.
    text = re.sub(r"\s+", "", without_suits(text_of(rules())))
    for example in examples:
        result = resolve_arguments(deck, example.args)
        verdict = book_verdict(result)
        assert re.sub(r"\s+", "", without_suits(verdict)).replace("’", "'") in text, verdict
        # The sentence says what the companion says: the same sums, the same verdict.
        line = describe(result)
        assert ("is negated" in verdict) == (line.endswith(": negated")), (verdict, line)
        if result.play.counters and result.negatable:
            assert (
                f"make {result.counter_value}" in verdict
                or f"makes {result.counter_value}" in verdict
            )
            assert f"{result.played_value}" in verdict
    assert "8+7make15,morethantheK's10:Spook!isnegated." in text


def test_the_rulebook_covers_the_rules():
    text = text_of(rules())
    for topic in [
        "buried goods", "Vulture Sam", "face down", "face up", "hand limit is 2",
        "own discard pile", "Boosting", "Renegade", "Cat Balou", "Brawl", "Panic!",
        "Optional rule", "royal", "Vengeance", "Scofflaw", "shared victory",
        "calibration page", "actual size", "long edge", "Identification table",
    ]:  # fmt: skip
        assert topic in text, topic


@pytest.mark.parametrize(("paper", "size"), [("letter", (396, 612)), ("a4", (419.5, 595.3))])
def test_rulebook_pages_are_half_letter_or_a5_with_an_outline(paper, size):
    pdf = reader(rules(paper))
    width, height = float(pdf.pages[0].mediabox.width), float(pdf.pages[0].mediabox.height)
    assert abs(width - size[0]) < 0.5 and abs(height - size[1]) < 0.5
    titles = [item.title for item in pdf.outline if not isinstance(item, list)]
    assert "Playing and negating cards" in titles and "The cards, one by one" in titles
    assert len(pdf.pages) >= 8


def test_rulebook_has_contents_and_page_numbers():
    pdf = reader(rules())
    contents = " ".join((pdf.pages[1].extract_text() + pdf.pages[2].extract_text()).split())
    assert "Contents" in contents and "Making the deck" in contents
    # The last page is the back cover's quick reference, after any blank pages that bring
    # it to a multiple of four; the last page of text carries its number.
    numbered = [i for i in range(len(pdf.pages) - 1) if pdf.pages[i].extract_text().strip()]
    last = numbered[-1]
    assert str(last + 1) in pdf.pages[last].extract_text().split()


# --- booklet ----------------------------------------------------------------------------


@given(st.integers(min_value=1, max_value=300))
def test_booklet_order_puts_every_page_once_in_folding_order(pages):
    sides = booklet_sides(pages)
    n = padded_length(pages)
    assert n % 4 == 0 and n - pages < 4 and len(sides) == n // 2
    placed = [p for side in sides for p in (side.left, side.right) if p is not None]
    assert sorted(placed) == list(range(1, pages + 1))
    full = booklet_sides(n)  # the same layout with no blanks: every number present
    for side, whole in zip(sides, full, strict=True):
        assert side.left in (whole.left, None) and side.right in (whole.right, None)
        assert whole.left + whole.right == n + 1  # the two halves of one side of a fold
        assert whole.left % 2 == 0 and whole.right % 2 == 1  # right-hand pages are odd
        assert (side.left is None) == (whole.left > pages)
        assert (side.right is None) == (whole.right > pages)
    # The outermost sheet carries the cover (page 1) and the back page.
    assert full[0].right == 1 and full[0].left == n and full[1].left == 2


def _numbered_pdf(count: int) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(396, 612))
    for number in range(1, count + 1):
        canvas.setFont("Helvetica", 40)
        canvas.drawString(150, 300, f"P{number}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("count", [1, 3, 4, 5, 8, 13, 15])
def test_booklet_pdf_puts_the_right_pages_side_by_side(count):
    booklet = impose_booklet(_numbered_pdf(count), "test")
    pdf = pdfium.PdfDocument(booklet)
    sides = booklet_sides(count)
    assert len(pdf) == len(sides)
    for index, side in enumerate(sides):
        page = pdf[index]
        assert abs(page.get_width() - 792) < 0.5
        textpage = page.get_textpage()
        found = {}
        for match in re.finditer(r"P\d+", textpage.get_text_range()):
            x = textpage.get_charbox(match.start())[0]
            found["left" if x < 396 else "right"] = int(match.group()[1:])
        assert found.get("left") == side.left and found.get("right") == side.right


# --- nothing copied -----------------------------------------------------------------------


def test_the_seed_hashes_are_current():
    if not SEEDS.is_dir():
        pytest.skip("the source documents are not next to this checkout")
    fresh = set()
    for path in SEEDS.iterdir():
        if path.is_file():
            fresh |= set(shingles(path.read_text(encoding="utf-8", errors="replace")))
    assert fresh == seed_hashes(), "run python -m tests.copycheck ../shared/seeds"


def test_no_twelve_word_run_of_data_or_words_is_copied_from_the_sources():
    assert len(seed_hashes()) > 1000
    for path in [
        *sorted((ROOT / "data").rglob("*")),
        *sorted((ROOT / "printkit" / "words").rglob("*.toml")),
    ]:
        if path.is_file():
            assert copied_runs(path.read_text(encoding="utf-8")) == [], path


@pytest.mark.parametrize("make", [rules, idsheet])
def test_no_twelve_word_run_of_the_pdfs_is_copied_from_the_sources(make):
    assert copied_runs(text_of(make())) == []


def test_the_copy_check_can_fail():
    # Twelve words lifted from a text are caught; eleven, or the same words reworded, are not.
    source = "the quick brown fox jumps over the lazy dog while the farmer sleeps soundly at noon"
    known = set(shingles(source))
    assert copied_runs("As told: " + " ".join(source.split()[:12]) + ", and more.", known)
    assert not copied_runs(" ".join(source.split()[:11]) + " and then some other words", known)
    assert not copied_runs("a brown fox, quick, jumped over a dog that was lazy", known)


def test_the_copy_check_catches_the_sources_own_sentences():
    if not SEEDS.is_dir():
        pytest.skip("the source documents are not next to this checkout")
    sample = (SEEDS / "000_a17662b2da9970d7.txt").read_text(encoding="utf-8")
    assert copied_runs(sample[2000:2600])
