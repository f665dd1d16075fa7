"""Shared fixtures: the real catalogue, a copy of it to break, and a command-line runner."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from printkit import words
from printkit.cli import main
from printkit.load.catalogue import load_deck
from printkit.output.commit import RECORD
from printkit.resources.paths import data_dir


def leftovers(folder: Path) -> list[str]:
    """Hidden files printkit left in an output folder: none may stay but its record of
    the files it wrote."""
    return [p.name for p in Path(folder).iterdir() if p.name.startswith(".") and p.name != RECORD]


# The tests read printkit's English, whatever the locale of the machine they run on.
os.environ["PRINTKIT_LANG"] = "en"
# What printkit keeps between builds (font instances, drawn card faces) is kept in a
# folder of this run's own, never the user's: each run starts from an empty cache.
os.environ["PRINTKIT_CACHE"] = tempfile.mkdtemp(prefix="printkit-cache-")
atexit.register(shutil.rmtree, os.environ["PRINTKIT_CACHE"], ignore_errors=True)


@pytest.fixture(autouse=True)
def english_again():
    """A test that speaks another language leaves the next one in English."""
    yield
    words.speak(words.SOURCE, allow_missing=False)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the reference images in tests/golden/ from the current output",
    )


@pytest.fixture(scope="session")
def deck():
    return load_deck()


@pytest.fixture(scope="session")
def built_kit(tmp_path_factory) -> Path:
    """The kit `printkit build` makes, built once for the whole run: tests that need a
    folder holding a good kit copy it (``kit_copy``) rather than build their own."""
    out = tmp_path_factory.mktemp("kit") / "output"
    with pytest.raises(SystemExit) as done:
        main(["build", "--quiet", "--out", str(out)])
    assert done.value.code == 0
    return out


@pytest.fixture
def kit_copy(built_kit: Path, tmp_path: Path) -> Path:
    """A private copy of the built kit, to run commands into."""
    target = tmp_path / "kit"
    shutil.copytree(built_kit, target)
    return target


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of printkit's data/ folder, for tests that break it."""
    target = tmp_path / "data"
    shutil.copytree(data_dir(), target)
    return target


@dataclass
class Result:
    status: int
    out: str
    err: str


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]):
    """Run ``printkit ARGS...`` in this process, as the console script does."""

    def run(*args: str) -> Result:
        capsys.readouterr()
        try:
            main(list(args))
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        else:  # pragma: no cover - main always exits
            status = 0
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return run
