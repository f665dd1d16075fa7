"""Draw any deck's cards: each box of its layouts, into one form per face.

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
from collections.abc import Sequence

from ..errors import RenderError
from ..layout.design import Placed, ground_under, placed, stacked_marks
from ..layout.impose import Rect
from ..limits import MAX_QR_TEXT, MAX_TEXT
from ..resources.typefaces import register_face
from ..units import format_mm, mm
from ..values.design import CardSet, Layout, PrintCard, fill_in
from ..values.fingerprint import Fingerprints
from ..values.model import SUIT_SYMBOLS, suit_color
from ..values.notation import parse_card
from ..values.pictures import Picture
from .art import (
    INK_SAVER_LIGHT,
    face_raster,
    fit_raster,
    lightened,
    place_drawing,
    tinted,
    without_ground,
)
from .fonts import (
    add_family,
    draw_text,
    face_of,
    missing_char,
    register_fonts,
    set_chain,
    text_width,
)
from .pdf import Document, hex_color
from .qr import QUIET, draw_qr, qr_code, qr_version
from .qrstream import CodeStream
from .richtext import escape, markup

__all__ = ["FACE_BLEED", "SUIT_COLORS", "CardFaces", "contrast"]

#: How many texts' sizes a painter remembers (the latest found): enough for every text a
#: deck repeats on its cards, few enough that ten thousand different cards stay flat.
_KNOWN_SIZES = 4096

#: How far every face is drawn past its trim: as far as any template's bleed reaches.
FACE_BLEED = 0.125 * 72
_ICON = re.compile(r":([a-z][a-z0-9-]*):")
_CALLBACK = "printkit-design-icon"
_SUIT_ICONS = {"spade": "spades", "club": "clubs", "heart": "hearts", "diamond": "diamonds"}
_BUILTIN_ICONS = {
    "living": "target-living",
    "dead": "target-dead",
    "reaction": "mark-reaction",
    "unstoppable": "mark-unstoppable",
}
_ALIGN = {"left": 0, "center": 1, "right": 2}
_HEX = re.compile(r"#[0-9a-fA-F]{6}")
#: A vignette: this many rings, each this much nearer the edge colour than the next.
_RINGS = 6
_RING_DEPTH = 0.055
#: The ink saver's background pictures (a back's pattern covers the whole card): this
#: far towards white, lines too.
_BACKGROUND_LIGHT = 0.8


class CardFaces:
    """A card set's faces as forms in one document: the front and the back of each of
    its ``slots`` (by default its cards; a sheet's slots also hold aids and blanks)."""

    def __init__(
        self,
        doc: Document,
        cards: CardSet,
        qr: bool | None = None,
        ink_saver: bool = False,
        slots: Sequence[PrintCard] | None = None,
        around: str = "",
    ):
        """``around``: the text the document draws beside the cards (a sheet's labels)."""
        self.doc, self.cards = doc, cards
        self.slots = cards.cards if slots is None else slots
        # The ink saver: grounds that run into the bleed are left white, other fills and
        # pictures are light tints; lines and text keep their colour.
        self.ink_saver = ink_saver
        self.w, self.h = cards.card_size
        self.bbox = (-FACE_BLEED, -FACE_BLEED, self.w + FACE_BLEED, self.h + FACE_BLEED)
        self.qr = qr
        self.fonts = _register(cards)
        self._icon_forms: dict[tuple[str, str], str] = {}
        self._sizes: dict[tuple, float] = {}  # a text's size in a box, found once (the latest)
        self._deck_sizes: dict[tuple, float] = {}  # a title box's one size for the deck
        self._qr_versions: dict[tuple, int] = {}  # a qr box's one version for the deck
        self._box_keys: dict[tuple, str] = {}
        self._streams: dict[tuple, CodeStream] = {}  # a module box's codes, made ahead
        self._aid = None  # the player aid's painter, made when an aid is first drawn
        doc.canvas.setNamedCB(_CALLBACK, self._inline_icon)
        self._prints = Fingerprints(cards, repr((ink_saver, qr, self.bbox)).encode())
        doc.fix_glyphs(_characters(cards, self.slots) + around)
        doc.recipes.update(
            picture=self._picture_recipe, face=self._face_recipe, icon=self._icon_recipe
        )

    def front(self, index: int) -> str | None:
        if index >= len(self.slots):
            return None
        card = self.slots[index]
        if card.kind in ("aid", "aid-back"):
            return self._aid_side("back" if card.kind == "aid-back" else "front")
        return self.form("front", self.cards.layout(card.front), card)

    def back(self, index: int) -> str | None:
        if index >= len(self.slots):
            return None
        card = self.slots[index]
        if card.kind == "aid":
            return self._aid_side("back")
        layout = self.cards.layouts.get(card.back)
        return self.form("back", layout, card) if layout else None

    def _aid_side(self, side: str) -> str:
        if self._aid is None:
            from .aids import AidPainter

            assert self.cards.aid is not None
            self._aid = AidPainter(self, self.cards.aid)
        return self._aid.form(side)

    def form(self, side: str, layout: Layout, card: PrintCard, boxes=None, name: str = "") -> str:
        """The form of ``card`` drawn with ``layout`` (or only its ``boxes``): cards whose
        fields the layout reads are equal look alike, and one form serves them all. A
        caller that knows which cards look alike may give the form's ``name``."""
        boxes_key = self._prints.layout(layout) if boxes is None else self._boxes_key(boxes)
        if not name:
            shown = layout.boxes if boxes is None else boxes
            used = sorted((k, card.values.get(k, "")) for k in self._prints.fields(shown))
            digest = hashlib.sha256(repr((side, boxes_key, used)).encode()).hexdigest()[:16]
            name = f"{side}-{digest}"
        boxes = layout.boxes if boxes is None else boxes
        # What the form is drawn from, for the forms kept between builds: the card's
        # values, its layout and pictures (its fingerprint), and what the whole deck
        # decides for it.
        face = self._prints.face(layout, card, boxes if boxes is not layout.boxes else ())
        key = repr((name, boxes_key, face, self._deck_facts(layout, card, boxes)))
        return self.doc.form(name, self.bbox, lambda: self._draw(layout, card, boxes), key)

    def _boxes_key(self, boxes) -> str:
        """Some boxes, by what they draw (not their layout: a look's layouts share their
        ground), found once."""
        ids = tuple(map(id, boxes))
        if ids not in self._box_keys:
            plain = [box._replace(name="") for box in boxes]
            self._box_keys[ids] = hashlib.sha256(repr(plain).encode()).hexdigest()[:16]
        return self._box_keys[ids]

    def _deck_facts(self, layout: Layout, card: PrintCard, boxes) -> tuple:
        """What the whole deck decides for this card's boxes, as drawing them finds it:
        each title's one size, each module qr box's one version."""
        chosen = set(map(id, self._shown(boxes)))
        facts: list[object] = []
        for item in placed(layout, card.values, FACE_BLEED):
            box = item.box
            if box.kind == "title" and id(box) in chosen:
                text = " ".join(self._filled(layout, card, box).split())
                if text:
                    font = self.fonts[layout.source, box.font]
                    facts.append(self._deck_size(layout, box, item.inner.w, font, text))
            elif box.kind == "qr" and box.module and self._qr_text(layout, card, box):
                facts.append(self._module_version(layout, card, box))
        return tuple(facts)

    def _shown(self, boxes) -> list:
        """The boxes drawn in this ink: each box's ink_saver says in which."""
        return [
            b for b in boxes if b.ink_saver == "print" or (b.ink_saver == "only") == self.ink_saver
        ]

    def _draw(self, layout: Layout, card: PrintCard, boxes) -> None:
        canvas = self.doc.canvas
        shown = self._shown(boxes)
        # The shapes a layout starts with (a ground, a frame) are most cards' same look:
        # drawn once as a form for each set of values they read, and placed.
        lead = 0
        while lead < len(shown) and shown[lead].kind == "shape":
            lead += 1
        if 1 < lead < len(shown):
            canvas.doForm(self.form("ground", layout, card, tuple(shown[:lead])))
            shown = shown[lead:]
        chosen = set(map(id, shown))
        for item in placed(layout, card.values, FACE_BLEED):
            box = item.box
            if id(box) not in chosen:
                continue
            canvas.saveState()
            if box.rotation:
                r = item.rect
                canvas.translate(r.x + r.w / 2, r.y + r.h / 2)
                canvas.rotate(box.rotation)
                canvas.translate(-(r.x + r.w / 2), -(r.y + r.h / 2))
            draw = getattr(self, f"_{box.kind}")
            draw(layout, card, item)
            canvas.restoreState()

    def _ink(self, layout: Layout, card: PrintCard, box, paint, default, minimum=4.5):
        """A text's or a line's colour (``paint``, or ``default``), kept readable in the
        ink saver: where the ground under it is left white or turned light, a colour
        that no longer stands out against it (gold on a dark back, say) takes the colour
        of that ground itself, so that cards of different grounds still look apart, or
        else the ink's near-black."""
        color = self._paint(paint, layout, card, box, default)
        if color is None or not self.ink_saver:
            return color
        ground = ground_under(layout, card.values, box)
        original = self._paint(ground.fill, layout, card, ground) if ground else None
        under = hex_color(_WHITE) if original is None or ground.bleed else _lighter(original)
        for candidate in (color, original, hex_color(SUIT_COLORS["black"])):
            if candidate is not None and contrast(candidate, under) >= minimum:
                return candidate
        return hex_color("#000000")

    def contrast(self, layout: Layout, card: PrintCard, box, default="#000000") -> float:
        """The contrast of ``box``'s text colour against what lies under it, as drawn
        (the ink saver's changes included): a check for the tests, and for designers."""
        ground = ground_under(layout, card.values, box)
        original = self._paint(ground.fill, layout, card, ground) if ground else None
        under = hex_color(_WHITE) if original is None else original
        if self.ink_saver and original is not None:
            under = hex_color(_WHITE) if ground.bleed else _lighter(original)
        return contrast(self._ink(layout, card, box, box.color, default), under)

    def _filled(self, layout: Layout, card: PrintCard, box, template: str | None = None) -> str:
        """A box's text with the card's fields filled in: at most MAX_TEXT characters,
        however often the layout repeats a field, so that no card is set for minutes."""
        text = fill_in(box.content if template is None else template, card.values)
        if len(text) > MAX_TEXT:
            raise RenderError.said(
                "data.render.too-long",
                where=self._where(layout, card, box),
                length=len(text),
                limit=MAX_TEXT,
            )
        return text

    def _where(self, layout: Layout, card: PrintCard, box) -> str:
        """Where a box's trouble comes from: the layout alone when the box reads no field
        of the card (its text is the layout's own), else the card's row too."""
        if not box.fields:
            return f"{layout.source} [box.{box.name}]"
        from ..words import say

        place = f"{layout.source} [box.{box.name}]"
        return say("data.where.card-box", card=card.row, name=card.name, box=place)

    def _paint(self, paint, layout: Layout, card: PrintCard, box, default=None):
        """A box's colour for this card, as reportlab's Color; None for none."""
        color = (paint.resolve(card.values) if paint is not None else None) or default
        if color is None:
            return None
        if not _HEX.fullmatch(color):
            raise RenderError.said(
                "data.render.colour", where=self._where(layout, card, box), color=color
            )
        return hex_color(color)

    # -- the kinds of box ----------------------------------------------------------------

    def _shape(self, layout: Layout, card: PrintCard, item: Placed) -> None:
        canvas, box, r = self.doc.canvas, item.box, item.rect
        fill = self._paint(box.fill, layout, card, box)
        stroke = self._ink(layout, card, box, box.stroke, None, _LINE_CONTRAST)
        if self.ink_saver and fill is not None:
            fill = None if box.bleed else _lighter(fill)
        if box.content == "vignette":
            if fill is not None:
                edge = self._paint(box.edge, layout, card, box) or fill
                self._vignette(layout, item, fill, edge)
            return
        if fill is not None:
            canvas.setFillColor(fill)
        if stroke is not None:
            canvas.setStrokeColor(stroke)
            canvas.setLineWidth(box.stroke_width or 0.5)
        if box.content == "line":
            if stroke is not None:
                canvas.line(r.x, r.top, r.right, r.y)
            return
        if fill is None and stroke is None:
            return
        paint = {"stroke": int(stroke is not None), "fill": int(fill is not None)}
        if box.content == "ellipse":
            canvas.ellipse(r.x, r.y, r.right, r.top, **paint)
        elif box.radius:
            canvas.roundRect(r.x, r.y, r.w, r.h, box.radius, **paint)
        else:
            canvas.rect(r.x, r.y, r.w, r.h, **paint)

    def _vignette(self, layout: Layout, item: Placed, fill, edge) -> None:
        """The fill darkening gently towards the card's edges, as rings of solid,
        pre-mixed colour 1 mm apart from the trim inwards: no transparency, which some
        printer drivers flatten badly."""
        canvas, box, r = self.doc.canvas, item.box, item.rect
        trim = Rect(box.x, layout.height - box.y - box.h, box.w, box.h)
        canvas.setFillColor(_mix(edge, fill, _RING_DEPTH * _RINGS))
        canvas.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
        for step in range(1, _RINGS + 1):
            ring = trim.inset((step - 1) * 1.0 * mm * layout.scale)
            canvas.setFillColor(_mix(edge, fill, _RING_DEPTH * (_RINGS - step)))
            canvas.roundRect(ring.x, ring.y, ring.w, ring.h, box.radius, stroke=0, fill=1)

    def _text(self, layout: Layout, card: PrintCard, item: Placed) -> None:
        text = self._filled(layout, card, item.box)
        if item.box.no_widow:
            text = _no_widow(text)
        self._paragraph(layout, card, item, escape(text).replace("\n", "<br/>"), text)

    def _rich(self, layout: Layout, card: PrintCard, item: Placed) -> None:
        text = self._filled(layout, card, item.box)
        if item.box.no_widow:
            text = _no_widow(text)
        self._paragraph(layout, card, item, None, text)

    def _paragraph(self, layout, card, item: Placed, plain_markup, text: str) -> None:
        from reportlab.lib.styles import ParagraphStyle

        from .platypus import Paragraph

        if not text.strip():
            return
        box, inner = item.box, item.inner
        font = self.fonts[layout.source, box.font]
        where = self._where(layout, card, box)
        color = self._ink(layout, card, box, box.color, "#000000")
        if plain_markup is None:
            body = self._rich_markup(text, layout, box, where, _hex(color))
        else:
            _check_text(text, font, where)
            body = escape(text).replace("\n", "<br/>")
        # Equal texts in equal boxes share their size: found once, by shrinking.
        key = (hashlib.sha1(body.encode()).digest(), font, box.size, box.min_size, box.leading)
        key += (round(inner.w, 3), round(inner.h, 3))

        made: dict[float, tuple] = {}  # each size set once: the size found is drawn as tried

        def set_at(size: float):
            if size in made:
                return made[size]
            style = ParagraphStyle(
                "design",
                fontName=font,
                fontSize=size,
                leading=size * box.leading,
                alignment=_ALIGN[box.align],
                textColor=color,
            )
            paragraph = Paragraph(body, style)
            _, height = paragraph.wrap(inner.w, inner.h * 4)
            made[size] = paragraph, height
            return made[size]

        def fits(size: float) -> bool:
            paragraph, height = set_at(size)
            return height <= inner.h + 0.01 and _fits_width(paragraph, inner.w)

        size = self._sizes.get(key)
        if size is None:
            size = _largest(box.size, box.min_size, 0.25, fits)
            if size is None:
                from ..words import say

                raise RenderError.said(
                    "data.render.no-fit",
                    where=where,
                    size=box.min_size,
                    advice=card.too_long or say("data.render.shorten"),
                )
            if len(self._sizes) >= _KNOWN_SIZES:  # bounded: a deck of thousands stays flat
                del self._sizes[next(iter(self._sizes))]
            self._sizes[key] = size
        paragraph, height = set_at(size)
        y = {
            "top": inner.top - height,
            "middle": inner.y + (inner.h - height) / 2,
            "bottom": inner.y,
        }[box.valign]
        paragraph.drawOn(self.doc.canvas, inner.x, y)

    def _title(self, layout: Layout, card: PrintCard, item: Placed) -> None:
        """A name on one line, or on two as even as its words allow, centred in the box,
        at one size for the whole deck: the largest from ``size`` down to ``min_size``
        at which every card's text of this box fits."""

        box, inner = item.box, item.inner
        text = " ".join(self._filled(layout, card, box).split())
        if not text:
            return
        font = self.fonts[layout.source, box.font]
        where = self._where(layout, card, box)
        _check_text(text, font, where)
        size = self._deck_size(layout, box, inner.w, font, text)
        lines = _title_lines(text, size, inner.w, _measure(font)) or [text]
        canvas = self.doc.canvas
        canvas.setFillColor(self._ink(layout, card, box, box.color, "#000000"))
        line_h = size * 1.05
        block = line_h * len(lines)
        first = {
            "top": inner.top - size * 0.78,
            "middle": inner.top - (inner.h - block) / 2 - size * 0.78,
            "bottom": inner.y + block - size * 0.78,
        }[box.valign]
        x = {"left": inner.x, "center": inner.x + inner.w / 2, "right": inner.right}[box.align]
        for i, line in enumerate(lines):
            draw_text(canvas, x, first - i * line_h, line, font, size, box.align)

    def _deck_size(self, layout: Layout, box, width: float, font: str, text: str) -> float:
        measure = _measure(font)
        key = (box.content, font, box.size, box.min_size, round(width, 3))
        if key in self._deck_sizes:
            size = self._deck_sizes[key]
            if _title_lines(text, size, width, measure):
                return size
        texts = {" ".join(fill_in(box.content, c.values).split()) for c in self.cards.cards}
        texts = sorted(t for t in texts | {text} if t)

        def fits(size: float) -> bool:
            return all(_title_lines(t, size, width, measure) for t in texts)

        size = _largest(box.size, box.min_size, 0.25 * layout.scale, fits)
        if size is not None:
            self._deck_sizes[key] = size
            return size
        longest = max(texts, key=lambda t: measure(t, box.min_size))
        raise RenderError.said(
            "data.render.two-lines",
            where=f"{layout.source} [box.{box.name}]",
            text=longest,
            size=box.min_size,
        )

    def _rich_markup(self, text: str, layout: Layout, box, where: str, color: str) -> str:
        font = self.fonts[layout.source, box.font]
        suits = "".join(SUIT_SYMBOLS.values())

        def run_markup(run: str, style: str) -> str:
            face = font
            if style in ("bold", "italic"):
                face = face_of(font, style == "bold", style == "italic")
                if face is None:
                    typeface = layout.fonts[box.font]
                    raise RenderError.said(
                        "data.render.no-bold" if style == "bold" else "data.render.no-italic",
                        where=where,
                        font=box.font,
                        source=typeface.source,
                    )
            pieces, last = [], 0
            for match in _ICON.finditer(run):
                _check_text(run[last : match.start()], face, where, suits)
                pieces.append(escape(run[last : match.start()]))
                pieces.append(self._icon_markup(match.group(1), color, where))
                last = match.end()
            _check_text(run[last:], face, where, suits)
            pieces.append(escape(run[last:]))
            return "".join(pieces).replace("\n", "<br/>")

        return markup(text, run_markup=run_markup, code=False)

    def _icon_picture(self, name: str, where: str) -> Picture:
        if name in _SUIT_ICONS:
            return self.cards.art.icon(f"pip-{_SUIT_ICONS[name]}")
        if name in _BUILTIN_ICONS:
            return self.cards.art.icon(_BUILTIN_ICONS[name])
        if name in self.cards.icons:
            return self.cards.icons[name]
        known = sorted({*_SUIT_ICONS, *_BUILTIN_ICONS, *self.cards.icons})
        from ..words import joined

        raise RenderError.said(
            "data.render.no-icon", where=where, name=name, icons=joined(known, "list")
        )

    def _icon_markup(self, name: str, color: str, where: str) -> str:
        self._icon_picture(name, where)
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
            color = SUIT_COLORS[suit_color(_SUIT_ICONS[name])]
        self._stamp_icon(canvas, name, self._icon_picture(name, name), color, x, y, size)

    def _stamp_icon(self, canvas, name: str, picture: Picture, color: str, x, y, size) -> None:
        key = (name, color)
        if key not in self._icon_forms:
            self._icon_forms[key] = self.doc.form(
                f"icon-{name}-{color[1:]}",
                (0, 0, 100, 100),
                self._icon_drawing(picture, color),
                f"icon {name} {color} {picture.digest()}",
                ("icon", name, color),
            )
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(size / 100, size / 100)
        canvas.doForm(self._icon_forms[key])
        canvas.restoreState()

    def _icon_drawing(self, picture: Picture, color: str):
        drawing = tinted(picture.drawing, hex_color(color))
        return lambda: place_drawing(self.doc.canvas, drawing, 0, 0, 100, 100)

    def _icon_recipe(self, name: str, color: str):
        try:
            return self._icon_drawing(self._icon_picture(name, name), color)
        except RenderError:
            return None

    def _picture(self, layout: Layout, card: PrintCard, item: Placed) -> None:
        name = fill_in(item.box.content, card.values).strip()
        if not name:
            return
        picture = self.cards.pictures[name]
        canvas, inner, box = self.doc.canvas, item.inner, item.box
        if picture.face is not None:  # a whole card face: over the trim and the bleed drawn
            canvas.translate(inner.x, inner.y)
            canvas.doForm(self._face_form(name, box.w, box.h, (inner.w - box.w) / 2))
            return
        cover = box.fit == "cover"
        clip = canvas.beginPath()
        if box.radius:
            clip.roundRect(inner.x, inner.y, inner.w, inner.h, box.radius)
        else:
            clip.rect(inner.x, inner.y, inner.w, inner.h)
        canvas.clipPath(clip, stroke=0, fill=0)
        if not picture.is_svg and not cover:
            inner = _contained(picture, inner)
        canvas.translate(inner.x, inner.y)
        canvas.doForm(self._picture_form(name, inner.w, inner.h, cover, box.bleed))

    def _face_form(self, source: str, w: float, h: float, extra: float) -> str:
        """A card face's picture (the deck's picture ``source``) over a ``w`` x ``h``
        card and ``extra`` of bleed, drawn once however many copies of the card there are."""
        picture = self.cards.pictures[source]
        name = f"face-{picture.digest()[:16]}-{round(w, 2)}x{round(h, 2)}+{round(extra, 2)}"
        bbox = (0, 0, w + 2 * extra, h + 2 * extra)
        draw = self._face_drawing(picture, name, w, h, extra)
        return self.doc.form(name, bbox, draw, recipe=("face", source, name, w, h, extra))

    def _face_drawing(self, picture: Picture, name: str, w: float, h: float, extra: float):
        def draw() -> None:
            face = face_raster(picture, w, h, extra)
            self.doc.picture(f"{name}-pixels", face, 0, 0, w + 2 * extra, h + 2 * extra)

        return draw

    def _face_recipe(self, source: str, name: str, w: float, h: float, extra: float):
        picture = self.cards.pictures.get(source)
        return None if picture is None else self._face_drawing(picture, name, w, h, extra)

    def _picture_form(self, source: str, w: float, h: float, cover: bool, ground: bool) -> str:
        """A picture (the deck's picture ``source``) at a size, drawn once however many
        cards show it. Named after its content, not its path: the same picture gives
        the same PDF on every machine."""
        picture = self.cards.pictures[source]
        name, draw = self._picture_drawing(picture, w, h, cover, ground)
        key = f"{name} {picture.digest()}" if picture.is_svg else None  # pixels are not kept
        return self.doc.form(
            name, (0, 0, w, h), draw, key, ("picture", source, w, h, cover, ground)
        )

    def _picture_recipe(self, source: str, w: float, h: float, cover: bool, ground: bool):
        picture = self.cards.pictures.get(source)
        return None if picture is None else self._picture_drawing(picture, w, h, cover, ground)[1]

    def _picture_drawing(self, picture: Picture, w: float, h: float, cover: bool, ground: bool):
        """A picture's form name at a size, and how to draw it. In the ink saver a
        picture is a light tint under its lines; one that runs into the bleed is a
        background: its ground is left out and it goes lighter still."""
        light = (_BACKGROUND_LIGHT if ground else INK_SAVER_LIGHT) if self.ink_saver else 0.0
        name = f"art-{picture.digest()[:16]}-{round(w, 2)}x{round(h, 2)}"
        name += ("-cover" if cover else "") + (f"-light{light:g}" if light else "")

        def draw() -> None:
            canvas = self.doc.canvas
            if picture.is_svg:
                drawing = picture.drawing
                if light and ground:
                    drawing = lightened(without_ground(drawing), light, light)
                elif light:
                    drawing = lightened(drawing, light)
                place_drawing(canvas, drawing, 0, 0, w, h, cover=cover)
                return
            from PIL import Image

            data = fit_raster(picture, w, h, INK_SAVER_LIGHT if light else 0.0)
            with Image.open(io.BytesIO(data)) as pixels:
                self.doc.picture(f"{name}-pixels", pixels.copy(), 0, 0, w, h)

        return name, draw

    def _qr(self, layout: Layout, card: PrintCard, item: Placed) -> None:
        place = self._qr_place(layout, card, item)
        if place is None:
            return
        text, version, x, y, module = place
        box = item.box
        ink = self._paint(box.color, layout, card, box, "#000000")
        paper = self._paint(box.fill, layout, card, box, "#ffffff")
        if self.ink_saver:
            paper = hex_color("#ffffff")
        key = (layout.source, box.name)
        if box.module and key not in self._streams:  # the deck's codes, made ahead
            self._streams[key] = CodeStream(self._module_texts(box), version)
        stream = self._streams.get(key)
        code = stream.get(text) if stream is not None else qr_code(text, version)
        draw_qr(self.doc.canvas, code, x, y, module, ink, paper)

    def _qr_place(self, layout: Layout, card: PrintCard, item: Placed):
        """What a qr box draws for this card and where: (text, version, x, y, module),
        or None. With ``module`` set, every code of the deck has one version (one size),
        placed by the box's align and valign; otherwise each code fills its box, centred."""
        box, inner = item.box, item.inner
        text = self._qr_text(layout, card, box)
        if not text:
            return None
        if len(text) > MAX_QR_TEXT:
            raise RenderError.said(
                "data.render.qr-long",
                where=self._where(layout, card, box),
                length=len(text),
                most=MAX_QR_TEXT,
            )
        if not box.module:
            version = self._qr_version(layout, card, box, [text])
            module = min(inner.w, inner.h) / _qr_side(version)
            side = module * _qr_side(version)
            x, y = inner.x + (inner.w - side) / 2, inner.y + (inner.h - side) / 2
            return text, version, x, y, module
        version = self._module_version(layout, card, box)
        side = box.module * _qr_side(version)
        if side > min(inner.w, inner.h) + 0.01:
            raise RenderError.said(
                "data.render.qr-room",
                where=self._where(layout, card, box),
                side=format_mm(side),
                module=format_mm(box.module),
            )
        x = {"left": inner.x, "center": inner.x + (inner.w - side) / 2, "right": inner.right - side}
        y = {"bottom": inner.y, "middle": inner.y + (inner.h - side) / 2, "top": inner.top - side}
        return text, version, x[box.align], y[box.valign], box.module

    def _qr_text(self, layout: Layout, card: PrintCard, box) -> str:
        """What a qr box's code says for this card; "" when none is drawn."""
        if self.qr is False or (box.optional and not self.qr):
            return ""
        return self._filled(layout, card, box).strip()

    def _module_version(self, layout: Layout, card: PrintCard, box) -> int:
        """A module qr box's one version for the deck: every code of it the same size."""
        key = (layout.source, box.name)
        if key not in self._qr_versions:
            self._qr_versions[key] = self._qr_version(layout, card, box, self._module_texts(box))
        return self._qr_versions[key]

    def _module_texts(self, box) -> list[str]:
        """Every code of a module qr box, in the order the cards are drawn."""
        texts = [
            fill_in(box.content, c.values).strip()
            for c in self.cards.cards
            if box.when is None or box.when.holds(c.values)
        ]
        return [t for t in texts if t]

    def _qr_version(self, layout: Layout, card: PrintCard, box, texts: list[str]) -> int:
        try:
            return qr_version(texts)
        except ValueError:
            longest = max(texts, key=len)
            raise RenderError.said(
                "data.render.qr-text",
                where=f"{layout.source} [box.{box.name}]",
                length=len(longest),
                text=longest[:30],
            ) from None

    def _index(self, layout: Layout, card: PrintCard, item: Placed) -> None:
        """The rank, its top at the box's top, over the suit's pip: a square as wide as
        the box at the box's bottom; in the suit's colour unless the box gives one."""
        text = fill_in(item.box.content, card.values).strip()
        if not text:
            return
        where = self._where(layout, card, item.box)
        try:
            playing = parse_card(text)
        except Exception as exc:  # NotationError: say where
            raise RenderError.said("data.render.said-at", where=where, message=exc) from None
        canvas, inner, box = self.doc.canvas, item.inner, item.box
        font = self.fonts[layout.source, box.font]
        color = self._ink(layout, card, box, box.color, SUIT_COLORS[playing.color])
        canvas.setFillColor(color)
        canvas.setFont(font, box.size)
        # A rank wider than the box (a ten) is narrowed to fit, as printed decks do.
        wide = canvas.stringWidth(playing.rank, font, box.size)
        narrow = min(1.0, inner.w / wide)
        canvas.saveState()
        canvas.translate(inner.x + inner.w / 2, inner.top - box.size * 0.72)
        canvas.scale(narrow, 1)
        canvas.drawCentredString(0, 0, playing.rank)
        canvas.restoreState()
        pip = min(inner.w, inner.h - box.size * 0.72)
        if pip > 0:
            picture = self.cards.art.icon(f"pip-{playing.suit}")
            hexed = _hex(color)
            self._stamp_icon(
                canvas, f"pip-{playing.suit}", picture, hexed,
                inner.x + (inner.w - pip) / 2, inner.y, pip,
            )  # fmt: skip

    def _marks(self, layout: Layout, card: PrintCard, item: Placed) -> None:
        """Target icons with labels (the box's field: icon names, "all-" for every
        player), over badges (``badges``: "|"-separated labels, each may start with an
        :icon:), centred together; beside a qr box's code when it is drawn."""

        box, room = item.box, item.inner
        where = self._where(layout, card, box)
        if box.beside:
            code_box = next(p for p in placed(layout, card.values) if p.box.name == box.beside)
            code = self._qr_place(layout, card, code_box)
            if code is not None:
                _, version, x, _, module = code
                left = x + _qr_side(version) * module + 1.0 * mm * layout.scale
                room = Rect(left, room.y, room.right - left, room.h)
        targets = tuple(self._filled(layout, card, box).split())
        badges = []
        for entry in fill_in(box.badges, card.values).split("|"):
            match = re.fullmatch(r"\s*(?::([a-z][a-z0-9-]*):)?\s*(.*?)\s*", entry)
            assert match is not None
            if match.group(2) or match.group(1):
                badges.append((match.group(1), match.group(2)))
        if not targets and not badges:
            return
        font = self.fonts[layout.source, box.font]
        for target in targets:
            self._icon_picture(target.removeprefix("all-"), where)
        for icon, label in badges:
            if icon:
                self._icon_picture(icon, where)
            _check_text(label, font, where)
        size = box.size
        placed_targets, placed_badges = stacked_marks(
            room, targets, tuple(badges), size, layout.scale,
            lambda text: text_width(text, font, size), where,
        )  # fmt: skip
        canvas = self.doc.canvas
        ink = self._ink(layout, card, box, box.color, "#000000")
        ink_hex = _hex(ink)
        shade = self._paint(box.shade, layout, card, box)
        for target in placed_targets:
            icon = target.icon
            picture = self._icon_picture(target.icon_name, where)
            if target.many and shade is not None:  # every player: the icon three deep
                for dx in (-0.35, 0.35):
                    self._stamp_icon(
                        canvas, target.icon_name, picture, _hex(shade),
                        icon.x + dx * icon.w, icon.y + 0.5 * mm * layout.scale, icon.w * 0.8,
                    )  # fmt: skip
            self._stamp_icon(canvas, target.icon_name, picture, ink_hex, icon.x, icon.y, icon.w)
            canvas.setFillColor(ink)
            draw_text(canvas, target.label_x, target.label_y, target.label, font, size, "center")
        on_fill = self._paint(box.on_fill, layout, card, box, "#ffffff")
        for badge in placed_badges:
            paint = box.fill if badge.mark or box.tag_fill is None else box.tag_fill
            fill = self._paint(paint, layout, card, box, "#000000")
            r = badge.box
            canvas.setFillColor(fill)
            canvas.roundRect(r.x, r.y, r.w, r.h, 1.2 * mm * layout.scale, stroke=0, fill=1)
            if badge.mark is not None and badge.icon is not None:
                picture = self._icon_picture(badge.mark, where)
                self._stamp_icon(
                    canvas, badge.mark, picture, _hex(on_fill),
                    badge.icon.x, badge.icon.y, badge.icon.w,
                )  # fmt: skip
            canvas.setFillColor(on_fill)
            draw_text(canvas, badge.label_x, badge.label_y, badge.label, font, size)


#: The suits' colours where a deck gives none (a designed deck, its print guide).
SUIT_COLORS = {"red": "#b3261e", "black": "#1d1b19"}


#: WCAG's contrast for lines and marks (text needs 4.5:1).
_LINE_CONTRAST = 3.0


#: The bare paper, which the ink saver leaves under a ground that ran into the bleed.
_WHITE = "#ffffff"


def contrast(a, b) -> float:
    """WCAG 2's contrast ratio of two colours (reportlab Colors): 1 to 21."""

    def luminance(color) -> float:
        def channel(c: float) -> float:
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(c) for c in color.rgb())
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _lighter(color):
    """A colour moved INK_SAVER_LIGHT of the way to white."""
    from reportlab.lib.colors import Color

    return Color(*(c + (1 - c) * INK_SAVER_LIGHT for c in color.rgb()))


def _qr_side(version: int) -> int:
    """A code's side in modules, its quiet zone included."""
    return 17 + 4 * version + 2 * QUIET


def _hex(color) -> str:
    """reportlab's Color as "#rrggbb"."""
    return "#" + color.hexval()[2:]


def _measure(font: str):
    """width(text, size) in ``font`` (and its fallbacks)."""
    return lambda text, size: text_width(text, font, size)


def _mix(a, b, amount: float):
    """The colour ``amount`` of the way from ``b`` to ``a``."""
    from reportlab.lib.colors import Color

    return Color(*(amount * p + (1 - amount) * q for p, q in zip(a.rgb(), b.rgb(), strict=True)))


def _largest(start: float, floor: float, step: float, fits) -> float | None:
    """The largest of ``start``, ``start - step``, ... down to ``floor`` at which ``fits``
    holds, or None: what shrinking a text step by step finds, in a logarithmic number of
    tries, as a text that fits at a size fits at every smaller one (its words' widths all
    shrink with it)."""
    if fits(start):
        return start
    steps = int((start - floor) / step + 1e-6)
    if steps < 1 or not fits(start - steps * step):
        return None
    low, high = 0, steps  # fits(start - high * step) holds; fits(start - low * step) does not
    while high - low > 1:
        middle = (low + high) // 2
        if fits(start - middle * step):
            high = middle
        else:
            low = middle
    return start - high * step


def _no_widow(text: str) -> str:
    """Tie the last two words together, so that no paragraph ends on a line of one word."""
    head, space, last = text.rstrip().rpartition(" ")
    return f"{head}\u00a0{last}" if space and len(last) < 16 else text


def _title_lines(text: str, size: float, room: float, width) -> list[str] | None:
    """The text on one line, or on two as even as its words allow; None if it cannot fit.
    ``width(text, size)`` measures."""
    if width(text, size) <= room:
        return [text]
    words = text.split()
    if len(words) < 2:
        return None
    best = min(
        range(1, len(words)),
        key=lambda i: max(width(" ".join(words[:i]), size), width(" ".join(words[i:]), size)),
    )
    lines = [" ".join(words[:best]), " ".join(words[best:])]
    return lines if max(width(t, size) for t in lines) <= room else None


def _fits_width(paragraph, width: float) -> bool:
    """No line is wider than the box (a word too long for the box would overflow it).
    reportlab itself lets a line run over by a fraction of a point; up to one is kept."""
    lines = getattr(paragraph, "blPara", None)
    if lines is None:
        return True
    for line in lines.lines:
        used = width - line[0] if isinstance(line, tuple) else getattr(line, "currentWidth", 0)
        if used > width + 1.0:
            return False
    return True


def _check_text(text: str, font: str, where: str, allowed: str = "") -> None:
    """Every character of ``text`` in ``font``, the layout's fallback or printkit's
    script faces (``allowed`` ones are drawn as pictures); RenderError naming the first
    that is in none of them."""
    char = missing_char(text, font, allowed)
    if char is not None:
        raise RenderError.said(
            "data.render.no-glyph", where=where, char=char, code=f"{ord(char):04X}"
        )


def _contained(picture: Picture, box: Rect) -> Rect:
    """The largest rectangle of the picture's proportions centred in the box."""
    from PIL import Image

    with Image.open(io.BytesIO(picture.data)) as image:
        width, height = image.size
    scale = min(box.w / width, box.h / height)
    w, h = width * scale, height * scale
    return Rect(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)


def _characters(cards: CardSet, slots: Sequence[PrintCard]) -> str:
    """Every character the deck's faces may draw: its cards' values, its layouts' own
    texts and its player aid's (for ``Document.fix_glyphs``)."""
    found = set()
    for card in slots:
        for value in card.values.values():
            found.update(value)
    for layout in (cards.front, *cards.layouts.values()):
        for box in layout.boxes:
            found.update(box.content)
            found.update(box.badges)
    if cards.aid is not None:
        found.update(repr(cards.aid.text))
    return "".join(found)


def _register(cards: CardSet) -> dict[tuple[str, str], str]:
    """Register every layout's fonts with reportlab, each face under a name of its own and
    each font as a family (so that **bold** finds its bold face), with the layout's
    fallback font behind it; {(layout, name): the regular face's registered name}."""
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    names = {}
    for layout in (cards.front, *cards.layouts.values()):
        families = {}
        for name, typeface in layout.fonts.items():
            faces = {}
            for style, face in typeface.faces.items():
                if face.own:  # printkit's own typefaces, registered once
                    faces[style] = face.own
                    continue
                registered = "PKD-" + hashlib.sha256(face.data).hexdigest()[:12]
                if registered not in pdfmetrics.getRegisteredFontNames():
                    register_face(registered, face.data, registered.removeprefix("PKD-"))
                faces[style] = registered
            families[name] = faces
            if not any(face.own for face in typeface.faces.values()):
                add_family(faces[(0, 0)], faces)
            names[layout.source, name] = faces[(0, 0)]
        # A face of the layout's own falls back to its fallback font (the same style, or
        # its regular face), then to printkit's script faces, as printkit's faces do.
        spare = families.get(layout.fallback or "", {})
        for name, typeface in layout.fonts.items():
            for style, face in typeface.faces.items():
                if not face.own and name != layout.fallback:
                    fallbacks = (spare.get(style), spare.get((0, 0)))
                    set_chain(families[name][style], tuple(f for f in fallbacks if f))
    return names
