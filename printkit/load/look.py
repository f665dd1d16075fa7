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
        raise CatalogueError(
            f"{deck.name}: no look {deck.look_name!r}; a look is a folder in data/layouts "
            f"holding {', '.join(p + '.toml' for p in _PARTS)}"
        )
    layouts = {part: load_layout(folder / f"{part}.toml", folder) for part in _PARTS}
    for layout in layouts.values():
        for box in layout.boxes:
            unknown = sorted(box.fields - set(LOOK_FIELDS))
            if box.kind == "picture" and not box.fields:
                raise CatalogueError(
                    f"{layout.source}, [box.{box.name}]: a look's pictures are the cards' own: "
                    'write picture = "{picture}" or "{back_picture}", and put the file in '
                    "the deck's art"
                )
            if unknown:
                raise CatalogueError(
                    f"{layout.source}, [box.{box.name}]: no field {unknown[0]!r} in a "
                    f"catalogue deck's cards; they have {', '.join(LOOK_FIELDS)}"
                )
    return Look(deck.look_name, **layouts)
