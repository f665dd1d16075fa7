"""printkit's typefaces (``printkit.resources.typefaces``), registered once with reportlab, and text
set in them with a fallback for every character a face lacks.

reportlab draws a character its font lacks as nothing at all (the font's empty glyph),
without a word. So every piece of text printkit draws is split into runs, each set in
the first face of its chain that has every character of the run: the face asked for,
then a layout's own fallback face, then printkit's script face (Greek and Cyrillic, in
Roboto Slab of the nearest weight). Paragraphs do it through ``fallback_frags`` (every
paragraph of printkit is one of ``platypus.Paragraph``), single lines through
``draw_text``; a character no face has is an error naming it, never a gap.

reportlab embeds only the glyphs a document uses.
"""

from __future__ import annotations

import io
from functools import cache

from ..errors import RenderError
from ..resources.typefaces import (
    BODY,
    BODY_BOLD,
    BODY_ITALIC,
    BODY_SEMIBOLD,
    FACES,
    FAMILIES,
    SCRIPT,
    SCRIPT_FACES,
    SCRIPT_OF,
    SCRIPT_RANGES,
    TITLE,
    face_file,
    package_file,
    register_face,
    register_faces,
)

__all__ = [
    "BODY",
    "BODY_BOLD",
    "BODY_ITALIC",
    "BODY_SEMIBOLD",
    "FACES",
    "TITLE",
    "add_family",
    "check_glyphs",
    "draw_text",
    "face_of",
    "face_source",
    "fallback_frags",
    "missing_char",
    "register_fonts",
    "set_chain",
    "text_runs",
    "text_width",
]

#: Each registered face's family, by (bold, italic): printkit's own and every layout's.
_FAMILIES: dict[str, dict[tuple[int, int], str]] = {}
#: Each face's fallback faces, in order (a layout's own, then a script face).
_CHAINS: dict[str, tuple[str, ...]] = {}
#: What a script face holds: its scripts, and the spaces between their words.
_SUBSET = (*SCRIPT_RANGES, (0x20, 0x20), (0xA0, 0xA0))
#: The script face for a face of a layout, by its place in its family.
_SCRIPT_BY_STYLE = {
    (0, 0): "PK-Script",
    (1, 0): "PK-Script-Bold",
    (0, 1): "PK-Script-Italic",
    (1, 1): "PK-Script-BoldItalic",
}


@cache
def register_fonts() -> None:
    """Register every face under printkit's names (safe to call often)."""
    for name, (family, _, _) in FACES.items():
        try:
            face_file(name)
        except Exception as exc:  # fontpkg raises its own errors for a missing package
            raise _not_installed(family, exc) from None
    register_faces()
    # Any text reportlab sets without being told a font (a text object's first state, a
    # bullet) uses the body face too: every font in printkit's PDFs is embedded.
    from reportlab import rl_config
    from reportlab.graphics import shapes

    rl_config.canvas_basefontname = BODY
    shapes.STATE_DEFAULTS["fontName"] = BODY  # the state svglib drawings start from
    for base, faces in FAMILIES.items():
        add_family(base, faces)
    for face, script in SCRIPT_OF.items():
        _CHAINS.setdefault(face, (script,))


def _not_installed(family: str, exc: Exception) -> RenderError:
    package = "fontpkg-" + family.lower().replace(" ", "-")
    return RenderError.said(
        "data.render.not-installed",
        family=family,
        error=str(exc)[:60],
        command="pip install --force-reinstall printkit",  # a command, as it is typed
        package=package,
    )


def add_family(base: str, faces: dict[tuple[int, int], str]) -> None:
    """Tell reportlab (and the fallback) which registered faces are one family's bold,
    italic and bold italic; a face missing from ``faces`` is one the family lacks."""
    from reportlab.lib.fonts import addMapping

    for face in faces.values():
        _FAMILIES[face] = faces
    for (bold, italic), face in faces.items():
        addMapping(base, bold, italic, face)


def face_of(face: str, bold: bool, italic: bool) -> str | None:
    """The face of ``face``'s family for bold and italic text; None if it has none."""
    family = _FAMILIES.get(face, {(0, 0): face})
    here = next((style for style, name in family.items() if name == face), (0, 0))
    return family.get((int(bold or here[0]), int(italic or here[1])))


def set_chain(face: str, fallbacks: tuple[str, ...]) -> None:
    """``face``'s fallback faces, in order; printkit's script face always comes last."""
    family = _FAMILIES.get(face, {(0, 0): face})
    style = next((s for s, name in family.items() if name == face), (0, 0))
    script = SCRIPT_OF.get(face, _SCRIPT_BY_STYLE[style])
    _CHAINS[face] = (*(f for f in fallbacks if f != face), script)


@cache
def _script_face(name: str) -> str:
    """Register one of printkit's script faces (made from Roboto Slab) and return it."""
    from ..resources.instances import static_face

    source = package_file(SCRIPT, variable=True)
    if source is None:
        from ..words import say

        raise _not_installed(SCRIPT, FileNotFoundError(say("data.render.no-variable")))
    weight, slanted = SCRIPT_FACES[name]
    register_face(name, static_face(source, weight, slanted, _SUBSET), name.removeprefix("PK-"))
    return name


def _in_script(char: str) -> bool:
    code = ord(char)
    return any(first <= code <= last for first, last in SCRIPT_RANGES)


@cache
def _glyphs(face: str):
    """The characters a registered face has (everything, for a standard PDF font,
    which printkit never sets but reportlab may name)."""
    from reportlab.pdfbase import pdfmetrics

    if face in SCRIPT_FACES:
        _script_face(face)
    glyphs = getattr(pdfmetrics.getFont(face).face, "charToGlyph", None)
    return glyphs if glyphs is not None else _Everything()


class _Everything:
    def __contains__(self, _code) -> bool:
        return True


def _faces_for(char: str, face: str):
    """The faces that may set ``char``, in the order they are tried."""
    yield face
    for fallback in _CHAINS.get(face, ()):
        if fallback in SCRIPT_FACES and not _in_script(char):
            continue  # the script faces hold only their scripts: never load one for nothing
        yield fallback


@cache  # as _glyphs: the faces registered under a name do not change in a process
def _face_for(char: str, face: str) -> str | None:
    if char.isspace():
        return face
    code = ord(char)
    for candidate in _faces_for(char, face):
        if code in _glyphs(candidate):
            return candidate
    return None


def missing_char(text: str, face: str, allowed: str = "") -> str | None:
    """The first character of ``text`` that no face of ``face``'s chain can draw."""
    register_fonts()
    for char in dict.fromkeys(text):
        if char not in allowed and _face_for(char, face) is None:
            return char
    return None


def text_runs(text: str, face: str, allowed: str = "") -> list[tuple[str, str]]:
    """``text`` as runs of (characters, the face that sets them); ``allowed`` characters
    are drawn another way (suit symbols become pips) and stay in the run they fall in.
    RenderError for a character no face can draw."""
    register_fonts()
    runs: list[tuple[str, str]] = []
    for char in text:
        if char.isspace() and runs and ord(char) in _glyphs(runs[-1][1]):
            runs[-1] = (runs[-1][0] + char, runs[-1][1])  # a space stays in its run
            continue
        chosen = runs[-1][1] if char in allowed and runs else _face_for(char, face)
        if chosen is None:
            if char in allowed:
                chosen = face
            else:
                raise _cannot_draw(char, text)
        if runs and runs[-1][1] == chosen:
            runs[-1] = (runs[-1][0] + char, chosen)
        else:
            runs.append((char, chosen))
    return runs


def _cannot_draw(char: str, text: str) -> RenderError:
    return RenderError.said(
        "data.render.typefaces-in", char=char, code=f"{ord(char):04X}", text=text[:40]
    )


def text_width(text: str, face: str, size: float) -> float:
    """How wide ``text`` is, each run in the face that sets it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(run, font, size) for run, font in text_runs(text, face))


def draw_text(canvas, x: float, y: float, text: str, face: str, size: float,
              align: str = "left") -> None:  # fmt: skip
    """One line of text, each run in the face that has its characters; ``align`` says
    where ``x`` is: the line's left end, its centre or its right end."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    runs = text_runs(text, face)
    widths = [stringWidth(run, font, size) for run, font in runs]
    x -= {"left": 0.0, "center": sum(widths) / 2, "right": sum(widths)}[align]
    for (run, font), width in zip(runs, widths, strict=True):
        canvas.setFont(font, size)
        canvas.drawString(x, y, run)
        x += width


def face_source(face: str):
    """One of printkit's faces or script faces as a drawing library other than reportlab
    opens it (the proofs' headings, drawn with Pillow): its file, or its bytes."""
    if face in SCRIPT_FACES:
        from ..resources.instances import static_face

        weight, slanted = SCRIPT_FACES[face]
        source = package_file(SCRIPT, variable=True)
        return io.BytesIO(static_face(source, weight, slanted, _SUBSET))
    return str(face_file(face))


def face_identity(face: str) -> tuple:
    """What ``face_source`` opens, as a key: the face and its file's contents."""
    from ..resources.paths import file_identity

    path = package_file(SCRIPT, variable=True) if face in SCRIPT_FACES else face_file(face)
    return (face, file_identity(path))


def fallback_frags(frags: list) -> list:
    """A parsed paragraph's fragments, each one whose text its face cannot wholly set
    split into runs, each in the face of its chain that has its characters."""
    out = []
    for frag in frags:
        text = getattr(frag, "text", "")
        font = getattr(frag, "fontName", None)
        if not text or font is None or all(ord(c) in _glyphs(font) or c.isspace() for c in text):
            out.append(frag)
            continue
        out.extend(frag.clone(text=run, fontName=face) for run, face in text_runs(text, font))
    return out


def check_glyphs(text: str, font: str, where: str, allowed: str = "") -> None:
    """Fail, naming the place and the character, when no face of ``font``'s chain can
    draw a character of ``text``. ``allowed`` are characters drawn another way (suit
    symbols become pips)."""
    char = missing_char(text, font, allowed)
    if char is not None:
        raise RenderError.said(
            "data.render.typefaces", where=where, char=char, code=f"{ord(char):04X}"
        )
