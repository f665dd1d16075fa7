"""The table companion's commands: lookup (and, with the rules, negate, draw, odds, roles)."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import click

from ..lookup import card_record, find
from ..model import TARGETS, TIMINGS, Card, Deck
from .app import ace_option, deck_options, emit_json, json_option, open_deck, printkit

__all__ = ["lookup"]


def _width() -> int:
    return max(40, min(88, shutil.get_terminal_size((88, 24)).columns))


def _wrap(text: str, indent: str = "  ") -> str:
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
    deck = open_deck(deck_id, data_dir)
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
        facts.append("Targets: " + ", ".join(TARGETS[t] for t in effect.targets))
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
