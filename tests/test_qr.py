"""QR codes: the version and error correction printkit counts for itself are the ones
qrcode's own fitting finds, for any text; and every code decodes to its text."""

from __future__ import annotations

import qrcode
from hypothesis import given, settings
from hypothesis import strategies as st
from qrcode.constants import ERROR_CORRECT_H, ERROR_CORRECT_L, ERROR_CORRECT_M, ERROR_CORRECT_Q
from qrcode.exceptions import DataOverflowError

from printkit.render.qr import qr_code, qr_version

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
