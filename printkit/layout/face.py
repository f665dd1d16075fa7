"""Where everything on a card's face goes: named boxes, from the card's size and facts.

Pure geometry, in points, with the origin at the trim's bottom-left corner. The design
is drawn for a poker card (2.5 x 3.5 in) and scales with the card a template asks for
(``scale``). A front holds, top to bottom: the playing-card index in the top-left corner
(and again, turned, bottom-right), the title band, the picture, the text, and a footer
with the QR code on the left and the target icons and badges stacked in the rest. The
painter (``printkit.render.face``) only draws into these boxes; the aid painter uses the
same frame and safe area.

Print rules the geometry keeps: the frame lies 3 mm inside the trim, so a cut 1 mm off
does not show as uneven borders; everything printed lies inside the frame (the safe
area); the text ends above the footer; a QR module is at least 0.4 mm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import RenderError
from ..units import inch, mm
from .impose import Rect

__all__ = [
    "DESIGN",
    "FACE_BLEED",
    "FRAME_INSET",
    "LABEL_SIZE",
    "QR_MODULE",
    "QUIET",
    "AidLayout",
    "Badge",
    "CardFrame",
    "FaceFacts",
    "FaceLayout",
    "Target",
    "aid_layout",
    "card_frame",
    "face_layout",
    "qr_side",
    "title_width",
]

#: How far every face is drawn past its trim, so that a sheet or a shop can use bleed.
FACE_BLEED = 0.125 * inch
#: The frame's distance from the trim: a cut 1 mm off still leaves even borders.
FRAME_INSET = 3.0 * mm
#: The card the design is drawn for; other sizes scale it.
DESIGN = (2.5 * inch, 3.5 * inch)
#: The smallest type on a card: target labels and badges.
LABEL_SIZE = 6.0
#: A QR code's module: what a phone camera reads from a printed card.
QR_MODULE = 0.4 * mm
#: Modules of light around a QR code, as the standard asks.
QUIET = 4

_TARGET_LABELS = {
    "living": "LIVING",
    "dead": "DEAD",
    "all-living": "ALL LIVING",
    "all-dead": "ALL DEAD",
}


@dataclass(frozen=True)
class CardFrame:
    """What every face shares: the trim, the bleed, a double frame and the safe area."""

    scale: float
    trim: Rect
    bleed: Rect
    frame: Rect
    inner_frame: Rect
    safe: Rect  # inside the inner frame: where everything printed lies
    corner: float  # the frame's corner radius
    inner_corner: float


def card_frame(width: float, height: float) -> CardFrame:
    s = min(width / DESIGN[0], height / DESIGN[1])
    trim = Rect(0, 0, width, height)
    frame = trim.inset(FRAME_INSET)
    inner = frame.inset(0.75 * mm * s)
    return CardFrame(
        s, trim, trim.inset(-FACE_BLEED), frame, inner, inner, 2.0 * mm * s, 1.4 * mm * s
    )


@dataclass(frozen=True)
class FaceFacts:
    """What the geometry needs to know about one card."""

    name: str  # "card 2S (Spook!)", for messages
    index: bool  # a playing card: rank and pip in two corners
    targets: tuple[str, ...] = ()  # "living", "dead", "all-living", "all-dead"
    badges: tuple[tuple[str | None, str], ...] = ()  # (icon or None, label), top to bottom
    qr_version: int | None = None  # every QR code of a deck has one version


@dataclass(frozen=True)
class Target:
    """One target in the footer: its icon, drawn three deep for "all", and its label."""

    target: str
    kind: str  # "living" or "dead": the icon
    icon: Rect
    label: str
    label_x: float  # centre
    label_y: float  # baseline
    many: bool  # "all-...": two more icons behind, offset


@dataclass(frozen=True)
class Badge:
    """A mark in the footer: a rounded box, an optional icon, a label."""

    box: Rect
    mark: str | None  # the icon's name
    icon: Rect | None
    label: str
    label_x: float  # start
    label_y: float  # baseline


@dataclass(frozen=True)
class FaceLayout:
    frame: CardFrame
    index: Rect | None  # the top-left index (rank over pip); turned in the bottom-right
    index_size: float  # the rank's type size
    index_baseline: float
    pip: Rect | None
    title: Rect  # the band the name is centred in (one or two lines)
    title_width: float  # the room a line of the name has, between the corner indexes
    picture: Rect
    text: Rect
    footer: Rect
    qr: Rect | None
    icons: Rect  # the footer's room for targets and badges
    targets: tuple[Target, ...]
    badges: tuple[Badge, ...]


def qr_side(version: int | None) -> float:
    """The side of a drawn QR code of ``version``, quiet zone included."""
    return (17 + 4 * version + 2 * QUIET) * QR_MODULE if version else 0.0


def title_width(width: float, height: float) -> float:
    """The room a line of a card's name has, between the corner indexes."""
    return width - 2 * (FRAME_INSET + 9.6 * mm * card_frame(width, height).scale)


def face_layout(
    width: float, height: float, facts: FaceFacts, measure: Callable[[str], float]
) -> FaceLayout:
    """Every box of a front of ``width`` x ``height`` points. ``measure(text)`` is the
    width of a label at LABEL_SIZE in the label face. RenderError if the footer cannot
    hold the card's targets and badges."""
    frame = card_frame(width, height)
    s = frame.scale

    index = pip = None
    index_size = 14.0 * s
    index_baseline = height - FRAME_INSET - 1.3 * mm * s - index_size * 0.72
    if facts.index:
        centre = FRAME_INSET + 4.4 * mm * s
        pip_side = 4.6 * mm * s
        pip = Rect(
            centre - pip_side / 2, index_baseline - pip_side - 1.0 * mm * s, pip_side, pip_side
        )
        half = 3.4 * mm * s
        top = height - FRAME_INSET - 1.0 * mm * s
        index = Rect(centre - half, pip.y, 2 * half, top - pip.y)

    title_top = height - FRAME_INSET - 1.0 * mm * s
    title = Rect(frame.safe.x, title_top - 10.0 * mm * s, frame.safe.w, 10.0 * mm * s)

    margin = FRAME_INSET + 1.8 * mm * s
    picture_h = 25.5 * mm * s
    picture_top = title.y - 1.2 * mm * s
    picture = Rect(margin, picture_top - picture_h, width - 2 * margin, picture_h)

    inner = FRAME_INSET + 1.4 * mm * s
    side = qr_side(facts.qr_version)
    footer_top = inner + max(side, 15.6 * mm * s) + 0.6 * mm * s
    footer = Rect(inner, inner, width - 2 * inner, footer_top - inner)
    qr = Rect(inner, inner, side, side) if facts.qr_version else None

    text_top = picture.y - 1.6 * mm * s
    text_bottom = footer_top + 1.2 * mm * s
    text = Rect(margin, text_bottom, width - 2 * margin, text_top - text_bottom)
    if text.h < 6.0 * mm * s:
        raise RenderError(
            f"{facts.name}: a card of {width / mm:.1f} x {height / mm:.1f} mm leaves too little "
            "room for the text under the picture and over the QR code; use a larger card or "
            "--no-qr"
        )

    left = inner + side + 1.0 * mm * s if qr else inner
    right = width - (FRAME_INSET + (8.4 if facts.index else 1.4) * mm * s)
    icons = Rect(left, inner, right - left, footer_top - inner)
    targets, badges = _footer_items(icons, facts, s, measure)
    return FaceLayout(
        frame=frame,
        index=index,
        index_size=index_size,
        index_baseline=index_baseline,
        pip=pip,
        title=title,
        title_width=title_width(width, height),
        picture=picture,
        text=text,
        footer=footer,
        qr=qr,
        icons=icons,
        targets=targets,
        badges=badges,
    )


def _footer_items(
    room: Rect, facts: FaceFacts, s: float, measure: Callable[[str], float]
) -> tuple[tuple[Target, ...], tuple[Badge, ...]]:
    """The target icons with their labels, and under them the badges, stacked and
    centred in the footer's room."""
    icon = 6.0 * mm * s
    label = LABEL_SIZE
    gap = 1.4 * mm * s
    items = []
    for target in facts.targets:
        text = _TARGET_LABELS[target]
        many = target.startswith("all")
        items.append((target, text, max(icon * (1.35 if many else 1.0), measure(text)), many))
    badge = 3.4 * mm * s
    badge_h = badge + 1.2 * mm * s
    targets_h = (icon + label * 1.25) if items else 0.0
    marks = len(facts.badges)
    block = targets_h + marks * badge_h + max(0, marks - (0 if items else 1)) * gap
    if block > room.h + 1e-6:
        raise RenderError(
            f"{facts.name}: its targets and marks do not fit the footer; give it fewer targets"
        )
    total = sum(item[2] for item in items) + gap * max(0, len(items) - 1)
    if total > room.w + 1e-6:
        raise RenderError(f"{facts.name}: its target icons are wider than the footer")
    centre = room.x + room.w / 2
    y = room.y + (room.h + block) / 2  # the block's top
    x = centre - total / 2
    icons_bottom = y - icon
    targets = []
    for target, text, width, many in items:
        cx = x + width / 2
        kind = "dead" if target.endswith("dead") else "living"
        box = Rect(cx - icon / 2, icons_bottom, icon, icon)
        targets.append(Target(target, kind, box, text, cx, icons_bottom - label, many))
        x += width + gap
    y -= targets_h + (gap if items else 0.0)
    badges = []
    for icon_name, text in facts.badges:
        inset = badge + 0.8 * mm * s if icon_name else 0.0
        width = inset + measure(text)
        if width + 2.0 * mm * s > room.w + 1e-6:
            raise RenderError(
                f"{facts.name}: the mark {text!r} is wider than the footer; shorten the "
                "type's label"
            )
        bx = centre - width / 2
        bottom = y - badge_h
        box = Rect(bx - 1.0 * mm * s, bottom, width + 2.0 * mm * s, badge_h)
        icon_box = Rect(bx, bottom + 0.6 * mm * s, badge, badge) if icon_name else None
        baseline = bottom + badge_h / 2 - label * 0.35
        badges.append(Badge(box, icon_name, icon_box, text, bx + inset, baseline))
        y = bottom - gap
    return tuple(targets), tuple(badges)


@dataclass(frozen=True)
class AidLayout:
    """A player aid's face: the frame, a header line and the room for its sections."""

    frame: CardFrame
    header_baseline: float
    header_size: float
    body: Rect


def aid_layout(width: float, height: float) -> AidLayout:
    frame = card_frame(width, height)
    s = frame.scale
    margin = 4.6 * mm * s
    top, bottom = height - 7.6 * mm * s, 4.2 * mm * s
    return AidLayout(
        frame=frame,
        header_baseline=height - 4.4 * mm * s - 4 * s,
        header_size=6.5 * s,
        body=Rect(margin, bottom, width - 2 * margin, top - bottom),
    )
