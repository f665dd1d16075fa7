"""Errata: every build's manifest of a deck's cards, and the sheets of only the cards
that changed since an earlier build's manifest.

A card's fingerprint is a hash of everything its face is drawn from: its layout's boxes
and fonts, the values the layout reads, the pictures and icons those name, the size it
is printed at, the ink saver and QR settings, and printkit's version. Two builds that
give a card the same fingerprint draw it the same, so a card whose fingerprints are
among the earlier build's need not be printed again, wherever it moved in the deck.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from ..layout.design import scaled_set
from ..layout.impose import used_slots
from ..values.design import CardSet
from ..values.fingerprint import Fingerprints
from ..values.manifest import ERRATA, MANIFEST, VERSION, Entry, Manifest, Reprint, reprints
from ..values.model import Template
from ..values.settings import Settings
from ..version import __version__
from ..words import say
from .files import Job, Printed
from .request import Request
from .sheets import sheet_parts, sheets_name

__all__ = [
    "entries",
    "errata_files",
    "errata_name",
    "jobs",
    "listed_files",
    "manifest_file",
    "manifest_name",
]


def manifest_name(sheets: Path) -> Path:
    """The manifest beside the sheets it lists: dead-mens-deck-cards.json."""
    return sheets.with_name(f"{sheets.stem}-cards.json")


def errata_name(sheets: Path) -> Path:
    """The errata sheets beside the sheets: dead-mens-deck-errata.pdf."""
    return sheets.with_name(f"{sheets.stem}-errata.pdf")


def entries(cards: CardSet, template: Template, settings: Settings) -> list[Entry]:
    """Each card of the deck with its faces' fingerprints and its sheet and slot."""
    drawn = scaled_set(cards, template.card_width, template.card_height)
    faces = Fingerprints(drawn, repr((__version__, settings.ink_saver, settings.qr)).encode())

    per_sheet, used = template.per_sheet, used_slots(template)
    return [
        Entry(
            card.number,
            card.name,
            faces.face(drawn.layout(card.front), card),
            faces.face(drawn.layouts.get(card.back), card),
            index // per_sheet + 1,
            used[index % per_sheet] + 1,
        )
        for index, card in enumerate(drawn.cards)
    ]


def manifest_file(cards: CardSet, template: Template, found: list[Entry]) -> bytes:
    """The manifest's JSON: the deck, the template, and each card."""
    return _listing(MANIFEST, cards, template, [entry._asdict() for entry in found])


def jobs(request: Request, cards: CardSet) -> list[Job]:
    """The manifest of one deck's cards and, when the build was given an earlier
    manifest of it, its errata."""
    template, settings = request.template, request.settings
    sheets = request.out / sheets_name(cards, settings)
    before = request.since.get(cards.id)
    make = partial(listed_files, cards, template, settings, sheets, before)
    if before is None:
        return [Job(say("errata.list-job", deck=cards.name), make)]
    listed = Printed(errata_name(sheets).name, say("errata.file", deck=cards.name), 2)
    return [Job(say("errata.job", deck=cards.name), make, 5, (listed,))]


def listed_files(
    cards: CardSet,
    template: Template,
    settings: Settings,
    sheets: Path,
    before: Manifest | None = None,
) -> Iterator[tuple[Path, bytes]]:
    """The manifest of the cards on the sheets at ``sheets`` and, given an earlier
    manifest (``before``), the errata since."""
    found = entries(cards, template, settings)
    yield manifest_name(sheets), manifest_file(cards, template, found)
    if before is not None:
        yield from errata_files(cards, template, settings, sheets, reprints(found, before))


def errata_files(
    cards: CardSet, template: Template, settings: Settings, sheets: Path, found: list[Reprint]
) -> Iterator[tuple[Path, bytes]]:
    """The sheets of the cards to print again (as few sheets as they fill, no aids, no
    blanks), and their manifest: each card's place on them and the earlier card it
    replaces. Nothing when no card changed."""
    from ..render.sheets import card_sheets

    if not found:
        return
    numbers = {reprint.entry.card for reprint in found}
    changed = [card for card in cards.cards if card.number in numbers]
    name = say("errata.deck", deck=cards.name)
    subset = cards._replace(name=name, cards=tuple(changed), blank=None)
    parts = card_sheets(subset, template, settings._replace(aids=0))
    target = errata_name(sheets)
    yield from sheet_parts(parts, target).items()
    yield target.with_suffix(".json"), _errata_manifest(cards, template, found)


def _errata_manifest(cards: CardSet, template: Template, found: list[Reprint]) -> bytes:
    per_sheet, used = template.per_sheet, used_slots(template)
    rows = []
    for index, reprint in enumerate(found):
        slot = used[index % per_sheet] + 1
        row = reprint.entry._replace(sheet=index // per_sheet + 1, slot=slot)
        old = reprint.replaces
        rows.append(
            {
                **row._asdict(),
                "replaces": None
                if old is None
                else {"card": old.card, "name": old.name, "sheet": old.sheet, "slot": old.slot},
            }
        )
    return _listing(ERRATA, cards, template, rows)


def _listing(kind: str, cards: CardSet, template: Template, rows: list[dict]) -> bytes:
    """A listing's JSON: what it is, the deck, the template, and each card."""
    table = {"printkit": kind, "version": VERSION, "deck": cards.id, "template": template.name,
             "cards": rows}  # fmt: skip
    return (json.dumps(table, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
