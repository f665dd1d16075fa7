"""Read a draw deck (data/draws/<id>.csv: its cards, or <id>.toml: fixed chances) into a
``rules.odds.DrawDeck``, checked line by line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from types import MappingProxyType

from ..errors import CatalogueError, NotationError, NotFoundError, did_you_mean
from ..resources.paths import data_dir as default_data_dir
from ..rules.draw import CHECKS
from ..rules.odds import DrawDeck
from ..values.notation import parse_card
from .datafile import DataFile
from .translation import translated, translation_file

__all__ = ["draw_deck_ids", "load_draw_deck"]


def draw_deck_ids(data_dir: Path | None = None) -> list[str]:
    folder = Path(data_dir or default_data_dir()) / "draws"
    return sorted({p.stem for p in folder.glob("*.csv")} | {p.stem for p in folder.glob("*.toml")})


def load_draw_deck(deck_id: str, data_dir: Path | None = None) -> DrawDeck:
    folder = Path(data_dir or default_data_dir()) / "draws"
    if (folder / f"{deck_id}.csv").is_file():
        return _load_cards(deck_id, DataFile(folder / f"{deck_id}.csv", CatalogueError))
    if (folder / f"{deck_id}.toml").is_file():
        return _load_chances(deck_id, DataFile(folder / f"{deck_id}.toml", CatalogueError))
    known = draw_deck_ids(data_dir)
    close = did_you_mean(deck_id, known, n=1)
    from ..words import joined, say

    hint = (
        say("data.did-you-mean", name=close[0])
        if close
        else say("data.draws.decks", decks=joined(known, "list"))
    )
    raise NotFoundError.said("data.draws.not-found", deck=deck_id, hint=hint)


def _load_cards(deck_id: str, file: DataFile) -> DrawDeck:
    cards, names = [], []
    for row in file.csv_rows(required=("name", "card")):
        try:
            cards.append(parse_card(row.values["card"]))
        except NotationError as exc:
            raise file.fail(file.line(row.line), str(exc)) from None
        names.append(row.values["name"].strip())
    if not cards:
        raise file.said("", "data.draws.no-cards")
    translation = translation_file(file.path.with_name("names.toml"))
    if translation is not None:  # the cards' names in the language: {"Missed!": "Mancato!"}
        english = {name: name for name in names}
        local = translated(english, "names", translation)
        return DrawDeck(
            deck_id,
            cards=tuple(cards),
            names=tuple(local[name] for name in names),
            english=MappingProxyType({name.casefold(): local[name] for name in names}),
        )
    return DrawDeck(deck_id, cards=tuple(cards), names=tuple(names))


def _load_chances(deck_id: str, file: DataFile) -> DrawDeck:
    translation = translation_file(file.path)
    table = translated(file.toml(), "draw-meanings", translation)
    chances: dict[str, dict[str, Fraction]] = {}
    meanings: dict[str, dict[str, str]] = {}
    for check_id, outcomes in table.items():
        where = f"[{check_id}]"
        if check_id not in CHECKS:
            close = did_you_mean(check_id, CHECKS, n=1)
            if close:
                raise file.said(where, "data.draws.no-check-close", check=check_id, name=close[0])
            raise file.said(where, "data.draws.no-check", check=check_id)
        file.expect(outcomes, dict, where, check_id)
        check = CHECKS[check_id]
        file.check_keys(outcomes, where, check.outcomes, ("meaning",))
        if "meaning" in outcomes:
            words = file.expect(outcomes["meaning"], dict, f"[{check_id}.meaning]", "meaning")
            file.check_keys(words, f"[{check_id}.meaning]", (), check.outcomes)
            meanings[check_id] = {
                o: file.expect(t, str, f"[{check_id}.meaning]", o) for o, t in words.items()
            }
        parsed = {}
        for outcome in check.outcomes:  # the chances, best outcome first
            text = file.expect(outcomes[outcome], str, where, outcome)
            try:
                parsed[outcome] = Fraction(text)
            except (ValueError, ZeroDivisionError):
                raise file.said(where, "data.draws.fraction", outcome=outcome, text=text) from None
            if not 0 <= parsed[outcome] <= 1:
                raise file.said(where, "data.draws.chance", outcome=outcome, text=text)
        if sum(parsed.values()) != 1:
            raise file.said(where, "data.draws.sum")
        chances[check_id] = parsed
    return DrawDeck(deck_id, chances=chances, meanings=meanings)
