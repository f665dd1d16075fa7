"""The readings: every question the sources leave open, and the answer printkit applies.

They are copy, in the words' catalogue (``printkit/words/en/reading.toml``);
the rules name the ones an answer rests on by id, and the companion, the rulebook's
appendix and the aids say them from there, so a reading is written once.
"""

from __future__ import annotations

from functools import cache

from ..values.content import Reading
from ..words import language, section

__all__ = ["Reading", "load_readings", "reading"]

_FIELDS = ("question", "reading", "alternative", "short")


def load_readings() -> dict[str, Reading]:
    """Every reading, by id, in the catalogue's order, in the language spoken."""
    return _readings(language())


@cache
def _readings(code: str) -> dict[str, Reading]:
    words = section("reading", code)
    ids = dict.fromkeys(key.split(".")[1] for key in words if key.startswith("reading."))
    return {
        reading_id: Reading(reading_id, *(words[f"reading.{reading_id}.{f}"] for f in _FIELDS))
        for reading_id in ids
    }


def reading(reading_id: str) -> Reading:
    """One of printkit's own readings; a KeyError here is a bug (a missing id in data)."""
    return load_readings()[reading_id]
