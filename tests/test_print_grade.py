"""What reaches the table reads as proofed: the rules of print design that the preflight
cannot see from a page alone."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from pypdf import PdfReader

from printkit.load.catalogue import load_deck
from printkit.render.idsheet import _GROUPS, _groups
from printkit.targets.rules import rules_files
from printkit.values.typography import smarten

from .colourcheck import delta_e_2000, delta_e_lab


def test_ciede2000_matches_the_published_test_data():
    # Sharma, Wu and Dalal (2005), pairs 1 and 25 of their table.
    assert abs(delta_e_lab((50, 2.6772, -79.7751), (50, 0, -82.7485)) - 2.0425) < 1e-4
    assert abs(delta_e_lab((50, 2.5, 0), (73, 25, -18)) - 27.1492) < 1e-4


def test_identification_sheet_groups_are_distinct_in_print():
    deck = load_deck()
    for suit in ("spades", "clubs", "hearts", "diamonds"):
        cards = [c for c in deck.cards if c.playing_card.suit == suit]
        tints = {t for t, _ in _groups(cards).values() if t != "#ffffff"}
        for a, b in itertools.combinations(sorted(tints), 2):
            assert delta_e_2000(a, b) >= 10, (suit, a, b)
    for tint, _ in _GROUPS:
        assert delta_e_2000(tint, "#ffffff") >= 10


def _book_text(paper: str = "letter") -> str:
    files = rules_files(load_deck(), paper, Path("rulebook.pdf"), True)
    reader = PdfReader(__import__("io").BytesIO(files[Path("rulebook.pdf")]))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_the_rulebook_speaks_to_players_not_programmers():
    text = _book_text()
    assert not re.search(r"printkit (negate|lookup|sheets|build|idsheet|odds|draw)\b", text)
    assert not re.search(r"(?<![\w–-])--[a-z]", text), "an option is printed"
    assert ".md" not in text and ".toml" not in text and "/" not in text.replace("1/", "")
    # The program never speaks: the colophon gives the kit's version, not the tool's name.
    assert "printkit" not in text.lower() and "Kit version 0." in text


def test_the_rulebook_sets_typographers_punctuation():
    text = _book_text()
    assert "’" in text and "“" in text and "–" in text
    assert "'" not in text.replace("’", "")


def test_the_booklets_back_cover_is_a_quick_reference():
    files = rules_files(load_deck(), "letter", Path("rulebook.pdf"), True)
    reader = PdfReader(__import__("io").BytesIO(files[Path("rulebook.pdf")]))
    assert len(reader.pages) % 4 == 0
    last = " ".join(reader.pages[-1].extract_text().split())
    assert "Quick reference" in last and "Negation" in last and "Draw!" in last
    # The book's own file is not in booklet order: its back cover names the file that is.
    assert "rulebook-booklet.pdf" in last and "short edge" in last and "staple" in last


def test_smart_punctuation():
    assert smarten("the ghost's turn") == "the ghost’s turn"
    assert smarten('"Fish" & chips') == "“Fish” & chips"
    assert smarten("spades 2-9 explode...") == "spades 2–9 explode…"
    assert smarten("keep `code's` as it is") == "keep `code's` as it is"


def test_the_simplified_deck_settles_chances_with_a_die():
    deck = load_deck("simplified-bang")
    for effect_id in ("barrel", "jail", "dynamite"):
        effect = next(e for e in deck.effects if e.id == effect_id)
        assert "d8" in effect.text
    rules = (deck.folder / "rules.md").read_text(encoding="utf-8")
    assert "d8" in rules and "printkit" not in rules.split("## Checks")[1].split("##")[0]


def test_every_printed_ace_value_carries_the_reading():
    from printkit.words import say

    ACE_READING = say("effect.ace-reading")
    aid = load_deck().aid
    assert ACE_READING in " ".join(s.text for s in aid.front + aid.back)
    assert smarten(ACE_READING) in " ".join(_book_text().split())


def _lightness(color: str) -> float:
    """CIE L* of an sRGB colour like "#a5c5dc": how light it prints in greyscale."""
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y


def test_the_identification_sheets_groups_differ_in_more_than_hue():
    """In every suit, the groups of one effect differ in lightness (greyscale, colour
    blindness) and each has its own shape, drawn in ink."""
    from printkit.values.model import SUITS

    deck = load_deck()
    for suit in SUITS:
        cards = [c for c in deck.cards if c.playing_card and c.playing_card.suit == suit]
        groups = set(_groups(cards).values()) - {("#ffffff", "")}
        assert len(groups) >= 4, suit
        assert len({shape for _, shape in groups}) == len(groups)
        assert len(groups) <= 6  # beyond six groups, only the shapes would tell them apart
        lightness = sorted(_lightness(tint) for tint, _ in groups)
        steps = [b - a for a, b in itertools.pairwise(lightness)]
        assert min(steps) >= 4.5, (suit, lightness)
        assert lightness[0] >= 70  # the text stays dark on light
