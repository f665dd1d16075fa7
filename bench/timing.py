"""Whole-process timing for the benchmarks: wall time and peak memory of a command.

Each measurement runs the command as its own process (so Python's start-up and every
import count, as they do for a player) several times and keeps the median. A ``before``
hook runs before every run, unmeasured: to empty printkit's cache folder for a first
build's figure, or to edit a card for a rebuild's.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import statistics
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Run", "instructions", "machine", "measure", "measure_together", "summed_peak"]


@dataclass(frozen=True)
class Run:
    median_s: float
    runs: int
    peak_rss_mib: float  # the largest peak resident set of any run
    cpu_s: float = 0.0  # the median processor time, user and system, of it and its children


def _run_once(
    command: list[str], cwd: Path | None, env: dict[str, str] | None, before=None
) -> tuple[float, float, float]:
    if before is not None:
        before()
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        error = process.stderr.read().decode(errors="replace") if process.stderr else ""
        raise RuntimeError(f"{' '.join(command)} failed ({process.returncode}): {error}")
    if process.stderr:
        process.stderr.close()
    cpu = usage.ru_utime + usage.ru_stime  # with every child it waited for
    return elapsed, usage.ru_maxrss / 1024, cpu  # ru_maxrss is in KiB on Linux


def measure(
    command: list[str],
    runs: int = 7,
    warmup: int = 1,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    before=None,
) -> Run:
    """The median wall time of ``runs`` runs of a command, after ``warmup`` unmeasured
    ones, ``before()`` called before each."""
    for _ in range(warmup):
        _run_once(command, cwd, env, before)
    found = [_run_once(command, cwd, env, before) for _ in range(runs)]
    return _run(found)


def measure_together(
    commands: dict[str, list[str]],
    runs: int = 7,
    cwd: Path | None = None,
    before: dict[str, object] | None = None,
) -> dict[str, Run]:
    """Several commands measured in turn, round after round, so that a slow moment of
    the machine falls on all of them alike: the fair way to take a ratio. ``before``
    names the hook to call before each run of a command, by the command's name."""
    hooks = before or {}
    for name, command in commands.items():
        _run_once(command, cwd, None, hooks.get(name))
    found: dict[str, list] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            found[name].append(_run_once(command, cwd, None, hooks.get(name)))
    return {name: _run(found[name]) for name in commands}


def _run(found: list[tuple[float, float, float]]) -> Run:
    """The medians of some runs (wall, peak, processor time), and their peak."""
    return Run(
        statistics.median(wall for wall, _, _ in found),
        len(found),
        max(peak for _, peak, _ in found),
        statistics.median(cpu for _, _, cpu in found),
    )


def summed_peak(command: list[str], cwd: Path | None = None) -> tuple[float, float]:
    """(wall seconds, peak MiB) of one run of a command, the peak being the memory of the
    command and every process it forks, summed: each one's proportional set size (PSS:
    a page two processes share counts half in each), read from /proc every 10 ms. A
    forked child's resident set would count its parent's pages twice; PSS does not."""

    def tree(pid: int) -> list[int]:
        found = [pid]
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                children = Path(f"/proc/{pid}/task/{task}/children").read_text().split()
                for child in children:
                    found += tree(int(child))
        except OSError:
            pass
        return found

    def pss(pid: int) -> int:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    return int(line.split()[1])
        except (OSError, ValueError):
            pass
        return 0

    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    while process.poll() is None:
        peak = max(peak, sum(pss(pid) for pid in tree(process.pid)))
        time.sleep(0.01)
    elapsed = time.perf_counter() - start
    error = process.stderr.read().decode(errors="replace") if process.stderr else ""
    if process.stderr:
        process.stderr.close()
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({process.returncode}): {error}")
    return elapsed, peak / 1024


def instructions(command: list[str], cwd: Path | None = None) -> int | None:
    """The machine instructions a whole command executes, counted by valgrind's
    callgrind, with those of every process it forks, each counted from its fork (None
    where valgrind is not installed).

    With Python's hash seed fixed the count is the same on every run, busy machine or
    quiet: where a wall-time ratio can move by 0.1 from one run to the next, a ratio of
    counts shows what a change of code did. It is not a time: a system call or a cache
    miss counts as little as an addition."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    done = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        cwd=cwd,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    # Each process's own summary ("==pid== Collected : n"): a forked child's counts what
    # it ran after the fork, so the sum counts every instruction once.
    found = re.findall(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"valgrind {' '.join(command)} failed: {done.stderr[-500:]}")
    return sum(map(int, found))


def machine() -> str:
    """One line describing the machine the figures came from."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kib / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores{memory}; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}"
    )
