"""printkit's own typefaces: the font packages it depends on, and its names for their faces.

Alfa Slab One, a heavy slab in the spirit of the Old West's wood type, sets titles;
Zilla Slab sets text. Both come from PyPI packages (SIL Open Font License) that
printkit installs with itself; no font file lives in this repository. Registering them
with reportlab is ``printkit.render.fonts``'s job; a layout may name them too.

Neither draws Greek or Cyrillic. Those letters are set in Roboto Slab (Apache licence,
also a PyPI package), a slab serif of the same build that covers them: each of
printkit's faces has its script face (``SCRIPT_OF``), of the nearest weight, and any
text falls back to it, character by character, where its own face has no glyph. Roboto
Slab comes as one variable font with no italic: its weights are made from it, and its
italic is the upright slanted by 12 degrees (a synthetic oblique), both by fontTools
(``printkit.resources.instances``).

Each face's file is found in its package's own list of files (``face_file``). fontpkg,
which finds any font package, first reads the entry points of every package installed:
about 45 ms, on every command that prints. It is still used for the faces a layout
names that are not printkit's own, and should a package's list ever change its form.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

__all__ = [
    "BODY",
    "BODY_BOLD",
    "BODY_BOLD_ITALIC",
    "BODY_ITALIC",
    "BODY_SEMIBOLD",
    "FACES",
    "FAMILIES",
    "SCRIPT",
    "SCRIPT_FACES",
    "SCRIPT_OF",
    "SCRIPT_RANGES",
    "TITLE",
    "face_file",
    "own_face",
    "package_file",
    "register_face",
    "register_faces",
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

#: The faces of each of printkit's families, by (bold, italic): how **bold** and *italic*
#: in a text set in one face find the other.
FAMILIES = {
    BODY: {(0, 0): BODY, (1, 0): BODY_BOLD, (0, 1): BODY_ITALIC, (1, 1): BODY_BOLD_ITALIC},
    TITLE: {(0, 0): TITLE},
    BODY_SEMIBOLD: {(0, 0): BODY_SEMIBOLD, (1, 0): BODY_BOLD},
}

#: The script face's family, and the Unicode ranges it is used for (Greek, its
#: extension, Cyrillic and its supplement): what printkit's own faces lack.
SCRIPT = "Roboto Slab"
SCRIPT_RANGES = ((0x0370, 0x03FF), (0x1F00, 0x1FFF), (0x0400, 0x052F), (0x2DE0, 0x2DFF))
#: printkit's names for the script faces: (weight, slanted).
SCRIPT_FACES = {
    "PK-Script": (400, False),
    "PK-Script-SemiBold": (600, False),
    "PK-Script-Bold": (700, False),
    "PK-Script-Heavy": (900, False),
    "PK-Script-Italic": (400, True),
    "PK-Script-BoldItalic": (700, True),
}
#: Each of printkit's faces, and the script face its missing letters are set in.
SCRIPT_OF = {
    TITLE: "PK-Script-Heavy",
    BODY: "PK-Script",
    BODY_BOLD: "PK-Script-Bold",
    BODY_ITALIC: "PK-Script-Italic",
    BODY_BOLD_ITALIC: "PK-Script-BoldItalic",
    BODY_SEMIBOLD: "PK-Script-SemiBold",
}


def own_face(face: str) -> str | None:
    """printkit's name for one of its own faces, given as a layout's fonts give it
    ("Zilla Slab/700/normal"), or None for any other face (or "", a font file)."""
    return _BY_FACE.get(face)


def face_file(name: str) -> Path:
    """The font file of one of printkit's faces (a name of ``FACES``). Raises fontpkg's
    own error when its package is missing."""
    family, weight, style = FACES[name]
    root, files = _package(family)
    for entry in files:
        face = (entry.get("weight"), entry.get("style", "normal"), entry.get("variable", False))
        if face == (weight, style, False) and isinstance(entry.get("path"), str):
            found = root.joinpath(*entry["path"].split("/"))
            if found.is_file():
                return found
    import fontpkg  # not found as expected: fontpkg looks, and says what is wrong

    return Path(fontpkg.path(family, weight=weight, style=style))


def package_file(family: str, variable: bool = False) -> Path | None:
    """The file of a font package's regular face (its variable font, with ``variable``),
    or None when the package or the file is not there."""
    root, files = _package(family)
    for entry in files:
        upright = entry.get("style", "normal") == "normal"
        if (
            upright
            and bool(entry.get("variable")) == variable
            and isinstance(entry.get("path"), str)
        ):
            found = root.joinpath(*entry["path"].split("/"))
            if found.is_file():
                return found
    return None


@cache
def _package(family: str) -> tuple[Path, list[dict]]:
    """Where a family's font package is installed and the files its metadata.json
    (schema 1) lists; no files if it is not found so. fontpkg's packages are named after
    their family: Zilla Slab's module is fontpkg_zilla_slab."""
    from importlib.util import find_spec

    try:
        spec = find_spec("fontpkg_" + family.lower().replace(" ", "_"))
        root = Path(next(iter(spec.submodule_search_locations)))  # type: ignore[union-attr]
        meta = json.loads((root / "metadata.json").read_text(encoding="utf-8"))
    except (AttributeError, ImportError, OSError, StopIteration, TypeError, ValueError):
        return Path(), []
    files = meta.get("files") if isinstance(meta, dict) and meta.get("schema") == 1 else None
    if not isinstance(files, list):
        return Path(), []
    return root, [entry for entry in files if isinstance(entry, dict)]


@cache
def register_faces() -> None:
    """Register printkit's own faces with reportlab under printkit's names (once): what
    drawing needs, and what svglib needs to measure an SVG's text while a picture is
    read. Raises the font package's own error when one is missing."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in FACES:
        pdfmetrics.registerFont(TTFont(name, str(face_file(name))))


def register_face(name: str, source, tag: str) -> None:
    """Register a face under ``name`` (a file's path or its bytes), embedded under its
    PostScript name with ``tag`` added ("DejaVuSerif-Bold-3f2a9c1b"): reportlab takes two
    faces with one PostScript name (two weights made from one variable font, two files
    a designer got from the same tool) for one, and draws the second in the first."""
    import io

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = TTFont(name, io.BytesIO(source) if isinstance(source, bytes) else str(source))
    own = (
        font.face.name.decode("ascii", "replace")
        if isinstance(font.face.name, bytes)
        else str(font.face.name)
    )
    font.face.name = f"{own}-{tag}".encode("ascii", "replace")
    pdfmetrics.registerFont(font)
