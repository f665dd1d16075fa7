"""The commit under fault injection and in hostile folders.

Every file-system call the commit makes fails in turn, once or from then on, with each
errno a disk can give; after each run the folder holds one whole kit (old or new), the
next run succeeds, and no hidden file stays behind. Links, folders, devices and pipes
where files must go, hostile journals and a second writer are refused with one line,
and change nothing.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import threading
from pathlib import Path

import pytest

from printkit.errors import OutputError
from printkit.output import commit as output
from printkit.output import disk, spool
from printkit.output.commit import JOURNAL, RECORD, recover, write_files
from printkit.output.spool import Spool

OLD = {"a.pdf": b"old a", "b.png": b"old b", "proof-3.png": b"old proof", "tts/1.png": b"old t"}
NEW = {"a.pdf": b"new a", "b.png": b"new b", "c.txt": b"new c", "tts/1.png": b"new t"}
#: The calls that touch the disk, the ones that are made to fail.
CALLS = frozenset(
    [
        "open",
        "write",
        "fsync",
        "replace",
        "rename",
        "link",
        "unlink",
        "mkdir",
        "makedirs",
        "listdir",
        "stat",
        "fstat",
    ]
)
ERRNOS = (errno.EISDIR, errno.EACCES, errno.EPERM, errno.ENOSPC, errno.EROFS, errno.EXDEV,
          errno.EIO)  # fmt: skip


class Faults:
    """``os`` as printkit.output's modules see it: call number ``at`` of the disk calls fails with
    ``code`` (and, with ``lasting``, every one after it, as a disk gone read-only)."""

    def __init__(self, at=None, code=errno.EIO, lasting=False, raising=None):
        self.at, self.code, self.lasting, self.count = at, code, lasting, 0
        self.raising = raising or (lambda: OSError(self.code, os.strerror(self.code)))
        self.opened: set[int] = set()  # the descriptors open now, as a process holds them

    def die(self) -> None:
        """The process's end: every descriptor it held is closed, and its locks go."""
        for fd in self.opened:
            with contextlib.suppress(OSError):
                os.close(fd)
        self.opened.clear()

    def __getattr__(self, name):
        # A sync is counted and may fail like any call, but does not wait for the disk:
        # the test's thousands of commits would spend most of their time there.
        real = _no_sync if name == "fsync" else getattr(os, name)
        if name not in CALLS:
            return real

        def call(*args, **kwargs):
            self.count += 1
            if self.at is not None and (
                self.count == self.at or (self.lasting and self.count > self.at)
            ):
                raise self.raising()
            result = real(*args, **kwargs)
            if name == "open":
                self.opened.add(result)
            elif name == "close" and args:
                self.opened.discard(args[0])
            return result

        return call


def _visible(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    }


def _hidden(folder: Path, deep: bool = True) -> list[str]:
    """Hidden files (in the folders beneath too, with ``deep``), but for the record of
    what printkit wrote, which is meant to stay."""
    found = folder.rglob(".*") if deep else folder.glob(".*")
    return [p.name for p in found if p.relative_to(folder).as_posix() != RECORD]


def _no_sync(_fd: int) -> None:
    pass


@pytest.fixture(autouse=True)
def _unsynced(monkeypatch):
    """Every commit of these tests through a proxy that fails nothing (and syncs nothing):
    the properties are about the calls made, not the disk's speed."""
    for module in (output, disk, spool):
        monkeypatch.setattr(module, "os", Faults())


def _use(faults: Faults) -> None:
    """The commit, the spool and their disk calls all go through ``faults``."""
    output.os = disk.os = spool.os = faults


def _old_kit(folder: Path) -> Path:
    """A folder holding the old kit, as an earlier run of printkit wrote it."""
    write_files({folder / n: data for n, data in OLD.items()}, [folder / "proof-*.png"], "t")
    return folder


def _commit(folder: Path) -> None:
    """The new kit written into ``folder`` (through the proxy, if a test set one), as a
    build writes it: half of its files made into the build's spool first."""
    with Spool(folder) as made:
        files = {
            folder / name: made.write(data) if name.endswith((".pdf", ".png")) else data
            for name, data in NEW.items()
        }
        write_files(files, [folder / "proof-*.png"], "t", spool=made)


def _count_calls(tmp_path: Path) -> int:
    faults = Faults()
    folder = _old_kit(tmp_path / "count")
    _use(faults)
    try:
        _commit(folder)
    finally:
        _use(Faults())
    assert _visible(folder) == NEW
    return faults.count


def test_a_commit_writes_the_new_kit_and_removes_what_it_supersedes(tmp_path):
    folder = _old_kit(tmp_path)
    _commit(folder)
    assert _visible(folder) == NEW  # proof-3.png, superseded, is gone
    assert _hidden(folder) == []


def test_only_files_printkit_wrote_and_nobody_changed_are_ever_superseded(tmp_path):
    folder = _old_kit(tmp_path)
    (folder / "proof-9.png").write_bytes(b"the user's own picture")  # printkit never wrote it
    (folder / "proof-3.png").write_bytes(b"edited by hand")  # printkit's, but changed since
    _commit(folder)
    assert _visible(folder) == {
        **NEW,
        "proof-9.png": b"the user's own picture",
        "proof-3.png": b"edited by hand",
    }


def test_another_commands_files_are_never_superseded(tmp_path):
    folder = _old_kit(tmp_path)
    write_files({folder / "proof-7.png": b"another command's"}, [folder / "proof-*.png"], "other")
    _commit(folder)
    assert _visible(folder) == {**NEW, "proof-7.png": b"another command's"}


def test_a_damaged_record_removes_nothing(tmp_path):
    folder = _old_kit(tmp_path)
    (folder / RECORD).write_text('{"printkit": "files written", "files": [[[')
    _commit(folder)
    assert _visible(folder) == {**NEW, "proof-3.png": b"old proof"}


@pytest.mark.parametrize("lasting", [False, True], ids=["one-call", "from-then-on"])
def test_every_failing_call_leaves_one_whole_kit_and_the_next_run_succeeds(tmp_path, lasting):
    total = _count_calls(tmp_path)
    assert total > 30
    outcomes = {"old": 0, "new": 0}
    for code in ERRNOS:
        for at in range(1, total + 1):
            folder = _old_kit(tmp_path / f"{errno.errorcode[code]}-{at}")
            _use(Faults(at, code, lasting))
            try:
                _commit(folder)
            except OutputError as exc:  # one clear line, never another exception
                assert "\n" not in str(exc) and str(exc)
            finally:
                _use(Faults())
            if not (folder / JOURNAL).exists():
                state = _visible(folder)
                assert state in (OLD, NEW), (code, at)
                outcomes["old" if state == OLD else "new"] += 1
            recover(folder)  # what the next run does first
            assert _visible(folder) in (OLD, NEW), (code, at)
            assert _hidden(folder, deep=False) == [], (code, at)
            _commit(folder)  # and the next run succeeds, leaving nothing in any folder
            assert _visible(folder) == NEW and _hidden(folder) == [], (code, at)
    assert outcomes["old"] and outcomes["new"]  # failures before and after the journal


class Killed(BaseException):
    """The process dying: raised by the failing call and by every call after it, so no
    handler can do anything more on the way out."""


def test_a_commit_killed_at_any_call_is_finished_by_the_next_run(tmp_path):
    total = _count_calls(tmp_path)
    for at in range(1, total + 1):
        folder = _old_kit(tmp_path / f"killed-{at}")
        dying = Faults(at, lasting=True, raising=Killed)
        _use(dying)
        try:
            _commit(folder)
        except Killed:
            dying.die()
        finally:
            _use(Faults())
        recover(folder)
        assert _visible(folder) in (OLD, NEW), at
        assert _hidden(folder, deep=False) == [], at
        _commit(folder)  # the folders the next commit writes into are swept too
        assert _visible(folder) == NEW and _hidden(folder) == [], at


@pytest.mark.parametrize("name", sorted(NEW))
@pytest.mark.parametrize("kind", ["link", "folder", "fifo", "dangling-link"])
def test_something_in_the_way_of_a_file_stops_the_commit_and_changes_nothing(tmp_path, name, kind):
    folder = _old_kit(tmp_path / "out")
    outside = tmp_path / "outside.txt"
    outside.write_text("the user's own file")
    target = folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.unlink(missing_ok=True)
    if kind == "link":
        target.symlink_to(outside)
    elif kind == "dangling-link":
        target.symlink_to(tmp_path / "nothing-here")
    elif kind == "folder":
        target.mkdir()
        (target / "notes.txt").write_text("mine")
    else:
        os.mkfifo(target)
    before = _visible(folder)
    with pytest.raises(OutputError) as raised:
        _commit(folder)
    message = str(raised.value)
    assert name.rpartition("/")[2] in message and "\n" not in message
    assert _visible(folder) == before and _hidden(folder) == []
    assert outside.read_text() == "the user's own file"
    assert not (tmp_path / "nothing-here").exists()
    if kind == "folder":
        assert (target / "notes.txt").read_text() == "mine"  # never moved or renamed
    target.unlink() if kind != "folder" else __import__("shutil").rmtree(target)
    _commit(folder)  # once it is out of the way, the next run works
    assert _visible(folder) == NEW


def test_a_subfolder_that_is_a_link_is_never_written_through(tmp_path):
    folder = _old_kit(tmp_path / "out")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    import shutil

    shutil.rmtree(folder / "tts")
    (folder / "tts").symlink_to(elsewhere)
    with pytest.raises(OutputError, match="tts: not a folder of its own"):
        _commit(folder)
    assert list(elsewhere.iterdir()) == []


def test_a_device_named_as_the_output_is_left_alone(tmp_path):
    with pytest.raises(OutputError, match="a device or a pipe stands where"):
        write_files({Path("/dev/null"): b"x"})
    assert Path("/dev/null").is_char_device()


def test_staged_names_taken_by_folders_do_not_stop_a_commit(tmp_path):
    folder = _old_kit(tmp_path)
    for name in NEW:
        head, _, base = name.rpartition("/")
        (folder / head / f".{base}.printkit-new").mkdir(parents=True)
        (folder / head / f".{base}.printkit-old").mkdir(parents=True)
    _commit(folder)
    assert _visible(folder) == NEW
    # Folders are never printkit's leftovers: they stay, untouched.
    assert sorted(_hidden(folder)) == sorted(
        f".{name.rpartition('/')[2]}.printkit-{kind}" for name in NEW for kind in ("new", "old")
    )


def _journal(entries) -> str:
    return output._journal_text([output._Entry(*entry) for entry in entries]).decode()


HOSTILE_JOURNALS = {
    "outside": lambda: _journal([["../victim.txt", "../.victim.txt.0badc0de.printkit-new", None]]),
    "absolute": lambda: _journal([["/tmp/victim.txt", None, ".x.0badc0de.printkit-old"]]),
    "not-printkit-names": lambda: _journal([["a.pdf", "notes.txt", None]]),
    "other-folder": lambda: _journal([["a.pdf", "tts/.a.pdf.0badc0de.printkit-new", None]]),
    "bad-checksum": lambda: _journal([["a.pdf", ".a.pdf.0badc0de.printkit-new", None]]).replace(
        '"sha256": "', '"sha256": "0'
    ),
    "old-format": lambda: json.dumps({"files": ["a.pdf"]}),
    "not-json": lambda: "{{{",
    "deep": lambda: "[" * 100_000 + "]" * 100_000,
    "huge": lambda: " " * (17 * 1024 * 1024),
    "names-itself": lambda: _journal([[JOURNAL, None, f".{JOURNAL}.0badc0de.printkit-old"]]),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE_JOURNALS))
def test_a_hostile_journal_is_refused_then_cleared_by_recover(tmp_path, kind):
    folder = _old_kit(tmp_path / "out")
    (tmp_path / "victim.txt").write_text("safe")
    (folder / JOURNAL).write_text(HOSTILE_JOURNALS[kind]())
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(OutputError, match="recover the folder") as raised:
        _commit(folder)
    assert "\n" not in str(raised.value)
    assert (tmp_path / "victim.txt").read_text() == "safe"
    assert (folder / "notes.txt").read_text() == "mine"
    done = recover(folder, discard=True)
    assert done and "cannot follow" in done[0]
    _commit(folder)
    assert _visible(folder) == {**NEW, "notes.txt": b"mine"}


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "link"])
def test_a_journal_that_is_not_a_file_never_blocks_or_is_followed(tmp_path, kind):
    folder = _old_kit(tmp_path / "out")
    journal = folder / JOURNAL
    if kind == "fifo":
        os.mkfifo(journal)
    elif kind == "dev-zero":
        journal.symlink_to("/dev/zero")
    else:
        (tmp_path / "elsewhere.json").write_text(_journal([["a.pdf", None, None]]))
        journal.symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises(OutputError, match="not a journal printkit wrote"):
        _commit(folder)
    recover(folder, discard=True)
    _commit(folder)
    assert _visible(folder) == NEW


def test_a_folder_named_like_the_journal_is_named_with_the_fix(tmp_path):
    folder = _old_kit(tmp_path / "out")
    (folder / JOURNAL).mkdir()
    with pytest.raises(OutputError, match="a folder stands where printkit keeps its commit"):
        _commit(folder)
    assert _visible(folder) == OLD


def test_a_second_writer_waits_for_the_first(tmp_path, monkeypatch):
    folder = _old_kit(tmp_path / "out")
    holder = os.open(folder, os.O_RDONLY)
    fcntl.flock(holder, fcntl.LOCK_EX)
    finished = threading.Event()

    def second():
        _commit(folder)
        finished.set()

    thread = threading.Thread(target=second)
    thread.start()
    assert not finished.wait(0.5)  # waiting: the folder is someone else's for now
    assert _visible(folder) == OLD
    fcntl.flock(holder, fcntl.LOCK_UN)
    os.close(holder)
    assert finished.wait(10)
    thread.join()
    assert _visible(folder) == NEW


def test_a_second_writer_gives_up_with_one_line_when_the_first_never_ends(tmp_path, monkeypatch):
    folder = _old_kit(tmp_path / "out")
    holder = os.open(folder, os.O_RDONLY)
    fcntl.flock(holder, fcntl.LOCK_EX)
    monkeypatch.setattr(output, "_LOCK_WAIT", 0.2)
    try:
        with pytest.raises(OutputError, match="another printkit is still writing"):
            _commit(folder)
    finally:
        os.close(holder)
    assert _visible(folder) == OLD


def test_a_file_another_user_owns_in_a_shared_folder_is_named_not_half_replaced(
    tmp_path, monkeypatch
):
    folder = _old_kit(tmp_path / "shared")
    folder.chmod(0o1777)
    monkeypatch.setattr(output.os, "geteuid", lambda: 4242, raising=True)
    try:
        with pytest.raises(OutputError, match="belongs to another user in a shared folder"):
            _commit(folder)
    finally:
        monkeypatch.undo()
    assert _visible(folder) == OLD and _hidden(folder) == []


def test_a_journal_never_removes_a_file_printkit_did_not_write(tmp_path):
    folder = _old_kit(tmp_path / "out")
    (folder / "notes.txt").write_text("mine")
    (folder / ".notes.txt.00000000.printkit-old").write_text("mine")
    (folder / JOURNAL).write_text(
        _journal([["notes.txt", None, ".notes.txt.00000000.printkit-old"]])
    )
    with pytest.raises(OutputError, match="a file printkit did not write"):
        _commit(folder)
    assert (folder / "notes.txt").read_text() == "mine"


def test_files_named_like_printkits_but_without_its_token_are_the_users(tmp_path):
    folder = _old_kit(tmp_path / "out")
    (folder / "photos").mkdir()
    (folder / "photos" / ".holiday.jpg.printkit-old").write_text("a photo")
    (folder / ".my diary.printkit-new").write_text("a diary")
    _commit(folder)
    assert (folder / "photos" / ".holiday.jpg.printkit-old").read_text() == "a photo"
    assert (folder / ".my diary.printkit-new").read_text() == "a diary"
