"""Answer "what is this card?": a playing card or an effect name, in, the matching cards out.

Pure functions over a Deck: the command line prints what these return, and the
companion's negate and draw commands read their cards through ``find_card``.
"""

from __future__ import annotations

from ..errors import NotationError, NotFoundError, did_you_mean
from ..values.model import Card, Deck, Effect, PlayingCard, name_key
from ..values.notation import looks_like_card, parse_card

__all__ = ["card_record", "find", "find_card"]

_MIN_PREFIX = 4


def find(deck: Deck, query: str) -> tuple[Card, ...]:
    """Every card a query names: one for a playing card, all copies for an effect name.

    Cards come in deck order (for playing cards: suit S, C, H, D, then rank 2..A).
    NotFoundError, with the closest matches, when nothing fits.
    """
    if deck.playing_cards:
        try:
            return (deck.card(parse_card(query)),)
        except NotationError:
            pass
    effect = _match_effect(deck, query)
    if effect is not None:
        return deck.cards_of(effect)
    raise _no_match(deck, query)


def find_card(deck: Deck, query: str) -> PlayingCard:
    """One playing card of a playing-card deck; an effect name is not enough here."""
    try:
        return parse_card(query)
    except NotationError as exc:
        effect = _match_effect(deck, query)
        if effect is not None:
            options = ", ".join(
                c.playing_card.symbol for c in deck.cards_of(effect) if c.playing_card
            )
            raise NotationError.said("lookup.effect-not-card", query=query, cards=options) from None
        raise exc from None


def card_record(deck: Deck, card: Card, ace_value: int) -> dict[str, object]:
    """A card as a plain dict: the JSON the commands print, and what people read."""
    effect = card.effect
    record: dict[str, object] = {"code": card.code}
    if card.playing_card is not None:
        pc = card.playing_card
        record |= {
            "rank": pc.rank,
            "suit": pc.suit,
            "symbol": pc.symbol,
            "color": pc.color,
            "value": pc.value(ace_value),
        }
    record |= {
        "effect": effect.id,
        "name": effect.name,
        "text": effect.text,
        "summary": effect.summary,
        "targets": list(effect.targets),
        "timing": effect.timing,
        "negatable": effect.negatable,
        "shared_with": [c.code for c in deck.cards_of(effect) if c.number != card.number],
    }
    if effect.type is not None:
        record["type"] = effect.type
    return record


def _match_effect(deck: Deck, query: str) -> Effect | None:
    key = name_key(query)
    if not key:
        return None
    for effect in deck.effects:
        if key in {name_key(n) for n in (effect.name, effect.id, *effect.aliases)}:
            return effect
    if len(key) >= _MIN_PREFIX:
        starts = [
            e
            for e in deck.effects
            if any(name_key(n).startswith(key) for n in (e.name, *e.aliases))
        ]
        if len(starts) == 1:
            return starts[0]
    return None


def _no_match(deck: Deck, query: str) -> NotFoundError:
    names: dict[str, Effect] = {}
    for effect in deck.effects:
        for name in (effect.name, *effect.aliases):
            names.setdefault(name_key(name), effect)
    close = did_you_mean(name_key(query), names, n=3)
    suggestions: list[str] = []
    for key in close:
        effect = names[key]
        cards = ", ".join(c.playing_card.symbol for c in deck.cards_of(effect) if c.playing_card)
        shown = f"{effect.name} ({cards})" if cards else effect.name
        if shown not in suggestions:
            suggestions.append(shown)
    if suggestions:
        return NotFoundError.said(
            "lookup.did-you-mean", query=query, names=" or ".join(suggestions)
        )
    if deck.playing_cards and looks_like_card(query):
        try:
            parse_card(query)
        except NotationError as exc:
            return NotFoundError.said(exc.key, **exc.values)
    key = "lookup.no-card-or-effect" if deck.playing_cards else "lookup.no-effect"
    return NotFoundError.said(key, query=query)
