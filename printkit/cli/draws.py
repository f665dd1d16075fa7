"""The table companion's draw! commands: settle a check (draw) and give its exact odds
(odds)."""

from __future__ import annotations

from pathlib import Path

import click

from ..rules.draw import CHECKS
from ..values.notation import parse_card
from ..words import joined, percent, say
from .app import data_dir_option, emit_json, high_noon_options, json_option, printkit
from .terminal import fill

__all__ = ["draw_", "odds"]


#: What ``draw`` settles: every check, and a start of turn with both Dynamite and Jail.
_DRAWS = [*CHECKS, "dynamite+jail"]


@printkit.command("draw")
@click.argument("check", type=click.Choice(_DRAWS), metavar="CHECK")
@click.argument("cards", nargs=-1, required=True, metavar="CARD [CARD]")
@high_noon_options
@json_option
def draw_(
    check: str, cards: tuple[str, ...], high_noon: str | None, lucky_duke: bool, as_json: bool
) -> None:
    """Settle a draw!: CHECK is barrel, jail, dynamite, bad-moon-rising,
    unfinished-business, or dynamite+jail for a turn that starts with both.

    CARD is the card flipped from the main deck, in any notation; with --lucky-duke,
    give both cards he flipped. For dynamite+jail give the Dynamite's card(s) first,
    then the Jail's: the Dynamite is always checked first.

    \b
    Examples:
      printkit draw barrel 9S
      printkit draw dynamite 9S --high-noon blessing
      printkit draw jail 3C KH --lucky-duke
      printkit draw dynamite+jail 9S 3H
      printkit draw dynamite+jail 9S KD 3H 2C --lucky-duke
      printkit draw barrel 9S --lucky-duke --high-noon hangover
    """
    from ..rules import draw

    flipped = [parse_card(text) for text in cards]
    if check == "dynamite+jail":
        results = draw.start_of_turn(flipped, high_noon=high_noon, lucky_duke=lucky_duke)
    else:
        results = [draw.judge(check, flipped, high_noon=high_noon, lucky_duke=lucky_duke)]
    if as_json:
        records = [draw.to_json(result) for result in results]
        emit_json(records[0] if len(records) == 1 else {"check": check, "checks": records})
        return
    for result in results:
        for line in draw.describe(result):
            click.echo(line)
    if len(results) == 2 and results[0].outcome == "explode":
        click.echo(say("answer.draw-both"))


@printkit.command()
@click.argument("check", type=click.Choice(list(CHECKS)), metavar="CHECK")
@click.option(
    "--deck",
    "draw_deck",
    default="bang",
    show_default=True,
    metavar="bang|simplified",
    help="Count over the 80-card BANG! base deck, or use the simplified variant's fixed chances.",
)
@click.option(
    "--seen",
    metavar="CARD,CARD...",
    help="Cards already out of the draw pile (flipped, discarded, in hands you saw): "
    "the odds are counted over what is left.",
)
@click.option(
    "--in-play",
    "in_play",
    metavar="NAME,NAME...",
    help="Cards in play, by name (barrel, jail) or name and card (jail:4H): out of the pile.",
)
@high_noon_options
@json_option
@data_dir_option
def odds(
    check: str,
    draw_deck: str,
    seen: str | None,
    in_play: str | None,
    high_noon: str | None,
    lucky_duke: bool,
    as_json: bool,
    data_dir: Path | None,
) -> None:
    """The exact chance of each outcome of a draw! CHECK.

    \b
    Examples:
      printkit odds barrel
      printkit odds barrel --in-play barrel              # 20/79: your Barrel is not in the pile
      printkit odds dynamite --seen 3H,KS,9S
      printkit odds dynamite --high-noon curse
      printkit odds barrel --lucky-duke --json
      printkit odds barrel --lucky-duke --high-noon hangover
      printkit odds jail --deck simplified
    """
    from fractions import Fraction

    from ..load.draws import load_draw_deck
    from ..rules import odds as odds_rules
    from ..rules.draw import CHECKS as checks

    source = load_draw_deck(draw_deck, data_dir)
    source = odds_rules.remaining(source, check, _listed(seen), _listed(in_play), high_noon)
    record = odds_rules.answer(check, source, high_noon=high_noon, lucky_duke=lucky_duke)
    if as_json:
        emit_json(record)
        return
    conditions = []
    if high_noon:
        conditions.append(say("answer.odds-high-noon", card=say(f"high-noon.{high_noon}")))
    if record["lucky_duke"]:
        conditions.append(say("answer.odds-lucky-duke"))
    suffix = say("answer.odds-with", conditions=joined(conditions)) if conditions else ""
    heading = say("answer.odds-heading", check=checks[check].name, over=source.description,
                  conditions=suffix)  # fmt: skip
    click.echo(heading)
    result = {outcome: Fraction(entry["fraction"]) for outcome, entry in record["outcomes"].items()}
    names = CHECKS[check].outcome_names
    width = max(len(names[outcome]) for outcome in result)
    for outcome, chance in result.items():
        fraction = f"{chance.numerator}/{chance.denominator}"
        meaning = source.meaning(check, outcome)
        share = percent(float(chance), 2)
        click.echo(f"  {names[outcome]:<{width}}  {fraction:>9}  {share:>7}  {meaning}")
    for short in record["readings"]:
        click.echo(fill(say("answer.odds-reading", short=short), indent=""))


def _listed(text: str | None) -> tuple[str, ...]:
    return tuple(part.strip() for part in (text or "").split(",") if part.strip())
