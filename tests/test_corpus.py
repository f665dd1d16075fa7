"""Run the bad-input corpus (tests/corpus/cases.toml): every case fails cleanly, or
builds when its input only looks risky, and never touches what is already in output/."""

from __future__ import annotations

import hashlib
import io
import shutil
import struct
import tomllib
import zlib
from pathlib import Path

import pytest
from PIL import Image

from printkit.paths import data_dir

CASES = tomllib.loads((Path(__file__).parent / "corpus" / "cases.toml").read_text(encoding="utf-8"))


def _png(width: int = 4, height: int = 4) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


def _made(kind: str, original: bytes = b"") -> bytes:
    if kind == "not-utf8":
        return original.replace(b"Seance", b"S\xe9ance", 1)
    if kind == "corrupt-png":
        return _png()[:40] + b"\x00garbage\xff" * 20
    if kind == "huge-png":
        data = _png(1, 1)
        chunk = b"IHDR" + struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
        return (
            data[:8]
            + struct.pack(">I", 13)
            + chunk
            + struct.pack(">I", zlib.crc32(chunk))
            + data[33:]
        )
    raise ValueError(kind)


@pytest.fixture(scope="module")
def good_kit(tmp_path_factory) -> Path:
    """A kit built once from good input: each case starts with it in its output folder."""
    from printkit.cli import main

    out = tmp_path_factory.mktemp("good")
    with pytest.raises(SystemExit) as done:
        main(["build", "--quiet", "--deck", "dead-mens-deck", "--out", str(out)])
    assert done.value.code == 0
    return out


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input(name, cli, tmp_path, good_kit):
    case = CASES[name]
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    art = tmp_path / "art"
    if "replace" in case:
        file, old, new = case["replace"]
        text = (data / file).read_text(encoding="utf-8")
        assert old in text, f"case {name}: {old!r} is not in {file}"
        (data / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    if "write" in case:
        file, text = case["write"]
        (data / file).write_text(text, encoding="utf-8")
    if "bytes" in case:
        file, kind = case["bytes"]
        (data / file).write_bytes(_made(kind, (data / file).read_bytes()))
    if "art" in case:
        file, kind = case["art"]
        (art / file).parent.mkdir(parents=True, exist_ok=True)
        (art / file).write_bytes(_made(kind))
    if "delete" in case:
        (data / case["delete"]).unlink()
    out = tmp_path / "output"
    shutil.copytree(good_kit, out)
    before = _digests(out)
    args = [arg.replace("{data}", str(data)) for arg in case.get("args", [])]
    result = cli(
        "build", "--quiet", "--deck", "dead-mens-deck", "--data-dir", str(data),
        "--art-dir", str(art), "--out", str(out), *args,
    )  # fmt: skip
    assert result.status == case["status"], result.err
    if case["status"] == 0:
        assert result.err == ""
        return
    assert "Traceback" not in result.err and 1 <= result.err.count("\n") <= 2, result.err
    for words in case["expect"]:
        assert words in result.err, (words, result.err)
    assert _digests(out) == before
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temporary files


def test_every_case_says_what_it_expects():
    for name, case in CASES.items():
        assert case["status"] in (0, 1, 2), name
        assert case["status"] == 0 or case["expect"], name
