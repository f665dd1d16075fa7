"""A deck's rules as a book on half-letter or A5 and, for a rulebook, imposed to fold
and staple (-booklet)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from ..values.design import CardSet
from ..values.model import Deck
from ..words import say
from .files import Files, Job, Printed, paper_of
from .request import Request

__all__ = ["jobs", "rules_files"]


def jobs(request: Request, cards: CardSet) -> list[Job]:
    deck = cards.deck
    if deck is None or not deck.rules:
        return []
    target = request.out / f"{deck.rules.output}.pdf"
    booklet = deck.rules.layout == "book"
    make = partial(rules_files, deck, paper_of(request.template), target, booklet, cards.art)
    listed = [Printed(target.name, say("guide.file-rules", deck=deck.name))]
    if booklet:
        listed.append(Printed(_booklet(target).name, say("guide.file-booklet", deck=deck.name)))
    return [Job(say("kit.rules", deck=deck.name), make, 8 if booklet else 1, tuple(listed))]


def _booklet(target: Path) -> Path:
    """The booklet's file, beside the book's: rulebook-booklet.pdf."""
    return target.with_name(f"{target.stem}-booklet{target.suffix}")


def rules_files(deck: Deck, paper: str, target: Path, booklet: bool, art=None) -> Files:
    """A deck's rules at ``target`` and, if asked, the booklet beside it (-booklet)."""
    from ..load.art import load_art
    from ..render.book import render_rules
    from ..render.booklet import impose_booklet

    book = render_rules(deck, paper, art or load_art(deck))
    files = {target: book}
    if booklet:
        files[_booklet(target)] = impose_booklet(book, deck.name)
    return files
