"""Where a layout's boxes go on one card: pure geometry over the layout's values.

A layout measures from the trim's top-left corner with y running down; PDF measures
from the bottom-left with y up. ``placed`` turns each box that shows for a card into
a rectangle in the card's own PDF coordinates, a shape or picture that touches the trim
and asks for it running on into the bleed. ``scaled`` fits a layout to a card of
another size; ``stacked_marks`` sets out a marks box: a row of target icons with their
labels over a stack of badges, centred together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from ..errors import RenderError
from ..units import mm
from ..values.design import Box, CardSet, Layout
from .impose import Rect

__all__ = [
    "Badge",
    "Placed",
    "Target",
    "can_scale",
    "ground_under",
    "placed",
    "scaled",
    "scaled_set",
    "stacked_marks",
    "target_label",
]

_TOUCH = 0.01 * mm
#: A layout may be drawn on a card this much smaller or larger than it was drawn for.
_MAX_STRETCH = 0.05


class Placed(NamedTuple):
    box: Box
    rect: Rect  # in the card's PDF coordinates, padding not yet taken off
    inner: Rect  # the rectangle its content fits in (padding taken off)


def placed(layout: Layout, values: Mapping[str, str], bleed: float = 0.0) -> list[Placed]:
    """The boxes that show for a card, in drawing order (the layout's order)."""
    out = []
    for box in layout.boxes:
        if box.when is not None and not box.when.holds(values):
            continue
        rect = Rect(box.x, layout.height - box.y - box.h, box.w, box.h)
        if box.bleed and box.kind in ("shape", "picture") and bleed > 0:
            rect = rect.grown(
                bleed if box.x <= _TOUCH else 0.0,
                bleed if rect.y <= _TOUCH else 0.0,
                bleed if rect.right >= layout.width - _TOUCH else 0.0,
                bleed if rect.top >= layout.height - _TOUCH else 0.0,
            )
        inner = rect.inset(box.padding) if box.padding else rect
        out.append(Placed(box, rect, inner))
    return out


def ground_under(layout: Layout, values: Mapping[str, str], box: Box) -> Box | None:
    """What ``box``'s text and lines are read against: the last filled shape drawn before
    it that shows for the card and holds the box's centre (None: the bare paper)."""
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    under = None
    for other in layout.boxes:
        if other is box:
            break
        if other.kind != "shape" or other.content == "line" or other.fill is None:
            continue
        if other.when is not None and not other.when.holds(values):
            continue
        if other.x <= cx <= other.x + other.w and other.y <= cy <= other.y + other.h:
            under = other
    return under


def scaled_set(cards: CardSet, width: float, height: float) -> CardSet:
    """A card set drawn on cards of ``width`` x ``height``: every layout ``scaled``."""
    if (width, height) == cards.card_size:
        return cards
    return cards._replace(
        front=scaled(cards.front, width, height),
        layouts={key: scaled(layout, width, height) for key, layout in cards.layouts.items()},
    )


def can_scale(size: tuple[float, float], to: tuple[float, float]) -> bool:
    """Whether a layout drawn for cards of ``size`` can be drawn on cards of ``to``: each
    side at most _MAX_STRETCH longer or shorter."""
    return max(abs(to[0] / size[0] - 1), abs(to[1] / size[1] - 1)) <= _MAX_STRETCH


def scaled(layout: Layout, width: float, height: float) -> Layout:
    """The layout on a card of ``width`` x ``height``: each box moved and sized with the
    card's width and height, type, lines and corners with the smaller of the two (so
    nothing is stretched), never under 6 pt. RenderError when the card differs by more
    than 5% in either direction."""
    if abs(width - layout.width) < 1e-6 and abs(height - layout.height) < 1e-6:
        return layout
    sx, sy = width / layout.width, height / layout.height
    if not can_scale((layout.width, layout.height), (width, height)):
        from ..values.cardsizes import format_size

        raise RenderError.said(
            "data.render.too-far",
            file=layout.source,
            size=format_size((layout.width, layout.height)),
            asked=format_size((width, height)),
        )
    s = min(sx, sy)

    def box_on(box: Box) -> Box:
        w, h = box.w * sx, box.h * sy
        x, y = box.x * sx, box.y * sy
        if box.module:  # a QR code keeps its modules, so its box keeps its size, anchored
            w, h = box.w, box.h
            x = {"left": x, "center": x + (box.w * sx - w) / 2, "right": x + box.w * sx - w}
            y = {"top": y, "middle": y + (box.h * sy - h) / 2, "bottom": y + box.h * sy - h}
            x, y = x[box.align], y[box.valign]
        return box._replace(
            x=x,
            y=y,
            w=w,
            h=h,
            padding=box.padding * s,
            radius=box.radius * s,
            stroke_width=box.stroke_width * s,
            size=max(6.0, box.size * s),
            min_size=max(6.0, box.min_size * s),
        )

    boxes = tuple(box_on(box) for box in layout.boxes)
    return layout._replace(width=width, height=height, boxes=boxes, scale=layout.scale * s)


class Target(NamedTuple):
    """A target in a marks box: its icon (drawn three deep for "all-"), and its label."""

    icon_name: str  # "living", without "all-"
    icon: Rect
    label: str
    label_x: float  # centre
    label_y: float  # baseline
    many: bool  # "all-...": two more icons behind, offset


class Badge(NamedTuple):
    """A badge in a marks box: a rounded box, an optional icon, a label."""

    box: Rect
    mark: str | None  # the icon's name
    icon: Rect | None
    label: str
    label_x: float  # start
    label_y: float  # baseline


def target_label(target: str) -> str:
    """A target's label: "all-living" is ALL LIVING, in the language spoken (a designed
    deck's own icon names as they are: "fire" is FIRE)."""
    from ..words import section

    said = section("print").get(f"print.target-{target}")
    return (said or target.replace("-", " ")).upper()


def stacked_marks(
    room: Rect,
    targets: tuple[str, ...],
    badges: tuple[tuple[str | None, str], ...],
    label_size: float,
    s: float,
    measure: Callable[[str], float],
    name: str,
) -> tuple[tuple[Target, ...], tuple[Badge, ...]]:
    """The target icons with their labels, and under them the badges, stacked and
    centred in ``room``. ``measure(text)`` is a label's width; ``s`` the layout's scale.
    RenderError, naming ``name``, when they do not fit."""
    icon = 6.0 * mm * s
    label = label_size
    gap = 1.4 * mm * s
    items = []
    for target in targets:
        text = target_label(target)
        many = target.startswith("all-")
        items.append((target, text, max(icon * (1.35 if many else 1.0), measure(text)), many))
    badge = 3.4 * mm * s
    badge_h = badge + 1.2 * mm * s
    targets_h = (icon + label * 1.25) if items else 0.0
    count = len(badges)
    block = targets_h + count * badge_h + max(0, count - (0 if items else 1)) * gap
    if block > room.h + 1e-6:
        raise RenderError.said("data.render.targets", where=name)
    total = sum(item[2] for item in items) + gap * max(0, len(items) - 1)
    if total > room.w + 1e-6:
        raise RenderError.said("data.render.target-icons", where=name)
    centre = room.x + room.w / 2
    y = room.y + (room.h + block) / 2  # the block's top
    x = centre - total / 2
    icons_bottom = y - icon
    placed_targets = []
    for target, text, width, many in items:
        cx = x + width / 2
        box = Rect(cx - icon / 2, icons_bottom, icon, icon)
        kind = target.removeprefix("all-")
        placed_targets.append(Target(kind, box, text, cx, icons_bottom - label, many))
        x += width + gap
    y -= targets_h + (gap if items else 0.0)
    placed_badges = []
    for icon_name, text in badges:
        inset = badge + 0.8 * mm * s if icon_name else 0.0
        width = inset + measure(text)
        if width + 2.0 * mm * s > room.w + 1e-6:
            raise RenderError.said("data.render.badge", where=name, text=text)
        bx = centre - width / 2
        bottom = y - badge_h
        box = Rect(bx - 1.0 * mm * s, bottom, width + 2.0 * mm * s, badge_h)
        icon_box = Rect(bx, bottom + 0.6 * mm * s, badge, badge) if icon_name else None
        baseline = bottom + badge_h / 2 - label * 0.35
        placed_badges.append(Badge(box, icon_name, icon_box, text, bx + inset, baseline))
        y = bottom - gap
    return tuple(placed_targets), tuple(placed_badges)
