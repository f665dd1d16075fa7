// printkit's table companion, in the page: the same rules as printkit/rules/*.py, over
// the same data (generated from the catalogue into DATA). Every function returns the
// object the matching command prints with --json, or {error: "..."} where the command
// stops with an error. tests/test_table_page.py holds the two to identical answers.
"use strict";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS = ["spades", "clubs", "hearts", "diamonds"];
const LETTERS = { spades: "S", clubs: "C", hearts: "H", diamonds: "D" };
const SYMBOLS = { spades: "\u2660", clubs: "\u2663", hearts: "\u2665", diamonds: "\u2666" };

// A rule's refusal, by the id of its message in the words' catalogue (printkit/words),
// with the values it names; the page says it with say(), as the command line does.
class RulesError extends Error {
  constructor(key, values) {
    super(key);
    this.key = key;
    this.values = values || {};
  }
}

// A catalogue message with its values in place: {name}, or {name!r} quoted as typed.
function say(words, key, values) {
  let text = words[key];
  if (typeof text === "object") {
    // A message said in several forms (CLDR's plural categories), chosen by its count.
    text = text[new Intl.PluralRules(words["page.language"]).select(Math.abs(values.count))] || text.other;
  }
  text = text.replace(/\{(\w+)(!r)?\}/g, (_, name, quote) => (quote ? repr(String(values[name])) : String(values[name])));
  // A full stop after a value that ends in its own mark ("a BANG!.") is not written.
  return text.replace(/([!?])\.(?!\.)/g, "$1");
}

// Python's repr() of a string, as the command line's messages quote what was typed.
function repr(text) {
  if (text.includes("'") && !text.includes('"')) return '"' + unprintable(text.replace(/\\/g, "\\\\")) + '"';
  return "'" + unprintable(text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")) + "'";
}

// What Python's repr() writes as an escape: a character that prints nothing of its own
// (a no-break space is \xa0, a zero-width joiner \u200d).
function unprintable(text) {
  return text.replace(/[\p{Z}\p{C}]/gu, (ch) => {
    if (ch === " ") return ch;
    const named = { "\n": "\\n", "\t": "\\t", "\r": "\\r" }[ch];
    if (named) return named;
    const code = ch.codePointAt(0);
    if (code < 0x100) return "\\x" + code.toString(16).padStart(2, "0");
    if (code < 0x10000) return "\\u" + code.toString(16).padStart(4, "0");
    return "\\U" + code.toString(16).padStart(8, "0");
  });
}

// -- playing cards and notation (printkit/values/notation.py) --------------------------------

function card(rank, suit) {
  return {
    rank, suit,
    code: rank + LETTERS[suit],
    symbol: rank + SYMBOLS[suit],
    color: suit === "hearts" || suit === "diamonds" ? "red" : "black",
  };
}

function value(c, aceValue) {
  if (c.rank === "A") return aceValue;
  if (c.rank === "J" || c.rank === "Q" || c.rank === "K") return 10;
  return parseInt(c.rank, 10);
}

function suitColor(suit) {
  return suit === "hearts" || suit === "diamonds" ? "red" : "black";
}

// What reads as a rank and a suit, folded (printkit/values/notation.py's Grammar, in
// the page's language with English and the codes): set by makeCompanion from the data.
let NOTATION = null;

function alternation(tokens) {
  return Object.keys(tokens)
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|");
}

function grammar(notation) {
  const ranks = alternation(notation.ranks);
  const suits = alternation(notation.suits);
  const words = {};
  for (const w of notation.between) words[w] = true;
  const between = notation.between.length ? "(?:(?:" + alternation(words) + ")\\s*)?" : "";
  return {
    ...notation,
    card: new RegExp("^(" + ranks + ")\\s*" + between + "(" + suits + ")$", "u"),
    // The suit first: "♥10", "HQ", "hearts 10" (no token is both a rank and a suit).
    suitFirst: new RegExp("^(" + suits + ")\\s*" + between + "(" + ranks + ")$", "u"),
    suitish: new RegExp("(" + suits + ")\\s*$", "u"),
    cardish: new RegExp("^(\\d+|[\\p{L}\\p{N}_]{1,5})\\s*" + between + "(" + suits + ")$", "u"),
    trailing: new RegExp("\\s*(?:" + (notation.between.length ? alternation(words) : "(?!)") + ")\\s*$", "u"),
  };
}

// A text as reading compares it: lower case, accents off, runs of spaces one.
function fold(text) {
  text = text.replace(/\ufe0f|\ufe0e/g, "").replace(/\u2019/g, "'").normalize("NFKD").replace(/\p{M}/gu, "");
  return text.toLowerCase().split(/\s+/u).filter(Boolean).join(" ");
}

function normalise(text) {
  text = fold(text);
  for (const article of NOTATION.articles) {
    if (article.endsWith("'") && text.startsWith(article)) return text.slice(article.length).trimStart();
    if (text.startsWith(article + " ")) return text.slice(article.length + 1);
  }
  return text;
}

function parseCard(text) {
  if (typeof text !== "string") throw new RulesError("card.not-text", { text: String(text) });
  const normal = normalise(text);
  const match = NOTATION.card.exec(normal);
  if (match) return card(NOTATION.ranks[match[1]], NOTATION.suits[match[2]]);
  const reversed = NOTATION.suitFirst.exec(normal);
  if (reversed) return card(NOTATION.ranks[reversed[2]], NOTATION.suits[reversed[1]]);
  throw new RulesError(trouble(normal), { card: text.trim() || text });
}

function trouble(normal) {
  if (!normal) return "card.empty";
  const suitMatch = NOTATION.suitish.exec(normal);
  if (suitMatch) {
    const rankPart = normal.slice(0, suitMatch.index).replace(NOTATION.trailing, "").trim();
    if (!(rankPart in NOTATION.ranks)) return rankPart === "1" || rankPart === "one" ? "card.one-is-ace" : "card.bad-rank";
  }
  const rankMatch = /^\s*(\d+|[\p{L}\p{N}_]+)/u.exec(normal);
  if (rankMatch && rankMatch[1] in NOTATION.ranks) return "card.bad-suit";
  return "card.unreadable";
}

// -- the deck and lookup (printkit/rules/lookup.py) -----------------------------------------

function nameKey(name) {
  return name.toLowerCase().replace(/&/g, " and ").normalize("NFKD")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

function deckCard(data, c) {
  return data.cards.find((record) => record.code === c.code);
}

function record(data, entry, aceValue) {
  const out = { code: entry.code };
  if (entry.rank !== undefined) {
    out.rank = entry.rank;
    out.suit = entry.suit;
    out.symbol = entry.symbol;
    out.color = entry.color;
    out.value = value(entry, aceValue);
  }
  for (const key of ["effect", "name", "text", "summary", "targets", "timing", "negatable", "shared_with"]) {
    out[key] = entry[key];
  }
  if (entry.type !== undefined) out.type = entry.type;
  return out;
}

function matchEffect(data, query) {
  const key = nameKey(query);
  if (!key) return null;
  for (const effect of data.effects) if (effect.keys.includes(key)) return effect;
  if (key.length >= 4) {
    const starts = data.effects.filter((e) => e.prefixes.some((p) => p.startsWith(key)));
    if (starts.length === 1) return starts[0];
  }
  return null;
}

function findCards(data, query) {
  if (data.deck.playing_cards) {
    try {
      const c = parseCard(query);
      return [deckCard(data, c)];
    } catch (e) {
      if (!(e instanceof RulesError)) throw e;
    }
  }
  const effect = matchEffect(data, query);
  if (effect) return data.cards.filter((entry) => entry.effect === effect.id);
  throw noMatch(data, query);
}

// Python's difflib.SequenceMatcher(None, a, b).ratio(), for short names (no junk): twice
// the characters of the matching blocks over both lengths.
function ratio(a, b) {
  const b2j = {};
  [...b].forEach((ch, j) => (b2j[ch] = b2j[ch] || []).push(j));
  let matches = 0;
  const queue = [[0, a.length, 0, b.length]];
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop();
    let besti = alo, bestj = blo, bestsize = 0;
    let j2len = {};
    for (let i = alo; i < ahi; i++) {
      const next = {};
      for (const j of b2j[a[i]] || []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (next[j] = (j2len[j - 1] || 0) + 1);
        if (k > bestsize) { besti = i - k + 1; bestj = j - k + 1; bestsize = k; }
      }
      j2len = next;
    }
    if (bestsize) {
      matches += bestsize;
      if (alo < besti && blo < bestj) queue.push([alo, besti, blo, bestj]);
      if (besti + bestsize < ahi && bestj + bestsize < bhi) queue.push([besti + bestsize, ahi, bestj + bestsize, bhi]);
    }
  }
  const total = a.length + b.length;
  return total ? (2 * matches) / total : 1;
}

// Python's difflib.get_close_matches(word, choices, n, 0.6), as printkit.errors.did_you_mean.
function closeMatches(word, choices, n) {
  const scored = choices.map((x) => [ratio(x, word), x]).filter(([score]) => score >= 0.6);
  scored.sort((p, q) => q[0] - p[0] || (q[1] > p[1] ? 1 : q[1] < p[1] ? -1 : 0));
  return scored.slice(0, n).map(([, x]) => x);
}

// The command line's answer to a query that names nothing (printkit/rules/lookup.py's
// _no_match): the closest effects, or what is wrong with a near card, or what to try.
function noMatch(data, query) {
  const names = {};
  for (const effect of data.effects) for (const key of effect.prefixes) if (!(key in names)) names[key] = effect;
  const suggestions = [];
  for (const key of closeMatches(nameKey(query), Object.keys(names), 3)) {
    const effect = names[key];
    const cards = data.cards.filter((e) => e.effect === effect.id && e.symbol).map((e) => e.symbol);
    const shown = cards.length ? effect.name + " (" + cards.join(", ") + ")" : effect.name;
    if (!suggestions.includes(shown)) suggestions.push(shown);
  }
  if (suggestions.length) return new RulesError("lookup.did-you-mean", { query, names: suggestions.join(" or ") });
  const normal = normalise(query);
  if (data.deck.playing_cards && (NOTATION.card.test(normal) || NOTATION.suitFirst.test(normal) || NOTATION.cardish.test(normal))) {
    try { parseCard(query); } catch (e) { if (e instanceof RulesError) return e; throw e; }
  }
  return new RulesError(data.deck.playing_cards ? "lookup.no-card-or-effect" : "lookup.no-effect", { query });
}

function findCard(data, query) {
  try {
    return parseCard(query);
  } catch (error) {
    const effect = matchEffect(data, query);
    if (effect) {
      const options = data.cards.filter((e) => e.effect === effect.id && e.symbol).map((e) => e.symbol);
      throw new RulesError("lookup.effect-not-card", { query, cards: options.join(", ") });
    }
    throw error;
  }
}

// -- draw! checks (printkit/rules/draw.py) ------------------------------------------------

// A card's outcome for a check, read off the check's table (printkit/rules/draw.py's
// CHECKS, carried in the page's data): the first row whose suits and ranks hold it.
function decide(check, suit, rank) {
  return check.rules.find(([, suits, ranks]) => suits.includes(suit) && ranks.includes(rank))[0];
}

function effectiveSuit(data, c, highNoon) {
  return data.high_noon[highNoon || ""] || c.suit;
}

function luckyDukeApplies(data, check, luckyDuke, highNoon) {
  if (highNoon != null && !data.draw_high_noon.includes(highNoon)) {
    throw new RulesError("draw.high-noon", { card: highNoon, cards: data.draw_high_noon.join(", ") });
  }
  const applied = []; // Blessing and Curse set a draw!'s suit by their own text: no reading
  if (!luckyDuke) return [false, applied];
  if (check.lucky_duke) {
    const found = data.readings[check.lucky_duke];
    throw new RulesError("draw.lucky-duke-cannot", { short: found.short, reading: found.reading });
  }
  if (highNoon === "hangover") return [false, [...applied, "hangover"]];
  if (highNoon === "new-identity") applied.push("new-identity");
  if (check.reading) applied.push(check.reading);
  return [true, applied];
}

function judge(data, checkId, cards, highNoon, luckyDuke) {
  const check = data.checks[checkId];
  if (!check) throw new RulesError("draw.no-check", { check: checkId, checks: Object.keys(data.checks).join(", ") });
  const [two, applied] = luckyDukeApplies(data, check, luckyDuke, highNoon);
  if (two && cards.length !== 2) throw new RulesError("draw.lucky-duke-two", { count: cards.length });
  if (!two && cards.length !== 1) {
    throw new RulesError(luckyDuke ? "draw.hangover-one-card" : "draw.one-card", { check: check.name, count: cards.length });
  }
  const rankOf = (c) => check.outcomes.indexOf(decide(check, effectiveSuit(data, c, highNoon), c.rank));
  let chosen = cards[0];
  for (const c of cards.slice(1)) if (rankOf(c) < rankOf(chosen)) chosen = c;
  const suit = effectiveSuit(data, chosen, highNoon);
  const outcome = decide(check, suit, chosen.rank);
  return {
    check: checkId,
    cards: cards.map((c) => c.code),
    chosen: chosen.code,
    effective_suit: suit,
    outcome,
    meaning: check.meaning[outcome],
    high_noon: highNoon == null ? null : highNoon,
    lucky_duke: two,
    readings: applied.map((id) => data.readings[id].short),
    reading_ids: applied,
  };
}

function draw(data, args) {
  const checkId = args.check;
  const highNoon = args.high_noon == null ? null : args.high_noon;
  const luckyDuke = Boolean(args.lucky_duke);
  if (checkId !== "dynamite+jail" && !(checkId in data.checks)) {
    throw new RulesError("draw.no-check", { check: String(checkId), checks: [...Object.keys(data.checks), "dynamite+jail"].join(", ") });
  }
  const cards = (args.cards || []).map(parseCard);
  if (checkId !== "dynamite+jail") return judge(data, checkId, cards, highNoon, luckyDuke);
  const [two] = luckyDukeApplies(data, data.checks.dynamite, luckyDuke, highNoon);
  const each = two ? 2 : 1;
  if (cards.length !== 2 * each) {
    throw new RulesError("draw.dynamite-then-jail", { need: 2 * each, each, count: cards.length });
  }
  return {
    check: checkId,
    checks: [
      judge(data, "dynamite", cards.slice(0, each), highNoon, luckyDuke),
      judge(data, "jail", cards.slice(each), highNoon, luckyDuke),
    ],
  };
}

// -- odds (printkit/rules/odds.py) ------------------------------------------------------

function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return a;
}

function fraction(n, d) {
  const g = gcd(n, d) || 1;
  return [n / g, d / g];
}

function remaining(data, source, checkId, seen, inPlay, highNoon) {
  if (!seen.length && !inPlay.length) return source;
  if (source.chances) {
    throw new RulesError("odds.fixed-not-cards", { deck: source.id });
  }
  const left = source.cards.map((entry) => ({ card: parseCard(entry[0]), name: entry[1] }));
  const take = (index, what) => {
    if (index < 0) throw new RulesError("odds.none-left", { card: what, deck: source.id });
    left.splice(index, 1);
  };
  for (const text of seen) {
    const c = parseCard(text);
    take(left.findIndex((e) => e.card.code === c.code), c.symbol);
  }
  const names = new Set([...left.map((e) => e.name.toLowerCase()), ...source.cards.map((e) => e[1].toLowerCase())]);
  for (const text of inPlay) {
    const colon = text.indexOf(":");
    const name = colon < 0 ? text : text.slice(0, colon);
    const cardText = colon < 0 ? "" : text.slice(colon + 1);
    const typed = name.trim().toLowerCase();
    // A translated deck's cards are read by their English names too ("barrel": Barel).
    const key = ((source.english || {})[typed] || typed).toLowerCase();
    if (!names.has(key)) throw new RulesError("odds.no-name", { deck: source.id, name: name.trim() });
    let copies = left.map((e, i) => i).filter((i) => left[i].name.toLowerCase() === key);
    if (cardText) {
      const c = parseCard(cardText);
      copies = copies.filter((i) => left[i].card.code === c.code);
    } else {
      const outcomes = new Set(copies.map((i) => decide(data.checks[checkId], effectiveSuit(data, left[i].card, highNoon), left[i].card.rank)));
      if (outcomes.size > 1) {
        const options = copies.map((i) => name.trim() + ":" + left[i].card.code).join(", ");
        throw new RulesError("odds.copies-differ", { name: name.trim(), cards: options });
      }
    }
    take(copies.length ? copies[0] : -1, text);
  }
  return { id: source.id, cards: left.map((e) => [e.card.code, e.name]), removed: (source.removed || 0) + source.cards.length - left.length };
}

function odds(data, args) {
  const checkId = args.check;
  const check = data.checks[checkId];
  if (!check) throw new RulesError("draw.no-check", { check: String(checkId), checks: Object.keys(data.checks).join(", ") });
  const highNoon = args.high_noon == null ? null : args.high_noon;
  const luckyDuke = Boolean(args.lucky_duke);
  const deckId = args.deck || "bang";
  let source = data.draw_decks[deckId];
  if (!source) throw new RulesError("odds.no-deck", { deck: String(deckId) });
  source = remaining(data, source, checkId, args.seen || [], args.in_play || [], highNoon);
  let result;
  let applied = [];
  let counted = false;
  if (source.chances) {
    if (highNoon || luckyDuke) {
      throw new RulesError("odds.fixed-no-suits", { deck: source.id });
    }
    if (!(checkId in source.chances)) {
      throw new RulesError("odds.no-such-check", { deck: source.id, check: check.name, checks: Object.keys(source.chances).join(", ") });
    }
    result = source.chances[checkId].map(([outcome, n, d]) => [outcome, [n, d]]);
  } else {
    const [two, readingIds] = luckyDukeApplies(data, check, luckyDuke, highNoon);
    applied = readingIds;
    counted = luckyDuke && !applied.includes("hangover");
    const counts = check.outcomes.map((o) => source.cards.filter(([code]) => {
      const c = parseCard(code);
      return decide(check, effectiveSuit(data, c, highNoon), c.rank) === o;
    }).length);
    const total = source.cards.length;
    if (!two) {
      result = check.outcomes.map((o, i) => [o, fraction(counts[i], total)]);
    } else {
      if (total < 2) throw new RulesError("odds.lucky-duke-two-cards");
      const pairs = total * (total - 1);
      result = check.outcomes.map((o, i) => {
        const worse = counts.slice(i).reduce((a, b) => a + b, 0);
        const strictly = counts.slice(i + 1).reduce((a, b) => a + b, 0);
        return [o, fraction(worse * (worse - 1) - strictly * (strictly - 1), pairs)];
      });
    }
  }
  const out = {
    check: checkId,
    deck: source.id,
    cards: source.chances ? null : source.cards.length,
  };
  if (!source.chances) {
    out.high_noon = highNoon;
    out.lucky_duke = counted;
  } else {
    out.high_noon = highNoon;
    out.lucky_duke = false;
  }
  out.outcomes = {};
  for (const [outcome, [n, d]] of result) {
    const meanings = (source.meanings || {})[checkId] || {};
    out.outcomes[outcome] = { probability: n / d, fraction: n + "/" + d, meaning: meanings[outcome] || check.meaning[outcome] };
  }
  out.readings = applied.map((id) => data.readings[id].short);
  out.reading_ids = applied;
  out.description = describeSource(data, source);
  return out;
}

function describeSource(data, source) {
  const deck = data.words["odds.deck-name." + source.id] || source.id; // as players call it
  if (source.chances) return say(data.words, "odds.over-fixed", { deck });
  const left = source.cards.length;
  if (source.removed) return say(data.words, "odds.over-left", { left, deck, whole: left + source.removed, out: source.removed });
  return say(data.words, "odds.over", { cards: left, deck });
}

// -- negation (printkit/rules/negation.py) -----------------------------------------------


// What the table makes of a play (printkit/rules/negation.py's _table): one ghost is one
// team; a dead Sheriff is the new dead Renegade; the royal variant needs one team.
function table(data, play, ghosts, dead, singleTeam, royal) {
  const applied = [];
  const notes = [];
  if (dead.length) {
    for (const role of dead) {
      if (!(role in data.teams)) throw new RulesError("negation.no-role", { role, roles: Object.keys(data.teams).join(", ") });
    }
    if (ghosts != null && ghosts !== dead.length) {
      throw new RulesError("negation.roles-and-ghosts", { roles: dead.length, ghosts });
    }
    ghosts = dead.length;
    if (dead.includes("sheriff")) {
      applied.push("dead-sheriff");
      dead = dead.map((role) => (role === "sheriff" ? "renegade" : role));
    }
    const teams = new Set(dead.map((role, i) => data.teams[role] || "renegade-" + i));
    const derived = teams.size === 1;
    if (singleTeam && !derived) {
      throw new RulesError("negation.teams-mixed");
    }
    if (royal && !derived) {
      notes.push(say(data.words, "note.royal-two-teams", {}));
      royal = false;
    }
    singleTeam = derived;
    if (play.assists.length && !dead.slice(1).includes("renegade")) {
      throw new RulesError("negation.only-renegade-assists");
    }
    if (play.pair != null && dead[0] !== data.pairs[play.pair]) {
      const role = say(data.words, "role." + data.pairs[play.pair]);
      const kind = say(data.words, "negation.kind-" + play.pair);
      const playing = say(data.words, "role." + dead[0]);
      throw new RulesError("negation.pair-role", { role, kind, playing });
    }
  } else if (ghosts === 1) {
    singleTeam = true; // the one ghost is a team of one
  } else {
    singleTeam = singleTeam || royal;
  }
  if (ghosts != null) {
    if (ghosts < 1) throw new RulesError("negation.no-ghost");
    const others = ghosts - 1;
    if (others === 0 && (play.counters.length || play.assists.length)) {
      throw new RulesError("negation.lone-ghost");
    }
    const helpers = play.assists.length ? 1 : 0;
    if (play.counters.length > others - helpers) {
      throw new RulesError("negation.too-many-counters", { ghosts, others: others - helpers, count: play.counters.length });
    }
  }
  return { ghosts, singleTeam, royal, applied, notes };
}

function own(play) {
  return play.second ? [play.played, play.second] : [play.played];
}

function allCards(play) {
  return [...own(play), ...play.boosts, ...play.assists, ...play.counters];
}

function isRoyal(c) {
  return ["J", "Q", "K", "A"].includes(c.rank);
}

function checkLegal(data, play, playedColor, color, singleTeam, royal, handcuffs) {
  const seen = new Set();
  for (const c of allCards(play)) {
    if (seen.has(c.code)) throw new RulesError("negation.used-twice", { card: c.symbol });
    seen.add(c.code);
  }
  const played = play.played;
  for (const c of play.assists) {
    if (playedColor !== "both" && color(c) !== playedColor) {
      const colour = say(data.words, "colour." + color(c));
      const playedColour = say(data.words, "colour." + playedColor);
      throw new RulesError("negation.assist-colour", { card: c.symbol, colour, played: played.symbol, played_colour: playedColour });
    }
  }
  if (handcuffs != null) {
    if (!SUITS.includes(handcuffs)) throw new RulesError("negation.handcuffs-suit", { suits: SUITS.join(", "), suit: handcuffs });
    for (const c of [...own(play), ...play.boosts]) {
      if (c.suit !== handcuffs) {
        const suit = say(data.words, "suit." + handcuffs);
        throw new RulesError("negation.handcuffs-only", { suit, card: c.symbol });
      }
    }
  }
  if (singleTeam) {
    if (play.assists.length) {
      throw new RulesError("negation.renegade-two-teams");
    }
    const allowed = royal ? isRoyal(played) : played.rank === "A";
    if (!allowed && !play.boosts.length && !play.second) {
      const needed = say(data.words, royal ? "negation.needed-royal" : "negation.needed-ace");
      throw new RulesError("negation.one-team-card", { needed, card: played.symbol });
    }
  }
}

function sumText(cards, total, aceValue) {
  if (cards.length === 1) return cards[0].symbol + " " + value(cards[0], aceValue);
  return cards.map((c) => c.symbol).join(" + ") + " = " + total;
}

function negate(data, args) {
  if (!data.deck.playing_cards) throw new RulesError("negation.no-playing-cards", { deck: data.deck.name });
  const aceValue = args.ace_value == null ? data.default_ace_value : args.ace_value;
  const pairs = ["spook", "warn"].filter((kind) => args[kind]);
  if (pairs.length + (args.played != null ? 1 : 0) !== 1) {
    throw new RulesError("negation.played-or-pair");
  }
  const cardsOf = (list) => (list || []).map((text) => findCard(data, text));
  const rest = { boosts: cardsOf(args.boosts), assists: cardsOf(args.assists), counters: cardsOf(args.counters) };
  let play;
  if (pairs.length) {
    const kind = pairs[0];
    const two = cardsOf(args[kind]);
    if (two.length !== 2) {
      const named = say(data.words, "negation.kind-" + kind);
      throw new RulesError("negation.pair-size", { kind: named, count: two.length });
    }
    play = { played: two[0], second: two[1], pair: kind, ...rest };
  } else {
    play = { played: findCard(data, args.played), second: null, pair: null, ...rest };
  }
  const highNoon = args.high_noon == null ? null : args.high_noon;
  const handcuffs = args.handcuffs == null ? null : args.handcuffs;
  if (!data.ace_values.includes(aceValue)) throw new RulesError("negation.ace-value", { value: aceValue });
  if (highNoon != null && !(highNoon in data.high_noon)) {
    throw new RulesError("negation.high-noon", { card: highNoon });
  }
  if (highNoon != null && handcuffs != null) throw new RulesError("negation.one-high-noon");
  const dead = (args.dead || []).map((role) => role.toLowerCase());
  const seated = table(data, play, args.ghosts == null ? null : args.ghosts, dead, Boolean(args.single_team), Boolean(args.royal));
  const { ghosts, singleTeam, royal } = seated;
  let effect;
  if (play.pair == null) {
    effect = data.effects.find((e) => e.id === deckCard(data, play.played).effect);
  } else {
    effect = data.effects.find((e) => e.id === play.pair);
    if (!effect) {
      const kind = say(data.words, "negation.kind-" + play.pair);
      throw new RulesError("negation.no-pair-effect", { deck: data.deck.name, kind });
    }
  }
  const color = (c) => suitColor(effectiveSuit(data, c, highNoon));
  const applied = [...seated.applied];
  let playedColor = color(play.played);
  if (play.second) {
    applied.push("two-card-value");
    if (color(play.second) !== playedColor) {
      const first = value(play.played, aceValue);
      const second = value(play.second, aceValue);
      if (second !== first) {
        applied.push("two-card-colour");
        playedColor = second > first ? color(play.second) : playedColor;
      } else { // worth the same: red and black alike, whichever is named first
        applied.push("two-card-even");
        playedColor = "both";
      }
    }
  }
  checkLegal(data, play, playedColor, color, singleTeam, royal, handcuffs);
  const sum = (cards) => cards.reduce((total, c) => total + value(c, aceValue), 0);
  const playedValue = sum([...own(play), ...play.boosts, ...play.assists]);
  const counterValue = sum(play.counters);
  const wrong = playedColor === "both"
    ? (new Set(play.counters.map(color)).size > 1 ? [...play.counters] : []) // one colour, either
    : play.counters.filter((c) => color(c) === playedColor);
  const negated = effect.negatable && !wrong.length && counterValue > playedValue;
  const words = (key, values) => say(data.words, key, values || {});
  const notes = [...seated.notes];
  if (!effect.negatable) {
    notes.push(words("note.cannot-negate", { effect: effect.name }));
  } else if (wrong.length && playedColor === "both") {
    notes.push(words("note.both-colours"));
  } else if (wrong.length) {
    const key = wrong.length === 1 ? "note.wrong-colour-one" : "note.wrong-colour-many";
    notes.push(words(key, { cards: wrong.map((c) => c.symbol).join(", "), colour: words("colour." + playedColor) }));
  } else if (play.counters.length && counterValue === playedValue) {
    notes.push(words("note.tie"));
  }
  if (royal) notes.push(words("note.royal"));
  if (allCards(play).some((c) => c.rank === "A")) {
    if (aceValue === data.default_ace_value) applied.push("ace-value");
    else notes.push(words("note.ace-other", { value: aceValue }));
  }
  if (wrong.length && effect.negatable) applied.push("same-colour-counter");
  if (!effect.negatable && play.counters.length) applied.push("syphon-counters");
  if (effect.stays_in_play && !negated) applied.push("stays-in-play");
  if (highNoon != null) applied.push("high-noon-suits");
  if (handcuffs != null) applied.push("handcuffs");
  if (play.assists.length && ghosts != null) applied.push("renegade-assist-or-counter");
  if (play.pair != null) applied.push("two-card-who");
  let discarded = allCards(play);
  if (effect.stays_in_play && !negated && play.pair == null) {
    const mine = own(play).map((c) => c.code);
    discarded = discarded.filter((c) => !mine.includes(c.code));
  }
  const ours = [...own(play), ...play.boosts, ...play.assists];
  const counterSide = play.counters.length ? words("verdict.against", { cards: sumText(play.counters, counterValue, aceValue) }) : words("verdict.unopposed");
  const verdict = words(negated ? "verdict.negated" : !effect.negatable ? "verdict.cannot" : "verdict.not-negated");
  const name = play.pair ? words("verdict.two-cards", { effect: effect.name }) : effect.name;
  return {
    played: play.played.code,
    pair: play.pair,
    second: play.second ? play.second.code : null,
    effect: effect.name,
    effect_id: effect.id,
    negatable: effect.negatable,
    color: playedColor,
    boosts: play.boosts.map((c) => c.code),
    assists: play.assists.map((c) => c.code),
    counters: play.counters.map((c) => c.code),
    played_value: playedValue,
    counter_value: counterValue,
    negated,
    discarded: discarded.map((c) => c.code),
    ace_value: aceValue,
    single_team: singleTeam,
    ghosts,
    high_noon: highNoon != null ? highNoon : handcuffs != null ? "handcuffs (" + handcuffs + ")" : null,
    verdict: words("verdict.line", { effect: name, played: sumText(ours, playedValue, aceValue), counters: counterSide, verdict }),
    readings: [...notes, ...applied.map((id) => words("note.reading", { short: data.readings[id].short }))],
    reading_ids: applied,
  };
}

// -- the public face: window.printkit ---------------------------------------------------

function guarded(words, fn) {
  return (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      if (error instanceof RulesError) return { error: say(words, error.key, error.values) };
      throw error;
    }
  };
}

function makeCompanion(data) {
  NOTATION = grammar(data.notation);
  return {
    lookup: guarded(data.words, (query, aceValue) => findCards(data, String(query)).map((entry) => record(data, entry, aceValue == null ? data.default_ace_value : aceValue))),
    negate: guarded(data.words, (args) => negate(data, args || {})),
    draw: guarded(data.words, (args) => draw(data, args || {})),
    odds: guarded(data.words, (args) => {
      const out = odds(data, args || {});
      delete out.description;
      return out;
    }),
    roles: guarded(data.words, (players) => {
      const entry = data.roles[String(players)];
      if (!entry) throw new RulesError("roles.players", { low: 3, high: 8, players });
      return entry;
    }),
    oddsText: guarded(data.words, (args) => odds(data, args || {}).description),
    parseCard: guarded(data.words, (text) => parseCard(text).code),
    _data: data,
  };
}
