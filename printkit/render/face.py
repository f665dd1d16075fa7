"""Draw one card: its front from the catalogue, or the deck's back. Each becomes a form.

Where everything goes is decided by ``printkit.layout.face`` (named boxes: index, title,
picture, text, footer, QR code, target icons, badges); this painter only draws into
them: the paper ground and double frame, the name (every title of a deck at one size,
a long one on two lines), the picture, the text (shrunk to fit, never below 6.5 pt, never
ending on a line of one word), the QR code (one size for the whole deck), icons and
badges. Every face is drawn 1/8 in past its trim, so a sheet or a shop can use bleed.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from ..errors import RenderError
from ..layout.face import (
    FACE_BLEED,
    FRAME_INSET,
    LABEL_SIZE,
    QR_MODULE,
    FaceFacts,
    FaceLayout,
    card_frame,
    face_layout,
    title_width,
)
from ..model import Card, Deck
from ..pictures import ArtLibrary, Picture
from ..qrcontent import card_text
from ..units import mm
from .art import INK_SAVER_LIGHT, fit_raster, lightened, place_drawing, without_ground
from .fonts import BODY, BODY_SEMIBOLD, TITLE, check_glyphs
from .icons import Icons
from .pdf import Document, hex_color
from .qr import draw_qr, qr_code, qr_version

__all__ = ["FACE_BLEED", "FRAME_INSET", "LABEL_SIZE", "MIN_TEXT_SIZE", "FacePainter"]

MIN_TEXT_SIZE = 6.5
_START_TEXT_SIZE = 8.6
_TITLE_SIZES = (12.5, 9.0)  # a deck's one title size is the largest in this range that fits
#: The ink saver's back: its picture, ground left out, this far towards white (lighter
#: than a front's picture: a back's pattern covers the whole card).
_BACK_LIGHT = 0.8


class FacePainter:
    """Draws the faces of one deck at one card size into one document, as forms."""

    def __init__(
        self,
        doc: Document,
        deck: Deck,
        art: ArtLibrary,
        width: float,
        height: float,
        qr: bool = True,
        ink_saver: bool = False,
    ):
        self.doc, self.deck, self.art = doc, deck, art
        # The ink saver prints the same cards on white: no grounds, pictures as light
        # tints under their lines, a back that does not flood the sheet.
        self.ink_saver = ink_saver
        self.w, self.h = width, height
        self.frame = card_frame(width, height)
        self.s = self.frame.scale
        self.color = {key: hex_color(value) for key, value in deck.colors.items()}
        self.icons = Icons(doc, art, self.color)
        self.bbox = (-FACE_BLEED, -FACE_BLEED, width + FACE_BLEED, height + FACE_BLEED)
        self._key = f"{round(width, 3)}x{round(height, 3)}"
        self._text_sizes: dict[tuple[str, float, float], float] = {}
        self._check_glyphs()
        self.title_size = self._deck_title_size()
        self.qr_version = qr_version(card_text(card, deck) for card in deck.cards) if qr else None

    # -- forms ---------------------------------------------------------------------------

    def front(self, card: Card) -> str:
        # Copies of one effect without a playing card look alike: one form serves them all.
        face = card.code if card.playing_card is not None else card.effect.id
        name = f"front-{self.deck.id}-{face}-{self._key}"
        return self.doc.form(name, self.bbox, lambda: self._draw_front(card))

    def blank(self) -> str:
        """A card to write a house rule on: the deck's paper and frame, a heading, lines."""
        name = f"blank-{self.deck.id}-{self._key}"
        return self.doc.form(name, self.bbox, self._draw_blank)

    def back(self) -> str:
        name = f"back-{self.deck.id}-{self._key}"
        return self.doc.form(name, self.bbox, self._draw_back)

    def _picture(self, art: Picture, box_w: float, box_h: float) -> str:
        # Named after the picture's content, not its path or Python's hash(): the same
        # picture gives the same PDF on every run and every machine.
        light = INK_SAVER_LIGHT if self.ink_saver else 0.0
        name = f"art-{art.digest()[:16]}-{round(box_w, 2)}x{round(box_h, 2)}"
        if light:
            name += "-light"

        def draw() -> None:
            canvas = self.doc.canvas
            if art.is_svg:
                drawing = lightened(art.drawing, light) if light else art.drawing
                place_drawing(canvas, drawing, 0, 0, box_w, box_h)
            else:
                import io

                from reportlab.lib.utils import ImageReader

                data = fit_raster(art, box_w, box_h, light)
                canvas.drawImage(ImageReader(io.BytesIO(data)), 0, 0, box_w, box_h, mask="auto")

        return self.doc.form(name, (0, 0, box_w, box_h), draw)

    def stamp_icon(self, icon: str, color_key: str, x: float, y: float, size: float) -> None:
        self.icons.stamp(icon, color_key, x, y, size)

    # -- the front ---------------------------------------------------------------------

    def chrome(self, frame_color=None) -> None:
        """What every face shares: the paper ground over the bleed and a double frame, far
        enough in that a cut a little off the perforation does not eat it. Drawn once per
        frame colour as a form, and placed on every face of that kind."""
        color = frame_color or self.color["frame"]
        name = f"chrome-{self.deck.id}-{self._key}-{color.hexval()}"
        self.doc.canvas.doForm(self.doc.form(name, self.bbox, lambda: self._chrome(color)))

    def _chrome(self, color) -> None:
        canvas, s, f = self.doc.canvas, self.s, self.frame
        self._ground(self.color["paper"])
        canvas.setStrokeColor(color)
        for box, width, corner in ((f.frame, 1.0, f.corner), (f.inner_frame, 0.3, f.inner_corner)):
            canvas.setLineWidth(width * s)
            canvas.roundRect(box.x, box.y, box.w, box.h, corner, stroke=1, fill=0)

    def layout(self, card: Card) -> FaceLayout:
        """The boxes of this card's front (``printkit.layout.face``)."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        effect = card.effect
        badges: list[tuple[str | None, str]] = []
        if effect.is_reaction:
            badges.append(("mark-reaction", "ANY TIME"))
        if not effect.negatable:
            badges.append(("mark-unstoppable", "NO NEGATION"))
        card_type = self.deck.card_type(effect.type)
        if card_type is not None:
            badges.append((None, card_type.mark.upper()))
        facts = FaceFacts(
            name=f"card {card.code} ({effect.name})",
            index=card.playing_card is not None,
            targets=effect.targets,
            badges=tuple(badges),
            qr_version=self.qr_version,
        )
        return face_layout(
            self.w, self.h, facts, lambda text: stringWidth(text, BODY_SEMIBOLD, LABEL_SIZE)
        )

    def _draw_front(self, card: Card) -> None:
        canvas = self.doc.canvas
        boxes = self.layout(card)
        self.chrome(self._type_color(card))
        self._title(card, boxes)
        self._art_panel(card, boxes.picture)
        self._text(card, boxes.text)
        self._footer(card, boxes)
        if boxes.index is not None:
            self._index(card, boxes)
            canvas.saveState()
            canvas.translate(self.w, self.h)
            canvas.rotate(180)
            self._index(card, boxes)
            canvas.restoreState()

    def _draw_blank(self) -> None:
        canvas, s = self.doc.canvas, self.s
        self.chrome()
        top = self.h - FRAME_INSET - 1.0 * mm * s
        canvas.setFillColor(self.color["ink"])
        canvas.setFont(TITLE, self.title_size)
        canvas.drawCentredString(
            self.w / 2, top - 5.0 * mm * s - self.title_size * 0.35, "House rule"
        )
        canvas.setStrokeColor(self.color["frame"])
        canvas.setLineWidth(0.4 * s)
        left, right = FRAME_INSET + 3.0 * mm * s, self.w - FRAME_INSET - 3.0 * mm * s
        y = top - 14.0 * mm * s
        while y > FRAME_INSET + 6.0 * mm * s:
            canvas.line(left, y, right, y)
            y -= 7.0 * mm * s

    def _type_color(self, card: Card):
        card_type = self.deck.card_type(card.effect.type)
        return hex_color(card_type.color) if card_type else None

    def _ground(self, color) -> None:
        """The paper colour over the bleed, darkening gently towards the edges.

        Drawn as rings of solid, pre-mixed colour: no transparency, which some printer
        drivers flatten badly. The ink saver leaves the paper white.
        """
        if self.ink_saver:
            return
        canvas, s = self.doc.canvas, self.s
        x0, y0, x1, y1 = self.bbox
        steps = 6
        canvas.setFillColor(_mix(self.color["frame"], color, 0.055 * steps))
        canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
        for step in range(1, steps + 1):
            inset = FACE_BLEED + (step - 1) * 1.0 * mm * s
            canvas.setFillColor(_mix(self.color["frame"], color, 0.055 * (steps - step)))
            canvas.roundRect(
                x0 + inset,
                y0 + inset,
                x1 - x0 - 2 * inset,
                y1 - y0 - 2 * inset,
                3 * mm * s,
                stroke=0,
                fill=1,
            )

    def _index(self, card: Card, boxes: FaceLayout) -> None:
        """Rank over suit pip in the index box, in the suit's colour."""
        canvas = self.doc.canvas
        pc = card.playing_card
        assert pc is not None and boxes.index is not None and boxes.pip is not None
        color_key = pc.color  # the palette names its suit colours "red" and "black"
        canvas.setFillColor(self.color[color_key])
        canvas.setFont(TITLE, boxes.index_size)
        centre = boxes.index.x + boxes.index.w / 2
        canvas.drawCentredString(centre, boxes.index_baseline, pc.rank)
        pip = boxes.pip
        self.stamp_icon(f"pip-{pc.suit}", color_key, pip.x, pip.y, pip.w)

    def _check_glyphs(self) -> None:
        """Every character a card prints must be in the font that prints it."""
        for effect in self.deck.effects:
            where = f"{self.deck.name}, [{effect.id}]"
            check_glyphs(effect.name, TITLE, f"{where} 'name'")
            check_glyphs(effect.text, BODY, f"{where} 'text'")
        for card_type in self.deck.types:
            check_glyphs(card_type.mark.upper(), BODY_SEMIBOLD, f"{self.deck.name}, types")

    def _title_room(self) -> float:
        return title_width(self.w, self.h)

    def _title_lines(self, name: str, size: float) -> list[str] | None:
        """The name on one line, or on two as even as its words allow; None if it cannot fit."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        room = self._title_room()
        if stringWidth(name, TITLE, size) <= room:
            return [name]
        lines = _split_two(name, lambda t: stringWidth(t, TITLE, size))
        if len(lines) == 2 and max(stringWidth(t, TITLE, size) for t in lines) <= room:
            return lines
        return None

    def _deck_title_size(self) -> float:
        """The largest size at which every title of the deck fits in one or two lines."""
        names = sorted({card.effect.name for card in self.deck.cards})
        size = _TITLE_SIZES[0] * self.s
        while size >= _TITLE_SIZES[1] * self.s:
            if all(self._title_lines(name, size) for name in names):
                return size
            size -= 0.25 * self.s
        longest = max(names, key=len)
        raise RenderError(
            f"the {self.deck.name}'s card name {longest!r} is too long for the card even at "
            f"{_TITLE_SIZES[1]} pt on two lines; shorten 'name'"
        )

    def _title(self, card: Card, boxes: FaceLayout) -> None:
        """The effect's name, centred in the title band, between the corner indexes."""
        canvas = self.doc.canvas
        size = self.title_size
        lines = self._title_lines(card.effect.name, size) or [card.effect.name]
        canvas.setFillColor(self.color["ink"])
        canvas.setFont(TITLE, size)
        band = boxes.title
        line_h = size * 1.05
        block = line_h * len(lines)
        first_baseline = band.top - (band.h - block) / 2 - size * 0.78
        for i, line in enumerate(lines):
            canvas.drawCentredString(band.x + band.w / 2, first_baseline - i * line_h, line)

    def _art_panel(self, card: Card, box) -> None:
        canvas, s = self.doc.canvas, self.s
        x, y, w, h = box.x, box.y, box.w, box.h
        canvas.saveState()
        if not self.ink_saver:
            canvas.setFillColor(hex_color("#f7efdc"))
            canvas.roundRect(x, y, w, h, 1.4 * mm * s, stroke=0, fill=1)
        art = self.art.effect(card.effect)
        pad = 0.6 * mm * s
        clip = canvas.beginPath()
        clip.roundRect(x + pad, y + pad, w - 2 * pad, h - 2 * pad, 1.0 * mm * s)
        canvas.clipPath(clip, stroke=0, fill=0)
        if art is not None:
            form = self._picture(art, w - 2 * pad, h - 2 * pad)
            canvas.translate(x + pad, y + pad)
            canvas.doForm(form)
        else:
            self._emblem(card, x, y, w, h)
        canvas.restoreState()
        canvas.setStrokeColor(self.color["ink"])
        canvas.setLineWidth(0.9 * s)
        canvas.roundRect(x, y, w, h, 1.4 * mm * s, stroke=1, fill=0)

    def _emblem(self, card: Card, x: float, y: float, w: float, h: float) -> None:
        """No picture for this effect: set its initial large, in the deck's accent colour."""
        canvas = self.doc.canvas
        canvas.setFillColor(self.color["accent"])
        size = h * 0.7
        canvas.setFont(TITLE, size)
        canvas.drawCentredString(x + w / 2, y + h / 2 - size * 0.36, card.effect.name[:1].upper())

    def _text(self, card: Card, box) -> None:
        from reportlab.lib.enums import TA_CENTER
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.platypus import Paragraph

        canvas, s = self.doc.canvas, self.s
        x, y, w, h = box.x, box.y, box.w, box.h
        markup = escape(_no_widow(card.effect.text), {'"': "&quot;"})
        # Copies of an effect share its size: found once, by shrinking; then set at once.
        key = (card.effect.id, round(w, 3), round(h, 3))
        size = self._text_sizes.get(key, _START_TEXT_SIZE * s)
        while True:
            style = ParagraphStyle(
                "card",
                fontName=BODY,
                fontSize=size,
                leading=size * 1.17,
                alignment=TA_CENTER,
                textColor=self.color["ink"],
            )
            paragraph = Paragraph(markup, style)
            _, used = paragraph.wrap(w, h)
            if used <= h:
                break
            if size - 0.25 <= MIN_TEXT_SIZE * min(1.0, s) - 1e-9:
                raise RenderError(
                    f"card {card.code} ({card.effect.name}): the text does not fit the card "
                    f"even at {MIN_TEXT_SIZE} pt; shorten 'text' in effects.toml "
                    f"({len(card.effect.text)} characters now)"
                )
            size -= 0.25
        self._text_sizes[key] = size
        paragraph.drawOn(canvas, x, y + (h - used) / 2)

    def _footer(self, card: Card, boxes: FaceLayout) -> None:
        canvas = self.doc.canvas
        if boxes.qr is not None:
            code = qr_code(card_text(card, self.deck), self.qr_version)
            qr = boxes.qr
            light = hex_color("#ffffff" if self.ink_saver else "#fbf7ec")
            draw_qr(canvas, code, qr.x, qr.y, QR_MODULE, self.color["ink"], light)
        s = self.s
        for target in boxes.targets:
            icon = target.icon
            if target.many:  # "every player": the icon three deep
                for dx in (-0.35, 0.35):
                    self.stamp_icon(
                        f"target-{target.kind}",
                        "frame",
                        icon.x + dx * icon.w,
                        icon.y + 0.5 * mm * s,
                        icon.w * 0.8,
                    )
            self.stamp_icon(f"target-{target.kind}", "ink", icon.x, icon.y, icon.w)
            canvas.setFillColor(self.color["ink"])
            canvas.setFont(BODY_SEMIBOLD, LABEL_SIZE)
            canvas.drawCentredString(target.label_x, target.label_y, target.label)
        type_color = self._type_color(card)
        for badge in boxes.badges:
            color = self.color["accent"] if badge.mark else type_color
            box = badge.box
            canvas.setFillColor(color)
            canvas.roundRect(box.x, box.y, box.w, box.h, 1.2 * mm * s, stroke=0, fill=1)
            if badge.mark is not None and badge.icon is not None:
                self.stamp_icon(badge.mark, "paper", badge.icon.x, badge.icon.y, badge.icon.w)
            canvas.setFillColor(self.color["paper"])
            canvas.setFont(BODY_SEMIBOLD, LABEL_SIZE)
            canvas.drawString(badge.label_x, badge.label_y, badge.label)

    # -- the back ----------------------------------------------------------------------

    def _draw_back(self) -> None:
        canvas = self.doc.canvas
        x0, y0, x1, y1 = self.bbox
        art = self.art.back()
        if self.ink_saver:  # the back's picture as a light tint on white, framed like a front
            if art is not None:  # a back is mostly ground: it goes lighter than a picture
                self._back_picture(art, light=_BACK_LIGHT)
            f = self.frame
            canvas.setStrokeColor(self.color["back"])
            canvas.setLineWidth(1.0 * self.s)
            canvas.roundRect(f.frame.x, f.frame.y, f.frame.w, f.frame.h, f.corner, stroke=1, fill=0)
            return
        canvas.setFillColor(self.color["back"])
        canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
        if art is not None:
            self._back_picture(art)

    def _back_picture(self, art: Picture, light: float = 0.0) -> None:
        """The back's picture over the whole face and its bleed."""
        canvas = self.doc.canvas
        x0, y0, x1, y1 = self.bbox
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(x0, y0, x1 - x0, y1 - y0)
        canvas.clipPath(clip, stroke=0, fill=0)
        if art.is_svg:
            drawing = art.drawing
            if light:  # the ink saver: no ground, the rest as a light tint
                drawing = lightened(without_ground(drawing), light, light)
            place_drawing(canvas, drawing, x0, y0, x1 - x0, y1 - y0, cover=True)
        else:
            canvas.translate(x0, y0)
            canvas.doForm(self._picture(art, x1 - x0, y1 - y0))
        canvas.restoreState()


def _mix(a, b, amount: float):
    """The colour ``amount`` of the way from ``b`` to ``a``."""
    from reportlab.lib.colors import Color

    return Color(*(amount * p + (1 - amount) * q for p, q in zip(a.rgb(), b.rgb(), strict=True)))


def _no_widow(text: str) -> str:
    """Tie the last two words together, so that no paragraph ends on a line of one word."""
    head, space, last = text.rstrip().rpartition(" ")
    return f"{head}\u00a0{last}" if space and len(last) < 16 else text


def _split_two(text: str, width) -> list[str]:
    """Split a name into two lines as evenly as its words allow."""
    words = text.split()
    if len(words) < 2:
        return [text]
    best = min(
        range(1, len(words)),
        key=lambda i: max(width(" ".join(words[:i])), width(" ".join(words[i:]))),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]
