"""printkit's own typefaces: the font packages it depends on, and its names for their faces.

Alfa Slab One, a heavy slab in the spirit of the Old West's wood type, sets titles;
Zilla Slab sets text. Both come from PyPI packages (SIL Open Font License) that
printkit installs with itself; no font file lives in this repository. Registering them
with reportlab is ``printkit.render.fonts``'s job; a layout may name them too.
"""

from __future__ import annotations

__all__ = [
    "BODY",
    "BODY_BOLD",
    "BODY_BOLD_ITALIC",
    "BODY_ITALIC",
    "BODY_SEMIBOLD",
    "FACES",
    "TITLE",
    "own_face",
]

TITLE = "PK-Title"
BODY = "PK-Body"
BODY_BOLD = "PK-Body-Bold"
BODY_ITALIC = "PK-Body-Italic"
BODY_BOLD_ITALIC = "PK-Body-BoldItalic"
BODY_SEMIBOLD = "PK-Body-SemiBold"

#: printkit's names for the faces it registers: (family, weight, style).
FACES = {
    TITLE: ("Alfa Slab One", 400, "normal"),
    BODY: ("Zilla Slab", 400, "normal"),
    BODY_BOLD: ("Zilla Slab", 700, "normal"),
    BODY_ITALIC: ("Zilla Slab", 400, "italic"),
    BODY_BOLD_ITALIC: ("Zilla Slab", 700, "italic"),
    BODY_SEMIBOLD: ("Zilla Slab", 600, "normal"),
}

_BY_FACE = {f"{family}/{weight}/{style}": name for name, (family, weight, style) in FACES.items()}


def own_face(face: str) -> str | None:
    """printkit's name for one of its own faces, given as a layout's fonts give it
    ("Zilla Slab/700/normal"), or None for any other face (or "", a font file)."""
    return _BY_FACE.get(face)
