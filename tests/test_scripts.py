"""Every letter and every face a text asks for, or a clear line.

Greek and Cyrillic in deck names, card names, texts and labels are set in printkit's
script face wherever they appear (cards, margin labels, proofs, the print guide); a
font's bold and italic faces are found or named, and **bold** with no bold face is an
error naming the box and the font; the preflight fails any page that draws a character
with its font's empty glyph.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.render.fonts import BODY, BODY_BOLD, TITLE, register_fonts, text_runs
from printkit.targets.scaffold import scaffold

GREEK = "Φίλτρα"
CYRILLIC = ["Зелье силы", "Огненный тоник", "Зеркало", "Сонные чары"]


def _deck(folder: Path, name: str = GREEK) -> Path:
    for relative, text in scaffold(name).items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    lines = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    english = [line.split(",", 1)[0] for line in lines[1:]]
    for old, new in zip(english, CYRILLIC, strict=True):
        lines = [line.replace(old, new, 1) for line in lines]
    lines[1] = lines[1].replace("Gain **2**", "Получите **2** (*сразу*)")
    (folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def _text(pdf: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(pdf).pages)


def _fonts(pdf: Path) -> set[str]:
    names = set()
    for page in PdfReader(pdf).pages:
        resources = page["/Resources"]
        for form in resources.get("/XObject", {}).values():
            fonts = form.get_object().get("/Resources", {}).get("/Font", {})
            names.update(str(f.get_object()["/BaseFont"]) for f in fonts.values())
        names.update(str(f.get_object()["/BaseFont"]) for f in resources.get("/Font", {}).values())
    return names


def test_greek_and_cyrillic_print_on_every_page_of_a_designed_deck(cli, tmp_path):
    folder = _deck(tmp_path / "g")
    out = tmp_path / "out"
    result = cli("build", "--deck-dir", str(folder), "--template", "letter-3x3", "--out", str(out))
    assert result.status == 0, result.err  # the build's preflight passed every page
    sheets = _text(out / "g.pdf")
    for name in [GREEK, *CYRILLIC]:
        assert name in sheets, name
    assert f"{GREEK} · sheet 1 of 1" in " ".join(sheets.split())  # the margin label
    guide = _text(out / "print-guide.pdf")
    assert "Зелье силы" in guide and "card 1" not in guide
    assert "\x00" not in sheets + guide
    assert any("RobotoSlab" in font for font in _fonts(out / "g.pdf"))
    preflight = cli("preflight", str(out / "g.pdf"))
    assert preflight.status == 0 and "glyphs" in preflight.out


def test_export_file_names_keep_their_letters(cli, tmp_path):
    folder = _deck(tmp_path / "g")
    (folder / "cards.csv").write_text(
        (folder / "cards.csv").read_text(encoding="utf-8").replace("Зеркало", "Élixir de Forêt"),
        encoding="utf-8",
    )
    out = tmp_path / "png"
    assert cli("export", "--for", "png", "--deck-dir", str(folder), "-o", str(out)).status == 0
    names = sorted(p.name for p in out.glob("*.png"))
    assert "01-zel-e-sily.png" in names and "06-elixir-de-foret.png" in names, names
    assert "back.png" in names and all(name.isascii() for name in names)


def test_a_catalogue_deck_in_greek_builds_with_every_letter(cli, tmp_path, data_copy):
    effects = data_copy / "decks" / "dead-mens-deck" / "effects.toml"
    effects.write_text(effects.read_text().replace('name = "Spook!"', 'name = "Τρόμος!"', 1))
    deck = data_copy / "decks" / "dead-mens-deck" / "deck.toml"
    deck.write_text(deck.read_text().replace('name = "Dead Men', 'name = "Νεκροί — Dead Men', 1))
    out = tmp_path / "out"
    result = cli("sheets", "--data-dir", str(data_copy), "-o", str(out / "dead-mens-deck.pdf"))
    assert result.status == 0, result.err  # its preflight passed every page
    text = _text(out / "dead-mens-deck.pdf")
    assert "Τρόμος" in text and "Νεκροί" in text


def _font_deck(folder: Path, font: str) -> Path:
    """The scaffold deck, its body text set in ``font`` (a [fonts] entry)."""
    _deck(folder, "Potions")
    fonts = folder / "fonts"
    fonts.mkdir()
    zilla = Path(__import__("fontpkg_zilla_slab").__file__).parent / "files"
    alfa = Path(__import__("fontpkg_alfa_slab_one").__file__).parent / "files"
    shutil.copy(alfa / "AlfaSlabOne-Regular.ttf", fonts / "Heavy.ttf")
    shutil.copy(zilla / "ZillaSlab-Bold.ttf", fonts / "Heavy-Bold.ttf")
    shutil.copy(zilla / "ZillaSlab-Italic.ttf", fonts / "Heavy-Italic.ttf")
    front = folder / "front.toml"
    front.write_text(
        front.read_text().replace('body = "Zilla Slab"', f"body = {font}"), encoding="utf-8"
    )
    return folder


def test_bold_text_with_no_bold_face_is_an_error_naming_the_box_and_the_font(cli, tmp_path):
    folder = _font_deck(tmp_path / "d", '{ file = "fonts/Heavy.ttf" }')
    result = cli("build", "--deck-dir", str(folder), "--template", "letter-3x3", "--out",
                 str(tmp_path / "out"))  # fmt: skip
    assert result.status == 1
    assert "front.toml [box.text]" in result.err
    assert "*bold* text needs the bold face of the font 'body'" in result.err
    assert 'bold = "fonts/FILE.ttf"' in result.err
    assert not (tmp_path / "out").exists()


def test_a_font_file_names_its_bold_face_and_the_bold_is_printed(cli, tmp_path):
    faces = 'bold = "fonts/Heavy-Bold.ttf", italic = "fonts/Heavy-Italic.ttf"'
    folder = _font_deck(tmp_path / "d", f'{{ file = "fonts/Heavy.ttf", {faces} }}')
    out = tmp_path / "out"
    result = cli("build", "--deck-dir", str(folder), "--template", "letter-3x3", "--out", str(out))
    assert result.status == 0, result.err
    fonts = _fonts(out / "d.pdf")
    assert any("ZillaSlab-Bold" in f for f in fonts) and any("AlfaSlabOne" in f for f in fonts)


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="fontconfig is not installed")
def test_a_system_font_is_found_by_its_family_with_its_bold_and_italic(cli, tmp_path):
    listed = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
    if "DejaVu Serif" not in listed:
        pytest.skip("DejaVu Serif is not installed")
    folder = _font_deck(tmp_path / "d", '"DejaVu Serif"')
    out = tmp_path / "out"
    result = cli("build", "--deck-dir", str(folder), "--template", "letter-3x3", "--out", str(out))
    assert result.status == 0, result.err
    fonts = {f.split("+", 1)[-1].rsplit("-", 1)[0] for f in _fonts(out / "d.pdf")}  # no tag
    assert {"DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"} <= fonts


def test_a_font_that_is_nowhere_names_a_command_that_installs_it(cli, tmp_path):
    folder = _font_deck(tmp_path / "d", '"Open Sans"')
    result = cli("build", "--deck-dir", str(folder), "--out", str(tmp_path / "out"))
    assert result.status == 1
    assert "pip install fontpkg-open-sans" in result.err


def test_the_preflight_fails_a_page_that_draws_a_missing_glyph(cli, tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792))
    canvas.setFont(BODY, 12)
    canvas.drawString(100, 700, "The deck \u05d0 here")  # reportlab's own canvas: no fallback
    canvas.save()
    path = tmp_path / "boxes.pdf"
    path.write_bytes(buffer.getvalue())
    result = cli("preflight", str(path), "--kind", "other")
    assert result.status == 1
    assert "glyphs" in result.out and "The deck █ here" in result.out


_LETTERS = st.text(
    st.sampled_from("abcXYZ 0123.,!—«»éüßΦίλτραΑΩάώЖзёЁщЩїґ" + "\u00a0"), min_size=1, max_size=40
)


@settings(max_examples=200, deadline=None)
@given(text=_LETTERS, face=st.sampled_from([BODY, BODY_BOLD, TITLE]))
def test_every_letter_is_set_in_a_face_that_has_it(text, face):
    from reportlab.pdfbase.pdfmetrics import getFont

    runs = text_runs(text, face)
    assert "".join(run for run, _ in runs) == text
    for run, font in runs:
        glyphs = getFont(font).face.charToGlyph
        assert all(ord(ch) in glyphs for ch in run), (run, font)


def test_bold_and_heavy_greek_are_faces_of_their_own(cli, tmp_path):
    """Every weight of the script face is embedded as itself: made from one variable font,
    they share its PostScript name, which reportlab would take for one face."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.render.fonts import _script_face

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    for n, face in enumerate(("PK-Script", "PK-Script-Bold", "PK-Script-Heavy")):
        canvas.setFont(_script_face(face), 12)
        canvas.drawString(72, 700 - 20 * n, "Ωμέγα Жук")
    canvas.save()
    page = PdfReader(io.BytesIO(buffer.getvalue())).pages[0]
    fonts = {str(f.get_object()["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    assert len({font.rsplit("-", 1)[-1] for font in fonts if "RobotoSlab" in font}) == 3
