"""A deck's documents as values: its rules (blocks of text, generated content already
made) and its player aid. The loader (``printkit.load.documents``) makes them; the
renderers only set them in type.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import Content
from .markdown import Heading, ListBlock, Paragraph

__all__ = ["Aid", "Generated", "RulesBlock", "RulesText", "Section"]


@dataclass(frozen=True)
class Section:
    title: str
    text: str  # the rule books' Markdown dialect, placeholders filled in


@dataclass(frozen=True)
class Aid:
    """A player aid card: a few sections on its front and on its back."""

    front: tuple[Section, ...]
    back: tuple[Section, ...]
    source: str  # the file it came from, as messages name it


@dataclass(frozen=True)
class Generated:
    """A ``{{name ...}}`` line of a rules file, made into content."""

    name: str
    content: Content
    line: int


RulesBlock = Heading | Paragraph | ListBlock | Generated


@dataclass(frozen=True)
class RulesText:
    """A deck's rules: front matter (title, subtitle, credit) and blocks."""

    source: str  # the file it came from, as messages name it
    meta: dict[str, str] = field(default_factory=dict)
    blocks: tuple[RulesBlock, ...] = ()
