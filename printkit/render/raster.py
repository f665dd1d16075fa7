"""PNG images of cards: for print-on-demand shops, and the proof sheet of a whole deck.

Both come from the single-card PDF (``cards.card_pages``), rasterised with pypdfium2,
so the images are the same design as the print sheets. Shop images are rendered on
both cores when there are enough of them to pay for it.
"""

from __future__ import annotations

import io
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from ..layout.impose import slot_rects
from ..model import Deck, Template
from ..pictures import ArtLibrary
from ..shops import SHOPS
from ..units import inch
from .cards import card_pages
from .pages import render_pages

__all__ = [
    "CUT_DPI",
    "PROOF_CARDS",
    "PROOF_DPI",
    "cut_images",
    "export_images",
    "image_names",
    "proof_sheets",
]

_POKER = (2.5 * inch, 3.5 * inch)


def image_names(deck: Deck) -> list[str]:
    """File names that keep the deck's order in a shop's uploader: 01-2S-spook.png."""
    width = max(2, len(str(len(deck.cards))))
    names = []
    for card in deck.cards:
        if card.playing_card is not None:
            names.append(f"{card.number:0{width}d}-{card.code}-{card.effect.id}.png")
        else:
            names.append(f"{card.number:0{width}d}-{card.code}.png")
    return [*names, "back.png"]


def export_images(
    deck: Deck, shop: str, art: ArtLibrary, dpi: int | None = None, qr: bool = True
) -> dict[str, bytes]:
    """{file name: PNG bytes} for every card front and the back, in the shop's size."""
    target = SHOPS[shop]
    pdf = card_pages(deck, *_POKER, art, qr=qr, bleed=target.bleed)
    pages = len(image_names(deck))
    resolution = dpi or target.dpi
    workers = min(2, os.cpu_count() or 1)
    if workers > 1 and pages >= 16:
        chunks = [list(range(i, pages, workers)) for i in range(workers)]
        # "spawn": a forked child would inherit pdfium's state from this process.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            results = list(pool.map(render_pages, [pdf] * workers, chunks, [resolution] * workers))
        images = dict(pair for result in results for pair in result)
    else:
        images = dict(render_pages(pdf, list(range(pages)), resolution))
    return {name: images[index] for index, name in enumerate(image_names(deck))}


#: A proof shows each card at 150 dpi (375 px wide for a poker card), where its text can
#: be read; one image holds at most this many cards, so that it opens on any phone.
PROOF_DPI = 150
PROOF_CARDS = 18


def proof_sheets(deck: Deck, art: ArtLibrary, columns: int = 6) -> list[bytes]:
    """Every front and the back, legible, as PNGs of at most PROOF_CARDS cards each."""
    import fontpkg
    import pypdfium2 as pdfium
    from PIL import Image, ImageDraw, ImageFont

    pdf = card_pages(deck, *_POKER, art, qr=True, bleed=0)
    document = pdfium.PdfDocument(pdf)
    count = len(document)
    scale = PROOF_DPI / 72

    def thumb(index: int):
        return document[index].render(scale=scale).to_pil().convert("RGB")

    # Each card is rendered and pasted in turn: one proof image and one card in memory.
    card_w, card_h = thumb(0).size
    gap, head = 12, 52
    font = ImageFont.truetype(str(fontpkg.path("Alfa Slab One")), 28)
    parts = -(-count // PROOF_CARDS)
    images = []
    for part in range(parts):
        chunk = range(part * PROOF_CARDS, min(count, (part + 1) * PROOF_CARDS))
        cols = min(columns, len(chunk))
        rows = -(-len(chunk) // cols)
        sheet = Image.new(
            "RGB", (cols * (card_w + gap) + gap, head + rows * (card_h + gap) + gap), "#3a3430"
        )
        draw = ImageDraw.Draw(sheet)
        first = part * PROOF_CARDS + 1
        last = first + len(chunk) - 1
        title = f"{deck.name}: {count - 1} cards and the back"
        if parts > 1:
            title += f" · proof {part + 1} of {parts} (cards {first} to {min(last, count - 1)})"
        draw.text((gap + 2, 12), title, fill="#efe2c4", font=font)
        for offset, index in enumerate(chunk):
            row, col = divmod(offset, cols)
            sheet.paste(
                thumb(index), (gap + col * (card_w + gap), head + gap + row * (card_h + gap))
            )
        buffer = io.BytesIO()
        sheet.save(buffer, format="PNG", compress_level=6)
        images.append(buffer.getvalue())
    document.close()
    return images


#: Print Then Cut images: Cricut Design Space prints at 300 dpi.
CUT_DPI = 300


def cut_images(pdf: bytes, t: Template) -> list[bytes]:
    """Each page of a sheet PDF as a PNG whose pixels outside the cards' rounded trim are
    transparent: an image a cutting program traces and cuts along every card's outline."""
    import pypdfium2 as pdfium
    from PIL import Image, ImageDraw

    document = pdfium.PdfDocument(pdf)
    scale = CUT_DPI / 72
    out = []
    for page in document:
        # A hair under the exact scale, so that pdfium's rounding up cannot add a pixel.
        image = page.render(scale=scale * (1 - 1e-7)).to_pil().convert("RGB")
        mask = Image.new("L", image.size, 0)
        draw = ImageDraw.Draw(mask)
        for r in slot_rects(t):
            box = (
                round(r.x * scale),
                round((t.paper_height - r.top) * scale),
                round(r.right * scale) - 1,
                round((t.paper_height - r.y) * scale) - 1,
            )
            draw.rounded_rectangle(box, radius=round(t.corner_radius * scale), fill=255)
        image.putalpha(mask)
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", dpi=(CUT_DPI, CUT_DPI), compress_level=6)
        out.append(buffer.getvalue())
    document.close()
    return out
