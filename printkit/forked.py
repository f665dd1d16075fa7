"""Work on the second core: a forked child that sends its results down a pipe.

Reading a deck's pictures and making its QR codes are the slow parts of printing it,
and each item is independent of the others. Where the machine allows it, a forked
child (a copy of this process, sharing its memory until either writes) does a share
of the items and sends each result back, pickled, down a pipe; the results are the
same as this process would make, so the output is the same, byte for byte.

Anything unusual keeps the work here: no fork (Windows; macOS, whose system libraries
are not safe across one), one core, other Python threads running (a fork copies only
the calling thread), a child that fails or dies (its items are done here again, so an
error is raised here, in order, with the same message).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
from collections.abc import Callable, Sequence
from typing import IO, Any, TypeVar

__all__ = ["busy", "can_fork", "collect", "receive", "run_shared", "send", "start"]

T = TypeVar("T")
R = TypeVar("R")
_LENGTH = struct.Struct(">I")


#: Set while this process shares work with a child, and in every child: then the two
#: cores are busy, and nothing forks again or starts more processes.
_busy = False


def busy() -> bool:
    """Whether both cores already have work of this run (no more processes, then)."""
    return _busy


def can_fork(count: int, worth_it: int) -> bool:
    """Whether ``count`` items are worth a child, and this process may fork one."""
    import sys
    import threading

    return (
        count >= worth_it
        and not _busy
        and hasattr(os, "fork")
        and sys.platform != "darwin"  # macOS's system libraries are not safe across a fork
        and (os.cpu_count() or 1) > 1
        and threading.active_count() == 1
    )


def start(work: Callable[[IO[bytes]], None]) -> tuple[int, IO[bytes]]:
    """Fork a child that runs ``work(pipe)`` and leaves; (its pid, the pipe to read)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: do the work, leave without running any cleanup
        global _busy
        _busy = True
        status = 1
        try:
            import signal

            # Ctrl-C or a kill ends the child at once; printkit's own handlers (which
            # roll back the output folder) are the parent's alone.
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.close(read_end)
            with os.fdopen(write_end, "wb") as out:
                work(out)
            status = 0
        except BaseException:  # whatever it was, the parent does the work itself
            pass
        finally:
            os._exit(status)
    os.close(write_end)
    return pid, os.fdopen(read_end, "rb")


def send(out: IO[bytes], value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(_LENGTH.pack(len(data)) + data)


def receive(pipe: IO[bytes]) -> tuple[bool, Any]:
    """(True, the next value the child sent), or (False, None) when it sent no more."""
    header = pipe.read(_LENGTH.size)
    if len(header) != _LENGTH.size:
        return False, None
    (length,) = _LENGTH.unpack(header)
    data = pipe.read(length)
    if len(data) != length:
        return False, None
    return True, pickle.loads(data)  # written by our own forked child, never by a stranger


def collect(pid: int, pipe: IO[bytes] | None, stop: bool = False) -> None:
    """Close the pipe (a child still writing then fails and leaves) and reap the child;
    with ``stop`` (this process is failing), end the child first."""
    if pipe is not None:
        pipe.close()
    if stop:
        import signal

        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


_FAILED = ("failed",)


def run_shared(
    tasks: Sequence[Callable[[], R]],
    done: Callable[[int], None] | None = None,
    first: Sequence[int] | None = None,
    worth_it: int = 2,
) -> list[R]:
    """``[task() for task in tasks]``, this process and a forked child each taking the
    next task as they finish one (so a long task does not hold up the short ones), in
    the order ``first`` gives (the longest first finishes soonest); ``done(index)`` is
    called here as each result arrives. A task that fails is run again here, in order,
    so the first error is raised as it would have been. Fewer than ``worth_it`` tasks
    are run here alone."""
    global _busy
    count = len(tasks)
    report = done or (lambda index: None)
    order = list(first) if first is not None else list(range(count))
    if sorted(order) != list(range(count)):
        raise ValueError("first must list every task once")
    if not can_fork(count, worth_it) or count > 4096:
        results = []
        for index, task in enumerate(tasks):
            results.append(task())
            report(index)
        return results
    # The task numbers wait in a pipe that both processes read, four bytes at a time
    # (a pipe hands out each read whole): whoever is free takes the next.
    queue, feed = os.pipe()
    os.write(feed, b"".join(_LENGTH.pack(index) for index in order))
    os.close(feed)

    def work(out: IO[bytes]) -> None:
        while (index := _next(queue)) is not None:
            try:
                send(out, (index, "ok", tasks[index]()))
            except Exception:  # the parent runs it again and raises the error itself
                send(out, (index, "failed", None))

    pid, pipe = start(work)
    got: dict[int, tuple[str, Any]] = {}

    def take(message) -> None:
        index, status, value = message
        got[index] = (status, value)
        report(index)

    failing = True
    _busy = True
    try:
        while (index := _next(queue)) is not None:
            try:
                got[index] = ("ok", tasks[index]())
            except Exception:
                got[index] = _FAILED
            report(index)
            while _ready(pipe):  # the child's results so far, for the progress bar
                ok, message = receive(pipe)
                if not ok:
                    break
                take(message)
        while len(got) < count:
            ok, message = receive(pipe)
            if not ok:
                break
            take(message)
        failing = False
    finally:
        _busy = False
        collect(pid, pipe, stop=failing)
        os.close(queue)
    return [got[i][1] if got.get(i, _FAILED)[0] == "ok" else task() for i, task in enumerate(tasks)]


def _next(queue: int) -> int | None:
    data = os.read(queue, _LENGTH.size)
    return _LENGTH.unpack(data)[0] if len(data) == _LENGTH.size else None


def _ready(pipe: IO[bytes]) -> bool:
    import select

    return bool(select.select([pipe], [], [], 0)[0])
