"""Every command is documented: in the README, and with examples in its own --help."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from printkit.cli.app import ANSWERING, COMMANDS

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_in_the_readme(name):
    assert f"printkit {name}" in README


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_examples_in_its_help(cli, name):
    result = cli(name, "--help")
    assert result.status == 0 and "Examples:" in result.out and f"printkit {name}" in result.out


def test_the_readmes_setup_commands_are_marked_for_ci():
    assert "<!-- ci:main -->" in README and "<!-- ci:tests -->" in README
    assert "printkit build" in README.split("<!-- ci:main -->")[1].split("```")[1]
    assert "pytest" in README.split("<!-- ci:tests -->")[1].split("```")[1]


def test_the_readme_lists_every_directive_where_it_may_be_used():
    from printkit.rules.content import DIRECTIVES

    table = README.split("| `{{...}}` |")[1].split("\n\n")[0].splitlines()[2:]
    rows = {
        line.split("|")[1].strip().strip("`").split()[0]: line.split("|")[2:4] for line in table
    }
    assert set(rows) == set(DIRECTIVES)
    for name, (rules, aids) in rows.items():
        assert (rules.strip() == "yes") == (DIRECTIVES[name].block is not None), name
        assert (aids.strip() == "yes") == (DIRECTIVES[name].text is not None), name


def _console_examples() -> list[tuple[str, list[str]]]:
    """Each ``$ printkit ...`` line of the README's console blocks, with the lines it shows."""
    examples = []
    for block in re.findall(r"```console\n(.*?)```", README, flags=re.S):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if chunk.startswith("$ printkit "):
                command, *shown = chunk.rstrip("\n").split("\n")
                examples.append((command.removeprefix("$ "), shown))
    return examples


#: The table companion's examples: what they print never depends on the machine.
COMPANION_EXAMPLES = [
    (command, shown)
    for command, shown in _console_examples()
    if COMMANDS[command.split()[1]] in ANSWERING
    # the README's example of a mistake in a deck's file, which printkit's own data lacks
    and "sumary" not in "\n".join(shown)
]


def test_the_readmes_examples_cover_lookup_negate_draw_and_odds():
    # roles is described in words: its answer is a page long
    assert {command.split()[1] for command, _ in COMPANION_EXAMPLES} == {
        "lookup",
        "negate",
        "draw",
        "odds",
    }


@pytest.mark.parametrize(
    ("command", "shown"), COMPANION_EXAMPLES, ids=[command for command, _ in COMPANION_EXAMPLES]
)
def test_the_readmes_companion_examples_print_what_it_shows(monkeypatch, cli, command, shown):
    monkeypatch.setenv("COLUMNS", "88")  # the widest printkit fills to
    result = cli(*shlex.split(command)[1:])
    assert (result.out + result.err).rstrip("\n").split("\n") == shown
