"""A deck's QR codes made on the second core while this process draws the cards.

Making a code is the slowest part of drawing a card (the error correction is computed
in pure Python). When a deck has many codes, one version for all, and the machine has
a second core, a forked child makes them in the order the cards are drawn and sends
each down a pipe; the drawing takes them as it reaches them. The pipe's buffer bounds
how far ahead the child runs, so a deck of ten thousand cards costs no more memory.
The codes are the same as ``qr_code`` makes here: the PDF is the same, byte for byte.

Anything unusual makes the codes here instead, one by one: no fork (Windows, macOS's
default), one core, other threads running (a fork copies only the calling thread), a
child that dies or sends something unreadable, cards drawn in another order.
"""

from __future__ import annotations

import contextlib
import os
import struct
from collections.abc import Sequence

from .qr import QRCode, qr_code

__all__ = ["CodeStream"]

#: Fewer codes than this are made here: a fork would cost more than it saves.
_WORTH_IT = 16
#: Codes read ahead of the one asked for (cards drawn out of order) before giving up.
_AHEAD = 64
_HEADER = struct.Struct(">II")  # the code's size in modules, the length of its runs


class CodeStream:
    """``get(text)`` is ``qr_code(text, version)``, made ahead on the second core when
    ``texts`` (every code the deck will ask for, in drawing order) is long enough."""

    def __init__(self, texts: Sequence[str], version: int):
        self.version = version
        self._order = list(dict.fromkeys(texts))  # copies share one card form: one code
        self._read = 0  # codes taken from the pipe
        self._ahead: dict[str, QRCode] = {}
        self._pipe = None
        self._pid = 0
        if _can_fork(len(self._order)):
            self._start()

    def get(self, text: str) -> QRCode:
        code = self._ahead.pop(text, None)
        if code is not None:
            return code
        while self._pipe is not None and self._read < len(self._order):
            expected = self._order[self._read]
            received = self._receive()
            if received is None:
                break
            self._read += 1
            if expected == text:
                return received
            if len(self._ahead) >= _AHEAD:
                self.close()  # drawn in another order: make them here
                break
            self._ahead[expected] = received
        return qr_code(text, self.version)

    def close(self) -> None:
        """Let the child go (if it is still making codes) and collect it."""
        if self._pipe is not None:
            self._pipe.close()
            self._pipe = None
        if self._pid:  # its next write fails on the closed pipe, and it leaves
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self._pid, 0)
            self._pid = 0

    def __del__(self) -> None:
        self.close()

    def _start(self) -> None:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: make every code, send it, leave without cleanup
            status = 1
            try:
                import signal

                # Ctrl-C or a kill ends the child at once; printkit's own handlers (which
                # roll back the output folder) are the parent's alone.
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                os.close(read_end)
                with os.fdopen(write_end, "wb") as out:
                    for text in self._order:
                        code = qr_code(text, self.version)
                        runs = code.runs.encode("ascii")
                        out.write(_HEADER.pack(code.size, len(runs)) + runs)
                status = 0
            except BaseException:  # whatever it was, the parent makes the codes itself
                pass
            finally:
                os._exit(status)
        os.close(write_end)
        self._pid = pid
        self._pipe = os.fdopen(read_end, "rb")

    def _receive(self) -> QRCode | None:
        assert self._pipe is not None
        header = self._pipe.read(_HEADER.size)
        if len(header) != _HEADER.size:
            self.close()
            return None
        size, length = _HEADER.unpack(header)
        runs = self._pipe.read(length)
        if len(runs) != length:
            self.close()
            return None
        return QRCode(size, runs.decode("ascii"))


def _can_fork(count: int) -> bool:
    import threading

    return (
        count >= _WORTH_IT
        and hasattr(os, "fork")
        and (os.cpu_count() or 1) > 1
        and threading.active_count() == 1
    )
