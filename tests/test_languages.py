"""Every language printkit speaks: each translation holds every message of the English,
with the same values and the command line's options; nothing is English by accident;
every card reads back from every way the language says it; each deck, its rules, its
aids, the roles and the draw decks load in it with nothing missing."""

from __future__ import annotations

import re
import string
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit import words
from printkit.errors import CatalogueError, NotationError
from printkit.values.model import PlayingCard
from printkit.values.notation import fold, parse_card, spoken_styles

TRANSLATIONS = [code for code in words.languages() if code != words.SOURCE]
ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
ALL_CARDS = PlayingCard.every()


def _fields(text: str | dict) -> set[str]:
    texts = text.values() if isinstance(text, dict) else [text]
    return {name for t in texts for _, name, _, _ in string.Formatter().parse(t) if name}


def _texts(text: str | dict) -> list[str]:
    return list(text.values()) if isinstance(text, dict) else [text]


def test_printkit_speaks_the_languages_it_promises():
    assert words.languages()[0] == "en"
    for code in ("it", "es", "pt-BR", "cs", "ru"):
        if code not in words.languages():
            pytest.skip(f"no {code} translation yet")


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_message_is_translated_with_its_values(code):
    assert words.missing(code) == []
    english, theirs = words.catalogue("en"), words.catalogue(code)
    for key, text in english.items():
        assert _fields(theirs[key]) == _fields(text), (code, key)
        if isinstance(theirs[key], dict):
            assert "count" in _fields(text), f"{code} {key}: only a counted message has forms"
            assert "other" in theirs[key] and set(theirs[key]) <= set(words.PLURALS), key


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_command_lines_words_keep_its_options(code):
    english, theirs = words.catalogue("en"), words.catalogue(code)
    for key, text in english.items():
        options = {o for form in _texts(text) for o in re.findall(r"--[a-z][a-z-]*", form)}
        for form in _texts(theirs[key]):
            assert set(re.findall(r"--[a-z][a-z-]*", form)) == options, (code, key)


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_no_message_is_english_by_accident(code):
    """A message may read as the English only where it holds no two words of prose:
    "Gatling", "{count} × {size}", "BANG!" are the same in every language."""
    english, theirs = words.catalogue("en"), words.catalogue(code)
    for key, text in english.items():
        if key == "page.language" or isinstance(text, dict):
            continue
        prose = re.findall(r"\b[a-z]{3,}\b", re.sub(r"\{[^}]*\}", "", text))
        if len(prose) >= 2:
            assert theirs[key] != text, f"{code}: {key} is still English"


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_page_is_marked_with_its_language(code):
    assert words.catalogue(code)["page.language"] == code


@pytest.mark.parametrize("code", words.languages())
def test_a_languages_card_words_are_one_thing_each(code):
    """No word reads as a rank and a suit, and none takes a code's place (7S is the
    seven of spades in every language)."""
    table = words.notation(code)
    ranks = {fold(f) for r in table["ranks"].values() for f in r.get("read", ())}
    suits = {fold(f) for s in table["suits"].values() for f in s.get("read", ())}
    assert not ranks & suits, (code, ranks & suits)
    codes = {"j", "q", "k", "a", "t", "s", "c", "h", "d"}
    assert not (ranks | suits) & codes, code
    for rank in table["ranks"].values():
        assert rank.get("gender", "m") in ("m", "f", "n")
    for suit in table["suits"].values():
        written = suit["written"]
        assert isinstance(written, str) or set(written) <= {"m", "f", "n"}


@pytest.mark.parametrize("code", words.languages())
def test_every_card_round_trips_through_every_way_a_language_says_it(code):
    words.speak(code)
    for style, write in spoken_styles(code).items():
        for card in ALL_CARDS:
            text = write(card)
            assert parse_card(text) == card, (code, style, text)
            assert parse_card(text.upper()) == card, (code, style, text)
            bare = "".join(
                ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
            )
            assert parse_card(bare) == card, (code, style, bare)
    for card in ALL_CARDS:  # the codes and English read in every language
        assert parse_card(card.code) == card
        assert parse_card(f"{card.rank} of {card.suit}") == card


@pytest.mark.parametrize("code", TRANSLATIONS)
@given(text=st.text(max_size=30))
def test_any_text_is_a_card_or_one_clear_line_in_every_language(code, text):
    words.speak(code)
    try:
        parse_card(text)
    except NotationError as exc:
        assert str(exc) and "\n" not in str(exc)


def test_a_language_reads_its_own_and_its_players_words():
    """Spot checks, as a player of each language types a card."""
    cases = {
        "it": [("regina di quadri", "QD"), ("asso di picche", "AS"), ("7 di cuori", "7H")],
        "es": [("dama de picas", "QS"), ("as de corazones", "AH"), ("rey de tréboles", "KC")],
        "pt-BR": [("dama de espadas", "QS"), ("ás de copas", "AH"), ("rei de paus", "KC")],
        "cs": [("pikový král", "KS"), ("srdcová dáma", "QH"), ("kárové eso", "AD")],
        "ru": [("король пик", "KS"), ("дама бубен", "QD"), ("туз червей", "AH")],
    }
    for code, pairs in cases.items():
        if code not in words.languages():
            continue
        words.speak(code)
        for text, card in pairs:
            assert parse_card(text).code == card, (code, text)


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_deck_and_its_documents_load_in_the_language_with_nothing_missing(code):
    from printkit.load.catalogue import deck_ids, load_deck
    from printkit.load.draws import draw_deck_ids, load_draw_deck
    from printkit.load.roles import load_deals

    words.speak(code, allow_missing=False)
    for deck_id in deck_ids():
        english = load_deck(deck_id, language="en")
        deck = load_deck(deck_id)
        assert deck.language == code
        for ours, theirs in zip(english.effects, deck.effects, strict=True):
            assert ours.id == theirs.id
            assert theirs.text != ours.text, (code, ours.id, "text")
            # The English names still find the card.
            assert ours.name in theirs.aliases or ours.name == theirs.name
        assert deck.rules_text is not None
    deals = load_deals()
    assert deals[4].roles
    for deck_id in draw_deck_ids():
        load_draw_deck(deck_id)


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_a_translated_rulebook_keeps_every_generated_part(code):
    """Its {{...}} lines are the English ones, in the same order: the tables and the
    worked examples are made by the rules, in every language alike."""
    for english in DATA.glob("decks/*/*.md"):
        translation = english.parent / code / english.name
        assert translation.is_file(), translation
        directives = re.compile(r"^\{\{.*\}\}\s*$", re.M)
        assert directives.findall(translation.read_text("utf-8")) == directives.findall(
            english.read_text("utf-8")
        ), translation


def test_a_missing_translation_is_an_error_naming_file_and_key_or_english_when_allowed(
    tmp_path, monkeypatch
):
    import shutil

    from printkit.load.catalogue import load_deck
    from printkit.load.translation import gaps

    if not TRANSLATIONS:
        pytest.skip("no translation yet")
    code = TRANSLATIONS[0]
    shutil.copytree(DATA, tmp_path / "data")
    effects = tmp_path / "data" / "decks" / "dead-mens-deck" / code / "effects.toml"
    text = effects.read_text("utf-8")
    effects.write_text(re.sub(r"(?m)^summary = .*\n", "", text, count=1), "utf-8")
    words.speak(code, allow_missing=False)
    with pytest.raises(CatalogueError, match=r"effects\.toml.*'[a-z-]+\.summary'"):
        load_deck(data_dir=tmp_path / "data", documents=False)
    words.speak(code, allow_missing=True)
    deck = load_deck(data_dir=tmp_path / "data", documents=False)
    assert any("summary" in line for line in gaps())
    english = load_deck(language="en", documents=False)
    assert deck.effects[0].summary == english.effects[0].summary
    assert gaps() == []  # said once, then emptied


def _scaffold(folder: Path) -> Path:
    from printkit.targets.scaffold import scaffold

    for relative, text in scaffold("Potions").items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    return folder


def test_a_designed_deck_prints_its_columns_in_the_language_and_picks_backs_by_its_own(
    tmp_path,
):
    from printkit.load.design import load_design
    from printkit.load.translation import gaps

    folder = _scaffold(tmp_path / "potions")
    (folder / "back-spell.toml").write_text((folder / "back.toml").read_text(), "utf-8")
    deck_toml = folder / "deck.toml"
    deck_toml.write_text(
        deck_toml.read_text() + '\n[backs]\nfield = "type"\nspell = "back-spell.toml"\n'
    )
    english = load_design(folder)
    assert english.cards[0].values["name"] == "Healing Draught"
    assert "name@it" not in english.cards[0].values
    words.speak("it", allow_missing=True)
    italian = load_design(folder)
    assert [c.values["name"] for c in italian.cards][:3] == ["Pozione curativa"] * 3
    assert italian.cards[-1].values["type"] == "incantesimo"
    assert [c.back for c in italian.cards] == [c.back for c in english.cards]
    assert gaps() == []  # an empty cell beside an empty text is no gap

    cards = folder / "cards.csv"
    lines = cards.read_text("utf-8").splitlines()
    lines[1] = lines[1].replace("Pozione curativa", "")
    cards.write_text("\n".join(lines) + "\n", "utf-8")
    words.speak("it", allow_missing=False)
    with pytest.raises(CatalogueError, match=r"cards\.csv, riga 2.*'name@it'"):
        load_design(folder)
    words.speak("it", allow_missing=True)
    assert load_design(folder).cards[0].values["name"] == "Healing Draught"
    assert [line for line in gaps() if "riga 2" in line and "'name@it'" in line]


@pytest.mark.parametrize(
    ("column", "message"),
    [
        ("name@xx", r"names no language printkit speaks"),
        ("cost@it,price@it", r"translates 'price'"),
    ],
)
def test_a_language_column_names_a_language_and_a_column(tmp_path, column, message):
    from printkit.load.design import load_design

    folder = _scaffold(tmp_path / "potions")
    cards = folder / "cards.csv"
    lines = cards.read_text("utf-8").splitlines()
    extra = column.count(",") + 1
    lines = [lines[0] + "," + column, *(line + "," * extra for line in lines[1:])]
    cards.write_text("\n".join(lines) + "\n", "utf-8")
    with pytest.raises(CatalogueError, match=message):
        load_design(folder)


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_kit_builds_in_the_language_and_passes_the_preflight(cli, tmp_path, code):
    """Every file of the kit, in the language: every card's text fits its box at the
    deck's one title size, the identification sheet's summaries their cells at 8 pt,
    and the preflight passes every page (a build checks each file before it writes)."""
    from pypdf import PdfReader

    result = cli("build", "--lang", code, "--out", str(tmp_path / "kit"), "--no-proofs")
    assert result.status == 0, result.err
    assert "warning" not in result.err, result.err
    pdfs = sorted((tmp_path / "kit").glob("*.pdf"))
    assert len(pdfs) >= 6
    for pdf in pdfs:
        assert PdfReader(pdf).trailer["/Root"]["/Lang"] == code, pdf.name
    page = (tmp_path / "kit" / "table.html").read_text("utf-8")
    assert f'<html lang="{code}">' in page


def test_the_backs_are_the_same_in_every_language(tmp_path):
    """Decks printed in two languages shuffle together: a back's image is the same (in
    English and in the translation with the longest words, for the suite's time)."""
    from printkit.cli import main

    backs = {}
    for code in dict.fromkeys(["en", *TRANSLATIONS[:1]]):
        out = tmp_path / code
        with pytest.raises(SystemExit) as done:
            main(["export", "--for", "tts", "--lang", code, "-o", str(out), "--allow-missing"])
        assert done.value.code == 0
        backs[code] = (out / "back.png").read_bytes()  # the cards' back (the aids' has words)
    assert all(image == backs["en"] for image in backs.values())


def test_a_deck_can_ask_to_be_bilingual_in_every_language_but_english(tmp_path):
    """``bilingual = true`` in a deck.toml prints its translations with each card's English
    name under its own (as --bilingual does for every deck); English cards have one name;
    any other value is one line naming the key."""
    import shutil

    from printkit.load.catalogue import load_deck
    from printkit.load.fields import card_fields

    shutil.copytree(DATA, tmp_path / "data", ignore=shutil.ignore_patterns("*.md"))
    meta = tmp_path / "data" / "decks" / "dead-mens-deck" / "deck.toml"
    plain = meta.read_text("utf-8")
    meta.write_text("bilingual = true\n" + plain, "utf-8")
    code = TRANSLATIONS[0]
    for language, wanted in (("en", False), (code, True)):
        deck = load_deck(data_dir=tmp_path / "data", documents=False, language=language)
        assert deck.bilingual is wanted
        card = deck.card(PlayingCard("7", "diamonds"))
        english = card_fields(card, deck, qr=False, has_picture=False)["english"]
        assert (english == "Syphon") is wanted, (language, english)
        called = deck.called(card.effect)
        assert ("Syphon" in called and called != "Syphon") is wanted, called
    assert not load_deck(documents=False, language=code).bilingual  # the deck's own choice
    meta.write_text('bilingual = "yes"\n' + plain, "utf-8")
    with pytest.raises(CatalogueError, match=r"deck\.toml.*'bilingual' must be true or false"):
        load_deck(data_dir=tmp_path / "data", documents=False, language=code)


@pytest.mark.parametrize(
    ("items", "how", "said"),
    [
        (["Sanguijuela", "Indios"], "and", "Sanguijuela e Indios"),
        (["Susto", "¡Hielo!"], "and", "Susto y ¡Hielo!"),
        (["Susto", "Barril"], "and", "Susto y Barril"),
        (["siete", "ocho"], "or", "siete u ocho"),
        (["Susto", "Barril", "Orden"], "or", "Susto, Barril u Orden"),
        (["Susto", "Barril"], "or", "Susto o Barril"),
    ],
)
def test_spanish_joins_change_before_their_sound(items, how, said):
    words.speak("es")
    try:
        assert words.joined(items, how) == said
    finally:
        words.speak("en")
    assert words.joined(["a", "Indians"]) == "a and Indians"  # no other language changes


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_a_card_in_play_is_read_by_its_english_name_in_every_language(cli, code):
    """The phone page names the check's own card in English ("barrel"): the odds read it
    in every language, as they read the language's own name."""
    english = cli("odds", "barrel", "--in-play", "barrel", "--json", "--lang", code)
    assert english.status == 0, english.err
    from printkit.load.draws import load_draw_deck

    words.speak(code)
    try:
        own = load_draw_deck("bang").english["barrel"]
    finally:
        words.speak("en")
    again = cli("odds", "barrel", "--in-play", own, "--json", "--lang", code)
    assert again.out == english.out


def test_the_language_given_before_the_command_holds_for_it_over_the_environment(cli, monkeypatch):
    monkeypatch.setenv("PRINTKIT_LANG", "es")
    assert "Pijavice" in cli("--lang", "cs", "lookup", "7D").out  # the flag, before
    assert "Pijavice" in cli("lookup", "7D", "--lang", "cs").out  # and after
    assert "Pijavice" not in cli("lookup", "7D").out  # the environment's: Spanish
    assert "Pijavice" in cli("--lang", "it", "lookup", "7D", "--lang", "cs").out  # the last


def test_a_language_the_environment_names_wrongly_is_blamed_on_it(cli, monkeypatch):
    monkeypatch.setenv("PRINTKIT_LANG", "garbage")
    result = cli("lookup", "7D")
    assert result.status == 2 and "PRINTKIT_LANG" in result.err and "--lang" not in result.err
    assert result.err.count("\n") == 1
    assert cli("lookup", "7D", "--lang", "en").status == 0  # the flag goes first


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("code", ["en", *TRANSLATIONS])
def test_the_identification_sheet_fits_its_page_in_every_language_on_both_papers(code, paper):
    """Every summary fits at its least size: A4 is narrower than Letter, and a long
    translation that fits one may not fit the other."""
    from printkit.load.art import load_art
    from printkit.load.catalogue import load_deck
    from printkit.render.idsheet import identification_sheet

    words.speak(code, allow_missing=False)
    deck = load_deck("dead-mens-deck")
    assert identification_sheet(deck, paper, load_art(deck)).startswith(b"%PDF")
