"""Write output/table.html: the companion for phones, one self-contained file.

Everything the page knows comes from the same loaded values the command line uses (the
deck, the readings, the draw decks, the roles), serialised into the page; the page's
rules (rules.js) follow printkit/rules/*.py line for line, and a test in a real browser
holds their answers identical. The file makes no request of any kind: a Content
Security Policy forbids every fetch, and pictures are inlined as data.
"""

from __future__ import annotations

import base64
import json
from importlib import resources

from ..errors import RenderError
from ..rules.draw import CHECKS, DRAW_HIGH_NOON, HIGH_NOON
from ..rules.lookup import card_record
from ..rules.negation import PAIRS, ROLES
from ..rules.odds import DrawDeck
from ..rules.roles import Deal
from ..values.content import Reading
from ..values.model import ACE_VALUES, DEFAULT_ACE_VALUE, Deck, PlayingCard, name_key
from ..values.notation import card_name, grammar
from ..values.pictures import ArtLibrary, Picture
from ..words import amount, catalogue, say

__all__ = ["MAX_BYTES", "page_data", "table_page"]

#: The page must open from a chat message on a slow phone.
MAX_BYTES = 1_000_000
#: A picture larger than this is left out of the page (its card still answers).
_MAX_PICTURE = 64 * 1024

_CSP = (
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
    "script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
)


#: The words' sections the page never says: the command line's, the readings and
#: examples (the page carries their texts with the rules), the data files' and output
#: folder's errors and the preflight's report.
_NOT_ON_THE_PAGE = ("cli.", "command.", "reading.", "example.", "data.", "output.", "preflight.")


def page_data(
    deck: Deck,
    art: ArtLibrary | None,
    readings: dict[str, Reading],
    draw_decks: dict[str, DrawDeck],
    tables: dict[int, Deal],
) -> dict:
    """Everything the page's rules read, as plain JSON values."""
    cards = []
    for card in deck.cards:
        entry = card_record(deck, card, DEFAULT_ACE_VALUE)
        entry.pop("value", None)  # the page counts it, by the Ace's value chosen
        cards.append(entry)
    effects = [
        {
            "id": effect.id,
            "name": effect.name,
            "negatable": effect.negatable,
            "stays_in_play": effect.stays_in_play,
            "keys": sorted({name_key(n) for n in (effect.name, effect.id, *effect.aliases)}),
            "prefixes": [name_key(n) for n in (effect.name, *effect.aliases)],
        }
        for effect in deck.effects
    ]
    checks = {
        check.id: {
            "name": check.name,
            "outcomes": list(check.outcomes),
            "meaning": dict(check.meaning),
            "lucky_duke": check.lucky_duke,
            "reading": check.reading,
            "rules": [list(rule) for rule in check.rules],  # [outcome, suits, ranks]
        }
        for check in CHECKS.values()
    }
    pictures = {}
    if art is not None:
        for effect in deck.effects:
            picture = art.effect(effect)
            uri = _data_uri(picture) if picture is not None else None
            if uri:
                pictures[effect.id] = uri
    return {
        "deck": {
            "id": deck.id,
            "name": deck.name,
            "game": deck.game,
            "playing_cards": deck.playing_cards,
        },
        "cards": cards,
        "effects": effects,
        "readings": {
            r.id: {"short": r.short, "reading": r.reading, "question": r.question}
            for r in readings.values()
        },
        "checks": checks,
        # The rules' messages, by id, as the page says them (not the command line's).
        "words": {
            key: text for key, text in catalogue().items() if not key.startswith(_NOT_ON_THE_PAGE)
        },
        "notation": grammar().to_json(),
        "spoken": {card.code: card_name(card) for card in PlayingCard.every()},
        "draw_decks": {deck_id: _draw_deck(d) for deck_id, d in draw_decks.items()},
        "roles": {str(n): table.to_json() for n, table in sorted(tables.items())},
        "pairs": dict(PAIRS),
        "teams": dict(ROLES),
        "high_noon": dict(HIGH_NOON),
        "draw_high_noon": list(DRAW_HIGH_NOON),
        "ace_values": list(ACE_VALUES),
        "default_ace_value": DEFAULT_ACE_VALUE,
        "pictures": pictures,
    }


def _draw_deck(deck: DrawDeck) -> dict:
    if deck.chances is not None:
        return {
            "id": deck.id,
            "chances": {
                check: [[o, f.numerator, f.denominator] for o, f in outcomes.items()]
                for check, outcomes in deck.chances.items()
            },
            "meanings": dict(deck.meanings),
        }
    return {
        "id": deck.id,
        "cards": [[c.code, name] for c, name in zip(deck.cards, deck.names, strict=True)],
        "english": dict(deck.english),
        "meanings": dict(deck.meanings),
    }


def _data_uri(picture: Picture) -> str | None:
    """A picture as a data: address an <img> shows (an SVG in an <img> runs no script)."""
    data = picture.data
    if len(data) > _MAX_PICTURE:
        return None
    if picture.is_svg:
        mime = "image/svg+xml"
    elif data.startswith(b"\x89PNG"):
        mime = "image/png"
    elif data.startswith(b"\xff\xd8"):
        mime = "image/jpeg"
    else:
        return None
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def table_page(
    deck: Deck,
    art: ArtLibrary | None,
    readings: dict[str, Reading],
    draw_decks: dict[str, DrawDeck],
    tables: dict[int, Deal],
) -> bytes:
    """The page's bytes; pictures are left out if the page would pass MAX_BYTES."""
    if not deck.playing_cards:
        raise RenderError.said("kit.page-needs-playing-cards", deck=deck.name)
    for with_art in (art, None):
        data = page_data(deck, with_art, readings, draw_decks, tables)
        page = _html(deck, data).encode("utf-8")
        if len(page) <= MAX_BYTES:
            return page
    raise RenderError.said("kit.page-too-large", deck=deck.name, most=amount(MAX_BYTES))


def _html(deck: Deck, data: dict) -> str:
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # Inside a script, "<" is the one character HTML reads (a "</script>" ends it, a
    # "<!--" in a card's name can make it swallow its own end): written as an escape,
    # it is the same character to JavaScript and none to HTML.
    blob = blob.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")

    def words(key: str, **values: object) -> str:
        return _escape(say(f"page.{key}", **values))

    title = words("title", deck=deck.name)
    return f"""<!doctype html>
<html lang="{words("language")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{_CSP}">
<meta name="color-scheme" content="light dark">
<title>{title}</title>
<style>
{_asset("table.css")}</style>
</head>
<body>
<header>
<h1>{title}</h1>
</header>
<main>
<div id="notice" role="status"></div>
<section id="lookup" aria-label="{words("section-lookup")}"></section>
<section id="negate" aria-label="{words("section-negate")}" hidden></section>
<section id="draw" aria-label="{words("section-draw")}" hidden></section>
<section id="table" aria-label="{words("section-table")}" hidden></section>
<noscript><p>{words("no-script")}</p></noscript>
</main>
<div id="dock">
<div id="verdict" role="status" aria-live="polite" aria-atomic="true" hidden>
<p class="big"></p><p class="small"></p>
</div>
<nav aria-label="{words("sections")}"></nav>
</div>
<script>
const DATA = {blob};
{_asset("rules.js")}
window.printkit = makeCompanion(DATA);
{_asset("ui.js")}</script>
</body>
</html>
"""


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )
