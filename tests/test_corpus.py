"""Run the bad-input corpus (tests/corpus/cases.toml): every case fails cleanly, or
builds when its input only looks risky, and never touches what is already in output/."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import struct
import tomllib
import zlib
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.paths import data_dir
from tests.conftest import leftovers

CASES = tomllib.loads((Path(__file__).parent / "corpus" / "cases.toml").read_text(encoding="utf-8"))


def _png(width: int = 4, height: int = 4) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


_SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
_SVG_OK = f'{_SVG_HEAD} width="100" height="100"><rect width="100" height="100"/></svg>'


def _svg(body: str, size: str = 'width="100" height="100"', head: str = "") -> bytes:
    return f"{head}{_SVG_HEAD} {size}>{body}</svg>".encode()


def _data_png(png: bytes) -> str:
    import base64

    return "data:image/png;base64," + base64.b64encode(png).decode()


#: SVG pictures a stranger's deck might hold; each must be refused with one line.
SVGS = {
    "svg-use-outside": lambda: _svg('<use xlink:href="../../outside/pic.svg#r"/>'),
    "svg-image-absolute": lambda: _svg('<image href="/etc/hostname" width="9" height="9"/>'),
    "svg-image-file-url": lambda: _svg('<image href="file:///etc/passwd" width="9" height="9"/>'),
    "svg-image-http": lambda: _svg('<image href="http://example.com/a.png" width="9"/>'),
    "svg-image-relative-out": lambda: _svg('<image href="../../outside/pic.png" width="9"/>'),
    "svg-entity-file": lambda: _svg(
        "<text>&x;</text>",
        head='<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    ),
    "svg-billion-laughs": lambda: _svg(
        "<text>&d;</text>",
        head='<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;">'
        '<!ENTITY c "&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;">]>',
    ),
    "svg-many-elements": lambda: _svg("<rect/>" * 25_000),
    "svg-nan-size": lambda: _svg("<rect/>", size='width="nan" height="nan"'),
    "svg-not-xml": lambda: b"<svg this is not xml at all",
    "svg-huge-data-image": lambda: _svg(f'<image href="{_data_png(_made("huge-png"))}"/>'),
    "svg-bad-base64": lambda: _svg('<image href="data:image/png;base64,@@@@"/>'),
    "svg-too-large": lambda: _svg("<!--" + "x" * 3_000_000 + "-->"),
    "svg-ok": lambda: _SVG_OK.encode(),
}


def _made(kind: str, original: bytes = b"") -> bytes:
    if kind in SVGS:
        return SVGS[kind]()
    if kind == "eps":
        return b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n"
    if kind == "gif":
        buffer = io.BytesIO()
        Image.new("RGB", (64, 64), (9, 9, 9)).save(buffer, "GIF")
        return buffer.getvalue()
    if kind == "tiny-png":
        return _png(1, 1)
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


def _outside(tmp_path: Path) -> Path:
    """Files outside the deck: what a hostile deck would like to leak into a PDF."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("SECRET: nothing from here may reach a PDF\n")
    (outside / "pic.svg").write_text(_SVG_OK.replace("<rect", '<rect id="r"'))
    (outside / "pic.png").write_bytes(_png(64, 64))
    return outside


def _place(base: dict[str, Path], spec: str) -> Path:
    """ "art:dead-mens-deck/spook.svg" or "decks/..." (in the data copy)."""
    where, _, rest = spec.partition(":")
    return base[where] / rest if rest else base["data"] / spec


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input(name, cli, tmp_path, good_kit, monkeypatch):
    case = CASES[name]
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    art = tmp_path / "art"
    outside = _outside(tmp_path)
    base = {"data": data, "art": art}
    for spec, target in case.get("link", {}).items():
        link = _place(base, spec)
        link.parent.mkdir(parents=True, exist_ok=True)
        link.unlink(missing_ok=True)
        link.symlink_to(outside / target)
    if "fifo" in case:
        fifo = _place(base, case["fifo"])
        fifo.parent.mkdir(parents=True, exist_ok=True)
        fifo.unlink(missing_ok=True)
        os.mkfifo(fifo)
    for key, value in case.get("env", {}).items():
        monkeypatch.setenv(key, value)
    if "template" in case:
        (tmp_path / "template.toml").write_text(case["template"], encoding="utf-8")
    if "append" in case:
        file, text, times = case["append"]
        with open(data / file, "a", encoding="utf-8") as stream:
            stream.write(text * times)
    if "replace" in case:
        file, old, new = case["replace"]
        text = (data / file).read_text(encoding="utf-8")
        assert old in text, f"case {name}: {old!r} is not in {file}"
        (data / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    if "pad" in case:
        file, anchor, filler, times = case["pad"]
        text = (data / file).read_text(encoding="utf-8")
        assert anchor in text, f"case {name}: {anchor!r} is not in {file}"
        (data / file).write_text(text.replace(anchor, anchor + filler * times, 1), "utf-8")
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
    args = [
        arg.replace("{data}", str(data)).replace("{tmp}", str(tmp_path))
        for arg in case.get("args", [])
    ]
    result = cli(
        "build", "--quiet", "--deck", case.get("deck", "dead-mens-deck"), "--data-dir",
        str(data), "--art-dir", str(art), "--out", str(out), *args,
    )  # fmt: skip
    if os.environ.get("PRINTKIT_SHOW_CORPUS"):  # read every message: PRINTKIT_SHOW_CORPUS=1 -s
        print(f"\n{name} -> {result.status}: {result.err.strip()}")
    assert result.status == case["status"], result.err
    if case["status"] == 0:
        assert result.err == ""
        for pdf in out.glob("*.pdf"):  # nothing from outside the deck reached the kit
            text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
            assert text.strip() and "SECRET" not in text, pdf.name
        return
    assert "Traceback" not in result.err and 1 <= result.err.count("\n") <= 2, result.err
    for words in case["expect"]:
        assert words in result.err, (words, result.err)
    assert _digests(out) == before
    assert not leftovers(out)  # no temporary files left


def test_every_case_says_what_it_expects():
    for name, case in CASES.items():
        assert case["status"] in (0, 1, 2), name
        assert case["status"] == 0 or case["expect"], name


def test_the_readme_counts_the_cases():
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"lists the {len(CASES)} bad inputs" in readme
