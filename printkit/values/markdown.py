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

The reader runs in time linear in its input: lines are taken apart with string methods,
not with regular expressions that could backtrack over a run of spaces or asterisks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from ..limits import MAX_HEADING, MAX_PARAGRAPH
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


class Heading(NamedTuple):
    level: int
    text: str
    line: int


class Paragraph(NamedTuple):
    text: str
    line: int


class ListBlock(NamedTuple):
    ordered: bool
    items: tuple[str, ...]
    line: int


class Directive(NamedTuple):
    name: str
    args: tuple[str, ...]
    line: int


Block = Heading | Paragraph | ListBlock | Directive


class Document(NamedTuple):
    meta: Mapping[str, str] = MappingProxyType({})
    blocks: tuple[Block, ...] = ()


_NAME = re.compile(r"[a-z][a-z0-9-]*\Z")  # a directive's name: one short token


def _heading(line: str, number: int) -> tuple[int, str] | None:
    """``## Text ##`` -> (2, "Text"); None if the line is not a heading."""
    level = len(line) - len(line.lstrip("#"))
    rest = line[level:]
    if level == 0 or not rest[:1].isspace():
        return None
    if level > 3:
        raise MarkdownError.said(number, "data.markdown.heading-levels")
    text = rest.strip().rstrip("#").rstrip()
    if not text:
        raise MarkdownError.said(number, "data.markdown.heading-text")
    return level, text


def _directive(line: str, number: int) -> tuple[str, tuple[str, ...]] | None:
    """``{{name arg arg}}`` -> ("name", ("arg", "arg")); None if the line is not one."""
    if not line.startswith("{{"):
        return None
    inner = line[2:-2] if line.endswith("}}") else None
    words = inner.split() if inner is not None else []
    if inner is None or "{" in inner or "}" in inner or not words or not _NAME.match(words[0]):
        raise MarkdownError.said(number, "data.markdown.directive")
    return words[0], tuple(words[1:])


def _item(line: str) -> tuple[bool, str] | None:
    """A list item: (numbered?, its text), or None."""
    if line[:1] in ("-", "*") and line[1:2].isspace():
        return False, line[1:].strip()
    digits = len(line) - len(line.lstrip("0123456789"))
    if (
        digits
        and line[digits : digits + 1] in (".", ")")
        and line[digits + 1 : digits + 2].isspace()
    ):
        return True, line[digits + 1 :].strip()
    return None


class MarkdownError(ValueError):
    """A line the dialect cannot read; carries the line number."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line

    @classmethod
    def said(cls, line: int, key: str, /, **values: object) -> MarkdownError:
        """The error at ``line`` whose message is the catalogue's ``key``."""
        from ..words import say

        return cls(line, say(key, **values))


def _bounded(text: str, line: int, key: str, limit: int = MAX_PARAGRAPH) -> None:
    """A piece of text that is set as one (a paragraph, a list's item, a heading): at
    most ``limit`` characters, so that the work of setting it stays in step with its
    length (a paragraph is wrapped again at each page it runs over)."""
    if len(text) > limit:
        raise MarkdownError.said(line, key, length=len(text), limit=limit)


def parse(text: str) -> Document:
    lines = text.splitlines()
    meta: dict[str, str] = {}
    start = 0
    if lines and lines[0].strip() == "---":
        try:
            end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
        except StopIteration:
            raise MarkdownError.said(1, "data.markdown.front-matter") from None
        for number in range(1, end):
            entry = lines[number].strip()
            if not entry:
                continue
            key, sep, value = entry.partition(":")
            if not sep or not key.strip():
                raise MarkdownError.said(number + 1, "data.markdown.front-matter-line")
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
            text = " ".join(paragraph)
            _bounded(text, paragraph_line, "data.markdown.long-paragraph")
            blocks.append(Paragraph(smarten(text), paragraph_line))
            paragraph = []
        if items:
            for item in items:
                _bounded(item, list_line, "data.markdown.long-item")
            blocks.append(ListBlock(ordered, tuple(smarten(item) for item in items), list_line))
            items = []

    for index in range(start, len(lines)):
        number = index + 1
        line = lines[index].strip()
        if not line:
            flush()
            continue
        heading = _heading(line, number)
        directive = _directive(line, number)
        item = _item(line) if heading is None else None
        if heading:
            flush()
            _bounded(heading[1], number, "data.markdown.long-heading", MAX_HEADING)
            blocks.append(Heading(heading[0], smarten(heading[1]), number))
        elif directive:
            flush()
            blocks.append(Directive(directive[0], directive[1], number))
        elif item:
            is_ordered, text_of_item = item
            if paragraph or (items and is_ordered != ordered):
                flush()
            if not items:
                ordered, list_line = is_ordered, number
            items.append(text_of_item)
        elif items:
            # A wrapped line continues the last item.
            items[-1] = f"{items[-1]} {line}"
        else:
            if not paragraph:
                paragraph_line = number
            paragraph.append(line)
    flush()
    return Document(meta, tuple(blocks))


_MARKS = (("**", "bold"), ("*", "italic"), ("`", "code"))


def inline_spans(text: str, code: bool = True) -> list[tuple[str, str]]:
    """Split text into (style, text) runs: style is "", "bold", "italic" or "code" (with
    ``code``; without it, backticks are plain text, as on cards).

    A mark opens a run only where a word starts after it (not before a space, not inside
    a word: "2 * 3" and "4*5*6" keep their stars) and closes it only where a word ends
    before it; a mark with no closing partner later in the text is plain text. Once a
    mark is known to have no partner, it is never searched for again: linear time.
    """
    marks = _MARKS if code else _MARKS[:2]
    spans: list[tuple[str, str]] = []
    position = 0  # the start of the plain text not yet emitted
    cursor = 0
    closed: set[str] = set()  # marks with no partner from here on
    while cursor < len(text):
        for mark, style in marks:
            if mark in closed or not text.startswith(mark, cursor):
                continue
            after = cursor + len(mark)
            if not _opens(text, cursor, after):
                continue
            end = _closing(text, mark, after + 1)
            if end < 0:
                closed.add(mark)
                continue
            if cursor > position:
                spans.append(("", text[position:cursor]))
            spans.append((style, text[after:end]))
            cursor = position = end + len(mark)
            break
        else:
            cursor += 1
    if position < len(text):
        spans.append(("", text[position:]))
    return spans


def _opens(text: str, start: int, after: int) -> bool:
    """A mark at ``start`` opens a run: a word follows it, and neither a word nor another
    mark of its kind runs into it."""
    before = text[start - 1] if start > 0 else " "
    return (
        after < len(text)
        and not text[after].isspace()
        and text[after] != text[start]
        and not before.isalnum()
        and before != text[start]
    )


def _closing(text: str, mark: str, start: int) -> int:
    """Where the first ``mark`` from ``start`` that closes a run is (a word ends before it,
    and neither a word nor another mark of its kind goes on after it), or -1."""
    end = text.find(mark, start)
    while end >= 0:
        after = end + len(mark)
        next_char = text[after] if after < len(text) else " "
        before = text[end - 1]
        if (
            not before.isspace()
            and before != mark[0]
            and not next_char.isalnum()
            and next_char != mark[0]
        ):
            return end
        end = text.find(mark, end + 1)
    return -1
