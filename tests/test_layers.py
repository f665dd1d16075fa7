"""The architecture, one way: loading, pure geometry and rules, drawing, files, CLI.

Read from the source itself (every import, at any depth in a module), so that a shortcut
across the layers fails here rather than in a review: render/ draws what was loaded and
never opens a file; layout/ is geometry without a drawing library; rules/ knows nothing
of drawing or of the command line; only cli/ speaks click.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "printkit"


def _imports(path: Path) -> set[str]:
    """Every module a file imports, as absolute dotted names."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
                found.add(module)
                found.update(f"{module}.{alias.name}" for alias in node.names)
            else:
                found.add(node.module or "")
    return found


def _files(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).glob("*.py")) if layer else []


#: What each layer may not import (a prefix matches the module and everything in it).
FORBIDDEN = {
    "render": (
        "printkit.catalogue", "printkit.datafile", "printkit.load", "printkit.paths",
        "printkit.rules.roles", "printkit.rules.readings", "printkit.output", "printkit.kit",
        "printkit.cli", "click",
    ),
    "layout": (
        "printkit.catalogue", "printkit.datafile", "printkit.load", "printkit.render",
        "printkit.cli", "reportlab", "PIL", "click", "svglib", "pypdf",
    ),
    "rules": ("printkit.render", "printkit.layout", "printkit.load", "printkit.cli", "click"),
    "load": ("printkit.render", "printkit.cli", "click", "reportlab.pdfgen"),
    "preflight": ("printkit.render", "printkit.cli", "printkit.load", "click"),
    # The table page is written from loaded values, by no drawing library.
    "web": (
        "printkit.load", "printkit.render", "printkit.layout", "printkit.cli", "printkit.kit",
        "printkit.output", "click", "reportlab", "PIL", "svglib", "pypdf",
    ),
}  # fmt: skip


def _violations(layer: str) -> list[str]:
    bad = []
    for path in _files(layer):
        for module in _imports(path):
            for prefix in FORBIDDEN[layer]:
                if module == prefix or module.startswith(prefix + "."):
                    bad.append(f"{path.relative_to(PACKAGE)} imports {module}")
    return bad


@pytest.mark.parametrize("layer", list(FORBIDDEN))
def test_each_layer_imports_only_what_is_below_it(layer):
    assert _files(layer), layer
    assert _violations(layer) == []


def test_the_values_in_the_middle_import_no_layer_above_them():
    for name in ("model", "content", "documents", "pictures", "settings", "shops", "printspec"):
        path = PACKAGE / f"{name}.py"
        for module in _imports(path):
            assert not module.startswith(
                ("printkit.render", "printkit.cli", "printkit.load", "printkit.layout", "click")
            ), (name, module)


def test_render_opens_no_file():
    """Drawing reads nothing from disk: pictures, rules and aids arrive loaded. (Fonts are
    registered from their packages by name, through reportlab.)"""
    for path in _files("render"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in ("read_text", "read_bytes", "write_text", "write_bytes"):
                    pytest.fail(f"{path.name}:{node.lineno} calls {name}")
                if name == "open" and isinstance(func, ast.Name):
                    pytest.fail(f"{path.name}:{node.lineno} opens a file")


def test_only_the_command_line_speaks_click():
    for path in PACKAGE.rglob("*.py"):
        if "cli" in path.relative_to(PACKAGE).parts:
            continue
        assert "click" not in _imports(path), path


def test_the_checker_sees_a_forbidden_import(tmp_path, monkeypatch):
    """The rule above can fail: a render module importing the catalogue is caught."""
    fake = tmp_path / "printkit" / "render"
    fake.mkdir(parents=True)
    (fake / "bad.py").write_text("from ..catalogue import load_deck\n", encoding="utf-8")
    monkeypatch.setattr(f"{__name__}.PACKAGE", tmp_path / "printkit")
    assert "render/bad.py imports printkit.catalogue" in _violations("render")


def test_the_lazy_command_table_names_every_command_and_its_module():
    import importlib

    from printkit.cli.app import COMMANDS, printkit

    for module in set(COMMANDS.values()):
        importlib.import_module(f"printkit.cli.{module}")
    assert set(printkit.commands) == set(COMMANDS)
    for name, module in COMMANDS.items():
        assert printkit.commands[name].callback.__module__ == f"printkit.cli.{module}", name


def test_the_companion_does_not_load_the_making_of_pdfs():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from printkit.cli import main\n"
        "try:\n    main(['lookup', '7D'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('printkit.cli.', 'reportlab'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = out.stdout.strip().splitlines()[-1]
    assert "printkit.cli.making" not in loaded and "reportlab" not in loaded, loaded


def test_rules_read_no_file_but_printkits_own_readings():
    """The rules are plain functions over values; the one file they consult is printkit's
    own data/readings.toml, the readings they name by id (rules/readings.py)."""
    readers = {
        path.name
        for path in _files("rules")
        if any(m.startswith(("printkit.datafile", "printkit.paths")) for m in _imports(path))
    }
    assert readers == {"readings.py"}


def test_platypus_is_imported_in_one_place():
    """Every module takes reportlab's platypus from printkit.render.platypus, which imports
    it without compiling a pattern printkit never uses (45 ms): a module importing it
    first, itself, would pay that again for every command."""
    importers = {
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if any(
            m == "reportlab.platypus" or m.startswith("reportlab.platypus.") for m in _imports(path)
        )
    }
    assert importers == {"render/platypus.py"}


def test_the_late_pattern_is_compiled_when_used_and_works_as_reportlabs():
    """In a fresh interpreter: the paragraph module's web-address pattern is not compiled
    on import; used, it is reportlab's case-insensitive pattern, and splits an address
    as reportlab does."""
    import re
    import subprocess
    import sys

    code = (
        "import printkit.render.platypus\n"
        "import reportlab.platypus.paragraph as para\n"
        "late = para.uri_pat\n"
        "print(type(late).__name__, late._compiled is None)\n"
        "print(para._uri_split_pairs('https://example.com/a/b'))\n"
        "print(type(late._compiled).__name__, bool(late.flags & 2), para.uri_pat is late)\n"
        "print(late.match('HTTP://EXAMPLE.COM') is not None, late.match('no address'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == [
        "LatePattern True",
        "[('https://example.com/a/', 'b'), ('https://example.com/', 'a/b'), "
        "('https://', 'example.com/a/b')]",
        "Pattern True True",
        "True None",
    ]
    assert re.IGNORECASE == 2
