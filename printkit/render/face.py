"""Draw one card: its front from the catalogue, or the deck's back. Each becomes a form.

The design is laid out for a poker card (2.5 x 3.5 in) and scales with the card size a
template asks for. A front shows, top to bottom: the playing-card index in the top-left
corner (and again, turned, bottom-right), the effect's name, its picture, its text
(shrunk to fit, never below 6.5 pt), and a footer with the QR code, the target icons
and the marks for reaction cards and for the card that cannot be negated. Every face
is drawn 1/8 in past its trim on all sides, so a sheet or a print shop can use bleed.

Print rules the design keeps: the frame lies 3 mm inside the trim, so a cut 1 mm off
does not show as uneven borders; every title of a deck is set at one size (a long one
takes two lines); every QR code of a deck is one size; no label is under 6 pt; and no
card text ends on a line of one word.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from ..errors import RenderError
from ..model import Card, Deck
from ..qrcontent import card_text
from ..units import inch, mm
from .art import Art, ArtLibrary, place_drawing
from .fonts import BODY, BODY_SEMIBOLD, TITLE, check_glyphs
from .icons import Icons
from .pdf import Document, hex_color
from .qr import MIN_MODULE, QUIET, draw_qr, qr_matrix, qr_version

__all__ = ["FACE_BLEED", "FRAME_INSET", "LABEL_SIZE", "MIN_TEXT_SIZE", "FaceOptions", "FacePainter"]

FACE_BLEED = 0.125 * inch
MIN_TEXT_SIZE = 6.5
#: The smallest type on a card: target labels and badges.
LABEL_SIZE = 6.0
#: The frame's distance from the trim: a cut 1 mm off still leaves even borders.
FRAME_INSET = 3.0 * mm
_START_TEXT_SIZE = 8.6
_TITLE_SIZES = (12.5, 9.0)  # a deck's one title size is the largest in this range that fits
_DESIGN = (2.5 * inch, 3.5 * inch)
_TARGET_LABELS = {
    "living": "LIVING",
    "dead": "DEAD",
    "all-living": "ALL LIVING",
    "all-dead": "ALL DEAD",
}


@dataclass(frozen=True)
class FaceOptions:
    qr: bool = True


class FacePainter:
    """Draws the faces of one deck at one card size into one document, as forms."""

    def __init__(
        self,
        doc: Document,
        deck: Deck,
        art: ArtLibrary,
        width: float,
        height: float,
        options: FaceOptions | None = None,
    ):
        self.doc, self.deck, self.art = doc, deck, art
        self.w, self.h = width, height
        self.s = min(width / _DESIGN[0], height / _DESIGN[1])
        self.options = options or FaceOptions()
        self.color = {key: hex_color(value) for key, value in deck.colors.items()}
        self.icons = Icons(doc, art, self.color)
        self.bbox = (-FACE_BLEED, -FACE_BLEED, width + FACE_BLEED, height + FACE_BLEED)
        self._key = f"{round(width, 3)}x{round(height, 3)}"
        self._check_glyphs()
        self.title_size = self._deck_title_size()
        self.qr_version = (
            qr_version(card_text(card, deck) for card in deck.cards) if self.options.qr else None
        )

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

    def _picture(self, art: Art, box_w: float, box_h: float) -> str:
        # Named after the picture's content, not its path or Python's hash(): the same
        # picture gives the same PDF on every run and every machine.
        name = f"art-{art.digest()[:16]}-{round(box_w, 2)}x{round(box_h, 2)}"

        def draw() -> None:
            canvas = self.doc.canvas
            if art.is_svg:
                place_drawing(canvas, art.drawing(), 0, 0, box_w, box_h)
            else:
                import io

                from reportlab.lib.utils import ImageReader

                data = art.raster(box_w, box_h)
                canvas.drawImage(ImageReader(io.BytesIO(data)), 0, 0, box_w, box_h, mask="auto")

        return self.doc.form(name, (0, 0, box_w, box_h), draw)

    def stamp_icon(self, icon: str, color_key: str, x: float, y: float, size: float) -> None:
        self.icons.stamp(icon, color_key, x, y, size)

    # -- the front ---------------------------------------------------------------------

    def chrome(self, frame_color=None) -> None:
        """What every front shares: the paper ground over the bleed and a double frame."""
        canvas, s = self.doc.canvas, self.s
        w, h = self.w, self.h
        self._ground(self.color["paper"])
        # A double rule frames the card, far enough in that a cut a little off the
        # perforation does not eat it or show as uneven borders.
        inset = FRAME_INSET
        canvas.setStrokeColor(frame_color or self.color["frame"])
        canvas.setLineWidth(1.0 * s)
        canvas.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.0 * mm * s, stroke=1, fill=0)
        canvas.setLineWidth(0.3 * s)
        inner = inset + 0.75 * mm * s
        canvas.roundRect(inner, inner, w - 2 * inner, h - 2 * inner, 1.4 * mm * s, stroke=1, fill=0)

    def _draw_front(self, card: Card) -> None:
        canvas, s = self.doc.canvas, self.s
        w, h = self.w, self.h
        self.chrome(self._type_color(card))

        margin = FRAME_INSET + 1.8 * mm * s
        title_top = h - FRAME_INSET - 1.0 * mm * s
        title_bottom = self._title(card, title_top)
        footer_h = self._footer_height()
        art_top = title_bottom - 1.2 * mm * s
        art_h = 25.5 * mm * s
        art_box = (margin, art_top - art_h, w - 2 * margin, art_h)
        self._art_panel(card, *art_box)
        text_top = art_box[1] - 1.6 * mm * s
        text_bottom = footer_h + 1.2 * mm * s
        self._text(card, margin, text_bottom, w - 2 * margin, text_top - text_bottom)
        self._footer(card, footer_h)
        if card.playing_card is not None:
            self._index(card)
            canvas.saveState()
            canvas.translate(w, h)
            canvas.rotate(180)
            self._index(card)
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
        drivers flatten badly.
        """
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

    def _index(self, card: Card) -> None:
        """Rank and suit pip in the top-left corner, in the suit's colour."""
        canvas, s = self.doc.canvas, self.s
        pc = card.playing_card
        assert pc is not None
        color_key = pc.color  # the palette names its suit colours "red" and "black"
        size = 14.0 * s
        center_x = FRAME_INSET + 4.4 * mm * s
        baseline = self.h - FRAME_INSET - 1.3 * mm * s - size * 0.72
        canvas.setFillColor(self.color[color_key])
        canvas.setFont(TITLE, size)
        canvas.drawCentredString(center_x, baseline, pc.rank)
        pip = 4.6 * mm * s
        self.stamp_icon(
            f"pip-{pc.suit}", color_key, center_x - pip / 2, baseline - pip - 1.0 * mm * s, pip
        )

    def _check_glyphs(self) -> None:
        """Every character a card prints must be in the font that prints it."""
        for effect in self.deck.effects:
            where = f"{self.deck.name}, [{effect.id}]"
            check_glyphs(effect.name, TITLE, f"{where} 'name'")
            check_glyphs(effect.text, BODY, f"{where} 'text'")
        for card_type in self.deck.types:
            check_glyphs(card_type.mark.upper(), BODY_SEMIBOLD, f"{self.deck.name}, types")

    def _title_room(self) -> float:
        return self.w - 2 * (FRAME_INSET + 9.6 * mm * self.s)

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

    def _title(self, card: Card, top: float) -> float:
        """The effect's name, centred between the corner indexes; returns its bottom."""
        canvas, s = self.doc.canvas, self.s
        size = self.title_size
        lines = self._title_lines(card.effect.name, size) or [card.effect.name]
        canvas.setFillColor(self.color["ink"])
        canvas.setFont(TITLE, size)
        band = 10.0 * mm * s
        line_h = size * 1.05
        block = line_h * len(lines)
        first_baseline = top - (band - block) / 2 - size * 0.78
        for i, line in enumerate(lines):
            canvas.drawCentredString(self.w / 2, first_baseline - i * line_h, line)
        return top - band

    def _art_panel(self, card: Card, x: float, y: float, w: float, h: float) -> None:
        canvas, s = self.doc.canvas, self.s
        canvas.saveState()
        canvas.setFillColor(hex_color("#f7efdc"))
        canvas.setStrokeColor(self.color["ink"])
        canvas.setLineWidth(0.9 * s)
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

    def _text(self, card: Card, x: float, y: float, w: float, h: float) -> None:
        from reportlab.lib.enums import TA_CENTER
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.platypus import Paragraph

        canvas, s = self.doc.canvas, self.s
        markup = escape(_no_widow(card.effect.text), {'"': "&quot;"})
        size = _START_TEXT_SIZE * s
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
        paragraph.drawOn(canvas, x, y + (h - used) / 2)

    def _qr_side(self) -> float:
        return (17 + 4 * self.qr_version + 2 * QUIET) * QR_MODULE if self.qr_version else 0.0

    def _footer_height(self) -> float:
        """From the trim to the top of the footer: the QR code's height, or the marks'."""
        inner = FRAME_INSET + 1.4 * mm * self.s
        return inner + max(self._qr_side(), 15.6 * mm * self.s) + 0.6 * mm * self.s

    def _footer(self, card: Card, footer_h: float) -> None:
        canvas, s = self.doc.canvas, self.s
        left = FRAME_INSET + 1.4 * mm * s
        cursor = left
        if self.qr_version:
            matrix = qr_matrix(card_text(card, self.deck), self.qr_version)
            draw_qr(canvas, matrix, left, left, QR_MODULE, self.color["ink"], hex_color("#fbf7ec"))
            cursor = left + self._qr_side() + 1.0 * mm * s
        right = self.w - (FRAME_INSET + (8.4 if card.playing_card else 1.4) * mm * s)
        self._targets(card, cursor, right, left, footer_h)

    def _targets(self, card: Card, x0: float, x1: float, y0: float, y1: float) -> None:
        """The target icons with their labels, and under them the card's marks, stacked and
        centred in the footer's box (x0, y0)-(x1, y1)."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        canvas, s = self.doc.canvas, self.s
        effect = card.effect
        icon = 6.0 * mm * s
        label = LABEL_SIZE
        gap = 1.4 * mm * s
        items = []
        for target in effect.targets:
            kind = "dead" if target.endswith("dead") else "living"
            text = _TARGET_LABELS[target]
            width = max(
                icon * (1.35 if target.startswith("all") else 1.0),
                stringWidth(text, BODY_SEMIBOLD, label),
            )
            items.append((target, kind, text, width))
        marks: list[tuple[str | None, str, object]] = []
        if effect.is_reaction:
            marks.append(("mark-reaction", "ANY TIME", self.color["accent"]))
        if not effect.negatable:
            marks.append(("mark-unstoppable", "NO NEGATION", self.color["accent"]))
        card_type = self.deck.card_type(effect.type)
        if card_type is not None:
            marks.append((None, card_type.mark.upper(), hex_color(card_type.color)))
        badge = 3.4 * mm * s
        badge_h = badge + 1.2 * mm * s
        targets_h = (icon + label * 1.25) if items else 0.0
        block = targets_h + len(marks) * badge_h + max(0, len(marks) - (0 if items else 1)) * gap
        if block > y1 - y0 + 1e-6:
            raise RenderError(
                f"card {card.code} ({effect.name}): its targets and marks do not fit the footer; "
                "give it fewer targets"
            )
        center = (x0 + x1) / 2
        y = y0 + (y1 - y0 + block) / 2  # the block's top
        total = sum(item[3] for item in items) + gap * max(0, len(items) - 1)
        if total > x1 - x0 + 1e-6:
            raise RenderError(
                f"card {card.code} ({effect.name}): its target icons are wider than the footer"
            )
        x = center - total / 2
        icons_bottom = y - icon
        for target, kind, text, width in items:
            cx = x + width / 2
            if target.startswith("all"):
                for dx in (-0.35, 0.35):
                    self.stamp_icon(
                        f"target-{kind}",
                        "frame",
                        cx - icon / 2 + dx * icon,
                        icons_bottom + 0.5 * mm * s,
                        icon * 0.8,
                    )
            self.stamp_icon(f"target-{kind}", "ink", cx - icon / 2, icons_bottom, icon)
            canvas.setFillColor(self.color["ink"])
            canvas.setFont(BODY_SEMIBOLD, label)
            canvas.drawCentredString(cx, icons_bottom - label * 1.0, text)
            x += width + gap
        y -= targets_h + (gap if items else 0.0)
        for icon_name, text, color in marks:
            room = badge + 0.8 * mm * s if icon_name else 0
            width = room + stringWidth(text, BODY_SEMIBOLD, label)
            if width + 2.0 * mm * s > x1 - x0 + 1e-6:
                raise RenderError(
                    f"card {card.code} ({effect.name}): the mark {text!r} is wider than the "
                    "footer; shorten the type's label"
                )
            bx = center - width / 2
            bottom = y - badge_h
            canvas.setFillColor(color)
            canvas.roundRect(
                bx - 1.0 * mm * s,
                bottom,
                width + 2.0 * mm * s,
                badge_h,
                1.2 * mm * s,
                stroke=0,
                fill=1,
            )
            if icon_name:
                self.stamp_icon(icon_name, "paper", bx, bottom + 0.6 * mm * s, badge)
            canvas.setFillColor(self.color["paper"])
            canvas.setFont(BODY_SEMIBOLD, label)
            canvas.drawString(bx + room, bottom + badge_h / 2 - label * 0.35, text)
            y = bottom - gap

    # -- the back ----------------------------------------------------------------------

    def _draw_back(self) -> None:
        canvas = self.doc.canvas
        x0, y0, x1, y1 = self.bbox
        canvas.setFillColor(self.color["back"])
        canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
        art = self.art.back()
        if art is None:
            return
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(x0, y0, x1 - x0, y1 - y0)
        canvas.clipPath(clip, stroke=0, fill=0)
        if art.is_svg:
            place_drawing(canvas, art.drawing(), x0, y0, x1 - x0, y1 - y0, cover=True)
        else:
            canvas.translate(x0, y0)
            canvas.doForm(self._picture(art, x1 - x0, y1 - y0))
        canvas.restoreState()


def _mix(a, b, amount: float):
    """The colour ``amount`` of the way from ``b`` to ``a``."""
    from reportlab.lib.colors import Color

    return Color(*(amount * p + (1 - amount) * q for p, q in zip(a.rgb(), b.rgb(), strict=True)))


#: Every card's QR module: what a phone camera reads from a printed card.
QR_MODULE = max(MIN_MODULE, 0.4 * mm)


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
