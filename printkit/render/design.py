"""Draw a designed deck's cards: each box of its layout, into one form per face.

Text is set with reportlab paragraphs, shrunk from the box's size down to its minimum
until it fits, or the build stops naming the card and the box. Rich text takes
**bold**, *italic*, line breaks, suit symbols and :icons: drawn as vectors on the
baseline. A character the box's font lacks is set in the layout's fallback font, or
stops the build naming it.
"""

from __future__ import annotations

import hashlib
import io
import re
from xml.sax.saxutils import escape

from ..design import DesignedCard, DesignedDeck, Layout, fill_in
from ..errors import RenderError
from ..layout.design import Placed, placed
from ..layout.impose import Rect
from ..model import SUIT_SYMBOLS, suit_color
from ..notation import parse_card
from ..pictures import ArtLibrary, Picture
from .art import INK_SAVER_LIGHT, fit_raster, lightened, place_drawing, tinted
from .fonts import BODY, TITLE, register_fonts
from .pdf import Document, hex_color
from .qr import draw_qr, qr_code
from .richtext import markup

__all__ = ["DESIGN_BLEED", "DesignFaces", "design_cards", "design_sheets"]

#: How far every face is drawn past its trim: as far as any template's bleed reaches.
DESIGN_BLEED = 0.125 * 72
_ICON = re.compile(r":([a-z][a-z0-9-]*):")
_CALLBACK = "printkit-design-icon"
_SUIT_ICONS = {"spade": "spades", "club": "clubs", "heart": "hearts", "diamond": "diamonds"}
_BUILTIN_ICONS = {"living": "target-living", "dead": "target-dead", "reaction": "mark-reaction"}
_ALIGN = {"left": 0, "center": 1, "right": 2}


class DesignFaces:
    """A designed deck's fronts and backs as forms in one document (the sheets' Faces)."""

    def __init__(
        self,
        doc: Document,
        deck: DesignedDeck,
        builtin: ArtLibrary,
        qr: bool = True,
        ink_saver: bool = False,
    ):
        self.doc, self.deck, self.builtin = doc, deck, builtin
        # The ink saver: grounds that run into the bleed are left white, other fills and
        # pictures are light tints; lines and text keep their colour.
        self.ink_saver = ink_saver
        self.w, self.h = deck.front.width, deck.front.height
        self.bbox = (-DESIGN_BLEED, -DESIGN_BLEED, self.w + DESIGN_BLEED, self.h + DESIGN_BLEED)
        self.qr = qr
        self.fonts = _register(deck)
        self._icon_forms: dict[tuple[str, str], str] = {}
        doc.canvas.setNamedCB(_CALLBACK, self._inline_icon)

    def front(self, index: int) -> str | None:
        if index >= len(self.deck.cards):
            return None
        card = self.deck.cards[index]
        return self._form("front", self.deck.front, card)

    def back(self, index: int) -> str | None:
        if index >= len(self.deck.cards):
            return None
        card = self.deck.cards[index]
        layout = self.deck.backs.get(card.back)
        return self._form(f"back-{card.back}", layout, card) if layout else None

    def _form(self, side: str, layout: Layout, card: DesignedCard) -> str:
        # Cards whose fields the layout reads are equal look alike: one form serves them.
        used = sorted((k, card.values.get(k, "")) for k in layout.fields)
        key = hashlib.sha256(repr((side, used)).encode()).hexdigest()[:16]
        name = f"design-{side}-{key}"
        return self.doc.form(name, self.bbox, lambda: self._draw(layout, card))

    def _draw(self, layout: Layout, card: DesignedCard) -> None:
        for item in placed(layout, card.values, DESIGN_BLEED):
            canvas = self.doc.canvas
            canvas.saveState()
            box = item.box
            if box.rotation:
                r = item.rect
                canvas.translate(r.x + r.w / 2, r.y + r.h / 2)
                canvas.rotate(box.rotation)
                canvas.translate(-(r.x + r.w / 2), -(r.y + r.h / 2))
            draw = getattr(self, f"_{box.kind}")
            draw(layout, card, item)
            canvas.restoreState()

    # -- the kinds of box ----------------------------------------------------------------

    def _shape(self, layout: Layout, card: DesignedCard, item: Placed) -> None:
        canvas, box, r = self.doc.canvas, item.box, item.rect
        fill = box.fill.resolve(card.values) if box.fill else None
        stroke = box.stroke.resolve(card.values) if box.stroke else None
        if self.ink_saver and fill:
            fill = None if box.bleed else _lighter(fill)
        if fill:
            canvas.setFillColor(hex_color(fill))
        if stroke:
            canvas.setStrokeColor(hex_color(stroke))
            canvas.setLineWidth(box.stroke_width or 0.5)
        if box.content == "line":
            if stroke:
                canvas.line(r.x, r.top, r.right, r.y)
            return
        if not fill and not stroke:
            return
        if box.content == "ellipse":
            canvas.ellipse(r.x, r.y, r.right, r.top, stroke=int(bool(stroke)), fill=int(bool(fill)))
        else:
            canvas.roundRect(
                r.x, r.y, r.w, r.h, box.radius, stroke=int(bool(stroke)), fill=int(bool(fill))
            )

    def _text(self, layout: Layout, card: DesignedCard, item: Placed) -> None:
        text = fill_in(item.box.content, card.values)
        self._paragraph(layout, card, item, escape(text).replace("\n", "<br/>"), text)

    def _rich(self, layout: Layout, card: DesignedCard, item: Placed) -> None:
        text = fill_in(item.box.content, card.values)
        self._paragraph(layout, card, item, None, text)

    def _paragraph(self, layout, card, item: Placed, plain_markup, text: str) -> None:
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.platypus import Paragraph

        if not text.strip():
            return
        box, inner = item.box, item.inner
        font = self.fonts[layout.source, box.font]
        fallback = self.fonts.get((layout.source, layout.fallback)) if layout.fallback else None
        where = f"{card.row} ({card.name}), {layout.source} [box.{box.name}]"
        color = (box.color.resolve(card.values) if box.color else None) or "#000000"
        if plain_markup is None:
            body = self._rich_markup(text, font, fallback, where, color)
        else:
            body = _with_fallback(escape(text), font, fallback, where).replace("\n", "<br/>")
        size = box.size
        while True:
            style = ParagraphStyle(
                "design",
                fontName=font,
                fontSize=size,
                leading=size * box.leading,
                alignment=_ALIGN[box.align],
                textColor=hex_color(color),
            )
            paragraph = Paragraph(body, style)
            _, height = paragraph.wrap(inner.w, inner.h * 4)
            if height <= inner.h + 0.01 and _fits_width(paragraph, inner.w):
                break
            if size - 0.25 < box.min_size - 1e-9:
                raise RenderError(
                    f"{where}: the text does not fit even at {box.min_size:g} pt; shorten it, "
                    "make the box larger or lower min_size"
                )
            size -= 0.25
        y = {
            "top": inner.top - height,
            "middle": inner.y + (inner.h - height) / 2,
            "bottom": inner.y,
        }[box.valign]
        paragraph.drawOn(self.doc.canvas, inner.x, y)

    def _rich_markup(self, text: str, font: str, fallback, where: str, color: str) -> str:
        def run_markup(run: str) -> str:
            pieces, last = [], 0
            for match in _ICON.finditer(run):
                pieces.append(
                    _with_fallback(escape(run[last : match.start()]), font, fallback, where)
                )
                pieces.append(self._icon_markup(match.group(1), color, where))
                last = match.end()
            pieces.append(_with_fallback(escape(run[last:]), font, fallback, where))
            return "".join(pieces).replace("\n", "<br/>")

        return markup(text, run_markup=run_markup)

    def _icon_markup(self, name: str, color: str, where: str) -> str:
        if name not in _SUIT_ICONS and name not in _BUILTIN_ICONS and name not in self.deck.icons:
            known = sorted({*_SUIT_ICONS, *_BUILTIN_ICONS, *self.deck.icons})
            raise RenderError(f"{where}: no icon :{name}:; icons are {', '.join(known)}")
        return f'<onDraw name="{_CALLBACK}" label="{name}|{color}"/>&nbsp;&nbsp;&nbsp;'

    def _inline_icon(self, canvas, _kind, label: str) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        name, color = label.split("|")
        info = canvas._curr_tx_info  # reportlab's state for onDraw callbacks
        style = info["xs"].style
        room = stringWidth("\xa0" * 3, style.fontName, style.fontSize)
        size = room * 0.84
        x, y = info["cur_x"] + room * 0.08, info["cur_y"] - size * 0.06
        if name in _SUIT_ICONS:
            suit = _SUIT_ICONS[name]
            picture, paint = self.builtin.icon(f"pip-{suit}"), _SUIT_COLORS[suit_color(suit)]
        elif name in _BUILTIN_ICONS:
            picture, paint = self.builtin.icon(_BUILTIN_ICONS[name]), color
        else:
            picture, paint = self.deck.icons[name], color
        self._stamp_icon(canvas, name, picture, paint, x, y, size)

    def _stamp_icon(self, canvas, name: str, picture: Picture, color: str, x, y, size) -> None:
        key = (name, color)
        if key not in self._icon_forms:
            drawing = tinted(picture.drawing, hex_color(color))
            form = f"design-icon-{name}-{color[1:]}"
            self._icon_forms[key] = self.doc.form(
                form,
                (0, 0, 100, 100),
                lambda: place_drawing(self.doc.canvas, drawing, 0, 0, 100, 100),
            )
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(size / 100, size / 100)
        canvas.doForm(self._icon_forms[key])
        canvas.restoreState()

    def _picture(self, layout: Layout, card: DesignedCard, item: Placed) -> None:
        name = fill_in(item.box.content, card.values).strip()
        if not name:
            return
        picture = self.deck.pictures[name]
        canvas, inner, cover = self.doc.canvas, item.inner, item.box.fit == "cover"
        clip = canvas.beginPath()
        clip.roundRect(inner.x, inner.y, inner.w, inner.h, item.box.radius)
        canvas.clipPath(clip, stroke=0, fill=0)
        light = INK_SAVER_LIGHT if self.ink_saver else 0.0
        if picture.is_svg:
            drawing = lightened(picture.drawing, light) if light else picture.drawing
            place_drawing(canvas, drawing, inner.x, inner.y, inner.w, inner.h, cover=cover)
            return
        from reportlab.lib.utils import ImageReader

        box = inner if cover else _contained(picture, inner)
        data = fit_raster(picture, box.w, box.h, light)
        canvas.drawImage(ImageReader(io.BytesIO(data)), box.x, box.y, box.w, box.h, mask="auto")

    def _qr(self, layout: Layout, card: DesignedCard, item: Placed) -> None:
        text = fill_in(item.box.content, card.values).strip()
        if not text or not self.qr:
            return
        code = qr_code(text)
        inner = item.inner
        module = min(inner.w, inner.h) / code.side
        side = module * code.side
        x = inner.x + (inner.w - side) / 2
        y = inner.y + (inner.h - side) / 2
        ink = (item.box.color.resolve(card.values) if item.box.color else None) or "#000000"
        draw_qr(self.doc.canvas, code, x, y, module, hex_color(ink), hex_color("#ffffff"))

    def _index(self, layout: Layout, card: DesignedCard, item: Placed) -> None:
        text = fill_in(item.box.content, card.values).strip()
        if not text:
            return
        where = f"{card.row} ({card.name}), {layout.source} [box.{item.box.name}]"
        try:
            playing = parse_card(text)
        except Exception as exc:  # NotationError: say where
            raise RenderError(f"{where}: {exc}") from None
        canvas, inner, box = self.doc.canvas, item.inner, item.box
        font = self.fonts[layout.source, box.font]
        color = _SUIT_COLORS[playing.color]
        canvas.setFillColor(hex_color(color))
        canvas.setFont(font, box.size)
        canvas.drawCentredString(inner.x + inner.w / 2, inner.top - box.size * 0.8, playing.rank)
        pip = min(inner.w * 0.8, inner.h - box.size * 1.1)
        if pip > 0:
            picture = self.builtin.icon(f"pip-{playing.suit}")
            self._stamp_icon(
                canvas, f"pip-{playing.suit}", picture, color,
                inner.x + (inner.w - pip) / 2, inner.top - box.size * 1.05 - pip, pip,
            )  # fmt: skip


_SUIT_COLORS = {"red": "#b3261e", "black": "#1d1b19"}


def _lighter(color: str) -> str:
    """A colour moved INK_SAVER_LIGHT of the way to white."""
    channels = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * INK_SAVER_LIGHT):02x}" for c in channels)


def _fits_width(paragraph, width: float) -> bool:
    """No line is wider than the box (a word too long for the box would overflow it)."""
    lines = getattr(paragraph, "blPara", None)
    if lines is None:
        return True
    for line in lines.lines:
        used = width - line[0] if isinstance(line, tuple) else getattr(line, "currentWidth", 0)
        if used > width + 0.01:
            return False
    return True


def _with_fallback(escaped: str, font: str, fallback: str | None, where: str) -> str:
    """Characters ``font`` lacks set in the fallback font; RenderError when it lacks them too."""
    from reportlab.pdfbase import pdfmetrics

    glyphs = pdfmetrics.getFont(font).face.charToGlyph
    if all(ord(ch) in glyphs or ch.isspace() or ch in "&;<>" for ch in escaped):
        return escaped
    out = []
    spare = pdfmetrics.getFont(fallback).face.charToGlyph if fallback else {}
    for ch in escaped:
        if ord(ch) in glyphs or ch.isspace() or ch in "&;#<>" or ch.isascii():
            out.append(ch)
        elif ord(ch) in spare:
            out.append(f'<font name="{fallback}">{ch}</font>')
        elif ch in SUIT_SYMBOLS.values():
            out.append(ch)
        else:
            raise RenderError(
                f"{where}: the layout's fonts cannot draw the character {ch!r} (U+{ord(ch):04X}); "
                "give [fonts] a fallback that has it, or replace it"
            )
    return "".join(out)


def _contained(picture: Picture, box: Rect) -> Rect:
    """The largest rectangle of the picture's proportions centred in the box."""
    from PIL import Image

    with Image.open(io.BytesIO(picture.data)) as image:
        width, height = image.size
    scale = min(box.w / width, box.h / height)
    w, h = width * scale, height * scale
    return Rect(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)


def _register(deck: DesignedDeck) -> dict[tuple[str, str], str]:
    """Register every layout's fonts with reportlab; {(layout, name): registered name}."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    register_fonts()
    names = {}
    for layout in (deck.front, *deck.backs.values()):
        for name, font in layout.fonts.items():
            if font.source == "Zilla Slab" and name == "body":
                names[layout.source, name] = BODY
                continue
            if font.source == "Alfa Slab One" and name == "title":
                names[layout.source, name] = TITLE
                continue
            registered = "PKD-" + hashlib.sha256(font.data).hexdigest()[:12]
            if registered not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(registered, io.BytesIO(font.data)))
                for bold in (0, 1):
                    for italic in (0, 1):
                        addMapping(registered, bold, italic, registered)
            names[layout.source, name] = registered
    return names


def check_size(deck: DesignedDeck, width: float, height: float, template_name: str) -> None:
    """The template must hold cards of the size the layout is drawn for."""
    from ..units import format_mm, mm

    if abs(width - deck.front.width) > 0.5 * mm or abs(height - deck.front.height) > 0.5 * mm:
        raise RenderError(
            f"{deck.front.source} is drawn for {format_mm(deck.front.width)} x "
            f"{format_mm(deck.front.height)} cards; the template {template_name} holds "
            f"{format_mm(width)} x {format_mm(height)}: choose a template of that card size"
        )


def design_sheets(deck: DesignedDeck, template, builtin: ArtLibrary, settings) -> dict[str, bytes]:
    """The deck's print sheets, as ``render.deck.deck_sheets`` makes them for a catalogue
    deck: {"": pdf} or, for manual duplex, {"fronts": ..., "backs": ...}."""
    from .sheets import SheetJob, render_sheets

    check_size(deck, template.card_width, template.card_height, template.name)

    def open_document(part: str):
        doc = Document(
            (template.paper_width, template.paper_height),
            f"{deck.name} - card sheets" + (" (ink saver)" if settings.ink_saver else ""),
            f"The {len(deck.cards)} cards of {deck.name} on {template.name} sheets",
            kind="sheets",
            paper=template.paper,
            duplex=_printed(settings.duplex) if template.backs and not template.fold else "simplex",
        )
        return doc, DesignFaces(doc, deck, builtin, qr=settings.qr, ink_saver=settings.ink_saver)

    job = SheetJob(deck.name, template, settings.duplex, settings.back_offset)
    return render_sheets(job, len(deck.cards), open_document)


def _printed(duplex: str) -> str:
    return {"long": "long", "short": "short"}.get(duplex, "simplex")


def design_cards(
    deck: DesignedDeck, builtin: ArtLibrary, qr: bool = True, bleed: float = 0.0
) -> bytes:
    """One page per card front, then one per distinct back (in the order cards first use
    them), each ``bleed`` larger than the trim on every side: the source of the images
    for shops and virtual tables."""
    if not 0 <= bleed <= DESIGN_BLEED:
        raise ValueError(f"bleed must lie between 0 and {DESIGN_BLEED} points")
    doc = Document(
        (deck.front.width + 2 * bleed, deck.front.height + 2 * bleed),
        f"{deck.name} - single cards",
        f"Every card of {deck.name}",
        kind="cards",
        paper="card",
    )
    faces = DesignFaces(doc, deck, builtin, qr=qr)
    forms = [faces.front(i) for i in range(len(deck.cards))]
    seen = []
    for i in range(len(deck.cards)):
        back = faces.back(i)
        if back is not None and back not in seen:
            seen.append(back)
    for form in [*forms, *seen]:
        doc.canvas.translate(bleed, bleed)
        doc.canvas.doForm(form)
        doc.canvas.showPage()
    return doc.finish()
