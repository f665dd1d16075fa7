"""Read the small Markdown dialect the rule books are written in, into blocks. No drawing.

What it understands, and nothing more:

* a front matter block between two ``---`` lines, of ``key: value`` lines;
* ``#``, ``##`` and ``###`` headings;
* paragraphs (lines joined until a blank line);
* ``- `` bullet lists and ``1. `` numbered lists, one item per line;
* ``{{name arguments}}`` alone on a line: a place where generated content goes
  (every card, the identification table, a worked negation example...);
* inline ``**bold**``, ``*italic*`` and ```code``` inside any text.

Anything else is plain text. The renderer decides how each block looks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .typography import smarten

__all__ = [
    "Block",
    "Directive",
    "Document",
    "Heading",
    "ListBlock",
    "Paragraph",
    "inline_spans",
    "parse",
]


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    line: int


@dataclass(frozen=True)
class Paragraph:
    text: str
    line: int


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    items: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Directive:
    name: str
    args: tuple[str, ...]
    line: int


Block = Heading | Paragraph | ListBlock | Directive


@dataclass(frozen=True)
class Document:
    meta: dict[str, str] = field(default_factory=dict)
    blocks: tuple[Block, ...] = ()


_HEADING = re.compile(r"(#{1,3})\s+(.+?)\s*#*\s*\Z")
_BULLET = re.compile(r"[-*]\s+(.*)\Z")
_NUMBERED = re.compile(r"\d+[.)]\s+(.*)\Z")
_DIRECTIVE = re.compile(r"\{\{\s*([a-z][a-z0-9-]*)((?:\s+[^{}]*)?)\}\}\Z")


class MarkdownError(ValueError):
    """A line the dialect cannot read; carries the line number."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


def parse(text: str) -> Document:
    lines = text.splitlines()
    meta: dict[str, str] = {}
    start = 0
    if lines and lines[0].strip() == "---":
        try:
            end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
        except StopIteration:
            raise MarkdownError(1, "the front matter opened with --- is never closed") from None
        for number in range(1, end):
            entry = lines[number].strip()
            if not entry:
                continue
            key, sep, value = entry.partition(":")
            if not sep or not key.strip():
                raise MarkdownError(number + 1, "front matter lines are 'key: value'")
            meta[key.strip()] = value.strip()
        start = end + 1

    blocks: list[Block] = []
    paragraph: list[str] = []
    paragraph_line = 0
    items: list[str] = []
    ordered = False
    list_line = 0

    def flush() -> None:
        nonlocal paragraph, items
        if paragraph:
            blocks.append(Paragraph(smarten(" ".join(paragraph)), paragraph_line))
            paragraph = []
        if items:
            blocks.append(ListBlock(ordered, tuple(smarten(item) for item in items), list_line))
            items = []

    for index in range(start, len(lines)):
        number = index + 1
        line = lines[index].strip()
        if not line:
            flush()
            continue
        heading = _HEADING.match(line)
        directive = _DIRECTIVE.match(line)
        bullet = _BULLET.match(line)
        numbered = _NUMBERED.match(line)
        if heading:
            flush()
            blocks.append(Heading(len(heading.group(1)), smarten(heading.group(2)), number))
        elif directive:
            flush()
            blocks.append(Directive(directive.group(1), tuple(directive.group(2).split()), number))
        elif line.startswith("{{"):
            raise MarkdownError(
                number, "a {{...}} line must be a name and arguments, like {{cards}}"
            )
        elif bullet or numbered:
            is_ordered = numbered is not None
            if paragraph or (items and is_ordered != ordered):
                flush()
            if not items:
                ordered, list_line = is_ordered, number
            items.append((numbered or bullet).group(1))
        elif items:
            # A wrapped line continues the last item.
            items[-1] = f"{items[-1]} {line}"
        else:
            if not paragraph:
                paragraph_line = number
            paragraph.append(line)
    flush()
    return Document(meta, tuple(blocks))


_SPAN = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`")


def inline_spans(text: str) -> list[tuple[str, str]]:
    """Split text into (style, text) runs: style is "", "bold", "italic" or "code"."""
    spans: list[tuple[str, str]] = []
    position = 0
    for match in _SPAN.finditer(text):
        if match.start() > position:
            spans.append(("", text[position : match.start()]))
        if match.group(1) is not None:
            spans.append(("bold", match.group(1)))
        elif match.group(2) is not None:
            spans.append(("italic", match.group(2)))
        else:
            spans.append(("code", match.group(3)))
        position = match.end()
    if position < len(text):
        spans.append(("", text[position:]))
    return spans
