"""Each file of a build goes to disk as soon as it is made (the spool, inside the output
folder) and is moved into place by the commit: a build that fails or is killed leaves
no spool behind after the next run, a live build's spool is never touched, and nothing
else is ever removed in its name."""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from printkit.output.commit import recover, write_files
from printkit.output.spool import Spool
from tests.conftest import leftovers
from tests.test_design import _break, make_deck

PRINTKIT = [sys.executable, "-c", "from printkit.cli import main; main()"]


def _spools(folder: Path) -> list[Path]:
    return sorted(folder.glob(".printkit-spool.*"))


def test_a_build_moves_its_files_out_of_the_spool_and_leaves_none(cli, tmp_path):
    out = tmp_path / "kit"
    assert cli("build", "--deck", "simplified-bang", "--out", str(out)).status == 0
    assert not _spools(out) and not leftovers(out)
    assert (out / "simplified-bang-proof-1.png").stat().st_size > 0


def test_a_build_that_fails_leaves_no_spool_and_makes_no_folder(cli, tmp_path):
    folder = make_deck(tmp_path / "d")
    _break(folder, "cards.csv", "Copy the card a rival played last.", "word " * 300)
    out = tmp_path / "new" / "kit"
    result = cli("build", "--deck-dir", str(folder), "--out", str(out))
    assert result.status == 1 and "does not fit" in result.err
    assert not out.exists()
    out.mkdir(parents=True)
    (out / "mine.txt").write_text("keep")
    assert cli("build", "--deck-dir", str(folder), "--out", str(out)).status == 1
    assert sorted(p.name for p in out.iterdir()) == ["mine.txt"]


def test_a_killed_build_leaves_a_spool_that_the_next_run_clears(tmp_path):
    out = tmp_path / "kit"
    process = subprocess.Popen(
        [*PRINTKIT, "build", "--quiet", "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    try:
        while not any(spool.glob("*.part") for spool in _spools(out) if spool.is_dir()):
            assert process.poll() is None, process.stderr.read()
            assert time.monotonic() < deadline
            time.sleep(0.005)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert _spools(out)  # killed with files made and not yet moved into place
    # What the next run into the folder does first. A forked child of the killed build
    # still finishing its job holds the spool's lock, so the spool stays until it ends.
    deadline = time.monotonic() + 60
    while recover(out) is not None and _spools(out):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert not leftovers(out)


def test_a_live_spool_is_left_alone_and_a_strangers_files_are_never_removed(tmp_path):
    out = tmp_path / "kit"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("not printkit's")
    stale = out / ".printkit-spool.0badc0de"
    stale.mkdir()
    (stale / "0123456789abcdef.part").write_bytes(b"left by a killed run")
    (stale / "notes.txt").write_text("someone's")
    (stale / "fedcba9876543210.part").symlink_to(victim)
    copied = out / ".printkit-spool.0ddba11a"  # a real spool's files, copied: not its own
    with Spool(out) as live:
        kept = live.write(b"being made")
        shutil.copytree(out / live.name, copied)
        recover(out)
        assert live.read(kept) == b"being made"  # the live spool is untouched
    # Folders of a spool's name that printkit did not make keep every file they hold.
    assert sorted(p.name for p in stale.iterdir()) == [
        "0123456789abcdef.part", "fedcba9876543210.part", "notes.txt",
    ]  # fmt: skip
    assert len(list(copied.iterdir())) == 2
    assert victim.read_text() == "not printkit's"
    assert _spools(out) == [stale, copied]


def test_spooled_files_are_moved_into_place_or_copied_where_links_fail(tmp_path, monkeypatch):
    for links in (True, False):
        out = tmp_path / f"links-{links}"
        if not links:

            def no_links(*_args, **_kwargs):
                raise OSError(errno.EXDEV, "Invalid cross-device link")

            monkeypatch.setattr(os, "link", no_links)
        contents = {out / "a.txt": b"alpha", out / "sub" / "b.bin": os.urandom(100_000)}
        with Spool(out) as spool:
            kept = {path: spool.write(data) for path, data in contents.items()}
            assert all(k.digest == hashlib.sha256(contents[p]).hexdigest() for p, k in kept.items())
            written = write_files(kept, spool=spool)
        assert written == list(contents)
        assert all(path.read_bytes() == data for path, data in contents.items())
        assert not _spools(out) and not leftovers(out)
        monkeypatch.undo()


def test_a_spool_cleared_away_by_another_run_before_it_is_locked_is_made_again(
    tmp_path, monkeypatch
):
    """Another run clearing a killed run's spools takes a new one, made but not yet
    locked, for such a leftover and removes it: this run makes another and goes on."""
    from printkit.output import spool as spool_module

    out = tmp_path / "kit"
    out.mkdir()
    made = os.mkdir
    cleared = []

    def mkdir_then_cleared(name, mode=0o777, *, dir_fd=None):
        made(name, mode, dir_fd=dir_fd)
        if str(name).startswith(".printkit-spool") and not cleared:
            cleared.append(name)
            spool_module.remove_stale(dir_fd)  # in the gap, as another run would

    monkeypatch.setattr(spool_module.os, "mkdir", mkdir_then_cleared)
    with Spool(out) as live:
        kept = live.write(b"being made")
        assert live.read(kept) == b"being made" and live.name != cleared[0]
    assert not (out / cleared[0]).exists()
