"""Every build writes a manifest of its cards (fingerprints, sheet, slot); given an
earlier one, it prints errata: only the cards whose faces changed, packed onto as few
sheets as they fill, each with the printed card it replaces."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.errors import PrintkitError
from printkit.load.manifest import read_manifest
from printkit.values.manifest import Entry, Manifest, reprints
from tests.test_design import _break, make_deck


def _build(cli, deck: Path, out: Path, *extra: str):
    result = cli("build", "--deck-dir", str(deck), "--out", str(out), "--no-proofs", *extra)
    assert result.status == 0, result.err
    return result


def _cards(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cards"]


@pytest.fixture
def printed(cli, tmp_path):
    """A designed deck, built once: the build the player printed."""
    deck = make_deck(tmp_path / "potions")
    _build(cli, deck, tmp_path / "out")
    shutil.copy(tmp_path / "out" / "potions-cards.json", tmp_path / "printed-cards.json")
    return deck, tmp_path / "printed-cards.json", tmp_path / "out"


def test_every_build_lists_each_card_with_its_sheet_and_slot(printed):
    _, manifest, out = printed
    cards = _cards(manifest)
    rows = (out.parent / "potions" / "cards.csv").read_text(encoding="utf-8").splitlines()[1:]
    copies = sum(int(row.split(",")[1]) for row in rows)
    assert [c["card"] for c in cards] == list(range(1, copies + 1))
    assert [(c["sheet"], c["slot"]) for c in cards] == [
        (i // 9 + 1, i % 9 + 1) for i in range(copies)
    ]
    # Copies of a card look alike; different cards do not.
    by_name = {}
    for card in cards:
        by_name.setdefault(card["name"], set()).add(card["front"])
    assert all(len(fronts) == 1 for fronts in by_name.values())
    assert len({next(iter(f)) for f in by_name.values()}) == len(by_name)


def test_a_changed_card_alone_is_printed_again_with_what_it_replaces(cli, printed):
    deck, manifest, out = printed
    _break(deck, "cards.csv", "Copy the card a rival played last.", "Copy the last card played.")
    result = _build(cli, deck, out, "--changed-since", str(manifest))
    errata = _cards(out / "potions-errata.json")
    assert {c["name"] for c in errata} == {"Mirror Spell"} and len(errata) == 2
    before = {c["card"]: c for c in _cards(manifest)}
    for index, card in enumerate(errata):
        assert (card["sheet"], card["slot"]) == (1, index + 1)
        old = before[card["replaces"]["card"]]
        assert card["replaces"] == {k: old[k] for k in ("card", "name", "sheet", "slot")}
        assert card["front"] != old["front"]
    assert "2 cards changed since the earlier build" in result.err
    assert (out / "potions-errata.pdf").stat().st_size > 0


def test_cards_that_only_moved_are_not_printed_again_and_old_errata_go(cli, printed):
    deck, manifest, out = printed
    _break(deck, "cards.csv", "Copy the card a rival played last.", "Copy the last card played.")
    _build(cli, deck, out, "--changed-since", str(manifest))
    assert (out / "potions-errata.pdf").exists()
    shutil.copy(out / "potions-cards.json", manifest)  # the errata were printed
    lines = (deck / "cards.csv").read_text(encoding="utf-8").splitlines()
    lines[1], lines[2] = lines[2], lines[1]  # two rows swapped: the same cards elsewhere
    (deck / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = _build(cli, deck, out, "--changed-since", str(manifest))
    assert "no card changed since the earlier build" in result.err
    assert not list(out.glob("potions-errata*"))


def test_a_picture_changed_under_the_same_name_reprints_the_cards_that_show_it(cli, printed):
    deck, manifest, out = printed
    flask = deck / "art" / "flask.svg"
    flask.write_text(flask.read_text(encoding="utf-8").replace("#", "#1", 1), encoding="utf-8")
    _build(cli, deck, out, "--changed-since", str(manifest))
    names = {c["name"] for c in _cards(out / "potions-errata.json")}
    art = {
        row.split(",")[0]
        for row in (deck / "cards.csv").read_text(encoding="utf-8").splitlines()[1:]
        if ",flask," in row
    }
    assert names == art


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"printkit": "card manifest", "version": 2, "deck": "d", "template": "t", "cards": []}',
        '{"printkit": "card manifest", "version": 1, "deck": "d", "template": "t", "cards": [1]}',
        '{"printkit": "card manifest", "version": 1, "deck": "d", "template": "t", '
        '"cards": [{"card": -1, "name": "x", "front": "", "back": "", "sheet": 1, "slot": 1}]}',
        '{"printkit": "card manifest", "version": true, "deck": "potions", "template": "t", '
        '"cards": []}',
        '{"printkit": "card manifest", "version": 1, "deck": "other", "deck": "potions", '
        '"template": "t", "cards": []}',
        '{"printkit": "card manifest", "version": 1, "deck": "potions", "template": "t", '
        '"cards": [{"card": 1, "name": "\\ud800", "front": "", "back": "", "sheet": 1, '
        '"slot": 1}]}',
    ],
)
def test_a_manifest_that_is_not_printkits_is_one_line(cli, printed, text):
    deck, manifest, out = printed
    manifest.write_text(text, encoding="utf-8")
    result = cli("build", "--deck-dir", str(deck), "--out", str(out), "--changed-since",
                 str(manifest))  # fmt: skip
    assert result.status == 1 and result.err.count("\n") == 1, result.err
    assert "not a card manifest from a printkit build" in result.err


def test_a_manifest_of_another_deck_is_refused(cli, printed):
    deck, manifest, out = printed
    table = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({**table, "deck": "other"}), encoding="utf-8")
    result = cli("build", "--deck-dir", str(deck), "--out", str(out), "--changed-since",
                 str(manifest))  # fmt: skip
    assert result.status == 1 and "the manifest of other" in result.err


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_read_as_a_manifest_or_one_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("m") / "x-cards.json"
    path.write_bytes(data)
    try:
        read_manifest(path)
    except PrintkitError as exc:
        assert "\n" not in str(exc)


_entries = st.lists(
    st.builds(
        Entry,
        st.integers(1, 20),
        st.sampled_from(["a", "b", "c"]),
        st.sampled_from(["f1", "f2", "f3"]),
        st.sampled_from(["", "b1"]),
        st.just(1),
        st.just(1),
    ),
    max_size=12,
)


@given(_entries, _entries)
def test_reprints_are_exactly_the_cards_whose_faces_the_earlier_build_lacks(now, before):
    found = reprints(now, Manifest("d", "t", tuple(before)))
    pool = [(e.front, e.back) for e in before]
    for entry in now:
        key = (entry.front, entry.back)
        if key in pool:
            pool.remove(key)
            assert entry not in [r.entry for r in found] or now.count(entry) > 1
    assert len(found) == len(now) - (len(before) - len(pool))
    replaced = [r.replaces for r in found if r.replaces is not None]
    assert len(replaced) == len(set(map(id, replaced)))  # each old card replaced once at most
