"""Typographer's punctuation from plain text: curly quotes and apostrophes, en dashes for
ranges, real ellipses. Pure; applied to the book's text as it is loaded, so the data
files stay plain ASCII to type."""

from __future__ import annotations

import re

__all__ = ["smarten"]

_RULES = (
    (re.compile(r"\.\.\."), "…"),
    (re.compile(r"(?<=\d)-(?=\d)"), "–"),  # 2-9 -> 2–9
    (re.compile(r"(?<=\s)--(?=\s)"), "–"),  # a spaced double hyphen is a dash
    (re.compile(r"(?<![\w.,!?;:)\]*_])\""), "“"),  # an opening double quote
    (re.compile(r"\""), "”"),
    (re.compile(r"(?<![\w.,!?;:)\]*_])'"), "‘"),  # an opening single quote
    (re.compile(r"'"), "’"),  # an apostrophe or a closing single quote
)
_CODE = re.compile(r"(`[^`]*`)")


def smarten(text: str) -> str:
    """The text with typographer's punctuation; `code spans` are left as they are."""
    parts = _CODE.split(text)
    for i in range(0, len(parts), 2):
        part = parts[i]
        for pattern, replacement in _RULES:
            part = pattern.sub(replacement, part)
        parts[i] = part
    return "".join(parts)
