"""The identification sheet: one page that turns a plain deck of playing cards into the deck.

Four suit columns by thirteen ranks; each cell has the rank and pip in the suit's
colour, the effect's name and its summary, never smaller than 8 pt so that it reads
across a table. Within a suit, the cells of one effect share a tint and say how many
copies the suit has, so repeated names are told apart at a glance. A QR code holds the
whole table as text.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle

from ..errors import RenderError
from ..rules.content import values_sentence
from ..rules.qrcontent import table_text
from ..units import mm
from ..values.model import RANKS, SUITS, Deck, suit_color
from ..values.papers import PAPER_SIZES
from ..values.pictures import ArtLibrary
from ..words import say
from .fonts import BODY, BODY_BOLD, BODY_SEMIBOLD, TITLE, check_glyphs
from .icons import Icons
from .pdf import Document, hex_color
from .platypus import Paragraph
from .qr import draw_qr, qr_code
from .richtext import markup

__all__ = ["MIN_SIZE", "identification_sheet"]

MIN_SIZE = 8.0
#: Tints for repeated cards, every two at least 10 apart in CIEDE2000 (and 12 from white),
#: so that neighbouring groups are told apart in print; tests/test_print_grade.py checks it.
_TINTS = ("#f3dc9a", "#c9e8bf", "#dcd0f2", "#f6c9b8", "#bfdcf2", "#f2c6dc", "#bfe9df", "#e3d6c0")
_QR_MODULE = 0.42 * mm


def identification_sheet(deck: Deck, paper: str, art: ArtLibrary) -> bytes:
    if not deck.playing_cards:
        raise RenderError(
            f"the {deck.name} is not a deck of playing cards: it needs no identification sheet"
        )
    width, height = PAPER_SIZES[paper]
    doc = Document(
        (width, height),
        say("print.idsheet-file-title", deck=deck.name),
        say("print.idsheet-file-subject", deck=deck.name, game=deck.game),
        kind="idsheet",
        paper=paper,
    )
    for effect in deck.effects:
        check_glyphs(effect.summary, BODY, f"{deck.name}, [{effect.id}] 'summary'")
        check_glyphs(effect.name, BODY_BOLD, f"{deck.name}, [{effect.id}] 'name'")
    canvas = doc.canvas
    colors = {key: hex_color(value) for key, value in deck.colors.items()}
    icons = Icons(doc, art, colors)
    ink = colors["ink"]
    margin_x, margin_y = 8 * mm, 8 * mm

    # -- header: title, how to read it, and the whole table as a QR code ----------------
    code = qr_code(table_text(deck))
    side = code.side * _QR_MODULE
    top = height - margin_y
    draw_qr(canvas, code, width - margin_x - side, top - side, _QR_MODULE, ink, HexColor("#ffffff"))
    canvas.setFillColor(ink)
    canvas.setFont(TITLE, 22)
    canvas.drawString(margin_x, top - 20, deck.name)
    canvas.setFont(BODY_SEMIBOLD, 11)
    canvas.drawString(margin_x, top - 35, say("print.idsheet-title", game=deck.game))
    intro = ParagraphStyle("intro", fontName=BODY, fontSize=9, leading=11.2, textColor=ink)
    text = say("print.idsheet-intro", values=values_sentence())
    paragraph = Paragraph(text, intro)
    text_width = width - 2 * margin_x - side - 6 * mm
    _, used = paragraph.wrap(text_width, 30 * mm)
    paragraph.drawOn(canvas, margin_x, top - 42 - used)
    canvas.setFont(BODY_SEMIBOLD, 8)
    canvas.drawRightString(
        width - margin_x - side - 2 * mm, top - side + 2, say("print.idsheet-scan")
    )
    header_bottom = min(top - 42 - used, top - side) - 2.5 * mm

    # -- the grid ------------------------------------------------------------------------
    column_w = (width - 2 * margin_x) / len(SUITS)
    head_h = 8 * mm
    row_h = (header_bottom - margin_y - head_h) / len(RANKS)
    for col, suit in enumerate(SUITS):
        x = margin_x + col * column_w
        color_key = suit_color(suit)
        icons.pip(suit, x + 2 * mm, header_bottom - head_h + 1.8 * mm, 4.6 * mm)
        canvas.setFillColor(colors[color_key])
        canvas.setFont(TITLE, 12)
        canvas.drawString(x + 8.5 * mm, header_bottom - head_h + 2.6 * mm, suit.upper())
        cards = [c for c in deck.cards if c.playing_card and c.playing_card.suit == suit]
        tints = _tints(cards)
        counts = {}
        for card in cards:
            counts[card.effect.id] = counts.get(card.effect.id, 0) + 1
        for row, card in enumerate(cards):
            y = header_bottom - head_h - (row + 1) * row_h
            _cell(
                canvas,
                icons,
                colors,
                card,
                counts[card.effect.id],
                tints[card.effect.id],
                x,
                y,
                column_w,
                row_h,
            )
    canvas.setStrokeColor(colors["frame"])
    canvas.setLineWidth(0.6)
    for col in range(1, len(SUITS)):
        x = margin_x + col * column_w
        canvas.line(x, margin_y, x, header_bottom)
    canvas.showPage()
    return doc.finish()


def _tints(cards) -> dict[str, str]:
    """A tint per effect that repeats within the suit; white for one-off cards."""
    repeated = [c.effect.id for c in cards if sum(d.effect.id == c.effect.id for d in cards) > 1]
    tints: dict[str, str] = {}
    for effect_id in repeated:
        if effect_id not in tints:
            tints[effect_id] = _TINTS[len(tints) % len(_TINTS)]
    return {c.effect.id: tints.get(c.effect.id, "#ffffff") for c in cards}


def _cell(canvas, icons, colors, card, copies: int, tint: str, x, y, w, h) -> None:
    pc = card.playing_card
    pad = 1.0 * mm
    canvas.setFillColor(HexColor(tint))
    canvas.rect(x + 0.6 * mm, y + 0.4 * mm, w - 1.2 * mm, h - 0.8 * mm, stroke=0, fill=1)
    color_key = pc.color
    rank_w = 7.5 * mm
    canvas.setFillColor(colors[color_key])
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = min(13.0, 13.0 * (rank_w - 0.6 * mm) / stringWidth(pc.rank, TITLE, 13.0))
    canvas.setFont(TITLE, size)
    canvas.drawCentredString(x + pad + rank_w / 2, y + h - pad - 10.5, pc.rank)
    icons.pip(pc.suit, x + pad + rank_w / 2 - 1.7 * mm, y + h - pad - 10.5 - 4.6 * mm, 3.4 * mm)
    text_x = x + pad + rank_w + 0.5 * mm
    text_w = w - (text_x - x) - pad
    ink = colors["ink"]
    name = card.effect.name + (
        f"  <font size='8' color='#6b5a3e'>{say('print.copies', count=copies)}</font>"
        if copies > 1
        else ""
    )
    title = Paragraph(
        markup(card.effect.name) + name[len(card.effect.name) :],
        ParagraphStyle("name", fontName=BODY_BOLD, fontSize=10, leading=11, textColor=ink),
    )
    _, title_h = title.wrap(text_w, h)
    summary = Paragraph(
        markup(card.effect.summary),
        ParagraphStyle("summary", fontName=BODY, fontSize=MIN_SIZE, leading=9.0, textColor=ink),
    )
    _, summary_h = summary.wrap(text_w, h)
    if title_h + summary_h > h - 2 * pad + 1:
        raise RenderError(
            f"the identification sheet has no room for {card.effect.name}'s summary at "
            f"{MIN_SIZE} pt; shorten 'summary' in effects.toml"
        )
    title.drawOn(canvas, text_x, y + h - pad - title_h)
    summary.drawOn(canvas, text_x, y + h - pad - title_h - summary_h)
