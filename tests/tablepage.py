"""The table page in Debian's chromium, for the tests that drive it: the browser, the
page built from the real catalogue, the command line's answers to hold it to, and taps
as a player makes them."""

from __future__ import annotations

import contextlib
import io
import json
import re
import time
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.load.art import load_art
from printkit.load.catalogue import load_deck
from printkit.targets.page import table_files
from printkit.values.model import RANKS, SUIT_LETTERS, SUITS
from printkit.words import SOURCE, catalogue, speak

CHROMIUM = "/usr/bin/chromium"
#: As root in a closed network, chromium needs these to start quietly.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CODES = [rank + SUIT_LETTERS[suit] for suit in SUITS for rank in RANKS]


def run_cli(argv: list[str]) -> dict | list:
    """``printkit ARGV --json`` in this process: its JSON, or {"error": its message}."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as exc:
            status = exc.code
    if status == 0:
        return json.loads(out.getvalue())
    message = err.getvalue().strip().removeprefix("printkit: ").removeprefix("error: ")
    assert "Usage" not in message and "--help" not in message, (argv, message)
    return {"error": _plain(message)}


def _plain(message: str) -> str:
    """A command line's message in the words everyone else says it in: the page never
    names an option (the catalogue's [cli] wordings are the command line's alone)."""
    words = catalogue()
    for key, text in words.items():
        if key.startswith("cli.") and _matches(text, message):
            values = _values(text, message)
            return words[key.removeprefix("cli.")].format_map(values)
    return message


def _matches(template: str, message: str) -> bool:
    return _values(template, message) is not None


def _values(template: str, message: str) -> dict[str, str] | None:
    """The values a message filled a catalogue template with, or None if it is not one."""
    parts = re.split(r"\{(\w+)\}", template)
    pattern = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
    )
    found = re.fullmatch(pattern, message)
    return found.groupdict() if found else None


def open_page(tmp_path_factory, viewport=(360, 740), language: str = "en"):
    """The page built from the real catalogue, in ``language``, open in a fresh chromium
    (a generator, for a module's fixture): it records every request it makes and every
    script error."""
    if not Path(CHROMIUM).is_file():
        pytest.fail(
            "Debian's chromium is not installed; the README's test command installs it "
            "(apt-get install chromium)"
        )
    playwright = pytest.importorskip("playwright.sync_api")
    folder = tmp_path_factory.mktemp("table")
    speak(language)
    try:
        deck = load_deck()
        target = folder / "table.html"
        target.write_bytes(table_files(deck, load_art(deck), target)[target])
    finally:
        speak(SOURCE)
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        width, height = viewport
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(15000)
        tab = context.new_page()
        tab.add_init_script(_SEED_SCRIPT)
        requests: list[str] = []
        errors: list[str] = []
        tab.on("request", lambda request: requests.append(request.url))
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(target.as_uri())
        until(tab, "window.printkit !== undefined")
        tab.requests, tab.errors, tab.path = requests, errors, target
        yield tab
        browser.close()


# A reload reads the saved table as it was before the reload: a value written into
# localStorage by the page just left can reach the new page late (chromium commits it to
# its storage process asynchronously). So the value to start from travels in window.name,
# and the new page itself writes it before the page's own script runs.
_SEED = "printkit-seed:"
_SEED_SCRIPT = f"""
if (window.name.startsWith("{_SEED}")) {{
  const saved = JSON.parse(window.name.slice({len(_SEED)}));
  window.name = "";
  localStorage.clear();
  if (saved !== null) localStorage.setItem("printkit-table:dead-mens-deck", saved);
}}
"""


def reload_with(page, saved: str | None = None) -> None:
    """The page reloaded onto ``saved`` as its stored table (None: no stored table)."""
    page.evaluate("(seed) => { window.name = seed; }", _SEED + json.dumps(saved))
    page.reload()
    until(page, "window.printkit !== undefined")


def reload_kept(page) -> None:
    """The page reloaded onto the table it saved. The saved value is handed to the new
    page itself (as ``reload_with`` does): chromium may give a reload an older one."""
    saved = page.evaluate("() => localStorage.getItem('printkit-table:dead-mens-deck')")
    reload_with(page, saved)


def fresh(page, tab: str | None = None) -> None:
    """A clean table, the page reloaded, and ``tab`` open."""
    reload_with(page)
    if tab:
        page.click(f"#tab-{tab}")


_SUIT_WORDS = {"S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}
_RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def spoken(code: str) -> str:
    """A card as the page names its button: "king of spades"."""
    return f"{_RANK_WORDS.get(code[:-1], code[:-1])} of {_SUIT_WORDS[code[-1]]}"


def tap_card(page, tab: str, code: str) -> int:
    """Tap a card on a tab's picker as a player would (its suit only when another is
    chosen); the number of taps it took."""
    suit = page.locator(f"#{tab} .suits button[aria-label='{_SUIT_WORDS[code[-1]]}']")
    taps = 0
    if suit.get_attribute("aria-pressed") != "true":
        suit.click()
        taps += 1
    page.click(f"#{tab} .ranks button[aria-label='{spoken(code)}']")
    return taps + 1


def bar(page) -> str:
    """The verdict bar's words."""
    return page.inner_text("#verdict")


def shown_play(page) -> dict:
    """The negation the page holds, as the table stored it."""
    return page.evaluate("JSON.parse(localStorage.getItem('printkit-table:dead-mens-deck'))")


def until(page, expression: str, timeout: float = 10.0) -> None:
    """Wait until ``expression`` is true in ``page``, asking again every 20 ms from here:
    wait_for_function would compile it inside the page, which the page's content
    security policy forbids as soon as it has to ask more than once."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(20)
