"""The companion's table of rules cases (tests/cases/rules.toml), each run twice: against
the rules functions and against the command line's --json answer. Both must agree with
the case, so the answers players read are the ones the rules code gives."""

from __future__ import annotations

import json
import shlex
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.errors import PrintkitError
from printkit.load.catalogue import load_deck
from printkit.load.draws import load_draw_deck
from printkit.rules import draw, negation
from printkit.rules import odds as odds_rules
from printkit.rules.readings import load_readings
from printkit.values.model import PlayingCard
from printkit.values.notation import parse_card

CASES = tomllib.loads((Path(__file__).parent / "cases" / "rules.toml").read_text())["case"]


def _options(args: list[str]) -> tuple[list[str], dict[str, str | bool]]:
    """Positional arguments and --options of a draw or odds command line."""
    positional, options = [], {}
    rest = list(args)
    while rest:
        word = rest.pop(0)
        if word == "--lucky-duke":
            options["lucky_duke"] = True
        elif word.startswith("--"):
            options[word[2:].replace("-", "_")] = rest.pop(0)
        else:
            positional.append(word)
    return positional, options


def by_functions(command: list[str]) -> dict:
    """The answer of the rules functions alone, as the --json object."""
    name, args = command[0], command[1:]
    if name == "negate":
        return negation.to_json(negation.resolve_arguments(load_deck(), args))
    positional, options = _options(args)
    high_noon = options.get("high_noon")
    lucky = bool(options.get("lucky_duke"))
    if name == "draw":
        check, cards = positional[0], [parse_card(c) for c in positional[1:]]
        if check == "dynamite+jail":
            results = draw.start_of_turn(cards, high_noon=high_noon, lucky_duke=lucky)
            return {"check": check, "checks": [draw.to_json(r) for r in results]}
        return draw.to_json(draw.judge(check, cards, high_noon=high_noon, lucky_duke=lucky))
    check = positional[0]
    deck = load_draw_deck(str(options.get("deck", "bang")))
    seen = tuple(str(options.get("seen", "")).split(",")) if "seen" in options else ()
    in_play = tuple(str(options.get("in_play", "")).split(",")) if "in_play" in options else ()
    deck = odds_rules.remaining(deck, check, seen, in_play, high_noon)
    return odds_rules.answer(check, deck, high_noon=high_noon, lucky_duke=lucky)


def _at(record: dict, path: str):
    value = record
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def _check(case: dict, record: dict) -> None:
    for path, wanted in case.get("expect", {}).items():
        assert _at(record, path) == wanted, (case["command"], path)
    ids = record.get("reading_ids", [])
    if "checks" in record:
        ids = [i for check in record["checks"] for i in check["reading_ids"]]
    for reading_id in case.get("readings", []):
        assert reading_id in ids, (case["command"], reading_id, ids)
    for reading_id in case.get("not_readings", []):
        assert reading_id not in ids, (case["command"], reading_id, ids)


def test_the_table_has_at_least_sixty_cases_each_resting_on_something():
    assert len(CASES) >= 60
    readings = load_readings()
    for case in CASES:
        rests_on = case["rests_on"]
        assert rests_on.startswith(("fact: ", "reading: ")), case["command"]
        if rests_on.startswith("reading: "):
            first = rests_on.split()[1].rstrip(":,")
            assert first in readings, case["command"]
        for reading_id in case.get("readings", []):
            assert reading_id in readings


@pytest.mark.parametrize("case", CASES, ids=[c["command"] for c in CASES])
def test_the_rules_functions_answer_every_case(case):
    command = shlex.split(case["command"])
    if case.get("status", 0) == 2:
        with pytest.raises(PrintkitError, match=case["error"]) as info:
            by_functions(command)
        assert info.value.exit_code == 2
        return
    _check(case, by_functions(command))


@pytest.mark.parametrize("case", CASES, ids=[c["command"] for c in CASES])
def test_the_command_line_answers_every_case(case, cli):
    command = shlex.split(case["command"])
    status = case.get("status", 0)
    result = cli(*command, "--json")
    assert result.status == status, (result.err, result.out)
    if status:
        assert case["error"] in result.err and result.err.count("\n") == 1
        assert "Traceback" not in result.err
        return
    record = json.loads(result.out)
    _check(case, record)
    assert record == by_functions(command)  # one source of truth


# -- properties ---------------------------------------------------------------------------------

CARDS = PlayingCard.every()


@given(st.lists(st.sampled_from(CARDS), min_size=2, max_size=6, unique=True))
def test_a_tie_never_negates(cards):
    played, counters = cards[0], cards[1:]
    counters = [c for c in counters if c.color != played.color]
    total = sum(c.value() for c in counters)
    boosts = [c for c in cards[1:] if c not in counters]
    mine = played.value() + sum(c.value() for c in boosts)
    if total != mine:
        return
    result = negation.resolve(load_deck(), negation.Play.of(played, boosts, (), counters))
    assert not result.negated


@given(
    st.sampled_from(["barrel", "jail", "dynamite", "bad-moon-rising", "unfinished-business"]),
    st.lists(st.sampled_from(CARDS), max_size=20, unique=True),
    st.booleans(),
)
def test_odds_over_the_remaining_cards_sum_to_one(check, seen, lucky):
    deck = load_draw_deck("bang")
    present = {card.code for card in deck.cards}
    seen_codes = tuple(card.code for card in seen if card.code in present)
    left = odds_rules.remaining(deck, check, seen_codes)
    assert len(left.cards) == 80 - len(seen_codes)
    lucky = lucky and check != "bad-moon-rising"
    result = odds_rules.odds(check, left, lucky_duke=lucky)
    assert sum(result.values()) == 1


# -- roles and help -----------------------------------------------------------------------------


def test_three_players_print_nothing_that_needs_a_sheriff(cli):
    out = cli("roles", "3").out
    for word in ("Scofflaw", "shared victory", "shield", "Vengeance"):
        assert word not in out, word
    assert "not designed for three" in out


def test_the_living_players_bang_at_a_ghost_is_the_standard_rule(cli):
    out = " ".join(cli("roles", "4").out.split())
    assert "that is the standard rule" in out and "may drop it" in out


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("negate", ["--spook", "--warn", "--ghosts", "--dead", "--high-noon", "--handcuffs"]),
        ("draw", ["dynamite+jail", "--high-noon", "hangover"]),
        ("odds", ["--seen", "--in-play", "--high-noon", "hangover"]),
    ],
)
def test_help_shows_the_new_options_with_examples(cli, command, options):
    out = cli(command, "--help").out
    assert "Examples:" in out
    for option in options:
        assert option in out, option
