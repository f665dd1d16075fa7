"""The console script's own business: the process it runs in, and finding printkit's
typefaces without scanning every installed package."""

from __future__ import annotations

import gc
import signal
import subprocess
import sys
from pathlib import Path

import fontpkg
import pytest

from printkit.cli import console
from printkit.resources import typefaces


@pytest.mark.parametrize(
    ("argv", "status"),
    [(["lookup", "7D"], 0), (["lookup", "7D", "--data-dir", "{broken}"], 1), (["lookup"], 2)],
)
def test_the_console_script_exits_with_the_status_and_freezes_on_its_way_out(
    monkeypatch, capsys, tmp_path, argv, status
):
    deck = tmp_path / "decks" / "dead-mens-deck"
    deck.mkdir(parents=True)
    (deck / "deck.toml").write_text("name =\n", encoding="utf-8")  # not TOML
    argv = [arg.format(broken=tmp_path) for arg in argv]
    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    monkeypatch.setattr(sys, "argv", ["printkit", *argv])
    with pytest.raises(SystemExit) as exit_:
        console()
    assert exit_.value.code == status
    assert frozen == [True]
    capsys.readouterr()


def test_main_leaves_the_collector_alone(monkeypatch, cli):
    def refuse() -> None:
        raise AssertionError("main froze the collector of the program that called it")

    monkeypatch.setattr(gc, "freeze", refuse)
    assert cli("lookup", "7D").status == 0


def test_a_command_that_writes_unwinds_on_sigterm_and_the_companion_is_left_alone(
    monkeypatch, cli, tmp_path
):
    from printkit.cli.app import Terminated

    seen: list[object] = []
    real = signal.signal

    def spy(signum, handler):
        assert signum == signal.SIGTERM
        seen.append(handler)
        return real(signum, handler)

    monkeypatch.setattr(signal, "signal", spy)
    before = signal.getsignal(signal.SIGTERM)
    assert cli("lookup", "7D").status == 0
    assert seen == []  # nothing written, nothing to undo: SIGTERM simply ends it
    assert cli("calibrate", "-o", str(tmp_path / "cal.pdf")).status == 0
    assert len(seen) == 2 and seen[1] is before  # installed, then given back
    with pytest.raises(Terminated):
        seen[0](signal.SIGTERM, None)
    assert signal.getsignal(signal.SIGTERM) is before


def test_python_dash_m_runs_the_console_script():
    done = subprocess.run(
        [sys.executable, "-m", "printkit", "lookup", "7D"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "Syphon" in done.stdout


@pytest.mark.parametrize("name", sorted(typefaces.FACES))
def test_each_face_is_the_file_fontpkg_finds(name):
    family, weight, style = typefaces.FACES[name]
    found = typefaces.face_file(name)
    assert found.is_file()
    assert found.resolve() == Path(fontpkg.path(family, weight=weight, style=style)).resolve()


def test_a_package_whose_list_is_not_understood_is_left_to_fontpkg(monkeypatch):
    monkeypatch.setattr(typefaces, "_package", lambda family: (Path(), [{"schema": 2}]))
    family, weight, style = typefaces.FACES[typefaces.BODY_BOLD]
    assert typefaces.face_file(typefaces.BODY_BOLD) == Path(
        fontpkg.path(family, weight=weight, style=style)
    )


def test_a_missing_package_is_found_missing(monkeypatch):
    monkeypatch.setitem(typefaces.FACES, "PK-Nothing", ("No Such Family", 400, "normal"))
    with pytest.raises(fontpkg.FontpkgError):
        typefaces.face_file("PK-Nothing")


def test_a_listed_file_that_is_missing_is_left_to_fontpkg(monkeypatch):
    family, weight, style = typefaces.FACES[typefaces.TITLE]
    listed = [{"path": "files/gone.ttf", "weight": weight, "style": style, "variable": False}]
    monkeypatch.setattr(typefaces, "_package", lambda family: (Path("/nowhere"), listed))
    assert typefaces.face_file(typefaces.TITLE) == Path(
        fontpkg.path(family, weight=weight, style=style)
    )
