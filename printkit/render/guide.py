"""The print guide: a page (more for a long checklist) that tells a player what the kit
holds and how to print, count, cut and assemble it, written for the template and duplex
mode the kit was made with. Its own PDF, so the card sheets' pages still pair front and
back."""

from __future__ import annotations

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from ..errors import RenderError
from ..units import format_mm, mm
from ..values.cardsizes import format_size
from ..values.design import CardSet, sheet_slots
from ..values.model import Template
from ..values.papers import PAPER_SIZES, Paper
from ..words import joined, say
from .design import SUIT_COLORS
from .fonts import BODY, BODY_BOLD, TITLE, missing_char
from .icons import Icons
from .pdf import Document, hex_color
from .platypus import Frame, Paragraph
from .richtext import install_pips, markup

__all__ = ["print_guide"]

_MARGIN = 14 * mm
#: A deck's checklist lists its sheets one by one up to this many, and each sheet's
#: card names up to this many characters.
_LISTED_SHEETS = 24
_LISTED_CHARS = 150
#: The edge a duplex mode flips on (manual: the stack is turned over its long edge).
_EDGES = {"long": "long", "short": "short", "manual": "long", "none": None}


def print_guide(
    decks: list[CardSet], template: Template, duplex: str, aids: int, contents=()
) -> bytes:
    """One page on printing the kit's ``decks`` with ``aids`` player aids each (those
    that have one), starting from the kit's ``contents`` (its files, as Printed), in the
    order a player uses them. It is printed portrait on the sheets' paper (Letter when
    the sheets are a page of their own, as Cricut's is), whichever way round the sheets
    are."""
    paper = template.paper
    page = PAPER_SIZES.get(paper, PAPER_SIZES["letter"])
    doc = Document(
        page,
        say("guide.file-title"),
        say("guide.file-subject", template=template.name),
        kind="guide",
        paper=paper if paper in PAPER_SIZES else "letter",
    )
    ink = hex_color("#2b1f17")
    if decks:  # suit symbols in the checklist are drawn as pips, as on the cards
        palette = decks[0].colors or SUIT_COLORS  # a designed deck has none of its own
        colors = {key: hex_color(value) for key, value in palette.items()}
        install_pips(doc.canvas, Icons(doc, decks[0].art, colors))
    body = ParagraphStyle("guide", fontName=BODY, fontSize=9.2, leading=11.6, textColor=ink)
    styles = {
        "title": ParagraphStyle("title", parent=body, fontName=TITLE, fontSize=20, leading=24),
        "h": ParagraphStyle(
            "h", parent=body, fontName=BODY_BOLD, fontSize=11, leading=14, spaceBefore=6
        ),
        "body": ParagraphStyle("body", parent=body, alignment=TA_LEFT, spaceAfter=2),
        "item": ParagraphStyle(
            "item", parent=body, leftIndent=11, bulletIndent=0, spaceAfter=1, bulletFontName=BODY
        ),
    }
    story = [Paragraph(say("guide.title"), styles["title"])]
    made = "guide.made-one" if len(decks) == 1 else "guide.made-many"
    story.append(
        Paragraph(markup(say(made, template=template.name, count=len(decks))), styles["body"])
    )
    if contents:
        story.append(Paragraph(say("guide.contents"), styles["h"]))
        for printed in sorted(contents, key=lambda p: p.step):  # a stable sort: kit order
            line = say("guide.file", name=_printable(printed.name, printed.name), what=printed.what)
            story.append(Paragraph(markup(line), styles["item"], bulletText="•"))
    story.append(Paragraph(say("guide.settings"), styles["h"]))
    for line in _settings(template, duplex, paper):
        story.append(Paragraph(markup(line), styles["item"], bulletText="•"))
    # Backs are lined up before a card is printed: the calibration page comes first.
    if template.backs and duplex != "none":
        story.append(Paragraph(say("guide.line-up"), styles["h"]))
        for line in _calibration(template):
            story.append(Paragraph(markup(line), styles["item"], bulletText="•"))
    story.append(Paragraph(say("guide.count"), styles["h"]))
    story.append(Paragraph(say("guide.tick"), styles["body"]))
    for deck in decks:
        for line in _checklist(deck, template, aids):
            story.append(Paragraph(markup(line), styles["item"], bulletText="☐"))
    story.append(Paragraph(say("guide.assemble"), styles["h"]))
    for line in _assembly(template):
        story.append(Paragraph(markup(line), styles["item"], bulletText="•"))
    # One page when it fits; a long checklist goes on over the next pages.
    width, height = page[0] - 2 * _MARGIN, page[1] - 2 * _MARGIN
    while story:
        left = len(story)
        frame = Frame(_MARGIN, _MARGIN, width, height, leftPadding=0, rightPadding=0,
                      topPadding=0, bottomPadding=0, showBoundary=0)  # fmt: skip
        frame.addFromList(story, doc.canvas)
        if len(story) == left:  # one paragraph taller than a page
            raise RenderError(say("guide.too-long", template=template.name))
        doc.canvas.showPage()
    return doc.finish()


def _settings(t: Template, duplex: str, paper: str) -> list[str]:
    size = format_size((t.paper_width, t.paper_height))
    named = Paper(paper, t.paper_width, t.paper_height).title
    lines = [say("guide.paper", paper=named, size=size), say("guide.scale")]
    edge = _EDGES[duplex] if t.backs else None
    if t.fold:
        lines.append(say("guide.gutterfold"))
    elif edge and duplex != "manual":
        lines.append(say("guide.duplex", edge=say(f"edge.{edge}")))
    elif edge:
        lines.append(say("guide.by-hand"))
    else:
        lines.append(say("guide.no-backs"))
    if t.skip:
        slots = [str(slot + 1) for slot in t.skip]
        lines.append(say("guide.skipped", slots=joined(slots, "and")))
    lines.append(say("guide.quality"))
    return lines


def _checklist(deck: CardSet, t: Template, aids: int) -> list[str]:
    """Each of the deck's sheets with what it holds: its playing cards (7♦ 8♦ ...) or its
    cards' names (copies counted), its player aids and blank cards; a deck of more
    sheets than a page can list gets one line."""
    slots = sheet_slots(deck, aids, t.per_sheet, t.backs)
    name = _printable(deck.name, say("guide.deck-unnamed"))
    sheets = -(-len(slots) // t.per_sheet)
    if sheets > _LISTED_SHEETS:
        cards = len(deck.cards)
        return [
            say("guide.many-sheets", deck=name, cards=cards, sheets=sheets, per_sheet=t.per_sheet)
        ]
    lines = []
    for number in range(1, sheets + 1):
        chunk = slots[(number - 1) * t.per_sheet : number * t.per_sheet]
        cards = [card for card in chunk if card.kind == "card"]
        parts = []
        if cards and all(card.symbol for card in cards):
            parts.append(" ".join(card.symbol for card in cards))
        elif cards:
            names: dict[str, int] = {}
            for card in cards:
                shown = _printable(card.name, say("guide.card-unnamed", number=card.number))
                names[shown] = names.get(shown, 0) + 1
            listed = joined(
                (say("guide.copies", name=n, count=c) if c > 1 else n for n, c in names.items()),
                "list",
            )
            if len(listed) > _LISTED_CHARS:
                listed = listed[: _LISTED_CHARS - 1].rsplit(",", 1)[0] + ", …"
            parts.append(listed)
        aid_faces = sum(card.kind == "aid" for card in chunk)
        if aid_faces:
            parts.append(
                say("guide.aids-many" if aid_faces > 1 else "guide.aids-one", count=aid_faces)
            )
        blanks = sum(card.kind == "blank" for card in chunk)
        if blanks:
            key = "guide.blanks-many" if blanks > 1 else "guide.blanks-one"
            parts.append(say(key, count=blanks))
        holds = parts[0]
        for part in parts[1:]:
            holds = say("guide.holds", first=holds, second=part)
        lines.append(say("guide.sheet", deck=name, number=number, holds=holds))
    return lines


def _printable(text: str, instead: str) -> str:
    """``text`` as the guide can print it: without Markdown's marks (* and `, which would
    turn the rest of the line bold or into code); ``instead`` if no face of the guide's
    has a character of it (a designed deck may set its names in fonts of its own)."""
    plain = text.replace("*", "").replace("`", "").strip()
    if not plain or missing_char(plain, BODY) is not None:
        return instead
    return plain


def _assembly(t: Template) -> list[str]:
    card = format_size((t.card_width, t.card_height))
    reg = t.registration
    if t.fold:
        how = say("guide.fold")
    elif reg is not None:
        how = say(
            "guide.silhouette",
            length=format_mm(reg.length),
            thickness=format_mm(reg.thickness),
            inset=format_mm(reg.inset),
        )
    elif t.cut_file:
        how = say("guide.cricut")
    elif t.cut_lines and not t.backs:
        how = say("guide.paste-over")
    elif t.crop_marks:
        how = say("guide.crop-marks")
    else:
        how = say("guide.perforated")
    sleeve = format_size((t.card_width + 2.5 * mm, t.card_height + 2.1 * mm))
    return [how, say("guide.sizes", card=card, sleeve=sleeve), say("guide.corners")]


def _calibration(t: Template) -> list[str]:
    if t.fold:
        return [say("guide.fold-calibrate"), say("guide.fold-read")]
    return [say("guide.duplex-calibrate"), say("guide.duplex-read"), say("guide.duplex-offset")]
