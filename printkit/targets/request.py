"""What a build is asked to make: the decks, the template, the player's settings, the
folder; every target of the kit reads it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from ..values.design import CardSet
from ..values.manifest import Manifest
from ..values.model import Template
from ..values.settings import Settings
from .files import Printed

__all__ = ["Request"]


class Request(NamedTuple):
    sets: list[CardSet]
    template: Template
    settings: Settings
    out: Path
    watching: bool = False  # a rebuild after an edit: no guide
    #: The files the kit's earlier targets make, as the print guide lists them.
    contents: tuple[Printed, ...] = ()
    #: An earlier build's manifest of a deck, by the deck's id: print its errata.
    since: Mapping[str, Manifest] = MappingProxyType({})
