"""Typeset a deck's rules (Markdown in data/) as a book or a one-page summary.

The words come from the deck's rules file, read with the deck (``Deck.rules_text``);
everything that restates the catalogue was made at its ``{{...}}`` places by
``printkit.rules.content`` before drawing starts: every card explained, the identification
table, the values, the roles per table size, and the worked negation examples, judged by
the same function as ``printkit negate``. This module only sets them in type, so the
book cannot disagree with the cards or with the companion.

A book has a title page, a table of contents, running heads, page numbers and a PDF
outline; a sheet is a single page of rules with a title.
"""

from __future__ import annotations

from typing import NamedTuple

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from ..errors import CatalogueError
from ..units import mm
from ..values import markdown
from ..values.content import CardList, Content, Example, Legend, Readings
from ..values.content import Table as ContentTable
from ..values.documents import RulesText
from ..values.model import SUIT_SYMBOLS, Deck
from ..values.papers import BOOK_PAPER, PAPER_SIZES, paper_name
from ..values.pictures import ArtLibrary
from ..values.typography import smarten
from ..version import __version__
from ..words import say
from .art import pattern_only, place_drawing, without_ground
from .fonts import (
    BODY,
    BODY_BOLD,
    BODY_ITALIC,
    BODY_SEMIBOLD,
    TITLE,
    check_glyphs,
    register_fonts,
)
from .icons import Icons
from .pdf import Document, hex_color
from .platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableOfContents,
    TableStyle,
    fallback_markup,
)
from .richtext import install_pips, markup

__all__ = ["render_rules"]


class _Look(NamedTuple):
    body: float
    leading: float
    h1: float
    h2: float
    margin: float
    top: float
    bottom: float


_BOOK = _Look(body=9.4, leading=12.4, h1=16, h2=11, margin=14 * mm, top=17 * mm, bottom=16 * mm)
_SHEET = _Look(body=10.2, leading=12.9, h1=13, h2=11.5, margin=16 * mm, top=15 * mm, bottom=14 * mm)


def render_rules(deck: Deck, paper: str, art: ArtLibrary) -> bytes:
    """The deck's rules as PDF bytes, laid out as its deck.toml says ("book" or "sheet")."""
    if deck.rules is None or deck.rules_text is None:
        raise CatalogueError.said("data.render.no-rules", deck=deck.name)
    register_fonts()
    book = deck.rules.layout == "book"
    page_paper = BOOK_PAPER[paper] if book else paper
    size = PAPER_SIZES[page_paper]
    look = _BOOK if book else _SHEET
    builder = _Builder(deck, deck.rules_text, size, look, book, art)
    return builder.build(deck.rules_text.blocks)


class _Builder:
    def __init__(self, deck: Deck, text: RulesText, size, look: _Look, book: bool, art: ArtLibrary):
        self.deck, self.source, self.meta = deck, text.source, text.meta
        self.size, self.look, self.book = size, look, book
        self.art = art
        self.paper = paper_name(*size) or "custom"
        self.colors = {key: hex_color(value) for key, value in deck.colors.items()}
        self.ink = self.colors["ink"]
        self.title = self.meta.get("title", deck.name)
        self.subject = self.meta.get("subtitle", say("book.print.subject", deck=deck.name))
        self.styles = self._styles()

    # -- styles ------------------------------------------------------------------------------

    def _styles(self) -> dict[str, ParagraphStyle]:
        look, ink = self.look, self.ink
        base = ParagraphStyle(
            "body",
            fontName=BODY,
            fontSize=look.body,
            leading=look.leading,
            textColor=ink,
            # Ragged right: a narrow book page set justified opens loose lines.
            alignment=TA_LEFT,
            spaceAfter=look.body * 0.55,
            allowWidows=0,
            allowOrphans=0,
        )
        return {
            "body": base,
            "left": ParagraphStyle("left", parent=base, alignment=TA_LEFT),
            "h1": ParagraphStyle(
                "h1",
                parent=base,
                fontName=TITLE,
                fontSize=look.h1,
                leading=look.h1 * 1.15,
                alignment=TA_LEFT,
                spaceBefore=look.body * 0.4,
                spaceAfter=look.body * 0.7,
                textColor=ink,
                keepWithNext=1,
            ),
            "h2": ParagraphStyle(
                "h2",
                parent=base,
                fontName=BODY_BOLD,
                fontSize=look.h2,
                leading=look.h2 * 1.2,
                alignment=TA_LEFT,
                spaceBefore=look.body * 0.9,
                spaceAfter=look.body * 0.25,
                keepWithNext=1,
            ),
            "h3": ParagraphStyle(
                "h3",
                parent=base,
                fontName=BODY_SEMIBOLD,
                fontSize=look.body,
                alignment=TA_LEFT,
                spaceBefore=look.body * 0.5,
                spaceAfter=1,
                keepWithNext=1,
            ),
            "meta": ParagraphStyle(
                "meta",
                parent=base,
                fontName=BODY_ITALIC,
                fontSize=look.body,
                leading=look.leading,
                alignment=TA_LEFT,
                textColor=self.colors["accent"],
                spaceAfter=2,
            ),
            "item": ParagraphStyle("item", parent=base, spaceAfter=look.body * 0.25),
            "cover": ParagraphStyle(
                "cover",
                parent=base,
                fontName=TITLE,
                fontSize=look.h1,
                leading=look.h1 * 1.15,
                spaceAfter=look.body * 0.4,
                keepWithNext=1,
            ),
            "example": ParagraphStyle("example", parent=base, alignment=TA_LEFT, spaceAfter=1),
            "cell": ParagraphStyle(
                "cell",
                parent=base,
                fontSize=max(9.0, look.body - 0.4),
                leading=look.body + 1.6,
                alignment=TA_LEFT,
                spaceAfter=0,
            ),
            "toc0": ParagraphStyle(
                "toc0",
                parent=base,
                fontName=BODY_SEMIBOLD,
                alignment=TA_LEFT,
                spaceAfter=look.body * 0.5,
                leftIndent=0,
            ),
        }

    def para(self, text: str, style: str = "body") -> Paragraph:
        s = self.styles[style]
        return Paragraph(markup(smarten(text)), s)

    # -- the story ---------------------------------------------------------------------------

    def _check_glyphs(self, blocks) -> None:
        """Every character of the rules must be in the face that sets it (suits are pips)."""
        suits = "".join(SUIT_SYMBOLS.values())
        for key, value in self.meta.items():
            where = say("data.where.in-file", file=self.source, where=key)
            check_glyphs(value, TITLE if key == "title" else BODY, where)
        for block in blocks:
            line = say("data.where.line", line=block.line)
            where = say("data.where.in-file", file=self.source, where=line)
            if isinstance(block, markdown.Heading):
                check_glyphs(block.text, TITLE, where)
                check_glyphs(block.text, BODY_BOLD, where)
            elif isinstance(block, markdown.Paragraph):
                check_glyphs(block.text, BODY, where, suits)
            elif isinstance(block, markdown.ListBlock):
                for item in block.items:
                    check_glyphs(item, BODY, where, suits)

    def build(self, blocks) -> bytes:
        self._check_glyphs(blocks)
        story: list[Flowable] = []
        if self.book:
            story += [NextPageTemplate("body"), PageBreak()]
            toc = TableOfContents(levelStyles=[self.styles["toc0"]], dotsMinLevel=0)
            contents = say("book.print.contents")
            story += [Paragraph(contents, self.styles["h1"]), toc, PageBreak()]
        else:
            story.append(Paragraph(markup(self.title), self.styles["h1"]))
            if "subtitle" in self.meta:
                story.append(self.para(self.meta["subtitle"], "meta"))
        first_chapter = True
        # The outline starts at the shallowest heading the text uses.
        base = min((b.level for b in blocks if isinstance(b, markdown.Heading)), default=1)
        for block in blocks:
            if isinstance(block, markdown.Heading):
                if block.level == 1 and self.book and not first_chapter:
                    story.append(PageBreak())  # every chapter starts a page
                first_chapter = first_chapter and block.level != 1
                level = min(block.level, 3)
                heading = _Heading(
                    markup(block.text),
                    self.styles[f"h{level}"],
                    level=block.level - base,
                    plain=block.text,
                )
                story.append(heading)
            elif isinstance(block, markdown.Paragraph):
                story.append(self.para(block.text))
            elif isinstance(block, markdown.ListBlock):
                story.append(self._list(block))
            else:
                story += self._generated(block.content)
        if not self.book and "credit" in self.meta:
            story.append(Spacer(1, 4))
            story.append(self.para(self.meta["credit"], "meta"))
        if self.book:
            story += self._back_cover()
        return self._typeset(story)

    def _back_cover(self) -> list[Flowable]:
        """The last page of a four-page multiple, so that a folded booklet's back cover is a
        quick reference (from the deck's player aid) and says how the booklet is printed."""
        aid = self.deck.aid
        story: list[Flowable] = [NextPageTemplate("plain")]
        story += [_PadToCover(self, index) for index in range(4)]
        story.append(Paragraph(say("book.print.quick-reference"), self.styles["cover"]))
        if aid is not None:  # the aid's two sides, in order
            for sections in (aid.front, aid.back):
                for section in sections:
                    story.append(self.para(f"**{section.title}**", "h3"))
                    for block in markdown.parse(section.text).blocks:
                        if isinstance(block, markdown.ListBlock):
                            story.append(self._list(block))
                        elif isinstance(block, markdown.Paragraph):
                            story.append(self.para(block.text))
        story.append(Spacer(1, 6))
        booklet = f"{self.deck.rules.output}-booklet.pdf"
        story.append(self.para(say("book.print.booklet", file=booklet), "meta"))
        return story

    def _list(self, block: markdown.ListBlock) -> Flowable:
        items = [ListItem(self.para(text, "item"), leftIndent=12) for text in block.items]
        kind = (
            {"bulletType": "1", "bulletFormat": "%s."}
            if block.ordered
            else {"bulletType": "bullet", "start": "•"}
        )
        listed = ListFlowable(
            items,
            leftIndent=12,
            bulletFontName=BODY_SEMIBOLD,
            bulletFontSize=self.look.body,
            bulletColor=self.ink,
            **kind,
        )
        listed.spaceAfter = self.look.body * 0.55  # as after a paragraph
        return listed

    def _generated(self, content: Content) -> list[Flowable]:
        """Set a piece of generated content (``printkit.rules.content``) in type."""
        if isinstance(content, ContentTable):
            return [self._table(content)]
        if isinstance(content, Example):
            lines = [
                self.para(content.told, "meta"),
                self.para(f"**{content.verdict}**", "example"),
            ]
            lines += [self.para(f"*{reading}*", "example") for reading in content.readings]
            return [_Boxed(lines, HexColor("#f1e6cc"), self.colors["frame"])]
        if isinstance(content, Readings):
            read, otherwise = say("book.print.reading-label"), say("book.print.otherwise-label")
            return [
                KeepTogether(
                    [
                        self.para(f"**{item.question}**", "h3"),
                        self.para(f"*{read}* {item.reading}", "item"),
                        self.para(f"*{otherwise}* {item.alternative}", "item"),
                    ]
                )
                for item in content.items
            ]
        if isinstance(content, Legend):
            return [_Legend(content.rows, self, self.styles["left"])]
        return self._card_list(content)

    def _card_list(self, content: CardList) -> list[Flowable]:
        story: list[Flowable] = []
        for entry in content.entries:
            if not self.book:  # a one-page summary: one paragraph per card
                count = " " + say("print.copies", count=entry.copies) if entry.copies else ""
                label = f" ({entry.label})" if entry.label else ""
                story.append(self.para(f"**{entry.name}**{count}{label}: {entry.note}", "item"))
                continue
            heading = _Heading(markup(entry.name), self.styles["h2"], level=1, plain=entry.name)
            facts = " · ".join((f"**{entry.which}**", *entry.facts))
            story.append(KeepTogether([heading, self.para(facts, "meta"), self.para(entry.note)]))
        return story

    def _table(self, content: ContentTable) -> Table:
        """A table of generated rows; a grid (the identification table) names the rank in
        its first column and centres its rows."""
        cell = self.styles["cell"]
        grid = content.kind == "grid"

        def text(row: int, col: int, value: str) -> str:
            bold = value and (row == 0 or (grid and col == 0))
            return f"**{value}**" if bold else value

        rows = [content.header, *content.rows]
        data = [
            [Paragraph(markup(smarten(text(r, c, v))), cell) for c, v in enumerate(row)]
            for r, row in enumerate(rows)
        ]
        width = self.size[0] - 2 * self.look.margin
        table = Table(data, colWidths=[width * f for f in content.widths], repeatRows=1)
        padding = (
            [("TOPPADDING", (0, 0), (-1, -1), 1.6), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6)]
            if grid
            else [("BOTTOMPADDING", (0, -1), (-1, -1), 5)]
        )
        table.setStyle(TableStyle([
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, self.colors["frame"]),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [HexColor("#f7efdc"), None]),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE" if grid else "TOP"),
            *padding,
        ]))  # fmt: skip
        table.spaceAfter = self.look.body * 0.55
        return table

    # -- pages -------------------------------------------------------------------------------

    def _typeset(self, story: list[Flowable]) -> bytes:
        width, height = self.size
        look = self.look
        frame = Frame(
            look.margin,
            look.bottom,
            width - 2 * look.margin,
            height - look.top - look.bottom,
            id="body",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        if self.book:
            templates = [
                PageTemplate("title", [frame], onPage=self._title_page),
                PageTemplate("body", [frame], onPageEnd=self._furniture),
                PageTemplate("plain", [frame]),
            ]
        else:
            templates = [PageTemplate("sheet", [frame], onPageEnd=self._sheet_footer)]
        template = _Template(self, templates)
        self.template = template
        # The table of contents needs two passes or more; each pass draws on a fresh
        # document, with the pip callback and icon forms of its own.
        template.multiBuild(story, canvasmaker=self._new_canvas)
        return self.doc.buffer.getvalue()

    def _new_canvas(self, *_args, **_kwargs):
        self.doc = Document(
            self.size,
            f"{self.title} - rules",
            self.subject,
            kind="rules",
            paper=self.paper,
            duplex="long" if self.book else "simplex",
        )
        self.icons = Icons(self.doc, self.art, self.colors)
        install_pips(self.doc.canvas, self.icons)
        return self.doc.canvas

    def _title_page(self, canvas, doc) -> None:
        """The cover: a panel of the deck's back, inset from every edge (a home printer
        cannot print to the edge, so nothing runs off the page), its emblem high, and the
        title on a plate in the deck's paper colour below it."""
        width, height = self.size
        inset, radius = 8 * mm, 4 * mm
        panel = (inset, inset, width - 2 * inset, height - 2 * inset)
        x, y, w, h = panel
        canvas.saveState()
        path = canvas.beginPath()
        path.roundRect(x, y, w, h, radius)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.setFillColor(self.colors["back"])
        canvas.rect(x, y, w, h, stroke=0, fill=1)
        back = self.art.back()
        if back is not None and back.is_svg:  # its pattern over the panel, its emblem high
            place_drawing(canvas, pattern_only(back.drawing), x, y, w, h, cover=True)
            drawing = back.drawing
            side = 0.85 * w  # the back's whole drawing, its emblem at the middle
            tall = side * drawing.height / drawing.width
            emblem = without_ground(drawing)
            place_drawing(canvas, emblem, x + (w - side) / 2, y + 0.64 * h - tall / 2, side, tall)
        canvas.restoreState()
        canvas.setStrokeColor(self.colors["paper"])
        canvas.setLineWidth(0.8)
        canvas.roundRect(x + 3 * mm, y + 3 * mm, w - 6 * mm, h - 6 * mm, radius - 1.5 * mm)
        plate_h, plate_y = 30 * mm, y + 0.17 * h
        canvas.setFillColor(self.colors["paper"])
        canvas.roundRect(x + 7 * mm, plate_y, w - 14 * mm, plate_h, 2 * mm, stroke=0, fill=1)
        canvas.setFillColor(self.ink)
        size = min(30.0, 30.0 * (w - 20 * mm) / canvas.stringWidth(self.title, TITLE, 30.0))
        canvas.setFont(TITLE, size)
        canvas.drawCentredString(width / 2, plate_y + plate_h - 6 * mm - size * 0.7, self.title)
        if "subtitle" in self.meta:
            canvas.setFont(BODY_SEMIBOLD, 10)
            canvas.drawCentredString(width / 2, plate_y + 6 * mm, self.meta["subtitle"])
        paper = self.colors["paper"]
        if "credit" in self.meta:
            style = ParagraphStyle(
                "credit",
                fontName=BODY_ITALIC,
                fontSize=9,
                leading=11.5,
                textColor=paper,
                alignment=TA_CENTER,
            )
            paragraph = Paragraph(markup(smarten(self.meta["credit"])), style)
            paragraph.wrap(w - 16 * mm, h)
            paragraph.drawOn(canvas, x + 8 * mm, y + 12 * mm)
        canvas.setFillColor(paper)
        canvas.setFont(BODY, 7)
        canvas.drawCentredString(
            width / 2, y + 7 * mm, say("book.print.typeset", version=__version__)
        )

    def _furniture(self, canvas, doc) -> None:
        """Running head (book title on even pages, chapter on odd) and the page number."""
        page = canvas.getPageNumber()
        width, height = self.size
        look = self.look
        canvas.saveState()
        canvas.setFillColor(self.colors["accent"])
        canvas.setStrokeColor(self.colors["frame"])
        canvas.setLineWidth(0.4)
        y = height - look.top + 6
        canvas.line(look.margin, y - 3, width - look.margin, y - 3)
        canvas.setFont(BODY_ITALIC, 8)
        head = self.title if page % 2 == 0 else getattr(doc, "chapter", self.title)
        if page % 2 == 0:
            canvas.drawString(look.margin, y, head)
        else:
            canvas.drawRightString(width - look.margin, y, head)
        canvas.setFont(BODY_SEMIBOLD, 8.5)
        canvas.setFillColor(self.ink)
        number_y = look.bottom - 10
        if page % 2 == 0:
            canvas.drawString(look.margin, number_y, str(page))
        else:
            canvas.drawRightString(width - look.margin, number_y, str(page))
        canvas.restoreState()

    def _sheet_footer(self, canvas, doc) -> None:
        width = self.size[0]
        canvas.setFont(BODY, 7)
        canvas.setFillColor(self.colors["accent"])
        canvas.drawCentredString(
            width / 2,
            self.look.bottom - 12,
            say("book.print.footer", deck=self.deck.name, version=__version__),
        )


class _Template(BaseDocTemplate):
    """Collects headings for the table of contents, the outline and the running heads."""

    def __init__(self, builder: _Builder, templates):
        super().__init__(
            "unused.pdf",  # the canvas maker writes to memory instead
            pagesize=builder.size,
            title=f"{builder.title} - rules",
            subject=builder.subject,
            author="printkit",
            creator=f"printkit {__version__}",
            invariant=1,
        )
        self.addPageTemplates(templates)
        self.builder = builder
        self.chapter = builder.title
        self._keys = 0

    def afterFlowable(self, flowable) -> None:
        if not isinstance(flowable, _Heading) or flowable.level > 1:
            return
        self._keys += 1
        key = f"h{self._keys}"
        canvas = self.canv
        canvas.bookmarkPage(key)
        canvas.addOutlineEntry(flowable.plain, key, level=flowable.level, closed=flowable.level > 0)
        if flowable.level == 0:
            self.chapter = flowable.plain
        if flowable.level == 0:  # the contents list the chapters; the outline, every card too
            style = self.builder.styles["toc0"]
            entry = fallback_markup(flowable.text, style)
            self.notify("TOCEntry", (0, entry, self.page, key))

    def beforeDocument(self) -> None:
        self._keys = 0
        self.chapter = say("book.print.contents")


class _PadToCover(Flowable):
    """Brings the back cover to the booklet's last page, a multiple of four.

    The first pad ends the last page of text (whose number it reads while that page is
    still being set) and works out how many blank pages must follow; each later pad fills
    one blank page, or nothing.
    """

    def __init__(self, builder: _Builder, index: int):
        super().__init__()
        self.builder, self.index = builder, index

    def wrap(self, avail_width, avail_height):
        if self.index == 0:
            page = self.builder.template.page
            self.builder.blank_pages = (4 - (page + 1) % 4) % 4
            self.height = avail_height
        elif self.index > self.builder.blank_pages:
            self.height = 0
        else:
            # A page already full by rounding: ask for more than is left, so that this pad
            # moves on and fills a page of its own.
            self.height = avail_height if avail_height >= 1 else avail_height + 1
        return avail_width, self.height

    def draw(self) -> None:
        pass


class _Heading(Paragraph):
    def __init__(self, text: str, style: ParagraphStyle, level: int, plain: str):
        super().__init__(text, style)
        self.level = level
        self.plain = plain


class _Boxed(Flowable):
    """A few paragraphs in a tinted box with a rule on the left: a worked example."""

    def __init__(self, content: list[Paragraph], fill, rule):
        super().__init__()
        self.content, self.fill, self.rule = content, fill, rule
        self.pad = 5

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        self.heights = [
            p.wrap(avail_width - 2 * self.pad - 3, avail_height)[1] for p in self.content
        ]
        self.height = sum(self.heights) + 2 * self.pad
        return self.width, self.height + 6

    def draw(self) -> None:
        canvas = self.canv
        canvas.setFillColor(self.fill)
        canvas.rect(0, 6, self.width, self.height, stroke=0, fill=1)
        canvas.setFillColor(self.rule)
        canvas.rect(0, 6, 2.2, self.height, stroke=0, fill=1)
        y = 6 + self.height - self.pad
        for paragraph, height in zip(self.content, self.heights, strict=True):
            y -= height
            paragraph.drawOn(canvas, self.pad + 3, y)


class _Legend(Flowable):
    """The symbols printed on the cards, each with what it means."""

    def __init__(self, rows, builder: _Builder, style: ParagraphStyle):
        super().__init__()
        self.rows, self.builder, self.style = rows, builder, style
        self.icon = style.fontSize * 1.9

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        self.paragraphs = [Paragraph(markup(text), self.style) for _, _, text in self.rows]
        self.heights = [
            max(self.icon, p.wrap(avail_width - self.icon * 2, avail_height)[1]) + 3
            for p in self.paragraphs
        ]
        self.height = sum(self.heights)
        return self.width, self.height + 4

    def draw(self) -> None:
        y = self.height + 4
        icons = self.builder.icons
        for (icon, color, _), paragraph, height in zip(
            self.rows, self.paragraphs, self.heights, strict=True
        ):
            y -= height
            if color == "frame":  # "every player": the icon three deep, as on the cards
                for dx in (-0.3, 0.3):
                    icons.stamp(
                        icon,
                        "frame",
                        self.icon * (0.1 + dx),
                        y + 1,
                        self.icon * 0.8,
                        canvas=self.canv,
                    )
            icons.stamp(
                icon, "ink" if color == "frame" else color, 0, y, self.icon, canvas=self.canv
            )
            paragraph.drawOn(self.canv, self.icon * 1.6, y + (self.icon - paragraph.height) / 2)
