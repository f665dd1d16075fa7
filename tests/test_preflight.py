"""The preflight: every PDF the kit makes passes it, and it fails a page built to break
each of its rules. It reads the written file, so these tests build real PDFs."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.load.art import load_art
from printkit.load.catalogue import load_deck
from printkit.load.templates import load_template, template_names
from printkit.preflight import preflight
from printkit.render.calibrate import calibration_page
from printkit.render.fonts import BODY
from printkit.render.guide import print_guide
from printkit.render.idsheet import identification_sheet
from printkit.render.pdf import Document
from printkit.targets.rules import rules_files
from printkit.targets.sheets import sheet_files
from printkit.values.settings import Settings

from .printed import printed

DUPLEX = ("long", "short", "manual", "none")


def _failures(data: bytes, **expect) -> dict[str, str]:
    report = preflight(data, "test.pdf", **expect)
    return {f.check: f.detail for f in report.failures}


#: Every template printed long-edge, and every way of printing on two of them (the others
#: differ from long-edge only in where the backs go, which tests/test_sheets.py checks).
SHEETS = [(template, "long") for template in template_names()] + [
    (template, duplex)
    for template in ("plaincards-letter", "a4-3x3")
    for duplex in DUPLEX
    if duplex != "long"
]


@pytest.mark.parametrize(("template", "duplex"), SHEETS)
def test_every_card_sheet_passes_for_every_template_and_duplex(template, duplex):
    t = load_template(template)
    decks = ("dead-mens-deck", "simplified-bang") if duplex == "long" else ("dead-mens-deck",)
    for deck_id in decks:
        cards = printed(load_deck(deck_id))
        files = sheet_files(cards, t, Settings(duplex=duplex, aids=4), Path("x.pdf"))
        for path, data in files:
            if path.suffix != ".pdf":  # a cutting machine's outlines
                continue
            report = preflight(data, str(path))
            assert report.ok, [f for f in report.failures][:3]
            two_sided = duplex in ("long", "short") and t.backs and not t.fold
            wanted = duplex if two_sided else "simplex"
            assert report.expect.duplex == wanted


@pytest.mark.parametrize("template", template_names())
def test_every_calibration_page_passes(template):
    t = load_template(template)
    if not t.backs:
        pytest.skip("a template without backs needs no calibration")
    for edge in ("long", "short"):
        assert preflight(calibration_page(t, edge), "calibration.pdf").ok


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_books_and_the_identification_sheet_pass_on_both_papers(paper):
    deck = load_deck()
    report = preflight(identification_sheet(deck, paper, load_art(deck)), "id.pdf")
    assert report.ok and report.expect.kind == "idsheet"
    for path, data in rules_files(deck, paper, Path("rulebook.pdf"), True).items():
        report = preflight(data, str(path))
        assert report.ok, report.failures[:3]
        assert report.expect.paper == (
            {"letter": "half-letter", "a4": "a5"}[paper] if "booklet" not in path.name else paper
        )
    simplified = load_deck("simplified-bang")
    for path, data in rules_files(simplified, paper, Path("rules.pdf"), False).items():
        assert preflight(data, str(path)).ok


def test_the_print_guide_passes_and_fits_one_page():
    decks = [printed(load_deck()), printed(load_deck("simplified-bang"))]
    for template in ("plaincards-letter", "a4-3x3", "paste-over-letter"):
        data = print_guide(decks, load_template(template), "long", 4)
        report = preflight(data, "guide.pdf")
        assert report.ok and report.pages == 1


@pytest.mark.parametrize("copies", [3, 60])
def test_a_designed_decks_print_guide_lists_its_sheets_on_one_page(tmp_path, copies):
    """Four names on one sheet; or, for 240 cards on 27 sheets, one line for them all."""
    from pypdf import PdfReader

    from printkit.load.design import load_design
    from printkit.targets.scaffold import scaffold

    folder = tmp_path / "potions"
    for relative, text in scaffold("Potions").items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO((folder / "cards.csv").read_text(encoding="utf-8"))))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows({**row, "count": str(copies)} for row in rows)
    (folder / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
    deck = load_design(folder)
    data = print_guide([deck], load_template("letter-3x3"), "long", 0)
    report = preflight(data, "guide.pdf")
    assert report.ok and report.pages == 1
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    if len(deck.cards) <= 9 * 24:
        assert "Potions, sheet 1" in text and "Healing Draught" in text
    else:
        assert f"{len(deck.cards)} cards on" in text


# -- pages built to break each rule ----------------------------------------------------------


def _document(draw, size=(210 * mm, 297 * mm), paper="a4", kind="sheets", duplex="long"):
    doc = Document(size, "broken", "broken", kind=kind, paper=paper, duplex=duplex)
    draw(doc.canvas)
    doc.canvas.showPage()
    return doc.finish()


def test_it_fails_text_under_6_pt():
    def draw(c):
        c.setFont(BODY, 5.5)
        c.drawString(30 * mm, 100 * mm, "too small to read")

    assert "text-size" in _failures(_document(draw))


def test_it_fails_an_identification_sheet_under_8_pt():
    def draw(c):
        c.setFont(BODY, 7.5)
        c.drawString(30 * mm, 100 * mm, "small for a sheet read across a table")

    assert "text-size" in _failures(_document(draw, kind="idsheet", duplex="simplex"))
    assert "text-size" not in _failures(_document(draw, kind="sheets"))


def test_it_fails_a_book_whose_body_is_under_9_pt():
    def draw(c):
        c.setFont(BODY, 8.5)
        for line in range(20):
            c.drawString(20 * mm, (40 + 8 * line) * mm, "body text of a rulebook page " * 2)

    broken = _document(draw, size=(148 * mm, 210 * mm), paper="a5", kind="rules")
    assert "text-size" in _failures(broken)


def test_it_fails_text_within_5_mm_of_an_edge():
    def draw(c):
        c.setFont(BODY, 8)
        c.drawString(3 * mm, 100 * mm, "in the margin")

    assert "edges" in _failures(_document(draw))


def test_it_fails_a_crop_mark_that_touches_a_card():
    def draw(c):
        c.beginForm("card", 0, 0, 60 * mm, 90 * mm)
        c.rect(0, 0, 60 * mm, 90 * mm, stroke=0, fill=1)
        c.endForm()
        c.saveState()
        c.translate(50 * mm, 100 * mm)
        c.doForm("card")
        c.restoreState()
        c.line(50 * mm, 95 * mm, 50 * mm, 101 * mm)  # runs into the card

    assert "marks" in _failures(_document(draw))


def test_it_warns_of_marks_printers_cannot_reach():
    def draw(c):
        c.line(50 * mm, 1 * mm, 50 * mm, 4 * mm)

    report = preflight(_document(draw), "x.pdf")
    assert report.ok and any(f.check == "marks" for f in report.warnings)


def test_it_fails_a_page_that_is_not_its_paper():
    # Two A5 pages side by side are 296 mm wide, not A4's 297.
    broken = _document(lambda c: None, size=(296 * mm, 210 * mm), paper="a4")
    assert "paper" in _failures(broken)
    assert "paper" not in _failures(_document(lambda c: None, size=(297 * mm, 210 * mm)))


def test_it_fails_a_picture_under_300_dpi():
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    picture = Image.new("RGB", (100, 100), "#884422")
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")

    def draw(c):
        c.drawImage(ImageReader(io.BytesIO(buffer.getvalue())), 40 * mm, 40 * mm, 1 * 72, 1 * 72)

    assert "images" in _failures(_document(draw))  # 100 px over an inch: 100 dpi


def _with_image_size(width: int, height: int) -> bytes:
    """A page with one picture whose dictionary says it is ``width`` x ``height`` px."""
    from PIL import Image
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, NumberObject
    from reportlab.lib.utils import ImageReader

    buffer = io.BytesIO()
    Image.new("RGB", (400, 400), "#884422").save(buffer, format="PNG")

    def draw(c):
        c.drawImage(ImageReader(io.BytesIO(buffer.getvalue())), 40 * mm, 40 * mm, 72, 72)

    reader = PdfReader(io.BytesIO(_document(draw)))
    writer = PdfWriter(clone_from=reader)
    for xobject in writer.pages[0]["/Resources"]["/XObject"].values():
        image = xobject.get_object()
        if image.get("/Subtype") == "/Form":  # reportlab puts a picture in a form
            image = next(iter(image["/Resources"]["/XObject"].values())).get_object()
        image[NameObject("/Width")] = NumberObject(width)
        image[NameObject("/Height")] = NumberObject(height)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_it_fails_a_picture_whose_size_no_picture_has():
    failures = _failures(_with_image_size(-5, 400))
    assert "damaged" in failures["images"]


def test_it_warns_of_a_picture_too_fine_for_any_printer():
    """Two gigapixels in an inch: the stream need not hold them for a printer to try."""
    report = preflight(_with_image_size(50_000, 40_000), "test.pdf")
    (finding,) = [f for f in report.findings if f.check == "images"]
    assert finding.level == "warn" and "50,000 × 40,000 px" in finding.detail
    assert "images" not in _failures(_with_image_size(400, 400))


def test_it_fails_a_font_that_is_not_embedded():
    def draw(c):
        c.setFont("Helvetica", 10)
        c.drawString(30 * mm, 100 * mm, "a standard font, not embedded")

    assert "fonts" in _failures(_document(draw))


def test_it_fails_a_file_that_lets_the_reader_shrink_it_or_names_the_wrong_edge():
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(210 * mm, 297 * mm))
    canvas.showPage()
    canvas.save()
    failures = _failures(buffer.getvalue())
    assert "print-scaling" in failures and "duplex" in failures
    assert "duplex" in _failures(_document(lambda c: None, duplex="long"), duplex="short")
