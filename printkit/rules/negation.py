"""Negation: does a ghost's card take effect, once the other ghosts have thrown cards at it?

The Death Mesa rule, as printkit applies it:

* played value  = the played card (or the two cards of a dead Renegade's Spook! or a dead
  Deputy's Warn) + every boost (cards the playing ghost discards from hand, any colour)
  + every assist (a dead Renegade's help, the played card's colour);
* counter value = the sum of the counters (at most one card from each other ghost);
* the card is negated only when every counter is of the opposite colour to the played
  card *and* the counter value is *greater* than the played value: a tie leaves it
  standing, and so does a counter of the played card's own colour. Syphon is never
  negated. Every card involved is discarded, except a played card that stays in play.
* With one team of ghosts (``single_team``, or derived from the roles of the dead) a
  card may only be played if it is an Ace or comes with a boost; the optional royal
  variant lets J, Q, K or A stand alone.
* What the table knows limits the play: with N ghosts at most N - 1 counters, none
  when a ghost is alone; an assist needs a dead Renegade; High Noon's Blessing and Curse
  make every card one colour, and Handcuffs binds the playing ghost to one suit.

Where the sources leave a question open, the answer names the reading it applied (by
its id in the words' catalogue, printkit/words/en/). Pure functions: nothing here
prints, and the rulebook's worked examples call them too.
"""

# Evaluated annotations, as in printkit.values.model: `negate` defines these classes at every
# start.
from collections.abc import Sequence
from typing import NamedTuple

from ..errors import RulesError
from ..values.model import (
    ACE_VALUES,
    DEFAULT_ACE_VALUE,
    HIGH_NOON,
    SUITS,
    Deck,
    Effect,
    PlayingCard,
    effective_suit,
    suit_color,
)
from ..values.notation import parse_card
from ..words import say
from .readings import reading

__all__ = [
    "PAIRS",
    "ROLES",
    "Negation",
    "Play",
    "describe",
    "resolve",
    "resolve_arguments",
    "to_json",
]

#: Two-card plays: the effect they stand for, and the dead role that may make them.
PAIRS = {"spook": "renegade", "warn": "deputy"}
#: The colour of a mixed pair whose two cards are worth the same: red and black alike.
BOTH = "both"

#: The roles a dead player can have, and the team each plays for. Each Renegade plays
#: alone, so two dead Renegades are two teams.
ROLES = {"sheriff": "law", "deputy": "law", "outlaw": "outlaws", "renegade": None}


class Play(NamedTuple):
    """The cards on the table: the one played and those thrown with or against it."""

    played: PlayingCard
    boosts: tuple[PlayingCard, ...] = ()
    assists: tuple[PlayingCard, ...] = ()
    counters: tuple[PlayingCard, ...] = ()
    pair: str | None = None  # "spook" or "warn": ``played`` and ``second`` are one play
    second: PlayingCard | None = None

    @classmethod
    def of(
        cls,
        played: PlayingCard,
        boosts: Sequence[PlayingCard] = (),
        assists: Sequence[PlayingCard] = (),
        counters: Sequence[PlayingCard] = (),
    ) -> "Play":
        return cls(played, tuple(boosts), tuple(assists), tuple(counters))

    @classmethod
    def two_cards(
        cls,
        kind: str,
        cards: Sequence[PlayingCard],
        boosts: Sequence[PlayingCard] = (),
        assists: Sequence[PlayingCard] = (),
        counters: Sequence[PlayingCard] = (),
    ) -> "Play":
        """A dead Renegade's Spook! or a dead Deputy's Warn made of any two cards."""
        if kind not in PAIRS:
            raise RulesError.said("negation.pair-kind", kind=kind)
        if len(cards) != 2:
            raise RulesError.said(
                "negation.pair-size", kind=say(f"negation.kind-{kind}"), count=len(cards)
            )
        first, second = cards
        return cls(first, tuple(boosts), tuple(assists), tuple(counters), kind, second)

    @property
    def own(self) -> tuple[PlayingCard, ...]:
        """The card or cards played, before boosts."""
        return (self.played,) if self.second is None else (self.played, self.second)

    @property
    def cards(self) -> tuple[PlayingCard, ...]:
        return (*self.own, *self.boosts, *self.assists, *self.counters)


class Negation(NamedTuple):
    """The outcome of a play: the sums, the verdict, the facts and readings it rests on."""

    play: Play
    effect: Effect
    ace_value: int
    played_value: int
    counter_value: int
    negated: bool
    notes: tuple[str, ...] = ()  # facts of the rules worth saying
    applied: tuple[str, ...] = ()  # ids of the readings it rests on
    color: str = "black"  # the played card's colour, as the counters must oppose it
    single_team: bool = False
    ghosts: int | None = None
    high_noon: str | None = None

    @property
    def negatable(self) -> bool:
        return self.effect.negatable

    @property
    def readings(self) -> tuple[str, ...]:
        """The facts, then each reading applied, in a few words."""
        return (*self.notes, *(say("note.reading", short=reading(i).short) for i in self.applied))

    @property
    def discarded(self) -> tuple[PlayingCard, ...]:
        if self.effect.stays_in_play and not self.negated and self.play.pair is None:
            return tuple(c for c in self.play.cards if c not in self.play.own)
        return self.play.cards


def resolve(
    deck: Deck,
    play: Play,
    *,
    single_team: bool = False,
    royal: bool = False,
    ace_value: int = DEFAULT_ACE_VALUE,
    ghosts: int | None = None,
    dead: Sequence[str] = (),
    high_noon: str | None = None,
    handcuffs: str | None = None,
) -> Negation:
    """Judge a play; RulesError (exit 2 at the command line) if the rules forbid it.

    ``ghosts`` is the number of ghosts at the table, the playing one included; ``dead``
    the roles of the dead, the playing ghost's first (it sets ``ghosts`` and the one-team
    rule). ``high_noon`` is "blessing" or "curse"; ``handcuffs`` the suit the playing
    ghost named under High Noon's Handcuffs.
    """
    if ace_value not in ACE_VALUES:
        raise RulesError.said("negation.ace-value", value=ace_value)
    if high_noon is not None and high_noon not in HIGH_NOON:
        raise RulesError.said("negation.high-noon", card=high_noon)
    if high_noon is not None and handcuffs is not None:
        raise RulesError.said("negation.one-high-noon")
    dead = tuple(role.casefold() for role in dead)
    table = _table(play, ghosts, dead, single_team, royal)
    ghosts, single_team, royal = table.ghosts, table.single_team, table.royal
    effect = _effect(deck, play)

    def color(card: PlayingCard) -> str:
        return suit_color(effective_suit(card, high_noon))

    applied: list[str] = list(table.applied)
    played_color = color(play.played)
    if play.second is not None:
        applied.append("two-card-value")
        if color(play.second) != played_color:
            first, second = play.played.value(ace_value), play.second.value(ace_value)
            if second != first:  # the higher card's colour
                applied.append("two-card-colour")
                played_color = color(play.second) if second > first else played_color
            else:  # worth the same: red and black alike, whichever is named first
                applied.append("two-card-even")
                played_color = BOTH
    _check_legal(play, played_color, color, single_team, royal, handcuffs)

    played_value = sum(card.value(ace_value) for card in (*play.own, *play.boosts, *play.assists))
    counter_value = sum(card.value(ace_value) for card in play.counters)
    if played_color == BOTH:  # counters of one colour, either, oppose it
        mixed = len({color(card) for card in play.counters}) > 1
        wrong = list(play.counters) if mixed else []
    else:
        wrong = [card for card in play.counters if color(card) == played_color]
    negated = effect.negatable and not wrong and counter_value > played_value

    notes = [*table.notes, *_notes(play, effect, played_value, counter_value, royal, wrong,
                                   played_color)]  # fmt: skip
    if any(card.rank == "A" for card in play.cards):
        if ace_value == DEFAULT_ACE_VALUE:
            applied.append("ace-value")
        else:
            notes.append(say("note.ace-other", value=ace_value))
    if wrong and effect.negatable:
        applied.append("same-colour-counter")
    if not effect.negatable and play.counters:
        applied.append("syphon-counters")
    if effect.stays_in_play and not negated:
        applied.append("stays-in-play")
    if high_noon is not None:
        applied.append("high-noon-suits")
    if handcuffs is not None:
        applied.append("handcuffs")
    if play.assists and ghosts is not None:
        applied.append("renegade-assist-or-counter")
    if play.pair is not None:
        applied.append("two-card-who")
    return Negation(
        play,
        effect,
        ace_value,
        played_value,
        counter_value,
        negated,
        tuple(notes),
        tuple(applied),
        played_color,
        single_team,
        ghosts,
        high_noon or (f"handcuffs ({handcuffs})" if handcuffs else None),
    )


def _effect(deck: Deck, play: Play) -> Effect:
    if play.pair is None:
        return deck.card(play.played).effect
    for effect in deck.effects:
        if effect.id == play.pair:
            return effect
    kind = say(f"negation.kind-{play.pair}")
    raise RulesError.said("negation.no-pair-effect", deck=deck.name, kind=kind)


class _Table(NamedTuple):
    """What the table makes of a play: its ghosts, whether they are one team, whether the
    royal variant applies, and the readings and notes that decided it."""

    ghosts: int | None
    single_team: bool
    royal: bool
    applied: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def _table(
    play: Play, ghosts: int | None, dead: tuple[str, ...], single_team: bool, royal: bool
) -> _Table:
    """Check the play against what the table knows. One ghost is one team; a dead Sheriff
    (there is one only after a Scofflaw victory) is the new dead Renegade; the royal
    variant loosens the one-team rule, so with two teams of ghosts it has nothing to do."""
    applied: list[str] = []
    notes: list[str] = []
    if dead:
        for role in dead:
            if role not in ROLES:
                raise RulesError.said("negation.no-role", role=role, roles=", ".join(ROLES))
        if ghosts is not None and ghosts != len(dead):
            raise RulesError.said("negation.roles-and-ghosts", roles=len(dead), ghosts=ghosts)
        ghosts = len(dead)
        if "sheriff" in dead:
            applied.append("dead-sheriff")
            dead = tuple("renegade" if role == "sheriff" else role for role in dead)
        teams = {ROLES[role] or f"renegade-{i}" for i, role in enumerate(dead)}
        derived = len(teams) == 1
        if single_team and not derived:
            raise RulesError.said("negation.teams-mixed")
        if royal and not derived:
            notes.append(say("note.royal-two-teams"))
            royal = False
        single_team = derived
        if play.assists and "renegade" not in dead[1:]:
            raise RulesError.said("negation.only-renegade-assists")
        if play.pair is not None and dead[0] != PAIRS[play.pair]:
            raise RulesError.said(
                "negation.pair-role",
                role=say(f"role.{PAIRS[play.pair]}"),
                kind=say(f"negation.kind-{play.pair}"),
                playing=say(f"role.{dead[0]}"),
            )
    elif ghosts == 1:
        single_team = True  # the one ghost is a team of one
    else:
        single_team = single_team or royal
    if ghosts is not None:
        if ghosts < 1:
            raise RulesError.said("negation.no-ghost")
        others = ghosts - 1
        if others == 0 and (play.counters or play.assists):
            raise RulesError.said("negation.lone-ghost")
        helpers = 1 if play.assists else 0
        if len(play.counters) > others - helpers:
            raise RulesError.said(
                "negation.too-many-counters",
                ghosts=ghosts,
                others=others - helpers,
                count=len(play.counters),
            )
    return _Table(ghosts, single_team, royal, tuple(applied), tuple(notes))


def _check_legal(play: Play, played_color: str, color, single_team, royal, handcuffs) -> None:
    seen: set[PlayingCard] = set()
    for card in play.cards:
        if card in seen:
            raise RulesError.said("negation.used-twice", card=card.symbol)
        seen.add(card)
    played = play.played
    for card in play.assists:
        if played_color != BOTH and color(card) != played_color:
            raise RulesError.said(
                "negation.assist-colour",
                card=card.symbol,
                colour=say(f"colour.{color(card)}"),
                played=played.symbol,
                played_colour=say(f"colour.{played_color}"),
            )
    if handcuffs is not None:
        if handcuffs not in SUITS:
            raise RulesError.said("negation.handcuffs-suit", suits=", ".join(SUITS), suit=handcuffs)
        for card in (*play.own, *play.boosts):
            if card.suit != handcuffs:
                suit = say(f"suit.{handcuffs}")
                raise RulesError.said("negation.handcuffs-only", suit=suit, card=card.symbol)
    if single_team:
        if play.assists:
            raise RulesError.said("negation.renegade-two-teams")
        allowed = played.is_royal if royal else played.rank == "A"
        if not allowed and not play.boosts and play.second is None:
            needed = say("negation.needed-royal" if royal else "negation.needed-ace")
            raise RulesError.said("negation.one-team-card", needed=needed, card=played.symbol)


def _notes(
    play: Play,
    effect: Effect,
    played: int,
    countered: int,
    royal: bool,
    wrong: list[PlayingCard],
    played_color: str,
) -> list[str]:
    notes = []
    if not effect.negatable:
        notes.append(say("note.cannot-negate", effect=effect.name))
    elif wrong and played_color == BOTH:
        notes.append(say("note.both-colours"))
    elif wrong:
        key = "note.wrong-colour-one" if len(wrong) == 1 else "note.wrong-colour-many"
        cards = ", ".join(card.symbol for card in wrong)
        notes.append(say(key, cards=cards, colour=say(f"colour.{played_color}")))
    elif play.counters and countered == played:
        notes.append(say("note.tie"))
    if royal:
        notes.append(say("note.royal"))
    return notes


def describe(result: Negation) -> str:
    """One line, the arithmetic shown: "Spook! K♠ 10 against 8♦ + 7♦ = 15: negated"."""
    play = result.play
    ours = [*play.own, *play.boosts, *play.assists]
    played_side = _sum_text(ours, result.played_value, result.ace_value)
    if play.counters:
        total = _sum_text(play.counters, result.counter_value, result.ace_value)
        counter_side = say("verdict.against", cards=total)
    else:
        counter_side = say("verdict.unopposed")
    if result.negated:
        verdict = say("verdict.negated")
    elif not result.negatable:
        verdict = say("verdict.cannot")
    else:
        verdict = say("verdict.not-negated")
    name = say("verdict.two-cards", effect=result.effect.name) if play.pair else result.effect.name
    return say(
        "verdict.line", effect=name, played=played_side, counters=counter_side, verdict=verdict
    )


def _sum_text(cards: Sequence[PlayingCard], total: int, ace_value: int) -> str:
    if len(cards) == 1:
        return f"{cards[0].symbol} {cards[0].value(ace_value)}"
    return " + ".join(card.symbol for card in cards) + f" = {total}"


def to_json(result: Negation) -> dict[str, object]:
    """The object ``printkit negate --json`` prints."""
    play = result.play
    return {
        "played": play.played.code,
        "pair": play.pair,
        "second": play.second.code if play.second else None,
        "effect": result.effect.name,
        "effect_id": result.effect.id,
        "negatable": result.negatable,
        "color": result.color,
        "boosts": [card.code for card in play.boosts],
        "assists": [card.code for card in play.assists],
        "counters": [card.code for card in play.counters],
        "played_value": result.played_value,
        "counter_value": result.counter_value,
        "negated": result.negated,
        "discarded": [card.code for card in result.discarded],
        "ace_value": result.ace_value,
        "single_team": result.single_team,
        "ghosts": result.ghosts,
        "high_noon": result.high_noon,
        "verdict": describe(result),
        "readings": list(result.readings),
        "reading_ids": list(result.applied),
    }


_CARD_OPTIONS = {"--boost": "boosts", "--assist": "assists", "--counter": "counters"}
_FLAGS = {"--single-team": "single_team", "--royal": "royal"}
_VALUES = {"--ghosts": "ghosts", "--high-noon": "high_noon", "--handcuffs": "handcuffs"}


def resolve_arguments(deck: Deck, args: Sequence[str]) -> Negation:
    """Resolve a play written as ``printkit negate``'s arguments ("KS --counter 8D ...").

    The rulebook's worked examples are written this way, so they are judged by exactly
    the code the command line uses.
    """
    if not args:
        raise RulesError.said("example.no-card")
    lists: dict[str, list[PlayingCard]] = {name: [] for name in _CARD_OPTIONS.values()}
    options: dict[str, object] = {}
    rest = list(args)
    pair: tuple[str, list[PlayingCard]] | None = None
    if rest[0] in ("--spook", "--warn") and len(rest) >= 3:
        pair = (rest[0][2:], [parse_card(rest[1]), parse_card(rest[2])])
        rest = rest[3:]
        played = None
    else:
        played = parse_card(rest.pop(0))
    while rest:
        option = rest.pop(0)
        if option in _CARD_OPTIONS and rest:
            lists[_CARD_OPTIONS[option]].append(parse_card(rest.pop(0)))
        elif option in _FLAGS:
            options[_FLAGS[option]] = True
        elif option == "--ace-value" and rest:
            options["ace_value"] = _number(rest.pop(0), option)
        elif option == "--ghosts" and rest:
            options["ghosts"] = _number(rest.pop(0), option)
        elif option in _VALUES and rest:
            options[_VALUES[option]] = rest.pop(0)
        elif option == "--dead" and rest:
            options["dead"] = tuple(r for r in rest.pop(0).split(",") if r)
        else:
            raise RulesError.said("example.option", option=option)
    if pair is not None:
        play = Play.two_cards(
            pair[0], pair[1], lists["boosts"], lists["assists"], lists["counters"]
        )
    else:
        assert played is not None
        play = Play.of(played, lists["boosts"], lists["assists"], lists["counters"])
    return resolve(deck, play, **options)  # type: ignore[arg-type]


def _number(text: str, option: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RulesError.said("example.number", option=option, text=text) from None
