"""printkit as a library: load a deck, make its kit, ask the rules.

Every function here is what a command does, without the command line: it takes values
and returns values, raises a ``printkit.errors.PrintkitError`` (one line, in players'
words) on bad input, and prints nothing. ::

    import printkit

    deck = printkit.load_deck("dead-mens-deck")          # or Path("potions"), a designed deck
    kit = printkit.build([deck], "output")          # every file, written together
    printkit.lookup("7D")[0].effect.name            # 'Syphon'
    printkit.negate("KS", counters=["8D", "7D"]).negated   # True

The drawing libraries are imported only by the functions that draw, so that the rules
answer as fast as the table companion does.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .errors import UsageError
from .resources.paths import DEFAULT_DECK
from .values.settings import Settings

if TYPE_CHECKING:
    from .load.images import ImageDeck
    from .preflight import Report
    from .rules.draw import DrawResult
    from .rules.negation import Negation
    from .rules.roles import Deal
    from .values.design import CardSet
    from .values.model import Card, Deck

__all__ = [
    "Kit",
    "build",
    "draw",
    "load_deck",
    "load_decks",
    "load_images",
    "lookup",
    "negate",
    "odds",
    "preflight_file",
    "recover",
    "roles",
    "speak",
]


class Kit(NamedTuple):
    """What a build wrote: its files, in order, and the lines it warns of."""

    files: tuple[Path, ...]
    warnings: tuple[str, ...]
    notes: tuple[str, ...] = ()  # what else it has to say: which cards its errata hold


def load_deck(
    deck: str | os.PathLike = DEFAULT_DECK,
    *,
    data_dir: str | os.PathLike | None = None,
    art_dir: str | os.PathLike | None = None,
) -> CardSet:
    """A deck as printkit prints it: a catalogue deck by its name, a ``str`` (from
    ``data_dir``, printkit's own data by default, the player's pictures from ``art_dir``
    first), or a designed deck by its folder, a ``Path``."""
    if isinstance(deck, os.PathLike):
        from .load.design import load_design

        if data_dir is not None or art_dir is not None:
            raise UsageError.said("kit.designed-own-folder")
        return load_design(Path(deck))
    from .load.art import load_art
    from .load.cardset import catalogue_set
    from .load.catalogue import load_deck

    catalogue = load_deck(deck, _path(data_dir))
    return catalogue_set(catalogue, load_art(catalogue, _path(art_dir)))


def load_images(
    folder: str | os.PathLike,
    *,
    back: str | os.PathLike | None = None,
    card_size: str | None = None,
    fill: str = "mirror",
    fit: str = "exact",
    bleed_mm: float | None = None,
    draft: bool = False,
) -> ImageDeck:
    """A folder of card images (or a .csv or .xlsx list of them) as a deck, as
    ``printkit sheets --images`` reads it: ``.cards`` to build, ``.warnings`` to show.
    ``back`` is every card's back (default: back.png or back.jpg beside the images);
    ``card_size`` a name (``"poker"``) or ``"WxH"`` (default: guessed from the shape,
    ``.guessed`` says so); ``fill`` how missing bleed is made (mirror, replicate,
    median); ``fit`` what an image of another shape gets (exact refuses it, crop,
    stretch); ``bleed_mm`` the bleed the images carry on each side (default: measured);
    ``draft`` prints images under 150 dpi too. ::

        deck = printkit.load_images("my-cards", card_size="tarot")
        printkit.build([deck.cards], "output")"""
    from .load.images import load_images as load
    from .units import mm
    from .values.cardsizes import card_size as size_named
    from .values.pictures import ImageOptions

    bleed = None if bleed_mm is None else float(bleed_mm) * mm
    options = ImageOptions(_path(back), fill, fit, bleed, draft)
    size = None if card_size is None else size_named(card_size)
    return load(Path(folder), options, size)


def load_decks(
    data_dir: str | os.PathLike | None = None, art_dir: str | os.PathLike | None = None
) -> list[CardSet]:
    """Every catalogue deck of ``data_dir`` (printkit's own by default), by name."""
    from .load.catalogue import deck_ids

    found = [
        load_deck(name, data_dir=data_dir, art_dir=art_dir) for name in deck_ids(_path(data_dir))
    ]
    if not found:
        raise UsageError.said("kit.no-decks", folder=f"{data_dir or 'data'}/decks")
    return found


def build(
    sets: Sequence[CardSet] | None = None,
    out: str | os.PathLike = "output",
    *,
    template: str | None = None,
    settings: Settings | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    deck_dir: str | os.PathLike | None = None,
    watching: bool = False,
    changed_since: str | os.PathLike | None = None,
) -> Kit:
    """Make the kit of ``sets`` (every catalogue deck by default) into the folder ``out``:
    every file together, or none, and a folder a build was killed in finished first.

    ``template`` is a preset's name or a template file (None: the kit's own, or plain
    card stock for cards of another size); ``settings`` the printing options
    (duplex, back offset, QR codes, aids, ink saver; ``cache``, a folder the card faces
    drawn are kept in for the next build, as the command line keeps them in printkit's
    cache folder). ``progress`` is told how far the
    build is: ``progress(what, done, jobs)``, first with nothing done, then as each job
    ends, with what it made. ``deck_dir`` is a designed deck's folder, whose own files are
    never replaced and out of which the output folder may not lead; ``watching`` makes a
    rebuild after an edit: one job after another, no print guide. ``changed_since`` is an
    earlier build's manifest (``<deck>-cards.json``) or its output folder: each deck it
    lists also gets errata sheets of only the cards changed since (``<deck>-errata.pdf``).
    """
    from functools import partial

    from .load.templates import template_for
    from .output.commit import recover, write_files
    from .output.guard import inside_deck, spare_deck
    from .output.spool import Spool
    from .parallel import run_shared
    from .targets.calibration import calibration_note
    from .targets.files import gather, longest_first, made
    from .targets.kit import checked, kit_jobs
    from .targets.sheets import sheets_name, superseded_by

    out = Path(out)
    settings = settings or Settings()
    folder = _path(deck_dir)
    inside_deck(out, folder)
    if out.is_dir():  # a build killed while committing is finished before anything else
        recover(out)
    sets = list(sets) if sets is not None else load_decks()
    decks = [(cards.name, cards.card_size) for cards in sets]
    sheets, notes = template_for(
        template, decks, settings.card_size, paper=settings.paper, skip=settings.skip
    )
    since = {} if changed_since is None else _manifests(Path(changed_since), sets, settings)
    jobs = kit_jobs(sets, sheets, settings, out, watching, since)
    with Spool(out) as spool:  # each file on disk as soon as it is made
        # Shared with a second process when it pays; each returns its files' places.
        makers = [partial(made, spool, job.make) for job in jobs]
        if watching:
            parts = [make() for make in makers]
        else:
            done = None
            if progress is not None:
                finished = [0]
                progress("", 0, len(jobs))

                def done(index: int) -> None:
                    finished[0] += 1
                    progress(jobs[index].what, finished[0], len(jobs))

            parts = run_shared(makers, done, longest_first(jobs))
        files = gather([(job.what, part.files) for job, part in zip(jobs, parts, strict=True)])
        spare_deck(files, folder)
        reports = {path: report for part in parts for path, report in part.reports.items()}
        stems = [
            sheets_name(cards, settings).removesuffix(".pdf") for cards in sets if cards.images
        ]
        named = [path for path in reports if path.name.startswith(tuple(stems))]
        warnings = notes + calibration_note(sheets, settings) + checked(reports, named)
        said = [_errata_note(files, spool, cards, out / sheets_name(cards, settings), since)
                for cards in sets if cards.id in since]  # fmt: skip
        superseded = [
            pattern
            for cards in sets
            for pattern in superseded_by(out / sheets_name(cards, settings))
        ]
        written = write_files(files, superseded, owner="build", spool=spool)
    if settings.cache is not None:
        from .resources.formcache import FormCache

        FormCache(settings.cache).prune()
    return Kit(tuple(written), tuple(warnings), tuple(said))


def _manifests(path: Path, sets, settings: Settings) -> dict:
    """The earlier manifests of the decks of ``sets``, by deck id: the one file given, or
    each deck's in the folder given (a deck with none there gets no errata)."""
    from .errors import PrintkitError
    from .load.datafile import shown
    from .load.manifest import read_manifest
    from .targets.errata import manifest_name
    from .targets.sheets import sheets_name
    from .words import say

    ids = {cards.id for cards in sets}
    if path.is_dir():
        found = {}
        for cards in sets:
            file = manifest_name(path / sheets_name(cards, settings))
            if file.exists():
                found[cards.id] = read_manifest(file)
                if found[cards.id].deck != cards.id:
                    raise PrintkitError(
                        say("errata.other-deck", file=shown(file), other=found[cards.id].deck)
                    )
        if not found:
            raise PrintkitError(say("errata.no-manifest", folder=shown(path)))
        return found
    manifest = read_manifest(path)
    if manifest.deck not in ids:
        raise PrintkitError(say("errata.other-deck", file=shown(path), other=manifest.deck))
    return {manifest.deck: manifest}


def _errata_note(files, spool, cards, sheets: Path, since) -> str:
    """What the build says of a deck's errata: how many cards they hold, or that none
    changed."""
    import json

    from .load.datafile import shown
    from .targets.errata import errata_name
    from .words import say

    listed = errata_name(sheets).with_suffix(".json")
    if listed not in files:
        return say("errata.none", deck=cards.name)
    count = len(json.loads(spool.read(files[listed]))["cards"])
    key = "errata.changed-one" if count == 1 else "errata.changed-many"
    return say(key, deck=cards.name, count=count, file=shown(errata_name(sheets)))


def lookup(
    query: str, *, deck: str = DEFAULT_DECK, data_dir: str | os.PathLike | None = None
) -> tuple[Card, ...]:
    """The cards a query names: a playing card in any notation ("7D", "queen of
    diamonds") or an effect's name ("syphon"); NotFoundError when none."""
    from .rules.lookup import find

    return find(_deck(deck, data_dir), query)


def negate(
    played: str | None = None,
    *,
    counters: Sequence[str] = (),
    boosts: Sequence[str] = (),
    assists: Sequence[str] = (),
    spook: Sequence[str] | None = None,
    warn: Sequence[str] | None = None,
    deck: str = DEFAULT_DECK,
    data_dir: str | os.PathLike | None = None,
    **table: object,
) -> Negation:
    """Judge a negation: the ``played`` card (or a dead Renegade's ``spook`` or a dead
    Deputy's ``warn`` of two cards), its ``boosts`` and ``assists``, and the ``counters``
    thrown at it, each a playing card in any notation. ``table`` holds what the table
    knows, as ``printkit.rules.negation.resolve`` takes it: ``ghosts``, ``dead`` (roles,
    the playing ghost's first), ``single_team``, ``royal``, ``high_noon``, ``handcuffs``,
    ``ace_value``. RulesError when the rules forbid the play."""
    from .rules import negation
    from .rules.lookup import find_card

    source = _deck(deck, data_dir)
    pairs = [(kind, cards) for kind, cards in (("spook", spook), ("warn", warn)) if cards]
    if len(pairs) + (played is not None) != 1:
        raise UsageError.said("negation.played-or-pair")

    def cards(texts: Sequence[str]):
        return [find_card(source, text) for text in texts]

    rest = (cards(boosts), cards(assists), cards(counters))
    if pairs:
        kind, pair = pairs[0]
        play = negation.Play.two_cards(kind, cards(pair), *rest)
    else:
        assert played is not None
        play = negation.Play.of(find_card(source, played), *rest)
    return negation.resolve(source, play, **table)  # type: ignore[arg-type]


def draw(
    check: str, cards: Sequence[str], *, high_noon: str | None = None, lucky_duke: bool = False
) -> list[DrawResult]:
    """Settle a draw!: ``check`` is a check's id (barrel, jail, dynamite, ...) or
    "dynamite+jail" for a turn that starts with both; ``cards`` the card(s) flipped, in
    any notation (the Dynamite's first). One result per check."""
    from .rules import draw as rules
    from .values.notation import parse_card

    flipped = [parse_card(text) for text in cards]
    if check == "dynamite+jail":
        return rules.start_of_turn(flipped, high_noon=high_noon, lucky_duke=lucky_duke)
    return [rules.judge(check, flipped, high_noon=high_noon, lucky_duke=lucky_duke)]


def odds(
    check: str,
    *,
    deck: str = "bang",
    seen: Sequence[str] = (),
    in_play: Sequence[str] = (),
    high_noon: str | None = None,
    lucky_duke: bool = False,
    data_dir: str | os.PathLike | None = None,
) -> dict[str, Fraction]:
    """The exact chance of each outcome of a draw! ``check``, best first, over the draw
    deck ``deck`` less the cards ``seen`` and those ``in_play`` (by name, or name:card)."""
    from .load.draws import load_draw_deck
    from .rules import odds as rules

    source = rules.remaining(
        load_draw_deck(deck, _path(data_dir)), check, tuple(seen), tuple(in_play), high_noon
    )
    return rules.odds(check, source, high_noon=high_noon, lucky_duke=lucky_duke)


def roles(players: int, *, data_dir: str | os.PathLike | None = None) -> Deal:
    """The roles dealt to a table of ``players`` (3 to 8), and what Death Mesa changes."""
    from .load.roles import load_deal

    return load_deal(players, _path(data_dir))


def speak(language: str, *, allow_missing: bool = False) -> None:
    """Make and say everything from now on in ``language`` ("en", "it", "es", "pt-BR",
    "cs", "ru": ``printkit.words.languages()``). A translation that lacks messages is
    refused (CatalogueError) unless ``allow_missing``: then they are said in English."""
    from .load.translation import speak as speaking

    speaking(language, allow_missing=allow_missing)


def preflight_file(source: str | os.PathLike | bytes, name: str | None = None) -> Report:
    """Check a finished PDF as a printer would: page sizes, fonts, marks, resolution."""
    from .preflight import preflight as check

    return check(source if isinstance(source, bytes) else Path(source), name)


def recover(folder: str | os.PathLike) -> list[str]:
    """Set an output folder straight after a run that stopped while writing into it (as
    ``printkit recover`` does): finish or undo its commit, remove a journal printkit
    cannot follow and the unfinished files it left. Returns what it did, a line each."""
    from .errors import OutputError
    from .load.datafile import shown
    from .output.commit import recover as recover_folder

    if not os.path.lexists(folder):
        raise OutputError.said("output.no-such-folder", folder=shown(Path(folder)))
    return recover_folder(Path(folder), discard=True)


def _deck(deck: str, data_dir: str | os.PathLike | None) -> Deck:
    from .load.catalogue import load_deck

    return load_deck(deck, _path(data_dir), documents=False)


def _path(value: str | os.PathLike | None) -> Path | None:
    return None if value is None else Path(value)
