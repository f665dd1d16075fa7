"""A synthetic deck of N different cards, written as data files only, for the benchmarks.

Every card has its own effect (so its own text and its own QR code) and one of the
Dead Men's Deck's pictures, copied next to the data as a designer would keep them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "art" / "builtin" / "dead-mens-deck"

_TEXT = (
    "Choose a living player: they draw one card, then discard one card of their choice. "
    "If they cannot, they lose 1 life point instead. Other ghosts may answer as usual."
)


def write_synthetic_deck(data_dir: Path, cards: int = 1000, text: int = 200) -> str:
    """Write data_dir/decks/synthetic/ with ``cards`` different cards whose texts have
    ``text`` characters; returns the deck's id."""
    folder = data_dir / "decks" / "synthetic"
    folder.mkdir(parents=True, exist_ok=True)
    pictures = sorted(p for p in ART.glob("*.svg") if p.stem != "back")
    for picture in pictures:
        shutil.copy(picture, folder / picture.name)
    (folder / "deck.toml").write_text(
        'name = "Synthetic Deck"\ngame = "printkit benchmark"\n'
        f'description = "{cards} different cards, for timing"\nindex = "none"\n',
        encoding="utf-8",
    )
    effects, rows = [], ["effect,count"]
    all_words = _TEXT.split()
    for i in range(cards):
        words = all_words[i % 7 :] + all_words[: i % 7]
        body = " ".join(words)[:text]
        effects.append(
            f'[card-{i:05d}]\nname = "Card {i + 1}"\nsummary = "Synthetic card {i + 1}."\n'
            f'text = "{body}"\nnote = "Ruling {i + 1}."\n'
            f'targets = ["living"]\nart = "{pictures[i % len(pictures)].name}"\n'
        )
        rows.append(f"card-{i:05d},1")
    (folder / "effects.toml").write_text("\n".join(effects), encoding="utf-8")
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return "synthetic"


def write_card_images(folder: Path, count: int) -> Path:
    """``count`` different 822 x 1122 px PNG card faces (a shop's poker size, 3 mm of
    bleed) and a back.png in ``folder``: a coloured gradient, a dozen discs and a little
    grain each, so that each compresses about as card art does (about 1 MB)."""
    import random

    from PIL import Image, ImageDraw

    folder.mkdir(parents=True, exist_ok=True)
    size = (822, 1122)
    gradient = Image.linear_gradient("L").resize(size).convert("RGB")
    grain = Image.effect_noise(size, 24).convert("RGB")
    for i in range(count):
        pick = random.Random(i)

        def colour(pick=pick) -> tuple[int, int, int]:
            return (pick.randrange(256), pick.randrange(256), pick.randrange(256))

        image = Image.blend(gradient, Image.new("RGB", size, colour()), 0.6)
        draw = ImageDraw.Draw(image)
        for _ in range(12):
            x, y, d = pick.randrange(size[0]), pick.randrange(size[1]), pick.randrange(40, 300)
            draw.ellipse((x, y, x + d, y + d), fill=colour())
        draw.text((60, 60), f"card {i + 1}", fill=(0, 0, 0))
        Image.blend(image, grain, 0.08).save(folder / f"card{i + 1:03d}.png", compress_level=1)
    Image.new("RGB", size, (30, 30, 60)).save(folder / "back.png")
    return folder


def write_designed_deck(folder: Path, cards: int = 1000) -> Path:
    """The deck ``printkit new`` writes, in ``folder``, with ``cards`` different cards:
    each row of its card list a name, cost and text of its own (so a face of its own)."""
    from printkit.targets.scaffold import scaffold

    for relative, text in scaffold("Bench").items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    rows = ["name,count,type,cost,art,text,flavour"]
    kinds = (("potion", "flask"), ("spell", "scroll"))
    for i in range(cards):
        kind, art = kinds[i % 2]
        rows.append(
            f'Card {i + 1},1,{kind},{i % 9},{art},"Gain **{i % 5 + 1}** :drop: at once; '
            f'card {i + 1} of the bench.",Flavour {i + 1}.'
        )
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder
