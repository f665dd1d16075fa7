"""Every limit printkit keeps on what it reads, in one place (the README lists them).

A deck folder may come from a stranger, so every size is bounded before the work it
causes: a file's bytes before it is read, a picture's pixels before it is decoded, an
SVG's elements before it is drawn. Each limit sits well above what a real deck needs
(the Dead Men's Deck uses less than a tenth of each) and well below what would make a
build take minutes or gigabytes.
"""

from __future__ import annotations

__all__ = [
    "MAX_CARDS",
    "MAX_COLUMNS",
    "MAX_COPIES",
    "MAX_DATA_BYTES",
    "MAX_HEADING",
    "MAX_NAME",
    "MAX_PARAGRAPH",
    "MAX_PICTURE_BYTES",
    "MAX_PIXELS",
    "MAX_QR_TEXT",
    "MAX_ROWS",
    "MAX_SVG_BYTES",
    "MAX_SVG_ELEMENTS",
    "MAX_TEXT",
    "MAX_TITLE",
    "MIN_PICTURE_SIDE",
]

#: A data file (TOML, CSV, Markdown): the largest real one is 40 KiB.
MAX_DATA_BYTES = 2 * 1024 * 1024
#: Data rows in one CSV file, and cards in one deck (a 10,000-card deck still builds).
MAX_ROWS = 10_000
MAX_CARDS = 10_000
#: Columns of a designed deck's card file (different keys of a cards.toml).
MAX_COLUMNS = 200
#: Copies of one effect in an effect,count deck.
MAX_COPIES = 500
#: Characters in a card's name, and in any one text of a card (the text must also fit).
MAX_NAME = 60
MAX_TEXT = 2_000
#: Characters in a QR code's text: a larger code has modules too fine for a phone to
#: read off a card, and costs more to make than the rest of the card.
MAX_QR_TEXT = 1_000
#: Characters in a deck's name and its game's name (they title PDFs and their metadata).
MAX_TITLE = 80
#: Characters in a paragraph (or a list's item) of a rule book, and in a heading: each is
#: set as one piece, and a paragraph is wrapped again at every page it runs over, so its
#: cost grows with the square of its length (the longest real one is 1,560 characters).
MAX_PARAGRAPH = 6_000
MAX_HEADING = 200
#: An SVG picture: its bytes and its elements (the largest of printkit's is 60).
MAX_SVG_BYTES = 2 * 1024 * 1024
MAX_SVG_ELEMENTS = 20_000
#: A raster picture: its bytes, its pixels (checked before decoding, and below Pillow's
#: own bomb limit of 89 million), and its shorter side.
MAX_PICTURE_BYTES = 32 * 1024 * 1024
MAX_PIXELS = 40_000_000
MIN_PICTURE_SIDE = 16
