"""The deck ``printkit new`` writes: a small working example of every part of a designed
deck, in printkit's own words and pictures (CC0), to be edited into the user's game."""

from __future__ import annotations

import json

__all__ = ["scaffold"]

_DECK = """\
# A deck of your own game. printkit reads this file, the card list and the layouts
# beside it; every path stays inside this folder.
name = {title}
game = {title}
description = "A deck made with printkit new"

# One row a card, any columns you like; "count" makes copies. A spreadsheet works
# too: cards = "cards.xlsx" or "cards.ods" (and sheet = "Cards" to pick a sheet).
cards = "cards.csv"

# The same cards in another language: a column "name@it" beside "name" holds its
# Italian, read in its place by printkit sheets --lang it (any language printkit
# speaks: it, es, pt-BR, cs, ru). A column with no translation prints as it is; the
# backs are chosen by the cards' own values, in every language.

# The faces: boxes in real units, measured from the card's top-left corner.
front = "front.toml"
back = "back.toml"

# Backs may differ by a column's value (or by a "back" column naming a layout):
# [backs]
# field = "type"
# spell = "back-spell.toml"
"""

_FRONT = """\
description = "The front of every card: a poker card, 63.5 x 88.9 mm"

[card]
width = "63.5mm"
height = "88.9mm"

# Fonts by the name of an installed font package, or a file in this folder:
#   hand = {{ file = "fonts/MyHand.ttf" }}
# "title" and "body" are printkit's own unless you name others.
[fonts]
title = "Alfa Slab One"
body = "Zilla Slab"

# Boxes are drawn in this order. Each draws one thing: text, rich, picture, qr, shape
# or index; {{field}} is a column of cards.csv.
[box.ground]
shape = "rect"
x = "0mm"
y = "0mm"
width = "63.5mm"
height = "88.9mm"
bleed = true
fill = {{ field = "type", map = {{ potion = "#5b2e6e", spell = "#1f5a7a" }}, default = "#5e5e5e" }}

[box.panel]
shape = "rect"
x = "3.5mm"
y = "3.5mm"
width = "56.5mm"
height = "81.9mm"
radius = "2.5mm"
fill = "#fbf6ea"

[box.name]
text = "{{name}}"
font = "title"
size = "12pt"
min_size = "8pt"
align = "left"
x = "6mm"
y = "5.5mm"
width = "41mm"
height = "9mm"
color = "#2b1f17"

[box.cost-coin]
shape = "ellipse"
when = {{ field = "cost" }}
x = "49mm"
y = "5mm"
width = "10mm"
height = "10mm"
fill = "#c9a227"
stroke = "#6b5314"
stroke_width = "0.4mm"

[box.cost]
text = "{{cost}}"
when = {{ field = "cost" }}
font = "title"
size = "12pt"
x = "49mm"
y = "5mm"
width = "10mm"
height = "10mm"
color = "#2b1f17"

[box.art]
picture = "{{art}}"
fit = "contain"
x = "6mm"
y = "16mm"
width = "51.5mm"
height = "32mm"
padding = "1mm"

[box.kind]
text = "{{type}}"
size = "7pt"
x = "6mm"
y = "49mm"
width = "51.5mm"
height = "4mm"
color = {{ field = "type", map = {{ potion = "#5b2e6e", spell = "#1f5a7a" }}, default = "#5e5e5e" }}

[box.text]
rich = "{{text}}"
size = "9pt"
min_size = "6.5pt"
x = "7mm"
y = "54mm"
width = "49.5mm"
height = "19mm"
color = "#2b1f17"

[box.flavour]
rich = "*{{flavour}}*"
when = {{ field = "flavour" }}
size = "7.5pt"
min_size = "6pt"
x = "7mm"
y = "74mm"
width = "49.5mm"
height = "8mm"
color = "#6b5a4c"
"""

_BACK = """\
description = "The back of every card"

[card]
width = "63.5mm"
height = "88.9mm"

[box.ground]
shape = "rect"
x = "0mm"
y = "0mm"
width = "63.5mm"
height = "88.9mm"
bleed = true
fill = "#2e2235"

# No frame near the edge: a back printed a millimetre off its front would show it.
[box.emblem]
picture = "art/emblem.svg"
x = "16.75mm"
y = "27mm"
width = "30mm"
height = "30mm"

[box.title]
text = {title}
font = "title"
size = "13pt"
min_size = "8pt"
x = "6mm"
y = "62mm"
width = "51.5mm"
height = "10mm"
color = "#c9a227"
"""

_CARDS = """\
name,count,type,cost,art,text,flavour,name@it,type@it,text@it,flavour@it
Healing Draught,3,potion,2,flask,"Gain **2** :drop: at once.",Tastes of mint and regret.,Pozione curativa,pozione,"Guadagni subito **2** :drop:.",Sa di menta e di rimpianti.
Fire Tonic,2,potion,3,flask,"Every rival loses **1** :drop:. Played on a :heart: turn, **2**.",,Tonico di fuoco,pozione,"Ogni rivale perde **1** :drop:. Giocato in un turno di :heart:, **2**.",
Mirror Spell,2,spell,4,scroll,"Copy the card a rival played last.",Every trick twice.,Incanto dello specchio,incantesimo,"Copia l’ultima carta giocata da un rivale.",Ogni trucco due volte.
Sleep Charm,1,spell,,scroll,"A rival of your choice skips their next turn.",,Amuleto del sonno,incantesimo,"Un rivale a tua scelta salta il suo prossimo turno.",
"""

_FLASK = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <!-- printkit new's example picture, CC0 -->
  <path d="M40 12 h20 v22 l22 40 a10 10 0 0 1 -9 14 h-46 a10 10 0 0 1 -9 -14 l22 -40 z"
        fill="#e9ddf0" stroke="#2b1f17" stroke-width="3"/>
  <path d="M27 66 h46 l7 12 a6 6 0 0 1 -5 8 h-50 a6 6 0 0 1 -5 -8 z" fill="#b04a7a"/>
  <rect x="37" y="6" width="26" height="8" rx="2" fill="#8a6a43" stroke="#2b1f17" stroke-width="2"/>
</svg>
"""

_SCROLL = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <!-- printkit new's example picture, CC0 -->
  <rect x="20" y="18" width="60" height="64" rx="4"
        fill="#f3e6c4" stroke="#2b1f17" stroke-width="3"/>
  <circle cx="20" cy="22" r="8" fill="#d9c79a" stroke="#2b1f17" stroke-width="3"/>
  <circle cx="80" cy="78" r="8" fill="#d9c79a" stroke="#2b1f17" stroke-width="3"/>
  <path d="M32 36 h36 M32 48 h36 M32 60 h24"
        stroke="#1f5a7a" stroke-width="4" stroke-linecap="round"/>
</svg>
"""

_EMBLEM = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <!-- printkit new's example back, CC0 -->
  <circle cx="50" cy="50" r="44" fill="none" stroke="#c9a227" stroke-width="4"/>
  <path d="M50 14 L60 40 L88 42 L66 60 L74 86 L50 71 L26 86 L34 60 L12 42 L40 40 Z"
        fill="#c9a227"/>
</svg>
"""

_DROP = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <!-- A one-colour icon: written :drop: in rich text, drawn in the text's colour. CC0 -->
  <path d="M50 6 C70 36 82 52 82 66 a32 32 0 0 1 -64 0 C18 52 30 36 50 6 Z" fill="#000000"/>
</svg>
"""


def scaffold(title: str) -> dict[str, str]:
    """{path inside the new folder: its text}."""
    # The title as a TOML string: JSON's escapes are TOML's, so any name is safe.
    safe = json.dumps(title, ensure_ascii=False)
    return {
        "deck.toml": _DECK.format(title=safe),
        "front.toml": _FRONT.format(),
        # On a card, braces are a field's: the name's own braces are doubled.
        "back.toml": _BACK.format(
            title=json.dumps(title.replace("{", "{{").replace("}", "}}"), ensure_ascii=False)
        ),
        "cards.csv": _CARDS,
        "art/flask.svg": _FLASK,
        "art/scroll.svg": _SCROLL,
        "art/emblem.svg": _EMBLEM,
        "icons/drop.svg": _DROP,
    }
