"""The shipped look as geometry (data/layouts/western): every box inside the safe area on
every template; the text above the footer; QR modules never under 0.4 mm; a marks box's
targets and badges inside their box on any room, or one clear error."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.errors import RenderError
from printkit.layout.aid import aid_layout, frame_rect
from printkit.layout.design import placed, scaled, stacked_marks
from printkit.layout.impose import Rect
from printkit.load.catalogue import load_deck
from printkit.load.fields import card_fields
from printkit.load.templates import load_template, template_names
from printkit.render.qr import QUIET
from printkit.units import mm

TARGETS = st.sampled_from(
    [(), ("living",), ("dead",), ("all-living",), ("all-dead",), ("living", "dead")]
)
BADGES = st.lists(
    st.sampled_from([("reaction", "ANY TIME"), ("unstoppable", "NO NEGATION"), (None, "BLUE")]),
    max_size=3,
    unique=True,
)
#: The look's ground and frames run to the trim and its bleed; everything else is inside.
_FRAMING = {"ground", "frame", "inner_frame"}


def _measure(text: str) -> float:
    """A stand-in for the label face's metrics: wide capitals at 6 pt."""
    return len(text) * 4.2


@pytest.mark.parametrize("name", template_names())
def test_every_box_of_every_card_is_inside_the_safe_area_on_every_template(name):
    t = load_template(name)
    for deck_id in ("dead-mens-deck", "simplified-bang"):
        deck = load_deck(deck_id)
        assert deck.look is not None
        front = scaled(deck.look.front, t.card_width, t.card_height)
        safe = frame_rect(t.card_width, t.card_height)
        for card in deck.cards:
            boxes = {p.box.name: p.rect for p in placed(front, card_fields(card, deck, True, True))}
            for box_name, rect in boxes.items():
                if box_name not in _FRAMING:
                    assert rect.inside(safe, 0.01 * mm), (card.code, box_name, rect, safe)
            # Top to bottom: title, picture, text, then the footer's code and marks.
            assert boxes["title"].y >= boxes["picture"].top - 1e-6
            assert boxes["picture"].y >= boxes["text"].top - 1e-6
            marks = boxes.get("marks") or boxes["marks_plain"]
            assert boxes["text"].y >= max(boxes["qr"].top, marks.top) - 1e-6
        assert aid_layout(t.card_width, t.card_height).body.inside(safe)


@pytest.mark.parametrize("name", template_names())
def test_the_decks_qr_codes_fit_their_box_at_0_4_mm_modules(name):
    from printkit.render.qr import qr_version
    from printkit.rules.qrcontent import card_text

    t = load_template(name)
    for deck_id in ("dead-mens-deck", "simplified-bang"):
        deck = load_deck(deck_id)
        (box,) = [b for b in scaled(deck.look.front, t.card_width, t.card_height).boxes if b.module]
        assert box.module >= 0.4 * mm - 1e-9
        version = qr_version(card_text(card, deck) for card in deck.cards)
        side = (17 + 4 * version + 2 * QUIET) * box.module
        assert side <= min(box.w, box.h) + 0.01


def test_a_deck_whose_rulings_outgrow_the_qr_box_is_told_which_box(tmp_path):
    from printkit.render.cards import card_pages

    from .printed import printed

    deck = load_deck()
    long = deck.effects[0]._replace(summary="A ruling that runs on and on. " * 8)
    cards = tuple(c._replace(effect=long) if c.effect.id == long.id else c for c in deck.cards)
    deck = deck._replace(cards=cards)
    with pytest.raises(RenderError, match=r"front.toml \[box.qr\]: the deck’s QR codes need"):
        card_pages(printed(deck), qr=True)


def test_a_look_on_a_card_far_from_its_size_is_refused_in_one_line():
    deck = load_deck()
    with pytest.raises(
        RenderError, match=r"front.toml is drawn for 63.5 × 88.9 mm cards; 41 × 63 mm"
    ):
        scaled(deck.look.front, 41 * mm, 63 * mm)
    near = scaled(deck.look.front, 63 * mm, 88 * mm)
    text = next(b for b in near.boxes if b.name == "text")
    assert text.min_size >= 6.0 and near.scale < 1


@settings(max_examples=300, deadline=None)
@given(
    width=st.floats(20 * mm, 80 * mm),
    height=st.floats(8 * mm, 40 * mm),
    targets=TARGETS,
    badges=BADGES,
    scale=st.floats(0.6, 1.6),
)
def test_marks_lie_inside_their_box_or_say_they_do_not_fit(width, height, targets, badges, scale):
    room = Rect(5 * mm, 5 * mm, width, height)
    try:
        placed_targets, placed_badges = stacked_marks(
            room, targets, tuple(badges), 6.0, scale, _measure, "card 7D (Syphon), [box.marks]"
        )
    except RenderError as exc:
        assert str(exc).startswith("card 7D (Syphon), [box.marks]: ")
        return
    for target in placed_targets:
        assert target.icon.inside(room)
        assert target.label_y - 0.25 * 6 >= room.y - 1e-6
    for badge in placed_badges:
        assert badge.box.inside(room)
        if badge.icon is not None:
            assert badge.icon.inside(badge.box)
    assert len(placed_targets) == len(targets) and len(placed_badges) == len(badges)


def _data_copy(tmp_path):
    import shutil
    from pathlib import Path

    root = Path(__file__).parent.parent / "data"
    data = tmp_path / "data"
    shutil.copytree(root, data)
    return data


def test_a_look_that_reads_a_field_no_card_has_is_refused_when_the_deck_is_read(tmp_path):
    from printkit.errors import CatalogueError

    data = _data_copy(tmp_path)
    front = data / "layouts" / "western" / "front.toml"
    front.write_text(front.read_text().replace('text = "{text}"', 'text = "{flavour}"'))
    with pytest.raises(CatalogueError) as caught:
        load_deck("dead-mens-deck", data)
    message = str(caught.value)
    assert "front.toml, [box.text]: no field 'flavour'" in message and "\n" not in message


def test_a_deck_may_name_its_own_look_and_an_unknown_one_is_one_line(tmp_path):
    import shutil

    from printkit.errors import CatalogueError

    data = _data_copy(tmp_path)
    shutil.copytree(data / "layouts" / "western", data / "layouts" / "plain")
    deck_toml = data / "decks" / "dead-mens-deck" / "deck.toml"
    text = deck_toml.read_text()
    deck_toml.write_text(
        text.replace('index = "playing-cards"', 'index = "playing-cards"\nlook = "plain"')
    )
    assert load_deck("dead-mens-deck", data).look.name == "plain"
    deck_toml.write_text(deck_toml.read_text().replace('look = "plain"', 'look = "nope"'))
    with pytest.raises(CatalogueError, match="no look 'nope'; a look is a folder in data/layouts"):
        load_deck("dead-mens-deck", data)
