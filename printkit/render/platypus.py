"""reportlab's platypus (paragraphs, frames, tables, documents) as printkit uses it.

Its ``Paragraph`` sets every character in a face that has it (a Greek name in a Latin
face is drawn, never left out), and table cells default to printkit's body face; so
every module takes platypus from here (tests/test_layers.py checks).
"""

from __future__ import annotations

from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepInFrame,
    KeepTogether,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.paragraph import Paragraph as _Paragraph
from reportlab.platypus.paraparser import ParaParser
from reportlab.platypus.tableofcontents import TableOfContents
from reportlab.platypus.tables import CellStyle

from .fonts import BODY, fallback_frags
from .richtext import escape

__all__ = [
    "BaseDocTemplate",
    "CellStyle",
    "CondPageBreak",
    "Flowable",
    "Frame",
    "KeepInFrame",
    "KeepTogether",
    "ListFlowable",
    "ListItem",
    "NextPageTemplate",
    "PageBreak",
    "PageTemplate",
    "ParaParser",
    "Paragraph",
    "Spacer",
    "Table",
    "TableOfContents",
    "TableStyle",
    "fallback_markup",
]

# Table cells reportlab makes itself (the contents page is a table) in printkit's face,
# never in reportlab's Helvetica, which printkit does not embed.
CellStyle.fontname = BODY


class Paragraph(_Paragraph):
    """reportlab's paragraph, with every character set in a face that has it: a run its
    font cannot draw goes to the font's fallback (``fonts.fallback_frags``), so no
    letter is ever left out without a word."""

    def _setup(self, text, style, bulletText, frags, cleaner):
        super()._setup(text, style, bulletText, frags, cleaner)
        self.frags = fallback_frags(self.frags)


def fallback_markup(markup: str, style) -> str:
    """Paragraph ``markup`` in ``style`` written again with every run's face named
    (``<font name=...>``): for paragraphs that reportlab itself makes from text it is
    given, as a table of contents does, where ``fallback_frags`` cannot reach."""
    _, frags, _ = ParaParser().parse(markup, style)
    if frags is None or any(
        not hasattr(frag, "text") or getattr(frag, "cbDefn", None) for frag in frags
    ):
        return markup  # callbacks or a parse error: leave it to reportlab as it is
    return "".join(
        f'<font name="{frag.fontName}">{escape(frag.text)}</font>' for frag in fallback_frags(frags)
    )
