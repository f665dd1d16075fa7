"""QR codes: the version and error correction printkit counts for itself are the ones
qrcode's own fitting finds, for any text; and every code decodes to its text."""

from __future__ import annotations

import qrcode
from hypothesis import given, settings
from hypothesis import strategies as st
from qrcode.constants import ERROR_CORRECT_H, ERROR_CORRECT_L, ERROR_CORRECT_M, ERROR_CORRECT_Q
from qrcode.exceptions import DataOverflowError

from printkit.render.qr import _needed_bits, qr_code, qr_version

TEXTS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=300)


def _reference_version(text: str) -> int:
    """qrcode's best fit: medium error correction up to version 6, else low."""
    for level in (ERROR_CORRECT_M, ERROR_CORRECT_L):
        code = qrcode.QRCode(error_correction=level, border=0)
        code.add_data(text.encode("utf-8"))
        code.make(fit=True)
        if code.version <= 6 or level == ERROR_CORRECT_L:
            return code.version
    raise AssertionError


def _reference_modules(text: str, version: int):
    for level in (ERROR_CORRECT_H, ERROR_CORRECT_Q, ERROR_CORRECT_M, ERROR_CORRECT_L):
        code = qrcode.QRCode(version=version, error_correction=level, border=0, mask_pattern=2)
        code.add_data(text.encode("utf-8"))
        try:
            code.make(fit=False)
        except DataOverflowError:
            continue
        return code.modules
    raise AssertionError


#: Texts with long runs of digits and of QR's upper-case alphabet, which qrcode codes in
#: their own, shorter modes.
MIXED = st.lists(
    st.one_of(
        st.text("0123456789", min_size=1, max_size=60),
        st.text("ABCXYZ0189 $%*+-./:", min_size=1, max_size=60),
        TEXTS,
    ),
    max_size=5,
).map("".join)


@settings(max_examples=150, deadline=None)
@given(MIXED, st.sampled_from([1, 10, 27]))
def test_the_counted_bits_are_the_bits_qrcode_writes(text, version):
    from qrcode import util

    code = qrcode.QRCode(border=0)
    code.add_data(text.encode("utf-8"))
    buffer = util.BitBuffer()
    for data in code.data_list:
        buffer.put(data.mode, 4)
        buffer.put(len(data), util.mode_sizes_for_version(version)[data.mode])
        data.write(buffer)
    assert _needed_bits(text, version) == len(buffer)


@settings(max_examples=60, deadline=None)
@given(TEXTS, st.integers(0, 4))
def test_the_counted_version_and_level_are_qrcodes_own(text, extra):
    version = qr_version([text])
    assert version == _reference_version(text)
    modules = _reference_modules(text, version + extra)
    code = qr_code(text, version + extra)
    assert code.size == len(modules)
    dark = sum(cell for row in modules for cell in row)
    drawn = sum(int(run.split()[2]) for run in code.runs.splitlines())
    assert drawn == dark


def test_a_deck_prints_one_size_of_code():
    texts = ["a", "b" * 50, "c" * 120]
    version = qr_version(texts)
    assert {qr_code(t, version).size for t in texts} == {17 + 4 * version}


# -- codes made ahead on the second core (printkit.render.qrstream) ----------------------

STREAM_TEXTS = [f"Card {i} - a ruling of some length, number {i * 7}" for i in range(40)]


def _forks() -> bool:
    from printkit.parallel import can_fork

    return can_fork(len(STREAM_TEXTS), 2)


def test_codes_made_ahead_are_the_codes_made_here():
    import pytest

    from printkit.render.qrstream import CodeStream

    if not _forks():
        pytest.skip("needs fork and a second core")
    texts = [*STREAM_TEXTS, *STREAM_TEXTS[:5]]  # copies ask for no second code
    stream = CodeStream(texts, 4)
    assert stream._pid, "a child should make the codes"
    assert [stream.get(t) for t in STREAM_TEXTS] == [qr_code(t, 4) for t in STREAM_TEXTS]
    stream.close()
    assert stream._pid == 0  # collected


@settings(max_examples=10, deadline=None)
@given(order=st.permutations(range(len(STREAM_TEXTS))))
def test_any_drawing_order_gets_the_right_codes(order):
    from printkit.render.qrstream import CodeStream

    stream = CodeStream(STREAM_TEXTS, 4)
    try:
        for i in order:
            assert stream.get(STREAM_TEXTS[i]) == qr_code(STREAM_TEXTS[i], 4)
    finally:
        stream.close()


def test_a_child_that_dies_leaves_the_codes_to_this_process(monkeypatch):
    import os

    import pytest

    from printkit.render import qrstream

    if not _forks():
        pytest.skip("needs fork and a second core")
    parent = os.getpid()

    def failing_in_the_child(text, version=None):
        if os.getpid() != parent and text == STREAM_TEXTS[10]:
            raise RuntimeError("the child fails here")
        return qr_code(text, version)

    monkeypatch.setattr(qrstream, "qr_code", failing_in_the_child)
    stream = qrstream.CodeStream(STREAM_TEXTS, 4)
    assert [stream.get(t) for t in STREAM_TEXTS] == [qr_code(t, 4) for t in STREAM_TEXTS]
    assert stream._pid == 0  # the dead child was collected when its pipe ran dry


def test_cards_drawn_with_codes_made_ahead_are_the_same_bytes(monkeypatch):
    from printkit.load.catalogue import load_deck
    from printkit.render import qrstream
    from printkit.render.cards import card_pages

    from .printed import printed

    cards = printed(load_deck())
    ahead = card_pages(cards)
    monkeypatch.setattr(qrstream, "can_fork", lambda count, worth_it: False)
    here = card_pages(cards)
    assert ahead == here
