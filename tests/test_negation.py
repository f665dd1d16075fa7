"""Negation: the rulebook's example, ties, the Ace, one-team plays, Syphon, every illegal play."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.errors import RulesError
from printkit.rules.negation import Play, describe, resolve
from printkit.values.model import PlayingCard
from printkit.values.notation import parse_card


def play(played, boosts=(), assists=(), counters=()):
    cards = [parse_card(c) for c in (played, *boosts, *assists, *counters)]
    n, m = 1 + len(boosts), 1 + len(boosts) + len(assists)
    return Play.of(cards[0], cards[1:n], cards[n:m], cards[m:])


# played, boosts, assists, counters, options, played_value, counter_value, negated
CASES = [
    # The rulebook's own example: Spook! on K♠ (10) against 8♦ and 7♦ (15): negated.
    ("KS", [], [], ["8D", "7D"], {}, 10, 15, True),
    # ...and with the Q♥ discarded to boost it to 20: not negated.
    ("KS", ["QH"], [], ["8D", "7D"], {}, 20, 15, False),
    # A tie leaves the card standing.
    ("10S", [], [], ["10D"], {}, 10, 10, False),
    ("9C", [], [], ["5H", "4D"], {}, 9, 9, False),
    # One more than a tie negates.
    ("9C", [], [], ["6H", "4D"], {}, 9, 10, True),
    # Unopposed.
    ("2S", [], [], [], {}, 2, 0, False),
    # Face cards count 10; the Ace 11, or 1 with the house rule.
    ("AS", [], [], ["KH"], {}, 11, 10, False),
    ("AS", [], [], ["KH"], {"ace_value": 1}, 1, 10, True),
    ("JD", [], [], ["AS"], {}, 10, 11, True),
    # Boosts may be any colour; assists add the Renegade's same-colour cards.
    ("5S", ["9H"], ["6C"], ["KD", "QD", "2H"], {}, 20, 22, True),
    ("5S", ["9H", "8C"], ["6C"], ["KD", "QD", "2H"], {}, 28, 22, False),
    # Syphon cannot be negated, whatever is thrown at it.
    ("7D", [], [], ["KS", "QC", "JC"], {}, 7, 30, False),
    ("10D", [], [], ["AS"], {}, 10, 11, False),
    # One team of ghosts: an Ace alone, or any card with a boost.
    ("AS", [], [], [], {"single_team": True}, 11, 0, False),
    ("7S", ["2D"], [], ["KH"], {"single_team": True}, 9, 10, True),
    # The royal variant lets J, Q, K or A stand alone.
    ("QC", [], [], [], {"royal": True}, 10, 0, False),
    ("JH", [], [], ["2S"], {"single_team": True, "royal": True}, 10, 2, False),
]


@pytest.mark.parametrize(
    ("played", "boosts", "assists", "counters", "options", "mine", "theirs", "negated"), CASES
)
def test_negation_table(deck, played, boosts, assists, counters, options, mine, theirs, negated):
    result = resolve(deck, play(played, boosts, assists, counters), **options)
    assert (result.played_value, result.counter_value, result.negated) == (mine, theirs, negated)
    everything = [parse_card(c) for c in (played, *boosts, *assists, *counters)]
    assert list(result.discarded) == everything


def test_the_rulebook_example_reads_as_promised(deck):
    result = resolve(deck, play("KS", counters=["8D", "7D"]))
    assert describe(result) == "Spook! K♠ 10 against 8♦ + 7♦ = 15: negated"
    boosted = resolve(deck, play("KS", ["QH"], counters=["8D", "7D"]))
    assert describe(boosted) == "Spook! K♠ + Q♥ = 20 against 8♦ + 7♦ = 15: not negated"


@pytest.mark.parametrize(
    ("played", "boosts", "assists", "counters", "options", "why"),
    [
        ("KS", [], ["8D"], [], {}, "played card's colour"),
        ("KS", ["8D"], [], ["8D"], {}, "used twice"),
        ("KS", [], [], ["KS"], {}, "used twice"),
        ("KS", [], [], [], {"single_team": True}, "must be an Ace"),
        ("7D", [], [], ["AS"], {"single_team": True}, "must be an Ace"),
        ("10S", [], [], [], {"royal": True}, "must be royal"),
        ("AS", [], ["KS"], [], {"single_team": True}, "two teams of ghosts"),
    ],
)
def test_illegal_plays_are_refused(deck, played, boosts, assists, counters, options, why):
    with pytest.raises(RulesError, match=why) as info:
        resolve(deck, play(played, boosts, assists, counters), **options)
    assert "\n" not in str(info.value)


# --- properties -----------------------------------------------------------------------

CARDS = PlayingCard.every()


@st.composite
def plays(draw):
    """A legal play: distinct cards, counters of the other colour, assists of the same."""
    chosen = draw(st.lists(st.sampled_from(CARDS), min_size=1, max_size=9, unique=True))
    played, rest = chosen[0], chosen[1:]
    boosts, assists, counters = [], [], []
    for card in rest:
        role = draw(st.sampled_from(["boost", "assist", "counter"]))
        if role == "boost":
            boosts.append(card)
        elif card.color == played.color:
            assists.append(card)
        else:
            counters.append(card)
    return Play.of(played, boosts, assists, counters)


ACES = st.sampled_from([11, 1])


@given(plays(), st.sampled_from(CARDS), ACES)
def test_adding_a_boost_never_makes_a_card_negated(deck, p, extra, ace):
    if extra in p.cards:
        return
    before = resolve(deck, p, ace_value=ace)
    after = resolve(
        deck, Play.of(p.played, (*p.boosts, extra), p.assists, p.counters), ace_value=ace
    )
    assert not (not before.negated and after.negated)


@given(plays(), st.sampled_from(CARDS), ACES)
def test_adding_a_counter_never_saves_a_card(deck, p, extra, ace):
    if extra in p.cards or extra.color == p.played.color:
        return
    before = resolve(deck, p, ace_value=ace)
    after = resolve(
        deck, Play.of(p.played, p.boosts, p.assists, (*p.counters, extra)), ace_value=ace
    )
    assert not (before.negated and not after.negated)


@given(plays(), ACES)
def test_negated_exactly_when_counters_exceed_and_the_card_allows(deck, p, ace):
    result = resolve(deck, p, ace_value=ace)
    mine = sum(c.value(ace) for c in (p.played, *p.boosts, *p.assists))
    theirs = sum(c.value(ace) for c in p.counters)
    assert result.negated == (theirs > mine and deck.card(p.played).effect.negatable)
    # Every card is discarded, except a played card that stays in play when it works.
    stays = deck.card(p.played).effect.stays_in_play and not result.negated
    expected = [c for c in p.cards if not (stays and c == p.played)]
    assert sorted(result.discarded, key=lambda c: c.sort_key) == sorted(
        expected, key=lambda c: c.sort_key
    )


# --- the command ------------------------------------------------------------------------


def test_negate_prints_the_verdict_line(cli):
    result = cli("negate", "KS", "--counter", "8D", "--counter", "7D")
    assert result.status == 0
    assert result.out.splitlines()[0] == "Spook! K♠ 10 against 8♦ + 7♦ = 15: negated"


def test_negate_json(cli):
    result = cli(
        "negate", "K of spades", "--boost", "QH", "--counter", "8d", "--counter", "7♦", "--json"
    )
    data = json.loads(result.out)
    assert data == data | {
        "played": "KS", "effect": "Spook!", "negatable": True, "played_value": 20,
        "counter_value": 15, "negated": False, "discarded": ["KS", "QH", "8D", "7D"],
    }  # fmt: skip


def test_negate_says_which_reading_it_applied(cli):
    out = cli("negate", "AS", "--counter", "KH").out
    assert "Ace counts 11" in out
    assert "tie does not negate" in cli("negate", "10S", "--counter", "10D").out
    assert "cannot be negated" in cli("negate", "7D", "--counter", "KS").out


@pytest.mark.parametrize(
    "args",
    [
        ["KS", "--counter", "1D"],
        ["KS", "--single-team"],
        ["KS", "--boost", "KS"],
        ["syphon", "--counter", "KS"],
    ],
)
def test_illegal_play_exits_2_with_one_line(cli, args):
    result = cli("negate", *args)
    assert result.status == 2 and result.out == ""
    assert result.err.count("\n") == 1 and result.err.startswith("printkit: ")
