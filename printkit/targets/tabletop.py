"""Images for a virtual table: grid sheets of the faces and the backs, and the table's
index of them (Tabletop Simulator's saved object, or cards.csv for any other table)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..errors import UsageError
from ..values.design import CardSet

__all__ = ["files", "locator"]


def files(table: str, cards: CardSet, wanted):
    from ..render.tabletop import tabletop_files

    return tabletop_files(cards, table, locator(wanted.folder, wanted.url), qr=wanted.qr)


def locator(folder: Path, url_base: str | None) -> Callable[[str], str]:
    """How the saved object names an image: under the web address ``url_base``, or as a
    file on this computer (which only its owner's table can load)."""
    if url_base is None:
        where = folder.resolve()
        return lambda name: (where / name).as_uri()
    from urllib.parse import quote, urlsplit

    try:
        parts = urlsplit(url_base)
    except ValueError:
        parts = None
    plain = url_base.isprintable() and not any(c in url_base for c in " \"'<>\\`{}|^")
    if (
        parts is None
        or parts.scheme not in ("https", "http")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or not plain
        or len(url_base) > 1000
    ):
        raise UsageError.said("data.not-a-web-folder", url=url_base[:80])
    return lambda name: f"{url_base.rstrip('/')}/{quote(name)}"
