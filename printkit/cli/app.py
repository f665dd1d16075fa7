"""The ``printkit`` group and the options its commands share."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..resources.paths import DEFAULT_DECK
from ..values.model import ACE_VALUES, DEFAULT_ACE_VALUE, Deck
from ..version import __version__

__all__ = [
    "ANSWERING",
    "COMMANDS",
    "Terminated",
    "ace_option",
    "art_dir_option",
    "art_options",
    "data_dir_option",
    "deck_options",
    "emit_json",
    "high_noon_options",
    "json_option",
    "open_deck",
    "printkit",
]

F = TypeVar("F", bound=Callable[..., Any])


#: Every command, in the order a player meets them, and the module that defines it. A
#: module is imported only when one of its commands runs (or help lists them all), so
#: the table companion never loads what making PDFs needs.
COMMANDS = {
    "build": "making",
    "sheets": "making",
    "calibrate": "making",
    "templates": "making",
    "idsheet": "making",
    "rulebook": "making",
    "export": "making",
    "table": "making",
    "new": "designing",
    "preflight": "checking",
    "recover": "checking",
    "lookup": "companion",
    "negate": "companion",
    "draw": "draws",
    "odds": "draws",
    "roles": "companion",
}

#: The modules of the table companion, whose commands answer and write no file.
ANSWERING = frozenset({"companion", "draws"})


def _speak(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    """``--lang``, ``--allow-missing`` and ``--bilingual``, as soon as they are read
    (before any other option's value is checked, so that its complaint is in the
    language too). Given before the command (``printkit --lang cs lookup 7D``) they
    hold for it as if given after it; PRINTKIT_LANG or the locale comes after both."""
    from .. import words

    given = ctx.meta.setdefault("printkit.language", {})  # shared with the command's context
    source = ctx.get_parameter_source(param.name)
    if param.name in ("allow_missing", "bilingual"):
        given[param.name] = bool(value) or given.get(param.name, False)
        words.speak(words.language(), **{param.name: given[param.name]})
        return
    if value is None or (source is click.core.ParameterSource.ENVIRONMENT and "lang" in given):
        if "lang" in given:  # said before the command: already spoken
            return
        if value is None:
            import os

            value = words.from_locale(dict(os.environ))
    known = words.languages()
    value = words.spoken_code(value) or value
    if value not in known:
        if source is click.core.ParameterSource.ENVIRONMENT:
            from ..errors import UsageError

            raise UsageError.said("kit.no-language-env", language=value, known=", ".join(known))
        message = words.say("kit.no-language", language=value, known=", ".join(known))
        raise click.BadParameter(message, ctx=ctx, param=param)
    if source is click.core.ParameterSource.COMMANDLINE:
        given["lang"] = value
    words.speak(value)


def _language_options(envvar: str | None = "PRINTKIT_LANG") -> list[click.Option]:
    """How a command speaks: on every command, and before the command too (where
    PRINTKIT_LANG is left to the command, so that a flag after it comes first)."""
    from ..words import languages

    return [
        click.Option(
            ["--lang"],
            metavar="CODE",
            envvar=envvar,
            is_eager=True,
            expose_value=False,
            callback=_speak,
            help="The language of everything made and said: "
            f"{', '.join(languages())} [default: PRINTKIT_LANG, or the locale's]",
        ),
        _language_flag(
            "--allow-missing",
            "Say in English what the language's translation lacks, with a warning.",
        ),
        _language_flag(
            "--bilingual",
            "Print each card's English name small under its own, for tables that mix "
            "decks in two languages (the backs are the same in every language).",
        ),
    ]


def speak_early(args: list[str]) -> None:
    """Speak, before the command line is read, the language it names (``--lang``), or
    else PRINTKIT_LANG's or the locale's: a mistake in an option given before --lang is
    said in the language too. A language printkit does not speak is left to --lang to
    refuse."""
    import os

    from .. import words

    named = None
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            named = args[index + 1]
        elif arg.startswith("--lang="):
            named = arg.partition("=")[2]
    code = named or os.environ.get("PRINTKIT_LANG") or words.from_locale(dict(os.environ))
    found = words.spoken_code(code)
    if found is not None:
        words.speak(found)


def _language_flag(name: str, help: str) -> click.Option:
    """A flag of how the command speaks, read as soon as it is given (``_speak``)."""
    return click.Option(
        [name], is_flag=True, is_eager=True, expose_value=False, callback=_speak, help=help
    )


class _Spoken(click.Command):
    """A command of printkit: it speaks the language of ``--lang`` (or PRINTKIT_LANG, or
    the locale), and refuses a translation with gaps unless told to fill them in
    English."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params += _language_options()

    def invoke(self, ctx: click.Context) -> Any:
        from .. import words
        from ..load.translation import speak

        code = words.language()
        gaps = speak(code, allow_missing=words.allows_missing())
        lines = [words.say("kit.words-english", language=code, count=len(gaps))] if gaps else []
        try:
            return super().invoke(ctx)
        finally:
            if code != words.SOURCE:
                from ..load.translation import gaps as english

                lines += english()
            _warn(lines)


def _warn(lines: list[str], most: int = 5) -> None:
    """Warnings, one a line, the first ``most`` of them and the count of the rest."""
    from .. import words
    from .terminal import report

    if len(lines) > most:
        lines = [*lines[:most], words.say("kit.more-english", count=len(lines) - most)]
    for line in lines:
        report(line, "warning")


class _Lazy(click.Group):
    """Lists the commands in COMMANDS' order and imports each one's module on demand."""

    command_class = _Spoken

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            import importlib

            importlib.import_module(f"{__package__}.{COMMANDS[cmd_name]}")
        return super().get_command(ctx, cmd_name)


class Terminated(BaseException):
    """SIGTERM, turned into an exception so that files being written are cleaned up.
    ``received`` stays set: a library that turns every signal into KeyboardInterrupt
    (watchfiles, while --watch waits) must not make a SIGTERM look like Ctrl-C."""

    received = False


def _terminate(_signal, _frame) -> None:
    Terminated.received = True
    raise Terminated()


def _unwind_on_sigterm(ctx: click.Context) -> None:
    """From here until the command ends, SIGTERM raises Terminated: what the command
    was writing is finished or undone on the way out (printkit.output.commit), and ``main``
    says "terminated". The table companion's commands write nothing, so a SIGTERM
    simply ends them, and they need not import ``signal``."""
    import signal

    try:
        previous = signal.signal(signal.SIGTERM, _terminate)
    except ValueError:  # not the main thread (an embedding program): leave signals alone
        return
    ctx.call_on_close(lambda: signal.signal(signal.SIGTERM, previous))


@click.group(
    cls=_Lazy,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, prog_name="printkit")
@click.pass_context
def printkit(ctx: click.Context) -> None:
    """Print-and-play kit and table companion for Death Mesa, the ghost expansion for BANG!

    \b
    Make the kit:       printkit build
    At the table:       printkit lookup 7D
                        printkit negate KS --counter 8D --counter 7D
                        printkit draw barrel 9S
                        printkit odds dynamite
    """
    if COMMANDS.get(ctx.invoked_subcommand or "") not in ANSWERING:
        _unwind_on_sigterm(ctx)


printkit.params += _language_options(envvar=None)


def ace_option(func: F) -> F:
    return click.option(
        "--ace-value",
        type=click.Choice([str(v) for v in ACE_VALUES]),
        default=str(DEFAULT_ACE_VALUE),
        show_default=True,
        callback=lambda _ctx, _param, value: int(value),
        help="What an Ace counts in a negation. The rulebook is silent; printkit reads 11, "
        "and 1 is the house rule.",
    )(func)


def json_option(func: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(func)


def data_dir_option(func: F) -> F:
    return click.option(
        "--data-dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Read data (decks, draw decks, roles) from this folder instead of printkit's own.",
    )(func)


def deck_options(func: F) -> F:
    func = data_dir_option(func)
    return click.option(
        "--deck",
        "deck_id",
        default=DEFAULT_DECK,
        show_default=True,
        metavar="NAME",
        help="Which deck (a folder under data/decks/).",
    )(func)


def art_dir_option(func: F) -> F:
    """--art-dir: the player's own pictures."""
    return click.option(
        "--art-dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("art"),
        show_default=True,
        help="Your own pictures: <art-dir>/<deck>/<effect>.svg|.png|.jpg replace printkit's.",
    )(func)


def art_options(func: F) -> F:
    """--qr/--no-qr and --art-dir: how the cards' faces are drawn."""
    func = art_dir_option(func)
    return click.option(
        "--qr/--no-qr",
        default=None,
        help="QR codes on the card fronts, holding each card's name and ruling for a phone "
        "to show or read aloud: --qr prints them (the kit's decks leave them off), --no-qr "
        "leaves off every code, a designed deck's too.",
    )(func)


def high_noon_options(func: F) -> F:
    """--high-noon and --lucky-duke: what changes a draw!."""
    from ..rules.draw import DRAW_HIGH_NOON

    func = click.option(
        "--lucky-duke", is_flag=True, help="Lucky Duke flips two cards and keeps the better."
    )(func)
    return click.option(
        "--high-noon",
        type=click.Choice(DRAW_HIGH_NOON),
        help="The High Noon card in play: blessing (every card a heart), curse (a spade), "
        "hangover (no Lucky Duke), new-identity (Lucky Duke may have changed character).",
    )(func)


def open_deck(
    deck_id: str,
    data_dir: Path | None,
    documents: bool = True,
    look: bool = False,
    aid: bool = False,
) -> Deck:
    """The deck; with ``documents``, its rules, aid and look too (every command that
    prints them); with ``look``, at least its look (every command that draws cards);
    with ``aid``, at least its player aid (sheets that print it, without the rules)."""
    from ..load.catalogue import load_deck

    deck = load_deck(deck_id, data_dir, documents)
    if look and deck.look is None:
        from ..load.look import load_look

        deck = deck._replace(look=load_look(deck))
    if aid and deck.aid is None:
        from ..load.documents import load_aid

        deck = deck._replace(aid=load_aid(deck))
    return deck


def emit_json(value: Any) -> None:
    import json

    click.echo(json.dumps(value, indent=2, ensure_ascii=False))
