"""Reference programs for the benchmarks: what plain reportlab needs to write a deck, and
what any command line that reads the catalogue needs.

``python bench/reference.py forms OUT.pdf`` writes the Dead Men's Deck's sheets as the
least a reportlab program needs for the same pages and forms: each card front one form
(ground, double frame, rank, title, the SVG picture, the text as a paragraph, a QR code),
one back form, nine cards a sheet on Letter, a page of backs after each page of fronts,
page compression on. It reads the same catalogue files with nothing but the standard
library and draws with the same fonts and pictures, and checks nothing.

``python bench/reference.py plain OUT.pdf`` is the plain program a player might write:
52 cards, nine a sheet, duplex, each card's name and text set in simple lines, and one
PNG picture as every back.

``python bench/reference.py images DIR OUT.pdf`` prints a folder of card images (made by
bench/synthetic.py) nine a sheet with backs: what ``printkit sheets --images`` does.

``python bench/reference.py catalogue 7D`` imports click and reads the deck's three files
with the standard library (TOML and CSV), checking nothing, and prints the card's name:
the least a table companion's command does before it answers.

printkit's ``sheets`` command is timed against the first two, and the companion's
commands against the third, whole process against whole process, in the same run
(bench/run.py). There each program runs byte-compiled, as printkit's modules do: run as
a script, Python would compile this file afresh every time (about 9 million
instructions, most of what ``catalogue`` costs above ``import click`` beside the files).
"""

from __future__ import annotations

import csv
import io
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "data" / "decks" / "dead-mens-deck"
ART = ROOT / "art" / "builtin" / "dead-mens-deck"
INCH = 72.0
MM = 72 / 25.4
CARD = (2.5 * INCH, 3.5 * INCH)
PAGE = (8.5 * INCH, 11 * INCH)


def _cards() -> list[tuple[str, dict]]:
    effects = tomllib.loads((DECK / "effects.toml").read_text(encoding="utf-8"))
    with open(DECK / "cards.csv", encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    return [(row["card"], {"id": row["effect"], **effects[row["effect"]]}) for row in rows]


def _slots():
    left = (PAGE[0] - 3 * CARD[0]) / 2
    top = (PAGE[1] - 3 * CARD[1]) / 2
    return [
        (left + c * CARD[0], PAGE[1] - top - (r + 1) * CARD[1]) for r in range(3) for c in range(3)
    ]


def _fonts() -> tuple[str, str]:
    """The same typefaces printkit prints with, from their packages."""
    import fontpkg
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("Title", str(fontpkg.path("Alfa Slab One", weight=400))))
    pdfmetrics.registerFont(TTFont("Body", str(fontpkg.path("Zilla Slab", weight=400))))
    return "Title", "Body"


def forms(out: Path) -> None:
    import qrcode
    from reportlab.graphics import renderPDF
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph
    from svglib.svglib import svg2rlg

    title, body = _fonts()
    canvas = Canvas(str(out), pagesize=PAGE, pageCompression=1, invariant=1)
    style = ParagraphStyle("t", fontName=body, fontSize=8, leading=9.4, alignment=1)
    drawings = {}
    names = []
    w, h = CARD
    for code, effect in _cards():
        name = f"front-{code}"
        canvas.beginForm(name, 0, 0, w, h)
        canvas.setFillColorRGB(0.95, 0.91, 0.83)
        canvas.rect(0, 0, w, h, stroke=0, fill=1)
        canvas.setStrokeColorRGB(0.54, 0.42, 0.26)
        canvas.roundRect(3 * MM, 3 * MM, w - 6 * MM, h - 6 * MM, 2 * MM)
        canvas.roundRect(3.75 * MM, 3.75 * MM, w - 7.5 * MM, h - 7.5 * MM, 1.4 * MM)
        canvas.setFillColorRGB(0.17, 0.12, 0.09)
        canvas.setFont(title, 14)
        canvas.drawCentredString(7.4 * MM, h - 10 * MM, code[:-1])
        canvas.setFont(title, 12)
        canvas.drawCentredString(w / 2, h - 10 * MM, effect["name"])
        if effect["id"] not in drawings:
            drawings[effect["id"]] = svg2rlg(str(ART / f"{effect['id']}.svg"))
        drawing = drawings[effect["id"]]
        scale = min((w - 10 * MM) / drawing.width, 25 * MM / drawing.height)
        canvas.saveState()
        canvas.translate(5 * MM, h - 40 * MM)
        canvas.scale(scale, scale)
        renderPDF.draw(drawing, canvas, 0, 0)
        canvas.restoreState()
        paragraph = Paragraph(effect["text"], style)
        paragraph.wrap(w - 10 * MM, 30 * MM)
        paragraph.drawOn(canvas, 5 * MM, 22 * MM)
        qr = qrcode.QRCode(border=0, mask_pattern=2)
        qr.add_data(f"{code} {effect['name']}: {effect['text']}")
        qr.make(fit=True)
        runs = [
            f"{x} {len(qr.modules) - y} 1 1 re"
            for y, row in enumerate(qr.modules)
            for x, dark in enumerate(row)
            if dark
        ]
        canvas.saveState()
        canvas.translate(4.4 * MM, 4.4 * MM)
        canvas.scale(0.4 * MM, 0.4 * MM)
        canvas.addLiteral("\n".join(runs) + "\nf")
        canvas.restoreState()
        canvas.endForm()
        names.append(name)
    canvas.beginForm("back", 0, 0, w, h)
    canvas.setFillColorRGB(0.43, 0.17, 0.11)
    canvas.rect(0, 0, w, h, stroke=0, fill=1)
    back = svg2rlg(str(ART / "back.svg"))
    canvas.scale(w / back.width, h / back.height)
    renderPDF.draw(back, canvas, 0, 0)
    canvas.endForm()
    slots = _slots()
    for start in range(0, len(names), 9):
        chunk = names[start : start + 9]
        for name, (x, y) in zip(chunk, slots, strict=False):
            canvas.saveState()
            canvas.translate(x, y)
            canvas.doForm(name)
            canvas.restoreState()
        canvas.showPage()
        for i in range(len(chunk)):  # mirrored across the sheet, for a long-edge flip
            x, y = slots[i // 3 * 3 + 2 - i % 3]
            canvas.saveState()
            canvas.translate(x, y)
            canvas.doForm("back")
            canvas.restoreState()
        canvas.showPage()
    canvas.save()


def plain(out: Path) -> None:
    from PIL import Image
    from reportlab.lib.utils import ImageReader, simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    _, body = _fonts()
    picture = io.BytesIO()
    Image.new("RGB", (750, 1050), (110, 43, 28)).save(picture, "PNG")
    back = ImageReader(io.BytesIO(picture.getvalue()))
    canvas = Canvas(str(out), pagesize=PAGE, pageCompression=1, invariant=1)
    cards = _cards()
    slots = _slots()
    w, h = CARD
    for start in range(0, len(cards), 9):
        chunk = cards[start : start + 9]
        for (code, effect), (x, y) in zip(chunk, slots, strict=False):
            canvas.rect(x, y, w, h)
            canvas.setFont(body, 12)
            canvas.drawString(x + 10, y + h - 24, f"{code}  {effect['name']}")
            canvas.setFont(body, 8)
            for i, line in enumerate(simpleSplit(effect["text"], body, 8, w - 20)):
                canvas.drawString(x + 10, y + h - 44 - i * 10, line)
        canvas.showPage()
        for i in range(len(chunk)):
            x, y = slots[i // 3 * 3 + 2 - i % 3]
            canvas.drawImage(back, x, y, w, h)
        canvas.showPage()
    canvas.save()


def catalogue(code: str) -> None:
    import click

    deck = tomllib.loads((DECK / "deck.toml").read_text(encoding="utf-8"))
    effects = dict(_cards())
    click.echo(f"{effects[code]['name']} ({deck['name']})")


def images(folder: Path, out: Path) -> None:
    """A folder of card images on Letter, nine a sheet with 1/8 in of bleed cropped from
    each shop-size image, a page of backs after each page of fronts: the least reportlab
    needs for what ``printkit sheets --images DIR --template letter-3x3`` prints."""
    from reportlab.pdfgen.canvas import Canvas

    fronts = sorted(p for p in folder.glob("card*.png"))
    back = folder / "back.png"
    canvas = Canvas(str(out), pagesize=PAGE)
    slots = _slots()
    for start in range(0, len(fronts), 9):
        chunk = fronts[start : start + 9]
        for path, (x, y) in zip(chunk, slots, strict=False):
            canvas.drawImage(str(path), x - 3 * MM, y - 3 * MM, CARD[0] + 6 * MM, CARD[1] + 6 * MM)
        canvas.showPage()
        for _path, (x, y) in zip(chunk, slots, strict=False):
            mirrored = PAGE[0] - x - CARD[0]
            canvas.drawImage(str(back), mirrored - 3 * MM, y - 3 * MM, CARD[0] + 6 * MM,
                             CARD[1] + 6 * MM)  # fmt: skip
        canvas.showPage()
    canvas.save()


def main(argv: list[str]) -> None:
    if argv[0] == "catalogue":
        catalogue(argv[1])
    elif argv[0] == "images":
        images(Path(argv[1]), Path(argv[2]))
    else:
        {"forms": forms, "plain": plain}[argv[0]](Path(argv[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
