"""A data file's translation: its texts in another language, laid over the English.

A translation sits beside the file it translates, in a folder named for its language:
``data/decks/dead-mens-deck/it/effects.toml`` translates ``effects.toml`` there,
``data/it/roles.toml`` translates ``data/roles.toml``. It holds the same tables and keys
as the English, but only the texts (``TEXTS`` names them, file by file); ids, numbers,
colours and lists of ids stay in the English file alone. A Markdown file (the rules) is
translated whole.

Whatever a translation lacks is an error naming the file and the key, unless the
command allows what is missing (``--allow-missing``): then it is said in English and
``gaps`` lists it, for the command to warn of.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from ..errors import CatalogueError
from ..words import SOURCE, allows_missing, language, say
from .datafile import DataFile

__all__ = ["TEXTS", "gap", "gaps", "speak", "translated", "translation_file"]

#: The texts of each kind of data file, as paths of keys ("*": any one key, or any
#: item of a list of tables; "?" at the end: a text either file may leave out).
#: Everything else in the file is the same in every language.
TEXTS: dict[str, tuple[str, ...]] = {
    "effects": ("*.name", "*.aliases?", "*.summary", "*.text", "*.note"),
    "deck": ("name", "game", "description", "types.*.label", "types.*.badge"),
    "aids": ("front.*.title", "front.*.text", "back.*.title", "back.*.text"),
    "roles": (
        "roles.*.name",
        "roles.*.plural",
        "roles.*.goal",
        "roles.*.death_mesa",
        "tables.*.note",
        "tables.*.goals.*",
        "tables.*.death_mesa.*",
        "ghosts.*",
    ),
    "draw-meanings": ("*.meaning.*",),
    "names": ("*",),
}

_gaps: list[str] = []


def speak(code: str, allow_missing: bool = False) -> list[str]:
    """Say everything in ``code`` from now on: UsageError for a language printkit does
    not speak, CatalogueError for messages its translation lacks, unless
    ``allow_missing`` (then they are said in English, and returned: their ids)."""
    from ..errors import UsageError
    from ..words import SOURCE, languages, missing
    from ..words import speak as speaking

    if code not in languages():
        raise UsageError.said("kit.no-language", language=code, known=", ".join(languages()))
    speaking(code, allow_missing=allow_missing)
    lacking = missing(code) if code != SOURCE else []
    if lacking and not allow_missing:
        raise CatalogueError.said(
            "kit.words-missing", language=code, count=len(lacking), ids=", ".join(lacking[:5])
        )
    return lacking


def gaps() -> list[str]:
    """What was said in English for want of a translation, since last asked; emptied."""
    found = list(dict.fromkeys(_gaps))
    _gaps.clear()
    return found


def translation_file(
    path: Path, root: Path | None = None, code: str | None = None
) -> DataFile | None:
    """The translation of the data file ``path`` into ``code`` (the language spoken by
    default), or None when that is English or the file has none (a gap, see ``gap``)."""
    code = code or language()
    if code == SOURCE:
        return None
    candidate = path.parent / code / path.name
    file = DataFile(candidate, CatalogueError, root=root)
    if not candidate.is_file():
        gap(file.name)
        return None
    return file


def translated(english: dict[str, Any], kind: str, file: DataFile | None) -> dict[str, Any]:
    """``english`` (a data file's table) with the texts of its translation ``file`` laid
    over it; a key the English lacks, or a value that is not text, is an error there."""
    if file is None:
        return english
    table = file.toml()
    patterns = [pattern.split(".") for pattern in TEXTS[kind]]
    _check(file, table, english, patterns, ())
    return _laid(file, english, table, patterns, ())


def _is_text(path: tuple[str, ...], patterns: list[list[str]], optional: bool = False) -> bool:
    """Whether a key is one of the texts (``optional``: one either file may leave out)."""
    for pattern in patterns:
        last = pattern[-1].removesuffix("?")
        if optional and last == pattern[-1]:
            continue
        if len(pattern) == len(path) and all(
            fnmatchcase(key, want) for key, want in zip(path, [*pattern[:-1], last], strict=True)
        ):
            return True
    return False


def _children(value: Any) -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        return list(value.items())
    if isinstance(value, list) and all(isinstance(item, dict) for item in value):
        return [(str(index), item) for index, item in enumerate(value)]
    return []


def _where(path: tuple[str, ...]) -> str:
    return "[" + ".".join(path[:-1]) + "]" if len(path) > 1 else ""


def _check(
    file: DataFile, table: Any, english: Any, patterns: list[list[str]], path: tuple[str, ...]
) -> None:
    """Every key of the translation is one the English has, and each text is text."""
    theirs = dict(_children(english))
    for key, value in _children(table):
        here = (*path, key)
        if key not in theirs and not _is_text(here, patterns, optional=True):
            raise file.said(_where(here), "data.translation.no-english", key=key)
        if _is_text(here, patterns):
            if not (
                isinstance(value, str)
                or (isinstance(value, list) and all(isinstance(v, str) for v in value))
            ):
                raise file.said(_where(here), "data.translation.text", key=key)
        elif _children(value) or _children(theirs.get(key)):
            _check(file, value, theirs[key], patterns, here)
        else:
            raise file.said(_where(here), "data.translation.same", key=key)


def _laid(
    file: DataFile, english: Any, table: Any, patterns: list[list[str]], path: tuple[str, ...]
) -> Any:
    if not _children(english):
        return english
    ours = dict(_children(table))
    laid = {}
    for key, value in _children(english):
        here = (*path, key)
        if not _is_text(here, patterns):
            laid[key] = _laid(file, value, ours.get(key, {}), patterns, here)
        elif key in ours:
            laid[key] = ours[key]
        else:
            if not _is_text(here, patterns, optional=True):
                gap(file.name, ".".join(here))
            laid[key] = value
    for key, value in ours.items():  # an optional text only the translation has
        laid.setdefault(key, value)
    return list(laid.values()) if isinstance(english, list) else laid


def gap(file: str, key: str = "") -> None:
    """A text a translation lacks (``key`` of ``file``, or the whole file): an error,
    or, when the command allows what is missing, the source's text with a warning."""
    if not allows_missing():
        if key:
            raise CatalogueError.said("kit.untranslated-key", file=file, key=key)
        raise CatalogueError.said("kit.untranslated-file", file=file)
    if key:
        _gaps.append(say("kit.said-english-key", file=file, key=key))
    else:
        _gaps.append(say("kit.said-english-file", file=file))
