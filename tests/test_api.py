"""printkit as a library: the README's example runs, each function answers as its
command does, and ``import printkit`` loads nothing until a name is used."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import printkit
from printkit.cli import main
from printkit.errors import NotFoundError, RulesError, UsageError

README = Path(__file__).resolve().parent.parent / "README.md"


def _cli_json(capsys, *args: str):
    with pytest.raises(SystemExit) as stop:
        main([*args, "--json"])
    assert stop.value.code in (0, None)
    return json.loads(capsys.readouterr().out)


def test_the_readmes_example_runs(tmp_path, monkeypatch):
    """The Python block under "As a library" in the README, run as it stands."""
    block = re.search(r"### As a library.*?```python\n(.*?)```", README.read_text(), re.S)
    assert block, "the README has an 'As a library' section with a python block"
    monkeypatch.chdir(tmp_path)
    exec(compile(block.group(1), "README.md", "exec"), {})
    assert (tmp_path / "output" / "dead-mens-deck.pdf").is_file()


def test_import_printkit_loads_no_layer():
    code = "import sys, printkit; print(sorted(m for m in sys.modules if m.startswith('printkit')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['printkit', 'printkit.version']"


def test_every_public_name_is_there_and_typed():
    import inspect

    import printkit.api
    import printkit.load.catalogue
    import printkit.preflight  # a package of a public name's name would hide it

    for name in printkit.__all__:
        assert getattr(printkit, name) is getattr(printkit.api, name), name
        value = getattr(printkit, name)
        if inspect.isfunction(value):
            hints = inspect.get_annotations(value)
            assert "return" in hints, name
            assert value.__doc__, name
    with pytest.raises(AttributeError):
        printkit.nonesuch  # noqa: B018


def test_lookup_equals_the_command(capsys):
    for query in ("7D", "queen of diamonds", "syphon"):
        cards = printkit.lookup(query)
        record = _cli_json(capsys, "lookup", query)
        assert [c.effect.name for c in cards] == [r["name"] for r in record]
    with pytest.raises(NotFoundError):
        printkit.lookup("the joker")


def test_negate_equals_the_command(capsys):
    from printkit.rules.negation import to_json

    cases = [
        ({"played": "KS", "counters": ["8D", "7D"]}, "KS --counter 8D --counter 7D"),
        ({"played": "KS", "counters": ["8D", "7C"]}, "KS --counter 8D --counter 7C"),
        ({"spook": ["3S", "5H"], "counters": ["KD"]}, "--spook 3S 5H --counter KD"),
        ({"played": "AS", "dead": ("outlaw", "outlaw")}, "AS --dead outlaw,outlaw"),
    ]
    for kwargs, args in cases:
        assert to_json(printkit.negate(**kwargs)) == _cli_json(capsys, "negate", *args.split())
    with pytest.raises(UsageError):
        printkit.negate("KS", spook=["3S", "5H"])
    with pytest.raises(RulesError):
        printkit.negate("KS", counters=["8D"], high_noon="blessing", handcuffs="spades")


def test_draw_odds_and_roles_equal_the_commands(capsys):
    from printkit.rules.draw import to_json

    (barrel,) = printkit.draw("barrel", ["9S"])
    assert to_json(barrel) == _cli_json(capsys, "draw", "barrel", "9S")
    both = printkit.draw("dynamite+jail", ["9S", "3H"])
    assert [to_json(r) for r in both] == _cli_json(capsys, "draw", "dynamite+jail", "9S", "3H")[
        "checks"
    ]
    chances = printkit.odds("barrel", in_play=["barrel"])
    assert chances["dodge"] == Fraction(20, 79) and sum(chances.values()) == 1
    record = _cli_json(capsys, "odds", "barrel", "--in-play", "barrel")
    assert {k: Fraction(v["fraction"]) for k, v in record["outcomes"].items()} == chances
    assert printkit.roles(5).to_json() == _cli_json(capsys, "roles", "5")


def test_load_takes_a_name_or_a_designed_decks_folder(tmp_path):
    from printkit.targets.scaffold import scaffold

    assert printkit.load_deck().name == "Dead Men's Deck"
    for relative, text in scaffold("Potions").items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(text, encoding="utf-8")
    designed = printkit.load_deck(tmp_path)
    assert designed.name == "Potions" and designed.deck is None
    with pytest.raises(NotFoundError):
        printkit.load_deck("../../etc")  # a name, never a path
    with pytest.raises(UsageError):
        printkit.load_deck(tmp_path, art_dir=tmp_path)


def test_build_reports_its_progress_and_files(tmp_path):
    seen = []
    kit = printkit.build(
        [printkit.load_deck("simplified-bang")],
        tmp_path / "out",
        progress=lambda what, done, jobs: seen.append((what, done, jobs)),
    )
    assert seen[0][1:] == (0, len(seen) - 1) and seen[-1][1] == seen[-1][2]
    assert {p.name for p in kit.files} >= {"simplified-bang.pdf", "print-guide.pdf"}
    assert all(p.is_file() for p in kit.files)


def test_a_folder_of_images_builds_as_its_command_does(tmp_path):
    from PIL import Image

    folder = tmp_path / "cards"
    folder.mkdir()
    for n in range(2):
        Image.new("RGB", (822, 1122), (40 * n, 90, 160)).save(folder / f"{n}.png")
    Image.new("RGB", (900, 1122), (0, 0, 0)).save(folder / "back.png")  # too wide
    with pytest.raises(printkit.errors.CatalogueError, match=r"back\.png"):
        printkit.load_images(folder)
    deck = printkit.load_images(folder, card_size="poker", fit="crop", bleed_mm=3.175)
    assert not deck.guessed and "back.png" in deck.warnings[-1]
    kit = printkit.build(
        [deck.cards],
        tmp_path / "out",
    )
    assert (tmp_path / "out" / "cards.pdf") in kit.files
