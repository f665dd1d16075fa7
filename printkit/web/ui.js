// The page's controls: they hold the table's state and ask window.printkit for every
// answer, so the page shows exactly what the functions (and the command line) return.
"use strict";

const STORE = "printkit-table:" + DATA.deck.id;

// The page's words (printkit/words/en/page.toml and the rules' sections), said as
// the command line says them: t("page.players"), t("page.player", { number: 2 }).
function t(key, values) {
  return say(DATA.words, key, values || {});
}

// A share (0.25) as the language writes a percentage ("25.0%", "25,0 %"), by the
// catalogue's number.point and number.percent, as the command line writes it.
function percent(share, digits) {
  return t("number.percent", { value: (100 * share).toFixed(digits).replace(".", t("number.point")) });
}

const HIGH_NOON_CARDS = ["", "blessing", "curse", "hangover", "new-identity", "handcuffs"]
  .map((id) => [id, t("page.high-noon-" + (id || "none"))]);
const ROLE_NAMES = Object.fromEntries(["", "sheriff", "deputy", "outlaw", "renegade"]
  .map((id) => [id, id ? t("role." + id) : t("page.role-none")]));
const CHECK_NAMES = Object.fromEntries(["barrel", "jail", "dynamite", "bad-moon-rising", "unfinished-business", "dynamite+jail"]
  .map((id) => [id, t("page.check-" + id.replace("+", "-"))]));

function blankState() {
  return {
    players: 6, seats: [], highNoon: "", handcuffs: "spades", aceValue: DATA.default_ace_value,
    royal: false, negate: { mode: "one", played: [], boosts: [], assists: [], counters: [], ghost: 0 },
    draw: { check: "barrel", cards: [], luckyDuke: false, seen: [], inPlay: true }, lookup: "",
  };
}

// The saved table, read as a stranger's data: every field checked, anything unreadable
// replaced by a clean table (with a one-line notice), never a blank tab.
const STATE_VERSION = 1;
let notice = "";

function validState(saved) {
  const clean = blankState();
  // A state saved before states had a version is today's version 1.
  if (!saved || typeof saved !== "object" || (saved.version ?? STATE_VERSION) !== STATE_VERSION) return null;
  const isCode = (code) => typeof code === "string" && /^(10|[2-9JQKA])[SCHD]$/.test(code);
  const codes = (list, most = 12) => {
    const kept = Array.isArray(list) ? list.slice(0, most).map((code) => (isCode(code) ? code : null)) : [];
    trim(kept);
    return kept;
  };
  if (Number.isInteger(saved.players) && saved.players >= 3 && saved.players <= 8) clean.players = saved.players;
  if (Array.isArray(saved.seats)) {
    clean.seats = saved.seats.slice(0, 8).filter((x) => x && typeof x === "object").map((x) => ({
      name: typeof x.name === "string" ? x.name.slice(0, 40) : "",
      role: x.role in ROLE_NAMES ? x.role : "",
      dead: x.dead === true,
    }));
  }
  if (HIGH_NOON_CARDS.some(([id]) => id === saved.highNoon)) clean.highNoon = saved.highNoon;
  if (["spades", "clubs", "hearts", "diamonds"].includes(saved.handcuffs)) clean.handcuffs = saved.handcuffs;
  if (DATA.ace_values.includes(saved.aceValue)) clean.aceValue = saved.aceValue;
  clean.royal = saved.royal === true;
  const n = saved.negate || {};
  if (["one", "spook", "warn"].includes(n.mode)) clean.negate.mode = n.mode;
  for (const key of ["played", "boosts", "assists", "counters"]) clean.negate[key] = codes(n[key]);
  clean.negate.played = clean.negate.played.slice(0, clean.negate.mode === "one" ? 1 : 2);
  trim(clean.negate.played);
  if (Number.isInteger(n.ghost) && n.ghost >= 0 && n.ghost < 8) clean.negate.ghost = n.ghost;
  const d = saved.draw || {};
  if (d.check in CHECK_NAMES) clean.draw.check = d.check;
  clean.draw.cards = codes(d.cards);
  clean.draw.seen = codes(d.seen, 40);
  clean.draw.luckyDuke = d.luckyDuke === true;
  clean.draw.inPlay = d.inPlay !== false;
  if (typeof saved.lookup === "string") clean.lookup = saved.lookup.slice(0, 80);
  if (["lookup", "negate", "draw", "table"].includes(saved.tab)) clean.tab = saved.tab;
  return clean;
}

function loadState() {
  let stored;
  try {
    stored = localStorage.getItem(STORE);
  } catch (e) {
    notice = t("page.no-storage");
    return blankState();
  }
  if (stored === null) return blankState();
  let saved = null;
  try {
    saved = JSON.parse(stored);
  } catch (e) { /* not JSON: said below */ }
  const clean = validState(saved);
  if (clean) return clean;
  notice = t("page.state-damaged");
  return blankState();
}

let state = loadState();
function save() {
  if (following) return;
  try {
    localStorage.setItem(STORE, JSON.stringify({ ...state, version: STATE_VERSION }));
  } catch (e) {
    if (!notice) { notice = t("page.not-saved"); showNotice(); }
  }
}

function showNotice() {
  const box = document.getElementById("notice");
  if (box) fill(box, notice ? el("p", { class: "notice" }, notice) : null);
}

// Replace a node's children, leaving out the null and false that conditions give.
function fill(root, ...children) {
  root.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "key") node.dataset.key = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SUIT_LIST = [["spades", "\u2660", "S"], ["clubs", "\u2663", "C"], ["hearts", "\u2665", "H"], ["diamonds", "\u2666", "D"]];
const RANK_LIST = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
// A card as it is said aloud in the table's language ("queen of diamonds", "piková
// dáma"), as the command line says it (notation.card_name, carried by the page).
function spoken(code) {
  return DATA.spoken[code];
}

function symbolOf(code) {
  const suit = SUIT_LIST.find((s) => s[2] === code.slice(-1));
  return code.slice(0, -1) + suit[1];
}

function colourClass(code) {
  return "HD".includes(code.slice(-1)) ? "red" : "blackc";
}

// A suit row and a rank grid: tapping a rank calls pick(code) with the chosen suit.
// Choosing a suit relabels the ranks in place: no button moves or loses focus.
function picker(name, pick) {
  let suit = picker.suits[name] || "spades";
  const letter = () => SUIT_LIST.find((s) => s[0] === suit)[2];
  const suitButtons = SUIT_LIST.map(([id, symbol]) => el("button", {
    type: "button", class: colourClass(id[0].toUpperCase()), key: name + ":" + id,
    "aria-label": t("page.suit-" + id), onclick: () => { suit = id; picker.suits[name] = id; mark(); },
  }, symbol));
  const rankButtons = RANK_LIST.map((rank) => el("button", {
    type: "button", key: name + ":" + rank, onclick: () => pick(rank + letter()),
  }, rank));
  function mark() {
    suitButtons.forEach((button, i) => button.setAttribute("aria-pressed", String(SUIT_LIST[i][0] === suit)));
    rankButtons.forEach((button, i) => button.setAttribute("aria-label", spoken(RANK_LIST[i] + letter())));
  }
  mark();
  return el("div", { role: "group", "aria-label": name },
    el("div", { class: "suits" }, suitButtons), el("div", { class: "ranks" }, rankButtons));
}
picker.suits = {};

// -- the table: seats, the dead, High Noon ---------------------------------------------

// The seats at the table: fewer players hide the last seats rather than forget them,
// so going from 6 to 4 and back keeps a dead Renegade in seat 6.
function seats() {
  const n = state.players;
  while (state.seats.length < n) state.seats.push({ name: "", role: "", dead: false });
  return state.seats.slice(0, n);
}

const isRenegade = (role) => role === "renegade" || role === "sheriff";

function tableFacts() {
  const dead = seats().filter((s) => s.dead);
  const known = dead.every((s) => s.role);
  return { dead, known, ghosts: dead.length };
}

// What the table's ghosts allow, line by line: who they are, then the one-team rule,
// the Renegade's assists and how many counters a card may meet.
function ghostLines(facts) {
  if (!facts.ghosts) return [t("page.no-ghosts")];
  if (!facts.known && facts.ghosts > 1) return [t("page.ghosts-unknown", { ghosts: facts.ghosts })];
  // A dead Sheriff (only after a Scofflaw) is the new dead Renegade, as the rules read it.
  const team = (role, i) => (isRenegade(role) ? "renegade-" + i : role === "outlaw" ? "outlaws" : "law");
  const teams = new Set(facts.dead.map((s, i) => team(s.role, i)));
  const renegades = facts.dead.filter((s) => isRenegade(s.role)).length;
  const size = facts.ghosts === 1 ? "page.ghost-alone" : teams.size === 1 ? "page.ghosts-one-team" : "page.ghosts-teams";
  if (facts.ghosts === 1) return [t(size, { ghosts: 1, teams: 1 }) + " " + t("page.one-team"), t("page.counters-none")];
  const others = facts.ghosts - 1;
  const counters = renegades
    ? (others === 1 ? "page.counters-one-assist" : "page.counters-at-most-assist")
    : (others === 1 ? "page.counters-one" : "page.counters-at-most");
  return [
    t(size, { ghosts: facts.ghosts, teams: teams.size }) + " " + t(teams.size === 1 ? "page.one-team" : "page.many-teams"),
    t(renegades ? "page.renegade-assists" : "page.no-assists"),
    t(counters, { count: others }),
  ];
}

function renderTable() {
  const root = document.getElementById("table");
  const roles = window.printkit.roles(state.players);
  const list = seats();
  fill(root, 
    el("h2", {}, t("page.players")),
    el("div", { class: "row" },
      el("label", { for: "players" }, t("page.players-label")),
      el("select", { id: "players", onchange: (e) => { state.players = Number(e.target.value); changed(); } },
        [3, 4, 5, 6, 7, 8].map((n) => el("option", { value: n, selected: n === state.players }, String(n))))),
    roles.error ? el("p", {}, roles.error) : el("p", { class: "muted" }, t("page.dealt", { dealt: roles.dealt, note: roles.note || "" }).trim()),
    el("div", {}, list.map((seat, i) => el("div", { class: "seat" },
      el("label", { class: "sr-only", for: "name-" + i }, t("page.player-name", { number: i + 1 })),
      el("input", { type: "text", id: "name-" + i, value: seat.name, placeholder: t("page.player", { number: i + 1 }), autocomplete: "off",
        oninput: (e) => { seat.name = e.target.value; save(); } }),
      el("button", { type: "button", key: "dead-" + i, "aria-pressed": String(seat.dead), "aria-label": t("page.player-dead", { player: seat.name || t("page.player", { number: i + 1 }) }),
        onclick: () => { seat.dead = !seat.dead; changed(); } }, t("page.dead")),
      el("div", { class: "controls" },
        el("label", { class: "sr-only", for: "role-" + i }, t("page.player-role", { number: i + 1 })),
        el("select", { id: "role-" + i, onchange: (e) => { seat.role = e.target.value; changed(); } },
          Object.entries(ROLE_NAMES).map(([id, name]) => el("option", { value: id, selected: seat.role === id }, name)))),
    ))),
    el("h2", {}, t("page.the-ghosts")),
    el("p", {}, ghostLines(tableFacts()).join(" ")),
    el("h2", {}, t("page.high-noon")),
    el("div", { class: "row" },
      el("label", { class: "sr-only", for: "high-noon" }, t("page.high-noon-label")),
      el("select", { id: "high-noon", class: "grow", onchange: (e) => { state.highNoon = e.target.value; changed(); } },
        HIGH_NOON_CARDS.map(([id, name]) => el("option", { value: id, selected: state.highNoon === id }, name))),
      state.highNoon === "handcuffs" ? el("select", { id: "handcuffs", "aria-label": t("page.handcuffs-suit"), onchange: (e) => { state.handcuffs = e.target.value; changed(); } },
        SUIT_LIST.map(([id, symbol]) => el("option", { value: id, selected: state.handcuffs === id }, symbol + " " + t("page.suit-" + id)))) : null),
    el("h2", {}, t("page.roles-for", { players: state.players })),
    roles.error ? null : el("ul", { class: "plain" }, Object.values(roles.goals).map((g) => el("li", {}, el("strong", {}, g.name + ": "), g.goal, " ", el("span", { class: "muted" }, t("page.goal-death-mesa", { text: g.death_mesa }))))),
    el("p", { class: "muted" }, roles.one_team || ""),
    el("div", { class: "row" }, el("button", { type: "button", key: "clear-table", onclick: () => {
      if (confirm(t("page.clear-ask"))) { state = { ...blankState(), tab: state.tab }; changed(); }
    } }, t("page.clear-table")),
    el("button", { type: "button", key: "new-game", onclick: () => {
      // The same players sit down again: names kept; roles, the dead, High Noon and cards go.
      if (confirm(t("page.new-game-ask"))) {
        const names = state.seats.map((seat) => ({ name: seat.name, role: "", dead: false }));
        state = { ...blankState(), players: state.players, seats: names, tab: state.tab };
        changed();
      }
    } }, t("page.new-game"))),
  );
}

// -- look a card up --------------------------------------------------------------------

function cardView(record) {
  const picture = DATA.pictures[record.effect];
  return el("div", { class: "panel card-view" },
    picture ? el("img", { src: picture, alt: "" }) : el("div"),
    el("div", {},
      el("h3", {}, record.name, record.symbol ? el("span", { class: record.color === "red" ? "red" : "blackc" }, " " + record.symbol) : null),
      record.symbol ? el("p", { class: "muted" }, t(record.negatable ? "page.card-facts" : "page.card-facts-unstoppable", { spoken: spoken(record.code), colour: t("colour." + record.color), value: record.value })) : null,
      el("p", {}, el("strong", {}, record.summary)),
      el("p", {}, record.text),
      record.shared_with.length ? el("p", { class: "muted" }, t("page.also", { cards: record.shared_with.map(symbolOf).join(" ") })) : null));
}

// The picker first, then the box and its answers right under it: tapping a card
// moves nothing above the answers, and typing scrolls the box to the top of the
// screen, so the answers sit above the phone's keyboard.
function renderLookup() {
  const root = document.getElementById("lookup");
  const out = el("div", { class: "answers", "aria-live": "polite" });
  function show(query) {
    state.lookup = query;
    save();
    if (!query.trim()) { fill(out, el("p", { class: "muted" }, t("page.lookup-hint"))); return; }
    const found = window.printkit.lookup(query, state.aceValue);
    fill(out, ...(found.error ? [el("p", {}, found.error)] : found.map(cardView)));
  }
  const input = el("input", {
    type: "text", id: "query", value: state.lookup, autocomplete: "off", placeholder: t("page.lookup-placeholder"),
    oninput: (e) => show(e.target.value), onfocus: () => input.scrollIntoView({ block: "start" }),
  });
  fill(root,
    picker(t("page.look-up"), (code) => { input.value = code; show(code); }),
    el("label", { for: "query" }, t("page.lookup-label")), input,
    out);
  show(state.lookup);
}

// -- the verdict bar: one live region, its words replaced in place ----------------------

// Negate and Draw! say their answer in the dock, which stays in view while cards are
// tapped; a screen reader hears it change, because the region itself is never rebuilt.
function verdict(tone, big, small) {
  const bar = document.getElementById("verdict");
  bar.hidden = false;
  if (bar.className !== tone) bar.className = tone;
  const [line, more] = bar.children;
  if (line.textContent !== big) line.textContent = big;
  if (more.textContent !== (small || "")) more.textContent = small || "";
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// -- slots: a play built card by card --------------------------------------------------

// Each list of a play is a row of slots. Tapping a slot chooses it; the next card tapped
// fills it, and the choice moves on to the next empty slot. A filled slot changes only
// when it is tapped (tapped again while chosen, it empties).
const chosen = { negate: null, draw: null };
let refusal = "";

function slotRow(tab, list, codes, count, label, name) {
  const pick = chosen[tab];
  const cells = [];
  for (let i = 0; i < count; i++) {
    const code = codes[i];
    const on = pick && pick[0] === list && pick[1] === i;
    cells.push(el("button", {
      type: "button", key: `slot-${list}-${i}`, "aria-pressed": String(Boolean(on)),
      class: "slot" + (code ? " " + colourClass(code) : " empty"),
      "aria-label": t(code ? "page.slot-full" : "page.slot-empty", { slot: name(i), card: code ? symbolOf(code) : "", spoken: code ? spoken(code) : "" }),
      onclick: () => tapSlot(tab, list, i, codes),
    }, code ? symbolOf(code) : "+"));
  }
  const row = el("div", { class: "cells" }, count ? cells : el("span", { class: "muted" }, t("page.no-slot-here")));
  const on = cells.find((cell) => cell.getAttribute("aria-pressed") === "true");
  // A row longer than the screen scrolls sideways to show its chosen slot.
  if (on) requestAnimationFrame(() => { row.scrollLeft = Math.max(0, on.offsetLeft - row.offsetLeft - row.clientWidth + on.offsetWidth + 8); });
  return el("div", { class: "slot-row" }, el("strong", {}, label), row);
}

// A list of slots holds cards and holes (null): emptying a slot leaves a hole there,
// so no other card moves into it. Trailing holes are dropped.
const cardsIn = (codes) => codes.filter(Boolean);
function trim(codes) {
  while (codes.length && !codes[codes.length - 1]) codes.pop();
}
function firstHole(codes, count) {
  const hole = codes.findIndex((code) => !code);
  const at = hole >= 0 ? hole : codes.length;
  return at < count ? at : -1;
}

function tapSlot(tab, list, i, codes) {
  const pick = chosen[tab];
  refusal = "";
  if (pick && pick[0] === list && pick[1] === i && codes[i]) {
    // The chosen slot, tapped again, is emptied and stays chosen: the next card fills it.
    change(() => { codes[i] = null; trim(codes); chosen[tab] = [list, i]; });
    return;
  }
  chosen[tab] = [list, i];
  redraw();
}

// Put a card in the chosen slot of `lists` (an object of slot lists), then choose the
// slot next(). A card may be in the play `copies(code)` times (once in the Dead Men's
// Deck, twice for some cards of the BANG! deck); no slot chosen, nothing happens.
function putCard(tab, lists, code, next, copies) {
  const pick = chosen[tab];
  refusal = "";
  const held = Object.values(lists).reduce((n, codes) => n + codes.filter((c) => c === code).length, 0);
  const replacing = pick && lists[pick[0]][pick[1]] === code;
  if (!pick || (held >= (copies ? copies(code) : 1) && !replacing)) {
    refusal = pick ? t("page.already-used", { card: symbolOf(code) }) : "";
    redraw();
    return;
  }
  change(() => {
    lists[pick[0]][pick[1]] = code;
    chosen[tab] = next();
  });
}

function nextLine(tab, names) {
  if (refusal) return el("p", { class: "next muted" }, refusal);
  const pick = chosen[tab];
  return el("p", { class: "next muted" }, pick ? t("page.next-slot", { slot: names[pick[0]](pick[1]) }) : t("page.all-filled"));
}

// -- negation -----------------------------------------------------------------------

function negationArgs() {
  const n = state.negate;
  const args = { boosts: cardsIn(n.boosts), assists: cardsIn(n.assists), counters: cardsIn(n.counters), ace_value: state.aceValue, royal: state.royal };
  if (n.mode === "one") args.played = n.played[0];
  else args[n.mode] = cardsIn(n.played);
  const facts = tableFacts();
  if (facts.ghosts) {
    if (facts.known) {
      const ghost = playingGhost(facts);
      const order = [facts.dead[ghost], ...facts.dead.filter((_, i) => i !== ghost)];
      args.dead = order.map((s) => s.role);
    } else {
      args.ghosts = facts.ghosts;
    }
  }
  if (state.highNoon === "blessing" || state.highNoon === "curse") args.high_noon = state.highNoon;
  if (state.highNoon === "handcuffs") args.handcuffs = state.handcuffs;
  return args;
}

const MAX_SLOTS = 8;

// How many slots each list of the negation shows: the played card or pair; one more
// boost and assist than given; a counter for each other ghost when the dead are known.
// The playing ghost is kept as a seat: another death does not change who plays. A seat
// no longer dead gives the first ghost.
function playingGhost(facts) {
  return Math.max(0, facts.dead.indexOf(state.seats[state.negate.ghost]));
}

function negationSlots(facts) {
  const n = state.negate;
  const open = (codes) => Math.min(codes.length + 1, MAX_SLOTS);
  const assists = !facts.ghosts || !facts.known || facts.dead.some((s) => isRenegade(s.role)) || n.assists.length > 0;
  // The Renegade who helps the play throws nothing against it.
  const others = facts.ghosts - 1 - (cardsIn(n.assists).length && facts.dead.some((s) => isRenegade(s.role)) ? 1 : 0);
  const counters = facts.ghosts && facts.known ? Math.max(others, n.counters.length) : open(n.counters);
  return { played: n.mode === "one" ? 1 : 2, boosts: open(n.boosts), assists: assists ? open(n.assists) : 0, counters };
}

function nextNegationSlot(slots) {
  const n = state.negate;
  for (const list of ["played", "counters"]) {
    const hole = firstHole(n[list], slots[list]);
    if (hole >= 0) return [list, hole];
  }
  return null;
}

function renderNegate() {
  const root = document.getElementById("negate");
  const n = state.negate;
  const facts = tableFacts();
  const slots = negationSlots(facts);
  const pick = chosen.negate;
  if (!pick || pick[1] >= slots[pick[0]]) chosen.negate = nextNegationSlot(slots);
  const lists = { played: n.played, boosts: n.boosts, assists: n.assists, counters: n.counters };
  const names = {
    played: (i) => t(slots.played === 1 ? "page.slot-played" : "page.slot-pair", { number: i + 1 }),
    boosts: (i) => t("page.slot-boost", { number: i + 1 }),
    assists: (i) => t("page.slot-assist", { number: i + 1 }),
    counters: (i) => t("page.slot-counter", { number: i + 1 }),
  };
  const complete = cardsIn(n.played).length === slots.played;
  const result = complete ? window.printkit.negate(negationArgs()) : null;
  negationVerdict(result, slots.played);
  fill(root,
    highNoonLine("negate"),
    el("p", { class: "notice" }, facts.ghosts ? ghostLines(facts)[0] : t("page.ghosts-not-marked")),
    facts.ghosts && facts.known ? el("div", { class: "row" },
      el("label", { for: "ghost" }, t("page.playing-ghost")),
      el("select", { id: "ghost", class: "grow", onchange: (e) => change(() => { n.ghost = Number(e.target.value); }) },
        facts.dead.map((s, i) => el("option", { value: state.seats.indexOf(s), selected: i === playingGhost(facts) }, t("page.ghost-option", { player: s.name || t("page.player", { number: state.seats.indexOf(s) + 1 }), role: ROLE_NAMES[s.role] }))))) : null,
    el("div", { class: "modes", role: "group", "aria-label": t("page.what-is-played") },
      ["one", "spook", "warn"].map((mode) => el("button", {
        type: "button", key: "mode-" + mode, "aria-pressed": String(n.mode === mode), onclick: () => change(() => {
          // The played card stays: it is the first of a pair, or the one card played.
          n.mode = mode;
          n.played.splice(mode === "one" ? 1 : 2);
          trim(n.played);
          chosen.negate = null;
        }) }, t("page.mode-" + mode)))),
    el("div", { class: "slots", role: "group", "aria-label": t("page.the-play") },
      slotRow("negate", "played", n.played, slots.played, t("page.played-list"), names.played),
      slotRow("negate", "boosts", n.boosts, slots.boosts, t("page.boosts-list"), names.boosts),
      slots.assists ? slotRow("negate", "assists", n.assists, slots.assists, t("page.assists-list"), names.assists) : null,
      slotRow("negate", "counters", n.counters, slots.counters, t("page.counters-list"), names.counters)),
    nextLine("negate", names),
    picker(t("page.negation-card"), (code) => putCard("negate", lists, code, () => nextNegationSlot(negationSlots(tableFacts())))),
    el("div", { class: "row" },
      undoButton("negate"),
      el("button", { type: "button", key: "clear-cards", onclick: () => change(() => { n.played.length = n.boosts.length = n.assists.length = n.counters.length = 0; chosen.negate = null; }) }, t("page.clear-cards")),
      el("button", { type: "button", key: "ace-low", "aria-pressed": String(state.aceValue === 1), onclick: () => change(() => { state.aceValue = state.aceValue === 1 ? DATA.default_ace_value : 1; }) }, t("page.ace-low")),
      el("button", { type: "button", key: "royal", "aria-pressed": String(state.royal), onclick: () => change(() => { state.royal = !state.royal; }) }, t("page.royal"))),
    negationDetails(result),
  );
}

// The verdict in the words a player says: "Spook! is stopped."
function negationVerdict(result, need) {
  if (!result) {
    const n = state.negate;
    verdict("hint", t(need === 1 ? "page.tap-played" : cardsIn(n.played).length ? "page.tap-second" : "page.tap-pair"), t("page.then-counters"));
    return;
  }
  if (result.error) { verdict("warn", t("page.not-allowed"), capital(result.error) + "."); return; }
  const effect = result.effect;
  const big = result.negated ? t("page.stopped", { effect }) : result.negatable ? t("page.takes-effect", { effect }) : t("page.unstoppable", { effect });
  const small = result.counters.length
    ? t("page.bar-against", { played: result.played_value, colour: t("colour." + result.color), counters: result.counter_value })
    : t("page.bar-unopposed", { played: result.played_value, colour: t("colour." + result.color) });
  // The first note says why, when there is one: a tie, a counter of the wrong colour.
  const notes = result.readings.slice(0, result.readings.length - result.reading_ids.length);
  verdict(result.negated ? "bad" : "good", big, notes.length ? small + " " + capital(notes[0]) + "." : small);
}

// The answer's working, below the picker: the command line's line, the notes, the readings.
function negationDetails(result) {
  if (!result) return el("div", { class: "panel" }, el("p", { class: "muted" }, t("page.working-here")));
  if (result.error) return el("div", { class: "panel" }, el("p", {}, capital(result.error) + "."));
  const notes = result.readings.slice(0, result.readings.length - result.reading_ids.length);
  return el("div", { class: "panel" },
    el("p", {}, result.verdict),
    el("p", { class: "muted" }, t("page.discarded", { cards: result.discarded.map(symbolOf).join(" ") || t("page.nothing") })),
    notes.length ? el("ul", { class: "plain" }, notes.map((note) => el("li", {}, capital(note) + "."))) : null,
    readingsList(result.reading_ids));
}

function readingsList(ids) {
  if (!ids.length) return null;
  return el("ul", { class: "plain muted" }, ids.map((id) => el("li", {}, t("page.reading", { short: DATA.readings[id].short }))));
}

// The High Noon card in play, said on every tab it changes, with what it changes there.
function highNoonLine(tab) {
  const card = state.highNoon;
  if (!card) return null;
  const key = "page.in-play-" + card + "-" + tab;
  if (!(key in DATA.words)) return null; // a card that changes nothing on this tab
  return el("p", { class: "notice" }, t(key, { suit: t("page.suit-" + state.handcuffs) }));
}

// -- draw! ----------------------------------------------------------------------------

function drawArgs() {
  const d = state.draw;
  const args = { check: d.check, cards: cardsIn(d.cards), lucky_duke: d.luckyDuke };
  if (["blessing", "curse", "hangover", "new-identity"].includes(state.highNoon)) args.high_noon = state.highNoon;
  return args;
}

// The checks whose own card lies in front of the player, out of the draw pile (the
// three Jails differ for the check, so which one is in play is not guessed).
const OWN_CARD = { barrel: "barrel", dynamite: "dynamite" };

// Lucky Duke flips two cards for each check; Hangover takes his ability away.
function flips() {
  const d = state.draw;
  const each = d.luckyDuke && state.highNoon !== "hangover" ? 2 : 1;
  return (d.check === "dynamite+jail" ? 2 : 1) * each;
}

function nextDrawSlot() {
  const hole = firstHole(state.draw.cards, flips());
  return hole >= 0 ? ["cards", hole] : null;
}

// How many of a card the BANG! deck holds: a flip or a card seen may be its second copy.
const BANG_COPIES = {};
for (const [code] of (DATA.draw_decks.bang || { cards: [] }).cards || []) BANG_COPIES[code] = (BANG_COPIES[code] || 0) + 1;
const copiesOf = (code) => BANG_COPIES[code] || 1;

function renderDraw() {
  const root = document.getElementById("draw");
  const d = state.draw;
  const count = flips();
  // Fewer flips (Hangover came into play): the cards no longer say which check they are for.
  if (d.cards.length > count) d.cards.length = 0;
  const pick = chosen.draw;
  const open = Math.min(d.seen.length + 1, 40);
  if (!pick || (pick[0] === "cards" && pick[1] >= count) || (pick[0] === "seen" && pick[1] >= open)) chosen.draw = nextDrawSlot();
  const args = drawArgs();
  const result = args.cards.length === count ? window.printkit.draw(args) : null;
  drawVerdict(result, count);
  const names = {
    cards: (i) => (d.check === "dynamite+jail"
      ? t(count === 2 ? "page.slot-flipped-for" : "page.slot-flipped-for-n", { check: CHECK_NAMES[i < count / 2 ? "dynamite" : "jail"], number: (i % (count / 2)) + 1 })
      : t(count === 1 ? "page.slot-flipped" : "page.slot-flipped-n", { number: i + 1 })),
    seen: (i) => t("page.slot-seen", { number: i + 1 }),
  };
  const oddsChecks = d.check === "dynamite+jail" ? ["dynamite", "jail"] : [d.check];
  fill(root,
    highNoonLine("draw"),
    el("div", { class: "checks", role: "group", "aria-label": t("page.the-check") }, Object.entries(CHECK_NAMES).map(([id, name]) => el("button", {
      type: "button", key: "check-" + id, "aria-pressed": String(d.check === id), onclick: () => change(() => { d.check = id; d.cards.length = 0; chosen.draw = null; }) }, name))),
    el("div", { class: "row" },
      // Lucky Duke changes how many cards each check flips: the flips start again.
      el("button", { type: "button", key: "lucky-duke", "aria-pressed": String(d.luckyDuke), onclick: () => change(() => { d.luckyDuke = !d.luckyDuke; d.cards.length = 0; chosen.draw = null; }) }, t("page.lucky-duke")),
),
    el("div", { class: "slots", role: "group", "aria-label": t("page.the-draw") },
      slotRow("draw", "cards", d.cards, count, t("page.flipped-list"), names.cards),
      slotRow("draw", "seen", d.seen, open, t("page.seen-list"), names.seen)),
    nextLine("draw", names),
    picker(t("page.flipped-card"), (code) => putCard("draw", { cards: d.cards, seen: d.seen }, code, () => {
      const pick = chosen.draw;
      return pick && pick[0] === "seen" ? ["seen", firstHole(d.seen, 40)] : nextDrawSlot();
    }, copiesOf)),
    el("div", { class: "row" },
      undoButton("draw"),
      el("button", { type: "button", key: "clear-flipped", onclick: () => change(() => { d.cards.length = 0; chosen.draw = null; }) }, t("page.clear-flipped")),
      el("button", { type: "button", key: "clear-seen", onclick: () => change(() => { d.seen.length = 0; }) }, t("page.clear-seen"))),
    drawDetails(result),
    el("h2", {}, t("page.odds")),
    // Only the Barrel and the Dynamite lie in front of the player, out of the pile.
    oddsChecks.some((check) => OWN_CARD[check])
      ? el("div", { class: "row" }, el("button", { type: "button", key: "own-card", "aria-pressed": String(d.inPlay !== false), onclick: () => change(() => { d.inPlay = d.inPlay === false; }) }, t("page.own-card")))
      : null,
    oddsChecks.map((check) => oddsView(check, args)),
  );
}

const outcomeName = (check, outcome) => t("check." + check + ".outcome." + outcome);

// The outcome as a player says it ("Dynamite: explodes"), in the colour of its news for
// the player who draws: the check's best outcome good, its worst bad.
function drawVerdict(result, count) {
  if (!result) {
    const d = state.draw;
    const key = cardsIn(d.cards).length ? "page.tap-next-flipped" : count > 1 ? "page.tap-flipped-two" : "page.tap-flipped";
    verdict("hint", t(key), d.check === "dynamite+jail" ? t("page.dynamite-first") : "");
    return;
  }
  if (result.error) { verdict("warn", t("page.not-allowed"), capital(result.error) + "."); return; }
  const checks = result.checks || [result];
  const places = checks.map((r) => DATA.checks[r.check].outcomes.indexOf(r.outcome) / (DATA.checks[r.check].outcomes.length - 1));
  const tone = places.every((p) => p === 0) ? "good" : places.some((p) => p === 1) ? "bad" : "plain";
  verdict(tone,
    checks.map((r) => t("page.outcome", { check: CHECK_NAMES[r.check], outcome: outcomeName(r.check, r.outcome) })).join(" \u00b7 "),
    checks.map((r) => capital(r.meaning) + ".").join(" "));
}

function drawDetails(result) {
  if (!result) return el("div", { class: "panel" }, el("p", { class: "muted" }, t("page.working-here")));
  if (result.error) return el("div", { class: "panel" }, el("p", {}, capital(result.error) + "."));
  const checks = result.checks || [result];
  return el("div", { class: "panel" }, checks.map((r) => [
    el("p", {}, r.lucky_duke
      ? t("page.chosen-lucky", { card: symbolOf(r.chosen), cards: t("join.and", { first: symbolOf(r.cards[0]), second: symbolOf(r.cards[1]) }), meaning: r.meaning })
      : r.high_noon === "blessing" || r.high_noon === "curse"
        ? t("page.chosen-counts", { card: symbolOf(r.chosen), suit: t("answer.suit." + r.effective_suit), meaning: r.meaning })
        : t("page.chosen", { card: symbolOf(r.chosen), meaning: r.meaning })),
    readingsList(r.reading_ids),
  ]));
}

function oddsView(check, args) {
  const d = state.draw;
  const query = { check, lucky_duke: args.lucky_duke, high_noon: args.high_noon, seen: cardsIn(d.seen) };
  if (d.inPlay !== false && OWN_CARD[check]) query.in_play = [OWN_CARD[check]];
  const result = window.printkit.odds(query);
  if (result.error) return el("p", { class: "muted" }, result.error);
  return el("div", { class: "panel" },
    el("p", {}, el("strong", {}, CHECK_NAMES[check]), " ", el("span", { class: "muted" }, window.printkit.oddsText(query))),
    el("table", { class: "odds" }, Object.entries(result.outcomes).map(([outcome, o]) => el("tr", {},
      el("td", {}, el("strong", {}, outcomeName(check, outcome)), el("span", { class: "muted" }, o.meaning)),
      el("td", { class: "n" }, el("span", {}, o.fraction), el("span", {}, percent(o.probability, 1)))))),
    readingsList(result.reading_ids));
}

// -- undo -----------------------------------------------------------------------------

// One tap undoes the last change made on Negate or Draw! (the cards, the mode, the
// toggles): each change keeps what the tab's part of the table was before it.
const OWNED = { negate: ["negate", "aceValue", "royal"], draw: ["draw"] };
const undone = { negate: [], draw: [] };

function undoButton(tab) {
  return el("button", { type: "button", key: "undo-" + tab, disabled: !undone[tab].length, onclick: () => {
    const before = undone[tab].pop();
    if (before === undefined) return;
    JSON.parse(before).forEach((value, i) => { state[OWNED[tab][i]] = value; });
    chosen[tab] = null;
    refusal = "";
    changed();
  } }, t("page.undo"));
}

// Make a change to the table, keeping what the tab held before it for undo.
function change(mutate) {
  const owned = OWNED[state.tab];
  const before = owned && JSON.stringify(owned.map((key) => state[key]));
  mutate();
  if (owned && JSON.stringify(owned.map((key) => state[key])) !== before) {
    undone[state.tab].push(before);
    if (undone[state.tab].length > 100) undone[state.tab].shift();
  }
  changed();
}

// -- tabs -----------------------------------------------------------------------------

const TABS = ["lookup", "negate", "draw", "table"].map((id) => [id, t("page.tab-" + id)]);
const RENDER = { lookup: renderLookup, negate: renderNegate, draw: renderDraw, table: renderTable };

function show(tab) {
  const moved = state.tab !== tab;
  state.tab = tab;
  save();
  for (const [id] of TABS) {
    document.getElementById(id).hidden = id !== tab;
    document.getElementById("tab-" + id).setAttribute("aria-current", id === tab ? "page" : "false");
  }
  document.getElementById("verdict").hidden = !(tab === "negate" || tab === "draw");
  refusal = "";
  RENDER[tab]();
  clearOfDock(moved);
  if (moved) window.scrollTo(0, 0); // each tab opens at its top
}

function changed() {
  save();
  redraw();
}

// Draw the open tab again; the control that had the keyboard's focus keeps it.
function redraw() {
  const focused = document.activeElement;
  const key = focused && focused.dataset ? focused.dataset.key : null;
  const id = focused && focused.id;
  RENDER[state.tab || "lookup"]();
  const again = key ? document.querySelector(`[data-key="${CSS.escape(key)}"]`) : id ? document.getElementById(id) : null;
  if (again && again !== document.activeElement) again.focus();
}

// Another open tab of the page changed the table: follow it.
// Drawing the other tab's table must not write it back: the two would answer each other.
let following = false;
window.addEventListener("storage", (event) => {
  if (event.key !== STORE) return;
  state = loadState();
  following = true;
  try {
    RENDER[state.tab || "lookup"]();
  } finally {
    following = false;
  }
});

// The page's end stays clear of the dock. The room left only grows while a tab is open
// (a shorter verdict must not pull the page up under a scrolled thumb); a new tab starts
// again from its own dock.
let clearance = 0;
function clearOfDock(reset) {
  const dock = document.getElementById("dock");
  clearance = reset ? dock.offsetHeight : Math.max(clearance, dock.offsetHeight);
  document.querySelector("main").style.paddingBottom = clearance + 16 + "px";
  // A control the keyboard reaches scrolls above the dock, never under it.
  document.documentElement.style.scrollPaddingBottom = dock.offsetHeight + 8 + "px";
}

function start() {
  document.querySelector("nav").replaceChildren(...TABS.map(([id, name]) => el("button", { type: "button", id: "tab-" + id, onclick: () => show(id) }, name)));
  show(state.tab || "lookup");
  showNotice();
  new ResizeObserver(() => clearOfDock(false)).observe(document.getElementById("dock"));
}

document.addEventListener("DOMContentLoaded", start);
