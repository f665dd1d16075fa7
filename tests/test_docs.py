"""Every command is documented: in the README, and with examples in its own --help."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.cli.app import COMMANDS

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
    from printkit.content import DIRECTIVES

    table = README.split("| `{{...}}` |")[1].split("\n\n")[0].splitlines()[2:]
    rows = {
        line.split("|")[1].strip().strip("`").split()[0]: line.split("|")[2:4] for line in table
    }
    assert set(rows) == set(DIRECTIVES)
    for name, (rules, aids) in rows.items():
        assert (rules.strip() == "yes") == (DIRECTIVES[name].block is not None), name
        assert (aids.strip() == "yes") == (DIRECTIVES[name].text is not None), name
