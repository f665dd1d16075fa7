"""Read the look a catalogue deck prints with: data/layouts/NAME/, four layout files.

A look is layouts as data (``printkit.load.design``), bound to the fields
``printkit.load.fields`` gives every catalogue card; a field a layout reads that no card has
is one line naming the file and the box, before anything is drawn.
"""

from __future__ import annotations

from ..errors import CatalogueError
from ..resources.paths import data_dir
from ..values.design import Look
from ..values.model import Deck
from .design import load_layout
from .fields import LOOK_FIELDS

__all__ = ["load_look"]

_PARTS = ("card", "front", "back", "blank")


def load_look(deck: Deck) -> Look:
    """The deck's look, from its data folder's layouts/ or else printkit's own."""
    folders = []
    if deck.folder is not None:  # data/decks/<deck>: the data folder is two up
        folders.append(deck.folder.parent.parent / "layouts" / deck.look_name)
    folders.append(data_dir() / "layouts" / deck.look_name)
    folder = next((f for f in folders if (f / "front.toml").is_file()), None)
    if folder is None:
        from ..words import joined

        files = joined((p + ".toml" for p in _PARTS), "list")
        raise CatalogueError.said(
            "data.look.none", deck=deck.name, look=deck.look_name, files=files
        )
    layouts = {part: load_layout(folder / f"{part}.toml", folder) for part in _PARTS}
    for layout in layouts.values():
        for box in layout.boxes:
            unknown = sorted(box.fields - set(LOOK_FIELDS))
            if box.kind == "picture" and not box.fields:
                raise CatalogueError.said(
                    "data.look.picture", where=f"{layout.source}, [box.{box.name}]"
                )
            if unknown:
                from ..words import joined

                raise CatalogueError.said(
                    "data.look.no-field",
                    where=f"{layout.source}, [box.{box.name}]",
                    field=unknown[0],
                    fields=joined(LOOK_FIELDS, "list"),
                )
    return Look(deck.look_name, **layouts)
