"""Run the bad-input corpus (tests/corpus/cases.toml): every case fails cleanly, or
builds when its input only looks risky, and never touches what is already in output/."""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import stat
import struct
import tomllib
import zlib
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.resources.paths import data_dir
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
    if kind in MADE:
        return MADE[kind]()
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


def _use_bomb() -> bytes:
    """Ten levels of ten <use> copies: a thousand million rectangles in 1 KB."""
    body = '<g id="l0"><rect width="1" height="1"/></g>'
    for level in range(1, 10):
        body += f'<g id="l{level}">' + f'<use href="#l{level - 1}"/>' * 10 + "</g>"
    return _svg(body)


def _xlsx(claimed: str = "", formula: bool = False) -> bytes:
    """The scaffold's cards as a workbook; ``claimed`` a sheet size written into the file
    (A1:XFD1048576, the largest Excel allows); ``formula`` a name that is a formula Excel
    never computed (as a program writing the file leaves it)."""
    import zipfile

    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["name", "count", "type", "cost", "art", "text", "flavour"])
    sheet.append(["Healing Draught", 3, "potion", 2, "flask", "Gain 2 at once.", "Mint."])
    sheet.append(["=UPPER(\"fire tonic\")" if formula else "Fire Tonic", 2, "potion", 3,
                  "flask", "Every rival loses 1.", ""])  # fmt: skip
    buffer = io.BytesIO()
    book.save(buffer)
    if not claimed:
        return buffer.getvalue()
    out = io.BytesIO()
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = re.sub(
                    rb'<dimension ref="[^"]*"/>', f'<dimension ref="{claimed}"/>'.encode(), data
                )
            target.writestr(item, data)
    return out.getvalue()


def _ods(cell: str = "", row: str = "", between: str = "") -> bytes:
    """The scaffold's first cards as an OpenDocument sheet, with a cell, a row attribute
    or text between rows as a hostile file writes them."""
    import zipfile

    rows = [["name", "count", "type", "cost", "art", "text", "flavour"],
            ["Healing Draught", "3", "potion", "2", "flask", "Gain 2.", "Mint."]]  # fmt: skip
    table = ""
    for number, cells in enumerate(rows):
        parts = "".join(
            f'<table:table-cell office:value-type="string"><text:p>{c}</text:p></table:table-cell>'
            for c in cells
        )
        if number == 1:
            parts += cell
        table += f"<table:table-row {row if number == 1 else ''}>{parts}</table:table-row>{between}"
    content = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f'<office:body><office:spreadsheet><table:table table:name="Cards">{table}'
        "</table:table></office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
        '<manifest:file-entry manifest:full-path="/" '
        'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        target.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        target.writestr("content.xml", content)
        target.writestr("META-INF/manifest.xml", manifest)
    return buffer.getvalue()


def _font(name: str) -> bytes:
    """A face of printkit's own font packages, as a designer would copy it in."""
    import importlib

    family, file = name.split("/")
    package = Path(importlib.import_module(f"fontpkg_{family}").__file__).parent
    return (package / "files" / file).read_bytes()


def _journal(entries, checksum: bool = True) -> bytes:
    from printkit.output.commit import _Entry, _journal_text

    text = _journal_text([_Entry(*entry) for entry in entries]).decode()
    if not checksum:
        text = text.replace('"sha256": "', '"sha256": "0')
    return text.encode()


def _xlsx_part(part: str, change) -> bytes:
    """The scaffold's workbook with one of its parts changed by ``change(bytes)``."""
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(_xlsx()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            target.writestr(item, change(data) if item.filename == part else data)
    return out.getvalue()


def _xlsx_damaged() -> bytes:
    """The workbook with one byte of its sheet's compressed data flipped."""
    import zipfile

    data = bytearray(_xlsx())
    item = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo("xl/worksheets/sheet1.xml")
    data[item.header_offset + 30 + len(item.filename) + len(item.extra) + 50] ^= 0xFF
    return bytes(data)


def _xlsx_strings(count: int) -> bytes:
    """The workbook with a table of ``count`` shared strings (a 100 KB file of them)."""
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(_xlsx()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(
                    b"</Relationships>",
                    b'<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/'
                    b'officeDocument/2006/relationships/sharedStrings" '
                    b'Target="sharedStrings.xml"/></Relationships>',
                )
            target.writestr(item.filename, data)
        target.writestr(
            "xl/sharedStrings.xml",
            b'<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/'
            b'spreadsheetml/2006/main">' + b"<si><t>x</t></si>" * count + b"</sst>",
        )
    return out.getvalue()


def _collection() -> bytes:
    """Two faces in one font collection (.ttc)."""
    from fontTools.ttLib import TTCollection, TTFont

    collection = TTCollection()
    collection.fonts = [TTFont(io.BytesIO(_font("zilla_slab/ZillaSlab-Regular.ttf")))] * 2
    out = io.BytesIO()
    collection.save(out)
    return out.getvalue()


#: Made files for the other cases, by kind.
MADE = {
    "svg-text-font-family-a-device": lambda: _svg(
        '<text x="5" y="50" font-family="/dev/zero, /etc/passwd">Hi Ωμέγα</text>'
    ),
    "svg-tiny": lambda: _svg(
        '<rect width="1e-30" height="1e-30"/>', size='width="1e-30" height="1e-30"'
    ),
    "svg-scaled-past-any-page": lambda: _svg(
        '<rect transform="scale(1e300)" width="10" height="10"/>'
    ),
    "svg-path-to-infinity": lambda: _svg('<path d="M0 0 L1e400 1e400 Z" stroke="red"/>'),
    "svg-text-outside": lambda: _svg("<text>Hi</text>"),
    "svg-uses-svg-with-text": lambda: _svg('<use href="words.svg#w"/>'),
    "xlsx-sheet-cut-short": lambda: _xlsx_part(
        "xl/worksheets/sheet1.xml", lambda data: data[: len(data) // 2]
    ),
    "xlsx-damaged-byte": _xlsx_damaged,
    "xlsx-entities": lambda: _xlsx_part(
        "xl/worksheets/sheet1.xml",
        lambda data: data.replace(b"<worksheet", b'<!DOCTYPE w [<!ENTITY a "aaaa">]><worksheet', 1),
    ),
    "xlsx-many-strings": lambda: _xlsx_strings(250_000),
    "font-collection": _collection,
    "journal-removes-notes": lambda: _journal(
        [["notes.txt", None, ".notes.txt.00000000.printkit-old"]]
    ),
    "font-postscript-outlines": lambda: b"OTTO" + b"\x00" * 400,
    "svg-use-bomb": _use_bomb,
    "xlsx-claims-the-largest-sheet": lambda: _xlsx("A1:XFD1048576"),
    "xlsx-formula-never-computed": lambda: _xlsx(formula=True),
    "ods-repeated-text-columns": lambda: _ods(
        cell='<table:table-cell table:number-columns-repeated="1000000000" '
        'office:value-type="string"><text:p>x</text:p></table:table-cell>'
    ),
    "ods-repeat-not-a-number": lambda: _ods(row='table:number-rows-repeated="lots"'),
    "ods-white-space-between-rows": lambda: _ods(between="\n   \n"),
    "ods-formula-never-computed": lambda: _ods(
        cell='<table:table-cell table:formula="of:=UPPER([.A2])"/>'
    ),
    "not-a-font": lambda: b"\x00\x01\x00\x00" + b"this is no font" * 50,
    "truncated-font": lambda: _font("zilla_slab/ZillaSlab-Regular.ttf")[:5000],
    "variable-font": lambda: _font("roboto_slab/RobotoSlab[wght].ttf"),
    "heavy-font": lambda: _font("alfa_slab_one/AlfaSlabOne-Regular.ttf"),
    "journal-outside": lambda: _journal([["../victim.txt", "../.v.0badc0de.printkit-new", None]]),
    "journal-bad-checksum": lambda: _journal(
        [["print-guide.pdf", ".print-guide.pdf.0badc0de.printkit-new", None]], checksum=False
    ),
    "journal-deep": lambda: b"[" * 100_000 + b"]" * 100_000,
    "record-damaged": lambda: b'{"printkit": "files written", "files": {"x": 7',
    "cards-toml-ever-new-keys": lambda: "".join(
        f'[[card]]\nname = "Card {n}"\nkey{n} = "x"\n' for n in range(300)
    ).encode(),
}


@pytest.fixture(scope="module")
def good_kit(built_kit) -> Path:
    """A kit built once from good input: each case starts with it in its output folder."""
    return built_kit


@pytest.fixture(scope="module")
def good_design(tmp_path_factory) -> tuple[Path, Path]:
    """The deck printkit new writes, and its kit built once: the designed cases' start."""
    from printkit.cli import main
    from printkit.targets.scaffold import scaffold

    base = tmp_path_factory.mktemp("design")
    deck = base / "deck"
    for relative, text in scaffold("Potions").items():
        (deck / relative).parent.mkdir(parents=True, exist_ok=True)
        (deck / relative).write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as done:
        main(["build", "--quiet", "--deck-dir", str(deck), "--out", str(base / "out")])
    assert done.value.code == 0
    return deck, base / "out"


def _digests(folder: Path) -> dict[str, str]:
    """What each entry of a folder is: a file's hash, a link's target, a folder's
    entries, or the kind of a special file (never opened)."""
    found = {}
    for path in sorted(folder.iterdir()):
        mode = os.lstat(path).st_mode
        if stat.S_ISLNK(mode):
            found[path.name] = f"link to {os.readlink(path)}"
        elif stat.S_ISDIR(mode):
            found[path.name] = f"folder of {_digests(path)}"
        elif stat.S_ISREG(mode):
            found[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            found[path.name] = f"special {stat.S_IFMT(mode)}"
    return found


def _outside(tmp_path: Path) -> Path:
    """Files outside the deck: what a hostile deck would like to leak into a PDF."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("SECRET: nothing from here may reach a PDF\n")
    (outside / "pic.svg").write_text(_SVG_OK.replace("<rect", '<rect id="r"'))
    (outside / "pic.png").write_bytes(_png(64, 64))
    return outside


def _place(base: dict[str, Path], spec: str) -> Path:
    """ "art:dead-mens-deck/spook.svg", "out:print-guide.pdf" or "decks/..." (in the data
    copy, or for a designed case in the deck’s folder)."""
    where, _, rest = spec.partition(":")
    return base[where] / rest if rest else base["data"] / spec


def _trap(out: Path, case: dict, outside: Path) -> None:
    """Plant what a case puts in the output folder: folders, links, pipes, files."""
    for name in case.get("out_folder", []):
        target = out / name
        target.unlink(missing_ok=True)
        target.mkdir()
        (target / "notes.txt").write_text("the user's own notes")
    for name, target in case.get("out_link", {}).items():
        (out / name).unlink(missing_ok=True)
        (out / name).symlink_to(target if target.startswith("/") else outside / target)
    for name in case.get("out_fifo", []):
        (out / name).unlink(missing_ok=True)
        os.mkfifo(out / name)
    if "out_bytes" in case:
        name, kind = case["out_bytes"]
        (out / name).write_bytes(_made(kind))
    for name, text in case.get("out_write", {}).items():
        (out / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input(name, cli, tmp_path, good_kit, good_design, monkeypatch):
    case = CASES[name]
    outside = _outside(tmp_path)
    if case.get("designed"):
        data = tmp_path / "deck"
        shutil.copytree(good_design[0], data)
        art = data / "art"
        kit = good_design[1]
    else:
        data = tmp_path / "data"
        shutil.copytree(data_dir(), data)
        art = tmp_path / "art"
        kit = good_kit
    out = tmp_path / "output"
    shutil.copytree(kit, out)
    base = {"data": data, "art": art, "out": out}
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
        monkeypatch.setenv(key, value.replace("{tmp}", str(tmp_path)))
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
        (data / file).parent.mkdir(parents=True, exist_ok=True)
        (data / file).write_text(text, encoding="utf-8")
    if "bytes" in case:
        file, kind = case["bytes"]
        (data / file).parent.mkdir(parents=True, exist_ok=True)
        original = (data / file).read_bytes() if (data / file).is_file() else b""
        (data / file).write_bytes(_made(kind, original))
    if "art" in case:
        file, kind = case["art"]
        (art / file).parent.mkdir(parents=True, exist_ok=True)
        (art / file).write_bytes(_made(kind))
    if "delete" in case:
        (data / case["delete"]).unlink()
    _trap(out, case, outside)
    before = _digests(out)
    outside_before = _digests(outside)

    def filled(arg: str) -> str:
        for key, value in (("{data}", data), ("{deck}", data), ("{tmp}", tmp_path), ("{out}", out)):
            arg = arg.replace(key, str(value))
        return arg

    if "command" in case:
        args = [filled(arg) for arg in case["command"]]
    elif case.get("designed"):
        args = ["build", "--quiet", "--deck-dir", str(data), "--out", str(out)]
        args += [filled(arg) for arg in case.get("args", [])]
    else:
        args = [
            "build", "--quiet", "--deck", case.get("deck", "dead-mens-deck"), "--data-dir",
            str(data), "--art-dir", str(art), "--out", str(out),
            *[filled(arg) for arg in case.get("args", [])],
        ]  # fmt: skip
    result = cli(*args)
    if os.environ.get("PRINTKIT_SHOW_CORPUS"):  # read every message: PRINTKIT_SHOW_CORPUS=1 -s
        print(f"\n{name} -> {result.status}: {result.err.strip()}")
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err
    assert result.status == case["status"], result.err
    assert _digests(outside) == outside_before  # nothing outside was written or followed
    after = _digests(out)
    for name in case.get("keeps", []):  # the user's own files, whatever the outcome
        assert after.get(name) == before.get(name), name
    if case["status"] == 0:
        assert result.err == ""
        for pdf in out.glob("*.pdf"):  # nothing from outside the deck reached the kit
            if after[pdf.name] == before.get(pdf.name):
                continue  # the good kit's own file, untouched
            text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
            assert text.strip() and "SECRET" not in text, pdf.name
        return
    assert 1 <= result.err.count("\n") <= 2, result.err
    for words in case["expect"]:
        assert words in result.err, (words, result.err)
    assert _digests(out) == before
    planted = {n for n in before if n.startswith(".")}
    assert not [n for n in leftovers(out) if n not in planted]  # no temporary files left


def test_every_case_says_what_it_expects():
    for name, case in CASES.items():
        assert case["status"] in (0, 1, 2), name
        assert case["status"] == 0 or case["expect"], name


def test_the_readme_counts_the_cases():
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"lists the {len(CASES)} bad inputs" in readme
