"""``printkit lookup``: any notation or name in, the card(s) out; a miss exits 2 with help."""

from __future__ import annotations

import json
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.cli.terminal import fill
from printkit.rules.lookup import find

SUIT_ORDER = ["spades", "clubs", "hearts", "diamonds"]
RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@pytest.mark.parametrize("query", ["7D", "7d", "7♦", "seven of diamonds", "7 of D", "7 diamonds"])
def test_every_notation_finds_syphon(cli, query):
    result = cli("lookup", query, "--json")
    assert result.status == 0, result.err
    [card] = json.loads(result.out)
    assert card["code"] == "7D" and card["name"] == "Syphon"


def test_queen_of_diamonds_is_nightmare(cli):
    result = cli("lookup", "queen of diamonds", "--json")
    [card] = json.loads(result.out)
    assert card == card | {
        "code": "QD", "rank": "Q", "suit": "diamonds", "name": "Nightmare",
        "color": "red", "value": 10,
    }  # fmt: skip
    assert card["text"]


@pytest.mark.parametrize(
    ("query", "codes"),
    [
        ("syphon", ["7D", "10D"]),
        ("Death and Taxes", ["5C", "10H"]),
        ("mightmare", ["6D", "QD"]),
        ("cemetary", ["7C", "9C"]),
        ("SPOOK", ["2S", "8S", "KS"]),
        ("east wind", ["3H", "8H"]),
        ("Desicrate Grave", ["3D", "JD"]),
    ],
)
def test_a_name_gives_every_card_in_suit_then_rank_order(cli, query, codes):
    result = cli("lookup", query, "--json")
    assert result.status == 0, result.err
    cards = json.loads(result.out)
    assert [c["code"] for c in cards] == codes
    keys = [(SUIT_ORDER.index(c["suit"]), RANK_ORDER.index(c["rank"])) for c in cards]
    assert keys == sorted(keys)


def test_json_has_the_promised_fields(cli):
    [card] = json.loads(cli("lookup", "10H", "--json").out)
    for key, kind in [("code", str), ("rank", str), ("suit", str), ("name", str),
                      ("color", str), ("value", int), ("text", str)]:  # fmt: skip
        assert isinstance(card[key], kind), key
    assert card["rank"] == "10" and card["code"] == "10H"


def test_ace_value_switch(cli):
    [high] = json.loads(cli("lookup", "AS", "--json").out)
    [low] = json.loads(cli("lookup", "AS", "--json", "--ace-value", "1").out)
    assert (high["value"], low["value"]) == (11, 1)
    human = cli("lookup", "AS").out
    assert "value 11" in human and "--ace-value" in human


def test_human_output_tells_the_whole_story(cli):
    out = cli("lookup", "7D").out
    assert "7♦" in out and "Syphon" in out and "red" in out and "value 7" in out
    assert "dead player" in out and "Cannot be negated" in out and "Same effect: 10♦" in out


def test_bad_card_exits_2_with_one_line(cli):
    result = cli("lookup", "1S")
    assert result.status == 2 and result.out == ""
    assert result.err.count("\n") == 1 and "an ace is A" in result.err


def test_a_near_miss_suggests_the_closest(cli):
    result = cli("lookup", "siphon")
    assert result.status == 2
    assert result.err.strip() == "printkit: 'siphon': did you mean Syphon (7♦, 10♦)?"


def test_a_total_miss_says_what_to_type(cli):
    result = cli("lookup", "xyzzy quux")
    assert result.status == 2 and "try 7D" in result.err and result.err.count("\n") == 1


def test_usage_errors_are_one_line_and_exit_2(cli):
    result = cli("lookup")
    assert result.status == 2 and result.err.count("\n") == 1
    result = cli("lookup", "7D", "--ace-value", "5")
    assert result.status == 2 and result.err.count("\n") == 1


def test_find_agrees_with_the_deck(deck):
    for card in deck.cards:
        assert find(deck, card.playing_card.code) == (card,)
        assert card in find(deck, card.effect.name)


_WORD = st.text(
    st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc", "Cs")), min_size=1, max_size=30
)


@given(
    words=st.lists(_WORD, max_size=40),
    indent=st.sampled_from(["", "  "]),
    columns=st.integers(10, 100),
)
def test_the_terminal_fill_breaks_lines_as_textwrap_does_at_spaces(words, indent, columns):
    text = " ".join(words)
    expected = textwrap.fill(
        text,
        width=columns,
        initial_indent=indent,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    assert fill(text, indent, columns) == expected


def test_every_effect_text_fills_within_the_terminal(deck):
    for effect in deck.effects:
        for line in fill(effect.text, columns=60).splitlines():
            assert line.startswith("  ")
            assert len(line) <= 60 or " " not in line.strip()
