"""What the QR codes say: plain text a phone camera shows with no app and no network.

A card's code holds its name, its playing card and a one-line ruling (the effect's
summary); the identification sheet's code holds the whole table in compact lines.
Kept short so that, at 0.4 mm per module with a quiet zone, a card's code stays
within about 20 mm.
"""

from __future__ import annotations

from ..values.model import SUIT_LETTERS, SUITS, Card, Deck
from ..values.notation import card_name

__all__ = ["card_text", "table_text"]


def card_text(card: Card, deck: Deck) -> str:
    """ "Syphon - 7 of diamonds (7D)" and the ruling, on two lines."""
    effect = card.effect
    if card.playing_card is not None:
        pc = card.playing_card
        head = f"{effect.name} - {card_name(pc)} ({pc.code})"
    else:
        head = f"{effect.name} - {deck.name}"
    return f"{head}\n{effect.summary}"


def table_text(deck: Deck) -> str:
    """The identification sheet in a few hundred bytes: a line per suit, each effect once
    with its ranks, like "S: Spook! 2 8 K; Possess 4 7 9; ..."."""
    lines = [f"{deck.name} ({deck.game})"]
    for suit in SUITS:
        ranks: dict[str, list[str]] = {}
        for card in deck.cards:
            if card.playing_card and card.playing_card.suit == suit:
                ranks.setdefault(card.effect.name, []).append(card.playing_card.rank)
        groups = "; ".join(f"{name} {' '.join(rs)}" for name, rs in ranks.items())
        lines.append(f"{SUIT_LETTERS[suit]}: {groups}")
    return "\n".join(lines)
