"""printkit's words: every sentence it says to a player, by id, one folder of TOML files
per language (``en/``, ``it/``..., see README.md there), with named values. The lowest
layer: it imports nothing of printkit, so that anything may say something.

The rules raise ``RulesError.said("negation.used-twice", card="7♦")``; ``say`` turns
the id and its values into the sentence, in the language the command speaks
(``speak``, once, before anything is said; English until then). A file is read when
one of its ids is first said (a companion command reads two or three small files); the
table page carries the sections it says, and says them with the same function, in
JavaScript.

A translation may leave messages out: they are said in English (``missing`` lists
them, and the commands refuse a language with gaps unless told to allow them). A
message that counts may be a table of plural forms (``{ one = ..., few = ...,
other = ... }``, CLDR's categories), chosen by its ``count``.
"""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "PLURALS",
    "SOURCE",
    "allows_missing",
    "amount",
    "bilingual",
    "catalogue",
    "figure",
    "from_locale",
    "joined",
    "language",
    "languages",
    "missing",
    "notation",
    "percent",
    "plural",
    "say",
    "section",
    "speak",
    "spoken_code",
]

#: The catalogue's own language, the one every other is translated from.
SOURCE = "en"
#: CLDR's plural categories: the keys of a message said in several forms.
PLURALS = ("zero", "one", "two", "few", "many", "other")
_HERE = Path(__file__).parent
#: Files of a language folder that hold a table of words, not messages.
_TABLES = ("notation", "euphony")
_speaking = SOURCE
_allow_missing = False
_bilingual = False
#: A full stop after an exclamation or question mark (not an ellipsis).
_DOUBLE_STOP = re.compile(r"([!?])\.(?!\.)")


@cache
def languages() -> tuple[str, ...]:
    """The languages printkit speaks: English first, then each translation's folder
    (one with a ``page.toml``)."""
    found = sorted(p.name for p in _HERE.iterdir() if (p / "page.toml").is_file())
    return (SOURCE, *(code for code in found if code != SOURCE))


def speak(code: str, allow_missing: bool | None = None, bilingual: bool | None = None) -> None:
    """Say everything from now on in the language ``code`` (one of ``languages()``);
    ``allow_missing``: what a translation lacks may be said in English (by default
    it may not: the commands refuse a language with gaps); ``bilingual``: each card's
    English name is printed small under its own, for tables that mix languages."""
    global _speaking, _allow_missing, _bilingual
    if code not in languages():
        raise ValueError(f"printkit does not speak {code!r}")
    _speaking = code
    if allow_missing is not None:
        _allow_missing = allow_missing
    if bilingual is not None:
        _bilingual = bilingual


def spoken_code(text: str) -> str | None:
    """The code of a language printkit speaks, however it is written ("CS", "pt-br",
    "pt_BR" as a locale writes it), or None."""
    return {code.casefold(): code for code in languages()}.get(text.replace("_", "-").casefold())


def language() -> str:
    """The language everything is said in now."""
    return _speaking


def allows_missing() -> bool:
    """Whether what a translation lacks may be said in English, with a warning."""
    return _allow_missing


def bilingual() -> bool:
    """Whether the table asked for every deck's cards to carry their English names under
    their own (a deck may ask for itself: ``Deck.bilingual``)."""
    return _bilingual


def from_locale(environ: dict[str, str]) -> str:
    """The language of the locale an environment names (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, as gettext reads them): its own where printkit speaks it
    ("pt_BR.UTF-8" is pt-BR, "it_CH" is it), English otherwise."""
    wanted = [environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    locale = next((value for value in wanted if value), "")
    if locale.split(".")[0] in ("", "C", "POSIX"):
        return SOURCE
    known = {code.casefold(): code for code in languages()}
    for item in [*environ.get("LANGUAGE", "").split(":"), locale]:
        tag = item.split(".")[0].split("@")[0].replace("_", "-").casefold()
        base = tag.partition("-")[0]
        for code in (tag, base):
            if code in known:
                return known[code]
        for code in known:
            if base and code.startswith(base + "-"):
                return known[code]
    return SOURCE


def _read(name: str, code: str) -> dict[str, Any]:
    import tomli

    path = _HERE / code / f"{name}.toml"
    if not path.is_file():
        return {}
    return tomli.loads(path.read_text(encoding="utf-8"))


@cache
def _messages(name: str, code: str) -> dict[str, str | dict[str, str]]:
    found: dict[str, str | dict[str, str]] = {}

    def walk(table: dict[str, Any], prefix: str) -> None:
        for key, value in table.items():
            if isinstance(value, dict) and not _is_plural(value):
                walk(value, f"{prefix}{key}.")
            else:
                found[prefix + key] = value

    walk(_read(name, code), f"{name}.")
    return found


def _is_plural(table: dict[str, Any]) -> bool:
    return "other" in table and set(table) <= set(PLURALS)


def section(name: str, code: str | None = None) -> dict[str, Any]:
    """The messages of one file (``negation`` -> ``en/negation.toml``), by full id, in
    ``code`` (the language spoken now by default); what a translation lacks is English."""
    code = code or _speaking
    if code == SOURCE:
        return _messages(name, SOURCE)
    return _merged(name, code)


@cache
def _merged(name: str, code: str) -> dict[str, Any]:
    return {**_messages(name, SOURCE), **_messages(name, code)}


def _files(code: str) -> list[str]:
    return sorted(p.stem for p in (_HERE / code).glob("*.toml") if p.stem not in _TABLES)


def catalogue(code: str | None = None) -> dict[str, Any]:
    """Every message of a language, by id (the command line's own as ``cli.<id>``)."""
    found: dict[str, Any] = {}
    for name in _files(SOURCE):
        found.update(section(name, code))
    return found


def missing(code: str) -> list[str]:
    """The ids a translation does not hold, in order: said in English if it is used."""
    held: set[str] = set()
    for name in _files(SOURCE):
        held.update(_messages(name, code))
    return [key for name in _files(SOURCE) for key in _messages(name, SOURCE) if key not in held]


def notation(code: str | None = None) -> dict[str, Any]:
    """How a language says a playing card in words (``notation.toml``, read as a table)."""
    return _notation(code or _speaking)


@cache
def _notation(code: str) -> dict[str, Any]:
    return _read("notation", code) or _read("notation", SOURCE)


def plural(forms: dict[str, str], count: int, code: str | None = None) -> str:
    """The form of a message said in several that goes with ``count``."""
    from babel import Locale

    category = Locale.parse((code or _speaking).replace("-", "_")).plural_form(abs(count))
    return forms.get(category, forms["other"])


def amount(value: float, digits: int = 0) -> str:
    """A number as the language spoken writes it, with ``digits`` after the point: its
    decimal point and thousands' separator are the catalogue's ``number.point`` and
    ``number.group`` ("1,234.5" in English, "1.234,5" in Italian, "1 234,5" in Czech)."""
    return _in_marks(f"{value:,.{digits}f}")


def figure(value: float, digits: int = 2) -> str:
    """A number as the language writes it, with at most ``digits`` after the point and
    no zeros trailing: "63.5" in English, "63,5" in Czech."""
    text = f"{value:,.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return _in_marks(text)


def _in_marks(text: str) -> str:
    """A number written the English way ("1,234.5") in the language's marks."""
    return text.translate({ord(","): say("number.group"), ord("."): say("number.point")})


def percent(share: float, digits: int = 0) -> str:
    """A share (0.25) as the language writes a percentage: "25%", "25 %"."""
    return say("number.percent", value=amount(100 * share, digits))


def say(key: str, /, cli: bool = False, **values: object) -> str:
    """The message ``key`` with its ``values`` in place; ``cli``: as the command line
    words it, where it words it its own way."""
    text = section("cli").get(f"cli.{key}") if cli else None
    text = text or section(key.partition(".")[0])[key]
    if isinstance(text, dict):  # the count may come written out: "1,000"
        count = values["count"]
        number = (
            count if isinstance(count, int) else int("".join(filter(str.isdigit, str(count))) or 0)
        )
        text = plural(text, number)
    said = _NUMBERS.vformat(text, (), values) if _SPEC.search(text) else text.format_map(values)
    # A full stop after a value that ends in its own mark ("a BANG!.") is not written.
    return _DOUBLE_STOP.sub(r"\1", said)


class _Numbers(string.Formatter):
    """``str.format``, but a number given a format in a message ("{limit:,}", "{size:g}")
    is written with the language's decimal point and thousands' separator."""

    def format_field(self, value: Any, format_spec: str) -> str:
        text = format(value, format_spec)
        if format_spec and isinstance(value, (int, float)) and not isinstance(value, bool):
            return _in_marks(text)
        return text


_NUMBERS = _Numbers()
#: A value with a format in a message: "{limit:,}".
_SPEC = re.compile(r"\{\w+:")


def joined(items, how: str = "and") -> str:
    """Items said as one: "a, b and c" (``how`` "and" or "or": ``join.list`` between
    all but the last two), "a, b, c" (``how`` "list") or "a. b. c" ("sentence")."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    between = how if how in ("list", "sentence") else "list"
    head = items[0]
    for item in items[1:-1]:
        head = say(f"join.{between}", first=head, second=item)
    rule = _euphony(_speaking).get(how)
    if rule and _begins_with(items[-1], rule):
        return rule["says"].format(first=head, second=items[-1])
    return say(f"join.{how}", first=head, second=items[-1])


@cache
def _euphony(code: str) -> dict[str, Any]:
    """A language's joining words that change before a sound (``euphony.toml``: Spanish
    "y" is "e" before an i- sound, "o" is "u" before an o- sound), by join."""
    return _read("euphony", code)


def _begins_with(text: str, rule: dict[str, Any]) -> bool:
    """Whether ``text``, its leading marks aside ("¡Indios!"), begins with one of the
    rule's sounds and none of its exceptions, as written, without case."""
    word = text.lstrip("¡¿«“\"'([ ").casefold()
    if any(word.startswith(start) for start in rule.get("except", ())):
        return False
    return any(word.startswith(start) for start in rule["before"])
