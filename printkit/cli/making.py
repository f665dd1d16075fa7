"""The commands that make files: build, sheets and calibrate.

They parse, call the library, and report what they wrote; the drawing libraries are
imported inside each command so that the companion commands stay fast.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import click

from ..errors import UsageError
from ..resources.paths import DEFAULT_DECK
from ..targets.exports import EXPORTS, Wanted
from ..units import mm
from ..values.cardsizes import card_size
from ..values.papers import BOOK_PAPER, paper_size
from ..values.settings import DEFAULT_TEMPLATE, DUPLEX_MODES, Settings
from ..words import say
from .app import (
    F,
    art_dir_option,
    art_options,
    data_dir_option,
    deck_options,
    open_deck,
    printkit,
)
from .terminal import report, safe

__all__ = [
    "build",
    "calibrate",
    "export",
    "idsheet",
    "rulebook",
    "sheets",
    "table",
    "templates_command",
]


def _offset(ctx, param, value: str | None) -> tuple[float, float]:
    """--back-offset DX,DY, or PRINTKIT_BACK_OFFSET's (a printer's offset, kept once
    measured), in points."""
    if value is None:
        return (0.0, 0.0)
    problem = None
    try:
        dx, dy = (float(part) for part in value.split(","))
    except ValueError:
        problem = "command.offset-numbers"
    else:
        if not (math.isfinite(dx) and math.isfinite(dy)):
            problem = "command.offset-numbers"
        elif max(abs(dx), abs(dy)) > 20:
            problem = "command.offset-far"
    if problem is None:
        return (dx * mm, dy * mm)
    if ctx.get_parameter_source(param.name) is click.core.ParameterSource.ENVIRONMENT:
        raise UsageError.said("command.offset-env", why=say(problem, value=value[:40]))
    raise click.BadParameter(say(problem, value=value[:40]))


def _output_option(default: Path | None, help_text: str) -> Callable[[F], F]:
    """-o/--output: the one file a command writes."""
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, path_type=Path),
        default=default,
        show_default=default is not None,
        help=help_text,
    )


def _deck_dir_option(help_text: str) -> Callable[[F], F]:
    """--deck-dir: a designed deck's folder, as printkit new writes it."""
    return click.option(
        "--deck-dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        metavar="DIR",
        help=help_text,
    )


def _read_by(reader: Callable[[str], object]):
    """An option's callback: its value read by ``reader``, whose UsageError is the
    option's."""

    def read(_ctx, _param, value: str | None):
        if value is None:
            return None
        try:
            return reader(value)
        except UsageError as exc:
            raise click.BadParameter(str(exc)) from None

    return read


def _card_size_option(func: F) -> F:
    """--card-size: the cards' size, by name or as WxH."""
    from ..values.cardsizes import CARD_SIZES

    return click.option(
        "--card-size",
        callback=_read_by(card_size),
        metavar="NAME|WxH",
        help=f"The cards' size: {', '.join(CARD_SIZES)}, or WxH like 70x120mm or 2.5x3.5in. "
        "A template that centres its cards is refitted to hold as many as fit (default: "
        "the deck's own size; a folder of images, guessed from their shape).",
    )(func)


def _image_bleed(_ctx, _param, value: str | None) -> float | None:
    if value is None:
        return None
    from ..units import parse_length
    from ..values.pictures import MOST_GIVEN_BLEED

    try:
        text = value.strip().casefold()
        bleed = parse_length(text if text.strip(" .0123456789") else f"{text}mm")
    except (UsageError, ValueError):
        raise click.BadParameter(say("command.bleed-length", value=value)) from None
    if not 0 <= bleed <= MOST_GIVEN_BLEED:
        raise click.BadParameter(say("command.bleed-length", value=value))
    return bleed


def _slots(_ctx, _param, value: str | None) -> tuple[int, ...]:
    if value is None:
        return ()
    parts = [part.strip() for part in value.split(",")]
    if not all(part.isascii() and part.isdigit() and len(part) <= 4 for part in parts):
        raise click.BadParameter(say("command.skip-numbers", value=value[:40]))
    return tuple(int(part) for part in parts)


def _paper_option(func: F) -> F:
    """--paper: the paper to print on, by name or as WxH."""
    from ..values.papers import PAPER_NAMES

    return click.option(
        "--paper",
        callback=_read_by(paper_size),
        metavar="NAME|WxH",
        help=f"The paper to print on: {', '.join(PAPER_NAMES)}, or WxH like 300x450mm. "
        "A template that centres its cards is refitted to it, as many cards as it holds "
        "(default: the template's own paper; the kit's perforated sheets are Letter only, "
        "so another paper is plain card stock).",
    )(func)


def _images_options(func: F) -> F:
    """--images DIR|LIST, and how its images are printed (--back, --bleed-fill, --fit,
    --image-bleed, --draft), which reach the command as one ``image_options`` value."""
    import functools

    from ..values.pictures import BLEED_FILLS, FITS, ImageOptions
    from ..values.printspec import FLOOR_DPI, SHARP_DPI

    @functools.wraps(func)
    def command(*args, back_image, bleed_fill, fit, image_bleed, draft, **kwargs):
        options = ImageOptions(back_image, bleed_fill, fit, image_bleed, draft)
        return func(*args, image_options=options, **kwargs)

    for option in (
        click.option(
            "--draft",
            is_flag=True,
            help=f"With --images: print images under {FLOOR_DPI} dpi too (a blurred proof).",
        ),
        click.option(
            "--image-bleed",
            callback=_image_bleed,
            metavar="LENGTH",
            help="With --images: the bleed each image carries on each side, like 3mm or "
            "0.125in (default: measured from each image's shape).",
        ),
        click.option(
            "--fit",
            type=click.Choice(FITS),
            default="exact",
            show_default=True,
            help="With --images: what is done with an image of another shape than the "
            "card: exact refuses it; crop cuts it to the card's shape, evenly on both "
            "sides; stretch stretches it to the card.",
        ),
        click.option(
            "--bleed-fill",
            type=click.Choice(BLEED_FILLS),
            default="mirror",
            show_default=True,
            help="With --images: how the bleed an image lacks is made from its edge. mirror "
            "continues its texture; replicate repeats its last pixels (a plain border); "
            "median paints the edge's middle colour (a scanned border).",
        ),
        click.option(
            "--back",
            "back_image",
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            metavar="FILE",
            help="With --images: every card's back (default: back.png or back.jpg in DIR).",
        ),
        click.option(
            "--images",
            type=click.Path(path_type=Path),
            default=None,
            metavar="DIR|LIST",
            help="Print a folder of card images (PNG, JPEG; with or without bleed) "
            "in name order (NAME-front.png with NAME-back.png is a card with its own back), "
            "or the images a list names (.csv or .xlsx: file, count, back, name). "
            f"Under {SHARP_DPI} dpi is a warning.",
        ),
    ):
        command = option(command)
    return command


def _image_deck(images: Path, options, card=None, quiet: bool = False):
    """The deck of a folder of images, its warnings said (and the card size, when it
    was guessed)."""
    from ..load.images import load_images
    from ..values.cardsizes import format_size, size_of
    from ..words import say

    deck = load_images(images, options, card)
    if not quiet:
        if deck.guessed:
            size = size_of(deck.cards.card_size)
            line = say("images.guessed", cli=True, size=size.name, sides=format_size(size.sides))
            report(line)
        for line in deck.warnings:
            report(line, "warning")
    return deck.cards


def _images_only(images: Path | None, options, out: Path | None = None) -> None:
    """--back, --bleed-fill, --fit, --image-bleed and --draft belong to --images; with
    it, no option of a catalogue deck is given (it would be ignored), and nothing is
    written into the image folder (the next run would take printkit's files for cards)."""
    from ..values.pictures import ImageOptions

    if images is None:
        if options != ImageOptions():
            raise UsageError.said("command.images-options")
        return
    context = click.get_current_context()
    for name, flag in (
        ("deck_id", "DECK"), ("aids", "--aids"), ("art_dir", "--art-dir"), ("qr", "--qr"),
        ("ink_saver", "--ink-saver"), ("data_dir", "--data-dir"), ("deck_dir", "--deck-dir"),
    ):  # fmt: skip
        if name in context.params and context.get_parameter_source(name) not in (
            click.core.ParameterSource.DEFAULT,
            None,
        ):
            raise UsageError.said("command.images-without", option=flag)
    if out is not None and images.is_dir():  # a list names its files: others beside it are not read
        from ..output.guard import outside_images

        outside_images(out, images)


def _aids_option(func: F) -> F:
    return click.option(
        "--aids",
        type=click.IntRange(0, 12),
        default=4,
        show_default=True,
        help="Player aid cards to print after the deck (one per player).",
    )(func)


def _presets() -> list[str]:
    from ..load.templates import template_names

    return template_names()


def print_options(func: F) -> F:
    """Options shared by every command that prints cards on sheets."""
    options = [
        click.option(
            "--template",
            "template_name",
            default=None,
            show_default=DEFAULT_TEMPLATE,
            metavar="NAME|FILE",
            help=f"A preset ({', '.join(_presets())}; printkit templates shows each) or "
            "your own TOML file.",
        ),
        click.option(
            "--duplex",
            type=click.Choice(DUPLEX_MODES),
            default="long",
            show_default=True,
            help="long/short: each fronts page is followed by its backs page, for printing "
            "double-sided flipped on that edge; manual: fronts and backs in two files; "
            "none: fronts only.",
        ),
        click.option(
            "--ink-saver",
            is_flag=True,
            help="The same cards on white: no full-bleed grounds, pictures as light tints, "
            "a back that does not flood the sheet (the sheets' files end in -ink-saver).",
        ),
        click.option(
            "--skip",
            callback=_slots,
            metavar="SLOTS",
            help="Leave these slots empty on every sheet, like 1,9: counted from 1 in rows "
            "from the top left, as the fronts print (their backs are left blank too), for "
            "a sheet with cards already taken or a cutter's sensor area.",
        ),
        click.option(
            "--back-offset",
            callback=_offset,
            envvar="PRINTKIT_BACK_OFFSET",
            metavar="DX,DY",
            help="Shift back pages by DX,DY mm (right and up, as the back page is printed), "
            "to correct a printer that misregisters; read it off the calibration page. "
            "Set PRINTKIT_BACK_OFFSET to keep your printer's.",
        ),
    ]
    func = _paper_option(_card_size_option(art_options(func)))
    for option in reversed(options):
        func = option(func)
    return func


def _settings(
    duplex: str,
    back_offset,
    qr: bool | None,
    art_dir: Path,
    aids: int = 0,
    ink_saver: bool = False,
    card_size=None,
    paper=None,
    skip=(),
) -> Settings:
    """The one settings value every command that prints builds from its options: each
    keeps the card faces it draws in printkit's cache folder, for the next build."""
    from ..resources.paths import cache_dir

    return Settings(
        cache=cache_dir() / "forms",
        duplex=duplex,
        back_offset=back_offset,
        qr=qr,
        art_dir=art_dir,
        aids=aids,
        ink_saver=ink_saver,
        card_size=card_size,
        paper=paper,
        skip=skip,
    )


def _catalogue_only(deck_dir: Path | None, *names: str) -> None:
    """A designed deck takes its pictures and cards from its own folder: an option that
    only a catalogue deck reads, given beside --deck-dir, is a usage error, not ignored."""
    if deck_dir is None:
        return
    context = click.get_current_context()
    for name in names:
        if context.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE:
            option = next(p for p in context.command.params if p.name == name)
            flag = option.opts[0] if option.opts and option.opts[0].startswith("-") else "DECK"
            raise UsageError.said("command.catalogue-only", option=flag)


def _pdf(path: Path) -> Path:
    """An output file's path, which must end in .pdf (and so have a name before it)."""
    if path.suffix.lower() != ".pdf" or not path.stem:
        raise UsageError.said("command.not-pdf", file=str(path))
    return path


def _write_checked(files, folder: Path, cards=None, replaces=(), owner: str = "") -> None:
    """A command's files (path -> bytes, or pairs made one at a time) into ``folder``,
    each kept on disk as it is made; its PDFs checked by the preflight before any file
    is written (a failure writes nothing), then all written together, with what they
    supersede of the ``owner`` command's earlier files (``replaces``, patterns) taken
    away; its warnings said."""
    from ..output.commit import write_files
    from ..output.spool import Spool
    from ..targets.files import made
    from ..targets.kit import checked

    with Spool(folder) as spool:
        part = made(spool, lambda: files)
        named = part.reports if cards is not None and cards.images else ()
        warnings = checked(part.reports, named)
        written = write_files(part.files, replaces, owner=owner, spool=spool)
    _report(written)
    for line in warnings:
        report(line, "warning")


def _report(paths: list[Path], quiet: bool = False) -> None:
    if quiet:
        return
    from ..load.datafile import shown
    from ..words import amount

    for path in paths:
        size = amount(path.stat().st_size / 1024)
        click.echo(say("command.wrote", file=safe(shown(path)), size=size))


@printkit.command()
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="The folder to write the kit into.",
)
@print_options
@_aids_option
@click.option(
    "--deck",
    "deck_id",
    default=None,
    metavar="NAME",
    help="Build only this deck (default: every deck under data/decks/).",
)
@data_dir_option
@_deck_dir_option("Build the designed deck in DIR (made by printkit new): its sheets and proof.")
@click.option(
    "--watch",
    is_flag=True,
    help="With --deck-dir: build again whenever a file in the deck's folder is saved.",
)
@click.option(
    "--no-proofs",
    is_flag=True,
    help="Leave out the proof images (and remove a previous build's): a faster build.",
)
@click.option(
    "--changed-since",
    type=click.Path(exists=True, path_type=Path),
    metavar="MANIFEST|DIR",
    help="Also print errata: sheets of only the cards whose faces changed since the build "
    "that wrote MANIFEST (a deck's -cards.json, which every build writes beside its sheets) "
    "or the manifests in DIR, as <deck>-errata.pdf, with -errata.json saying which printed "
    "card each one replaces.",
)
@_images_options
@click.option("--quiet", is_flag=True, help="Print nothing but errors.")
def build(
    out_dir: Path,
    template_name: str | None,
    duplex: str,
    ink_saver: bool,
    skip: tuple[int, ...],
    back_offset,
    qr: bool | None,
    art_dir: Path,
    card_size,
    paper,
    aids: int,
    deck_id: str | None,
    data_dir: Path | None,
    deck_dir: Path | None,
    watch: bool,
    no_proofs: bool,
    changed_since: Path | None,
    images: Path | None,
    image_options,
    quiet: bool,
) -> None:
    """Make the whole kit in output/: for every deck its card sheets (with player aids),
    identification sheet, rules and proof sheet, and the calibration page.

    \b
    Examples:
      printkit build
      printkit build --template a4-3x3 --back-offset 0.5,-1
      printkit build --deck simplified-bang --out ~/cards
      printkit build --data-dir my-data --deck my-deck
      printkit build --deck-dir potions --watch
      printkit build --images my-cards
      printkit build --deck-dir potions --changed-since printed/potions-cards.json
    """
    _images_only(images, image_options, out_dir)
    if watch and deck_dir is None:
        raise UsageError.said("command.watch-needs-deck")
    if watch and changed_since is not None:
        raise UsageError.said("command.watch-errata")
    if deck_dir is not None and (deck_id is not None or data_dir is not None):
        raise UsageError.said("command.deck-dir-or-deck")
    _catalogue_only(deck_dir, "aids", "art_dir")
    options = _settings(duplex, back_offset, qr, art_dir, aids, ink_saver, card_size, paper, skip)
    options = options._replace(proofs=not no_proofs)
    if images is not None:
        from .building import make_kit

        cards = _image_deck(images, image_options, card_size, quiet)
        options = options._replace(aids=0, draft=image_options.draft)
        make_kit([cards], template_name, options, out_dir, quiet, changed_since=changed_since)
        return
    if deck_dir is not None:
        from .designing import build_design

        build_design(
            deck_dir, template_name, options._replace(aids=0), out_dir, watch, quiet,
            changed_since,
        )  # fmt: skip
        return
    from ..api import load_deck, load_decks
    from ..output.commit import recover
    from ..output.guard import inside_deck
    from .building import make_kit

    inside_deck(out_dir, data_dir)
    if out_dir.is_dir():  # a build killed while committing is finished before anything else
        recover(out_dir)
    if deck_id:
        sets = [load_deck(deck_id, data_dir=data_dir, art_dir=art_dir)]
    else:
        sets = load_decks(data_dir, art_dir)
    make_kit(sets, template_name, options, out_dir, quiet, changed_since=changed_since)


def _cards(deck, art_dir: Path | None):
    """A catalogue deck as printkit prints it, its pictures read (the player's own from
    ``art_dir`` first)."""
    from ..load.art import load_art
    from ..load.cardset import catalogue_set

    return catalogue_set(deck, load_art(deck, art_dir))


@printkit.command()
@click.argument("deck_id", default=DEFAULT_DECK, metavar="[DECK]")
@print_options
@_aids_option
@_output_option(
    None, "The PDF to write (default: output/<deck>.pdf; manual duplex adds -fronts and -backs)."
)
@data_dir_option
@_images_options
@click.option(
    "--page-images",
    is_flag=True,
    help="Also write each page as a PNG at 300 dpi beside the PDF (<name>-page-01.png and "
    "on), for software that prints images.",
)
def sheets(
    deck_id: str,
    template_name: str | None,
    duplex: str,
    ink_saver: bool,
    skip: tuple[int, ...],
    back_offset,
    qr: bool | None,
    art_dir: Path,
    card_size,
    paper,
    aids: int,
    output: Path | None,
    data_dir: Path | None,
    images: Path | None,
    image_options,
    page_images: bool,
) -> None:
    """Print sheets for one DECK (default: dead-mens-deck) on any template.

    \b
    Examples:
      printkit sheets --template a4-3x3
      printkit sheets --template my-sheets.toml --back-offset 1,-0.5
      printkit sheets --duplex manual -o deck.pdf
      printkit sheets --template paste-over-letter
      printkit sheets --images my-cards --template a4-3x3
    """
    from ..load.templates import load_template, template_for
    from ..resources.formcache import FormCache
    from ..targets.sheets import page_patterns, sheet_files, sheets_name

    _images_only(images, image_options, output.parent if output else None)
    if template_name is not None:  # a misspelt template is said before the deck is read
        load_template(template_name)
    options = _settings(duplex, back_offset, qr, art_dir, aids, ink_saver, card_size, paper, skip)
    options = options._replace(page_images=page_images)
    if images is not None:
        cards = _image_deck(images, image_options, card_size)
        options = options._replace(aids=0, draft=image_options.draft)
    else:
        deck = open_deck(deck_id, data_dir, documents=False, look=True, aid=aids > 0)
        cards = _cards(deck, art_dir)
    decks = [(cards.name, cards.card_size)]
    template, notes = template_for(template_name, decks, card_size, paper=paper, skip=skip)
    for line in notes:
        report(line)
    target = _pdf(output or Path("output") / sheets_name(cards, options, template))
    files = sheet_files(cards, template, options, target)
    _write_checked(files, target.parent, cards, page_patterns(target), owner="sheets")
    FormCache(options.cache).prune()


@printkit.command()
@click.option(
    "--template",
    "template_name",
    default=None,
    show_default=DEFAULT_TEMPLATE,
    metavar="NAME|FILE",
    help=f"The template you will print the cards with: {', '.join(_presets())}, or a TOML file.",
)
@click.option(
    "--duplex",
    type=click.Choice(DUPLEX_MODES[:2]),
    default="long",
    show_default=True,
    help="How your printer will turn the sheet: over its long or its short edge.",
)
@_output_option(
    None,
    "The PDF to write (default: output/calibration.pdf, named after the template and the "
    "edge when they are not the kit's).",
)
@_card_size_option
@_paper_option
@click.option(
    "--images",
    type=click.Path(path_type=Path),
    default=None,
    metavar="DIR|LIST",
    help="The card images you will print (a folder or a list): the page is laid out for "
    "their size.",
)
def calibrate(
    template_name: str | None,
    duplex: str,
    output: Path | None,
    card_size,
    paper,
    images: Path | None,
) -> None:
    """A two-sided page that measures how far your printer puts backs off their fronts.

    Print it double-sided at actual size, hold it against a window, and read the
    --back-offset to use off the page.

    \b
    Examples:
      printkit calibrate
      printkit calibrate --template a4-3x3 -o a4-calibration.pdf
      printkit calibrate --template letter-3x3 --card-size tarot
      printkit calibrate --images my-cards
    """
    from ..load.templates import template_for
    from ..render.calibrate import calibration_page
    from ..targets.calibration import calibration_name

    decks = []
    if images is not None:
        from ..values.pictures import ImageOptions

        # Only the cards' size matters here: an image of another shape is taken as cropped.
        cards = _image_deck(images, ImageOptions(fit="crop", draft=True), card_size)
        decks = [(cards.name, cards.card_size)]
    template, _ = template_for(template_name, decks, card_size, paper=paper)
    output = _pdf(output or Path("output") / calibration_name(template, duplex))
    _write_checked({output: calibration_page(template, duplex)}, output.parent)


@printkit.command("templates")
@_card_size_option
def templates_command(card_size) -> None:
    """Every preset template: its paper, its cards and how many go on a sheet, and how
    many of each card size it holds when it is refitted (--card-size).

    \b
    Examples:
      printkit templates
      printkit templates --card-size tarot
    """
    from ..load.templates import fitting, load_template, template_names
    from ..values.cardsizes import CARD_SIZES, format_size, size_of
    from ..words import say

    def way(t) -> str:
        if t.fold:
            return say("templates.fold")
        if t.registration is not None:
            return say("templates.silhouette")
        if t.cut_file:
            return say("templates.cricut")
        if not t.backs:
            return say("templates.paste")
        return say("templates.perforated" if t.fixed else "templates.plain")

    def held(fitted: dict, name: str) -> str:
        """How many cards a template holds (fitted: those that hold them), or a dash."""
        return str(fitted[name].per_sheet) if name in fitted else "–"

    names = template_names()
    fitted = dict(fitting(card_size)) if card_size is not None else {}
    rows = []
    for name in names:
        t = fitted.get(name) or load_template(name)
        paper = t.paper.title() if t.paper != "custom" else say("templates.custom")
        if t.paper_width > t.paper_height:
            paper += " " + say("templates.landscape")
        size = size_of(t.card_size)
        shown = f"{size.name} {format_size(size.sides)}" if size.name else format_size(size.sides)
        slots = held(fitted, name) if card_size is not None else str(t.per_sheet)
        rows.append((name, paper, shown, slots, way(t)))
    heads = tuple(say(f"templates.{key}") for key in ("name", "paper", "card", "slots", "way"))
    widths = [max(len(row[i]) for row in (heads, *rows)) for i in range(4)]
    for row in (heads, *rows):
        cells = [cell.ljust(width) for cell, width in zip(row[:4], widths, strict=True)]
        click.echo("  ".join([*cells, row[4]]))
    if card_size is not None:
        return
    click.echo("")
    click.echo(say("templates.sizes", cli=True))
    holds = {key: dict(fitting(size)) for key, size in CARD_SIZES.items()}
    first = max(len(name) for name in names)
    click.echo(" " * first + "".join(f"  {size}" for size in CARD_SIZES))
    for name in names:
        cells = [f"  {held(holds[key], name):>{len(key)}}" for key in CARD_SIZES]
        click.echo(name.ljust(first) + "".join(cells))


def _book_paper_option(func: F) -> F:
    """--paper of the documents printed on plain paper: Letter or A4."""
    return click.option(
        "--paper",
        type=click.Choice(list(BOOK_PAPER)),
        default="letter",
        show_default=True,
        help="US Letter or A4 (the rulebook's pages are then half-letter or A5).",
    )(func)


@printkit.command()
@_book_paper_option
@_output_option(None, "The PDF to write (default: output/identification-sheet.pdf, -a4 on A4).")
@deck_options
def idsheet(paper: str, output: Path | None, deck_id: str, data_dir: Path | None) -> None:
    """One page that says which card each playing card stands for.

    With it, a plain deck of playing cards is a Dead Men's Deck.

    \b
    Examples:
      printkit idsheet
      printkit idsheet --paper a4 -o id-a4.pdf
    """
    from ..load.art import load_art
    from ..targets.files import paper_name
    from ..targets.idsheet import idsheet_files

    deck = open_deck(deck_id, data_dir, documents=False)
    if not deck.idsheet:
        raise UsageError.said("command.no-idsheet", deck=deck.name)
    output = _pdf(output or Path("output") / paper_name(deck.idsheet, paper))
    _write_checked(idsheet_files(deck, paper, load_art(deck), output), output.parent)


@printkit.command()
@_book_paper_option
@click.option(
    "--booklet", is_flag=True, help="Also write <name>-booklet.pdf, imposed to fold and staple."
)
@_output_option(None, "The PDF to write (default: output/rulebook.pdf, -a4 on A4).")
@deck_options
def rulebook(
    paper: str, booklet: bool, output: Path | None, deck_id: str, data_dir: Path | None
) -> None:
    """The rules as a half-letter (or A5) book, typeset from the catalogue.

    With --booklet, the same pages are also imposed two to a sheet in saddle-stitch
    order: print double-sided flipping on the short edge, fold, staple.

    \b
    Examples:
      printkit rulebook
      printkit rulebook --paper a4 --booklet
    """
    from ..targets.files import paper_name
    from ..targets.rules import rules_files

    deck = open_deck(deck_id, data_dir)
    if deck.rules is None:
        raise UsageError.said("command.no-rules", deck=deck.name)
    output = _pdf(output or Path("output") / paper_name(deck.rules.output, paper))
    _write_checked(rules_files(deck, paper, output, booklet), output.parent)


@printkit.command()
@click.argument("deck_id", default=DEFAULT_DECK, metavar="[DECK]")
@click.option(
    "--for",
    "shop",
    type=click.Choice(list(EXPORTS)),
    required=True,
    help="; ".join(f"{e.name}: {e.summary}" for e in EXPORTS.values()) + ".",
)
@click.option(
    "--dpi",
    type=click.IntRange(72, 1200),
    default=None,
    help="Resolution (default 300, what the shops ask for).",
)
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="The folder to write into (default: output/<deck>-<shop>/).",
)
@click.option(
    "--url",
    "url_base",
    default=None,
    metavar="URL",
    help="tts: where the images will be served from (https://.../folder), so that every "
    "player's table can load them; by default the saved object points at the files "
    "on this computer, which only you can see.",
)
@_deck_dir_option("A designed deck (made by printkit new) instead of DECK.")
@art_options
@data_dir_option
@_images_options
@_card_size_option
def export(
    deck_id: str,
    shop: str,
    dpi: int | None,
    out_dir: Path | None,
    url_base: str | None,
    deck_dir: Path | None,
    qr: bool | None,
    art_dir: Path,
    data_dir: Path | None,
    images: Path | None,
    image_options,
    card_size,
) -> None:
    """Images of the cards: for a print-on-demand shop, a virtual table or a cutting
    machine, rendered from the same drawing as the PDFs.

    For a shop: one PNG per card front and one for the back, full bleed, RGB, named so
    that the uploader keeps the deck's order (01-2S-spook.png ... back.png). For
    Tabletop Simulator: grid sheets of at most 10 x 7 cards (the last slot the hidden
    card), the backs, and <deck>.json, a saved object that loads them. For other
    tables: the grid sheets, the backs and cards.csv saying which card is where. For a
    Cricut: one transparent PNG per sheet, to upload as Print Then Cut images.

    \b
    Examples:
      printkit export --for mpc
      printkit export simplified-bang --for tgc -o tgc-images
      printkit export --for png --dpi 150
      printkit export --for tts --url https://example.org/decks/dead-mens-deck
      printkit export --for cricut
      printkit export --for tts --deck-dir potions
    """
    chosen = EXPORTS[shop]
    if url_base is not None and not chosen.url:
        raise UsageError.said("command.url-for-tts")
    if dpi is not None and not chosen.dpi:
        raise UsageError.said("command.dpi-for-shops", shop=shop)
    _catalogue_only(deck_dir, "art_dir", "data_dir", "deck_id")
    _images_only(images, image_options, out_dir or Path("output"))
    if card_size is not None and images is None:
        raise UsageError.said("command.export-card-size")
    if images is not None:
        cards = _image_deck(images, image_options, card_size)
    elif deck_dir is not None:
        from ..load.design import load_design

        cards = load_design(deck_dir)
    else:
        deck = open_deck(deck_id, data_dir, documents=chosen.aid, look=True)
        cards = _cards(deck, art_dir)
    folder = out_dir or Path("output") / f"{cards.id}-{shop}"
    if url_base is not None:
        from ..targets.tabletop import locator

        try:
            locator(folder, url_base)
        except UsageError as exc:
            raise UsageError.said("command.url-bad", why=str(exc)) from None
    wanted = Wanted(folder, qr=qr, dpi=dpi, url=url_base)
    _write_export(chosen.make(cards, wanted), folder, shop, deck_dir)


def _write_export(files, folder: Path, shop: str, deck_dir: Path | None = None) -> None:
    """An export's files (name, bytes), written as they are made, into ``folder``: all
    together or none, superseding what the same export wrote there before, and never a
    file of the deck's own."""
    from ..load.datafile import shown
    from ..output.commit import write_files
    from ..output.guard import inside_deck, spare_deck

    pairs = files.items() if isinstance(files, dict) else files
    inside_deck(folder, deck_dir)

    def each():
        for name, data in pairs:
            spare_deck([folder / name], deck_dir)
            yield folder / name, data

    written = write_files(each(), [folder / "*"], f"export {shop}", folder=folder)
    click.echo(say("command.wrote-folder", count=len(written), folder=safe(shown(folder))))


@printkit.command()
@_output_option(Path("output") / "table.html", "The page to write.")
@art_dir_option
@deck_options
def table(output: Path, art_dir: Path, deck_id: str, data_dir: Path | None) -> None:
    """One offline web page for the phones at the table: look up a card, settle a
    negation and a draw! with the exact odds, and keep the table's state (who is dead,
    their roles, the High Noon card). It answers as these commands do, needs no network
    and no install: open it from a phone's files, send it in a chat or put it on any
    web server.

    \b
    Examples:
      printkit table
      printkit table -o ~/Desktop/death-mesa.html
      printkit table --data-dir my-data --deck my-deck
    """
    from ..load.art import load_art
    from ..output.commit import write_files
    from ..targets.page import table_files

    deck = open_deck(deck_id, data_dir, documents=False)
    if not deck.playing_cards:
        raise UsageError.said("kit.page-needs-playing-cards", deck=deck.name)
    if output.suffix.lower() not in (".html", ".htm"):
        raise UsageError.said("command.not-html", file=str(output))
    _report(write_files(table_files(deck, load_art(deck, art_dir), output)))
