"""printkit's one-colour icons (suit pips, target symbols, marks), painted and reused.

Each icon in a colour becomes one form in the document, however often it is drawn, and
is stamped at any size. The face painter, the identification sheet and the rule books
all draw their pips and symbols through this.
"""

from __future__ import annotations

from ..values.model import suit_color
from ..values.pictures import ArtLibrary
from .art import place_drawing, tinted
from .pdf import Document

__all__ = ["Icons"]

_BOX = 100.0  # icons are drawn in a 100 x 100 view box


class Icons:
    def __init__(self, doc: Document, art: ArtLibrary, colors: dict):
        self.doc, self.art, self.colors = doc, art, colors

    def form(self, icon: str, color_key: str) -> str:
        name = f"icon-{icon}-{color_key}"

        def draw() -> None:
            drawing = tinted(self.art.icon(icon).drawing, self.colors[color_key])
            place_drawing(self.doc.canvas, drawing, 0, 0, _BOX, _BOX)

        return self.doc.form(name, (0, 0, _BOX, _BOX), draw)

    def stamp(
        self, icon: str, color_key: str, x: float, y: float, size: float, canvas=None
    ) -> None:
        """Draw an icon with its box's bottom-left corner at (x, y), ``size`` points wide."""
        canvas = canvas or self.doc.canvas
        form = self.form(icon, color_key)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(size / _BOX, size / _BOX)
        canvas.doForm(form)
        canvas.restoreState()

    def pip(self, suit: str, x: float, y: float, size: float, canvas=None) -> None:
        """A suit pip in the suit's colour (the palette's "red" or "black")."""
        self.stamp(f"pip-{suit}", suit_color(suit), x, y, size, canvas)
