"""A catalogue deck's cards as the fields its look's layouts read. Pure.

A catalogue card knows its effect, its playing card and its deck; a layout knows
fields. This is the one place that says what each field of the Western look holds, so
that a look is data (data/layouts/NAME/) like any designed deck's layout.
"""

from __future__ import annotations

from ..rules.qrcontent import card_text
from ..values.model import Card, Deck
from ..words import say

__all__ = [
    "LOOK_FIELDS",
    "back_fields",
    "blank_fields",
    "card_fields",
    "picture_name",
]

#: The fields a look's layouts may read.
LOOK_FIELDS = (
    "name", "text", "picture", "initial", "index", "qr", "targets", "badges",
    "paper", "ink", "accent", "frame", "back", "red", "black", "type_color", "suit_color",
    "back_picture", "english",
)  # fmt: skip


def picture_name(effect_id: str) -> str:
    """The name an effect's picture goes by among a look's pictures."""
    return f"effect:{effect_id}"


def _deck_fields(deck: Deck) -> dict[str, str]:
    colors = dict(deck.colors)
    fields = {key: colors.get(key, "") for key in ("paper", "ink", "accent", "frame", "back")}
    fields.update(red=colors.get("red", ""), black=colors.get("black", ""))
    fields["type_color"] = colors.get("frame", "")
    return fields


def card_fields(card: Card, deck: Deck, qr: bool, has_picture: bool) -> dict[str, str]:
    """What the look's front shows of ``card``; ``qr`` false leaves its code out."""
    effect = card.effect
    fields = _deck_fields(deck)
    badges = []
    if effect.is_reaction:
        badges.append(say("print.badge-reaction"))
    if not effect.negatable:
        badges.append(say("print.badge-unstoppable"))
    card_type = deck.card_type(effect.type)
    if card_type is not None:
        badges.append(card_type.mark.upper().replace("|", "/"))  # "|" separates badges
        fields["type_color"] = card_type.color
    pc = card.playing_card
    fields.update(
        name=effect.name,
        text=effect.text,
        picture=picture_name(effect.id) if has_picture else "",
        initial=effect.name[:1].upper(),
        index=pc.code if pc is not None else "",
        qr=card_text(card, deck) if qr else "",
        targets=" ".join(effect.targets),
        badges="|".join(badges),
        suit_color=deck.colors.get(pc.color, "") if pc is not None else "",
        back_picture="",
        english=effect.english_name if deck.bilingual else "",
    )
    return fields


def back_fields(deck: Deck, has_picture: bool) -> dict[str, str]:
    fields = _deck_fields(deck)
    fields["back_picture"] = "back" if has_picture else ""
    return fields


def blank_fields(deck: Deck, frame_color: str | None = None) -> dict[str, str]:
    """The blank house-rule card's fields; with ``frame_color``, the card's frame in it
    (a player aid's)."""
    fields = _deck_fields(deck)
    fields["name"] = say("print.house-rule")
    if frame_color:
        fields["type_color"] = frame_color
    return fields
