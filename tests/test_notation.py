"""Card notation: every card round-trips through every notation; no input crashes the parser."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.errors import NotationError
from printkit.values.model import PlayingCard
from printkit.values.notation import NOTATIONS, format_card, looks_like_card, parse_card

ALL_CARDS = PlayingCard.every()


@pytest.mark.parametrize("style", NOTATIONS)
def test_every_card_round_trips_through_every_notation(style):
    for card in ALL_CARDS:
        assert parse_card(format_card(card, style)) == card


@given(card=st.sampled_from(ALL_CARDS), style=st.sampled_from(list(NOTATIONS)), data=st.data())
def test_round_trip_survives_case_and_spacing(card, style, data):
    text = format_card(card, style)
    swapped = "".join(
        ch.upper() if data.draw(st.booleans(), label="upper") else ch.lower() for ch in text
    )
    padded = (
        data.draw(st.sampled_from(["", " ", "  ", "\t"]))
        + swapped
        + data.draw(st.sampled_from(["", " ", "\n"]))
    )
    assert parse_card(padded) == card


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("7D", "7D"), ("7d", "7D"), ("7♦", "7D"), ("7♦️", "7D"), ("10H", "10H"), ("TH", "10H"),
        ("th", "10H"), ("QD", "QD"), ("queen of diamonds", "QD"), ("Q of D", "QD"),
        ("10 hearts", "10H"), ("ten of hearts", "10H"), ("the ace of spades", "AS"),
        ("as", "AS"), ("A♠", "AS"), ("k spades", "KS"), ("2 ♣", "2C"), ("J♡", "JH"),
        ("jack of clubs", "JC"), ("9 of diamond", "9D"),
    ],
)  # fmt: skip
def test_notations_players_type(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("1S", "an ace is A"),
        ("11H", "ranks are"),
        ("0D", "ranks are"),
        ("7X", "suits are"),
        ("Q of Z", "suits are"),
        ("", "empty"),
        ("hello", "write one like"),
    ],
)
def test_bad_notation_says_what_is_wrong(text, hint):
    with pytest.raises(NotationError, match=hint):
        parse_card(text)


@given(st.text())
def test_arbitrary_text_gives_a_card_or_a_clear_error(text):
    try:
        card = parse_card(text)
    except NotationError as exc:
        message = str(exc)
        assert message and "\n" not in message
    else:
        assert card in ALL_CARDS
    looks_like_card(text)  # never raises either


def test_values_and_colours_are_derived_from_rank_and_suit():
    by_code = {card.code: card for card in ALL_CARDS}
    assert by_code["7D"].color == "red" and by_code["7D"].value() == 7
    assert by_code["KS"].color == "black" and by_code["KS"].value() == 10
    assert by_code["JH"].value() == by_code["QC"].value() == 10
    assert by_code["AS"].value() == 11 and by_code["AS"].value(ace_value=1) == 1
    assert {c.color for c in ALL_CARDS if c.suit in ("spades", "clubs")} == {"black"}
    assert {c.color for c in ALL_CARDS if c.suit in ("hearts", "diamonds")} == {"red"}
