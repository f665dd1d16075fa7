"""Read a designed deck's folder: deck.toml, its layouts, its cards and their pictures.

deck.toml names the card file (CSV, TOML or XLSX), the front layout and the back
layout(s): one for the deck, one per value of a field (``[backs]``), or one per card
(a ``back`` column naming a layout file). Everything is read and checked here, before
anything is drawn, and every file stays inside the deck's folder; an error is one line
naming the file and the key, the row or the box.
"""

from __future__ import annotations

import contextlib
import math
import re
from pathlib import Path
from typing import Any

from ..errors import CatalogueError
from ..limits import MAX_CARDS, MAX_NAME, MAX_TITLE
from ..units import format_mm, mm, parse_length
from ..values.design import (
    BOX_KINDS,
    STYLES,
    Box,
    CardSet,
    Condition,
    FontFace,
    Layout,
    Paint,
    PrintCard,
    Typeface,
    fields_of,
    fill_in,
)
from ..values.names import slug
from .art import load_icons
from .datafile import DataFile, control_char, inside_path, shown, without_invisibles
from .fonts import FontNotFound, family_face, file_face
from .rows import read_rows

__all__ = ["load_design", "load_layout"]

_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_MAX_EXTENDS = 8
#: Fonts every layout has without naming them: printkit's own.
_DEFAULT_FONTS = {"title": "Alfa Slab One", "body": "Zilla Slab"}
#: A font's faces besides its regular one, as [fonts] may name them.
_OTHER_FACES = ("bold", "italic", "bold_italic")
#: Fonts one layout may name.
_MAX_FONTS = 16
#: The keys every box takes, and those each kind of box takes besides: a key a box has
#: no use for is refused rather than ignored.
_COMMON = ("x", "y", "width", "height", "rotation", "when", "ink_saver")
_TYPE = ("font", "size", "min_size", "color", "padding", "align", "valign")
_KEYS_OF = {
    "text": (*_COMMON, *_TYPE, "leading", "no_widow"),
    "rich": (*_COMMON, *_TYPE, "leading", "no_widow"),
    "title": (*_COMMON, *_TYPE),
    "picture": (*_COMMON, "fit", "radius", "bleed", "padding"),
    "qr": (*_COMMON, "color", "fill", "module", "align", "valign", "padding", "optional"),
    "shape": (*_COMMON, "fill", "stroke", "stroke_width", "radius", "bleed", "edge"),
    "index": (*_COMMON, "font", "size", "color", "padding"),
    "marks": (
        *_COMMON, "font", "size", "color", "padding", "shade", "fill", "tag_fill", "on_fill",
        "beside", "badges",
    ),
}  # fmt: skip
#: The largest text size: an inch is two lines on a poker card.
_MAX_SIZE = 144.0
_FIELD_COLOR = re.compile(r"\{[^{}\n]{1,100}\}")
_SHAPES = ("rect", "ellipse", "line", "vignette")
_PAINTS = ("fill", "stroke", "color", "edge", "shade", "tag_fill", "on_fill")
_BOX_KEYS = (
    *BOX_KINDS, *_PAINTS, "x", "y", "width", "height", "rotation", "padding", "radius",
    "stroke_width", "font", "size", "min_size", "leading", "align", "valign", "fit", "when",
    "bleed", "no_widow", "ink_saver", "module", "beside", "badges", "optional",
)  # fmt: skip


def _inside(file: DataFile, folder: Path, relative: Any, where: str, key: str) -> Path:
    safe = file.relative_path(file.expect(relative, str, where, key), where)
    return folder / Path(*safe.parts)


def load_design(folder: Path) -> CardSet:
    folder = Path(folder)
    file = DataFile(folder / "deck.toml", CatalogueError, folder)
    table = file.toml()
    file.check_keys(
        table, "", ("name", "cards", "front"), ("game", "description", "back", "backs", "sheet")
    )
    name = file.expect(table["name"], str, "", "name").strip()
    if not name or len(name) > MAX_TITLE:
        raise file.said("name", "data.design.name", most=MAX_TITLE)
    for key in ("name", "game", "description"):
        if key in table:
            control = control_char(file.expect(table[key], str, "", key))
            if control is not None:
                raise file.said(key, "data.design.control", code=f"{ord(control):04X}")
    sheet = file.expect(table["sheet"], str, "", "sheet") if "sheet" in table else None
    header, rows = read_rows(_inside(file, folder, table["cards"], "", "cards"), folder, sheet)
    front = load_layout(_inside(file, folder, table["front"], "", "front"), folder)
    backs: dict[str, Layout] = {}
    default_back = None
    if "back" in table:
        default_back = file.expect(table["back"], str, "", "back")
        backs[default_back] = load_layout(_inside(file, folder, default_back, "", "back"), folder)
    by_field, by_value = None, {}
    if "backs" in table:
        spec = file.expect(table["backs"], dict, "[backs]", "backs")
        if "field" not in spec:
            raise file.said("[backs]", "data.design.backs-field")
        by_field = file.expect(spec["field"], str, "[backs]", "field")
        if by_field not in header:
            raise file.said(
                "[backs] field", "data.design.no-column", column=by_field, columns=_listed(header)
            )
        for value, layout_name in spec.items():
            if value == "field":
                continue
            layout_name = file.expect(layout_name, str, "[backs]", value)
            by_value[value] = layout_name
            if layout_name not in backs:
                backs[layout_name] = load_layout(
                    _inside(file, folder, layout_name, "[backs]", value), folder
                )
    for layout in (front, *backs.values()):
        _check_fields(layout, header)
        if (
            abs(layout.width - front.width) > 0.01 * mm
            or abs(layout.height - front.height) > 0.01 * mm
        ):
            raise CatalogueError.said(
                "data.design.size",
                file=layout.source,
                size=f"{format_mm(layout.width)} x {format_mm(layout.height)}",
                front=f"{format_mm(front.width)} x {format_mm(front.height)}",
            )
    cards = []
    for row in rows:
        back = (  # chosen by the values in the deck's own language, whatever it speaks
            row.source.get("back", "")
            or by_value.get(row.source.get(by_field or "", ""), "")
            or default_back
        )
        if not back and by_field is not None:
            raise file.said(
                "[backs]",
                "data.design.no-back",
                where=row.where,
                field=by_field,
                value=row.source.get(by_field, ""),
            )
        if back and back not in backs:
            path = _inside(file, folder, back, row.where, "back")
            backs[back] = load_layout(path, folder)
            _check_fields(backs[back], header)
        if "name" in row.values and len(row.values["name"]) > MAX_NAME:
            raise CatalogueError.said("data.design.long-name", where=row.where, most=MAX_NAME)
        for _ in range(row.count):
            values = dict(row.values)
            about = values.get("text", "")
            cards.append(PrintCard(len(cards) + 1, row.where, values, back or "", about=about))
            if len(cards) > MAX_CARDS:
                raise file.said("cards", "data.design.too-many-cards", limit=MAX_CARDS)
    if not cards:
        raise file.said("cards", "data.design.no-cards")
    pictures = _pictures(folder, front, backs.values(), cards)
    icons = _icons(folder, (front, *backs.values()), cards)
    return CardSet(
        id=slug(folder.resolve().name) or "deck",
        name=name,
        game=str(table.get("game", name)),
        description=str(table.get("description", "")),
        source=file.name,
        cards=tuple(cards),
        front=front,
        layouts=backs,
        pictures=pictures,
        icons=icons,
        art=load_icons(),
    )


def _check_fields(layout: Layout, header: list[str]) -> None:
    for box in layout.boxes:
        for field_name in sorted(box.fields):
            if field_name not in header:
                raise CatalogueError.said(
                    "data.design.no-field",
                    where=f"{layout.source}, [box.{box.name}]",
                    field=field_name,
                    columns=_listed(header),
                )


def _listed(names) -> str:
    """Names said as a list: "a, b, c"."""
    from ..words import joined

    return joined(names, "list")


def _pictures(folder: Path, front: Layout, backs, cards) -> dict:
    """Every picture a box names, read once and checked, by the name given; a picture that
    is missing or broken is named with the card and the box that ask for it."""
    from ..errors import PrintkitError
    from .art import load_picture

    asked: dict[str, str] = {}  # each picture, and the first place that asks for it
    for layout in (front, *backs):
        for box in layout.boxes:
            if box.kind != "picture":
                continue
            if not fields_of(box.content):
                asked.setdefault(box.content, f"{layout.source} [box.{box.name}]")
                continue
            for card in cards:
                if box.when is None or box.when.holds(card.values):
                    value = fill_in(box.content, card.values).strip()
                    if value and value not in asked:
                        asked[value] = _place(card.row, f"{layout.source} [box.{box.name}]")
    pictures = {}
    for picture_name in sorted(asked):
        where = asked[picture_name]
        safe = inside_path(picture_name)
        if safe is None:
            raise CatalogueError.said(
                "data.design.picture-outside", where=where, picture=picture_name
            )
        if len(picture_name) > 200 or any(len(part.encode()) > 200 for part in safe.parts):
            raise CatalogueError.said(
                "data.design.picture-name", where=where, picture=picture_name[:40]
            )
        path = folder / Path(*safe.parts)
        if not path.suffix and (folder / "art").is_dir():
            for suffix in (".svg", ".png", ".jpg", ".jpeg"):
                if (folder / "art" / f"{picture_name}{suffix}").is_file():
                    path = folder / "art" / f"{picture_name}{suffix}"
                    break
        try:
            pictures[picture_name] = load_picture(path, folder)
        except PrintkitError as exc:
            raise CatalogueError.said(
                "data.design.picture", where=where, picture=picture_name, message=exc
            ) from None
    return pictures


def _place(first: str, then: str) -> str:
    """Two places as one: "cards.csv, line 4"."""
    from ..words import say

    return say("data.where.in-file", file=first, where=then)


#: The icons a deck's icons/ folder may hold.
_MAX_ICONS = 200
_ICON = re.compile(r":([a-z][a-z0-9-]*):")


def _icons(folder: Path, layouts, cards) -> dict:
    """The deck's own one-colour icons (icons/NAME.svg), written :NAME: in rich text or
    named by a marks box: only those the cards use are read (at most _MAX_ICONS in the
    folder)."""
    from .art import load_picture

    icons_dir = folder / "icons"
    if not icons_dir.is_dir():
        return {}
    files = sorted(icons_dir.glob("*.svg"))
    if len(files) > _MAX_ICONS:
        raise CatalogueError.said(
            "data.design.too-many-icons",
            folder=shown(icons_dir),
            icons=len(files),
            limit=_MAX_ICONS,
        )
    used: set[str] = set()
    for layout in layouts:
        for box in layout.boxes:
            if box.kind not in ("rich", "marks"):
                continue
            for card in cards if fields_of(box.content + box.badges) else cards[:1]:
                text = fill_in(box.content, card.values)
                used.update(_ICON.findall(text))
                used.update(_ICON.findall(fill_in(box.badges, card.values)))
                if box.kind == "marks":
                    used.update(name.removeprefix("all-") for name in text.split())
    return {path.stem: load_picture(path, folder) for path in files if path.stem in used}


# -- layouts ------------------------------------------------------------------------------


def load_layout(path: Path, root: Path) -> Layout:
    file = DataFile(path, CatalogueError, root)
    table = _merged(file, root, ())
    return _build(file, root, table)


def _merged(file: DataFile, root: Path, chain: tuple[Path, ...]) -> dict:
    resolved = file.path.resolve()
    if resolved in chain or len(chain) >= _MAX_EXTENDS:
        raise file.said("extends", "data.layout.loop")
    table = file.toml()
    file.check_keys(table, "", (), ("description", "extends", "card", "fonts", "box"))
    if "extends" not in table:
        return table
    parent_path = _inside(file, file.path.parent, table["extends"], "", "extends")
    parent = _merged(DataFile(parent_path, CatalogueError, root), root, (*chain, resolved))
    merged = {k: v for k, v in parent.items() if k != "extends"}
    for key, value in table.items():
        if key in ("card", "fonts") and isinstance(value, dict):
            merged[key] = {**parent.get(key, {}), **value}
        elif key == "box" and isinstance(value, dict):
            boxes = dict(parent.get("box", {}))
            for name, box in value.items():  # a box of the same name changes the parent's
                if isinstance(box, dict) and isinstance(boxes.get(name), dict):
                    boxes[name] = {**boxes[name], **box}
                else:
                    boxes[name] = box
            merged["box"] = boxes
        elif key != "extends":
            merged[key] = value
    return merged


def _build(file: DataFile, root: Path, table: dict) -> Layout:
    card = file.expect(table.get("card", {}), dict, "[card]", "card")
    file.check_keys(card, "[card]", ("width", "height"))
    width, height = (
        _length(file, "[card]", "width", card["width"]),
        _length(file, "[card]", "height", card["height"]),
    )
    if not (0 < width <= 400 * mm and 0 < height <= 400 * mm):
        raise file.said("[card]", "data.layout.card-size")
    fonts, fallback = _fonts(file, root, table.get("fonts", {}))
    boxes_table = file.expect(table.get("box", {}), dict, "[box]", "box")
    if not boxes_table:
        raise file.said("", "data.layout.no-boxes")
    boxes = tuple(
        _box(file, name, spec, width, height, fonts) for name, spec in boxes_table.items()
    )
    codes = {box.name for box in boxes if box.kind == "qr"}
    for box in boxes:
        if box.beside and box.beside not in codes:
            where = f"[box.{box.name}]"
            if not codes:
                raise file.said(where, "data.layout.beside-none", beside=box.beside)
            raise file.said(
                where, "data.layout.beside", beside=box.beside, codes=_listed(sorted(codes))
            )
    return Layout(file.name, width, height, boxes, fonts, fallback)


def _length(file: DataFile, where: str, key: str, value: Any) -> float:
    try:
        return parse_length(value)
    except ValueError as exc:
        raise file.fail(f"{where} {key}", str(exc)) from None


def _fonts(file: DataFile, root: Path, spec: Any) -> tuple[dict[str, Typeface], str | None]:
    spec = dict(file.expect(spec, dict, "[fonts]", "fonts"))
    fallback = spec.pop("fallback", None)
    if fallback is not None:
        file.expect(fallback, str, "[fonts]", "fallback")
    if len(spec) > _MAX_FONTS:
        raise file.said("[fonts]", "data.layout.too-many-fonts", fonts=len(spec), most=_MAX_FONTS)
    fonts: dict[str, Typeface] = {}
    for name, value in {**_DEFAULT_FONTS, **spec}.items():
        fonts[name] = _typeface(file, root, name, value)
    if fallback is not None and fallback not in fonts:
        raise file.said("[fonts] fallback", "data.layout.no-fallback", fonts=_listed(fonts))
    return fonts, fallback


def _typeface(file: DataFile, root: Path, name: str, value: Any) -> Typeface:
    """One font of [fonts]: a family by name, or a file; its bold, italic and bold italic
    found beside it, or named as files."""
    where = f"[fonts] {name}"
    if isinstance(value, str):
        value = {"family": value}
    file.expect(value, dict, where, name)
    file.check_keys(value, where, (), ("family", "weight", "style", "file", *_OTHER_FACES))
    if ("file" in value) == ("family" in value):
        raise file.said(where, "data.layout.font-source")

    def from_file(key: str) -> FontFace:
        relative = file.expect(value[key], str, where, key)
        path = _inside(file, file.path.parent, relative, where, key)
        return file_face(
            path,
            root,
            lambda m: file.said(where, "data.layout.font-file", key=key, file=relative, message=m),
        )

    faces: dict[tuple[int, int], FontFace] = {}
    if "file" in value:
        faces[STYLES["regular"]] = from_file("file")
        source = faces[STYLES["regular"]].source
    else:
        family = file.expect(value["family"], str, where, "family")
        weight = file.expect(value.get("weight", 400), int, where, "weight")
        style = file.expect(value.get("style", "normal"), str, where, "style")
        if not 100 <= weight <= 900 or style not in ("normal", "italic"):
            raise file.said(where, "data.layout.font-face")
        try:
            faces[STYLES["regular"]] = family_face(family, weight, style)
        except FontNotFound as exc:
            raise file.said(
                where,
                "data.layout.not-installed",
                family=family,
                error=exc,
                package=f"fontpkg-{slug(family)}",
            ) from None
        for key in _OTHER_FACES:
            if key not in value:
                bold, italic = STYLES[key]
                with contextlib.suppress(FontNotFound):
                    faces[STYLES[key]] = family_face(
                        family, max(700, weight) if bold else weight, "italic" if italic else style
                    )
        source = family
    for key in _OTHER_FACES:
        if key in value:
            faces[STYLES[key]] = from_file(key)
    return Typeface(name, source, faces)


def _is_color(value: Any) -> bool:
    return isinstance(value, str) and bool(_HEX.fullmatch(value) or _FIELD_COLOR.fullmatch(value))


def _paint(file: DataFile, where: str, key: str, value: Any) -> Paint:
    if isinstance(value, str):
        if not _is_color(value) and value != "none":
            raise file.said(where, "data.layout.paint", key=key, value=value)
        return Paint(None if value == "none" else value)
    file.expect(value, dict, where, key)
    file.check_keys(value, f"{where} {key}", ("field", "map"), ("default",))
    choices = file.expect(value["map"], dict, where, "map")
    for choice, color in [*choices.items(), ("default", value.get("default", "#000000"))]:
        if not _is_color(color):
            raise file.said(where, "data.layout.paint-map", key=key, choice=choice, color=color)
    return Paint(
        value.get("default"), file.expect(value["field"], str, where, "field"), dict(choices)
    )


def _box(file: DataFile, name: str, spec: Any, width: float, height: float, fonts) -> Box:
    where = f"[box.{name}]"
    file.expect(spec, dict, where, name)
    file.check_keys(
        spec,
        where,
        ("x", "y", "width", "height"),
        tuple(k for k in _BOX_KEYS if k not in ("x", "y", "width", "height")),
    )
    kinds = [kind for kind in BOX_KINDS if kind in spec]
    if len(kinds) != 1:
        raise file.said(where, "data.layout.one-kind", kinds=_listed(BOX_KINDS))
    kind = kinds[0]
    idle = sorted(set(spec) - set(_KEYS_OF[kind]) - {kind})
    if idle:
        taken = _listed(k for k in _KEYS_OF[kind] if k not in _COMMON)
        raise file.said(where, "data.layout.idle", key=idle[0], kind=kind, keys=taken)
    content = without_invisibles(file.expect(spec[kind], str, where, kind))
    control = control_char(content)
    if control is not None:
        raise file.said(where, "data.layout.control", kind=kind, code=f"{ord(control):04X}")
    if kind == "shape" and content not in _SHAPES:
        raise file.said(where, "data.layout.shape", shapes=_listed(_SHAPES), shape=content)
    x, y = (_length(file, where, k, spec[k]) for k in ("x", "y"))
    w, h = (_length(file, where, k, spec[k]) for k in ("width", "height"))
    if w <= 0 or h < 0 or (h == 0 and content != "line"):
        raise file.said(where, "data.layout.box-size")
    values: dict[str, Any] = {"x": x, "y": y, "w": w, "h": h}
    if "rotation" in spec:
        rotation = float(file.expect(spec["rotation"], (int, float), where, "rotation"))
        if not math.isfinite(rotation) or abs(rotation) > 360:
            raise file.said(where, "data.layout.rotation")
        values["rotation"] = rotation
    # The box as it is drawn, turned about its centre: its corners must stay on the card.
    turn = math.radians(values.get("rotation", 0.0))
    half_w = abs(w / 2 * math.cos(turn)) + abs(h / 2 * math.sin(turn))
    half_h = abs(w / 2 * math.sin(turn)) + abs(h / 2 * math.cos(turn))
    cx, cy = x + w / 2, y + h / 2
    for side, overshoot in (
        ("left", half_w - cx),
        ("top", half_h - cy),
        ("right", cx + half_w - width),
        ("bottom", cy + half_h - height),
    ):
        if overshoot > 0.01 * mm:
            from ..words import say

            raise file.said(
                where,
                "data.layout.overshoot-turned" if turn else "data.layout.overshoot",
                length=format_mm(overshoot),
                side=say(f"data.layout.side.{side}"),
            )
    for key in ("padding", "radius", "stroke_width"):
        if key in spec:
            values[key] = _length(file, where, key, spec[key])
            half = min(w, h) / 2 if h else w / 2
            if not 0 <= values[key] <= half or (key == "padding" and values[key] == half > 0):
                raise file.said(where, "data.layout.inset", key=key, half=format_mm(half))
    for key in ("size", "min_size"):
        if key in spec:
            from ..words import say

            try:
                values[key] = parse_length(spec[key], _MAX_SIZE, say("data.layout.any-text"))
            except ValueError as exc:
                raise file.said(where, "data.layout.key-said", key=key, message=exc) from None
    size, min_size = values.get("size", 9.0), values.get("min_size", 6.0)
    if min_size < 6.0 or size < 6.0:
        raise file.said(where, "data.layout.small-text")
    if min_size > size and "min_size" in spec:
        raise file.said(where, "data.layout.min-size")
    if "leading" in spec:
        leading = float(file.expect(spec["leading"], (int, float), where, "leading"))
        if not math.isfinite(leading) or not 0.5 <= leading <= 5:
            raise file.said(where, "data.layout.leading")
        values["leading"] = leading
    for key, allowed in (
        ("align", ("left", "center", "right")),
        ("valign", ("top", "middle", "bottom")),
        ("fit", ("contain", "cover")),
    ):
        if key in spec:
            value = file.expect(spec[key], str, where, key)
            if value not in allowed:
                raise file.said(
                    where, "data.layout.choice", key=key, choices=_listed(allowed), value=value
                )
            values[key] = value
    if "font" in spec:
        font = file.expect(spec["font"], str, where, "font")
        if font not in fonts:
            raise file.said(where, "data.layout.no-font", font=font, fonts=_listed(fonts))
        values["font"] = font
    for key in _PAINTS:
        if key in spec:
            values[key] = _paint(file, where, key, spec[key])
    if "module" in spec:
        values["module"] = _length(file, where, "module", spec["module"])
        if kind != "qr" or values["module"] < 0.4 * mm - 1e-9:
            raise file.said(where, "data.layout.module")
    for key in ("beside", "badges"):
        if key in spec:
            if kind != "marks":
                raise file.said(where, "data.layout.marks-only", key=key)
            values[key] = file.expect(spec[key], str, where, key)
    for key in ("no_widow", "optional"):
        if key in spec:
            values[key] = file.expect(spec[key], bool, where, key)
    if "ink_saver" in spec:
        choice = file.expect(spec["ink_saver"], str, where, "ink_saver")
        if choice not in ("print", "skip", "only"):
            raise file.said(where, "data.layout.ink-saver", choice=choice)
        values["ink_saver"] = choice
    if "when" in spec:
        when = file.expect(spec["when"], dict, where, "when")
        file.check_keys(when, f"{where} when", ("field",), ("is", "not"))
        if "is" in when and "not" in when:
            raise file.said(where, "data.layout.when")
        listed = when.get("is", when.get("not", []))
        listed = [listed] if isinstance(listed, str) else file.expect(listed, list, where, "when")
        values["when"] = Condition(
            file.expect(when["field"], str, where, "field"),
            tuple(str(v) for v in listed),
            negate="not" in when,
        )
    if "bleed" in spec:
        values["bleed"] = file.expect(spec["bleed"], bool, where, "bleed")
    return Box(name=name, kind=kind, content=content, **values)
