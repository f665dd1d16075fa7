"""A catalogue deck as the tests print it: a card set, its pictures read."""

from __future__ import annotations

from printkit.load.art import load_art
from printkit.load.cardset import catalogue_set


def printed(deck, art=None):
    """``deck`` as a card set, with ``art`` or its own pictures."""
    return catalogue_set(deck, art if art is not None else load_art(deck))
