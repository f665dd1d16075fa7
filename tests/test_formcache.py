"""The form cache: a rebuild that places kept card faces writes a clean build's bytes.

Every test compares against a build with no cache at all, so a kept form that differs
from what drawing it again would give (a stale key, a font named under another internal
name, a damaged entry read back) shows as differing bytes. The cache's own reader is
fuzzed: no bytes kept may raise, a damaged entry is only ever a miss, and a damaged
database never stops a build.
"""

from __future__ import annotations

import contextlib
import os
import stat
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import printkit
from printkit.load.templates import load_template
from printkit.render.sheets import card_sheets
from printkit.resources.formcache import DATABASE, FormCache, KeptForm
from printkit.values.settings import Settings

from .kept import rewrite, rows
from .test_design import make_deck

#: Twenty more cards for the scaffold's four, each with its own text and playing card.
PLAYING = [
    rank + suit for suit in "HD" for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]
]
ROWS = "".join(
    f"Card {n},1,potion,{n % 5},flask,Gain **{n}** :drop: when a rival passes.,,,,,,{code}\n"
    for n, code in enumerate(PLAYING, start=1)
)


def sheets(deck, kept: Path | None, **options) -> bytes:
    cards = printkit.load_deck(deck) if isinstance(deck, Path) else printkit.load_deck()
    parts = card_sheets(cards, load_template("plaincards-letter"), Settings(cache=kept, **options))
    return b"".join(parts[name] for name in sorted(parts))


def entries(folder: Path) -> set[tuple[str, bytes]]:
    """The entries kept, each its key and its bytes: one drawn again and kept anew differs."""
    return set(rows(folder).items())


def edit(deck: Path, old: str, new: str) -> None:
    cards = deck / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    assert text.count(old) == 1
    cards.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def deck(tmp_path):
    return make_deck(tmp_path / "potions", "every-box.toml", ROWS)


def test_a_cold_and_a_warm_build_write_a_clean_builds_bytes(deck, tmp_path):
    kept = tmp_path / "forms"
    clean = sheets(deck, None)
    assert sheets(deck, kept) == clean
    first = entries(kept)
    assert len(first) > len(ROWS.splitlines())
    assert sheets(deck, kept) == clean
    assert entries(kept) == first  # nothing drawn again


@pytest.mark.parametrize(
    "old, new, most",
    [
        pytest.param("Gain **7** :drop:", "Gain **8** :drop:", 3, id="one card's text"),
        pytest.param("Card 3,1,potion,3", "Card 3,1,potion,4", 3, id="one card's cost"),
        pytest.param("Card 2,", "Card 2 bis,", 3, id="one card's name"),
        pytest.param("6H\n", "6C\n", 3, id="one card's playing card"),
    ],
)
def test_editing_one_card_draws_only_that_card_again(deck, tmp_path, old, new, most):
    kept = tmp_path / "forms"
    sheets(deck, kept)
    before = entries(kept)
    edit(deck, old, new)
    assert sheets(deck, kept) == sheets(deck, None)
    assert 1 <= len(entries(kept) - before) <= most


def test_reordered_rows_draw_nothing_again_but_the_card_now_first(deck, tmp_path):
    """A card kept after the forms every card shares (the ground, a picture) were made
    expects them made; the card now first in its file makes them, so it alone is drawn
    again (its stream the same, its entry now naming the shared forms it makes)."""
    kept = tmp_path / "forms"
    sheets(deck, kept)
    before = entries(kept)
    cards = deck / "cards.csv"
    lines = cards.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[3], lines[12] = lines[12], lines[3]
    cards.write_text("".join(lines), encoding="utf-8")
    assert sheets(deck, kept) == sheets(deck, None)
    assert len(entries(kept) - before) <= 1
    assert sheets(deck, kept) == sheets(deck, None)
    assert len(entries(kept) - before) <= 1  # and once kept anew, nothing again


def test_a_new_letter_sets_every_face_with_the_same_codes_as_a_clean_build(deck, tmp_path):
    kept = tmp_path / "forms"
    sheets(deck, kept)
    edit(deck, "Card 5,", "Carte ţ5,")  # a letter outside ASCII moves later glyph codes
    assert sheets(deck, kept) == sheets(deck, None)


def test_a_changed_setting_is_never_answered_from_another_settings_forms(deck, tmp_path):
    kept = tmp_path / "forms"
    sheets(deck, kept)
    assert sheets(deck, kept, ink_saver=True) == sheets(deck, None, ink_saver=True)
    assert sheets(deck, kept, qr=False) == sheets(deck, None, qr=False)
    assert sheets(deck, kept) == sheets(deck, None)


@cache
def clean_dead_mens_deck() -> bytes:
    return sheets(None, None)


def test_the_dead_mens_deck_rebuilt_warm_is_a_clean_build(tmp_path):
    kept = tmp_path / "forms"
    assert sheets(None, kept) == clean_dead_mens_deck()
    assert sheets(None, kept) == clean_dead_mens_deck()


def truncate(data: bytes, others: list[bytes]) -> bytes:
    return data[:-7]


def flip(data: bytes, others: list[bytes]) -> bytes:
    changed = bytearray(data)
    changed[-3] ^= 0x40
    return bytes(changed)


def garble(data: bytes, others: list[bytes]) -> bytes:
    return b'{"format": 1, "length": [}' + data[data.index(b"\n") :]


def swell(data: bytes, others: list[bytes]) -> bytes:
    return data.ljust(17 * 1024 * 1024, b"\0")


def empty(data: bytes, others: list[bytes]) -> bytes:
    return b""


def swap(data: bytes, others: list[bytes]) -> bytes:
    """Another entry's bytes over this one's: whole, of a right hash, but kept under
    another key."""
    return next(other for other in others if other != data)


def damaged(folder: Path, damage, keys=None) -> None:
    """Each entry kept in ``folder`` (or those of ``keys``) damaged by ``damage``."""
    kept = rows(folder)
    for key in sorted(kept if keys is None else keys):
        rewrite(folder, key, damage(kept[key], [kept[other] for other in sorted(kept)]))


@pytest.mark.parametrize("damage", [truncate, flip, garble, swell, empty, swap])
def test_a_damaged_entry_is_drawn_again(deck, tmp_path, damage):
    kept = tmp_path / "forms"
    clean = sheets(deck, None)
    sheets(deck, kept)
    damaged(kept, damage)
    assert sheets(deck, kept) == clean


def garbage(path: Path) -> None:
    path.write_bytes(b"not a database, " * 500)


def cut_short(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:3000])


def foreign(path: Path) -> None:
    """Another program's database of the same name, with a table of the same name."""
    import sqlite3

    path.unlink()
    with contextlib.closing(sqlite3.connect(path)) as database, database:
        database.execute("CREATE TABLE kept (name TEXT, value INTEGER)")
        database.execute("INSERT INTO kept VALUES ('theirs', 1)")


def alias(path: Path) -> None:
    """A link where the database was, to a file that is not the cache's to write."""
    path.unlink()
    (path.parent / "elsewhere.txt").write_text("someone's notes\n", encoding="utf-8")
    path.symlink_to(path.parent / "elsewhere.txt")


def hollow(path: Path) -> None:
    path.unlink()
    path.mkdir()


def pipe(path: Path) -> None:
    """A named pipe where the database was: opening it would wait for ever."""
    path.unlink()
    os.mkfifo(path)


@pytest.mark.parametrize("damage", [garbage, cut_short, foreign, alias, hollow, pipe])
def test_a_damaged_database_never_stops_a_build(deck, tmp_path, damage):
    """A database that is not one, cut short or another program's is started afresh; a
    link, a folder or a pipe in its place is left as it is, and nothing is kept."""
    kept = tmp_path / "forms"
    clean = sheets(deck, None)
    sheets(deck, kept)
    damage(kept / DATABASE)
    assert sheets(deck, kept) == clean
    assert sheets(deck, kept) == clean
    if damage is alias:  # never written through
        assert (kept / "elsewhere.txt").read_text(encoding="utf-8") == "someone's notes\n"
    if damage in (alias, hollow, pipe):
        assert not stat.S_ISREG(os.lstat(kept / DATABASE).st_mode)  # left as it was
    else:
        assert len(rows(kept)) > len(ROWS.splitlines())  # kept anew


def test_an_entry_whose_header_changed_is_drawn_again_and_kept_anew(deck, tmp_path):
    """The hash covers the header as well as the body: an entry whose header is whole
    JSON of the right shape but not what was kept (a value changed, one added) is a
    miss, drawn again and kept again."""
    import json

    kept = tmp_path / "forms"
    clean = sheets(deck, None)
    sheets(deck, kept)
    changed = {}
    for key, data in sorted(rows(kept).items()):
        end = data.index(b"\n")
        header = json.loads(data[:end])
        header["note"] = "not kept"
        changed[key] = json.dumps(header).encode() + data[end:]
        rewrite(kept, key, changed[key])
    assert sheets(deck, kept) == clean
    now = rows(kept)
    assert all(now[key] != data for key, data in changed.items())


def test_a_cache_folder_that_cannot_be_written_keeps_nothing_and_still_builds(deck, tmp_path):
    blocked = tmp_path / "forms"
    blocked.write_text("a file in the cache folder's place\n", encoding="utf-8")
    assert sheets(deck, blocked) == sheets(deck, None)
    assert blocked.read_text(encoding="utf-8").startswith("a file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write into a read-only folder")
def test_a_read_only_cache_folder_still_builds(deck, tmp_path):
    kept = tmp_path / "forms"
    sheets(deck, kept)
    edit(deck, "Gain **7** :drop:", "Gain **9** :drop:")
    kept.chmod(0o500)
    (kept / DATABASE).chmod(0o400)
    try:
        assert sheets(deck, kept) == sheets(deck, None)
    finally:
        kept.chmod(0o700)
        (kept / DATABASE).chmod(0o600)


FORM = KeptForm(
    b"x\x9c\x03\x00\x00\x00\x00\x01",
    (("names", (("Body", "F1"),)), ("form", "icon-drop", (0, 0, 10.5, 10), "ab", ("icon", "drop"))),
    ("icon-drop",),
    ((("ca", 0.5), "gRLs0"),),
    (("Body", "F1"),),
)


def test_a_kept_form_reads_back_as_it_was_put(tmp_path):
    forms = FormCache(tmp_path)
    assert forms.get("ab12") is None
    forms.put("ab12", FORM)
    assert forms.get("ab12") == FORM
    assert (forms.hits, forms.misses) == (1, 1)


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=400), header=st.booleans())
def test_no_bytes_on_disk_raise(tmp_path_factory, data, header):
    folder = tmp_path_factory.mktemp("forms")
    forms = FormCache(folder)
    forms.put("cd34", FORM)
    if header:  # a well-formed line before the bytes, to reach the stream's checks
        data = rows(folder)["cd34"].split(b"\n", 1)[0] + b"\n" + data
    rewrite(folder, "cd34", data)
    assert forms.get("cd34") in (None, FORM)


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
        max_leaves=12,
    )
)
def test_no_header_of_any_shape_raises(tmp_path_factory, value):
    import json

    folder = tmp_path_factory.mktemp("forms")
    forms = FormCache(folder)
    forms.put("ef56", FORM)
    line, stream = rows(folder)["ef56"].split(b"\n", 1)
    for field in ("events", "forms", "states", "fonts"):
        header = json.loads(line)
        header[field] = value
        rewrite(folder, "ef56", json.dumps(header).encode() + b"\n" + stream)
        kept = forms.get("ef56")
        assert kept is None or isinstance(kept, KeptForm)


def test_pruning_deletes_the_oldest_entries_first(tmp_path):
    import sqlite3

    forms = FormCache(tmp_path)
    for n in (3, 0, 5, 1, 4, 2):  # written out of order, then dated
        forms.put(f"{n:02d}{'x' * 30}", FORM)
    with contextlib.closing(sqlite3.connect(tmp_path / DATABASE)) as database, database:
        for n in range(6):
            database.execute(
                "UPDATE kept SET written = ? WHERE key = ?", (1_000_000 + n, f"{n:02d}{'x' * 30}")
            )
    size = len(rows(tmp_path)[f"00{'x' * 30}"])
    forms.prune(limit=3 * size)
    assert sorted(key[:2] for key in rows(tmp_path)) == ["03", "04", "05"]
    forms.prune(limit=0)
    assert rows(tmp_path) == {}


def test_build_keeps_forms_in_the_players_cache_folder(cli, deck, tmp_path, monkeypatch):
    kept = tmp_path / "cache"
    monkeypatch.setenv("PRINTKIT_CACHE", str(kept))
    written = []
    for out in ("one", "two"):
        result = cli("build", "--deck-dir", str(deck), "--no-proofs", "--out", str(tmp_path / out))
        assert result.status == 0, result.err
        written.append({p.name: p.read_bytes() for p in (tmp_path / out).glob("*.pdf")})
    assert written[0] == written[1]
    assert entries(kept / "forms")


def proofs(deck: Path, kept: Path | None, **options) -> dict[str, bytes]:
    """The deck's sheets and proof images, by file name."""
    from printkit.targets.sheets import sheet_files

    cards = printkit.load_deck(deck)
    made = sheet_files(
        cards,
        load_template("plaincards-letter"),
        Settings(cache=kept, **options),
        deck.parent / "out" / "sheets.pdf",
        proof=True,
    )
    return {path.name: bytes(getattr(data, "data", data)) for path, data in made}


def kept_files(folder: Path) -> set[str]:
    """The keys of the entries that hold a made file (a proof image), not a form."""
    return {key for key, data in rows(folder).items() if b'"kind":"file"' in data[:200]}


def test_a_warm_build_keeps_each_proof_image_and_makes_again_only_the_changed_one(deck, tmp_path):
    kept = tmp_path / "forms"
    first = proofs(deck, kept)
    assert sum(name.endswith(".png") for name in first) == 2
    assert len(kept_files(kept)) == 2
    assert proofs(deck, kept) == first == proofs(deck, None)
    before = kept_files(kept)
    edit(deck, "Card 3,1,potion,3", "Card 3,1,potion,4")  # on the first image
    assert proofs(deck, kept) == proofs(deck, None)
    assert len(kept_files(kept) - before) == 1


@pytest.mark.parametrize("damage", [truncate, flip, garble, swell, empty])
def test_a_damaged_proof_image_is_made_again(deck, tmp_path, damage):
    kept = tmp_path / "forms"
    clean = proofs(deck, None)
    proofs(deck, kept)
    damaged(kept, damage, kept_files(kept))
    assert proofs(deck, kept) == clean


def test_proofs_of_other_settings_are_not_taken_for_these(deck, tmp_path):
    kept = tmp_path / "forms"
    proofs(deck, kept)
    assert proofs(deck, kept, ink_saver=True) == proofs(deck, None, ink_saver=True)
    assert proofs(deck, kept, duplex="short") == proofs(deck, None, duplex="short")
    assert proofs(deck, kept, duplex="manual") == proofs(deck, None, duplex="manual")


def test_a_kept_file_reads_back_as_it_was_put_and_is_never_a_form(tmp_path):
    files = FormCache(tmp_path)
    assert files.get_file("ab12") is None
    files.put_file("ab12", b"\x89PNG a proof")
    assert files.get_file("ab12") == b"\x89PNG a proof"
    assert files.get("ab12") is None  # a file is not a form
    files.put("cd34", FORM)
    assert files.get_file("cd34") is None  # nor a form a file


def test_a_file_too_large_to_read_back_is_not_kept(tmp_path):
    files = FormCache(tmp_path)
    files.put_file("ab12", bytes(16 * 1024 * 1024))
    assert files.get_file("ab12") is None
    assert rows(tmp_path) == {}


def page_key(code: str, form_key: str | None = "k", name: str = "face") -> str | None:
    """The key of a page placing one form (drawn under ``form_key``) and drawing ``code``."""
    from printkit.render.pdf import Document

    doc = Document((200, 200), "t", "s", kind="sheets", paper="letter")
    doc.fix_glyphs("")
    doc.form(name, (0, 0, 10, 10), lambda: doc.canvas.rect(1, 1, 5, 5), form_key)
    doc.canvas.doForm(name)
    doc.canvas.drawString(20, 20, code)
    doc.end_page()
    return doc.page_keys[0]


def test_a_pages_key_is_what_it_draws():
    assert page_key("abc") == page_key("abc")
    assert page_key("abc") != page_key("abd")
    assert page_key("abc") != page_key("abc", form_key="other")
    assert page_key("abc") != page_key("abc", name="other")
    assert page_key("abc", form_key=None) is None  # a form known by no key: the page neither


def keyed_sheets(deck: Path, kept: Path, **options):
    """The deck's sheets as the build checks them: the PDF and its pages' keys."""
    from printkit.render.sheets import drawn_sheets

    cards = printkit.load_deck(deck)
    drawn = drawn_sheets(cards, load_template("plaincards-letter"), Settings(cache=kept, **options))
    return drawn.parts[""], drawn.page_keys[""]


def test_a_page_checked_before_is_not_read_again_and_reports_the_same(deck, tmp_path, monkeypatch):
    from printkit.preflight import facts, preflight

    kept = tmp_path / "forms"
    data, keys = keyed_sheets(deck, kept)
    clean = preflight(data, "sheets.pdf")
    assert preflight(data, "sheets.pdf", known=(keys, FormCache(kept))) == clean
    read = []
    page = facts._page
    monkeypatch.setattr(facts, "_page", lambda pdf, index: read.append(index) or page(pdf, index))
    assert preflight(data, "sheets.pdf", known=(keys, FormCache(kept))) == clean
    assert read == []
    edit(deck, "Card 3,1,potion,3", "Card 3,1,potion,4")
    data, keys = keyed_sheets(deck, kept)
    fresh = preflight(data, "sheets.pdf")
    read.clear()
    assert preflight(data, "sheets.pdf", known=(keys, FormCache(kept))) == fresh
    assert len(read) == 1  # the edited card's page alone


def test_findings_kept_for_one_expectation_are_not_taken_for_another(deck, tmp_path):
    from printkit.preflight import preflight

    kept = tmp_path / "forms"
    data, keys = keyed_sheets(deck, kept)
    preflight(data, "s.pdf", known=(keys, FormCache(kept)))
    a4 = preflight(data, "s.pdf", known=(keys, FormCache(kept)), paper="a4")
    assert a4 == preflight(data, "s.pdf", paper="a4")
    assert a4.failures  # letter sheets, checked as A4: the paper fails, not a kept pass


@pytest.mark.parametrize("damage", [truncate, flip, garble, swell, empty])
def test_damaged_findings_are_checked_again(deck, tmp_path, damage):
    from printkit.preflight import preflight

    kept = tmp_path / "forms"
    data, keys = keyed_sheets(deck, kept)
    before = rows(kept)
    clean = preflight(data, "s.pdf", known=(keys, FormCache(kept)))
    damaged(kept, damage, set(rows(kept)) - set(before))
    assert preflight(data, "s.pdf", known=(keys, FormCache(kept))) == clean


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
        max_leaves=12,
    )
    | st.binary(max_size=200)
)
def test_no_kept_findings_of_any_shape_raise(value):
    import json

    from printkit.preflight import Finding, _kept_findings

    data = value if isinstance(value, bytes) else json.dumps(value).encode()
    found = _kept_findings(data, 3)
    assert found is None or all(isinstance(f, Finding) and f.page == 3 for f in found)


def test_a_copy_of_the_decks_folder_draws_nothing_again(deck, tmp_path):
    import shutil

    kept = tmp_path / "forms"
    first = sheets(deck, kept)
    before = entries(kept)
    copy = tmp_path / "elsewhere" / "potions-copy"
    shutil.copytree(deck, copy)
    assert sheets(copy, kept) == first
    assert entries(kept) == before


def test_a_file_a_picture_refers_to_is_drawn_from_as_it_is_now(deck, tmp_path):
    """A picture that places another file (an SVG's <use>, its <image>) is drawn again
    when that file changes: the forms and the manifest's fingerprints name its bytes."""
    art = deck / "art"
    (art / "part.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" '
        'height="100"><g id="p"><circle cx="50" cy="50" r="40" fill="#22aa66"/></g></svg>',
        encoding="utf-8",
    )
    (art / "flask.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'viewBox="0 0 100 100" width="100" height="100"><rect width="100" height="100" '
        'fill="#eeeeee"/><use xlink:href="part.svg#p"/></svg>',
        encoding="utf-8",
    )
    kept = tmp_path / "forms"
    before = sheets(deck, kept)
    flask = printkit.load_deck(deck).pictures["flask"].digest()
    part = (art / "part.svg").read_text(encoding="utf-8")
    (art / "part.svg").write_text(part.replace("#22aa66", "#aa2222"), encoding="utf-8")
    after = sheets(deck, kept)
    assert after == sheets(deck, None) and after != before
    assert printkit.load_deck(deck).pictures["flask"].digest() != flask


def test_what_is_kept_is_keyed_by_printkits_own_code_and_libraries(tmp_path, monkeypatch):
    """A checkout's edit of printkit's code or messages, or another version of a library
    it draws with, is another maker: nothing it kept is taken for the new one's."""
    import reportlab

    from printkit.resources import paths

    assert dict(paths._installed(("reportlab",)))["reportlab"] == reportlab.Version
    package = tmp_path / "printkit"
    (package / "render").mkdir(parents=True)
    (package / "_bundled").mkdir()
    (package / "render" / "draw.py").write_text("x = 1\n", encoding="utf-8")
    (package / "words.toml").write_text('a = "b"\n', encoding="utf-8")
    (package / "_bundled" / "deck.toml").write_text("", encoding="utf-8")
    monkeypatch.setattr(paths, "_PACKAGE", package)

    def identity() -> str:
        paths.maker_identity.cache_clear()
        return paths.maker_identity()

    try:
        seen = {identity()}
        assert identity() in seen
        # The decks' own data ships inside an install too: its cards are keyed by it.
        (package / "_bundled" / "deck.toml").write_text("name = 'x'\n", encoding="utf-8")
        assert identity() in seen
        for path, text in (("render/draw.py", "x = 2\n"), ("words.toml", 'a = "c"\n')):
            (package / path).write_text(text, encoding="utf-8")
            assert identity() not in seen
            seen.add(identity())
        monkeypatch.setattr(paths, "_installed", lambda names: (("svglib", "99.0"),))
        assert identity() not in seen
    finally:
        monkeypatch.undo()
        paths.maker_identity.cache_clear()


@pytest.mark.parametrize(
    "box",
    [
        pytest.param('rich = "Drink :drop: now"', id="named in the layout's own text"),
        pytest.param('marks = "drop"', id="named by a marks box"),
    ],
)
def test_an_icon_a_layout_names_is_drawn_from_as_it_is_now(deck, tmp_path, box):
    """An icon the layout shows on every card, not one a card's text names, is drawn
    again when its file changes, and the cards' fingerprints change with it."""
    layout = deck / "every-box.toml"
    layout.write_text(
        layout.read_text(encoding="utf-8")
        + f'\n[box.foot]\n{box}\nsize = "6pt"\nx = "30mm"\ny = "16mm"\n'
        'width = "16mm"\nheight = "24mm"\n',
        encoding="utf-8",
    )
    cards = deck / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace(":drop:", "drops"), "utf-8")
    kept = tmp_path / "forms"
    before = sheets(deck, kept)
    icon = deck / "icons" / "drop.svg"
    icon.write_text(icon.read_text(encoding="utf-8").replace("M50 6", "M50 30"), "utf-8")
    after = sheets(deck, kept)
    assert after == sheets(deck, None) and after != before
