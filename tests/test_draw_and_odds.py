"""Draw! checks and their odds: every outcome of every check, High Noon, Lucky Duke, sums to 1."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.errors import RulesError
from printkit.load.draws import load_draw_deck
from printkit.rules.draw import CHECKS, judge
from printkit.rules.odds import odds
from printkit.values.model import PlayingCard
from printkit.values.notation import parse_card


def outcome(check, *cards, **options):
    return judge(check, [parse_card(c) for c in cards], **options).outcome


@pytest.mark.parametrize(
    ("check", "card", "high_noon", "expected"),
    [
        ("barrel", "3H", None, "dodge"), ("barrel", "AH", None, "dodge"),
        ("barrel", "3D", None, "no-dodge"), ("barrel", "9S", None, "no-dodge"),
        ("barrel", "9S", "blessing", "dodge"), ("barrel", "3H", "curse", "no-dodge"),
        ("jail", "KH", None, "escape"), ("jail", "KC", None, "skip-turn"),
        ("jail", "KC", "blessing", "escape"), ("jail", "KH", "curse", "skip-turn"),
        ("dynamite", "2S", None, "explode"), ("dynamite", "9S", None, "explode"),
        ("dynamite", "10S", None, "pass"), ("dynamite", "AS", None, "pass"),
        ("dynamite", "5H", None, "pass"), ("dynamite", "5H", "curse", "explode"),
        ("dynamite", "10H", "curse", "pass"), ("dynamite", "5S", "blessing", "pass"),
        ("bad-moon-rising", "4S", None, "discard-2"), ("bad-moon-rising", "4C", None, "discard-1"),
        ("bad-moon-rising", "4D", None, "nothing"), ("bad-moon-rising", "4H", None, "draw-1"),
        ("bad-moon-rising", "4D", "curse", "discard-2"),
        ("bad-moon-rising", "4S", "blessing", "draw-1"),
        ("unfinished-business", "2H", None, "steal"), ("unfinished-business", "2D", None, "steal"),
        ("unfinished-business", "2S", None, "bang"), ("unfinished-business", "2C", None, "bang"),
        ("unfinished-business", "2C", "blessing", "steal"),
        ("unfinished-business", "2D", "curse", "bang"),
    ],
)  # fmt: skip
def test_every_outcome(check, card, high_noon, expected):
    assert outcome(check, card, high_noon=high_noon) == expected


@pytest.mark.parametrize(
    ("check", "cards", "expected"),
    [
        ("barrel", ("9S", "3H"), "dodge"),
        ("barrel", ("3H", "9S"), "dodge"),
        ("jail", ("2C", "3D"), "skip-turn"),
        ("dynamite", ("9S", "5S"), "explode"),
        ("dynamite", ("9S", "10S"), "pass"),
        ("unfinished-business", ("2S", "2D"), "steal"),
    ],
)
def test_lucky_duke_keeps_the_better_card(check, cards, expected):
    assert outcome(check, *cards, lucky_duke=True) == expected


def test_high_noon_changes_suits_not_values():
    result = judge("dynamite", [parse_card("10H")], high_noon="curse")
    assert result.effective_suit == "spades" and result.outcome == "pass"


@pytest.mark.parametrize(
    ("check", "cards", "options", "why"),
    [
        ("barrel", ("9S", "3H"), {}, "flips one card"),
        ("barrel", ("9S",), {"lucky_duke": True}, "two"),
        ("bad-moon-rising", ("9S", "3H"), {"lucky_duke": True}, "ghost"),
        ("roulette", ("9S",), {}, "no check"),
    ],
)
def test_impossible_draws_are_refused(check, cards, options, why):
    with pytest.raises(RulesError, match=why):
        judge(check, [parse_card(c) for c in cards], **options)


def test_draw_command(cli):
    result = cli("draw", "dynamite", "9S")
    assert result.status == 0 and result.out.startswith("Dynamite: explodes.")
    data = json.loads(cli("draw", "barrel", "9S", "3H", "--lucky-duke", "--json").out)
    assert data == data | {
        "check": "barrel", "cards": ["9S", "3H"], "chosen": "3H",
        "effective_suit": "hearts", "outcome": "dodge",
    }  # fmt: skip
    assert cli("draw", "barrel", "1S").status == 2
    assert cli("draw", "barrel").status == 2
    assert cli("draw", "poker", "9S").status == 2


# --- odds ---------------------------------------------------------------------------------

BANG = load_draw_deck("bang")
SIMPLE = load_draw_deck("simplified")


def test_the_base_deck_facts():
    assert len(BANG.cards) == 80
    assert sum(c.suit == "hearts" for c in BANG.cards) == 20
    assert sum(c.suit == "spades" and c.rank in "23456789" for c in BANG.cards) == 10
    for suit in ("spades", "clubs", "hearts", "diamonds"):
        assert sum(c.suit == suit for c in BANG.cards) == 20


@pytest.mark.parametrize(
    ("check", "deck", "options", "expected"),
    [
        ("barrel", BANG, {}, {"dodge": "1/4", "no-dodge": "3/4"}),
        ("jail", BANG, {}, {"escape": "1/4", "skip-turn": "3/4"}),
        ("dynamite", BANG, {}, {"pass": "7/8", "explode": "1/8"}),
        ("dynamite", BANG, {"high_noon": "curse"}, {"pass": "1/2", "explode": "1/2"}),
        ("dynamite", BANG, {"high_noon": "blessing"}, {"pass": "1", "explode": "0"}),
        ("barrel", BANG, {"high_noon": "blessing"}, {"dodge": "1", "no-dodge": "0"}),
        ("barrel", BANG, {"lucky_duke": True}, {"dodge": "139/316", "no-dodge": "177/316"}),
        ("unfinished-business", BANG, {}, {"steal": "1/2", "bang": "1/2"}),
        (
            "bad-moon-rising",
            BANG,
            {},
            {o: "1/4" for o in ("draw-1", "nothing", "discard-1", "discard-2")},
        ),
        ("barrel", SIMPLE, {}, {"dodge": "1/4", "no-dodge": "3/4"}),
        ("jail", SIMPLE, {}, {"escape": "1/4", "skip-turn": "3/4"}),
        ("dynamite", SIMPLE, {}, {"pass": "7/8", "explode": "1/8"}),
    ],
)
def test_exact_odds(check, deck, options, expected):
    assert odds(check, deck, **options) == {k: Fraction(v) for k, v in expected.items()}


@given(
    st.sampled_from(list(CHECKS)),
    st.sampled_from([None, "blessing", "curse"]),
    st.booleans(),
)
def test_odds_of_every_check_sum_to_one(check, high_noon, lucky_duke):
    try:
        result = odds(check, BANG, high_noon=high_noon, lucky_duke=lucky_duke)
    except RulesError:
        assert lucky_duke and CHECKS[check].lucky_duke
        return
    assert sum(result.values()) == 1
    assert list(result) == list(CHECKS[check].outcomes)


@given(st.lists(st.sampled_from(PlayingCard.every()), min_size=2, max_size=12))
def test_lucky_duke_odds_match_brute_force(cards):
    from printkit.rules.odds import DrawDeck

    deck = DrawDeck("test", cards=tuple(cards))
    exact = odds("dynamite", deck, lucky_duke=True)
    tally = {o: 0 for o in CHECKS["dynamite"].outcomes}
    pairs = 0
    for i, first in enumerate(cards):
        for j, second in enumerate(cards):
            if i != j:
                tally[judge("dynamite", [first, second], lucky_duke=True).outcome] += 1
                pairs += 1
    assert exact == {o: Fraction(n, pairs) for o, n in tally.items()}


def test_simplified_deck_refuses_suits_and_characters():
    with pytest.raises(RulesError, match="do not apply"):
        odds("barrel", SIMPLE, lucky_duke=True)
    with pytest.raises(RulesError, match="no Bad Moon Rising"):
        odds("bad-moon-rising", SIMPLE)


def test_odds_command_json(cli):
    data = json.loads(cli("odds", "barrel", "--lucky-duke", "--json").out)
    assert data["outcomes"]["dodge"]["fraction"] == "139/316"
    assert data["outcomes"]["dodge"]["probability"] == pytest.approx(139 / 316)
    assert cli("odds", "barrel", "--deck", "nope").status == 2


def test_roles_command(cli):
    out = cli("roles", "5").out
    assert out.splitlines()[0] == "5 players: Sheriff, Renegade, 2 Outlaws, Deputy"
    assert "Vengeance" in out and "Scofflaw" in out and "shared victory" in out
    data = json.loads(cli("roles", "8", "--json").out)
    assert sorted(data["roles"]).count("renegade") == 2 and len(data["roles"]) == 8
    for n, size in [(3, 3), (4, 4), (6, 6), (7, 7)]:
        assert len(json.loads(cli("roles", str(n), "--json").out)["roles"]) == size
    assert "Eliminate the Renegade" in cli("roles", "3").out
    for bad in ("2", "9", "0", "-1", "five"):
        result = cli("roles", bad)
        assert result.status == 2 and result.err.count("\n") == 1


def test_a_roles_table_not_named_by_a_number_is_a_clear_error(data_copy):
    from printkit.errors import CatalogueError
    from printkit.load.roles import load_deal

    path = data_copy / "roles.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("[tables.5]", "[tables.five]"), encoding="utf-8"
    )
    with pytest.raises(CatalogueError, match=r"\[tables.five\].*number of players") as info:
        load_deal(4, data_copy)
    assert "\n" not in str(info.value)


def test_every_check_is_a_table_that_decides_every_card():
    """A check's rows cover every card (the last row takes any), and every outcome is the
    answer for some card: the table the page reads is the whole rule."""
    from printkit.rules.draw import CHECKS
    from printkit.values.model import RANKS, SUITS

    for check in CHECKS.values():
        last = check.rules[-1]
        assert (last.suits, last.ranks) == (SUITS, RANKS), check.id
        seen = {check.decide(suit, rank) for suit in SUITS for rank in RANKS}
        assert seen == set(check.outcomes), check.id
    assert CHECKS["dynamite"].decide("spades", "9") == "explode"
    assert CHECKS["dynamite"].decide("spades", "10") == "pass"
