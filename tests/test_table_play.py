"""The table page played by taps, as at a real table: a negation built slot by slot, a
layout that never moves under the thumb, undo, the keyboard, a screen reader's live
verdict, small screens and large text, contrast, and axe-core's accessibility rules.

Every verdict the page shows for a play is the command line's for the same play: the
play is read back from the table the page saved, and given to ``printkit negate``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from .tablepage import CODES, bar, fresh, open_page, run_cli, spoken, tap_card

AXE = Path(__file__).parent / "js" / "node_modules" / "axe-core" / "axe.min.js"
TABS = ("lookup", "negate", "draw", "table")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    # Tall enough that no tap makes the browser scroll: a move is the page's own.
    yield from open_page(tmp_path_factory, viewport=(360, 1400))


def _mark_dead(page, roles: list[str]) -> None:
    """Seats 2, 3, ... dead, of these roles ("" leaves a role unrevealed)."""
    page.click("#tab-table")
    for seat, role in enumerate(roles, start=1):
        if role:
            page.select_option(f"#role-{seat}", role)
        page.click(f"#table button[aria-label='Player {seat + 1} is dead']")


def _cli_negation(page) -> dict:
    """The command line's answer to the play the page holds, on the page's table."""
    saved = _saved(page)
    n = saved["negate"]
    argv = ["negate"]
    if n["mode"] == "one":
        argv.append(n["played"][0])
    else:
        argv += [f"--{n['mode']}", *n["played"]]
    for key, option in (("boosts", "--boost"), ("assists", "--assist"), ("counters", "--counter")):
        for code in n[key]:
            argv += [option, code]
    seats = saved["seats"][: saved["players"]]
    dead = [seat for seat in seats if seat["dead"]]
    if dead and all(seat["role"] for seat in dead):
        # The playing ghost is a seat; one not dead gives the first ghost.
        chosen = seats[n["ghost"]] if n["ghost"] < len(seats) else None
        ghost = dead.index(chosen) if chosen in dead else 0
        order = [dead[ghost], *(s for i, s in enumerate(dead) if i != ghost)]
        argv += ["--dead", ",".join(seat["role"] for seat in order)]
    elif dead:
        argv += ["--ghosts", str(len(dead))]
    if saved["aceValue"] == 1:
        argv += ["--ace-value", "1"]
    if saved["royal"]:
        argv.append("--royal")
    return run_cli([*argv, "--json"])


class Taps:
    """Taps counted, as a player makes them."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def card(self, tab: str, code: str) -> None:
        self.count += tap_card(self.page, tab, code)

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.count += 1


def test_taps_per_task(page):
    """A negation with two counters, from an empty Negate tab: at most 6 taps; a Dynamite
    check from an empty Draw! tab: at most 3. Both with the verdict the command line gives."""
    fresh(page)
    _mark_dead(page, ["outlaw", "renegade", "deputy"])
    page.click("#tab-negate")
    taps = Taps(page)
    taps.card("negate", "KS")
    taps.card("negate", "9D")
    taps.card("negate", "8D")
    assert taps.count <= 6, taps.count
    expected = _cli_negation(page)
    assert expected["counters"] == ["9D", "8D"] and expected["negated"] is True
    assert expected["verdict"] in page.inner_text("#negate")
    assert bar(page).startswith("Spook! is stopped")
    page.click("#tab-draw")
    taps = Taps(page)
    taps.click("#draw >> text='Dynamite'")
    taps.card("draw", "9S")
    assert taps.count <= 3, taps.count
    assert bar(page).startswith("Dynamite: explodes")


def test_a_filled_slot_changes_only_when_it_is_tapped(page):
    fresh(page, "negate")
    tap_card(page, "negate", "KS")
    tap_card(page, "negate", "8D")
    # A tap on the played slot chooses it; the next card replaces the played card only.
    page.click("#negate button[aria-label='played card: K♠, king of spades']")
    tap_card(page, "negate", "QS")
    play = _cli_negation(page)
    assert play["played"] == "QS" and play["counters"] == ["8D"]
    # The next card goes to the next empty slot, never over a filled one.
    tap_card(page, "negate", "7H")
    assert _cli_negation(page)["counters"] == ["8D", "7H"]
    # A card already in the play is refused, and said so.
    tap_card(page, "negate", "8D")
    assert "8♦ is already in this play" in page.inner_text("#negate")
    assert _cli_negation(page)["counters"] == ["8D", "7H"]


def _saved(page) -> dict:
    return page.evaluate("JSON.parse(localStorage.getItem('printkit-table:dead-mens-deck'))")


def test_one_tap_undoes_the_last_change(page):
    fresh(page, "negate")
    tap_card(page, "negate", "KS")
    tap_card(page, "negate", "9D")
    page.click("#negate >> text=Royal variant")
    assert _saved(page)["royal"] is True
    page.click("#negate >> text=Undo")
    assert _saved(page)["royal"] is False and _saved(page)["negate"]["counters"] == ["9D"]
    page.click("#negate >> text=Undo")
    assert _saved(page)["negate"]["counters"] == [] and _saved(page)["negate"]["played"] == ["KS"]
    page.click("#negate >> text=Undo")
    assert bar(page).startswith("Tap the played card")
    assert page.locator("#negate >> text=Undo").is_disabled()


def _card_positions(page, tab: str) -> list[tuple[float, float]]:
    return page.evaluate(
        f"""() => [...document.querySelectorAll('#{tab} .suits button, #{tab} .ranks button')]
        .map((b) => {{ const r = b.getBoundingClientRect(); return [r.left, r.top]; }})"""
    )


def _controls_of(page, tab: str, group: str) -> list[str]:
    within = ", ".join(f"#{tab} {part}" for part in group.split(", "))
    return page.evaluate(
        f"""() => [...document.querySelectorAll('{within}')]
        .filter((b) => !b.disabled).map((b) => b.dataset.key)"""
    )


@pytest.mark.parametrize("tab", ["negate", "draw"])
def test_no_card_button_moves_whatever_is_tapped(page, tab):
    """Seeded runs of taps of every kind (cards, slots, modes, undo, toggles): after each,
    every card button is where it was, to the pixel, and the verdict bar is in view."""
    rng = random.Random(1885 if tab == "negate" else 1886)
    fresh(page)
    if tab == "negate":
        _mark_dead(page, rng.choice([[], ["outlaw", "renegade", "deputy"], ["outlaw", ""]]))
    page.click(f"#tab-{tab}")
    start = _card_positions(page, tab)
    for _ in range(45):
        kind = rng.random()
        if kind < 0.55:
            tap_card(page, tab, rng.choice(CODES))
        else:
            group = ".slot" if kind < 0.8 else ".modes button, .checks button, .row button"
            keys = [k for k in _controls_of(page, tab, group) if k and k != "clear-table"]
            page.click(f"#{tab} [data-key='{rng.choice(keys)}']")
        assert _card_positions(page, tab) == start
        box = page.locator("#verdict").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 1400


def test_any_taps_give_the_command_lines_verdict(page):
    """Seeded tables and taps into any slot: the page's verdict is always the command
    line's for the play the page holds."""
    rng = random.Random(1887)
    tables = [
        [], ["outlaw"], ["outlaw", "renegade"], ["outlaw", "renegade", "deputy"],
        ["deputy", "sheriff"], ["outlaw", ""], ["renegade", "renegade", "outlaw"],
    ]  # fmt: skip
    seen = set()
    for _ in range(14):
        fresh(page)
        _mark_dead(page, rng.choice(tables))
        page.click("#tab-negate")
        if rng.random() < 0.3:
            page.click(f"#negate [data-key='mode-{rng.choice(['spook', 'warn'])}']")
        for code in rng.sample(CODES, rng.randint(1, 5)):
            if rng.random() < 0.3:
                slots = _controls_of(page, "negate", ".slot.empty")
                page.click(f"#negate [data-key='{rng.choice(slots)}']")
            tap_card(page, "negate", code)
        expected = _cli_negation(page)
        verdict = bar(page)
        if "error" in expected:
            assert verdict.startswith("Not a play the rules allow"), verdict
            assert expected["error"][:40].lower() in verdict.lower(), (expected, verdict)
            seen.add("error")
        else:
            assert expected["verdict"] in page.inner_text("#negate"), expected
            word = "is stopped" if expected["negated"] else "take"
            assert word in verdict.splitlines()[0], (expected, verdict)
            seen.add(expected["negated"])
    assert seen == {True, False, "error"}


def test_the_verdict_is_one_live_region_updated_in_place(page):
    fresh(page, "negate")
    page.evaluate("window.__bar = document.getElementById('verdict')")
    tap_card(page, "negate", "KS")
    first = bar(page)
    tap_card(page, "negate", "9D")
    assert bar(page) != first
    assert page.evaluate("window.__bar === document.getElementById('verdict')")
    assert page.get_attribute("#verdict", "aria-live") == "polite"
    assert page.locator("#negate [aria-live]").count() == 0  # nothing rebuilt is announced


def test_the_keyboard_keeps_its_place(page):
    """Enter on a card, a slot or a mode leaves the focus on that control."""
    fresh(page, "negate")
    for key in ("negation card:K", "negation card:diamonds", "negation card:9", "slot-played-0",
                "mode-spook", "undo-negate"):  # fmt: skip
        page.focus(f"#negate [data-key='{key}']")
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.dataset.key") == key
    # Tab goes on from where the focus is, not from the top of the page.
    page.focus("#negate [data-key='negation card:A']")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.key") == "negation card:2"


def test_the_tabs_sit_at_the_bottom_within_reach(page):
    fresh(page, "negate")
    box = page.locator("nav").bounding_box()
    assert box["y"] + box["height"] == pytest.approx(1400, abs=1)
    page.evaluate("window.scrollTo(0, 400)")
    page.click("#tab-draw")
    assert page.evaluate("window.scrollY") == 0  # each tab opens at its top


def test_typing_a_name_scrolls_the_answers_above_the_keyboard(page):
    """The phone's keyboard takes the screen's lower half: the box goes to the top and
    the answer starts right under it."""
    fresh(page, "lookup")
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        page.click("#query")
        page.keyboard.type("syphon")
        top = page.evaluate(
            "document.querySelector('#lookup .answers').getBoundingClientRect().top"
        )
        assert top < 740 / 2 - 40, top
        assert "Syphon" in page.inner_text("#lookup .answers")
    finally:
        page.set_viewport_size({"width": 360, "height": 1400})


def _busy_tabs(page) -> None:
    """Every tab with content in it: a card looked up, a negation, a draw and its odds."""
    fresh(page, "lookup")
    page.fill("#query", "Bad Moon Rising")
    _mark_dead(page, ["outlaw", "renegade"])
    page.click("#tab-negate")
    tap_card(page, "negate", "10S")
    tap_card(page, "negate", "10D")
    page.click("#tab-draw")
    page.click("#draw >> text='Dynamite then Jail'")
    page.click("#draw >> text='Lucky Duke makes the draw!'")
    for code in ("9S", "10H", "4H", "QC"):
        tap_card(page, "draw", code)


@pytest.mark.parametrize("width, text", [(320, "100%"), (360, "200%")])
def test_no_sideways_scroll_on_a_small_screen_or_with_large_text(page, width, text):
    _busy_tabs(page)
    page.set_viewport_size({"width": width, "height": 740})
    try:
        page.evaluate(f"document.documentElement.style.fontSize = '{text}'")
        for tab in TABS:
            page.click(f"#tab-{tab}")
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, (tab, wide)
    finally:
        page.evaluate("document.documentElement.style.fontSize = ''")
        page.set_viewport_size({"width": 360, "height": 1400})


_CONTRAST = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const behind = (node) => {
    for (let n = node.parentElement; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const out = [];
  for (const control of document.querySelectorAll('button, select, input')) {
    if (control.offsetParent === null || control.disabled) continue;
    const style = getComputedStyle(control);
    const edge = rgb(style.borderTopColor).slice(0, 3);
    const own = rgb(style.backgroundColor).slice(0, 3);
    out.push({ what: 'edge', key: control.dataset.key || control.id || control.textContent,
               ratio: Math.max(ratio(edge, behind(control)), ratio(own, behind(control))) });
    if (control.placeholder) {
      const hint = rgb(getComputedStyle(control, '::placeholder').color).slice(0, 3);
      out.push({ what: 'placeholder', key: control.id, ratio: ratio(hint, own) });
    }
  }
  return out;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_control_edges_and_placeholders_meet_wcag_aa(page, scheme):
    """Text contrast is axe-core's to check; a control's edge (or its fill) must stand
    3:1 from what is behind it, and a placeholder 4.5:1 from its box (WCAG 1.4.11, 1.4.3)."""
    page.emulate_media(color_scheme=scheme)
    try:
        _busy_tabs(page)
        for tab in TABS:
            page.click(f"#tab-{tab}")
            for item in page.evaluate(_CONTRAST):
                need = 4.5 if item["what"] == "placeholder" else 3
                assert item["ratio"] >= need, (scheme, tab, item)
    finally:
        page.emulate_media(color_scheme="light")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_any_tab(page, scheme):
    if not AXE.is_file():
        pytest.fail("axe-core is not installed: the README's test command runs "
                    "npm ci --prefix tests/js")  # fmt: skip
    page.emulate_media(color_scheme=scheme)
    try:
        _busy_tabs(page)
        page.evaluate(AXE.read_text(encoding="utf-8"))
        for tab in TABS:
            page.click(f"#tab-{tab}")
            found = page.evaluate(
                """async () => (await axe.run(document, { resultTypes: ['violations'] }))
                .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))])"""
            )
            assert found == [], (scheme, tab, found)
    finally:
        page.emulate_media(color_scheme="light")


def test_every_card_button_says_its_card(page):
    fresh(page, "negate")
    page.click("#negate .suits button[aria-label='hearts']")
    names = page.evaluate(
        "[...document.querySelectorAll('#negate .ranks button')]"
        ".map((b) => b.getAttribute('aria-label'))"
    )
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert names == [spoken(rank + "H") for rank in ranks]


@pytest.mark.parametrize(
    "blocked, said",
    [("getItem", "keeps nothing for this page"), ("setItem", "could not be saved")],
)
def test_without_storage_the_page_works_for_the_session_and_says_so(page, blocked, said):
    """Storage off (every read throws) or full (every write throws): one line says so,
    and the table still answers, for as long as the page is open."""
    context = page.context.browser.new_context(viewport={"width": 360, "height": 1400})
    refuse = "function () { throw new DOMException('refused', 'SecurityError'); }"
    context.add_init_script(f"Storage.prototype.{blocked} = {refuse};")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(page.path.as_uri())
    tab.click("#tab-negate")
    tap_card(tab, "negate", "8S")
    tap_card(tab, "negate", "9D")
    assert said in tab.inner_text("#notice")
    assert bar(tab).startswith("Spook! is stopped") and errors == []
    context.close()


def test_the_playing_ghost_is_a_seat_whoever_else_dies(page):
    fresh(page)
    _mark_dead(page, ["outlaw", "", "renegade", "deputy"])  # seats 2 to 5; seat 3 lives
    page.click("#table button[aria-label='Player 3 is dead']")  # seat 3 back to life
    page.click("#tab-negate")
    page.select_option("#ghost", label="Player 5 (Deputy)")
    page.click("#tab-table")
    page.select_option("#role-0", "deputy")
    page.click("#table button[aria-label='Player 1 is dead']")  # an earlier seat dies
    page.click("#tab-negate")
    assert page.locator("#ghost option:checked").inner_text() == "Player 5 (Deputy)"
    page.click("#negate [data-key='mode-warn']")
    tap_card(page, "negate", "3S")
    tap_card(page, "negate", "5S")
    assert _cli_negation(page)["pair"] == "warn"  # the Deputy's Warn, not refused
    # The chosen ghost comes back to life: the selector and the answer agree on the first.
    page.click("#tab-table")
    page.click("#table button[aria-label='Player 5 is dead']")
    page.click("#tab-negate")
    assert page.locator("#ghost option:checked").inner_text() == "Player 1 (Deputy)"
    assert "error" not in _cli_negation(page)


def test_an_emptied_slot_stays_where_it_is(page):
    fresh(page, "negate")
    for code in ("KS", "8D", "7D", "6D"):
        tap_card(page, "negate", code)
    page.click("#negate [data-key='slot-counters-0']")
    page.click("#negate [data-key='slot-counters-0']")  # chosen, then emptied
    assert page.get_attribute("#negate [data-key='slot-counters-1']", "aria-label").startswith(
        "thrown card 2: 7♦"
    )
    tap_card(page, "negate", "9D")
    assert _saved(page)["negate"]["counters"] == ["9D", "7D", "6D"]


def test_the_high_noon_cards_say_what_they_change_on_each_tab(page):
    fresh(page, "table")
    page.select_option("#high-noon", "handcuffs")
    page.click("#tab-negate")
    assert "Handcuffs is in play" in page.inner_text("#negate")
    page.click("#tab-table")
    page.select_option("#high-noon", "hangover")
    page.click("#tab-draw")
    assert "Hangover is in play" in page.inner_text("#draw")


def test_a_draw_takes_the_second_copy_of_a_bang_card(page):
    """The BANG! deck holds two K♥: Lucky Duke may flip both, as the command line allows."""
    fresh(page, "draw")
    page.click("#draw [data-key='lucky-duke']")
    tap_card(page, "draw", "KH")
    tap_card(page, "draw", "KH")
    expected = run_cli(["draw", "barrel", "KH", "KH", "--lucky-duke", "--json"])
    assert expected["outcome"] == "dodge" and bar(page).startswith("Barrel: works")
    assert "Every slot is filled" in page.inner_text("#draw")
    page.click("#draw [data-key='slot-seen-0']")
    tap_card(page, "draw", "KH")  # no third copy, even among the cards seen
    assert "K♥ is already in this play" in page.inner_text("#draw")


def test_dynamite_then_jail_names_each_check_s_cards(page):
    fresh(page, "draw")
    page.click("#draw >> text='Dynamite then Jail'")
    tap_card(page, "draw", "3S")
    assert page.get_attribute("#draw [data-key='slot-cards-1']", "aria-label").startswith(
        "Jail’s card: empty"
    )
    page.click("#draw [data-key='lucky-duke']")  # two flips each: the flips start again
    assert _saved(page)["draw"]["cards"] == []
    assert page.get_attribute("#draw [data-key='slot-cards-2']", "aria-label").startswith(
        "Jail’s card 1"
    )
