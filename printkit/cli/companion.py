"""The table companion's commands about cards and players: lookup, negate and roles
(draw! checks and their odds are in .draws)."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import UsageError
from ..rules.lookup import card_record, find, find_card
from ..values.model import HIGH_NOON, SUITS, Card, Deck, PlayingCard, targets_phrase
from ..words import joined, say
from .app import (
    ace_option,
    data_dir_option,
    deck_options,
    emit_json,
    json_option,
    open_deck,
    printkit,
)
from .terminal import fill

__all__ = ["describe", "lookup", "negate", "roles"]


@printkit.command()
@click.argument("query")
@json_option
@ace_option
@deck_options
def lookup(query: str, as_json: bool, ace_value: int, deck_id: str, data_dir: Path | None) -> None:
    """What a card does: QUERY is a playing card or an effect name.

    \b
    Playing cards in any notation, the suit first or last: 7D, 7d, 7♦, ♦7, 10H,
    TH, "queen of diamonds", "Q of D", "10 hearts", "hearts 10". Effect names and
    their old spellings: syphon, "Death and Taxes", mightmare.

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
        colour = say(f"colour.{pc.color}")
        value = pc.value(ace_value)
        lines.append(
            say(
                "answer.card",
                symbol=pc.symbol,
                name=deck.called(effect),
                colour=colour,
                value=value,
            )
        )
    else:
        listed = _card_list(cards, ace_value) or say("answer.effect-count", count=len(cards))
        lines.append(say("answer.effect", name=deck.called(effect), cards=listed))
    lines.append(fill(effect.text))
    facts = []
    if effect.targets:
        facts.append(say("answer.targets", targets=targets_phrase(effect.targets)))
    facts.append(say("answer.played", timing=say(f"effect.timing.{effect.timing}")))
    if not effect.negatable:
        facts.append(say("answer.cannot-negate"))
    card_type = deck.card_type(effect.type)
    if card_type is not None:
        facts.append(card_type.label)
    lines.append(fill(say("answer.facts", facts=joined(facts, "sentence"))))
    if len(cards) == 1:
        others = [c for c in deck.cards_of(effect) if c.number != cards[0].number]
        if others:
            lines.append(
                fill(say("answer.same-effect", cards=_card_list(tuple(others), ace_value)))
            )
    if any(c.playing_card is not None and c.playing_card.rank == "A" for c in cards):
        lines.append(fill(say("answer.ace", cli=True, value=ace_value)))
    return "\n".join(lines)


def _card_list(cards: tuple[Card, ...], ace_value: int) -> str:
    shown = []
    for card in cards:
        if card.playing_card is not None:
            pc = card.playing_card
            colour = say(f"colour.{pc.color}")
            shown.append(
                say("answer.card-short", symbol=pc.symbol, colour=colour, value=pc.value(ace_value))
            )
    return joined(shown, "list")


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
        raise UsageError.said("negation.no-playing-cards", deck=deck.name)
    pairs = [(kind, cards) for kind, cards in (("spook", spook), ("warn", warn)) if cards]
    if len(pairs) + (played is not None) != 1:
        raise UsageError.said("negation.played-or-pair")
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
        click.echo(fill(f"({line})"))


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

    from ..load.roles import load_deal

    table = load_deal(players, data_dir)
    if as_json:
        emit_json(table.to_json())
        return
    click.echo(say("answer.dealt", players=players, dealt=table.dealt))
    for role in table.distinct:
        click.echo("")
        click.echo(role.name)
        click.echo(fill(say("answer.goal", goal=role.goal)))
        click.echo(fill(say("answer.death-mesa", text=role.death_mesa)))
    click.echo("")
    click.echo(fill(say("answer.one-team", text=table.one_team), indent=""))
    if table.note:
        click.echo(fill(say("answer.note", text=table.note), indent=""))
