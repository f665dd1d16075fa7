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
from ..values.notation import in_order
from ..values.papers import PAPER_SIZES
from ..values.pictures import ArtLibrary
from ..words import figure, joined, say
from .fonts import BODY, BODY_BOLD, BODY_SEMIBOLD, TITLE, check_glyphs
from .icons import Icons
from .pdf import Document, hex_color
from .platypus import Paragraph
from .qr import draw_qr, qr_code
from .richtext import markup

__all__ = ["MIN_SIZE", "identification_sheet"]

#: The summaries' size: the sheet is read across the table, so never smaller (the
#: preflight holds an identification sheet to 8 pt).
MIN_SIZE = 8.0
#: Tints for repeated cards, every two at least 10 apart in CIEDE2000 (and 12 from white),
#: so that neighbouring groups are told apart in print; tests/test_print_grade.py checks it.
#: The groups of a suit (one effect on several cards): a tint and a shape each. The tints
#: differ in lightness as well as hue (CIE L* given), and the shape, drawn in ink, tells
#: the groups apart where colours do not: in greyscale, or to a colour-blind player.
#: The first six lie 5 or more apart in lightness; a seventh and eighth have their shape.
_GROUPS = (
    ("#fff1d5", "circle"),  # yellow, L* 96
    ("#a0c0d7", "square"),  # blue, L* 76
    ("#c7ddc3", "triangle"),  # green, L* 86
    ("#b1aac7", "bars"),  # purple, L* 71
    ("#e5c2b3", "hexagon"),  # orange, L* 81
    ("#c0eeea", "star"),  # teal, L* 91
    ("#d2aab5", "cross"),  # rose, L* 73.5
    ("#f2dac1", "ring"),  # sand, L* 88.5
)
_QR_MODULE = 0.42 * mm


def identification_sheet(deck: Deck, paper: str, art: ArtLibrary) -> bytes:
    """The sheet of every playing card and the card it stands for, one page of ``paper``."""
    if not deck.playing_cards:
        raise RenderError.said("data.render.no-idsheet", deck=deck.name)
    sheet, crowded = _sheet(deck, paper, art)
    if not crowded:
        return sheet
    effects = "effects.toml" if deck.language == "en" else f"{deck.language}/effects.toml"
    raise RenderError.said(
        "print.idsheet-no-room",
        names=joined(dict.fromkeys(crowded)),
        size=figure(MIN_SIZE),
        file=effects,
    )


def _sheet(deck: Deck, paper: str, art: ArtLibrary) -> tuple[bytes, list[str]]:
    """The sheet, and the effects whose summary does not fit its cell."""
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
    crowded: list[str] = []  # the effects whose summary has no room in its cell
    for col, suit in enumerate(SUITS):
        x = margin_x + col * column_w
        color_key = suit_color(suit)
        icons.pip(suit, x + 2 * mm, header_bottom - head_h + 1.8 * mm, 4.6 * mm)
        canvas.setFillColor(colors[color_key])
        canvas.setFont(TITLE, 12)
        canvas.drawString(
            x + 8.5 * mm, header_bottom - head_h + 2.6 * mm, say(f"suit.{suit}").upper()
        )
        cards = [c for c in deck.cards if c.playing_card and c.playing_card.suit == suit]
        groups = _groups(cards)
        counts = {}
        for card in cards:
            counts[card.effect.id] = counts.get(card.effect.id, 0) + 1
        for row, card in enumerate(cards):
            y = header_bottom - head_h - (row + 1) * row_h
            fits = _cell(
                canvas,
                icons,
                colors,
                card,
                counts[card.effect.id],
                groups[card.effect.id],
                x,
                y,
                column_w,
                row_h,
            )
            if not fits:
                crowded.append(card.effect.name)
    canvas.setStrokeColor(colors["frame"])
    canvas.setLineWidth(0.6)
    for col in range(1, len(SUITS)):
        x = margin_x + col * column_w
        canvas.line(x, margin_y, x, header_bottom)
    canvas.showPage()
    if deck.bilingual and any(e.english_name for e in deck.effects):
        _english_names(canvas, deck, colors, width, height)
    return doc.finish(), crowded


def _english_names(canvas, deck: Deck, colors, width: float, height: float) -> None:
    """A second page for a table that mixes languages: each card's name, and its English
    name, in the order of the names."""
    margin = 15 * mm
    ink = colors["ink"]
    canvas.setFillColor(ink)
    canvas.setFont(TITLE, 18)
    top = height - margin
    canvas.drawString(margin, top - 16, say("print.idsheet-english-title", deck=deck.name))
    effects = sorted(deck.effects, key=lambda e: in_order(e.name))
    columns = 2
    per_column = -(-len(effects) // columns)
    column_w = (width - 2 * margin) / columns
    line = 17.0
    for index, effect in enumerate(effects):
        x = margin + (index // per_column) * column_w
        y = top - 44 - (index % per_column) * line
        canvas.setFont(BODY_BOLD, 11)
        canvas.drawString(x, y, effect.name)
        canvas.setFont(BODY_SEMIBOLD, 9)
        canvas.setFillColor(colors["accent"])
        canvas.drawString(x + column_w * 0.5, y, effect.english or effect.name)
        canvas.setFillColor(ink)
    canvas.showPage()


def _groups(cards) -> dict[str, tuple[str, str]]:
    """A group (tint, shape) per effect that repeats within the suit; white and no shape
    for one-off cards."""
    repeated = [c.effect.id for c in cards if sum(d.effect.id == c.effect.id for d in cards) > 1]
    groups: dict[str, tuple[str, str]] = {}
    for effect_id in repeated:
        if effect_id not in groups:
            groups[effect_id] = _GROUPS[len(groups) % len(_GROUPS)]
    return {c.effect.id: groups.get(c.effect.id, ("#ffffff", "")) for c in cards}


def _mark(canvas, shape: str, cx: float, cy: float, r: float) -> None:
    """A group's shape, filled, about (cx, cy), ``r`` from the centre to its corners;
    none is a suit's (a diamond beside a spade would read as a suit)."""
    import math

    def polygon(corners: int, turn: float = 90.0, inner: float = 0.0) -> None:
        path = canvas.beginPath()
        points = corners * (2 if inner else 1)
        for i in range(points):
            radius = inner if inner and i % 2 else r
            angle = math.radians(turn + 360.0 * i / points)
            x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
            path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)

    if shape == "circle":
        canvas.circle(cx, cy, r * 0.85, stroke=0, fill=1)
    elif shape == "ring":
        canvas.setLineWidth(r * 0.45)
        canvas.circle(cx, cy, r * 0.65, stroke=1, fill=0)
    elif shape == "square":
        canvas.rect(cx - r * 0.75, cy - r * 0.75, r * 1.5, r * 1.5, stroke=0, fill=1)
    elif shape == "triangle":
        polygon(3)
    elif shape == "bars":
        bar = r * 0.5
        canvas.rect(cx - r, cy + bar * 0.4, 2 * r, bar, stroke=0, fill=1)
        canvas.rect(cx - r, cy - bar * 1.4, 2 * r, bar, stroke=0, fill=1)
    elif shape == "hexagon":
        polygon(6, 0.0)
    elif shape == "star":
        polygon(5, 90.0, r * 0.45)
    elif shape == "cross":
        arm = r * 0.38
        canvas.rect(cx - r, cy - arm, 2 * r, 2 * arm, stroke=0, fill=1)
        canvas.rect(cx - arm, cy - r, 2 * arm, 2 * r, stroke=0, fill=1)


def _cell(canvas, icons, colors, card, copies: int, group, x, y, w, h) -> bool:
    """One card's cell; False (and nothing drawn of its name) when its summary has no
    room there."""
    pc = card.playing_card
    pad = 1.0 * mm
    tint, shape = group
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
    mark = 1.1 * mm  # the group's shape, in the cell's top-right corner; the name keeps clear
    title_w = text_w - (2 * mark + 0.4 * mm if shape else 0)
    if shape:
        canvas.setFillColor(ink)
        canvas.setStrokeColor(ink)
        _mark(canvas, shape, x + w - pad - mark, y + h - pad - mark - 0.6 * mm, mark)
    name = markup(card.effect.name)
    if copies > 1:
        copies_said = say("print.copies", count=copies)
        name += f"  <font name='{BODY_SEMIBOLD}' size='8'>{copies_said}</font>"
    title = Paragraph(
        name,
        ParagraphStyle("name", fontName=BODY_BOLD, fontSize=10, leading=11, textColor=ink),
    )
    _, title_h = title.wrap(title_w, h)
    summary = Paragraph(
        markup(card.effect.summary),
        ParagraphStyle(
            "summary",
            fontName=BODY,
            fontSize=MIN_SIZE,
            leading=9.0,
            textColor=ink,
        ),
    )
    _, summary_h = summary.wrap(text_w, h)
    if title_h + summary_h > h - 2 * pad + 1:
        return False
    title.drawOn(canvas, text_x, y + h - pad - title_h)
    summary.drawOn(canvas, text_x, y + h - pad - title_h - summary_h)
    return True
