"""Silhouette Card Maker's game folder: the trimmed cards as PNGs in ``game/front``, the
one back in ``game/back`` or, when cards have backs of their own, each card's back in
``game/double_sided`` under its front's name; Card Maker adds the bleed and the marks."""

from __future__ import annotations

from ..values.design import CardSet
from ..values.shops import SHOPS

__all__ = ["folders"]


def folders(cards: CardSet, wanted):
    from ..render.raster import card_images

    return card_images(cards, SHOPS["png"], wanted.dpi, qr=wanted.qr, names=_names)


def _names(cards: CardSet, fronts: list[str], pages) -> dict[int, list[str]]:
    count = len(cards.cards)
    names: dict[int, list[str]] = {i: [f"game/front/{name}.png"] for i, name in enumerate(fronts)}
    if pages.distinct_backs == 1:
        names[count] = ["game/back/back.png"]
        return names
    for front, back in zip(fronts, pages.backs, strict=True):
        if back is not None:
            names.setdefault(count + back, []).append(f"game/double_sided/{front}.png")
    return names
