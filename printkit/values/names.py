"""What printkit names files after: a card's, a deck's or a layout's name as letters and
digits a file system, a shop's uploader and a web server all take.

Names in any script keep their letters, transliterated (anyascii: "Élixir de Forêt" is
``elixir-de-foret``, "Φίλτρα" ``filtra``), never dropped.
"""

from __future__ import annotations

import re

__all__ = ["layout_label", "slug"]


def slug(text: str, limit: int = 40) -> str:
    """``text`` as lower-case ASCII letters and digits joined by dashes, at most ``limit``
    characters (cut at a dash where it can be); "" when nothing is left."""
    from anyascii import anyascii

    plain = re.sub(r"[^a-z0-9]+", "-", anyascii(text).lower()).strip("-")
    if len(plain) > limit:
        cut = plain[:limit]
        plain = cut.rsplit("-", 1)[0] if "-" in cut[limit // 2 :] else cut
    return plain.strip("-")


def layout_label(source: str) -> str:
    """A back layout's file as the word that tells it apart in file names:
    "backs/back-spell.toml" is ``spell``; the plain "back.toml" is "" (none needed)."""
    stem = source.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".toml")
    if slug(stem) == "back":
        return ""
    return slug(stem.removeprefix("back-").removeprefix("back_")) or slug(stem) or "other"
