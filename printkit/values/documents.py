"""A deck's documents as values: its rules (blocks of text, generated content already
made) and its player aid. The loader (``printkit.load.documents``) makes them; the
renderers only set them in type.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from .content import Content
from .markdown import Heading, ListBlock, Paragraph

__all__ = ["Aid", "Generated", "RulesBlock", "RulesText", "Section"]


class Section(NamedTuple):
    title: str
    text: str  # the rule books' Markdown dialect, placeholders filled in


class Aid(NamedTuple):
    """A player aid card: a few sections on its front and on its back."""

    front: tuple[Section, ...]
    back: tuple[Section, ...]
    source: str  # the file it came from, as messages name it


class Generated(NamedTuple):
    """A ``{{name ...}}`` line of a rules file, made into content."""

    name: str
    content: Content
    line: int


RulesBlock = Heading | Paragraph | ListBlock | Generated


class RulesText(NamedTuple):
    """A deck's rules: front matter (title, subtitle, credit) and blocks."""

    source: str  # the file it came from, as messages name it
    meta: Mapping[str, str] = MappingProxyType({})
    blocks: tuple[RulesBlock, ...] = ()
