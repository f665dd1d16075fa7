"""PNG images of cards: for print-on-demand shops, and the proof sheets of a whole deck.

Shop images come from the single-card PDF (``cards.card_pages``) and proofs are cut
from the deck's print sheets, both rasterised with pypdfium2, so the images are the
same design as the sheets. Shop images are rendered on both cores when there are
enough of them to pay for it.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..layout.impose import slot_rects, used_slots
from ..parallel import busy, spawned
from ..resources.typefaces import TITLE
from ..values.design import CardSet
from ..values.model import Template
from ..values.names import layout_label, slug
from ..values.shops import Shop
from ..words import say
from .cards import CardPages, card_pages
from .fonts import face_identity, face_source, text_runs
from .pages import Reopened, load_document, render_loaded, render_pages, rgb

if TYPE_CHECKING:
    from ..resources.formcache import FormCache

__all__ = [
    "CUT_DPI",
    "PROOF_CARDS",
    "PROOF_DPI",
    "card_images",
    "cut_images",
    "page_images",
    "proof_from_sheets",
    "shop_names",
]


def card_images(
    cards: CardSet,
    target: Shop,
    dpi: int | None = None,
    qr: bool | None = None,
    names: Callable[[CardSet, list[str], CardPages], dict[int, list[str]]] | None = None,
) -> Iterator[tuple[str, bytes]]:
    """(file name, PNG bytes) of every card front, then its backs, in the shop's size and
    bleed, made one after another (a deck of thousands is never held whole). ``names``
    gives each page its files' names (page index -> names), from each front's name
    (``07-ship``) and the deck's pages; by default ``shop_names``."""
    pages = card_pages(cards, qr=qr, bleed=target.bleed)
    count = len(cards.cards)
    width = max(2, len(str(count)))
    fronts = [f"{card.number:0{width}d}-{card.stem or slug(card.name) or 'card'}"
              for card in cards.cards]  # fmt: skip
    named = (names or shop_names)(cards, fronts, pages)
    for index, png in page_images(pages.pdf, count + pages.distinct_backs, dpi or target.dpi):
        for name in named.get(index, ()):
            yield name, png


def shop_names(cards: CardSet, fronts: list[str], pages: CardPages) -> dict[int, list[str]]:
    """Names that a shop's uploader keeps in the deck's order and pairs the backs by:
    ``01-2S-spook.png`` ...; ``back.png`` when every card has one back; ``back-spell.png``
    for each layout when backs go by layout; and when a back reads each card's own fields
    (a picture column, say), ``07-ship-back.png`` beside each ``07-ship.png``."""
    count = len(cards.cards)
    names: dict[int, list[str]] = {i: [f"{name}.png"] for i, name in enumerate(fronts)}
    by_layout: dict[str, set[int]] = {}
    for card, back in zip(cards.cards, pages.backs, strict=True):
        if back is not None:
            by_layout.setdefault(card.back, set()).add(back)
    if pages.distinct_backs == 1:
        names[count] = ["back.png"]
    elif all(len(backs) == 1 for backs in by_layout.values()):
        labels: dict[str, int] = {}
        for key, (back,) in by_layout.items():
            label = "-".join(filter(None, ("back", layout_label(key))))
            labels[label if label not in labels else f"{label}-{back + 1}"] = back
        for label, back in labels.items():
            names.setdefault(count + back, []).append(f"{label}.png")
    else:  # a back for every card, beside its front
        for front, back in zip(fronts, pages.backs, strict=True):
            if back is not None:
                names.setdefault(count + back, []).append(f"{front}-back.png")
    return names


def page_images(pdf: bytes, pages: int, resolution: int) -> Iterator[tuple[int, bytes]]:
    """(page index, PNG) of each of the first ``pages`` pages of a single-card PDF, at
    ``resolution``, in order and one at a time, on both cores when there are enough pages
    to pay for it (each worker opens the document once, and renders a few pages at a
    time)."""
    workers = min(2, os.cpu_count() or 1)
    chunks = [list(range(i, min(pages, i + _CHUNK))) for i in range(0, pages, _CHUNK)]
    if workers > 1 and pages >= 16 and not busy():  # busy: both cores have work already
        # Spawned: a forked child would inherit pdfium's state from this process. A
        # spawned one is handed the file's bytes (it cannot share its pictures' file).
        from .pdf import pdf_bytes

        yield from spawned(
            render_loaded, chunks, resolution, setup=load_document, setup_args=(pdf_bytes(pdf),)
        )
    else:
        for chunk in chunks:
            yield from render_pages(pdf, chunk, resolution)


#: Pages a worker renders in one task.
_CHUNK = 8


#: The largest sheet rendered whole for a proof (Letter at 150 dpi is 2.1 million pixels);
#: the cards of a larger one (a plotter's 200-inch roll) are rendered one at a time.
_PROOF_PAGE_PIXELS = 16_000_000
#: A proof shows each card at 150 dpi (375 px wide for a poker card), where its text can
#: be read; one image holds at most this many cards, so that it opens on any phone.
PROOF_DPI = 150
PROOF_CARDS = 18


def proof_from_sheets(
    pdf: bytes,
    t: Template,
    duplex: str,
    backs_of: list[str],
    name: str,
    page_keys: list[str | None] | None = None,
    kept: FormCache | None = None,
) -> Iterator[bytes]:
    """The proof of a deck cut from its own print sheets (drawn once, for both), one PNG
    after another: every front, then one of each distinct back. ``backs_of`` names each
    card's back ("" for none); the sheets are read as ``render.sheets`` laid them out.
    With the sheets' ``page_keys`` and a cache (``kept``), a proof image made from pages
    of the same keys in an earlier build is taken from the cache, and a page none of
    whose proof images changed is not rendered."""
    import pypdfium2 as pdfium

    from ..layout.impose import FOLDS, impose

    document = Reopened(lambda: pdfium.PdfDocument(pdf))
    scale = PROOF_DPI / 72
    count = len(backs_of)
    sheets = impose(t, count, duplex)
    two_pages = bool(sheets and sheets[0].backs) and not t.fold and duplex in ("long", "short")
    rendered: dict[int, object] = {}

    def page(index: int):
        if index not in rendered:
            rendered.clear()  # one page in memory at a time
            rendered[index] = rgb(document[index], scale, padded=True)
        return rendered[index]

    whole = t.paper_width * t.paper_height * scale * scale <= _PROOF_PAGE_PIXELS

    def crop(index: int, trim, turned: bool):
        if whole:
            image = page(index)
            height = image.size[1]
            box = (
                round(trim.x * scale),
                round(height - trim.top * scale),
                round(trim.x * scale) + round(trim.w * scale),
                round(height - trim.top * scale) + round(trim.h * scale),
            )
            piece = image.crop(box)
        else:  # a sheet too large to hold whole at this resolution: each card on its own
            margins = (trim.x, trim.y, t.paper_width - trim.right, t.paper_height - trim.top)
            piece = rgb(document[index], scale, padded=True, crop=margins)
            size = (round(trim.w * scale), round(trim.h * scale))
            if piece.size != size:
                piece = piece.resize(size)
        return piece.rotate(180) if turned else piece

    places = []  # (page, trim, turned) of every front, then of one of each back
    seen: dict[str, tuple] = {}
    for number, sheet in enumerate(sheets):
        fronts_page = number * (2 if two_pages else 1)
        for placement in sheet.fronts:
            places.append((fronts_page, placement.trim, False))
        backs_page = fronts_page + (1 if two_pages else 0)
        for placement in sheet.backs:
            key = backs_of[placement.item]
            if key and key not in seen:
                seen[key] = (backs_page, placement.trim, placement.rotated)
    if t.fold:  # a folded back is turned as the fold turns it
        seen = {k: (p, r, FOLDS[t.fold] == "top-bottom") for k, (p, r, _) in seen.items()}
    places += list(seen.values())
    size = (round(places[0][1].w * scale), round(places[0][1].h * scale)) if places else (0, 0)
    keys = None
    if page_keys is not None and kept is not None:
        keys = [
            None
            if page_keys[index] is None
            else repr((page_keys[index], tuple(trim), turned, whole, t.paper_width, t.paper_height))
            for index, trim, turned in places
        ]
    try:
        corner = round(t.corner_radius * scale)
        cards = _Cards(lambda i: crop(*places[i]), len(places), size, keys)
        yield from _proofs(cards, name, len(seen), 6, corner, kept)
    finally:
        document.close()


class _Cards(NamedTuple):
    """The card images of a proof: ``image(i)`` makes the i-th, all of one ``size``, and
    ``keys`` name each by what it is cut from (None for one that has no key)."""

    image: Callable[[int], object]
    count: int
    size: tuple[int, int]
    keys: list[str | None] | None = None


def _proofs(
    cards: _Cards,
    name: str,
    backs: int,
    columns: int,
    corner: int = 0,
    kept: FormCache | None = None,
) -> Iterator[bytes]:
    """Proof PNGs of the card images ``cards``, at most PROOF_CARDS each, each card's
    corners rounded to ``corner`` pixels, as the card is cut; one after another. Where
    every card of an image has a key, the image is kept in ``kept`` and taken from it."""
    from PIL import Image, ImageDraw

    # Each card is made and pasted in turn: one proof image and one card in memory.
    card, count = cards.image, cards.count
    card_w, card_h = cards.size
    gap, head = 12, 52
    heading = _Heading(TITLE, 28)
    parts = -(-count // PROOF_CARDS)
    # Each card's corners rounded as it is cut: the proof's ground laid back over the four
    # corners, through the part of a rounded card's mask that lies outside it (the same
    # pixels as pasting the card through the whole mask, in a tenth of the time).
    corners = []
    if corner > 0:
        mask = Image.new("L", (card_w, card_h), 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, card_w - 1, card_h - 1), corner, 255)
        outside = mask.point(lambda value: 255 - value)
        c = min(corner + 2, card_w // 2, card_h // 2)
        for x, y in ((0, 0), (card_w - c, 0), (0, card_h - c), (card_w - c, card_h - c)):
            corners.append(((x, y), outside.crop((x, y, x + c, y + c))))
    fronts = count - backs
    key = "print.proof-back" if backs == 1 else "print.proof-backs" if backs else "print.proof"
    title = say(key, deck=name, count=fronts, backs=backs)  # no back when none is printed

    def chunk_of(part: int) -> range:
        return range(part * PROOF_CARDS, min(count, (part + 1) * PROOF_CARDS))

    def heading_of(part: int) -> str:
        if parts == 1:
            return title
        first = part * PROOF_CARDS + 1
        last = min(first + len(chunk_of(part)) - 1, fronts)
        return say(
            "print.proof-part", title=title, part=part + 1, parts=parts, first=first, last=last
        )

    def key_of(part: int) -> str | None:
        """What the ``part``-th image is made from, hashed; None if a card has no key."""
        if kept is None or cards.keys is None:
            return None
        shown = [cards.keys[index] for index in chunk_of(part)]
        if None in shown:
            return None
        text = heading_of(part)
        packed_by = _deflater()[1]
        made = (text, cards.size, corner, columns, PROOF_DPI, heading.identity(text), packed_by)
        return _made_key("proof", made, shown)

    def sheet(part: int):
        """The ``part``-th proof image, its cards pasted one after another."""
        chunk = chunk_of(part)
        cols = min(columns, len(chunk))
        rows = -(-len(chunk) // cols)
        size = (cols * (card_w + gap) + gap, head + rows * (card_h + gap) + gap)
        image = Image.new("RGBX", size, _GROUND)  # as the cards are cut
        draw = ImageDraw.Draw(image)
        heading.draw(draw, (gap + 2, 12), heading_of(part), "#efe2c4")
        for offset, index in enumerate(chunk):
            row, col = divmod(offset, cols)
            picture = card(index)
            if picture.size != (card_w, card_h):
                picture = picture.resize((card_w, card_h))
            at = (gap + col * (card_w + gap), head + gap + row * (card_h + gap))
            image.paste(picture, at)
            for (x, y), shape in corners:
                image.paste(_GROUND, (at[0] + x, at[1] + y), shape)
        return image

    # PNG packing takes most of the time and runs outside Python's lock: each image is
    # packed on the other core while the next is pasted, two at most in memory (see
    # printkit.parallel for the figures).
    # A kept image is taken as it was packed, in its turn.
    pool = ThreadPoolExecutor(max_workers=1)
    packing = None

    def packed():
        png, key = packing.result()
        if key is not None:
            kept.put_file(key, png)
        return png

    try:
        for part in range(parts):
            key = key_of(part)
            found = kept.get_file(key) if key is not None else None
            if found is None:
                image = sheet(part)  # pasted while the one before is packed
            if packing is not None:
                yield packed()
                packing = None
            if found is not None:
                yield found
            else:
                packing = pool.submit(lambda image=image, key=key: (_png(image), key))
        if packing is not None:
            yield packed()
    finally:  # a generator closed early, or an error: no packing left running
        pool.shutdown(cancel_futures=True)


def _made_key(kind: str, made: tuple, parts: list[str]) -> str:
    """The key of a made image: its ``kind``, how it is made and what from, and what
    makes it (printkit and the libraries it draws with: ``maker_identity``)."""
    import hashlib

    from ..resources.paths import maker_identity

    return hashlib.sha256(repr((kind, maker_identity(), made, parts)).encode()).hexdigest()


#: The proof's ground, between and around its cards.
_GROUND = "#3a3430"


class _Heading:
    """A line of text drawn with Pillow in one of printkit's faces, each run of it in the
    face that has its characters (a Greek deck name in the script face)."""

    def __init__(self, face: str, size: int):
        self.face, self.size, self.fonts = face, size, {}

    def identity(self, text: str) -> tuple:
        """The face and size ``text`` is drawn in, as a key, its font files and all."""
        faces = sorted({face for _, face in text_runs(text, self.face)})
        return (self.size, tuple(face_identity(face) for face in faces))

    def draw(self, draw, at: tuple[int, int], text: str, fill: str) -> None:
        from PIL import ImageFont

        x, y = at
        for run, face in text_runs(text, self.face):
            if face not in self.fonts:
                self.fonts[face] = ImageFont.truetype(face_source(face), self.size)
            draw.text((x, y), run, fill=fill, font=self.fonts[face])
            x += round(self.fonts[face].getlength(run))


def _png(image) -> bytes:
    """A proof image (RGB, or RGBX as it is pasted) as PNG: its rows unfiltered, deflated
    at the fastest level. Pillow chooses a filter for every row, which costs more than the
    deflating. Measured on a proof of the kit and one of a 1,000-card deck (medians of 7,
    2026-12-04): 9 and 7 ms with ISA-L, 51 and 45 with zlib, 110 and 95 with Pillow at
    level 1, for files 6% smaller and 2% larger than Pillow's (a proof is looked at, not
    archived)."""
    import struct
    import zlib

    assert image.mode in ("RGB", "RGBX"), image.mode
    width, height = image.size
    stride = width * 3
    packer = _deflater()[0](1)
    deflated = []  # each row's filter byte (0, none), then the row
    for top in range(0, height, _ROWS):  # a band of rows at a time: no copy of the image
        rows = image.crop((0, top, width, min(height, top + _ROWS)))
        band = memoryview(rows.tobytes("raw", "RGB"))
        for start in range(0, len(band), stride):
            deflated += packer.compress(b"\0"), packer.compress(band[start : start + stride])
    deflated.append(packer.flush())

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(data, zlib.crc32(kind))
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            chunk(b"IHDR", header),
            chunk(b"IDAT", b"".join(deflated)),
            chunk(b"IEND", b""),
        )
    )


#: The rows of a proof image ``_png`` copies out at a time (under 1 MB of them).
_ROWS = 64


@cache
def _deflater() -> tuple[Callable[[int], Any], str]:
    """What deflates the proofs, and its name and version (in a kept proof's key): ISA-L
    where its wheel is installed, a sixth of zlib's time (see ``_png``); zlib otherwise."""
    try:
        import isal
        from isal.isal_zlib import compressobj
    except ImportError:
        import zlib

        return zlib.compressobj, f"png, rows unfiltered, zlib {zlib.ZLIB_RUNTIME_VERSION}"
    return compressobj, f"png, rows unfiltered, isal {isal.__version__}"


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
        image = rgb(page, scale * (1 - 1e-7))
        mask = Image.new("L", image.size, 0)
        draw = ImageDraw.Draw(mask)
        rects = slot_rects(t)
        for r in (rects[slot] for slot in used_slots(t)):
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
