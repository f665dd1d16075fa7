"""Work on the second core: every way printkit uses one, in this one module.

printkit shares work in three ways, each where the work needs it:

- ``run_shared``: a forked child does a share of independent Python work (the kit's
  jobs, a deck's pictures, its QR codes, the preflight) and sends each result back,
  pickled, down a pipe. The child is a copy of this process, sharing its memory until
  either writes, so nothing is loaded twice; the results are the same as this process
  would make, byte for byte.
- ``spawned``: fresh processes, for a library whose state a fork would copy half-made
  (pdfium, which renders a deck's shop images: 2.32 s rather than 3.09 s for the 53
  images of ``export --for mpc``, measured on this project's two-core machine).
- a thread beside the main one, for C code that lets go of Python's lock (the
  deflating of the proof images, by ISA-L or zlib, ``render.raster``).

Anything unusual keeps the work here: no fork (Windows; macOS, whose system libraries
are not safe across one), one core, other Python threads running (a fork copies only
the calling thread), both cores already busy (``busy``), a child that fails or dies
(its items are done here again, so an error is raised here, in order, with the same
message).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, TypeVar

__all__ = ["busy", "can_fork", "collect", "receive", "run_shared", "send", "spawned", "start"]

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
    import gc

    read_end, write_end = os.pipe()
    # Every object made so far is set aside from the garbage collector, in both processes:
    # a collection in the child would otherwise touch every one and copy every page the
    # two share (a deck of thousands, its memory twice over).
    gc.freeze()
    pid = os.fork()
    if pid != 0:
        gc.unfreeze()
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


def _frame(value: Any) -> bytes:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return _LENGTH.pack(len(data)) + data


def send(out: IO[bytes], value: Any) -> None:
    """Send one value down the pipe, waiting while the pipe is full (the reader sets
    the pace, as the QR codes' stream wants)."""
    out.write(_frame(value))


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
        outbox = _Outbox(out.fileno())
        while (index := _next(queue)) is not None:
            try:
                outbox.put(_frame((index, "ok", tasks[index]())))
            except Exception:  # the parent runs it again and raises the error itself
                outbox.put(_frame((index, "failed", None)))
        outbox.finish()

    pid, pipe = start(work)
    inbox = _Inbox(pipe.fileno())
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
            for message in inbox.take(wait=False):  # the child's so far, for the progress bar
                take(message)
        while len(got) < count and inbox.open:
            for message in inbox.take(wait=True):
                take(message)
        failing = False
    finally:
        _busy = False
        collect(pid, pipe, stop=failing)
        os.close(queue)
    return [got[i][1] if got.get(i, _FAILED)[0] == "ok" else task() for i, task in enumerate(tasks)]


class _Outbox:
    """The child's side of ``run_shared``: each result is written as far as the pipe
    takes it at once, and the rest after the child's next task. The parent reads only
    between its own tasks, so a child that waited for it would sit idle: in a build,
    0.8 s of 3.4 s, with a deck's sheets and proofs (2.5 MB) in a 64 KiB pipe."""

    def __init__(self, fd: int):
        self._fd = fd
        self._waiting: deque[memoryview] = deque()
        os.set_blocking(fd, False)

    def put(self, data: bytes) -> None:
        self._waiting.append(memoryview(data))
        self._write()

    def finish(self) -> None:
        """Write the rest, waiting for the parent to read it."""
        os.set_blocking(self._fd, True)
        self._write()

    def _write(self) -> None:
        while self._waiting:
            try:
                written = os.write(self._fd, self._waiting[0])
            except BlockingIOError:  # the pipe is full: later
                return
            if written == len(self._waiting[0]):
                self._waiting.popleft()
            else:
                self._waiting[0] = self._waiting[0][written:]


class _Inbox:
    """The parent's side: what the child has sent so far, read without waiting for the
    rest of a message, and taken apart into whole messages."""

    def __init__(self, fd: int):
        self._fd = fd
        self._data = bytearray()
        self.open = True  # until the child has closed its end

    def take(self, wait: bool) -> list[Any]:
        """The whole messages that have come; with ``wait``, at least one unless the
        child has closed its end."""
        while True:
            messages = self._whole()
            if messages or not self.open or not (wait or _ready(self._fd)):
                return messages
            chunk = os.read(self._fd, 1 << 20)
            self.open = bool(chunk)
            self._data += chunk

    def _whole(self) -> list[Any]:
        messages, start = [], 0
        while len(self._data) - start >= _LENGTH.size:
            (length,) = _LENGTH.unpack_from(self._data, start)
            end = start + _LENGTH.size + length
            if end > len(self._data):
                break
            # written by our own forked child, never by a stranger
            messages.append(pickle.loads(self._data[start + _LENGTH.size : end]))
            start = end
        del self._data[:start]
        return messages


def _next(queue: int) -> int | None:
    data = os.read(queue, _LENGTH.size)
    return _LENGTH.unpack(data)[0] if len(data) == _LENGTH.size else None


def _ready(fd: int) -> bool:
    import select

    return bool(select.select([fd], [], [], 0)[0])


def spawned(
    work: Callable[..., list[R]],
    chunks: Iterable[Any],
    *args: Any,
    setup: Callable[..., None],
    setup_args: tuple = (),
    workers: int = 2,
) -> Iterator[R]:
    """``work(chunk, *args)`` of every chunk, in order, in ``workers`` spawned processes
    each prepared by ``setup(*setup_args)`` once; each call returns a list of results,
    yielded one by one."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    chunks = list(chunks)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=setup, initargs=setup_args
    ) as pool:
        for result in pool.map(work, chunks, *([arg] * len(chunks) for arg in args)):
            yield from result
