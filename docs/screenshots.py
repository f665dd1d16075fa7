"""Take the README's pictures of the table page: python docs/screenshots.py (with the
test tools installed: playwright and Debian's chromium). Each picture is a phone's
screen (390 x 844) after the taps a player makes, in the light and the dark theme."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from printkit.load.art import load_art
from printkit.load.catalogue import load_deck
from printkit.targets.page import table_files

HERE = Path(__file__).parent


def _table(page) -> None:
    page.click("#tab-table")
    for seat, role in ((1, "outlaw"), (2, "renegade")):
        page.select_option(f"#role-{seat}", role)
        page.click(f"#table button[aria-label='Player {seat + 1} is dead']")


def _tap(page, tab: str, suit: str, card: str) -> None:
    page.click(f"#{tab} .suits button[aria-label='{suit}']")
    page.click(f"#{tab} .ranks button[aria-label='{card}']")


def negation(page) -> None:
    _table(page)
    page.click("#tab-negate")
    _tap(page, "negate", "spades", "king of spades")
    _tap(page, "negate", "diamonds", "queen of diamonds")


def dynamite(page) -> None:
    page.click("#tab-draw")
    page.click("#draw >> text='Dynamite'")
    _tap(page, "draw", "spades", "9 of spades")


def main() -> None:
    deck = load_deck()
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "table.html"
        target.write_bytes(table_files(deck, load_art(deck), target)[target])
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
            )
            for scheme in ("light", "dark"):
                for name, story in (("negate", negation), ("draw", dynamite)):
                    page = browser.new_page(
                        viewport={"width": 390, "height": 844}, color_scheme=scheme
                    )
                    page.goto(target.as_uri())
                    page.evaluate("localStorage.clear()")
                    page.reload()
                    story(page)
                    page.screenshot(path=HERE / f"table-{name}-{scheme}.png")
                    page.close()
            browser.close()


if __name__ == "__main__":
    sys.exit(main())
