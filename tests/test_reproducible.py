"""The same catalogue, templates and art give byte-identical files, run after run.

Each build runs as its own process with a different hash seed, as two machines would;
the PDFs' dates come from SOURCE_DATE_EPOCH when it is set, and are fixed otherwise.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from .kept import rewrite, rows
from .pdfcheck import reader


def _run(args: list[str], cwd: Path, seed: str, extra_env: dict[str, str] | None = None) -> None:
    env = {key: value for key, value in os.environ.items() if key != "SOURCE_DATE_EPOCH"}
    env |= {"PYTHONHASHSEED": seed, **(extra_env or {})}
    result = subprocess.run(
        [sys.executable, "-m", "printkit", *args], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def _hashes(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_two_builds_are_byte_identical(tmp_path):
    _run(["build", "--quiet", "--out", "one"], tmp_path, seed="1")
    _run(["build", "--quiet", "--out", "two"], tmp_path, seed="2")
    one, two = _hashes(tmp_path / "one"), _hashes(tmp_path / "two")
    assert len(one) >= 9 and any(name.endswith(".png") for name in one)
    assert one == two


def test_two_exports_are_byte_identical(tmp_path):
    for seed, folder in (("3", "one"), ("4", "two")):
        _run(
            ["export", "simplified-bang", "--for", "png", "--dpi", "72", "-o", folder],
            tmp_path,
            seed,
        )
    assert _hashes(tmp_path / "one") == _hashes(tmp_path / "two")


def test_a_cut_file_is_the_same_whatever_the_hash_seed(tmp_path):
    """Seeds 1 and 4 listed ezdxf's classes in two orders: the DXF was not reproducible."""
    code = (
        "import sys\n"
        "from printkit.load.templates import load_template\n"
        "from printkit.render.cutfile import cut_dxf\n"
        "sys.stdout.buffer.write(cut_dxf(load_template('silhouette-a4')))\n"
    )
    made = set()
    for seed in ("1", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, check=True)
        made.add(hashlib.sha256(out.stdout).hexdigest())
    assert len(made) == 1


def test_source_date_epoch_sets_the_pdf_dates(tmp_path):
    epoch = 1_700_000_000
    _run(
        ["build", "--quiet", "--deck", "dead-mens-deck", "--out", "out"],
        tmp_path,
        seed="5",
        extra_env={"SOURCE_DATE_EPOCH": str(epoch)},
    )
    expected = datetime.fromtimestamp(epoch, UTC).strftime("%Y%m%d%H%M%S")
    for name in ("dead-mens-deck.pdf", "rulebook.pdf", "rulebook-booklet.pdf", "calibration.pdf"):
        created = str(reader((tmp_path / "out" / name).read_bytes()).metadata["/CreationDate"])
        assert expected in created, (name, created)


def test_a_static_face_is_the_same_bytes_whenever_it_is_made(monkeypatch):
    """A Greek or Cyrillic face made from the variable font carries the font's own time,
    not the time it was made: a build a minute later, or on another machine, is the
    same bytes (a face kept in the cache and a face made afresh are one)."""
    import time

    from printkit.render.fonts import SCRIPT, package_file
    from printkit.resources import instances

    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    source = package_file(SCRIPT, variable=True).read_bytes()
    first = instances._make(source, 400, False, ((0x370, 0x3FF),))
    monkeypatch.setattr(time, "time", lambda: 4e9)
    assert instances._make(source, 400, False, ((0x370, 0x3FF),)) == first


def test_a_kept_face_swapped_for_another_is_made_again(tmp_path, monkeypatch):
    """Faces are kept as the form cache keeps files: one swapped for another face (or
    damaged) is not embedded, but made again."""
    from printkit.render.fonts import SCRIPT, package_file
    from printkit.resources import instances

    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    source, greek = package_file(SCRIPT, variable=True), ((0x370, 0x3FF),)
    instances.static_face.cache_clear()
    try:
        made = {w: instances.static_face(source, w, False, greek) for w in (400, 900)}
        folder = tmp_path / "cache" / "fonts"
        kept = rows(folder)
        assert len(kept) == 2 and made[400] != made[900]
        first, second = sorted(kept)
        rewrite(folder, first, kept[second])
        rewrite(folder, second, kept[first])
        instances.static_face.cache_clear()
        assert {w: instances.static_face(source, w, False, greek) for w in (400, 900)} == made
    finally:
        instances.static_face.cache_clear()
