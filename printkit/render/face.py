"""Draw a catalogue deck's cards with its look: its front, back and blank card as forms.

A look is layouts as data (data/layouts/NAME/, the Western look by default), drawn by
the same engine as any designed deck (``printkit.render.design``) from the fields
``printkit.look`` gives each card: the name, every title of a deck at one size; the
picture; the text, shrunk to fit and never ending on a line of one word; the QR code,
one size for the whole deck; target icons and badges; the corner indexes. Every face is
drawn 1/8 in past its trim, so a sheet or a shop can use bleed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..design import DesignedCard, DesignedDeck, Look
from ..errors import RenderError
from ..layout.design import scaled
from ..look import back_fields, blank_fields, card_fields, picture_name
from ..model import Card, Deck
from ..pictures import ArtLibrary
from .design import DESIGN_BLEED, DesignFaces
from .fonts import BODY, BODY_SEMIBOLD, TITLE, check_glyphs
from .icons import Icons
from .pdf import Document, hex_color

__all__ = ["FACE_BLEED", "FacePainter"]

#: How far every face is drawn past its trim, so that a sheet or a shop can use bleed.
FACE_BLEED = DESIGN_BLEED


class FacePainter:
    """Draws the faces of one deck at one card size into one document, as forms."""

    def __init__(
        self,
        doc: Document,
        deck: Deck,
        art: ArtLibrary,
        width: float,
        height: float,
        qr: bool = True,
        ink_saver: bool = False,
    ):
        if deck.look is None:
            raise RenderError(f"the {deck.name} was read without its look; read it whole")
        self.doc, self.deck, self.art = doc, deck, art
        self.w, self.h = width, height
        self.color = {key: hex_color(value) for key, value in deck.colors.items()}
        self.icons = Icons(doc, art, self.color)  # the player aids' pips
        self.bbox = (-FACE_BLEED, -FACE_BLEED, width + FACE_BLEED, height + FACE_BLEED)
        self._key = f"{round(width, 3)}x{round(height, 3)}"
        self._check_glyphs()
        look = Look(deck.look.name, *(scaled(x, width, height) for x in deck.look.layouts))
        self.look = look
        pictures = {picture_name(e.id): p for e in deck.effects if (p := art.effect(e))}
        back_picture = art.back()
        if back_picture is not None:
            pictures["back"] = back_picture
        self._qr, self._pictures = qr, pictures
        self._back = DesignedCard(0, "the back", back_fields(deck, "back" in pictures), "")
        self._blank = DesignedCard(0, "the blank card", blank_fields(deck), "")
        designed = DesignedDeck(
            id=deck.id,
            name=deck.name,
            game=deck.game,
            description=deck.description,
            source=look.front.source,
            cards=_Cards(deck.cards, self._designed),
            front=look.front,
            backs={"back": look.back, "blank": look.blank, "card": look.card},
            pictures=pictures,
            icons={},
        )
        self.design = DesignFaces(doc, designed, art, qr=qr, ink_saver=ink_saver)

    def front(self, card: Card) -> str:
        # Copies of one effect without a playing card look alike: one form serves them all.
        face = card.code if card.playing_card is not None else card.effect.id
        name = f"front-{self.deck.id}-{face}-{self._key}"
        return self.design.form("front", self.look.front, self._designed(card), name=name)

    def _designed(self, card: Card, number: int = 0) -> DesignedCard:
        """The card as the look's fields: made when it is drawn, not kept (a deck may
        hold ten thousand cards)."""
        has_picture = picture_name(card.effect.id) in self._pictures
        return DesignedCard(
            number,
            f"card {card.code}",
            card_fields(card, self.deck, self._qr, has_picture),
            "back",
            f"shorten 'text' in effects.toml [{card.effect.id}] "
            f"({len(card.effect.text)} characters now)",
        )

    def blank(self) -> str:
        """A card to write a house rule on: the deck's paper and frame, a heading, lines."""
        name = f"blank-{self.deck.id}-{self._key}"
        return self.design.form("blank", self.look.blank, self._blank, name=name)

    def back(self) -> str:
        name = f"back-{self.deck.id}-{self._key}"
        return self.design.form("back", self.look.back, self._back, name=name)

    def chrome(self, frame_color) -> None:
        """What every face shares, the ground and the frame (in ``frame_color``), drawn
        here: under a player aid."""
        hexed = "#" + frame_color.hexval()[2:]
        card = DesignedCard(0, "the player aid", blank_fields(self.deck, hexed), "")
        name = f"chrome-{self.deck.id}-{self._key}-{hexed[1:]}"
        self.doc.canvas.doForm(self.design.form("card", self.look.card, card, name=name))

    def _check_glyphs(self) -> None:
        """Every character a card prints must be in the font that prints it."""
        for effect in self.deck.effects:
            where = f"{self.deck.name}, [{effect.id}]"
            check_glyphs(effect.name, TITLE, f"{where} 'name'")
            check_glyphs(effect.text, BODY, f"{where} 'text'")
        for card_type in self.deck.types:
            check_glyphs(card_type.mark.upper(), BODY_SEMIBOLD, f"{self.deck.name}, types")


class _Cards(Sequence):
    """A deck's cards as a designed deck's, each made when it is asked for."""

    def __init__(self, cards: tuple[Card, ...], designed):
        self._cards, self._designed = cards, designed

    def __len__(self) -> int:
        return len(self._cards)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self._designed(self._cards[index], index % len(self._cards) + 1)
