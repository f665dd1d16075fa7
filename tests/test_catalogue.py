"""The Dead Men's Deck catalogue: the identification sheet as data, and every load-time check."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import CatalogueError, NotFoundError
from printkit.load.catalogue import load_deck
from printkit.values.model import RANKS

# The identification sheet of the Death Mesa rulebook, typed in again by hand, rank by
# rank (2..10, J, Q, K, A), with the rulebook's misspellings corrected.
IDENTIFICATION_SHEET = {
    "spades": [
        "Spook!", "In Memoriam", "Possess", "Poltergeist", "Decay", "Possess", "Spook!",
        "Possess", "In Memoriam", "Poltergeist", "Decay", "Spook!", "Bad Moon Rising",
    ],
    "clubs": [
        "Ghost Stories", "Unfinished Business", "Terrify", "Death and Taxes", "Hidden Stash",
        "Cemetery", "Last Testament", "Cemetery", "Hidden Stash", "Ghost Stories",
        "Last Testament", "Unfinished Business", "Terrify",
    ],
    "hearts": [
        "Mirage", "The East Wind", "Blood Juice", "Guilty Conscience", "Warn", "Mirage",
        "The East Wind", "Guilty Conscience", "Death and Taxes", "Dry Spell", "Blood Juice",
        "Warn", "Proper Burial",
    ],
    "diamonds": [
        "Curse", "Desecrate Grave", "Rob Grave", "Seance", "Nightmare", "Syphon", "Curse",
        "Rob Grave", "Syphon", "Desecrate Grave", "Nightmare", "Curse", "Seance",
    ],
}  # fmt: skip


def test_the_whole_identification_sheet(deck):
    actual = {suit: [] for suit in IDENTIFICATION_SHEET}
    for card in deck.cards:
        actual[card.playing_card.suit].append(card.effect.name)
    assert actual == IDENTIFICATION_SHEET


def test_cards_are_in_suit_then_rank_order(deck):
    order = [(c.playing_card.suit, c.playing_card.rank) for c in deck.cards]
    assert order == [(s, r) for s in IDENTIFICATION_SHEET for r in RANKS]
    assert [c.number for c in deck.cards] == list(range(1, 53))


def test_every_effect_once_and_every_effect_used(deck):
    names = [effect.name for effect in deck.effects]
    assert len(names) == len(set(names))
    on_sheet = {name for names in IDENTIFICATION_SHEET.values() for name in names}
    assert set(names) == on_sheet
    # The rulebook explains 26 distinct cards; its identification sheet uses the same 26.
    assert len(names) == 26


@pytest.mark.parametrize(
    ("alias", "name"),
    [("Cemetary", "Cemetery"), ("Desicrate Grave", "Desecrate Grave"), ("Mightmare", "Nightmare")],
)
def test_the_rulebooks_spellings_are_aliases(deck, alias, name):
    effect = next(e for e in deck.effects if e.name == name)
    assert alias in effect.aliases


def test_texts_fit_their_uses(deck):
    for effect in deck.effects:
        assert len(effect.text) <= 220, effect.name
        assert len(effect.summary) <= 90, effect.name
        assert len(effect.note) > len(effect.summary), effect.name
        assert effect.targets, effect.name


def test_timing_and_negation_facts(deck):
    reactions = {e.name for e in deck.effects if e.timing == "reaction"}
    assert reactions == {"Mirage", "Warn"}
    assert {e.name for e in deck.effects if not e.negatable} == {"Syphon"}


def test_targets_follow_the_rules(deck):
    targets = {e.name: set(e.targets) for e in deck.effects}
    assert targets["Syphon"] == {"dead"}
    assert targets["Desecrate Grave"] == {"dead"}
    assert targets["Rob Grave"] == {"dead", "living"}
    assert targets["Poltergeist"] == {"all-living"}
    assert targets["Spook!"] == {"living"}


# --- load-time checks: each breaks one thing in a private copy of data/ ---------------

DECK = Path("decks/dead-mens-deck")


def _edit(data: Path, name: str, old: str, new: str) -> None:
    path = data / DECK / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _load_error(data: Path) -> str:
    with pytest.raises(CatalogueError) as info:
        load_deck(data_dir=data)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_unknown_effect_key_suggests_the_nearest(data_copy):
    _edit(data_copy, "effects.toml", 'summary = "A BANG! at any', 'sumary = "A BANG! at any')
    message = _load_error(data_copy)
    assert "effects.toml" in message and "[spook]" in message
    assert "'sumary'" in message and "did you mean 'summary'" in message


def test_missing_key_is_named(data_copy):
    _edit(
        data_copy,
        "effects.toml",
        'targets = ["dead"]\nsummary = "Discard 2',
        'summary = "Discard 2',
    )
    message = _load_error(data_copy)
    assert "[desecrate-grave]" in message and "missing key 'targets'" in message


def test_unknown_effect_in_cards_names_line_and_card(data_copy):
    _edit(data_copy, "cards.csv", "7D,syphon", "7D,siphon")
    message = _load_error(data_copy)
    assert "cards.csv" in message and "7D" in message and "did you mean 'syphon'" in message


def test_duplicate_card_is_refused(data_copy):
    _edit(data_copy, "cards.csv", "8D,curse", "7D,curse")
    message = _load_error(data_copy)
    assert "7D is listed twice" in message


def test_missing_card_is_refused(data_copy):
    _edit(data_copy, "cards.csv", "AD,seance\n", "")
    assert "missing 1 playing card: AD" in _load_error(data_copy)


def test_bad_playing_card_is_refused(data_copy):
    _edit(data_copy, "cards.csv", "AD,seance", "1D,seance")
    message = _load_error(data_copy)
    assert "line 53" in message and "an ace is A" in message


def test_wrong_type_is_named(data_copy):
    _edit(data_copy, "effects.toml", "negatable = false", 'negatable = "no"')
    message = _load_error(data_copy)
    assert "[syphon]" in message and "'negatable' must be true or false" in message


def test_unknown_target_suggests_the_nearest(data_copy):
    _edit(data_copy, "effects.toml", 'targets = ["dead"]', 'targets = ["ded"]')
    assert "did you mean 'dead'" in _load_error(data_copy)


def test_unknown_deck_key_is_refused(data_copy):
    _edit(data_copy, "deck.toml", 'name = "Dead', 'nmae = "Dead')
    assert "deck.toml" in (message := _load_error(data_copy)) and "did you mean 'name'" in message


def test_malformed_toml_names_the_file(data_copy):
    _edit(data_copy, "effects.toml", '[spook]\nname = "Spook!"', '[spook]\nname = "Spook!')
    message = _load_error(data_copy)
    assert "effects.toml" in message and "not valid TOML" in message


def test_unknown_deck_suggests_the_nearest(data_copy):
    with pytest.raises(NotFoundError, match="did you mean 'dead-mens-deck'"):
        load_deck("dead-men-deck", data_copy)


def test_art_path_may_not_leave_the_project(data_copy):
    _edit(data_copy, "effects.toml", 'name = "Decay"', 'name = "Decay"\nart = "../../etc/passwd"')
    assert "leaves the deck’s folders" in _load_error(data_copy)


def test_text_that_is_not_utf8_names_the_line(data_copy):
    path = data_copy / DECK / "effects.toml"
    path.write_bytes(path.read_bytes().replace(b"Seance", b"S\xe9ance", 1))
    message = _load_error(data_copy)
    assert "not UTF-8" in message and "line" in message
