"""The commands that write files: build, sheets, calibrate; and what a failed run leaves."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from tests.conftest import leftovers

from .pdfcheck import reader


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_build_writes_the_deck_and_the_calibration_page(cli, tmp_path):
    result = cli("build", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    out = tmp_path / "out"
    assert (out / "dead-mens-deck.pdf").exists() and (out / "calibration.pdf").exists()
    assert "dead-mens-deck.pdf" in result.out
    assert len(reader((out / "dead-mens-deck.pdf").read_bytes()).pages) == 14  # with 4 aids
    assert not leftovers(out)  # no temporary files left


def test_build_quiet_prints_nothing(cli, built_kit):
    # The kit every test shares was built with --quiet: the build printed nothing then.
    # Built again into a copy, it still says nothing and changes nothing.
    result = cli(
        "build", "--quiet", "--deck", "simplified-bang", "--out", str(built_kit.parent / "q")
    )
    assert result.status == 0 and result.out == "" and result.err == ""


def test_sheets_with_a_template_and_manual_duplex(cli, tmp_path):
    target = tmp_path / "deck.pdf"
    result = cli("sheets", "--template", "a4-3x3", "--duplex", "manual", "-o", str(target))
    assert result.status == 0, result.err
    fronts, backs = tmp_path / "deck-fronts.pdf", tmp_path / "deck-backs.pdf"
    assert len(reader(fronts.read_bytes()).pages) == len(reader(backs.read_bytes()).pages) == 7


def test_sheets_with_a_users_own_template_file(cli, tmp_path):
    mine = tmp_path / "my-sheets.toml"
    mine.write_text(
        'description = "mine"\nextends = "plaincards-letter"\n[grid]\nleft = "0.45in"\n'
    )
    result = cli("sheets", "--template", str(mine), "-o", str(tmp_path / "x.pdf"))
    assert result.status == 0, result.err


def test_calibrate_writes_two_pages(cli, tmp_path):
    result = cli("calibrate", "--template", "a4-3x3", "-o", str(tmp_path / "cal.pdf"))
    assert result.status == 0
    assert len(reader((tmp_path / "cal.pdf").read_bytes()).pages) == 2


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (["--template", "a4-3x4"], 2, "did you mean 'a4-3x3'"),
        (["--back-offset", "1;2"], 2, "two numbers in mm"),
        (["--back-offset", "100,0"], 2, "more than 20 mm"),
        (["--duplex", "sideways"], 2, "sideways"),
        (["--deck", "dead-men"], 2, "did you mean 'dead-mens-deck'"),
    ],
)
def test_bad_options_exit_with_one_line_and_harm_nothing(cli, kit_copy, args, status, words):
    before = digest(kit_copy)
    result = cli("build", "--out", str(kit_copy), *args)
    assert result.status == status and words in result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert digest(kit_copy) == before


def test_a_template_that_does_not_fit_fails_and_harms_nothing(cli, tmp_path, kit_copy):
    before = digest(kit_copy)
    bad = tmp_path / "wide.toml"
    bad.write_text('description = "too wide"\nextends = "letter-3x3"\n[grid]\ncolumns = 4\n')
    result = cli("build", "--out", str(kit_copy), "--template", str(bad))
    assert result.status == 1 and "wide.toml" in result.err and "off the paper" in result.err
    assert digest(kit_copy) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write into a read-only folder")
def test_an_output_folder_that_cannot_be_written(cli, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        result = cli("build", "--out", str(locked))
    finally:
        locked.chmod(0o700)
    assert result.status == 1 and "cannot write" in result.err and result.err.count("\n") == 1


def test_an_output_path_under_a_file_cannot_be_written(cli, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder should be")
    result = cli("build", "--out", str(blocker / "kit"))
    assert result.status == 1 and "cannot write" in result.err and result.err.count("\n") == 1
    assert blocker.read_text() == "a file where a folder should be"


def test_sheets_read_the_player_aid_not_the_rules(cli, tmp_path, data_copy):
    """Sheets print the aid, never the rules: a mistake in the rules stops the rulebook
    (and build), not the sheets; one in the aid stops the sheets."""
    deck = data_copy / "decks" / "dead-mens-deck"
    (deck / "rulebook.md").write_text("{{no-such-directive}}\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = cli("sheets", "--data-dir", str(data_copy), "-o", str(out))
    assert result.status == 0, result.err
    assert out.is_file()
    built = cli("build", "--data-dir", str(data_copy), "--out", str(tmp_path / "kit"))
    assert built.status == 1 and "rulebook.md" in built.err, built.err
    (deck / "aids.toml").write_text("[front\n", encoding="utf-8")
    broken = cli("sheets", "--data-dir", str(data_copy), "-o", str(tmp_path / "again.pdf"))
    assert broken.status == 1 and "aids.toml" in broken.err, broken.err
