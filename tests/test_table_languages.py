"""The table page in every language printkit speaks: its answers are the command
line's in that language, word for word (errors and suggestions too); it reads cards as
the language's players say them; its tabs' words are never cut."""

from __future__ import annotations

import pytest

from printkit import words
from printkit.load.catalogue import load_deck
from printkit.values.model import PlayingCard
from printkit.values.notation import spoken_styles

from .tablepage import open_page, run_cli
from .test_table_page import _draw_cases, _negation_argv, _negation_cases, in_page

TRANSLATIONS = [code for code in words.languages() if code != words.SOURCE]


@pytest.fixture(scope="module", params=TRANSLATIONS)
def page(request, tmp_path_factory):
    tab_generator = open_page(tmp_path_factory, language=request.param)
    tab = next(tab_generator)
    tab.language = request.param
    yield tab
    next(tab_generator, None)


def _cli(page, argv: list[str]):
    return run_cli([*argv, "--lang", page.language])


def test_lookups_in_the_language_equal_the_command_lines(page):
    words.speak(page.language)
    deck = load_deck()
    queries = []
    # Each card as the language says it aloud (every style round-trips in
    # test_languages.py; here the page must answer as the command line does).
    say_aloud = spoken_styles(page.language)["name"]
    queries += [say_aloud(card) for card in PlayingCard.every()]
    queries += [e.name for e in deck.effects] + [e.english for e in deck.effects]
    queries += [e.name[:-2] + e.name[-1] for e in deck.effects if len(e.name) > 5]  # a typo
    queries += ["7D", "1S", "7X", "zzz", ""]
    answers = in_page(page, "lookup", [[query, 11] for query in queries])
    for query, answer in zip(queries, answers, strict=True):
        assert answer == _cli(page, ["lookup", query, "--json"]), (page.language, query)


def test_negations_draws_and_roles_in_the_language_equal_the_command_lines(page):
    cases = _negation_cases(40)
    for case, answer in zip(cases, in_page(page, "negate", cases), strict=True):
        assert answer == _cli(page, _negation_argv(case)), (page.language, case)
    draws = _draw_cases()[:30]
    for case, answer in zip(draws, in_page(page, "draw", draws), strict=True):
        argv = ["draw", case["check"], *case["cards"], "--json"]
        if case["lucky_duke"]:
            argv.append("--lucky-duke")
        if "high_noon" in case:
            argv += ["--high-noon", case["high_noon"]]
        assert answer == _cli(page, argv), (page.language, case)
    for players in range(3, 9):
        assert in_page(page, "roles", [players])[0] == _cli(page, ["roles", str(players), "--json"])


def test_the_page_is_in_its_language_and_its_tabs_words_are_whole(page):
    assert page.evaluate("document.documentElement.lang") == page.language
    cut = page.evaluate(
        "[...document.querySelectorAll('nav button')]"
        ".filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent)"
    )
    assert cut == [], (page.language, cut)
