"""Find the faces of a layout's fonts: printkit's own, a font package's, the system's
(through fontconfig, where it is installed), or files in the deck's folder.

A font is named by its family ("Zilla Slab") or by a file; its bold, italic and bold
italic faces are found beside its regular one (the same family's, or files named with
``bold``, ``italic`` and ``bold_italic``). A face a family does not have is simply
absent: text that needs it is refused when it is drawn, naming the box and the font.
Every face is checked to be a TrueType font reportlab can embed, and read once however
many layouts and names share it. A variable font is made static at the weight asked for
(``printkit.resources.instances``), never drawn at its default weight in silence.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

from ..errors import PrintkitError
from ..resources.typefaces import own_face
from ..values.design import FontFace
from .datafile import read_confined, shown

__all__ = ["MAX_FONT", "family_face", "file_face", "system_faces"]

#: A font file's bytes.
MAX_FONT = 16 * 1024 * 1024
#: fontconfig's weights and slants: regular 80, bold 200; roman 0, italic 100, oblique 110.
_FC_REGULAR, _FC_BOLD = 80, 200


class FontNotFound(Exception):
    """No face of that family, weight and style: the reason, in a few words."""


def file_face(path: Path, root: Path, fail: Callable[[str], PrintkitError]) -> FontFace:
    """The face in a font file inside ``root``, read once however many names and layouts
    share it (it is read again only if it changed)."""
    try:
        status = Path(path).resolve().stat()
        key = (str(Path(path).resolve()), status.st_size, status.st_mtime_ns, str(root))
    except OSError:
        key = None
    if key is not None and key in _FILES:
        return _FILES[key]
    from ..words import say

    data = read_confined(path, root, MAX_FONT, fail)
    if data[:4] == b"ttcf":
        raise fail(say("data.font.collection"))
    if data[:4] == b"OTTO":
        raise fail(say("data.font.postscript"))
    error = _font_error(hashlib.sha256(data).digest(), data)
    if error:
        raise fail(say("data.font.not-truetype", error=error))
    if _is_variable(data):
        raise fail(say("data.font.variable"))
    face = FontFace(shown(path), data)
    if key is not None:
        if len(_FILES) >= 64:
            _FILES.pop(next(iter(_FILES)))
        _FILES[key] = face
    return face


#: Font files already read: (real path, size, modified, root) -> face.
_FILES: dict[tuple, FontFace] = {}


def family_face(family: str, weight: int, style: str) -> FontFace:
    """A face of a family by name: printkit's own, a font package's, or the system's.
    Raises FontNotFound, saying why."""
    own = own_face(f"{family}/{weight}/{style}")
    if own is not None:
        return FontFace(f"{family} {weight} {style}", b"", own)
    try:
        data = _package_face(family, weight, style)
    except FontNotFound as package_error:
        system = system_faces(family)
        if not system:
            raise package_error from None
        wanted = (int(weight >= 600), int(style == "italic"))
        if wanted not in system:
            from ..words import say

            raise FontNotFound(
                say("data.font.no-face", family=family, weight=weight, style=style)
            ) from None
        return system[wanted]
    return FontFace(f"{family} {weight} {style}", data)


@cache
def _package_face(family: str, weight: int, style: str) -> bytes:
    """A font package's face; a variable font made static at ``weight``."""
    import fontpkg

    try:
        path = Path(fontpkg.path(family, weight=weight, style=style))
    except (fontpkg.FontpkgError, ValueError, OSError) as exc:
        raise FontNotFound(str(exc)[:80]) from None
    data = _read_font(str(path))
    if _is_variable(data):
        from ..resources.instances import static_face

        data = static_face(path, int(weight), False, None)
    error = _font_error(hashlib.sha256(data).digest(), data)
    if error:
        from ..words import say

        raise FontNotFound(say("data.font.package-file", error=error))
    return data


@cache
def system_faces(family: str) -> dict[tuple[int, int], FontFace]:
    """The system's TrueType faces of ``family`` (through fontconfig's fc-list), by
    (bold, italic): the regular-width ones, the nearest to regular and bold weights.
    Empty when fontconfig is not installed or knows no such family."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return {}
    try:
        listed = subprocess.run(
            [fc_list, "--format", "%{file}|%{family}|%{weight}|%{slant}|%{width}|%{fontformat}\n",
             family],
            capture_output=True, text=True, timeout=10, check=False,
        ).stdout  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return {}
    best: dict[tuple[int, int], tuple[tuple, str]] = {}
    for line in listed.splitlines()[:500]:
        parts = line.split("|")
        if len(parts) != 6 or parts[5] != "TrueType":
            continue
        path, families, weight, slant, width = parts[:5]
        names = [name.strip().casefold() for name in families.split(",")]
        try:
            weight_, slant_, width_ = int(weight), int(slant), int(width)
        except ValueError:
            continue
        if family.casefold() not in names:
            continue
        place = (int(weight_ >= 180), int(slant_ > 0))
        target = _FC_BOLD if place[0] else _FC_REGULAR
        rank = (names[0] != family.casefold(), abs(width_ - 100), abs(weight_ - target), path)
        if place not in best or rank < best[place][0]:
            best[place] = (rank, path)
    faces = {}
    for place, (_, path) in best.items():
        try:
            data = _read_font(path)
        except OSError:
            continue
        if not _is_variable(data) and not _font_error(hashlib.sha256(data).digest(), data):
            faces[place] = FontFace(path, data)
    return faces


@lru_cache(maxsize=64)
def _read_font(path: str) -> bytes:
    """A font file outside any deck (a package's, the system's): a regular file of at most
    MAX_FONT bytes."""
    status = os.stat(path)
    if not os.path.isfile(path) or status.st_size > MAX_FONT:
        from ..words import say

        raise FontNotFound(say("data.font.not-a-font", file=path, most=MAX_FONT))
    with open(path, "rb") as stream:
        return stream.read(MAX_FONT + 1)


def _is_variable(data: bytes) -> bool:
    """Whether a TrueType file has an fvar table (its table directory names it)."""
    if len(data) < 12:
        return False
    tables = int.from_bytes(data[4:6], "big")
    directory = data[12 : 12 + 16 * min(tables, 256)]
    return any(directory[i : i + 4] == b"fvar" for i in range(0, len(directory), 16))


@cache
def _font_error(digest: bytes, data: bytes) -> str:
    """Why reportlab cannot embed the font, or ""; each font is parsed once."""
    import io

    from reportlab.pdfbase.ttfonts import TTFont

    try:
        TTFont("printkit-check", io.BytesIO(data))
    except Exception as exc:  # reportlab raises TTFError and others on a bad font
        return str(exc)[:80]
    return ""
