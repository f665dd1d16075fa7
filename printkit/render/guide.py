"""The print guide: one page that tells a player how to print, count, cut and assemble the
kit, written for the template and duplex mode the kit was made with. Its own PDF, so the
card sheets' pages still pair front and back."""

from __future__ import annotations

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from ..errors import RenderError
from ..units import format_mm, mm
from ..values.design import CardSet, sheet_slots
from ..values.model import Template
from ..values.papers import PAPER_SIZES
from .design import SUIT_COLORS
from .fonts import BODY, BODY_BOLD, TITLE, missing_char
from .icons import Icons
from .pdf import Document, hex_color
from .platypus import Frame, KeepInFrame, Paragraph, Spacer
from .richtext import install_pips, markup

__all__ = ["print_guide"]

_MARGIN = 14 * mm
#: A deck's checklist lists its sheets one by one up to this many, and each sheet's
#: card names up to this many characters.
_LISTED_SHEETS = 24
_LISTED_CHARS = 150
_EDGES = {"long": "long", "short": "short", "manual": "long", "none": None}


def print_guide(decks: list[CardSet], template: Template, duplex: str, aids: int) -> bytes:
    """One page on printing the kit's ``decks`` with ``aids`` player aids each (those
    that have one). It is printed portrait on the sheets' paper (Letter when the sheets
    are a page of their own, as Cricut's is), whichever way round the sheets are."""
    paper = template.paper
    page = PAPER_SIZES.get(paper, PAPER_SIZES["letter"])
    doc = Document(
        page,
        "printkit - print guide",
        f"How to print the kit on {template.name} sheets",
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
    story = [Paragraph("Print guide", styles["title"])]
    story.append(
        Paragraph(
            markup(
                f"For the kit as it was made: **{template.name}** sheets, "
                f"{len(decks)} deck{'s' if len(decks) != 1 else ''}."
            ),
            styles["body"],
        )
    )
    story.append(Paragraph("Printer settings", styles["h"]))
    for line in _settings(template, duplex, paper):
        story.append(Paragraph(markup(line), styles["item"], bulletText="•"))
    story.append(Paragraph("Count the deck", styles["h"]))
    story.append(
        Paragraph("Tick each sheet once its cards are printed, cut and counted.", styles["body"])
    )
    for deck in decks:
        for line in _checklist(deck, template, aids):
            story.append(Paragraph(markup(line), styles["item"], bulletText="☐"))
    story.append(Paragraph("Cut, assemble, sleeve", styles["h"]))
    for line in _assembly(template):
        story.append(Paragraph(markup(line), styles["item"], bulletText="•"))
    if template.backs and duplex != "none":
        story.append(Paragraph("Line backs up with fronts", styles["h"]))
        for line in _calibration(template):
            story.append(Paragraph(markup(line), styles["item"], bulletText="•"))
    story.append(Spacer(1, 4))
    width, height = page[0] - 2 * _MARGIN, page[1] - 2 * _MARGIN
    fitted = KeepInFrame(width, height, story, mode="error")
    frame = Frame(
        _MARGIN,
        _MARGIN,
        width,
        height,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        showBoundary=0,
    )
    try:
        frame.addFromList([fitted], doc.canvas)
    except Exception as exc:  # KeepInFrame raises a LayoutError when the page overflows
        raise RenderError(
            f"the print guide does not fit one page on {template.name} ({exc}); "
            "build fewer decks at once"
        ) from None
    doc.canvas.showPage()
    return doc.finish()


def _settings(t: Template, duplex: str, paper: str) -> list[str]:
    size = f"{format_mm(t.paper_width)} x {format_mm(t.paper_height)}"
    lines = [
        f"**Paper**: {paper.upper() if len(paper) == 2 else paper.title()} ({size}); card stock "
        "or perforated card sheets as the template says.",
        "**Scale: actual size (100%)**. Turn off *fit to page* and *shrink to fit*; the "
        "calibration page's 100 mm ruler proves it.",
    ]
    edge = _EDGES[duplex] if t.backs else None
    if t.fold:
        lines.append(
            "**One side only.** Each sheet carries its fronts and, beyond the dashed line, "
            "their backs: folding puts every back behind its front."
        )
    elif edge and duplex != "manual":
        lines.append(
            f"**Double-sided, flip on the {edge} edge.** Every back lies behind its own "
            "front once the sheet is turned over that way."
        )
    elif edge:
        lines.append(
            "**By hand**: print the fronts file, put the stack back in the tray turned over "
            "on its long edge, then print the backs file."
        )
    else:
        lines.append("**One side only**: these sheets have no backs.")
    lines.append("**Quality**: the best your printer offers; let the ink dry before cutting.")
    return lines


def _checklist(deck: CardSet, t: Template, aids: int) -> list[str]:
    """Each of the deck's sheets with what it holds: its playing cards (7♦ 8♦ ...) or its
    cards' names (copies counted), its player aids and blank cards; a deck of more
    sheets than a page can list gets one line."""
    slots = sheet_slots(deck, aids, t.per_sheet, t.backs)
    name = _printable(deck.name, "The deck")
    sheets = -(-len(slots) // t.per_sheet)
    if sheets > _LISTED_SHEETS:
        return [
            f"**{name}**: {len(deck.cards)} cards on {sheets} sheets, {t.per_sheet} to a "
            "sheet, in the order of the card file"
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
                shown = _printable(card.name, f"card {card.number}")
                names[shown] = names.get(shown, 0) + 1
            listed = ", ".join(f"{n} ×{c}" if c > 1 else n for n, c in names.items())
            if len(listed) > _LISTED_CHARS:
                listed = listed[: _LISTED_CHARS - 1].rsplit(",", 1)[0] + ", …"
            parts.append(listed)
        aid_faces = sum(card.kind == "aid" for card in chunk)
        if aid_faces:
            parts.append(f"{aid_faces} player aid{'s' if aid_faces > 1 else ''}")
        blanks = sum(card.kind == "blank" for card in chunk)
        if blanks:
            parts.append(f"{blanks} blank card{'s' if blanks > 1 else ''} for house rules")
        lines.append(f"**{name}, sheet {number}**: " + "; ".join(parts))
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
    card = f"{format_mm(t.card_width)} x {format_mm(t.card_height)}"
    reg = t.registration
    if t.fold:
        how = (
            "Fold each sheet along its dashed line, printing outwards. Glue the halves with a "
            "thin, even coat, let them dry flat under a book, then cut along the crop marks."
        )
    elif reg is not None:
        how = (
            "Cut with the machine: open the deck's cut file (-cut.dxf, or -cut.svg) in "
            "Silhouette Studio, turn registration marks on (type 1, length "
            f"{format_mm(reg.length)}, thickness {format_mm(reg.thickness)}, inset "
            f"{format_mm(reg.inset)}), lay the sheet on the mat fronts up and cut."
        )
    elif t.cut_file:
        how = (
            "Upload each page as a Print Then Cut image in Cricut Design Space; it prints its "
            "own marks round the image and cuts every card along its outline."
        )
    elif t.cut_lines and not t.backs:
        how = (
            "Cut each face out along its grey line and glue it onto the matching playing card; "
            "glue a player aid's two faces back to back."
        )
    elif t.crop_marks:
        how = (
            "Cut along the crop marks in the margins with a ruler and a sharp blade or a "
            "guillotine: each mark continues a cut line across the sheet."
        )
    else:
        how = (
            "Fold each sheet along its perforations both ways before tearing, then punch the "
            "cards out; the coloured strip outside the cards is waste."
        )
    sleeve = f"{format_mm(t.card_width + 2.5 * mm)} x {format_mm(t.card_height + 2.1 * mm)}"
    return [
        how,
        f"**Cards**: {card}. **Sleeves**: about {sleeve} (66 x 91 mm for poker-size cards).",
        "Round the corners with a corner punch if you like; a light coat of fixing spray on "
        "both sides makes the ink last.",
    ]


def _calibration(t: Template) -> list[str]:
    if t.fold:
        return [
            "Print the calibration page on one side, fold it along its dashed line and hold "
            "it against a window.",
            "In the rows marked X and Y, find the frame whose dark square sits centred. If "
            "both read 0 the sheets fold true; otherwise make the cards again with those "
            "numbers as the back offset (in mm).",
        ]
    return [
        "Print the calibration page double-sided on plain paper, exactly as you will print "
        "the cards.",
        "Hold it against a window: in the row marked X and the column marked Y, find the "
        "frame whose dark square sits centred. Their numbers are the back offset (in mm).",
        "If both read 0, print as it is; otherwise make the cards again with that offset.",
    ]
