"""Work shared with a forked child (printkit.parallel): the same results in the same order
as doing it here, the first error raised here with its own message, and a child that
dies costs nothing but time."""

from __future__ import annotations

import os
import sys
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import parallel as forked

needs_fork = pytest.mark.skipif(
    not (hasattr(os, "fork") and (os.cpu_count() or 1) > 1 and sys.platform != "darwin"),
    reason="needs fork and a second core",
)


def _square_or_fail(n: int) -> int:
    if n < 0:
        raise ValueError(f"item {n} is negative")
    return n * n


@needs_fork
def test_a_child_that_dies_leaves_its_tasks_to_this_process():
    import time

    if threading.active_count() != 1:
        pytest.skip("other threads run in this test process")
    parent = os.getpid()

    def task(n: int):
        def run() -> int:
            if os.getpid() != parent:
                if n == 5:
                    os._exit(3)
                time.sleep(0.01)
            return n + 1

        return run

    assert forked.run_shared([task(n) for n in range(12)]) == list(range(1, 13))


def test_fewer_tasks_than_worth_a_child_are_run_here(monkeypatch):
    def no_fork():
        raise AssertionError("forked for two tasks")

    monkeypatch.setattr(forked, "start", lambda work: no_fork())
    assert forked.run_shared(_tasks([2, 3]), worth_it=8) == [4, 9]


def test_the_decks_pictures_are_the_same_read_either_way(monkeypatch):
    from printkit.load.art import load_art
    from printkit.load.catalogue import load_deck

    deck = load_deck()

    def digests(art):
        pictures = [*art.effects.values(), art.back(), *art.icons.values()]
        return [(p.source, p.digest(), p.drawing.width, p.drawing.height) for p in pictures]

    shared = digests(load_art(deck))
    monkeypatch.setattr(forked, "can_fork", lambda count, worth_it: False)
    assert digests(load_art(deck)) == shared


def _tasks(values):
    def task(value):
        return lambda: _square_or_fail(value)

    return [task(v) for v in values]


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(-2, 30), max_size=12))
def test_tasks_shared_as_each_frees_up_give_what_running_them_here_gives(values):
    reported = []
    try:
        expected = [_square_or_fail(v) for v in values]
    except ValueError as exc:
        with pytest.raises(ValueError, match=str(exc)):
            forked.run_shared(_tasks(values), reported.append)
        return
    assert forked.run_shared(_tasks(values), reported.append) == expected
    assert sorted(reported) == list(range(len(values)))  # each reported once
    assert not forked.busy()


@needs_fork
def test_both_processes_take_tasks_and_nothing_forks_again_meanwhile():
    import time

    if threading.active_count() != 1:
        pytest.skip("other threads run in this test process")

    def task():
        time.sleep(0.05)
        return os.getpid(), forked.busy(), forked.can_fork(100, 2)

    results = forked.run_shared([task] * 8)
    assert len({pid for pid, _, _ in results}) == 2
    assert all(busy and not can for _, busy, can in results)


def test_the_builds_preflight_on_both_cores_says_what_it_says_on_one(monkeypatch, tmp_path):
    """The build's jobs preflight their own PDFs: run on both cores or on one, the same
    warnings, and the first failing file's line."""
    from pathlib import Path

    from reportlab.lib.units import mm

    from printkit.errors import RenderError
    from printkit.output.spool import Spool
    from printkit.render.fonts import BODY, register_fonts
    from printkit.render.pdf import Document
    from printkit.targets.files import made
    from printkit.targets.kit import checked

    register_fonts()

    def page(size: float, x: float) -> bytes:
        doc = Document((210 * mm, 297 * mm), "t", "t", kind="sheets", paper="a4", duplex="long")
        doc.canvas.setFont(BODY, size)
        doc.canvas.drawString(x, 150 * mm, "Some text")
        doc.canvas.showPage()
        return doc.finish()

    good = {Path(f"ok-{i}.pdf"): page(9, 50 * mm) for i in range(4)}
    edge = {Path("edge.pdf"): page(9, 1 * mm)}  # text within 5 mm of the edge
    small = {Path("small.pdf"): page(4, 50 * mm), Path("small-2.pdf"): page(3, 50 * mm)}

    def outcome(files):
        jobs = [lambda pair=pair: [pair] for pair in files.items()]
        with Spool(tmp_path / "out") as spool:
            parts = forked.run_shared([lambda job=job: made(spool, job) for job in jobs])
        reports = {path: report for part in parts for path, report in part.reports.items()}
        try:
            return ("warnings", checked(reports))
        except RenderError as exc:
            return ("error", str(exc))

    cases = [{**good, **edge}, {**good, **small, **edge}]
    shared = [outcome(files) for files in cases]
    monkeypatch.setattr(forked, "can_fork", lambda count, worth_it: False)
    assert [outcome(files) for files in cases] == shared
    assert shared[1][0] == "error" and "small.pdf" in shared[1][1]


def test_tasks_started_in_another_order_still_come_back_in_theirs():
    values = list(range(10))
    order = [9, 3, 0, 1, 2, 4, 5, 6, 7, 8]
    assert forked.run_shared(_tasks(values), first=order) == [v * v for v in values]
    with pytest.raises(ValueError, match="every task once"):
        forked.run_shared(_tasks(values), first=[0, 0, 1])


def test_the_build_starts_its_longest_jobs_first():
    from pathlib import Path

    from printkit.load.catalogue import load_deck
    from printkit.load.templates import load_template
    from printkit.targets.files import longest_first
    from printkit.targets.kit import kit_jobs
    from printkit.values.settings import Settings

    from .printed import printed

    decks = [printed(load_deck()), printed(load_deck("simplified-bang"))]
    jobs = kit_jobs(decks, load_template("plaincards-letter"), Settings(aids=4), Path("out"))
    names = [jobs[i].what for i in longest_first(jobs)]
    assert names[0] == "Dead Men's Deck: rules"
    assert set(names[1:3]) == {
        "Dead Men's Deck: card sheets and proof",
        "Simplified BANG!: card sheets and proof",
    }
    assert sorted(longest_first(jobs)) == list(range(len(jobs)))


@needs_fork
def test_the_child_goes_on_with_its_tasks_while_this_process_is_busy(tmp_path):
    """Results larger than a pipe holds do not keep the child waiting for this process
    to read them: it takes its next task at once (it used to sit idle until this process
    finished its own task)."""
    import time

    if threading.active_count() != 1:
        pytest.skip("other threads run in this test process")
    here = os.getpid()
    log = tmp_path / "done.txt"
    ended: list[float] = []  # when this process's own task ended

    def task() -> bytes:
        if os.getpid() == here:
            time.sleep(2)  # this process is busy with its one task...
            ended.append(time.monotonic())
        else:  # ...while the child does all the others, each 1 MB
            with log.open("a") as out:
                out.write(f"{time.monotonic()}\n")
        return bytes(1 << 20)

    results = forked.run_shared([task] * 6)
    assert results == [bytes(1 << 20)] * 6
    done = [float(line) for line in log.read_text().split()]
    assert len(ended) + len(done) == 6 and len(done) >= 4
    # The child did all of its tasks before this process had read any of its results.
    assert max(done) < ended[0]
