"""Read a deck from data/ into a validated Deck. Never draws anything.

A deck is a folder ``data/decks/<id>/`` with three files:

* ``deck.toml``    the deck's name, what it belongs to, its colours and card types;
* ``effects.toml`` one table per effect: name, aliases, texts, targets, timing...;
* ``cards.csv``    which cards the deck holds: a playing card and its effect per line
                   (``card,effect``), or an effect and how many copies (``effect,count``).

Everything is checked on load; an error names the file, the place and the fix.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from ..errors import CatalogueError, NotationError, NotFoundError, did_you_mean
from ..limits import MAX_CARDS, MAX_COPIES, MAX_NAME, MAX_TEXT, MAX_TITLE
from ..resources.paths import DEFAULT_DECK
from ..resources.paths import data_dir as default_data_dir
from ..values.model import (
    TARGETS,
    TIMINGS,
    Card,
    CardType,
    Deck,
    Effect,
    PlayingCard,
    Rules,
    name_key,
)
from ..values.notation import parse_card
from ..words import SOURCE, bilingual, joined, say
from ..words import language as spoken
from .datafile import DataFile, control_char, one_line, without_invisibles
from .translation import translated, translation_file

__all__ = [
    "DEFAULT_COLORS",
    "DEFAULT_DECK",
    "MAX_SUMMARY",
    "deck_ids",
    "load_deck",
]


#: The longest summary: it is printed on the identification sheet and in each QR code.
MAX_SUMMARY = 90

#: Colours a deck may set in deck.toml's [colors] table, and what they default to.
DEFAULT_COLORS = {
    "paper": "#f2e8d0",
    "ink": "#2b1f17",
    "accent": "#6b5a3e",
    "frame": "#8a6a43",
    "red": "#a3241c",
    "black": "#1d1b19",
    "back": "#2b2622",
}

_INDEX_KINDS = ("playing-cards", "none")
_DECK_KEYS = ("name", "game", "description", "index")
_DECK_OPTIONAL = ("rules", "aids", "identification", "colors", "types", "look", "bilingual")
_LAYOUTS = ("book", "sheet")
_EFFECT_KEYS = ("name", "summary", "text", "note", "targets")
_EFFECT_OPTIONAL = ("aliases", "timing", "negatable", "type", "art", "stays_in_play")
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
_COLOR = re.compile(r"#[0-9a-fA-F]{6}\Z")


def deck_ids(data_dir: Path | None = None) -> list[str]:
    """The decks available in a data folder, sorted."""
    decks = Path(data_dir or default_data_dir()) / "decks"
    if not decks.is_dir():
        return []
    return sorted(p.name for p in decks.iterdir() if (p / "deck.toml").is_file())


def load_deck(
    deck_id: str = DEFAULT_DECK,
    data_dir: Path | None = None,
    documents: bool = True,
    language: str | None = None,
) -> Deck:
    """Read and validate one deck; CatalogueError (or NotFoundError) on any problem.

    With ``documents`` (the default) its rules and player aid are read and made too, so
    that everything a deck prints is checked before anything is drawn; the companion,
    which prints neither, leaves them out. Its texts are in ``language`` (the language
    spoken, by default), from the translations beside its files.
    """
    code = language or spoken()
    root = Path(data_dir or default_data_dir())
    if not isinstance(deck_id, str) or not _ID.match(deck_id) or len(deck_id) > 64:
        raise NotFoundError.said("data.deck.not-a-name", deck=deck_id)
    folder = root / "decks" / deck_id
    if not (folder / "deck.toml").is_file():
        known = deck_ids(root)
        close = did_you_mean(deck_id, known, n=1)
        if close:
            hint = say("data.did-you-mean", name=close[0])
        elif known:
            hint = say("data.deck.here", decks=joined(known, "list"))
        else:
            hint = say("data.deck.none-here")
        folder_name = DataFile(root / "decks", NotFoundError).name
        raise NotFoundError.said("data.deck.not-found", deck=deck_id, folder=folder_name, hint=hint)

    meta_file = DataFile(folder / "deck.toml", CatalogueError, root=folder)
    meta = translated(meta_file.toml(), "deck", translation_file(meta_file.path, folder, code))
    meta_file.check_keys(meta, "", _DECK_KEYS, _DECK_OPTIONAL)
    for key in ("name", "game", "description"):
        meta[key] = _text(meta_file, "", meta, key, MAX_TEXT if key == "description" else MAX_TITLE)
    index = meta_file.expect(meta["index"], str, "", "index")
    if index not in _INDEX_KINDS:
        kinds = joined(_INDEX_KINDS, "list")
        raise meta_file.said("'index'", "data.deck.index", kinds=kinds, index=index)
    colors = _read_colors(meta_file, meta.get("colors", {}))
    types = _read_types(meta_file, meta.get("types", {}))
    rules = _read_rules(meta_file, meta.get("rules"), deck_id)
    aids = None
    if "aids" in meta:
        table = meta_file.expect(meta["aids"], dict, "[aids]", "aids")
        meta_file.check_keys(table, "[aids]", ("source",))
        aids = meta_file.expect(table["source"], str, "[aids]", "source")
        meta_file.relative_path(aids, "[aids] source")
    idsheet = None
    if index == "playing-cards":
        table = meta_file.expect(
            meta.get("identification", {}), dict, "[identification]", "identification"
        )
        meta_file.check_keys(table, "[identification]", (), ("output",))
        idsheet = _output_name(
            meta_file, table.get("output", f"{deck_id}-identification-sheet"), "[identification]"
        )
    elif "identification" in meta:
        raise meta_file.said("[identification]", "data.deck.identification")

    look = meta_file.expect(meta.get("look", "western"), str, "", "look")
    if not _ID.match(look) or len(look) > 64:
        raise meta_file.said("look", "data.deck.no-look", look=look)
    two_names = meta_file.expect(meta.get("bilingual", False), bool, "", "bilingual")
    effects = _read_effects(DataFile(folder / "effects.toml", CatalogueError, folder), types, code)
    playing = index == "playing-cards"
    cards = _read_cards(DataFile(folder / "cards.csv", CatalogueError, folder), effects, playing)
    deck = Deck(
        id=deck_id,
        name=meta["name"],
        game=meta["game"],
        description=meta["description"],
        playing_cards=playing,
        effects=tuple(effects.values()),
        cards=cards,
        colors=colors,
        types=tuple(types.values()),
        rules=rules,
        aids=aids,
        idsheet=idsheet,
        folder=folder,
        look_name=look,
        language=code,
        bilingual=(two_names or bilingual()) and code != SOURCE,
    )
    if not documents:
        return deck
    from .documents import with_documents

    return with_documents(deck)


def _read_rules(file: DataFile, table: Any, deck_id: str) -> Rules | None:
    if table is None:
        return None
    file.expect(table, dict, "[rules]", "rules")
    file.check_keys(table, "[rules]", ("source",), ("layout", "output"))
    source = file.expect(table["source"], str, "[rules]", "source")
    file.relative_path(source, "[rules] source")
    layout = file.expect(table.get("layout", "book"), str, "[rules]", "layout")
    if layout not in _LAYOUTS:
        layouts = joined(_LAYOUTS, "or")
        raise file.said("[rules]", "data.deck.rules-layout", layouts=layouts, layout=layout)
    output = _output_name(file, table.get("output", f"{deck_id}-rules"), "[rules]")
    return Rules(source, layout, output)


def _output_name(file: DataFile, name: Any, where: str) -> str:
    file.expect(name, str, where, "output")
    if not _ID.match(name):
        raise file.said(where, "data.deck.output", name=name)
    return name


def _read_colors(file: DataFile, table: Any) -> dict[str, str]:
    file.expect(table, dict, "[colors]", "colors")
    file.check_keys(table, "[colors]", (), tuple(DEFAULT_COLORS))
    colors = dict(DEFAULT_COLORS)
    for key, value in table.items():
        file.expect(value, str, "[colors]", key)
        if not _COLOR.match(value):
            raise file.said("[colors]", "data.deck.colour", key=key, value=value)
        colors[key] = value.lower()
    return colors


def _read_types(file: DataFile, table: Any) -> dict[str, CardType]:
    file.expect(table, dict, "[types]", "types")
    types = {}
    for type_id, entry in table.items():
        where = f"[types.{type_id}]"
        if not _ID.match(type_id):
            raise file.said(where, "data.deck.type-id")
        file.expect(entry, dict, where, type_id)
        file.check_keys(entry, where, ("label", "color"), ("badge",))
        file.expect(entry["label"], str, where, "label")
        badge = file.expect(entry.get("badge", ""), str, where, "badge")
        file.expect(entry["color"], str, where, "color")
        if not _COLOR.match(entry["color"]):
            raise file.said(where, "data.deck.type-colour", value=entry["color"])
        types[type_id] = CardType(type_id, entry["label"], entry["color"].lower(), badge)
    return types


def _read_effects(file: DataFile, types: dict[str, CardType], code: str) -> dict[str, Effect]:
    table = file.toml()
    if not table:
        raise file.said("", "data.deck.no-effects")
    translation = translation_file(file.path, file.root, code)
    english = {}
    if translation is not None:
        # Its names, and the English ones after them: a lookup finds the card by either.
        english = {k: v for k, v in table.items() if isinstance(v, dict)}
        table = translated(table, "effects", translation)
        for effect_id, entry in english.items():
            extra = [name for name in (entry.get("name"), *entry.get("aliases", ())) if name]
            mine = table[effect_id].get("aliases", ())
            table[effect_id]["aliases"] = list(dict.fromkeys([*mine, *extra]))
        file = translation
    effects: dict[str, Effect] = {}
    names: dict[str, str] = {}
    for effect_id, entry in table.items():
        where = f"[{effect_id}]"
        if not _ID.match(effect_id):
            raise file.said(where, "data.deck.effect-id")
        if not isinstance(entry, dict):
            raise file.said(where, "data.deck.effect-table", effect=effect_id)
        effect = _read_effect(file, where, effect_id, entry, types)
        if translation is not None:
            effect = effect._replace(
                english=" ".join(str(english[effect_id].get("name", "")).split())
            )
        for name in dict.fromkeys((effect.name, *effect.aliases)):
            folded = name_key(name)
            if folded in names and names[folded] != effect_id:
                raise file.said(where, "data.deck.name-taken", name=name, other=names[folded])
            names[folded] = effect_id
        effects[effect_id] = effect
    return effects


def _text(file: DataFile, where: str, table: dict[str, Any], key: str, longest: int) -> str:
    """A text of a data file: a string, not empty, at most ``longest`` characters once its
    runs of spaces are one, in composed form ("é" as one character, as typefaces hold it)."""
    value = file.expect(table[key], str, where, key)
    value = unicodedata.normalize("NFC", one_line(without_invisibles(value)))
    control = control_char(value)
    if control is not None:
        raise file.said(where, "data.deck.control", key=key, code=f"{ord(control):04X}")
    if not value:
        raise file.said(where, "data.deck.empty", key=key)
    if len(value) > longest:
        raise file.said(where, "data.deck.too-long", key=key, length=len(value), limit=longest)
    return value


def _read_effect(
    file: DataFile, where: str, effect_id: str, entry: dict[str, Any], types: dict[str, CardType]
) -> Effect:
    file.check_keys(entry, where, _EFFECT_KEYS, _EFFECT_OPTIONAL)
    texts = {
        key: _text(file, where, entry, key, MAX_NAME if key == "name" else MAX_TEXT)
        for key in ("name", "summary", "text", "note")
    }
    if len(texts["summary"]) > MAX_SUMMARY:
        raise file.said(where, "data.deck.summary", length=len(texts["summary"]), limit=MAX_SUMMARY)
    targets = file.expect(entry["targets"], list, where, "targets")
    for target in targets:
        if target not in TARGETS:
            close = did_you_mean(str(target), TARGETS, n=1)
            hint = (
                say("data.did-you-mean", name=close[0])
                if close
                else say("data.deck.use-targets", targets=joined(TARGETS, "list"))
            )
            raise file.said(where, "data.deck.unknown-target", target=target, hint=hint)
    aliases = file.expect(entry.get("aliases", []), list, where, "aliases")
    for alias in aliases:
        file.expect(alias, str, where, "aliases")
    timing = file.expect(entry.get("timing", "turn"), str, where, "timing")
    if timing not in TIMINGS:
        timings = joined(TIMINGS, "list")
        raise file.said(where, "data.deck.timing", timings=timings, timing=timing)
    negatable = file.expect(entry.get("negatable", True), bool, where, "negatable")
    stays = file.expect(entry.get("stays_in_play", False), bool, where, "stays_in_play")
    card_type = entry.get("type")
    if card_type is not None:
        file.expect(card_type, str, where, "type")
        if card_type not in types:
            if not types:
                raise file.said(where, "data.deck.no-types", type=card_type)
            known = joined(types, "list")
            raise file.said(where, "data.deck.unknown-type", type=card_type, types=known)
    elif types:
        raise file.said(where, "data.deck.missing-type", types=joined(types, "list"))
    art = entry.get("art")
    if art is not None:
        file.expect(art, str, where, "art")
        file.relative_path(art, where)
    return Effect(
        id=effect_id,
        name=texts["name"],
        summary=texts["summary"],
        text=texts["text"],
        note=texts["note"],
        targets=tuple(targets),
        timing=timing,
        negatable=negatable,
        stays_in_play=stays,
        aliases=tuple(" ".join(a.split()) for a in aliases),
        type=card_type,
        art=art,
    )


def _read_cards(file: DataFile, effects: dict[str, Effect], playing: bool) -> tuple[Card, ...]:
    if playing:
        rows = file.csv_rows(required=("card", "effect"))
    else:
        rows = file.csv_rows(required=("effect",), optional=("count",))
    entries: list[tuple[PlayingCard | None, Effect, int]] = []
    seen: dict[PlayingCard, int] = {}
    counted: dict[str, int] = {}
    for row in rows:
        effect = _effect_of(file, row.line, row.values, effects)
        if playing:
            where = file.line(row.line)
            try:
                playing_card = parse_card(row.values["card"])
            except NotationError as exc:
                raise file.fail(where, str(exc)) from None
            if playing_card in seen:
                raise file.said(
                    say("data.deck.card-where", line=row.line, card=playing_card.code),
                    "data.deck.card-twice",
                    card=playing_card.code,
                    first=seen[playing_card],
                )
            seen[playing_card] = row.line
            entries.append((playing_card, effect, 1))
        else:
            if effect.id in counted:
                raise file.said(
                    file.line(row.line),
                    "data.deck.effect-twice",
                    effect=effect.id,
                    first=counted[effect.id],
                )
            counted[effect.id] = row.line
            entries.append((None, effect, _count_of(file, row.line, row.values)))
    if playing:
        missing = [c.code for c in PlayingCard.every() if c not in seen]
        if missing:
            raise file.said(
                "", "data.deck.missing-cards", count=len(missing), cards=joined(missing, "list")
            )
        entries.sort(key=lambda entry: entry[0].sort_key)  # type: ignore[union-attr]
    used = {effect.id for _, effect, _ in entries}
    unused = [effect_id for effect_id in effects if effect_id not in used]
    if unused:
        raise file.said("", "data.deck.unused-effect", effect=unused[0])
    total = sum(count for _, _, count in entries)
    if total > MAX_CARDS:
        raise file.said("", "data.deck.too-many-cards", cards=total, limit=MAX_CARDS)
    cards = []
    for playing_card, effect, count in entries:
        for copy in range(1, count + 1):
            cards.append(Card(len(cards) + 1, effect, playing_card, copy))
    return tuple(cards)


def _effect_of(
    file: DataFile, line: int, values: dict[str, str], effects: dict[str, Effect]
) -> Effect:
    effect_id = values["effect"]
    card = values.get("card")
    if effect_id in effects:
        return effects[effect_id]
    where = say("data.deck.card-where", line=line, card=card) if card else file.line(line)
    if not effect_id:
        raise file.said(where, "data.deck.no-effect")
    close = did_you_mean(effect_id, effects, n=1)
    hint = say("data.did-you-mean", name=close[0]) if close else say("data.deck.define-effect")
    raise file.said(where, "data.deck.unknown-effect", effect=effect_id, hint=hint)


def _count_of(file: DataFile, line: int, values: dict[str, str]) -> int:
    text = values.get("count", "") or "1"
    if not (text.isascii() and text.isdigit()) or len(text) > 4 or not 1 <= int(text) <= MAX_COPIES:
        raise file.said(file.line(line), "data.deck.count", most=MAX_COPIES, text=text[:20])
    return int(text)
