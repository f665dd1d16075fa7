"""The words' catalogue (printkit/words/en/): every message the rules give is said
from it, by id, in Python and on the table page alike; every id said is there with
the values its sentence names; nothing there is unused; and only the command line's
own wordings name an option."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from printkit.errors import RulesError
from printkit.words import catalogue, say

PACKAGE = Path(__file__).resolve().parent.parent / "printkit"
#: The modules whose refusals are said by id.
SPEAKERS = [*sorted((PACKAGE / "rules").glob("*.py")), PACKAGE / "values" / "notation.py"]
RULES_JS = PACKAGE / "web" / "rules.js"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _python_sayings() -> list[tuple[str, str, set[str] | None]]:
    """(where, key, the values given; None when given as **values) of every ``.said``."""
    found = []
    for path in SPEAKERS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr != "said" or not node.args:
                continue
            keys = [node.args[0].value] if isinstance(node.args[0], ast.Constant) else []
            if isinstance(node.args[0], ast.Name):  # key = "a" if ... else "b"
                keys = _assigned_strings(path, node.args[0].id)
            given = (
                None
                if any(k.arg is None for k in node.keywords)
                else {k.arg for k in node.keywords}
            )
            found += [(f"{path.name}:{node.lineno}", key, given) for key in keys]
    return found


def _assigned_strings(path: Path, name: str) -> list[str]:
    strings = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == name for t in node.targets):
            strings += [c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant)]
    return [s for s in strings if isinstance(s, str) and "." in s]


def _js_sayings() -> list[tuple[str, str, set[str] | None]]:
    """(where, key, the values given) of every RulesError the page's rules throw, and the
    ids its notation's trouble() returns."""
    text = RULES_JS.read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"new RulesError\(([^;]*)\);", text):
        line = text[: match.start()].count("\n") + 1
        args = match.group(1)
        keys = re.findall(r'"([a-z]+\.[a-z-]+)"', args)
        obj = re.search(r"\{(.*)\}", args)
        given = set()
        if obj:
            given = set(
                re.findall(r"(?:\{|,)\s*([A-Za-z_]+)\s*(?=[:,}])", "{" + obj.group(1) + "}")
            )
        found += [(f"rules.js:{line}", key, given) for key in keys]
        if not keys:
            assert "trouble(normal)" in args, f"rules.js:{line} throws without a message id"
    for key in re.findall(r'return[^;]*?"(card\.[a-z-]+)"', text):
        found.append(("rules.js trouble()", key, {"card"}))
    for key in re.findall(r'"(card\.[a-z-]+)"', text):
        found.append(("rules.js", key, None))
    return found


def test_every_message_said_is_in_the_catalogue_with_its_values():
    words = catalogue()
    sayings = _python_sayings() + _js_sayings()
    assert len(sayings) > 60
    for where, key, given in sayings:
        assert key in words, f"{where}: no message {key!r} in the catalogue"
        if given is not None:
            assert _fields(words[key]) <= given, (where, key, given)


def test_every_id_said_by_name_is_in_the_catalogue():
    """Every ``say("...")`` with an id written out, in Python, and every ``t("...")`` of
    the page, names a message that is there (a table's key read as a section's is not)."""
    words = catalogue()
    python = {p: p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")}
    named = [
        (f"{p.name}", key)
        for p, text in python.items()
        for key in re.findall(r'\bsay\(\s*"([a-z]+\.[a-z0-9.-]+)"', text)
    ]
    named += [("ui.js", key) for key in _page_sayings()]
    assert len(named) > 150
    for where, key in named:
        assert key in words, f"{where} says {key!r}, which the catalogue does not hold"


def test_no_refusal_is_written_outside_the_catalogue():
    """A rule refuses by id: no refusal of the rules (a play the rules forbid, a card that
    is not one, a query that finds nothing) is made from a sentence."""
    refusals = ("RulesError", "NotationError", "NotFoundError")
    for path in SPEAKERS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in refusals:
                assert not node.args, f"{path.name}:{node.lineno} writes its own message"
    text = RULES_JS.read_text(encoding="utf-8")
    assert not re.search(r'new RulesError\("[^"]*[ ,;:]', text)


def _page_sayings() -> set[str]:
    """The ids the page's controls say (``t("page.players")``), and those its HTML says
    (``words("title")`` in web/page.py)."""
    ui = (PACKAGE / "web" / "ui.js").read_text(encoding="utf-8")
    html = (PACKAGE / "web" / "page.py").read_text(encoding="utf-8")
    found = set(re.findall(r'\bt\(\s*"([a-z]+\.[a-z0-9-]+)"', ui))
    found |= set(re.findall(r'"(page\.[a-z0-9-]+)"', ui))  # ids chosen by a condition
    found |= {f"page.{name}" for name in re.findall(r'words\("([a-z0-9-]+)"', html)}
    return {key for key in found if not key.endswith("-")}  # "page.role-" + id: a family


def _page_families() -> set[str]:
    """Ids the page makes of a value: t("page.role-" + id)."""
    scripts = "\n".join((PACKAGE / "web" / n).read_text("utf-8") for n in ("ui.js", "rules.js"))
    return set(re.findall(r'"([a-z]+\.[a-z-]*)" \+', scripts))


def test_every_message_is_used():
    said = {key for _, key, _ in _python_sayings() + _js_sayings()} | _page_sayings()
    python = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    # Ids made of a value: say(f"effect.timing.{effect.timing}"), t("page.role-" + id).
    prefixes = _page_families() | {
        p for p in re.findall(r'say\(f"([a-z-]+\.[a-z.-]*)\{', python) if not p.startswith("page.")
    }
    for key in catalogue():
        if key.startswith(("reading.", "cli.")):
            continue
        dynamic = any(key.startswith(prefix) for prefix in prefixes) or (
            f'section("{key.partition(".")[0]}")' in python
        )
        assert key in said or f'"{key}"' in python or dynamic, f"{key} is never said"


def test_the_command_lines_wordings_name_its_options_and_no_other_does():
    words = catalogue()
    for key, text in words.items():
        if key.startswith("cli."):
            base = key.removeprefix("cli.")
            assert base in words, key
            assert _fields(text) == _fields(words[base]), key
            assert re.search(r"--[a-z]", text) or "PLAYED" in text, key
            assert not re.search(r"--[a-z]", words[base]), base
        elif not key.startswith(("example.", "command.")):
            # the rulebook's examples are negate's arguments; command.toml is the command
            # line's own voice
            forms = text.values() if isinstance(text, dict) else [text]
            assert not any(re.search(r"(?<![\w-])--[a-z]", form) for form in forms), key


def test_the_python_interface_and_the_page_say_it_plainly_and_the_command_line_its_way(cli):
    import printkit

    with pytest.raises(RulesError) as caught:
        printkit.negate("KS", counters=["8D"], dead=("outlaw", "sheriff"), single_team=True)
    assert caught.value.key == "negation.teams-mixed"
    assert "--" not in str(caught.value)
    result = cli("negate", "KS", "--counter", "8D", "--single-team", "--dead", "outlaw,sheriff")
    assert result.status == 2 and "drop --single-team" in result.err


def test_say_puts_values_in_place_and_quotes_as_typed():
    assert say("negation.used-twice", card="7♦").startswith("7♦ is used twice")
    assert say("card.bad-rank", card="1X").startswith("'1X' is not a playing card")
    assert say("odds.fixed-no-suits", deck="simplified", cli=True).endswith("use --deck bang")
    assert "{" not in say("lookup.no-effect", query="{weird}").replace("'{weird}'", "")


def test_the_pages_scripts_write_no_sentence():
    """Every word the page shows comes from the words it carries: a string in its
    scripts is an id, a class name, a symbol or punctuation, never a phrase."""
    css = (PACKAGE / "web" / "table.css").read_text(encoding="utf-8")
    classes = set(re.findall(r"\.([a-z][a-z0-9-]*)", css))
    for name in ("ui.js", "rules.js"):
        for number, line in enumerate((PACKAGE / "web" / name).read_text("utf-8").splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            for text in re.findall(r'"([^"\n]*)"', line):
                if not re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", text) or text == "use strict":
                    continue
                assert set(text.split()) <= classes, f"{name}:{number} writes {text!r}"


#: Modules that write other people's files, in those files' own words: the scaffold of
#: a new deck is the designer's to edit (its layouts' comments, its sample cards).
NOT_COPY = {"targets/scaffold.py"}
#: Strings that no one reads as a sentence.
NOT_SENTENCES = {
    "xobject form stream",  # a comment inside the PDF's code
    "printkit with pypdf",  # the program that made a PDF, in its metadata
    "commit journal",  # the mark inside printkit's own journal
    "files written",  # and inside its record of the files it wrote
}
#: Errors that tell a programmer of a mistake in calling printkit, never a player or a
#: designer of their files: they stay in English, in code.
PROGRAMMERS = ("ValueError", "TypeError", "AssertionError", "AttributeError", "PdfiumError")


#: The command line's makers of options, whose arguments include their help text.
_HELPED = ("_option", "_flag")


def _sentences(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that read as a sentence and are no docstring,
    no option's ``--help`` text (the command line's help is English: its options' names
    are English words) and no programmer's error."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.keyword) and node.arg == "help":
            skipped.update(id(inner) for inner in ast.walk(node))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "").endswith(_HELPED):
            skipped.update(id(inner) for arg in node.args for inner in ast.walk(arg))
        called = node.exc if isinstance(node, ast.Raise) else node
        if isinstance(called, ast.Call) and getattr(called.func, "id", "") in PROGRAMMERS:
            skipped.update(id(inner) for inner in ast.walk(called))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in skipped
        and re.search(r"[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}", node.value)
        and node.value not in NOT_SENTENCES
    ]  # fmt: skip


def test_no_sentence_anyone_reads_is_written_in_code():
    """Every sentence printkit says, to a player, a designer or a printer (a card, a
    page, an answer, an error, a warning, a status line), is in its words' catalogue."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if str(path.relative_to(PACKAGE)) in NOT_COPY:
            continue
        found += [f"{path.relative_to(PACKAGE)}:{n}: {t!r}" for n, t in _sentences(path)]
    assert found == []


def test_the_sentence_check_sees_a_sentence(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Doc string here."""\nX = "the Barrel works and misses"\n', "utf-8")
    assert _sentences(module) == [(2, "the Barrel works and misses")]


def test_no_message_hedges_a_plural():
    """A count is said with its noun, singular or plural: never "ghost(s)" or "1 counters"."""
    for key, text in catalogue().items():
        forms = text.values() if isinstance(text, dict) else [text]
        assert all("(s)" not in form for form in forms), key
        assert not any(re.search(r"\b1 [a-z]+s\b", form) for form in forms), key


def test_a_value_that_ends_in_its_own_mark_takes_no_full_stop():
    line = say(
        "answer.draw-line", check="Unfinished Business", outcome="a BANG!", card="7♠",
        verb="is", suit="spade", meaning="that player is the target of a BANG!",
    )  # fmt: skip
    assert line == (
        "Unfinished Business: a BANG! 7♠ is a spade: that player is the target of a BANG!"
    )
    asked = say("answer.draw-line", check="A", outcome="b", card="c", verb="is", suit="d",
                meaning="who?")  # fmt: skip
    assert asked == "A: b. c is a d: who?"
