"""A deck's QR codes made on the second core while this process draws the cards.

Making a code is the slowest part of drawing a card (the error correction is computed
in pure Python). When a deck has many codes, one version for all, and the machine has
a second core, a forked child (``printkit.parallel``) makes them in the order the cards
are drawn and sends each down a pipe; the drawing takes them as it reaches them. The
pipe's buffer bounds how far ahead the child runs, so a deck of ten thousand cards
costs no more memory. The codes are the same as ``qr_code`` makes here: the PDF is the
same, byte for byte. Cards drawn in another order, or a child that dies, and the codes
are made here, one by one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from ..parallel import can_fork, collect, receive, send, start
from .qr import QRCode, qr_code

__all__ = ["CodeStream"]

#: Fewer codes than this are made here: a fork would cost more than it saves.
_WORTH_IT = 16
#: Codes read ahead of the one asked for (cards drawn out of order) before giving up.
_AHEAD = 64


class CodeStream:
    """``get(text)`` is ``qr_code(text, version)``, made ahead on the second core when
    ``texts`` (every code the deck will ask for, in drawing order) is long enough."""

    def __init__(self, texts: Sequence[str], version: int):
        self.version = version
        self._order = list(dict.fromkeys(texts))  # copies share one card form: one code
        self._read = 0  # codes taken from the pipe
        self._ahead: dict[str, QRCode] = {}
        self._pipe: IO[bytes] | None = None
        self._pid = 0
        if can_fork(len(self._order), _WORTH_IT):
            self._pid, self._pipe = start(self._make_all)

    def get(self, text: str) -> QRCode:
        code = self._ahead.pop(text, None)
        if code is not None:
            return code
        while self._pipe is not None and self._read < len(self._order):
            expected = self._order[self._read]
            ok, received = receive(self._pipe)
            if not ok:
                self.close()  # the child died: make the rest here
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
        if self._pid:
            collect(self._pid, self._pipe)
        self._pid, self._pipe = 0, None

    def __del__(self) -> None:
        self.close()

    def _make_all(self, out: IO[bytes]) -> None:
        """In the child: every code, in order, down the pipe."""
        for text in self._order:
            send(out, qr_code(text, self.version))
