"""Fuzzing: any file content gives a deck (or template, or draw deck) or a clear error.

Never an uncaught exception, never a traceback: every failure is a PrintkitError with
one line of message. Arbitrary text and arbitrary TOML structures are both tried.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.errors import PrintkitError
from printkit.load.catalogue import load_deck
from printkit.load.draws import load_draw_deck
from printkit.load.templates import load_template

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

DECK_TOML = 'name = "Fuzz"\ngame = "Fuzz"\ndescription = "fuzz"\nindex = "none"\n'
EFFECTS_TOML = """[roll]
name = "Roll"
summary = "Roll."
text = "Roll on."
note = "It rolls."
targets = []
"""
CARDS_CSV = "effect,count\nroll,2\n"


def _load(deck_toml: str = DECK_TOML, effects: str = EFFECTS_TOML, cards: str = CARDS_CSV) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "decks" / "fuzz"
        folder.mkdir(parents=True)
        (folder / "deck.toml").write_text(deck_toml, encoding="utf-8", errors="surrogatepass")
        (folder / "effects.toml").write_text(effects, encoding="utf-8", errors="surrogatepass")
        (folder / "cards.csv").write_text(cards, encoding="utf-8", errors="surrogatepass")
        try:
            deck = load_deck("fuzz", Path(tmp))
        except PrintkitError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            assert deck.cards and all(card.effect in deck.effects for card in deck.cards)


# -- a tiny TOML writer, so that structured values reach the checks after parsing -----------

KEYS = st.sampled_from(
    ["name", "summary", "text", "note", "targets", "timing", "negatable", "aliases", "type",
     "art", "nmae", "index", "game", "description", "colors", "types", "rules", "count", "x"]
)  # fmt: skip
SCALARS = st.one_of(
    st.text(max_size=30),
    st.integers(min_value=-5, max_value=5),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(
        ["living", "dead", "all-living", "turn", "reaction", "../x.svg", "/etc/passwd", "#a3241c"]
    ),
)
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=3))


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    escaped = value.encode("unicode_escape").decode("ascii").replace('"', '\\"')
    return f'"{escaped}"'


def _toml(tables: dict[str, dict]) -> str:
    lines = []
    for table, entries in tables.items():
        lines.append(f'["{table}"]')
        lines += [f"{key} = {_toml_value(value)}" for key, value in entries.items()]
    return "\n".join(lines) + "\n"


def _toml_document(entries: dict, lines: list[str] | None = None) -> list[str]:
    """Top-level keys first, then each table as a [section]."""
    lines = list(lines or [])
    for key, value in entries.items():
        if isinstance(value, dict):
            lines.append(f"[{key}]")
            lines += [f"{k} = {_toml_value(v)}" for k, v in value.items()]
        else:
            lines.insert(0, f"{key} = {_toml_value(value)}")
    return lines


TABLES = st.dictionaries(
    st.sampled_from(["roll", "stop", "Bad Id", "spook", "x-1"]),
    st.dictionaries(KEYS, VALUES, max_size=8),
    min_size=1,
    max_size=3,
)


@FUZZ
@given(st.text(max_size=400))
def test_any_effects_text(text):
    _load(effects=text)


@FUZZ
@given(TABLES)
def test_any_effects_structure(tables):
    _load(effects=_toml(tables))


@FUZZ
@given(st.text(max_size=300))
def test_any_cards_csv(text):
    _load(cards=text)


@FUZZ
@given(
    st.lists(
        st.tuples(st.sampled_from(["roll", "stop", "", "ROLL", "ro,ll"]), st.text(max_size=6)),
        max_size=6,
    )
)
def test_any_cards_rows(rows):
    _load(cards="effect,count\n" + "\n".join(f"{e},{c}" for e, c in rows))


@FUZZ
@given(st.text(max_size=300))
def test_any_deck_toml(text):
    _load(deck_toml=text)


@FUZZ
@given(st.dictionaries(KEYS, VALUES, max_size=8))
def test_any_deck_structure(entries):
    body = "\n".join(f"{k} = {_toml_value(v)}" for k, v in entries.items()) + "\n"
    _load(deck_toml=body)


TEMPLATE_KEYS = {
    "paper": st.sampled_from(["letter", "a4", "A4", "legal", "tiny", "8x11"]),
    "card": st.fixed_dictionaries(
        {
            "width": st.sampled_from(["2.5in", "63mm", "0mm", "-1in", "wide", "300mm"]),
            "height": st.sampled_from(["3.5in", "88mm", "1pt", "2 in", "x"]),
        },
    ),
    "grid": st.fixed_dictionaries(
        {"columns": st.integers(-1, 60), "rows": st.integers(-1, 60)},
        optional={
            "left": st.sampled_from(["center", "0in", "5in", "-1mm", 3]),
            "gap_x": st.sampled_from(["0mm", "2mm", "-2mm"]),
        },
    ),
}


@FUZZ
@given(st.fixed_dictionaries({}, optional=TEMPLATE_KEYS), st.booleans())
def test_any_template_structure(entries, described):
    lines = ['description = "fuzz"'] if described else []
    lines = _toml_document(entries, lines)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            template = load_template(str(path))
        except PrintkitError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            assert template.per_sheet >= 1


@FUZZ
@given(st.text(max_size=300))
def test_any_draw_deck(text):
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "draws").mkdir()
        (Path(tmp) / "draws" / "fuzz.csv").write_text(
            text, encoding="utf-8", errors="surrogatepass"
        )
        try:
            deck = load_draw_deck("fuzz", Path(tmp))
        except PrintkitError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            assert deck.cards


# -- the Markdown reader: any text, in time linear in its length -------------------------------

MARKDOWN_PIECES = st.sampled_from(
    ["#", "##", "###", "####", " ", "  ", "\t", "*", "**", "`", "-", "1.", "{{", "}}", "cards",
     "word", "\n", "\n\n", "---", ":", "x" * 20]
)  # fmt: skip


@FUZZ
@given(st.lists(MARKDOWN_PIECES, max_size=400), st.integers(min_value=1, max_value=40))
def test_the_markdown_reader_reads_any_text_in_linear_time(pieces, repeat):
    import gc
    import time

    from printkit.values import markdown

    text = "".join(pieces) * repeat
    # The reader's own processor time, which another program's load does not inflate as
    # it does the wall clock (the CI machine may be busy), and without a collection of
    # the whole test process's objects falling inside it.
    gc.disable()
    try:
        start = time.thread_time()
        try:
            document = markdown.parse(text)
        except markdown.MarkdownError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            for block in document.blocks:
                for line in getattr(block, "items", None) or [getattr(block, "text", "")]:
                    markdown.inline_spans(line)
        took = time.thread_time() - start
    finally:
        gc.enable()
    # Generous: 20 microseconds a byte, plus a fixed allowance, on a slow machine; a reader
    # that backtracked would take seconds on some of these texts.
    assert took < 0.1 + len(text) * 20e-6


def test_runs_that_made_the_old_reader_backtrack_are_read_at_once():
    import time

    from printkit.values import markdown

    for text in (
        "# a" + " " * 100_000 + "b",
        "*" * 100_000,
        "**" + "a*" * 50_000,
        "- " + "`" * 100_000,
        "{{cards" + " " * 100_000 + "}}",
    ):
        start = time.thread_time()
        for line in [text, *text.split(" ")][:3]:  # the whole (too long to set), and pieces
            markdown.inline_spans(line)
        try:
            document = markdown.parse(text)
        except markdown.MarkdownError as exc:  # longer than a piece printkit sets as one
            assert "split it" in str(exc)
        else:
            for block in document.blocks:
                for line in getattr(block, "items", None) or [getattr(block, "text", "")]:
                    markdown.inline_spans(line)
        assert time.thread_time() - start < 1.0, text[:20]


# -- the documents a deck prints (aids, rules) and printkit's own tables (roles, readings) --

AID_TEXTS = st.sampled_from(
    ["- one", "{{values}}", "{{draw-outcomes}}", "{{cards}}", "{{nope}}", "**x**", "", "{{"]
)
AID_ENTRY = st.fixed_dictionaries(
    {}, optional={"title": st.one_of(st.text(max_size=8), st.integers()), "text": AID_TEXTS}
)
AID_SIDE = st.one_of(st.lists(AID_ENTRY, max_size=3), SCALARS)


def _with_documents(aids: str | None = None, rules: str | None = None) -> None:
    """Load a deck whose deck.toml names an aid and rules with this content."""
    deck_toml = DECK_TOML
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "decks" / "fuzz"
        folder.mkdir(parents=True)
        if aids is not None:
            deck_toml += '[aids]\nsource = "aids.toml"\n'
            (folder / "aids.toml").write_text(aids, encoding="utf-8", errors="surrogatepass")
        if rules is not None:
            deck_toml += '[rules]\nsource = "rules.md"\nlayout = "sheet"\n'
            (folder / "rules.md").write_text(rules, encoding="utf-8", errors="surrogatepass")
        (folder / "deck.toml").write_text(deck_toml, encoding="utf-8")
        (folder / "effects.toml").write_text(EFFECTS_TOML, encoding="utf-8")
        (folder / "cards.csv").write_text(CARDS_CSV, encoding="utf-8")
        try:
            deck = load_deck("fuzz", Path(tmp))
        except PrintkitError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            assert (deck.aid is not None) == (aids is not None)
            assert (deck.rules_text is not None) == (rules is not None)


@FUZZ
@given(st.text(max_size=300))
def test_any_aids_text(text):
    _with_documents(aids=text)


@FUZZ
@given(st.fixed_dictionaries({}, optional={"front": AID_SIDE, "back": AID_SIDE, "x": SCALARS}))
def test_any_aids_structure(sides):
    lines = []
    for side, value in sides.items():
        if isinstance(value, list):
            for entry in value:
                lines.append(f"[[{side}]]")
                lines += [f"{k} = {_toml_value(v)}" for k, v in entry.items()]
        else:
            lines.insert(0, f"{side} = {_toml_value(value)}")
    _with_documents(aids="\n".join(lines) + "\n")


RULES_PIECES = st.sampled_from(
    ["# Title\n", "## Part\n", "text\n", "- item\n", "\n", "{{cards}}\n", "{{values}}\n",
     "{{negation}}\n", "{{negation KS --counter 8D}}\n", "{{identification}}\n",
     "{{roles-table}}\n", "{{readings}}\n", "{{legend}}\n", "{{nope}}\n", "{{draw-outcomes}}\n",
     "---\ntitle: x\n---\n", "#### deep\n", "{{negation --spook 3S}}\n"]
)  # fmt: skip


@FUZZ
@given(st.lists(RULES_PIECES, max_size=12))
def test_any_rules_document(pieces):
    _with_documents(rules="".join(pieces))


ROLE = st.fixed_dictionaries(
    {}, optional={k: SCALARS for k in ("name", "plural", "goal", "death_mesa", "x")}
)


@FUZZ
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "roles": st.one_of(SCALARS, st.dictionaries(st.sampled_from(["sheriff", "x"]), ROLE)),
            "tables": st.one_of(
                SCALARS,
                st.dictionaries(
                    st.sampled_from(["4", "x", "٣"]),
                    st.fixed_dictionaries(
                        {}, optional={"roles": VALUES, "note": SCALARS, "goals": SCALARS}
                    ),
                ),
            ),
            "ghosts": st.one_of(SCALARS, st.fixed_dictionaries({}, optional={"one_team": SCALARS})),
        },
    )
)
def test_any_roles_file(table):
    from printkit.load.roles import load_deals

    lines = []
    for key, value in table.items():
        if isinstance(value, dict):
            for sub, entry in value.items():
                if isinstance(entry, dict):
                    lines.append(f'[{key}."{sub}"]')
                    lines += [f"{k} = {_toml_value(v)}" for k, v in entry.items()]
                elif key == "ghosts":
                    lines.append(f"[{key}]\n{sub} = {_toml_value(entry)}")
        else:
            lines.insert(0, f"{key} = {_toml_value(value)}")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "roles.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            tables = load_deals(Path(tmp))
        except PrintkitError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            assert all(t.players >= 1 for t in tables.values())


BOX_KEYS = {
    "text": st.sampled_from(["{name}", "{missing}", "plain", "{{braces}}", ""]),
    "rich": st.sampled_from(["**{name}** :spade:", ":nope: {name}"]),
    "shape": st.sampled_from(["rect", "ellipse", "line", "star"]),
    "picture": st.sampled_from(["art/none.svg", "../x.svg", "/etc/passwd", "{art}"]),
    "x": st.sampled_from(["0mm", "5mm", "-1mm", "70mm", "x", 3]),
    "y": st.sampled_from(["0mm", "5mm", "100mm"]),
    "width": st.sampled_from(["10mm", "0mm", "63.5mm", "1in"]),
    "height": st.sampled_from(["10mm", "0mm", "-3mm"]),
    "size": st.sampled_from(["9pt", "4pt", "nan pt", 9]),
    "font": st.sampled_from(["title", "body", "none"]),
    "fill": st.one_of(
        st.sampled_from(["#123456", "red", "none", 7]),
        st.fixed_dictionaries({"field": st.sampled_from(["type", "zz"]), "map": st.just({})}),
    ),
    "when": st.fixed_dictionaries({"field": st.sampled_from(["type", "zz"])}),
    "align": st.sampled_from(["left", "middle", "justify"]),
    "rotation": st.sampled_from([0, 90, "90"]),
}


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(["a", "b", "c"]), st.fixed_dictionaries({}, optional=BOX_KEYS), max_size=3
    ),
    st.sampled_from([None, "2.5in", "0mm", "oops"]),
)
def test_any_design_layout(boxes, width):
    """A stranger's layout and card list: a designed deck, or one line naming the file."""
    from printkit.load.design import load_design

    lines = ['name = "Fuzz"', 'cards = "cards.csv"', 'front = "front.toml"']
    layout = ["[card]", f'width = "{width}"' if width else "", 'height = "3.5in"']
    for name, box in boxes.items():
        layout.append(f"[box.{name}]")
        for key, value in box.items():
            if isinstance(value, dict):
                inner = ", ".join(f"{k} = {_toml_value(v) if not isinstance(v, dict) else '{}'}"
                                  for k, v in value.items())  # fmt: skip
                layout.append(f"{key} = {{ {inner} }}")
            else:
                layout.append(f"{key} = {_toml_value(value)}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "deck.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (folder / "front.toml").write_text("\n".join(layout) + "\n", encoding="utf-8")
        (folder / "cards.csv").write_text("name,type,art\nOne,a,\n", encoding="utf-8")
        try:
            deck = load_design(folder)
        except PrintkitError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            assert deck.cards and deck.front.boxes


def test_a_rule_book_is_typeset_in_time_linear_in_its_length(data_copy):
    """Paragraphs of the longest length a rule book may hold, four times as many: at most
    six times the processor time (a paragraph set in time quadratic in its length, as
    one wrapped again at each page it runs over, took sixteen times)."""
    import time

    from printkit.limits import MAX_PARAGRAPH
    from printkit.load.art import load_art
    from printkit.load.catalogue import load_deck
    from printkit.targets.rules import rules_files

    words = " ".join(["ghost"] * (MAX_PARAGRAPH // 6))
    rules = data_copy / "decks" / "dead-mens-deck" / "rulebook.md"
    times = []
    for count in (6, 24):
        rules.write_text("# Rules\n\n" + "\n\n".join([words] * count) + "\n", encoding="utf-8")
        deck = load_deck("dead-mens-deck", data_copy)
        art = load_art(deck)
        start = time.process_time()
        rules_files(deck, "letter", Path("rules.pdf"), False, art)
        times.append(time.process_time() - start)
    assert times[1] < 6 * times[0], times
