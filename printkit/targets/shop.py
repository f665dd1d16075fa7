"""Images for a print-on-demand shop: one PNG per card front and one per distinct back,
full bleed, RGB, at the shop's size, named so that its uploader keeps the deck's order."""

from __future__ import annotations

from ..values.design import CardSet
from ..values.shops import Shop

__all__ = ["images"]


def images(target: Shop, cards: CardSet, wanted):
    from ..render.raster import card_images

    return card_images(cards, target, wanted.dpi, qr=wanted.qr)
