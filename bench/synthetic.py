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
