"""Images for a Cricut's Print Then Cut: each sheet of its template as a transparent PNG,
and the sheet's cut lines as an SVG."""

from __future__ import annotations

from ..values.design import CardSet
from ..values.settings import Settings

__all__ = ["images"]


def images(template_name: str, cards: CardSet, wanted) -> dict[str, bytes]:
    from ..load.templates import template_for
    from ..render.cutfile import cut_svg
    from ..render.raster import cut_images
    from ..render.sheets import card_sheets

    template, _ = template_for(template_name, [(cards.name, cards.card_size)])
    pdf = card_sheets(cards, template, Settings(duplex="none", qr=wanted.qr, aids=4))[""]
    pages = cut_images(pdf, template)
    files = {f"{cards.id}-sheet-{n:02d}.png": png for n, png in enumerate(pages, start=1)}
    files[f"{cards.id}-cut.svg"] = cut_svg(template, cards.name)
    return files
