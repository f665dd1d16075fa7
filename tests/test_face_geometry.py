"""The card face as geometry (printkit.layout.face): every box inside the safe area, on
every template and on any card size the design can hold; text above the footer; QR
modules never under 0.4 mm; the painter draws into exactly these boxes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.catalogue import load_deck
from printkit.errors import RenderError
from printkit.layout.face import (
    QR_MODULE,
    QUIET,
    FaceFacts,
    FaceLayout,
    aid_layout,
    card_frame,
    face_layout,
    qr_side,
)
from printkit.layout.impose import Rect
from printkit.load.templates import load_template, template_names
from printkit.units import mm

TARGETS = st.sampled_from(
    [(), ("living",), ("dead",), ("all-living",), ("all-dead",), ("living", "dead")]
)
BADGES = st.lists(
    st.sampled_from(
        [("mark-reaction", "ANY TIME"), ("mark-unstoppable", "NO NEGATION"), (None, "BLUE CARD")]
    ),
    max_size=3,
    unique=True,
)


def _measure(text: str) -> float:
    """A stand-in for the label face's metrics: wide capitals at 6 pt."""
    return len(text) * 4.2


def _boxes(layout: FaceLayout) -> dict[str, Rect]:
    named = {
        "title": layout.title,
        "picture": layout.picture,
        "text": layout.text,
        "footer": layout.footer,
        "icons": layout.icons,
    }
    for key in ("index", "pip", "qr"):
        if getattr(layout, key) is not None:
            named[key] = getattr(layout, key)
    for i, target in enumerate(layout.targets):
        named[f"target {i}"] = target.icon
    for i, badge in enumerate(layout.badges):
        named[f"badge {i}"] = badge.box
        if badge.icon is not None:
            named[f"badge icon {i}"] = badge.icon
    return named


def _check(layout: FaceLayout) -> None:
    safe = layout.frame.safe
    for name, box in _boxes(layout).items():
        assert box.w > 0 and box.h > 0, name
        assert box.inside(safe), (name, box, safe)
    # The frame lies 3 mm inside the trim; the safe area inside the frame.
    assert abs(layout.frame.frame.x - 3 * mm) < 0.01 * mm
    assert layout.frame.safe.inside(layout.frame.frame)
    # The text ends above the footer, and under the picture, which is under the title.
    assert layout.text.y >= layout.footer.top
    assert layout.text.top <= layout.picture.y
    assert layout.picture.top <= layout.title.y
    # Targets and badges sit inside the footer's room, the labels included.
    for target in layout.targets:
        assert target.label_y - 0.25 * 6 >= layout.icons.y - 1e-6
        assert target.icon.inside(layout.icons)
    for badge in layout.badges:
        assert badge.box.inside(layout.icons)
    if layout.qr is not None:
        assert layout.qr.right <= layout.icons.x
        version = round((layout.qr.w / QR_MODULE - 2 * QUIET - 17) / 4)
        assert layout.qr.w / (17 + 4 * version + 2 * QUIET) >= 0.4 * mm - 1e-9


@pytest.mark.parametrize("name", template_names())
def test_every_box_of_every_card_is_inside_the_safe_area_on_every_template(name):
    from printkit.load.art import load_art
    from printkit.render.face import FacePainter
    from printkit.render.pdf import Document

    t = load_template(name)
    for deck_id in ("dead-mens-deck", "simplified-bang"):
        deck = load_deck(deck_id)
        doc = Document((t.paper_width, t.paper_height), "t", "t", kind="sheets", paper="custom")
        painter = FacePainter(doc, deck, load_art(deck), t.card_width, t.card_height)
        for card in deck.cards:
            _check(painter.layout(card))
        body = aid_layout(t.card_width, t.card_height).body
        assert body.inside(card_frame(t.card_width, t.card_height).safe)


@settings(max_examples=300, deadline=None)
@given(
    width=st.floats(40 * mm, 130 * mm),
    height=st.floats(55 * mm, 180 * mm),
    index=st.booleans(),
    targets=TARGETS,
    badges=BADGES,
    qr=st.one_of(st.none(), st.integers(1, 10)),
)
def test_any_card_size_gives_boxes_inside_the_safe_area_or_one_clear_error(
    width, height, index, targets, badges, qr
):
    facts = FaceFacts("card 7D (Syphon)", index, targets, tuple(badges), qr)
    try:
        layout = face_layout(width, height, facts, _measure)
    except RenderError as exc:
        assert str(exc).startswith("card 7D (Syphon): ")
        return
    _check(layout)


def test_a_poker_card_holds_a_busy_footer():
    facts = FaceFacts("card 7C", True, ("all-living",), (("mark-reaction", "ANY TIME"),), 4)
    layout = face_layout(2.5 * 72, 3.5 * 72, facts, _measure)
    _check(layout)
    assert layout.qr is not None and abs(layout.qr.w - qr_side(4)) < 1e-9


def test_a_card_too_small_for_its_qr_code_says_so():
    facts = FaceFacts("card 2S (Spook!)", True, ("living",), (), 10)
    with pytest.raises(RenderError, match=r"card 2S \(Spook!\): a card of .* --no-qr"):
        face_layout(41 * mm, 63 * mm, facts, _measure)
