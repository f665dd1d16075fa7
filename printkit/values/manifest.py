"""A build's manifest: each card of a deck, the fingerprints of its two faces and where
it is printed. An earlier build's manifest says which cards changed since, so that only
those are printed again (errata)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["ERRATA", "MANIFEST", "VERSION", "Entry", "Manifest", "Reprint", "reprints"]

#: What a build's listing of cards says it is, in its first key: the manifest of a
#: deck's cards, or of its errata; and the version of their form.
MANIFEST = "card manifest"
ERRATA = "errata"
VERSION = 1


class Entry(NamedTuple):
    """One card as a build printed it."""

    card: int  # its number in the deck, from 1
    name: str
    front: str  # the fingerprint of its front: equal when the face is drawn the same
    back: str  # of its back ("" for none)
    sheet: int  # the sheet it is on, from 1
    slot: int  # its place on the sheet, from 1, in reading order


class Manifest(NamedTuple):
    deck: str  # the deck's id
    template: str  # the sheets' template
    entries: tuple[Entry, ...]


class Reprint(NamedTuple):
    """A card to print again, and the card of the earlier build it replaces (None: a
    card that is new to the deck)."""

    entry: Entry
    replaces: Entry | None


def reprints(now: Sequence[Entry], before: Manifest) -> list[Reprint]:
    """The cards of ``now`` whose faces are not among ``before``'s, each with the earlier
    card it replaces: one of the same name, else the one at its number, that is itself
    gone (a card whose faces are unchanged, wherever it moved, is not printed again)."""
    unmatched = Counter((e.front, e.back) for e in before.entries)
    changed = []
    for entry in now:
        key = (entry.front, entry.back)
        if unmatched[key] > 0:
            unmatched[key] -= 1
        else:
            changed.append(entry)
    gone = []  # the earlier cards no card of now matched
    for entry in before.entries:
        key = (entry.front, entry.back)
        if unmatched[key] > 0:
            unmatched[key] -= 1
            gone.append(entry)
    found = []
    for entry in changed:
        old = next((e for e in gone if e.name == entry.name), None)
        old = old or next((e for e in gone if e.card == entry.card), None)
        if old is not None:
            gone.remove(old)
        found.append(Reprint(entry, old))
    return found
