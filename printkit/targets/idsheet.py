"""The identification sheet: which Death Mesa card each playing card stands for, on one
page, for a catalogue deck whose deck.toml names one."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from ..values.design import CardSet
from ..values.model import Deck
from ..words import say
from .files import Files, Job, Printed, paper_of
from .request import Request

__all__ = ["idsheet_files", "jobs"]


def jobs(request: Request, cards: CardSet) -> list[Job]:
    deck = cards.deck
    if deck is None or not deck.idsheet:
        return []
    target = request.out / f"{deck.idsheet}.pdf"
    paper = paper_of(request.template)
    make = partial(idsheet_files, deck, paper, cards.art, target)
    listed = Printed(target.name, say("guide.file-idsheet", deck=deck.name))
    return [Job(say("kit.idsheet", deck=deck.name), make, prints=(listed,))]


def idsheet_files(deck: Deck, paper: str, art, target: Path) -> Files:
    from ..render.idsheet import identification_sheet

    return {target: identification_sheet(deck, paper, art)}
