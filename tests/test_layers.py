"""The architecture, one way, read from the source itself.

printkit is a stack of layers, each importing only the layers below it:

    words      the message catalogue: every sentence the rules say, by id
    base       errors, units, limits, parallel, version
    values     the plain values everything passes around
    resources  printkit's own files: data, templates, art, typefaces
    layout     geometry: papers, sheets, slots, marks (no drawing library)
    rules      the game's rules as functions over values
    render     values -> PDF pages and pictures (opens no file)
    load       files on disk -> values, confined and bounded
    preflight  checks of finished files
    web        the table page, from values (no drawing library)
    output     writing a folder of files whole
    targets    the kit: which files, from which values
    api        the Python interface (printkit.load_deck, printkit.build, ...)
    cli        the command line; the only layer that speaks click

Every import counts, at any depth in a module (a lazy import inside a function too),
but for imports under ``if TYPE_CHECKING:``, which never run; and no two modules may
import each other, at any distance, at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "printkit"

#: The layers, lowest first; a module may import its own layer and those before it.
LAYERS = (
    "words", "base", "values", "resources", "layout", "rules", "render", "load", "preflight", "web",
    "output", "targets", "api", "cli",
)  # fmt: skip

#: Modules at the package's top, by layer (the package itself holds the public names,
#: loaded from printkit.api when first used).
TOP = {
    "printkit": "api", "errors": "base", "units": "base", "limits": "base",
    "parallel": "base", "version": "base", "api": "api", "__main__": "cli",
}  # fmt: skip

#: Libraries a layer may not import: drawing below render and outside it, click outside cli.
LIBRARIES = {
    "layout": ("reportlab", "PIL", "svglib", "pypdf", "pypdfium2"),
    "rules": ("reportlab", "PIL", "svglib", "pypdf", "pypdfium2"),
    "web": ("reportlab", "PIL", "svglib", "pypdf", "pypdfium2"),
}

#: Imports against the order: none.
EXCEPTIONS: set[tuple[str, str]] = set()


def _module(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(
        ".__init__"
    )


def _layer(module: str) -> str | None:
    """The layer of a printkit module (None for another library)."""
    parts = module.split(".")
    if parts[0] != "printkit":
        return None
    if len(parts) == 1:
        return TOP["printkit"]
    return parts[1] if parts[1] in LAYERS else TOP[parts[1]]


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for inner in ast.walk(node))
    return skipped


def _imports(path: Path) -> set[str]:
    """Every module a file imports at run time, as absolute dotted names (a name imported
    from a package counts as the module of that name when there is one)."""
    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_nodes(tree)
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            for alias in node.names:
                inner = f"{module}.{alias.name}"
                relative = Path(*inner.split("."))
                if (PACKAGE.parent / relative).is_dir() or (
                    PACKAGE.parent / relative.with_suffix(".py")
                ).exists():
                    found.add(inner)
    return found


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _violations() -> list[str]:
    bad = []
    for path in _sources():
        module = _module(path)
        layer = _layer(module)
        rank = LAYERS.index(layer)
        for imported in sorted(_imports(path)):
            target = _layer(imported)
            if target is None:
                if imported.split(".")[0] in LIBRARIES.get(layer, ()) or (
                    imported.split(".")[0] == "click" and layer != "cli"
                ):
                    bad.append(f"{module} ({layer}) imports {imported}")
            elif LAYERS.index(target) > rank and (module, target) not in EXCEPTIONS:
                bad.append(f"{module} ({layer}) imports {imported} ({target})")
    return bad


def _cycles() -> list[list[str]]:
    """Every cycle among printkit's modules at run time, each once."""
    graph = {_module(path): set() for path in _sources()}
    for path in _sources():
        graph[_module(path)] = {m for m in _imports(path) if m in graph and m != _module(path)}
    # A package imports its own modules through its __init__; those edges are not cycles.
    cycles, done = [], set()

    def visit(node: str, trail: list[str]) -> None:
        for nxt in sorted(graph[node]):
            if nxt in trail:
                cycle = trail[trail.index(nxt) :]
                key = frozenset(cycle)
                if key not in done:
                    done.add(key)
                    cycles.append([*cycle, nxt])
            elif nxt not in finished:
                visit(nxt, [*trail, nxt])
        finished.add(node)

    finished: set[str] = set()
    for start in sorted(graph):
        if start not in finished:
            visit(start, [start])
    return cycles


def test_every_module_belongs_to_a_layer():
    for path in _sources():
        assert _layer(_module(path)) in LAYERS, path


def test_each_layer_imports_only_the_layers_below_it():
    assert _violations() == []


def test_no_two_modules_import_each_other():
    assert _cycles() == []


def test_the_checker_sees_an_import_against_the_order(tmp_path, monkeypatch):
    """The rules above can fail: drawing that loads a catalogue, geometry that draws, a
    rule that speaks click, and two modules importing each other, are each caught."""
    fake = tmp_path / "printkit"
    for layer in ("render", "layout", "rules"):
        (fake / layer).mkdir(parents=True)
    (fake / "render" / "bad.py").write_text("from ..load.catalogue import x\n", "utf-8")
    (fake / "layout" / "bad.py").write_text("import reportlab.pdfgen\n", "utf-8")
    (fake / "rules" / "bad.py").write_text("def f():\n    import click\n", "utf-8")
    (fake / "rules" / "one.py").write_text("from . import two\n", "utf-8")
    (fake / "rules" / "two.py").write_text("def f():\n    from . import one\n", "utf-8")
    monkeypatch.setattr(f"{__name__}.PACKAGE", fake)
    assert _violations() == [
        "printkit.layout.bad (layout) imports reportlab.pdfgen",
        "printkit.render.bad (render) imports printkit.load.catalogue (load)",
        "printkit.rules.bad (rules) imports click",
    ]
    assert _cycles() == [["printkit.rules.one", "printkit.rules.two", "printkit.rules.one"]]


def _files(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).glob("*.py"))


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


def test_rules_read_no_file():
    """The rules are plain functions over values: they take what was loaded, and say
    their messages and readings from the words' catalogue, by id."""
    for path in _files("rules"):
        for module in _imports(path):
            assert not module.startswith(("printkit.resources", "printkit.load")), (path, module)


def test_platypus_is_imported_in_one_place():
    """Every module takes reportlab's platypus from printkit.render.platypus, whose
    Paragraph sets every character in a face that has it: one taking reportlab's own
    would leave a Greek letter out without a word."""
    importers = {
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if any(
            m == "reportlab.platypus" or m.startswith("reportlab.platypus.") for m in _imports(path)
        )
    }
    assert importers == {"render/platypus.py"}
