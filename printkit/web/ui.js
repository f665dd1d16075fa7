// The page's controls: they hold the table's state and ask window.printkit for every
// answer, so the page shows exactly what the functions (and the command line) return.
"use strict";

const STORE = "printkit-table:" + DATA.deck.id;

// The page's words (printkit/words/en/page.toml and the rules' sections), said as
// the command line says them: t("page.players"), t("page.player", { number: 2 }).
function t(key, values) {
  return say(DATA.words, key, values || {});
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
    draw: { check: "barrel", cards: [], luckyDuke: false, seen: [], inPlay: true, target: "flipped" }, lookup: "",
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
  const codes = (list) => (Array.isArray(list) ? list.filter(isCode).slice(0, 12) : []);
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
  if (Number.isInteger(n.ghost) && n.ghost >= 0 && n.ghost < 8) clean.negate.ghost = n.ghost;
  const d = saved.draw || {};
  if (d.check in CHECK_NAMES) clean.draw.check = d.check;
  clean.draw.cards = codes(d.cards);
  clean.draw.seen = codes(d.seen);
  clean.draw.luckyDuke = d.luckyDuke === true;
  clean.draw.inPlay = d.inPlay !== false;
  if (d.target === "seen") clean.draw.target = "seen";
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
function spoken(code) {
  const rank = code.slice(0, -1);
  const suit = SUIT_LIST.find((s) => s[2] === code.slice(-1))[0];
  return t("page.card-spoken", { rank: "AJQK".includes(rank) ? t("page.rank-" + rank) : rank, suit: t("page.suit-" + suit) });
}

function symbolOf(code) {
  const suit = SUIT_LIST.find((s) => s[2] === code.slice(-1));
  return code.slice(0, -1) + suit[1];
}

function colourClass(code) {
  return "HD".includes(code.slice(-1)) ? "red" : "blackc";
}

// A suit row and a rank grid: tapping a rank calls pick(code) with the chosen suit.
function picker(name, pick) {
  let suit = picker.suits[name] || "spades";
  const box = el("div", { role: "group", "aria-label": name });
  function draw() {
    box.replaceChildren(
      el("div", { class: "suits" }, SUIT_LIST.map(([id, symbol]) => el("button", {
        type: "button", class: "HD".includes(id[0].toUpperCase()) ? "red" : "blackc",
        "aria-pressed": String(suit === id), "aria-label": t("page.suit-" + id),
        onclick: () => { suit = id; picker.suits[name] = id; draw(); },
      }, symbol))),
      el("div", { class: "ranks" }, RANK_LIST.map((rank) => el("button", {
        type: "button", "aria-label": spoken(rank + SUIT_LIST.find((s) => s[0] === suit)[2]),
        onclick: () => pick(rank + SUIT_LIST.find((s) => s[0] === suit)[2]),
      }, rank))),
    );
  }
  draw();
  return box;
}
picker.suits = {};

function chips(codes, remove, label) {
  return el("div", { class: "chips", "aria-label": label }, codes.length ? codes.map((code, i) => el("button", {
    type: "button", class: colourClass(code), "aria-label": t("page.remove-card", { card: spoken(code), list: label }),
    onclick: () => remove(i),
  }, symbolOf(code) + " \u00d7")) : el("span", { class: "muted" }, t("page.none")));
}

// -- the table: seats, the dead, High Noon ---------------------------------------------

// The seats at the table: fewer players hide the last seats rather than forget them,
// so going from 6 to 4 and back keeps a dead Renegade in seat 6.
function seats() {
  const n = state.players;
  while (state.seats.length < n) state.seats.push({ name: "", role: "", dead: false });
  return state.seats.slice(0, n);
}

function tableFacts() {
  const dead = seats().filter((s) => s.dead);
  const known = dead.every((s) => s.role);
  return { dead, known, ghosts: dead.length };
}

function teamsText(facts) {
  if (!facts.ghosts) return t("page.no-ghosts");
  if (!facts.known && facts.ghosts > 1) return t("page.ghosts-unknown", { ghosts: facts.ghosts });
  // A dead Sheriff (only after a Scofflaw) is the new dead Renegade, as the rules read it.
  const renegade = (role) => role === "renegade" || role === "sheriff";
  const team = (role, i) => (renegade(role) ? "renegade-" + i : role === "outlaw" ? "outlaws" : "law");
  const teams = new Set(facts.dead.map((s, i) => team(s.role, i)));
  const renegades = facts.dead.filter((s) => renegade(s.role)).length;
  const size = facts.ghosts === 1 ? "page.ghost-alone" : teams.size === 1 ? "page.ghosts-one-team" : "page.ghosts-teams";
  const lines = [t(size, { ghosts: facts.ghosts, teams: teams.size })];
  lines.push(t(teams.size === 1 ? "page.one-team" : "page.many-teams"));
  lines.push(t(renegades ? "page.renegade-assists" : "page.no-assists"));
  const others = Math.max(0, facts.ghosts - 1);
  lines.push(t(others === 0 ? "page.counters-none" : others === 1 ? "page.counters-one" : "page.counters-at-most", { count: others }));
  return lines.join(" ");
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
      el("button", { type: "button", "aria-pressed": String(seat.dead), "aria-label": t("page.player-dead", { player: seat.name || t("page.player", { number: i + 1 }) }),
        onclick: () => { seat.dead = !seat.dead; changed(); } }, t(seat.dead ? "page.dead" : "page.alive")),
      el("div", { class: "controls" },
        el("label", { class: "sr-only", for: "role-" + i }, t("page.player-role", { number: i + 1 })),
        el("select", { id: "role-" + i, onchange: (e) => { seat.role = e.target.value; changed(); } },
          Object.entries(ROLE_NAMES).map(([id, name]) => el("option", { value: id, selected: seat.role === id }, name)))),
    ))),
    el("h2", {}, t("page.the-ghosts")),
    el("p", { "aria-live": "polite" }, teamsText(tableFacts())),
    el("h2", {}, t("page.high-noon")),
    el("div", { class: "row" },
      el("label", { class: "sr-only", for: "high-noon" }, t("page.high-noon-label")),
      el("select", { id: "high-noon", class: "grow", onchange: (e) => { state.highNoon = e.target.value; changed(); } },
        HIGH_NOON_CARDS.map(([id, name]) => el("option", { value: id, selected: state.highNoon === id }, name))),
      state.highNoon === "handcuffs" ? el("select", { "aria-label": t("page.handcuffs-suit"), onchange: (e) => { state.handcuffs = e.target.value; changed(); } },
        SUIT_LIST.map(([id, symbol]) => el("option", { value: id, selected: state.handcuffs === id }, symbol + " " + t("page.suit-" + id)))) : null),
    el("h2", {}, t("page.roles-for", { players: state.players })),
    roles.error ? null : el("ul", { class: "plain" }, Object.values(roles.goals).map((g) => el("li", {}, el("strong", {}, g.name + ": "), g.goal, " ", el("span", { class: "muted" }, t("page.goal-death-mesa", { text: g.death_mesa }))))),
    el("p", { class: "muted" }, roles.one_team || ""),
    el("div", { class: "row" }, el("button", { type: "button", onclick: () => {
      if (confirm(t("page.clear-ask"))) { state = { ...blankState(), tab: state.tab }; changed(); }
    } }, t("page.clear-table")),
    el("button", { type: "button", onclick: () => {
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

function renderLookup() {
  const root = document.getElementById("lookup");
  const out = el("div", { "aria-live": "polite" });
  function show(query) {
    state.lookup = query;
    save();
    if (!query.trim()) { fill(out, el("p", { class: "muted" }, t("page.lookup-hint"))); return; }
    const found = window.printkit.lookup(query, state.aceValue);
    fill(out, ...(found.error ? [el("p", {}, found.error)] : found.map(cardView)));
  }
  const input = el("input", { type: "text", id: "query", value: state.lookup, autocomplete: "off", placeholder: t("page.lookup-placeholder"), oninput: (e) => show(e.target.value) });
  fill(root, 
    el("label", { for: "query" }, t("page.lookup-label")), input,
    picker(t("page.look-up"), (code) => { input.value = code; show(code); }),
    out);
  show(state.lookup);
}

// -- negation -----------------------------------------------------------------------

function negationArgs() {
  const n = state.negate;
  const args = { boosts: n.boosts, assists: n.assists, counters: n.counters, ace_value: state.aceValue, royal: state.royal };
  if (n.mode === "one") args.played = n.played[0];
  else args[n.mode] = n.played;
  const facts = tableFacts();
  if (facts.ghosts) {
    if (facts.known) {
      const ghost = Math.min(n.ghost, facts.ghosts - 1);
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

function renderNegate() {
  const root = document.getElementById("negate");
  const n = state.negate;
  const need = n.mode === "one" ? 1 : 2;
  const facts = tableFacts();
  const add = (list) => (code) => {
    const all = [...n.played, ...n.boosts, ...n.assists, ...n.counters];
    if (all.includes(code)) return;
    if (list === "played") {
      n.played = need === 1 ? [code] : [...n.played, code].slice(-2);
      // The played card is in: the next cards are thrown against it, until told otherwise.
      if (n.played.length === need) renderNegate.target = "counters";
    } else {
      n[list].push(code);
    }
    changed();
  };
  let target = renderNegate.target || "played";
  const result = n.played.length === need ? window.printkit.negate(negationArgs()) : null;
  fill(root, 
    highNoonLine("negate"),
    el("div", { class: "modes", role: "group", "aria-label": t("page.what-is-played") },
      ["one", "spook", "warn"].map((mode) => [mode, t("page.mode-" + mode)]).map(([mode, label]) => el("button", {
        type: "button", "aria-pressed": String(n.mode === mode), onclick: () => {
          // The played card stays: it is the first of a pair, or the one card played.
          n.mode = mode;
          n.played = n.played.slice(0, mode === "one" ? 1 : 2);
          renderNegate.target = n.played.length === (mode === "one" ? 1 : 2) ? "counters" : "played";
          changed();
        } }, label))),
    facts.ghosts && facts.known ? el("div", { class: "row" },
      el("label", { for: "ghost" }, t("page.playing-ghost")),
      el("select", { id: "ghost", class: "grow", onchange: (e) => { n.ghost = Number(e.target.value); changed(); } },
        facts.dead.map((s, i) => el("option", { value: i, selected: i === n.ghost }, t("page.ghost-option", { player: s.name || t("page.player", { number: seats().indexOf(s) + 1 }), role: ROLE_NAMES[s.role] }))))) : null,
    el("div", { class: "panel" },
      el("div", {}, el("strong", {}, t("page.played-list")), chips(n.played, (i) => { n.played.splice(i, 1); changed(); }, t("page.list-played"))),
      n.boosts.length ? el("div", {}, el("strong", {}, t("page.boosts-list")), chips(n.boosts, (i) => { n.boosts.splice(i, 1); changed(); }, t("page.list-boosts"))) : null,
      n.assists.length ? el("div", {}, el("strong", {}, t("page.assists-list")), chips(n.assists, (i) => { n.assists.splice(i, 1); changed(); }, t("page.list-assists"))) : null,
      el("div", {}, el("strong", {}, t("page.counters-list")), chips(n.counters, (i) => { n.counters.splice(i, 1); changed(); }, t("page.list-counters")))),
    el("div", { class: "panel", "aria-live": "polite" }, verdictView(result, need)),
    el("div", { class: "targets", role: "group", "aria-label": t("page.next-card") },
      [["played", "page.as-played"], ["boosts", "page.as-boost"], ["assists", "page.as-assist"], ["counters", "page.as-counter"]].map(([list, key]) => [list, t(key)]).map(([list, label]) => el("button", {
        type: "button", "aria-pressed": String(target === list), onclick: () => { renderNegate.target = list; renderNegate(); } }, label))),
    picker(t("page.negation-card"), (code) => add(target)(code)),
    el("div", { class: "row" },
      el("button", { type: "button", "aria-pressed": String(state.aceValue === 1), onclick: () => { state.aceValue = state.aceValue === 1 ? DATA.default_ace_value : 1; changed(); } }, t("page.ace-low")),
      el("button", { type: "button", "aria-pressed": String(state.royal), onclick: () => { state.royal = !state.royal; changed(); } }, t("page.royal")),
      el("button", { type: "button", onclick: () => { Object.assign(n, { played: [], boosts: [], assists: [], counters: [] }); renderNegate.target = "played"; changed(); } }, t("page.clear-cards"))),
    el("p", { class: "muted" }, facts.ghosts ? teamsText(facts) : t("page.mark-the-dead")),
  );
}

// The High Noon card in play, said on every tab it changes, with what it changes there.
function highNoonLine(tab) {
  const card = state.highNoon;
  if (!card) return null;
  const key = "page.in-play-" + card + (card === "blessing" || card === "curse" ? "-" + tab : "");
  if (!(key in DATA.words)) return null; // a card that changes nothing on this tab
  return el("p", { class: "notice" }, t(key, { suit: t("page.suit-" + state.handcuffs) }));
}

function verdictView(result, need) {
  if (!result) return el("p", { class: "muted" }, t(need === 1 ? "page.tap-played" : "page.tap-pair"));
  if (result.error) return el("p", { class: "verdict bad" }, result.error);
  return [
    el("p", { class: "verdict " + (result.negated ? "bad" : "good") }, t(result.negated ? "page.negated" : result.negatable ? "page.not-negated" : "page.cannot-negate")),
    el("p", {}, result.verdict),
    el("p", { class: "muted" }, t("page.sums", { played: result.played_value, colour: t("colour." + result.color), counters: result.counter_value, discarded: result.discarded.map(symbolOf).join(" ") || t("page.nothing") })),
    result.readings.length ? el("ul", { class: "plain muted" }, result.readings.map((r) => el("li", {}, r))) : null,
  ];
}

// -- draw! ----------------------------------------------------------------------------

function drawArgs() {
  const d = state.draw;
  const args = { check: d.check, cards: d.cards, lucky_duke: d.luckyDuke };
  if (["blessing", "curse", "hangover", "new-identity"].includes(state.highNoon)) args.high_noon = state.highNoon;
  return args;
}

// The checks whose own card lies in front of the player, out of the draw pile (the
// three Jails differ for the check, so which one is in play is not guessed).
const OWN_CARD = { barrel: "barrel", dynamite: "dynamite" };

function renderDraw() {
  const root = document.getElementById("draw");
  const d = state.draw;
  d.seen = d.seen || [];
  const args = drawArgs();
  const result = d.cards.length ? window.printkit.draw(args) : null;
  const oddsChecks = d.check === "dynamite+jail" ? ["dynamite", "jail"] : [d.check];
  const target = d.target || "flipped";
  const tap = (code) => {
    const list = target === "seen" ? d.seen : d.cards;
    if (!d.cards.includes(code) && !d.seen.includes(code)) { list.push(code); changed(); }
  };
  fill(root,
    highNoonLine("draw"),
    el("div", { class: "checks", role: "group", "aria-label": t("page.the-check") }, Object.entries(CHECK_NAMES).map(([id, name]) => el("button", {
      type: "button", "aria-pressed": String(d.check === id), onclick: () => { d.check = id; d.cards = []; changed(); } }, name))),
    el("div", { class: "row" }, el("button", { type: "button", "aria-pressed": String(d.luckyDuke), onclick: () => { d.luckyDuke = !d.luckyDuke; changed(); } }, t("page.lucky-duke")),
      el("button", { type: "button", onclick: () => { d.cards = []; changed(); } }, t("page.clear-flipped"))),
    el("div", { class: "panel" }, el("div", {}, el("strong", {}, t("page.flipped-list")), chips(d.cards, (i) => { d.cards.splice(i, 1); changed(); }, t("page.flipped-cards")))),
    el("div", { class: "panel", "aria-live": "polite" }, drawView(result)),
    el("div", { class: "modes", role: "group", "aria-label": t("page.next-card") },
      [["flipped", t("page.as-flipped")], ["seen", t("page.as-seen")]].map(([id, label]) => el("button", {
        type: "button", "aria-pressed": String(target === id), onclick: () => { d.target = id; changed(); } }, label))),
    el("p", { class: "muted" }, target === "seen"
      ? t("page.tap-seen")
      : t("page.tap-flipped" + (d.check === "dynamite+jail" ? "-both" : "") + (d.luckyDuke ? "-two" : ""))),
    picker(t("page.flipped-card"), tap),
    el("h2", {}, t("page.odds")),
    el("div", { class: "panel" }, el("div", {}, el("strong", {}, t("page.seen-list")), chips(d.seen, (i) => { d.seen.splice(i, 1); changed(); }, t("page.cards-seen"))),
      el("div", { class: "row" },
        el("button", { type: "button", "aria-pressed": String(d.inPlay !== false), onclick: () => { d.inPlay = d.inPlay === false; changed(); } }, t("page.own-card")),
        el("button", { type: "button", onclick: () => { d.seen = []; changed(); } }, t("page.clear-seen")))),
    oddsChecks.map((check) => oddsView(check, args)),
  );
}

function drawView(result) {
  if (!result) return el("p", { class: "muted" }, t("page.outcome-here"));
  if (result.error) return el("p", { class: "verdict bad" }, result.error);
  const checks = result.checks || [result];
  return checks.map((r) => [
    el("p", { class: "verdict" }, t("page.outcome", { check: CHECK_NAMES[r.check], outcome: r.outcome.replace(/-/g, " ") })),
    el("p", {}, r.lucky_duke
      ? t("page.chosen-lucky", { card: symbolOf(r.chosen), cards: t("join.and", { first: symbolOf(r.cards[0]), second: symbolOf(r.cards[1]) }), meaning: r.meaning })
      : r.high_noon === "blessing" || r.high_noon === "curse"
        ? t("page.chosen-counts", { card: symbolOf(r.chosen), suit: t("answer.suit." + r.effective_suit), meaning: r.meaning })
        : t("page.chosen", { card: symbolOf(r.chosen), meaning: r.meaning })),
    r.readings.length ? el("ul", { class: "plain muted" }, r.readings.map((x) => el("li", {}, t("note.reading", { short: x })))) : null,
  ]);
}

function oddsView(check, args) {
  const d = state.draw;
  const query = { check, lucky_duke: args.lucky_duke, high_noon: args.high_noon, seen: d.seen || [] };
  if (d.inPlay !== false && OWN_CARD[check]) query.in_play = [OWN_CARD[check]];
  const result = window.printkit.odds(query);
  if (result.error) return el("p", { class: "muted" }, result.error);
  return el("div", { class: "panel" },
    el("p", {}, el("strong", {}, CHECK_NAMES[check]), " ", el("span", { class: "muted" }, window.printkit.oddsText(query))),
    el("table", { class: "odds" }, Object.entries(result.outcomes).map(([outcome, o]) => el("tr", {},
      el("td", {}, outcome.replace(/-/g, " ")), el("td", { class: "n" }, o.fraction), el("td", { class: "n" }, (100 * o.probability).toFixed(1) + "%"), el("td", { class: "muted" }, o.meaning)))),
    result.readings.length ? el("p", { class: "muted" }, result.readings.map((r) => t("note.reading", { short: r })).join("; ")) : null);
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
  RENDER[tab]();
  if (moved) window.scrollTo(0, 0); // each tab opens at its top
}

function changed() {
  save();
  RENDER[state.tab || "lookup"]();
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

function start() {
  document.querySelector("nav").replaceChildren(...TABS.map(([id, name]) => el("button", { type: "button", id: "tab-" + id, onclick: () => show(id) }, name)));
  show(state.tab || "lookup");
  showNotice();
}

document.addEventListener("DOMContentLoaded", start);
