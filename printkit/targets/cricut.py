"""Images for a Cricut's Print Then Cut: each sheet of its template as a transparent PNG,
and the sheet's cut lines as an SVG."""

from __future__ import annotations

from ..errors import UsageError
from ..values.design import CardSet
from ..values.settings import Settings

__all__ = ["images"]


def images(template_name: str, cards: CardSet, wanted) -> dict[str, bytes]:
    from ..layout.design import can_scale
    from ..load.templates import load_template
    from ..render.cutfile import cut_svg
    from ..render.raster import cut_images
    from ..render.sheets import card_sheets
    from ..units import format_mm

    template = load_template(template_name)
    size = (template.card_width, template.card_height)
    if not can_scale(cards.card_size, size):
        width, height = cards.card_size
        raise UsageError(
            f"Print Then Cut takes cards of {format_mm(size[0])} x {format_mm(size[1])}; "
            f"{cards.name}'s are {format_mm(width)} x {format_mm(height)}"
        )
    pdf = card_sheets(cards, template, Settings(duplex="none", qr=wanted.qr, aids=4))[""]
    pages = cut_images(pdf, template)
    files = {f"{cards.id}-sheet-{n:02d}.png": png for n, png in enumerate(pages, start=1)}
    files[f"{cards.id}-cut.svg"] = cut_svg(template, cards.name)
    return files
