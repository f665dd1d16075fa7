"""reportlab's platypus (paragraphs, frames, tables, documents): printkit imports it here.

As it is imported, ``reportlab.platypus.paragraph`` compiles a case-insensitive pattern
that recognises web addresses written in any script. Its three character ranges cover
most of Unicode, and Python takes about 45 ms to compile it, a fifteenth of the time a
deck's sheets take. reportlab uses that pattern only to break long web addresses
across lines (its ``uriWasteReduce`` option, off unless asked for; printkit never
asks). So this module imports platypus with that one pattern compiled the first time it
is used instead: the same pattern, later or never. Every other pattern is compiled as
usual. Every module of printkit takes platypus from here (tests/test_layers.py checks).
"""

from __future__ import annotations

import re
import sys

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

_MODULE = "reportlab.platypus.paragraph"


class LatePattern:
    """A regular expression compiled the first time anything asks it for anything."""

    def __init__(self, source: str, flags: int):
        self._source, self._flags = source, flags
        self._compiled: re.Pattern | None = None

    def __getattr__(self, name: str):
        if self._compiled is None:
            self._compiled = _compile(self._source, self._flags)
        return getattr(self._compiled, name)


_compile = re.compile


#: How reportlab's web-address pattern begins (its scheme): only that pattern comes late.
_URL_PATTERN = "(^(?:[a-z0-9\\.\\-\\+]*)://)"


def _late(pattern, flags=0):
    """re.compile, but the paragraph module's web-address pattern comes late."""
    caller = sys._getframe(1).f_globals.get("__name__")
    if caller == _MODULE and isinstance(pattern, str) and pattern.startswith(_URL_PATTERN):
        return LatePattern(pattern, flags)
    return _compile(pattern, flags)


re.compile = _late
try:
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
finally:
    re.compile = _compile


from .fonts import BODY, fallback_frags  # noqa: E402 (after reportlab's modules, as above)
from .richtext import escape  # noqa: E402

CellStyle.fontname = BODY  # table cells (the contents page is a table) in printkit's face


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
