"""Static faces made from a variable font: a weight of it, upright or slanted.

reportlab embeds TrueType faces, not variable fonts: a variable font's file draws its
default weight only. fontTools makes a static face at any weight (``instancer``) and,
for a family without an italic, slants the upright's outlines by 12 degrees (a
synthetic oblique). Only the Unicode ranges asked for are kept, so a face is made in
about half a second; each is kept in printkit's cache folder (``paths.cache_dir``) and
made again only when the font, the recipe or fontTools changes.
"""

from __future__ import annotations

import hashlib
import io
import math
from functools import cache
from pathlib import Path

__all__ = ["static_face"]

#: What a made face depends on besides its inputs: change it when the recipe changes.
_RECIPE = "2"
_SLANT = 12.0  # degrees


@cache
def static_face(source: Path, weight: int, slanted: bool, ranges: tuple | None) -> bytes:
    """The TrueType face of the variable font ``source`` at ``weight``, slanted if asked,
    holding the characters of ``ranges`` ((first, last) code points; None: all of them)."""
    import fontTools

    from .formcache import FormCache
    from .paths import cache_dir

    font = Path(source).read_bytes()
    key = hashlib.sha256(
        repr((_RECIPE, fontTools.version, weight, slanted, ranges)).encode() + font
    ).hexdigest()
    # Kept as the form cache keeps a file: read back only whole and as it was kept (a
    # face swapped for another, or damaged, is made again).
    kept = FormCache(cache_dir() / "fonts")
    data = kept.get_file(key)
    if data is None:
        data = _make(font, weight, slanted, ranges)
        kept.put_file(key, data)
    return data


def _make(font: bytes, weight: int, slanted: bool, ranges: tuple | None) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    face = TTFont(io.BytesIO(font))
    if ranges is not None:
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=[c for first, last in ranges for c in range(first, last + 1)])
        subsetter.subset(face)
    if "fvar" in face:
        face = instancer.instantiateVariableFont(face, {"wght": weight})
    if slanted:
        _slant(face)
    # The face keeps its font's own time (head.modified), not the time it was made: the
    # same font makes the same bytes on every machine, and so does every PDF with it.
    face.recalcTimestamp = False
    out = io.BytesIO()
    face.save(out)
    return out.getvalue()


def _slant(face) -> None:
    """Every outline sheared to the right by _SLANT degrees, about the baseline."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    shear = math.tan(math.radians(_SLANT))
    glyphs = face.getGlyphSet()
    recorded = {}
    for name in face.getGlyphOrder():  # every outline read before any is changed
        recorded[name] = DecomposingRecordingPen(glyphs)
        glyphs[name].draw(recorded[name])
    table = face["glyf"]
    metrics = face["hmtx"].metrics
    for name, recording in recorded.items():
        pen = TTGlyphPen(None)
        recording.replay(TransformPen(pen, (1, 0, shear, 1, 0, 0)))
        glyph = pen.glyph()
        glyph.recalcBounds(table)
        table[name] = glyph
        metrics[name] = (metrics[name][0], getattr(glyph, "xMin", 0))
    face["post"].italicAngle = -_SLANT
    face["head"].macStyle |= 0b10
    face["OS/2"].fsSelection = (face["OS/2"].fsSelection | 0b1) & ~0b1000000
