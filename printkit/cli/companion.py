"""The table companion's commands: lookup, negate, draw, odds and roles."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..errors import UsageError
from ..lookup import card_record, find, find_card
from ..model import SUITS, TIMINGS, Card, Deck, PlayingCard, targets_phrase
from ..notation import parse_card
from ..rules.draw import CHECKS, HIGH_NOON
from .app import (
    ace_option,
    data_dir_option,
    deck_options,
    emit_json,
    high_noon_options,
    json_option,
    open_deck,
    printkit,
)

__all__ = ["draw_", "lookup", "negate", "odds", "roles"]


def _width() -> int:
    """The terminal's width, as shutil.get_terminal_size reads it (COLUMNS first), without
    importing shutil, which pulls in compression modules the companion never uses."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = 88
    return max(40, min(88, columns or 88))


def _wrap(text: str, indent: str = "  ") -> str:
    import textwrap

    return textwrap.fill(text, width=_width(), initial_indent=indent, subsequent_indent=indent)


@printkit.command()
@click.argument("query")
@json_option
@ace_option
@deck_options
def lookup(query: str, as_json: bool, ace_value: int, deck_id: str, data_dir: Path | None) -> None:
    """What a card does: QUERY is a playing card or an effect name.

    \b
    Playing cards in any notation: 7D, 7d, 7♦, 10H, TH, "queen of diamonds",
    "Q of D", "10 hearts". Effect names and their old spellings: syphon,
    "Death and Taxes", mightmare.

    \b
    Examples:
      printkit lookup 7D
      printkit lookup "queen of diamonds" --json
      printkit lookup curse
    """
    deck = open_deck(deck_id, data_dir, documents=False)
    cards = find(deck, query)
    if as_json:
        emit_json([card_record(deck, card, ace_value) for card in cards])
        return
    click.echo(describe(deck, cards, ace_value))


def describe(deck: Deck, cards: tuple[Card, ...], ace_value: int) -> str:
    """The human answer to a lookup: the card(s), then what the effect does."""
    effect = cards[0].effect
    lines = []
    if len(cards) == 1 and cards[0].playing_card is not None:
        pc = cards[0].playing_card
        lines.append(f"{pc.symbol}  {effect.name}  ({pc.color}, value {pc.value(ace_value)})")
    else:
        lines.append(f"{effect.name}  ({_card_list(cards, ace_value) or f'{len(cards)} cards'})")
    lines.append(_wrap(effect.text))
    facts = []
    if effect.targets:
        facts.append("Targets: " + targets_phrase(effect.targets))
    facts.append("Played " + TIMINGS[effect.timing])
    if not effect.negatable:
        facts.append("Cannot be negated")
    card_type = deck.card_type(effect.type)
    if card_type is not None:
        facts.append(card_type.label)
    lines.append(_wrap(". ".join(facts) + "."))
    if len(cards) == 1:
        others = [c for c in deck.cards_of(effect) if c.number != cards[0].number]
        if others:
            lines.append(_wrap("Same effect: " + _card_list(tuple(others), ace_value)))
    if any(c.playing_card is not None and c.playing_card.rank == "A" for c in cards):
        lines.append(
            _wrap(f"(An Ace counts {ace_value} here; the rulebook is silent, see --ace-value.)")
        )
    return "\n".join(lines)


def _card_list(cards: tuple[Card, ...], ace_value: int) -> str:
    shown = []
    for card in cards:
        if card.playing_card is not None:
            pc = card.playing_card
            shown.append(f"{pc.symbol} ({pc.color}, {pc.value(ace_value)})")
    return ", ".join(shown)


def _cards(deck: Deck, texts: tuple[str, ...]) -> list[PlayingCard]:
    return [find_card(deck, text) for text in texts]


@printkit.command()
@click.argument("played", required=False)
@click.option(
    "--boost",
    multiple=True,
    metavar="CARD",
    help="A card the playing ghost discards to add its value (any colour). Repeatable.",
)
@click.option(
    "--assist",
    multiple=True,
    metavar="CARD",
    help="A dead Renegade's card added to the played value (same colour). Repeatable.",
)
@click.option(
    "--counter",
    multiple=True,
    metavar="CARD",
    help="A card another ghost throws against it, one per ghost. Only cards of the opposite "
    "colour can negate. Repeatable.",
)
@click.option(
    "--spook",
    nargs=2,
    metavar="CARD CARD",
    help="Instead of PLAYED: a dead Renegade's Spook! made of any two cards.",
)
@click.option(
    "--warn",
    nargs=2,
    metavar="CARD CARD",
    help="Instead of PLAYED: a dead Deputy's Warn made of any two cards.",
)
@click.option(
    "--ghosts",
    type=click.IntRange(1, 8),
    metavar="N",
    help="Ghosts at the table, the playing one included: at most N-1 counters.",
)
@click.option(
    "--dead",
    metavar="ROLE,ROLE...",
    help="The roles of the dead, the playing ghost's first (sheriff, deputy, outlaw, "
    "renegade). Sets --ghosts and the one-team rule, and who may assist.",
)
@click.option(
    "--single-team",
    is_flag=True,
    help="All ghosts are one team: the card must be an Ace or come with a boost.",
)
@click.option(
    "--royal",
    is_flag=True,
    help="The optional royal variant of --single-team: J, Q, K or A may stand alone.",
)
@click.option(
    "--high-noon",
    type=click.Choice(list(HIGH_NOON)),
    help="High Noon's Blessing or Curse: every card one suit, so one colour.",
)
@click.option(
    "--handcuffs",
    type=click.Choice(SUITS),
    metavar="SUIT",
    help="High Noon's Handcuffs: the suit the playing ghost named.",
)
@ace_option
@json_option
@deck_options
def negate(
    played: str | None,
    boost: tuple[str, ...],
    assist: tuple[str, ...],
    counter: tuple[str, ...],
    spook: tuple[str, str] | None,
    warn: tuple[str, str] | None,
    ghosts: int | None,
    dead: str | None,
    single_team: bool,
    royal: bool,
    high_noon: str | None,
    handcuffs: str | None,
    ace_value: int,
    as_json: bool,
    deck_id: str,
    data_dir: Path | None,
) -> None:
    """Settle a negation: is the PLAYED card negated by the counters thrown at it?

    The card is negated only if every counter is of the opposite colour and they add up
    to more than the played card and its boosts and assists; a tie leaves it standing.
    Syphon is never negated. Where the rules leave a question open, the answer names
    the reading it applied.

    \b
    Examples:
      printkit negate KS --counter 8D --counter 7D
      printkit negate KS --boost QH --counter 8D --counter 7D
      printkit negate KS --counter 8D --counter 7C       # 7C is black: no negation
      printkit negate --spook 3S 5H --counter KD         # a dead Renegade's two cards
      printkit negate 9S --dead outlaw,renegade,deputy --assist 5C --counter QH
      printkit negate AS --dead outlaw,outlaw            # one team: an Ace may stand alone
      printkit negate KS --counter 8D --high-noon curse
    """
    from ..rules import negation

    deck = open_deck(deck_id, data_dir, documents=False)
    if not deck.playing_cards:
        raise UsageError(f"the {deck.name} has no playing cards to negate with")
    pairs = [(kind, cards) for kind, cards in (("spook", spook), ("warn", warn)) if cards]
    if len(pairs) + (played is not None) != 1:
        raise UsageError("give the PLAYED card, or two cards with --spook or --warn, not both")
    rest = (_cards(deck, boost), _cards(deck, assist), _cards(deck, counter))
    if pairs:
        kind, cards = pairs[0]
        play = negation.Play.two_cards(kind, _cards(deck, cards), *rest)
    else:
        assert played is not None
        play = negation.Play.of(find_card(deck, played), *rest)
    roles = tuple(role.strip() for role in dead.split(",") if role.strip()) if dead else ()
    result = negation.resolve(
        deck,
        play,
        single_team=single_team,
        royal=royal,
        ace_value=ace_value,
        ghosts=ghosts,
        dead=roles,
        high_noon=high_noon,
        handcuffs=handcuffs,
    )
    if as_json:
        emit_json(negation.to_json(result))
        return
    click.echo(negation.describe(result))
    for line in result.readings:
        click.echo(_wrap(f"({line})"))


#: What ``draw`` settles: every check, and a start of turn with both Dynamite and Jail.
_DRAWS = [*CHECKS, "dynamite+jail"]


@printkit.command("draw")
@click.argument("check", type=click.Choice(_DRAWS), metavar="CHECK")
@click.argument("cards", nargs=-1, required=True, metavar="CARD [CARD]")
@high_noon_options
@json_option
def draw_(
    check: str, cards: tuple[str, ...], high_noon: str | None, lucky_duke: bool, as_json: bool
) -> None:
    """Settle a draw!: CHECK is barrel, jail, dynamite, bad-moon-rising,
    unfinished-business, or dynamite+jail for a turn that starts with both.

    CARD is the card flipped from the main deck, in any notation; with --lucky-duke,
    give both cards he flipped. For dynamite+jail give the Dynamite's card(s) first,
    then the Jail's: the Dynamite is always checked first.

    \b
    Examples:
      printkit draw barrel 9S
      printkit draw dynamite 9S --high-noon blessing
      printkit draw jail 3C KH --lucky-duke
      printkit draw dynamite+jail 9S 3H
      printkit draw dynamite+jail 9S KD 3H 2C --lucky-duke
      printkit draw barrel 9S --lucky-duke --high-noon hangover
    """
    from ..rules import draw

    flipped = [parse_card(text) for text in cards]
    if check == "dynamite+jail":
        results = draw.start_of_turn(flipped, high_noon=high_noon, lucky_duke=lucky_duke)
    else:
        results = [draw.judge(check, flipped, high_noon=high_noon, lucky_duke=lucky_duke)]
    if as_json:
        records = [draw.to_json(result) for result in results]
        emit_json(records[0] if len(records) == 1 else {"check": check, "checks": records})
        return
    for result in results:
        for line in draw.describe(result):
            click.echo(line)
    if len(results) == 2 and results[0].outcome == "explode":
        click.echo("If the Dynamite's 3 life points kill the player, the Jail no longer matters.")


@printkit.command()
@click.argument("check", type=click.Choice(list(CHECKS)), metavar="CHECK")
@click.option(
    "--deck",
    "draw_deck",
    default="bang",
    show_default=True,
    metavar="bang|simplified",
    help="Count over the 80-card BANG! base deck, or use the simplified variant's fixed chances.",
)
@click.option(
    "--seen",
    metavar="CARD,CARD...",
    help="Cards already out of the draw pile (flipped, discarded, in hands you saw): "
    "the odds are counted over what is left.",
)
@click.option(
    "--in-play",
    "in_play",
    metavar="NAME,NAME...",
    help="Cards in play, by name (barrel, jail) or name and card (jail:4H): out of the pile.",
)
@high_noon_options
@json_option
@data_dir_option
def odds(
    check: str,
    draw_deck: str,
    seen: str | None,
    in_play: str | None,
    high_noon: str | None,
    lucky_duke: bool,
    as_json: bool,
    data_dir: Path | None,
) -> None:
    """The exact chance of each outcome of a draw! CHECK.

    \b
    Examples:
      printkit odds barrel
      printkit odds barrel --in-play barrel              # 20/79: your Barrel is not in the pile
      printkit odds dynamite --seen 3H,KS,9S
      printkit odds dynamite --high-noon curse
      printkit odds barrel --lucky-duke --json
      printkit odds barrel --lucky-duke --high-noon hangover
      printkit odds jail --deck simplified
    """
    from fractions import Fraction

    from ..load.draws import load_draw_deck
    from ..rules import odds as odds_rules
    from ..rules.draw import CHECKS as checks

    source = load_draw_deck(draw_deck, data_dir)
    source = odds_rules.remaining(source, check, _listed(seen), _listed(in_play))
    record = odds_rules.answer(check, source, high_noon=high_noon, lucky_duke=lucky_duke)
    if as_json:
        emit_json(record)
        return
    conditions = [f"High Noon's {high_noon.replace('-', ' ').title()}"] if high_noon else []
    if record["lucky_duke"]:
        conditions.append("Lucky Duke keeping the better of two")
    suffix = f", with {' and '.join(conditions)}" if conditions else ""
    click.echo(f"{checks[check].name} odds {source.description}{suffix}:")
    result = {outcome: Fraction(entry["fraction"]) for outcome, entry in record["outcomes"].items()}
    width = max(len(outcome) for outcome in result)
    for outcome, chance in result.items():
        fraction = f"{chance.numerator}/{chance.denominator}"
        meaning = source.meaning(check, outcome)
        click.echo(f"  {outcome:<{width}}  {fraction:>9}  {float(chance):7.2%}  {meaning}")
    for short in record["readings"]:
        click.echo(_wrap(f"(reading: {short})", indent=""))


def _listed(text: str | None) -> tuple[str, ...]:
    return tuple(part.strip() for part in (text or "").split(",") if part.strip())


@printkit.command()
@click.argument("players", type=int)
@json_option
@data_dir_option
def roles(players: int, as_json: bool, data_dir: Path | None) -> None:
    """The roles dealt to PLAYERS (3 to 8), each role's goal, and what Death Mesa changes.

    \b
    Examples:
      printkit roles 5
      printkit roles 8 --json
    """

    from ..load.roles import load_table

    table = load_table(players, data_dir)
    if as_json:
        emit_json(table.to_json())
        return
    click.echo(f"{players} players: {table.dealt}")
    for role in table.distinct:
        click.echo("")
        click.echo(role.name)
        click.echo(_wrap(f"Goal: {role.goal}"))
        click.echo(_wrap(f"Death Mesa: {role.death_mesa}"))
    click.echo("")
    click.echo(_wrap(f"Ghosts of one team: {table.one_team}", indent=""))
    if table.note:
        click.echo(_wrap(f"Note: {table.note}", indent=""))
