"""The table page in a real browser (Debian's chromium, driven by playwright): its
answers are the command line's, it asks the network for nothing, and it fits a phone.

Every case is run twice: through ``printkit ... --json`` in this process, and through
``window.printkit`` in the page; the two objects must be equal (errors: the same
message, bar lookup's spelling suggestions, which the page does not make).
"""

from __future__ import annotations

import random
import shlex
import shutil
import tomllib
from pathlib import Path

import pytest

from printkit.load.art import load_art
from printkit.load.catalogue import load_deck
from printkit.targets.page import table_files
from printkit.values.model import RANKS, SUITS, PlayingCard
from printkit.values.notation import NOTATIONS
from printkit.web.page import MAX_BYTES

from .tablepage import (
    CHROMIUM,
    CODES,
    bar,
    fresh,
    open_page,
    reload_kept,
    reload_with,
    run_cli,
    tap_card,
    until,
)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    yield from open_page(tmp_path_factory)


def in_page(page, function: str, cases: list) -> list:
    """Every case through one window.printkit function, in one round trip."""
    return page.evaluate(
        "([name, cases]) => cases.map((c) => Array.isArray(c) ? window.printkit[name](...c) "
        ": window.printkit[name](c))",
        [function, cases],
    )


def _negation_cases(count: int) -> list[dict]:
    rng = random.Random(1881)
    roles = ["sheriff", "deputy", "outlaw", "renegade"]
    cases = [
        {"played": "KS", "counters": ["8D", "7D"]},
        {"played": "KS", "counters": ["8D", "7C"]},
        {"played": "7D", "counters": ["KS", "QS"]},
        {"spook": ["3S", "5H"], "counters": ["KD"]},
        {"warn": ["3S", "5S"], "counters": ["KD"], "dead": ["deputy", "outlaw"]},
        {
            "played": "9S",
            "dead": ["outlaw", "renegade", "deputy"],
            "assists": ["5C"],
            "counters": ["QH"],
        },
        {"played": "AS", "dead": ["outlaw", "outlaw"]},
        {"played": "KS", "counters": ["8D"], "high_noon": "curse"},
        {"played": "4H", "boosts": ["4S"], "handcuffs": "hearts"},
        {"played": "queen of spades", "counters": ["ace of hearts"], "ace_value": 1},
        {"played": "Syphon"},
        {"played": "1S"},
    ]
    while len(cases) < count:
        deal = rng.sample(CODES, 8)
        case: dict = {}
        if rng.random() < 0.15:
            case[rng.choice(["spook", "warn"])] = deal[:2]
        else:
            case["played"] = deal[0]
        case["boosts"] = deal[2 : 2 + rng.choice([0, 0, 1, 2])]
        case["assists"] = deal[4 : 4 + rng.choice([0, 0, 0, 1])]
        case["counters"] = deal[5 : 5 + rng.choice([0, 1, 1, 2, 3])]
        if rng.random() < 0.3:
            case["dead"] = [rng.choice(roles) for _ in range(rng.randint(1, 4))]
        elif rng.random() < 0.3:
            case["ghosts"] = rng.randint(1, 5)
        if rng.random() < 0.2:
            case["single_team"] = True
        if rng.random() < 0.1:
            case["royal"] = True
        if rng.random() < 0.15:
            case["high_noon"] = rng.choice(["blessing", "curse"])
        elif rng.random() < 0.1:
            case["handcuffs"] = rng.choice(SUITS)
        if rng.random() < 0.3:
            case["ace_value"] = rng.choice([1, 11])
        cases.append(case)
    return cases


def _negation_argv(case: dict) -> list[str]:
    argv = ["negate"]
    if "played" in case:
        argv.append(case["played"])
    for kind in ("spook", "warn"):
        if kind in case:
            argv += [f"--{kind}", *case[kind]]
    for key, option in (("boosts", "--boost"), ("assists", "--assist"), ("counters", "--counter")):
        for code in case.get(key, []):
            argv += [option, code]
    if "dead" in case:
        argv += ["--dead", ",".join(case["dead"])]
    for key, option in (("ghosts", "--ghosts"), ("ace_value", "--ace-value")):
        if key in case:
            argv += [option, str(case[key])]
    for key, option in (("high_noon", "--high-noon"), ("handcuffs", "--handcuffs")):
        if key in case:
            argv += [option, case[key]]
    for key, option in (("single_team", "--single-team"), ("royal", "--royal")):
        if case.get(key):
            argv.append(option)
    return [*argv, "--json"]


def test_negations_equal_the_command_lines(page):
    cases = _negation_cases(400)
    answers = in_page(page, "negate", cases)
    outcomes = set()
    for case, answer in zip(cases, answers, strict=True):
        expected = run_cli(_negation_argv(case))
        assert answer == expected, case
        outcomes.add("error" if "error" in expected else expected["negated"])
    assert outcomes == {True, False, "error"}  # the cases reach every kind of answer


def _draw_cases() -> list[dict]:
    rng = random.Random(1882)
    checks = [
        "barrel",
        "jail",
        "dynamite",
        "bad-moon-rising",
        "unfinished-business",
        "dynamite+jail",
    ]
    cases = []
    for _ in range(240):
        check = rng.choice(checks)
        lucky = rng.random() < 0.35
        per = (2 if lucky else 1) * (2 if check == "dynamite+jail" else 1)
        if rng.random() < 0.1:
            per += rng.choice([-1, 1])
        case = {"check": check, "cards": rng.sample(CODES, max(per, 1)), "lucky_duke": lucky}
        if rng.random() < 0.35:
            case["high_noon"] = rng.choice(["blessing", "curse", "hangover", "new-identity"])
        cases.append(case)
    return cases


def test_draws_equal_the_command_lines(page):
    cases = _draw_cases()
    answers = in_page(page, "draw", cases)
    for case, answer in zip(cases, answers, strict=True):
        argv = ["draw", case["check"], *case["cards"], "--json"]
        if case["lucky_duke"]:
            argv.append("--lucky-duke")
        if "high_noon" in case:
            argv += ["--high-noon", case["high_noon"]]
        assert answer == run_cli(argv), case


def _odds_cases() -> list[dict]:
    rng = random.Random(1883)
    cases = []
    checks = ["barrel", "jail", "dynamite", "bad-moon-rising", "unfinished-business"]
    for check in checks:
        for lucky in (False, True):
            for high_noon in (None, "blessing", "curse", "hangover", "new-identity"):
                cases.append({"check": check, "lucky_duke": lucky, "high_noon": high_noon})
        cases.append({"check": check, "deck": "simplified"})
    for _ in range(60):
        case = {"check": rng.choice(checks), "lucky_duke": rng.random() < 0.5}
        case["seen"] = rng.sample(CODES, rng.randint(0, 6))
        case["in_play"] = rng.sample(
            ["barrel", "jail", "dynamite", "jail:4H", "mustang"], rng.randint(0, 2)
        )
        cases.append(case)
    return cases


def test_odds_equal_the_command_lines(page):
    cases = _odds_cases()
    answers = in_page(page, "odds", cases)
    for case, answer in zip(cases, answers, strict=True):
        argv = ["odds", case["check"], "--json"]
        if "deck" in case:
            argv += ["--deck", case["deck"]]
        if case.get("lucky_duke"):
            argv.append("--lucky-duke")
        if case.get("high_noon"):
            argv += ["--high-noon", case["high_noon"]]
        if case.get("seen"):
            argv += ["--seen", ",".join(case["seen"])]
        if case.get("in_play"):
            argv += ["--in-play", ",".join(case["in_play"])]
        assert answer == run_cli(argv), case


def test_lookups_equal_the_command_lines(page):
    deck = load_deck()
    queries = []
    for suit in SUITS:
        for rank in RANKS:
            card = PlayingCard(rank, suit)
            queries += [write(card) for write in NOTATIONS.values()]
    queries += [effect.name for effect in deck.effects] + [e.id for e in deck.effects]
    queries += ["syph", "the queen of diamonds", "Q of D", "1S", "zzz", "Spook", ""]
    # Misspellings the CLI answers with its suggestions, and near cards.
    queries += ["siphon", "poltergiest", "blod juice", "10 of dimonds", "7X", "hearts 11"]
    cases = [[query, ace] for query in queries for ace in (11, 1)][::3] + [[q, 11] for q in queries]
    answers = in_page(page, "lookup", cases)
    for (query, ace), answer in zip(cases, answers, strict=True):
        expected = run_cli(["lookup", query, "--json", "--ace-value", str(ace)])
        assert answer == expected, query  # errors too: the same suggestions, word for word


def test_roles_equal_the_command_lines(page):
    for players in range(3, 9):
        assert in_page(page, "roles", [players])[0] == run_cli(["roles", str(players), "--json"])


def test_the_page_asks_the_network_for_nothing_and_fits_its_size(page):
    assert page.path.stat().st_size < MAX_BYTES
    # The page itself, and nothing else (pictures are inline data).
    assert [url for url in page.requests if not url.startswith("data:")] == [page.path.as_uri()]
    assert page.errors == []
    html = page.path.read_text(encoding="utf-8")
    assert "Content-Security-Policy" in html and "default-src 'none'" in html
    for forbidden in ("http://", "https://", "<link", "@import", 'src="http'):
        assert forbidden not in html


def test_the_page_answers_offline_with_the_network_blocked(page, tmp_path):
    browser = page.context.browser
    context = browser.new_context(offline=True, java_script_enabled=True)
    blocked = []
    context.route(
        "**/*",
        lambda route: (
            (blocked.append(route.request.url), route.abort())
            if not route.request.url.startswith("file:")
            else route.continue_()
        ),
    )
    tab = context.new_page()
    tab.goto(page.path.as_uri())
    answer = tab.evaluate("window.printkit.negate({played: 'KS', counters: ['8D', '7D']})")
    assert answer["negated"] is True and blocked == []
    context.close()


def _controls(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('main button, main select, main input, nav button')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => {
          const r = e.getBoundingClientRect();
          const named = e.id && document.querySelector(`label[for="${e.id}"]`);
          const label = e.getAttribute('aria-label') || (named && named.textContent)
            || e.textContent.trim();
          return {w: r.width, h: r.height, label, tag: e.tagName};
        })"""
    )


@pytest.mark.parametrize("tab", ["lookup", "negate", "draw", "table"])
def test_every_control_is_big_enough_to_tap_and_named(page, tab):
    page.click(f"#tab-{tab}")
    controls = _controls(page)
    assert controls
    for control in controls:
        assert control["w"] >= 44 and control["h"] >= 44, control
        assert control["label"] and control["label"].strip(), control
    # One-handed at 360 px: nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_six_player_table_two_dead_a_negation_and_a_dynamite(page):
    """The issue's own story: set up the table, mark two dead, settle two questions."""
    fresh(page, "table")
    page.select_option("#players", "6")
    page.select_option("#role-1", "outlaw")
    page.click("#table button[aria-label='Player 2 is dead']")
    page.select_option("#role-2", "renegade")
    page.click("#table button[aria-label='Player 3 is dead']")
    assert "2 ghosts, 2 teams" in page.inner_text("#table")
    page.click("#tab-negate")
    tap_card(page, "negate", "KS")
    tap_card(page, "negate", "QD")
    expected = run_cli(["negate", "KS", "--counter", "QD", "--dead", "outlaw,renegade", "--json"])
    assert expected["verdict"] in page.inner_text("#negate")
    assert bar(page).startswith("Spook! takes effect")
    page.click("#tab-draw")
    page.click("#draw >> text='Dynamite'")
    tap_card(page, "draw", "9S")
    assert bar(page).startswith("Dynamite: explodes")
    # The odds follow what the table has seen: the Dynamite in play and two cards out.
    page.click("#draw button[aria-label='card seen 1: empty']")
    tap_card(page, "draw", "3H")
    tap_card(page, "draw", "KH")
    expected = run_cli(["odds", "dynamite", "--seen", "3H,KH", "--in-play", "dynamite", "--json"])
    text = page.inner_text("#draw")
    assert "over the 77 cards left of the BANG! deck’s 80 (3 seen or in play)" in text
    assert all(o["fraction"] in text for o in expected["outcomes"].values())
    # The table survives a reload, and can be cleared.
    reload_kept(page)
    page.click("#tab-table")
    assert page.locator("#role-2").input_value() == "renegade"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#table >> text=Clear the table")
    assert page.locator("#role-2").input_value() == ""


def test_chromium_is_where_the_readme_says():
    assert shutil.which("chromium") or Path(CHROMIUM).is_file()


def test_a_strangers_deck_cannot_break_out_of_the_page(page, data_copy):
    """Names and texts are data: a name that closes the script tag stays a name."""
    effects = data_copy / "decks" / "dead-mens-deck" / "effects.toml"
    hostile = "Spook</script><script>window.pwned=1</script>"
    effects.write_text(
        effects.read_text(encoding="utf-8").replace('name = "Spook!"', f'name = "{hostile}"'),
        encoding="utf-8",
    )
    deck = load_deck("dead-mens-deck", data_copy)
    target = data_copy / "table.html"
    target.write_bytes(table_files(deck, load_art(deck), target)[target])
    tab = page.context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(target.as_uri())
    assert tab.evaluate("window.pwned") is None and errors == []
    assert tab.evaluate("window.printkit.lookup('2S')[0].name") == hostile
    tab.click("#tab-lookup")
    tab.fill("#query", "2S")
    assert hostile in tab.inner_text("#lookup")
    tab.close()


def test_the_card_tapped_after_the_played_one_is_thrown_against_it(page):
    """The tap order the issue found: 8♠ then 9♦ is 9♦ thrown against 8♠ (negated), never
    9♦ played alone."""
    fresh(page, "negate")
    tap_card(page, "negate", "8S")
    tap_card(page, "negate", "9D")
    expected = run_cli(["negate", "8S", "--counter", "9D", "--json"])
    assert expected["negated"] is True and expected["verdict"] in page.inner_text("#negate")
    assert bar(page).startswith("Spook! is stopped")


def test_the_high_noon_card_is_said_on_the_tabs_it_changes(page):
    fresh(page, "table")
    page.select_option("#high-noon", "curse")
    page.click("#tab-draw")
    assert "the Curse is in play" in page.inner_text("#draw")
    page.click("#draw button[aria-label='hearts']")
    page.click("#draw button[aria-label='7 of hearts']")
    assert "7♥ counts as a spade" in page.inner_text("#draw")
    page.click("#tab-negate")
    assert "nothing can be negated" in page.inner_text("#negate")
    page.click("#tab-table")
    page.select_option("#high-noon", "")
    page.click("#tab-draw")
    assert "High Noon" not in page.inner_text("#draw")


@pytest.mark.parametrize(
    "saved",
    ['{"tab": "nowhere", "seats": [null, 3]}', "not json at all", '{"version": 99}',
     '{"players": 6, "seats": [{"name": "Ana", "role": "mayor", "dead": "yes"}], "negate": 7}'],
)  # fmt: skip
def test_a_damaged_saved_table_gives_a_clean_one_and_says_so(page, saved):
    reload_with(page, saved)
    for tab in ("lookup", "negate", "draw", "table"):
        page.click(f"#tab-{tab}")
        assert page.inner_text(f"#{tab}").strip(), tab  # no blank tab
    notice = page.inner_text("#notice")
    if saved.startswith('{"players"'):
        assert notice == ""  # readable: the bad fields are dropped, the rest kept
        assert page.locator("#name-0").input_value() == "Ana"
    elif saved.startswith('{"tab"'):
        assert notice == ""  # an object: its unknown tab and broken seats are dropped
    else:
        assert "could not be read" in notice


def test_fewer_players_hide_seats_without_forgetting_them(page):
    fresh(page, "table")
    page.select_option("#players", "6")
    page.select_option("#role-5", "renegade")
    page.click("#table button[aria-label='Player 6 is dead']")
    page.select_option("#players", "4")
    page.select_option("#players", "6")
    assert page.locator("#role-5").input_value() == "renegade"


def test_two_open_tabs_stay_in_step(page):
    reload_with(page)
    other = page.context.new_page()
    other.goto(page.path.as_uri())
    until(other, "window.printkit !== undefined")
    page.click("#tab-table")
    page.select_option("#players", "5")
    other.click("#tab-table")
    until(other, "document.querySelector('#players').value === '5'")
    other.close()


def test_switching_to_a_pair_keeps_the_card_played(page):
    fresh(page, "negate")
    tap_card(page, "negate", "3S")
    page.click("#negate >> text=Spook! pair")
    assert bar(page).startswith("Tap the pair’s second card")
    tap_card(page, "negate", "5H")
    assert "3♠ + 5♥" in page.inner_text("#negate")  # the pair, the first card kept


def test_misspelt_names_get_the_command_lines_suggestions(page):
    """Seeded typos of every effect's name (a letter dropped, doubled or swapped): the
    page's suggestions are the command line's, word for word (difflib's, in both)."""
    rng = random.Random(1884)
    deck = load_deck()
    queries = []
    for effect in deck.effects:
        name = effect.name.lower()
        for _ in range(3):
            i = rng.randrange(len(name))
            dropped, doubled = name[:i] + name[i + 1 :], name[:i] + name[i] + name[i:]
            swapped = name[:i] + name[i + 1 : i + 2] + name[i] + name[i + 2 :]
            typo = rng.choice([dropped, doubled, swapped])
            queries.append(typo)
    answers = in_page(page, "lookup", [[q, 11] for q in queries])
    for query, answer in zip(queries, answers, strict=True):
        assert answer == run_cli(["lookup", query, "--json"]), query


def test_two_open_tabs_do_not_answer_each_other(page):
    """A tab that follows another's change does not write it back: typing in one tab is
    never undone by the other."""
    reload_with(page)
    page.click("#tab-lookup")
    other = page.context.new_page()
    other.goto(page.path.as_uri())
    until(other, "window.printkit !== undefined")
    other.click("#tab-lookup")
    other.fill("#query", "2S")
    other.wait_for_timeout(300)
    assert "2♠" in other.inner_text("#lookup")
    assert other.locator("#query").input_value() == "2S"
    other.close()


def test_a_new_game_keeps_the_players_and_clears_the_rest(page):
    fresh(page, "table")
    page.fill("#name-0", "Ana")
    page.select_option("#role-1", "outlaw")
    page.click("#table button[aria-label='Player 2 is dead']")
    page.select_option("#high-noon", "curse")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#table >> text=New game")
    assert page.locator("#name-0").input_value() == "Ana"
    assert page.locator("#role-1").input_value() == ""
    assert page.locator("#high-noon").input_value() == ""
    assert "Nobody is dead yet" in page.inner_text("#table")


def _page_call(command: list[str]) -> tuple[str, dict]:
    """A command line of the rules cases as the page's function and its arguments."""
    name, rest = command[0], list(command[1:])
    args: dict = {}
    lists = {"--boost": "boosts", "--assist": "assists", "--counter": "counters"}
    while rest:
        word = rest.pop(0)
        if word in lists:
            args.setdefault(lists[word], []).append(rest.pop(0))
        elif word in ("--spook", "--warn"):
            args[word[2:]] = [rest.pop(0), rest.pop(0)]
        elif word in ("--lucky-duke", "--single-team", "--royal"):
            args[word[2:].replace("-", "_")] = True
        elif word in ("--dead", "--seen", "--in-play"):
            args[word[2:].replace("-", "_")] = rest.pop(0).split(",")
        elif word in ("--ghosts", "--ace-value"):
            args[word[2:].replace("-", "_")] = int(rest.pop(0))
        elif word.startswith("--"):
            args[word[2:].replace("-", "_")] = rest.pop(0)
        elif name == "negate":
            args["played"] = word
        elif "check" not in args:
            args["check"] = word
        else:
            args.setdefault("cards", []).append(word)
    return name, args


def test_every_rules_case_is_the_pages_answer_too(page):
    """tests/cases/rules.toml, each case through the page's rules: the command line's
    answer, word for word (its errors included)."""
    cases = tomllib.loads((Path(__file__).parent / "cases" / "rules.toml").read_text())["case"]
    for case in cases:
        command = shlex.split(case["command"])
        name, args = _page_call(command)
        assert in_page(page, name, [args])[0] == run_cli([*command, "--json"]), case["command"]
