"""Nothing lost, nothing bricked: what the command line promises a player or a designer
whatever they give it (two builds at once, a deck that shrinks, names no file system or
terminal should take, signals, pages and spreadsheets from strangers)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.output.commit import RECORD
from printkit.targets.scaffold import scaffold
from tests.conftest import leftovers

PRINTKIT = [sys.executable, "-c", "from printkit.cli import main; main()"]
#: Two ways to print the same deck whose fronts and backs both differ.
OPTIONS = ([], ["--qr", "--back-offset", "1,0"])


def _deck(folder: Path, cards: int | None = None) -> Path:
    for relative, text in scaffold("Potions").items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    if cards is not None:
        rows = ["name,count,type,cost,art,text,flavour"]
        rows += [f"Potion {n},1,potion,1,flask,Drink it.," for n in range(1, cards + 1)]
        (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def test_two_builds_into_one_folder_at_once_both_finish_and_leave_one_whole_kit(tmp_path):
    out = tmp_path / "out"
    slow = {**os.environ, "PRINTKIT_TEST_COMMIT_DELAY": "0.1"}
    runs = [
        subprocess.Popen(
            [*PRINTKIT, "sheets", "--duplex", "manual", *extra, "-o", str(out / "deck.pdf")],
            env=slow, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        for extra in OPTIONS
    ]  # fmt: skip
    for run in runs:
        assert run.wait(120) == 0, run.stderr.read()
    assert sorted(p.name for p in out.iterdir()) == [RECORD, "deck-backs.pdf", "deck-fronts.pdf"]
    assert not leftovers(out)
    # One whole kit: the fronts and the backs of the same run (the second commit waited
    # for the first): the two runs differ in both files.
    fronts = (out / "deck-fronts.pdf").read_bytes()
    alone = tmp_path / "alone"
    for extra in OPTIONS:
        subprocess.run(
            [*PRINTKIT, "sheets", "--duplex", "manual", *extra, "-o", str(alone / "deck.pdf")],
            check=True, capture_output=True,
        )  # fmt: skip
        if (alone / "deck-fronts.pdf").read_bytes() == fronts:
            assert (alone / "deck-backs.pdf").read_bytes() == (out / "deck-backs.pdf").read_bytes()
            break
    else:
        pytest.fail("the fronts are neither run's")


def test_a_deck_that_shrinks_leaves_no_proof_of_its_old_cards(cli, tmp_path):
    folder, out = _deck(tmp_path / "d", cards=40), tmp_path / "out"
    assert cli("build", "--deck-dir", str(folder), "--out", str(out), "--quiet").status == 0
    assert sorted(p.name for p in out.glob("d-proof-*.png")) == [
        "d-proof-1.png", "d-proof-2.png", "d-proof-3.png"
    ]  # fmt: skip
    (out / "d-proof-9.png").write_bytes(b"the designer's own picture")
    _deck(folder, cards=4)
    assert cli("build", "--deck-dir", str(folder), "--out", str(out), "--quiet").status == 0
    assert sorted(p.name for p in out.glob("d-proof-*.png")) == ["d-proof-1.png", "d-proof-9.png"]


def test_an_export_of_fewer_cards_leaves_none_of_the_old_images(cli, tmp_path):
    folder, out = _deck(tmp_path / "d", cards=12), tmp_path / "png"
    assert cli("export", "--for", "png", "--deck-dir", str(folder), "-o", str(out)).status == 0
    assert len(list(out.glob("*.png"))) == 13
    _deck(folder, cards=3)
    assert cli("export", "--for", "png", "--deck-dir", str(folder), "-o", str(out)).status == 0
    assert sorted(p.name for p in out.glob("*.png")) == [
        "01-potion-1.png", "02-potion-2.png", "03-potion-3.png", "back.png"
    ]  # fmt: skip
    assert {p.name for p in out.iterdir()} - {RECORD} == {p.name for p in out.glob("*.png")}


def test_build_of_the_current_folder_names_its_files_after_the_folder(cli, tmp_path, monkeypatch):
    folder = _deck(tmp_path / "My Potions")
    monkeypatch.chdir(folder)
    assert cli("build", "--deck-dir", ".", "--out", "out", "--quiet").status == 0
    assert {"my-potions.pdf", "my-potions-proof-1.png"} <= {p.name for p in Path("out").iterdir()}


def test_a_name_that_would_draw_on_the_terminal_is_shown_escaped(cli, tmp_path):
    folder = tmp_path / "evil\x1b[2J\nname"
    result = cli("build", "--deck-dir", str(folder), "--out", str(tmp_path / "o"))
    assert result.status == 2
    assert "\x1b" not in result.err and result.err.count("\n") == 1
    assert "\\x1b[2J\\n" in result.err


def test_printkit_new_refuses_a_file_and_a_name_its_deck_cannot_print(cli, tmp_path):
    (tmp_path / "file").write_text("x")
    assert cli("new", str(tmp_path / "file")).status == 2
    assert cli("new", "/dev/null").status == 2
    result = cli("new", str(tmp_path / "d"), "--name", "A" * 81)
    assert result.status == 2 and "1 to 80 characters" in result.err
    result = cli("new", str(tmp_path / "d"), "--name", "Wide " * 15)
    assert result.status == 2 and "--name" in result.err and "does not fit" in result.err
    assert not (tmp_path / "d").exists()  # nothing half-made is left behind
    result = cli("new", str(tmp_path / "d"), "--name", "Φίλτρα της νύχτας")
    assert result.status == 0, result.err


def test_the_preflight_refuses_what_is_no_pdf_in_one_line(cli, tmp_path):
    (tmp_path / "empty.pdf").write_bytes(b"")
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.7\n" + b"\x00" * 64)
    for path, words in (
        (tmp_path / "empty.pdf", "not a PDF file"),
        (tmp_path / "broken.pdf", "a PDF that cannot be read"),
        (Path("/dev/zero"), "not a regular file"),
    ):
        result = cli("preflight", str(path))
        assert result.status == 1 and words in result.err, result.err
        assert result.err.count("\n") == 1


def test_the_table_page_keeps_working_with_markup_in_a_card_name(cli, tmp_path, data_copy):
    effects = data_copy / "decks" / "dead-mens-deck" / "effects.toml"
    effects.write_text(effects.read_text().replace('name = "Spook!"', 'name = "<!--<script>"', 1))
    page = tmp_path / "table.html"
    assert cli("table", "--data-dir", str(data_copy), "-o", str(page)).status == 0
    html = page.read_text(encoding="utf-8")
    script = html[html.index("<script>") + len("<script>") : html.rindex("</script>")]
    assert "<!--" not in script and "<script" not in script
    assert "\\u003c!--\\u003cscript\\u003e" in script  # the name is there, escaped


def test_the_grid_index_never_hands_a_spreadsheet_a_formula(cli, tmp_path):
    folder = _deck(tmp_path / "d")
    cards = folder / "cards.csv"
    cards.write_text(cards.read_text().replace("Healing Draught", '"=HYPERLINK(""x"")"', 1))
    out = tmp_path / "grid"
    assert cli("export", "--for", "grid", "--deck-dir", str(folder), "-o", str(out)).status == 0
    index = (out / "cards.csv").read_text(encoding="utf-8")
    assert "'=HYPERLINK" in index and ",=HYPERLINK" not in index


def test_sigterm_while_watching_ends_with_143(tmp_path):
    folder = _deck(tmp_path / "d")
    watch = subprocess.Popen(
        [*PRINTKIT, "build", "--deck-dir", str(folder), "--out", str(tmp_path / "o"), "--watch"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    err = ""
    while "watching" not in err and time.monotonic() < deadline:
        err += watch.stderr.readline()
    watch.send_signal(signal.SIGTERM)
    assert watch.wait(30) == 143
    assert "terminated" in watch.stderr.read()


def test_a_journal_written_by_this_printkit_is_its_own(tmp_path):
    """The journal's checksum is over its entries: one hand-edited is refused."""
    from printkit.output.commit import _Entry, _journal_text

    text = _journal_text([_Entry("a.pdf", ".a.pdf.0badc0de.printkit-new", None)])
    table = json.loads(text)
    assert set(table) == {"printkit", "version", "entries", "sha256"}


@pytest.mark.parametrize("command", ["sheets", "rulebook", "idsheet", "calibrate"])
def test_a_directory_named_as_the_output_file_is_refused_before_anything_is_made(
    cli, tmp_path, command
):
    target = tmp_path / "x.pdf"
    target.mkdir()
    (target / "notes.txt").write_text("mine")
    result = cli(command, "-o", str(target))
    assert result.status in (1, 2) and "x.pdf" in result.err
    assert (target / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize("name", ["calibration", "print-guide"])
def test_a_designed_deck_named_like_a_file_of_its_kit_is_stopped_not_lost(cli, tmp_path, name):
    folder = _deck(tmp_path / name)
    result = cli("build", "--deck-dir", str(folder), "--out", str(tmp_path / "out"))
    assert result.status == 1
    assert f"{name}.pdf would be written twice, by “" in result.err
    assert ": card sheets and proof” and by “" in result.err
    assert not (tmp_path / "out").exists()


def test_a_build_on_paper_too_small_for_the_calibration_page_prints_the_cards(cli, tmp_path):
    template = tmp_path / "one.toml"
    template.write_text(
        'description = "1 card"\npaper = { width = "66mm", height = "92mm" }\n'
        '[card]\nwidth = "63.5mm"\nheight = "88.9mm"\n[grid]\ncolumns = 1\nrows = 1\n'
    )
    folder, out = _deck(tmp_path / "d"), tmp_path / "out"
    result = cli("build", "--deck-dir", str(folder), "--template", str(template), "--out", str(out))
    assert result.status == 0, result.err
    assert (out / "d.pdf").is_file() and not (out / "calibration.pdf").exists()
    assert result.err.count("\n") == 1 and "no room for a calibration page" in result.err
