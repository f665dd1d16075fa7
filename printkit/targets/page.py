"""The table page: the companion for phones, one offline HTML file, for the first deck
of playing cards in the kit."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from ..values.model import Deck
from ..words import say
from .files import Files, Job, Printed
from .request import Request

__all__ = ["jobs", "table_files"]

#: A raster picture larger than this is put on the table page smaller (a phone shows
#: it at a few hundred pixels), so that a player's own large picture is not left out.
_PAGE_PICTURE = 48 * 1024


def jobs(request: Request) -> list[Job]:
    table = next((c for c in request.sets if c.deck is not None and c.deck.playing_cards), None)
    if table is None:
        return []
    target = request.out / "table.html"
    make = partial(table_files, table.deck, table.art, target)
    return [Job(say("kit.page"), make, prints=(Printed(target.name, say("guide.file-page"), 4),))]


def table_files(deck: Deck, art, target: Path) -> Files:
    """The table page for a deck of playing cards, at ``target``. The deck is the
    player's (any data folder); the draw! decks, the roles and the readings are BANG!'s,
    from printkit's own data."""
    from ..load.draws import draw_deck_ids, load_draw_deck
    from ..load.roles import load_deals
    from ..rules.readings import load_readings
    from ..web.page import table_page

    draws = {name: load_draw_deck(name) for name in draw_deck_ids()}
    page = table_page(deck, _for_phones(art), load_readings(), draws, load_deals())
    return {target: page}


def _for_phones(art):
    """The deck's pictures as the table page carries them: every raster one larger than
    _PAGE_PICTURE made a 480-pixel JPEG."""
    if art is None:
        return None
    import io

    from ..values.pictures import Picture

    effects = {}
    for effect_id, picture in art.effects.items():
        if not picture.is_svg and len(picture.data) > _PAGE_PICTURE:
            from PIL import Image

            with Image.open(io.BytesIO(picture.data)) as image:
                image = image.convert("RGB")
                image.thumbnail((480, 480))
                out = io.BytesIO()
                image.save(out, format="JPEG", quality=82)
            picture = Picture(picture.source, out.getvalue())
        effects[effect_id] = picture
    return art._replace(effects=effects)
