"""The commands that make files: build, sheets and calibrate.

They parse, call the library, and report what they wrote; the drawing libraries are
imported inside each command so that the companion commands stay fast.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..catalogue import DEFAULT_DECK
from ..errors import UsageError
from ..units import mm
from .app import F, deck_options, open_deck, printkit

__all__ = ["build", "calibrate", "idsheet", "rulebook", "sheets"]

DEFAULT_TEMPLATE = "plaincards-letter"
DUPLEX = ("long", "short", "manual", "none")


def _offset(_ctx, _param, value: str | None) -> tuple[float, float]:
    if value is None:
        return (0.0, 0.0)
    try:
        dx, dy = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"{value!r}: write two numbers in mm, like 1.5,-0.5") from None
    if max(abs(dx), abs(dy)) > 20:
        raise click.BadParameter(f"{value!r}: more than 20 mm; the offset is in millimetres")
    return (dx * mm, dy * mm)


def print_options(func: F) -> F:
    """Options shared by every command that prints cards on sheets."""
    options = [
        click.option(
            "--template",
            "template_name",
            default=DEFAULT_TEMPLATE,
            show_default=True,
            metavar="NAME|FILE",
            help="A preset from templates/ (plaincards-letter, letter-3x3, a4-3x3, "
            "a4-3x3-63x88, paste-over-letter) or your own TOML file.",
        ),
        click.option(
            "--duplex",
            type=click.Choice(DUPLEX),
            default="long",
            show_default=True,
            help="long/short: each fronts page is followed by its backs page, for printing "
            "double-sided flipped on that edge; manual: fronts and backs in two files; "
            "none: fronts only.",
        ),
        click.option(
            "--back-offset",
            callback=_offset,
            metavar="DX,DY",
            help="Shift back pages by DX,DY mm (right and up, as the back page is printed), "
            "to correct a printer that misregisters; read it off the calibration page.",
        ),
        click.option("--no-qr", is_flag=True, help="Leave the QR codes off the cards."),
        click.option(
            "--art-dir",
            type=click.Path(file_okay=False, path_type=Path),
            default=Path("art"),
            show_default=True,
            help="Your own pictures: <art-dir>/<deck>/<effect>.svg|.png|.jpg replace printkit's.",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _print_options(duplex: str, back_offset, no_qr: bool, art_dir: Path):
    from ..render.deck import PrintOptions

    return PrintOptions(duplex=duplex, back_offset=back_offset, qr=not no_qr, user_art=art_dir)


def _deck_files(deck, template, options, target: Path) -> dict[Path, bytes]:
    from ..render.deck import deck_sheets

    parts = deck_sheets(deck, template, options)
    if "" in parts:
        return {target: parts[""]}
    return {
        target.with_name(f"{target.stem}-{part}{target.suffix}"): data
        for part, data in parts.items()
    }


def _report(paths: list[Path], quiet: bool = False) -> None:
    if quiet:
        return
    from ..datafile import shown

    for path in paths:
        size = path.stat().st_size
        click.echo(f"wrote {shown(path)} ({size / 1024:,.0f} KiB)")


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
@deck_options
@click.option("--quiet", is_flag=True, help="Print nothing but errors.")
def build(
    out_dir: Path,
    template_name: str,
    duplex: str,
    back_offset,
    no_qr: bool,
    art_dir: Path,
    deck_id: str,
    data_dir: Path | None,
    quiet: bool,
) -> None:
    """Make the kit in output/: card sheets, calibration page, identification sheet, rulebook.

    \b
    Examples:
      printkit build
      printkit build --template a4-3x3 --back-offset 0.5,-1
      printkit build --out ~/cards
    """
    from ..layout.templates import load_template
    from ..output import write_files
    from ..render.calibrate import calibration_page
    from ..render.idsheet import identification_sheet

    deck = open_deck(deck_id, data_dir)
    template = load_template(template_name)
    options = _print_options(duplex, back_offset, no_qr, art_dir)
    files = _deck_files(deck, template, options, out_dir / f"{deck.id}.pdf")
    if template.backs:
        files[out_dir / "calibration.pdf"] = calibration_page(
            template, "short" if duplex == "short" else "long"
        )
    paper = "a4" if abs(template.paper_width - 210 * mm) < 1 else "letter"
    if deck.playing_cards:
        files[out_dir / "identification-sheet.pdf"] = identification_sheet(deck, paper)
    if deck.rules:
        files.update(_rulebook_files(deck, paper, True, out_dir / "rulebook.pdf"))
    _report(write_files(files), quiet)


@printkit.command()
@click.argument("deck_id", default=DEFAULT_DECK, metavar="[DECK]")
@print_options
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The PDF to write (default: output/<deck>.pdf; manual duplex adds -fronts and -backs).",
)
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Read decks from this folder instead of printkit's own data/.",
)
def sheets(
    deck_id: str,
    template_name: str,
    duplex: str,
    back_offset,
    no_qr: bool,
    art_dir: Path,
    output: Path | None,
    data_dir: Path | None,
) -> None:
    """Print sheets for one DECK (default: dead-mens-deck) on any template.

    \b
    Examples:
      printkit sheets --template a4-3x3
      printkit sheets --template my-sheets.toml --back-offset 1,-0.5
      printkit sheets --duplex manual -o deck.pdf
      printkit sheets --template paste-over-letter
    """
    from ..layout.templates import load_template
    from ..output import write_files

    deck = open_deck(deck_id, data_dir)
    template = load_template(template_name)
    options = _print_options(duplex, back_offset, no_qr, art_dir)
    target = output or Path("output") / f"{deck.id}.pdf"
    if target.suffix.lower() != ".pdf":
        raise UsageError(f"{target}: the output file must end in .pdf")
    _report(write_files(_deck_files(deck, template, options, target)))


@printkit.command()
@click.option(
    "--template",
    "template_name",
    default=DEFAULT_TEMPLATE,
    show_default=True,
    metavar="NAME|FILE",
    help="The template you will print the cards with.",
)
@click.option(
    "--duplex",
    type=click.Choice(["long", "short"]),
    default="long",
    show_default=True,
    help="How your printer will turn the sheet: over its long or its short edge.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("output") / "calibration.pdf",
    show_default=True,
    help="The PDF to write.",
)
def calibrate(template_name: str, duplex: str, output: Path) -> None:
    """A two-sided page that measures how far your printer puts backs off their fronts.

    Print it double-sided at actual size, hold it against a window, and read the
    --back-offset to use off the page.

    \b
    Examples:
      printkit calibrate
      printkit calibrate --template a4-3x3 -o a4-calibration.pdf
    """
    from ..layout.templates import load_template
    from ..output import write_files
    from ..render.calibrate import calibration_page

    template = load_template(template_name)
    _report(write_files({output: calibration_page(template, duplex)}))


def _paper_option(func: F) -> F:
    return click.option(
        "--paper",
        type=click.Choice(["letter", "a4"]),
        default="letter",
        show_default=True,
        help="US Letter or A4 (the rulebook's pages are then half-letter or A5).",
    )(func)


@printkit.command()
@_paper_option
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("output") / "identification-sheet.pdf",
    show_default=True,
    help="The PDF to write.",
)
@deck_options
def idsheet(paper: str, output: Path, deck_id: str, data_dir: Path | None) -> None:
    """One page that says which card each playing card stands for.

    With it, a plain deck of playing cards is a Dead Men's Deck.

    \b
    Examples:
      printkit idsheet
      printkit idsheet --paper a4 -o id-a4.pdf
    """
    from ..output import write_files
    from ..render.idsheet import identification_sheet

    deck = open_deck(deck_id, data_dir)
    _report(write_files({output: identification_sheet(deck, paper)}))


@printkit.command()
@_paper_option
@click.option(
    "--booklet", is_flag=True, help="Also write <name>-booklet.pdf, imposed to fold and staple."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("output") / "rulebook.pdf",
    show_default=True,
    help="The PDF to write.",
)
@deck_options
def rulebook(paper: str, booklet: bool, output: Path, deck_id: str, data_dir: Path | None) -> None:
    """The rules as a half-letter (or A5) book, typeset from the catalogue.

    With --booklet, the same pages are also imposed two to a sheet in saddle-stitch
    order: print double-sided flipping on the short edge, fold, staple.

    \b
    Examples:
      printkit rulebook
      printkit rulebook --paper a4 --booklet
    """
    from ..output import write_files

    deck = open_deck(deck_id, data_dir)
    _report(write_files(_rulebook_files(deck, paper, booklet, output)))


def _rulebook_files(deck, paper: str, booklet: bool, target: Path) -> dict[Path, bytes]:
    from ..render.book import render_rules
    from ..render.booklet import impose_booklet

    book = render_rules(deck, paper, "book")
    files = {target: book}
    if booklet:
        files[target.with_name(f"{target.stem}-booklet{target.suffix}")] = impose_booklet(
            book, deck.name
        )
    return files
