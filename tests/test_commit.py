"""All or nothing, even when killed: a real printkit process is killed at many points
while it moves its files into place (a test hook slows that down), and after recovery
the folder holds every old file or every new one, and no leftover."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.output.commit import JOURNAL, RECORD, recover, write_files
from tests.conftest import leftovers

PRINTKIT = [sys.executable, "-c", "from printkit.cli import main; main()"]
#: The options of the new kit: both files (fronts and backs) differ from the old one's.
NEW = ["--qr", "--back-offset", "1,0"]


def _digests(folder: Path) -> dict[str, str]:
    """The folder's files by name (not the record of which ones printkit wrote)."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.name != RECORD
    }


def _run(args, env=None, **kwargs):
    return subprocess.Popen(
        [*PRINTKIT, *args],
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kwargs,
    )


@pytest.fixture(scope="module")
def two_kits(tmp_path_factory):
    """The same two files (manual duplex: fronts and backs) made two ways."""
    old = tmp_path_factory.mktemp("old")
    new = tmp_path_factory.mktemp("new")
    for folder, extra in ((old, []), (new, NEW)):
        done = _run(["sheets", "--duplex", "manual", "-o", str(folder / "deck.pdf"), *extra])
        assert done.wait(120) == 0, done.stderr.read()
    a, b = _digests(old), _digests(new)
    assert set(a) == set(b) == {"deck-fronts.pdf", "deck-backs.pdf"}
    assert all(a[name] != b[name] for name in a)
    return old, a, b


def _old_kit(tmp_path, two_kits) -> Path:
    """An output folder holding the old kit."""
    old, a, _ = two_kits
    folder = tmp_path / "out"
    folder.mkdir()
    for name in a:
        (folder / name).write_bytes((old / name).read_bytes())
    return folder


def _committing(folder: Path):
    """A printkit process writing the new kit into ``folder``, caught once its journal is
    written (its commit slowed down by a test hook)."""
    process = _run(
        ["sheets", "--duplex", "manual", *NEW, "-o", str(folder / "deck.pdf")],
        env={"PRINTKIT_TEST_COMMIT_DELAY": "0.4"},
    )
    deadline = time.monotonic() + 60
    while not (folder / JOURNAL).exists() and process.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    return process


@pytest.mark.parametrize("after", [0.0, 0.1, 0.3, 0.45, 0.6, 0.75, 0.9])
def test_a_build_killed_while_committing_leaves_one_whole_kit(tmp_path, two_kits, after):
    _, a, b = two_kits
    folder = _old_kit(tmp_path, two_kits)
    process = _committing(folder)
    time.sleep(after)
    process.kill()
    process.wait()
    recover(folder)  # what the next run of printkit does first
    assert _digests(folder) in (a, b)
    assert not leftovers(folder)


def test_a_build_killed_before_committing_changes_nothing(tmp_path, two_kits):
    _, a, _ = two_kits
    folder = _old_kit(tmp_path, two_kits)
    process = _run(["sheets", "--duplex", "manual", *NEW, "-o", str(folder / "deck.pdf")])
    time.sleep(0.3)  # still drawing: nothing is staged yet, or only new copies are
    process.kill()
    process.wait()
    recover(folder)
    assert _digests(folder) == a
    assert not leftovers(folder)


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_terminate_and_ctrl_c_finish_or_undo_the_commit_at_once(tmp_path, two_kits, sig, status):
    b = two_kits[2]
    folder = _old_kit(tmp_path, two_kits)
    process = _committing(folder)
    time.sleep(0.2)
    process.send_signal(sig)
    assert process.wait(60) == status
    err = process.stderr.read().decode()
    assert "Traceback" not in err and err.strip().count("\n") == 0  # one line (after ^C)
    # No next run needed: the process itself finished the commit before it stopped.
    assert _digests(folder) == b
    assert not leftovers(folder)


def test_the_next_build_finishes_a_commit_before_anything_else(tmp_path, two_kits):
    b = two_kits[2]
    folder = _old_kit(tmp_path, two_kits)
    process = _committing(folder)
    time.sleep(0.5)
    process.kill()
    process.wait()
    assert (folder / JOURNAL).exists()
    # A build into that folder that then fails still finds a whole kit first.
    failing = _run(["build", "--quiet", "--deck", "nonesuch", "--out", str(folder)])
    assert failing.wait(60) == 2
    assert _digests(folder) == b


def test_a_journal_cannot_name_a_file_outside_its_folder(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / JOURNAL).write_text('{"files": ["../victim.txt"]}')
    (tmp_path / "victim.txt").write_text("safe")
    from printkit.errors import OutputError

    with pytest.raises(OutputError, match="will not follow it; recover the folder"):
        recover(tmp_path / "out")
    assert (tmp_path / "victim.txt").read_text() == "safe"


def test_write_files_replaces_every_file_or_none(tmp_path):
    target = tmp_path / "a.txt"
    target.write_text("old")
    write_files({target: b"new", tmp_path / "b.txt": b"b"})
    assert target.read_text() == "new" and (tmp_path / "b.txt").read_text() == "b"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]
