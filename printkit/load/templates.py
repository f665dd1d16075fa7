"""Read sheet templates (templates/*.toml) into Template values: units, inheritance, checks.

A template says where cards go on a sheet of paper. Every length is written with its
unit ("63mm", "2.5in"); a template may ``extends`` another and change only what
differs (a user measures their own sheets, copies a preset and adjusts the offsets).
Loading fails, naming the file and the key, when a value is wrong or the cards do not
fit the paper.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import NotFoundError, TemplateError, UsageError, did_you_mean
from ..resources.paths import templates_dir
from ..units import format_mm, inch, mm, parse_length
from ..values.cardsizes import CardSize, format_size, size_label, size_of
from ..values.model import Registration, Template
from ..values.papers import PAPER_SIZES, Paper, paper_name
from ..values.printspec import EDGE
from ..words import joined, say
from .datafile import DataFile

__all__ = [
    "fitting",
    "load_template",
    "resolve_template",
    "skipping",
    "template_for",
    "template_names",
]


_TOP = ("description",)
#: What ``extends`` may name besides a file: a preset, as ``printkit templates`` lists it.
_PRESET_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")
_TOP_OPTIONAL = ("extends", "paper", "card", "grid", "print", "fold", "marks")
_SECTIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # section: (required keys, optional keys) - checked after inheritance is applied
    "paper": ((), ("size", "width", "height", "orientation")),
    # fixed: sheets made for this card alone (perforations, a deck to paste over), which
    # another card size does not refit.
    "card": (("width", "height"), ("corner_radius", "fixed")),
    "grid": (("columns", "rows"), ("gap_x", "gap_y", "left", "top")),
    "print": (
        (),
        (
            "bleed",
            "crop_marks",
            "cut_lines",
            "backs",
            "mark_length",
            "mark_offset",
            "margin",
            "cut_file",
            "labels",
        ),
    ),
    # A gutterfold: the line the sheet folds along and the room between fronts and backs.
    "fold": (("line", "gutter"), ()),
    # Print-and-cut registration marks (Silhouette's three-mark pattern).
    "marks": ((), ("inset", "length", "thickness", "square", "clearance")),
}
#: Silhouette Studio's registration marks as it prints them by default (type 1).
_MARK_DEFAULTS = {
    "inset": "10mm",
    "length": "20mm",
    "thickness": "0.3mm",
    "square": "5mm",
    "clearance": "3mm",
}
_MAX_EXTENDS = 8
#: The largest sensible value of each print length (bleed, marks, the printer's margin).
_MAX_PRINT = {"bleed": 20 * mm, "mark_length": 50 * mm, "mark_offset": 20 * mm, "margin": 50 * mm}
#: A PDF page may be at most 200 inches on a side.
_MAX_PAPER = 200 * inch


def template_names(folder: Path | None = None) -> list[str]:
    return sorted(p.stem for p in Path(folder or templates_dir()).glob("*.toml"))


def resolve_template(name_or_path: str, folder: Path | None = None) -> Path:
    """A preset name ("a4-3x3") or a path to a user's own TOML file."""
    folder = Path(folder or templates_dir())
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or _is_file(candidate) or len(candidate.parts) > 1:
        return candidate
    preset = folder / f"{name_or_path}.toml"
    if _PRESET_NAME.fullmatch(name_or_path) and _is_file(preset):
        return preset
    names = template_names(folder)
    close = did_you_mean(name_or_path[:100], names, n=1)
    hint = (
        say("data.did-you-mean", name=close[0])
        if close
        else say("data.template.presets", names=joined(names, "list"))
    )
    raise NotFoundError.said("data.template.not-found", name=name_or_path[:60], hint=hint)


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file; False for a name no file system takes (too long)."""
    try:
        return path.is_file()
    except OSError:
        return False


def load_template(
    name_or_path: str,
    folder: Path | None = None,
    card: CardSize | None = None,
    paper: Paper | None = None,
) -> Template:
    """Read, merge (``extends``), check and measure a template. Given a ``card`` of
    another size, or another ``paper``, a template that is not ``fixed`` to its card is
    refitted: the most cards of that size the paper holds, with the same bleed, marks
    and way of printing (the paper turned if that holds more), named
    ``<template>-<size>`` (and ``-<paper>``). A fixed template is returned as it is: its
    cards are drawn to its size if they are near it (``printkit.layout.design.can_scale``);
    it is printed on its own paper alone."""
    folder = Path(folder or templates_dir())
    path = resolve_template(name_or_path, folder)
    file = DataFile(path, TemplateError)
    merged = _merged(file, folder, chain=())
    template = _build(file, path.stem, merged)
    other_paper = _elsewhere(template, paper)
    if other_paper and template.fixed:
        raise TemplateError.said("kit.fixed-paper", template=template.name, paper=paper.title)
    if not other_paper and (
        card is None or template.fixed or _same(card.sides, template.card_size)
    ):
        return template
    own_card = card is None or _same(card.sides, template.card_size)
    if card is None:
        card = CardSize(template.card_width, template.card_height, template.corner_radius)
    if other_paper:  # printed on a printer's paper: no card within its unprintable edge
        printing = merged.get("print", {})
        margin = max(parse_length(printing.get("margin", "0mm")), EDGE)
        merged = {
            **merged,
            "paper": {"width": f"{paper.width / mm:.4f}mm", "height": f"{paper.height / mm:.4f}mm"},
            "print": {**printing, "margin": f"{margin / mm:.4f}mm"},
        }
    return _refitted(file, path.stem, merged, card, paper if other_paper else None, own_card)


def template_for(
    name_or_path: str | None,
    decks: list[tuple[str, tuple[float, float]]],
    card: CardSize | None = None,
    folder: Path | None = None,
    paper: Paper | None = None,
    skip: tuple[int, ...] = (),
) -> tuple[Template, list[str]]:
    """The template that prints these ``decks`` (each one's name and card size), and a
    line for each deck drawn to another size than it was made for.

    ``None`` names the kit's own template; for cards it cannot hold, or another
    ``paper`` than its sheets', plain card stock (``PLAIN_TEMPLATE``), with a line saying
    so. Given a ``paper``, the template is refitted to it; the slots in ``skip`` (from 1)
    are left empty on every sheet (``skipping``).

    The cards are ``card`` when it is given; else a template that takes any size takes
    the decks' own when they share one too far from its card to be drawn to it (a
    bridge deck on letter-3x3). A deck within 5% of the template's card is drawn to it,
    with a line; a deck further off is a TemplateError naming the templates that hold
    its cards."""
    from ..layout.design import can_scale
    from ..values.settings import DEFAULT_TEMPLATE, PLAIN_TEMPLATE

    notes, asked = [], card
    if name_or_path is None:
        name_or_path = DEFAULT_TEMPLATE
        kit = load_template(name_or_path, folder)
        wanted = card.sides if card is not None else None
        sizes = {wanted} if wanted else {size for _, size in decks}
        if any(not can_scale(size, kit.card_size) for size in sizes):
            name_or_path = PLAIN_TEMPLATE
            notes.append(say("kit.plain", template=PLAIN_TEMPLATE, kit=DEFAULT_TEMPLATE))
        elif _elsewhere(kit, paper):
            name_or_path = PLAIN_TEMPLATE
            notes.append(
                say("kit.plain-paper", template=PLAIN_TEMPLATE, kit=DEFAULT_TEMPLATE,
                    paper=paper.title)
            )  # fmt: skip
    template = load_template(name_or_path, folder, paper=paper)
    if asked is not None and template.fixed and not can_scale(asked.sides, template.card_size):
        raise TemplateError.said(
            "kit.fixed-card",
            template=template.name,
            size=format_size(asked.sides),
            own=format_size(template.card_size),
        )
    sizes = {size for _, size in decks}
    if card is None and len(sizes) == 1 and not template.fixed:
        (size,) = sizes
        if not can_scale(size, template.card_size):
            card = size_of(size)
    if card is not None:
        template = load_template(name_or_path, folder, card, paper)
    for name, size in decks:
        if _same(size, template.card_size):
            continue
        shown = format_size(size)
        if not can_scale(size, template.card_size):
            if asked is not None:  # the size asked for is the misfit, not the template
                raise TemplateError.said(
                    "kit.misfit-size", deck=name, size=shown, asked=format_size(asked.sides)
                )
            others = [other for other, _ in fitting(size_of(size), folder)][:4]
            key = "kit.misfit" if others else "kit.misfit-none"
            raise TemplateError.said(
                key, deck=name, size=shown, template=template.name, others=joined(others, "or")
            )
        change = template.card_width / size[0] - 1
        notes.append(
            say(
                "kit.scaled",
                deck=name,
                size=shown,
                printed=format_size(template.card_size),
                template=template.name,
                change=f"{abs(change):.0%}",
                way=say("kit.larger" if change > 0 else "kit.smaller"),
            )
        )
    return skipping(template, skip), notes


def skipping(template: Template, slots: tuple[int, ...]) -> Template:
    """The template with the slots ``slots`` (from 1, in rows from the top left, as the
    fronts print) left empty on every sheet; UsageError for a slot the sheet has not, or
    for every slot."""
    if not slots:
        return template
    count = template.columns * template.rows
    for slot in slots:
        if not 1 <= slot <= count:
            raise UsageError.said("kit.skip-range", slot=slot, template=template.name, count=count)
    skip = tuple(sorted({slot - 1 for slot in slots}))
    if len(skip) == count:
        raise UsageError.said("kit.skip-all", template=template.name, count=count)
    return template._replace(skip=skip)


def fitting(card: CardSize, folder: Path | None = None) -> list[tuple[str, Template]]:
    """Every preset that prints cards of this size, by its name, as it prints them
    (refitted), most cards to a sheet first."""
    from ..layout.design import can_scale

    found = []
    for name in template_names(folder):
        try:
            template = load_template(name, folder, card)
        except TemplateError:
            continue  # no card of this size fits its paper
        if _same(card.sides, template.card_size) or can_scale(card.sides, template.card_size):
            found.append((name, template))
    return sorted(found, key=lambda found: -found[1].per_sheet)


def _elsewhere(template: Template, paper: Paper | None) -> bool:
    """Whether ``paper`` is another than the template's own, either way round."""
    return paper is not None and not _same(
        sorted((paper.width, paper.height)), sorted((template.paper_width, template.paper_height))
    )


def _same(a: Sequence[float], b: Sequence[float]) -> bool:
    return abs(a[0] - b[0]) < 0.01 * mm and abs(a[1] - b[1]) < 0.01 * mm


def _refitted(
    file: DataFile,
    name: str,
    merged: dict[str, Any],
    card: CardSize,
    paper: Paper | None = None,
    own_card: bool = False,
) -> Template:
    """The template with ``card`` in place of its own (``own_card``: the same size), and
    on ``paper`` when that is another, holding as many as fit."""
    grid = merged.get("grid", {})
    if {"left", "top"} & {k for k, v in grid.items() if v != "center"}:
        raise file.said("[grid]", "data.template.measured")
    sides = {
        "width": f"{card.width / mm:.4f}mm",
        "height": f"{card.height / mm:.4f}mm",
        "corner_radius": f"{card.radius / mm:.4f}mm",
    }
    label = size_label(card.sides)
    best: Template | None = None
    for sheet in _papers(merged.get("paper", {"size": "letter"})):
        table = {**merged, "paper": sheet, "card": {**merged.get("card", {}), **sides}}
        width, height = _paper(file, sheet, lambda s, k, t=table: parse_length(t[s][k]))
        most_c = min(50, int(width // card.width))
        most_r = min(50, int(height // card.height))
        for columns in range(most_c, 0, -1):
            for rows in range(most_r, 0, -1):
                if best is not None and columns * rows <= best.per_sheet:
                    break
                try:
                    template = _build(
                        file, name, {**table, "grid": {**grid, "columns": columns, "rows": rows}}
                    )
                except TemplateError:
                    continue
                best = template
                break
    if best is None:
        raise file.said(
            "[card]",
            "data.template.no-fit",
            size=f"{format_mm(card.width)} x {format_mm(card.height)}",
        )
    if paper is None:
        source = say("data.template.refitted", file=file.name, size=label)
        return best._replace(name=f"{name}-{label}", source=source)
    source = say("data.template.refitted-paper", file=file.name, size=label, paper=paper.title)
    named = f"{name}-on-{paper.name}" if own_card else f"{name}-{label}-on-{paper.name}"
    return best._replace(name=named, source=source)


def _papers(paper: Any) -> list[Any]:
    """The template's paper as it is written, then turned the other way."""
    if isinstance(paper, str):
        paper = {"size": paper}
    if not isinstance(paper, dict):
        return [paper]
    if "size" in paper:
        turned = "portrait" if paper.get("orientation") == "landscape" else "landscape"
        return [paper, {**paper, "orientation": turned}]
    if "width" in paper and "height" in paper:
        return [paper, {**paper, "width": paper["height"], "height": paper["width"]}]
    return [paper]


def _merged(file: DataFile, folder: Path, chain: tuple[Path, ...]) -> dict[str, Any]:
    """The template's table with its ``extends`` chain applied, section by section."""
    resolved = file.path.resolve()
    if resolved in chain:
        names = " -> ".join(p.stem for p in (*chain, resolved))
        raise file.said("'extends'", "data.template.loop", names=names)
    if len(chain) >= _MAX_EXTENDS:
        raise file.said("'extends'", "data.template.too-deep", most=_MAX_EXTENDS)
    table = file.toml()
    file.check_keys(table, "", _TOP, _TOP_OPTIONAL)
    for section, (required, optional) in _SECTIONS.items():
        if section in table:
            file.expect(table[section], dict, f"[{section}]", section)
            file.check_keys(table[section], f"[{section}]", (), required + optional)
    parent_name = table.get("extends")
    if parent_name is None:
        return table
    file.expect(parent_name, str, "", "extends")
    if not parent_name.endswith(".toml") and not _PRESET_NAME.fullmatch(parent_name):
        raise file.said("'extends'", "data.template.extends", name=parent_name)
    if parent_name.endswith(".toml"):
        # A file beside this template: it may not climb out of this template's folder.
        safe = PurePosixPath(parent_name.replace("\\", "/"))
        if safe.is_absolute() or ".." in safe.parts:
            raise file.said("'extends'", "data.template.extends-outside", name=parent_name)
        parent_path = file.path.parent / parent_name
    else:
        try:
            parent_path = resolve_template(parent_name, folder)
        except NotFoundError as exc:
            raise file.fail("'extends'", str(exc)) from None
    parent_root = folder if parent_path.parent == folder else file.path.parent
    parent = _merged(
        DataFile(parent_path, TemplateError, root=parent_root), folder, (*chain, resolved)
    )
    merged = {k: v for k, v in parent.items() if k != "extends"}
    for key, value in table.items():
        if (
            key == "paper"
            and isinstance(value, dict)
            and value.keys() & {"size", "width", "height"}
        ):
            merged[key] = dict(value)  # a template that names its own paper replaces it whole
        elif key in _SECTIONS:
            merged[key] = {**parent.get(key, {}), **value}
        elif key != "extends":
            merged[key] = value
    return merged


def _build(file: DataFile, name: str, t: dict[str, Any]) -> Template:
    for section, (required, optional) in _SECTIONS.items():
        if section in t or section in ("card", "grid"):
            file.check_keys(t.get(section, {}), f"[{section}]", required, optional)

    def length(section: str, key: str, default: str | None = None) -> float:
        value = t.get(section, {}).get(key, default)
        if value is None:
            raise file.said(f"[{section}]", "data.template.missing-length", key=key)
        try:
            return parse_length(value)
        except ValueError as exc:
            raise file.fail(f"[{section}] {key}", str(exc)) from None

    def whole(section: str, key: str) -> int:
        value = file.expect(t[section][key], int, f"[{section}]", key)
        if not 1 <= value <= 50:
            raise file.said(f"[{section}]", "data.template.whole", key=key, value=value)
        return value

    def flag(key: str, default: bool) -> bool:
        return file.expect(t.get("print", {}).get(key, default), bool, "[print]", key)

    description = file.expect(t["description"], str, "", "description")
    fixed = file.expect(t["card"].get("fixed", False), bool, "[card]", "fixed")
    paper_w, paper_h = _paper(file, t.get("paper", {"size": "letter"}), length)
    card_w, card_h = length("card", "width"), length("card", "height")
    radius = length("card", "corner_radius", "0mm")
    columns, rows = whole("grid", "columns"), whole("grid", "rows")
    gap_x, gap_y = length("grid", "gap_x", "0mm"), length("grid", "gap_y", "0mm")
    for key, value in (("data.template.card-width", card_w), ("data.template.card-height", card_h)):
        if value <= 0:
            raise file.said("[card]", key)
    for key, value in (("gap_x", gap_x), ("gap_y", gap_y), ("corner_radius", radius)):
        if value < 0:
            where = "[grid]" if key.startswith("gap") else "[card]"
            raise file.said(where, "data.template.negative", key=key)
    if radius > min(card_w, card_h) / 2:
        raise file.said("[card]", "data.template.radius")
    grid_w = columns * card_w + (columns - 1) * gap_x
    grid_h = rows * card_h + (rows - 1) * gap_y
    left = _offset(file, t["grid"].get("left", "center"), paper_w - grid_w, "left", length)
    top = _offset(file, t["grid"].get("top", "center"), paper_h - grid_h, "top", length)
    fold, gutter = None, 0.0
    if "fold" in t:
        fold = file.expect(t["fold"]["line"], str, "[fold]", "line")
        if fold not in ("horizontal", "vertical"):
            raise file.said("[fold] line", "data.template.fold-line", fold=fold)
        gutter = length("fold", "gutter")
        if not 0 <= gutter <= 100 * mm:
            raise file.said("[fold] gutter", "data.template.gutter", gutter=format_mm(gutter))
        # The fronts sit against the fold, the gutter's half away from it.
        across = "top" if fold == "horizontal" else "left"
        if across in t["grid"]:
            raise file.said(f"[grid] {across}", "data.template.fold-grid")
        if fold == "horizontal":
            top = paper_h / 2 - gutter / 2 - grid_h
        else:
            left = paper_w / 2 - gutter / 2 - grid_w
    print_lengths = {
        key: length("print", key, default)
        for key, default in (
            ("bleed", "0mm"),
            ("mark_length", "6mm"),
            ("mark_offset", "0.5mm"),
            ("margin", "0mm"),
        )
    }
    for key, value in print_lengths.items():
        if not 0 <= value <= _MAX_PRINT[key]:
            raise file.said(
                f"[print] {key}",
                "data.template.between",
                most=format_mm(_MAX_PRINT[key]),
                value=format_mm(value),
            )
    registration = None
    if "marks" in t:
        marks = {key: length("marks", key, default) for key, default in _MARK_DEFAULTS.items()}
        for key, value in marks.items():
            if not 0 < value <= 50 * mm:
                raise file.said(
                    f"[marks] {key}",
                    "data.template.between",
                    most=format_mm(50 * mm),
                    value=format_mm(value),
                )
        registration = Registration(**marks)
    template = Template(
        name=name,
        description=" ".join(description.split()),
        source=file.name,
        paper=paper_name(paper_w, paper_h) or "custom",
        paper_width=paper_w,
        paper_height=paper_h,
        card_width=card_w,
        card_height=card_h,
        corner_radius=radius,
        columns=columns,
        rows=rows,
        gap_x=gap_x,
        gap_y=gap_y,
        left=left,
        top=top,
        bleed=print_lengths["bleed"],
        crop_marks=flag("crop_marks", False),
        cut_lines=flag("cut_lines", False),
        backs=flag("backs", True),
        mark_length=print_lengths["mark_length"],
        mark_offset=print_lengths["mark_offset"],
        margin=print_lengths["margin"],
        fold=fold,
        gutter=gutter,
        registration=registration,
        cut_file=flag("cut_file", False),
        labels=flag("labels", True),
        fixed=fixed,
    )
    _check_fits(file, template)
    _check_fold(file, template)
    _check_marks(file, template)
    return template


def _paper(file: DataFile, paper: Any, length) -> tuple[float, float]:
    if isinstance(paper, str):
        paper = {"size": paper}
    file.expect(paper, dict, "[paper]", "paper")
    if "size" in paper:
        size = file.expect(paper["size"], str, "[paper]", "size").casefold()
        if size not in PAPER_SIZES:
            close = did_you_mean(size, PAPER_SIZES, n=1)
            hint = (
                say("data.did-you-mean", name=close[0])
                if close
                else say("data.template.sizes", sizes=joined(PAPER_SIZES, "list"))
            )
            raise file.said("[paper]", "data.template.paper-size", size=size, hint=hint)
        if "width" in paper or "height" in paper:
            raise file.said("[paper]", "data.template.size-or-sides")
        width, height = PAPER_SIZES[size]
    else:
        width, height = length("paper", "width"), length("paper", "height")
        if not (0 < width <= _MAX_PAPER + 1e-6 and 0 < height <= _MAX_PAPER + 1e-6):
            raise file.said("[paper]", "data.template.paper-sides")
    orientation = file.expect(paper.get("orientation", "portrait"), str, "[paper]", "orientation")
    if orientation not in ("portrait", "landscape"):
        raise file.said("[paper]", "data.template.orientation", orientation=orientation)
    if orientation == "landscape":
        width, height = max(width, height), min(width, height)
    return width, height


def _offset(file: DataFile, value: Any, room: float, key: str, length) -> float:
    if value == "center":
        return room / 2
    if not isinstance(value, str):
        raise file.said("[grid]", "data.template.offset", key=key)
    return length("grid", key)


def _check_fits(file: DataFile, t: Template) -> None:
    """The cards, their bleed and any marks must lie on the paper, inside its margin."""
    right = t.paper_width - t.left - t.grid_width
    bottom = t.paper_height - t.top - t.grid_height
    need = t.bleed + t.margin
    for side, room, key in (
        ("left", t.left, "left"),
        ("top", t.top, "top"),
        ("right", right, "left"),
        ("bottom", bottom, "top"),
    ):
        if room < need - 0.01 * mm:
            short = format_mm(need - room)
            raise file.said(
                f"[grid] {key}",
                "data.template.off-paper",
                bleed=format_mm(t.bleed),
                short=short,
                side=say(f"data.layout.side.{side}"),
            )
        if t.crop_marks and room - t.bleed - t.margin - t.mark_offset < 2 * mm:
            raise file.said(
                "[print] crop_marks",
                "data.template.no-crop-room",
                side=say(f"data.layout.side.{side}"),
                room=format_mm(room),
            )


def _check_fold(file: DataFile, t: Template) -> None:
    """A gutterfold's two halves must not meet: each card's bleed stays 1 mm off the fold."""
    if t.fold is None:
        return
    need = 2 * (t.bleed + 1 * mm)
    if t.gutter < need - 0.01 * mm:
        raise file.said(
            "[fold] gutter",
            "data.template.fold-gutter",
            need=format_mm(need),
            gutter=format_mm(t.gutter),
        )
    if not t.backs:
        raise file.said("[print] backs", "data.template.fold-backs")


def _check_marks(file: DataFile, t: Template) -> None:
    """Every card with its bleed lies inside the registration marks' frame and clear of
    every mark, so that the cutter's sensor reads only the marks."""
    from ..layout.impose import slot_rects
    from ..layout.marks import mark_zones, registration_frame

    if t.registration is None:
        return
    if t.fold is not None:
        raise file.said("[marks]", "data.template.fold-marks")
    frame = registration_frame(t)
    zones = mark_zones(t)
    for index, trim in enumerate(slot_rects(t)):
        inked = trim.inset(-t.bleed)
        if not inked.inside(frame):
            raise file.said("[marks] inset", "data.template.outside-marks", card=index + 1)
        for zone in zones:
            if inked.overlaps(zone):
                raise file.said(
                    "[marks] clearance",
                    "data.template.near-mark",
                    card=index + 1,
                    clearance=format_mm(t.registration.clearance),
                )
