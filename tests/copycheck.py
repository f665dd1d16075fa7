"""Check that no run of 12 or more consecutive words is copied from the source documents.

The sources (../shared/seeds) are not part of this repository, so their 12-word runs are
kept as short hashes in ``seed-shingles.txt``: the check needs no copy of their
sentences. Refresh the file when the sources change:

    python -m tests.copycheck ../shared/seeds
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

RUN = 12
HASHES = Path(__file__).with_name("seed-shingles.txt")
_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    return _WORD.findall(text.casefold().replace("’", "'"))


def _hash(run: list[str]) -> str:
    return hashlib.sha256(" ".join(run).encode()).hexdigest()[:16]


def _prose(run: list[str]) -> bool:
    """A run worth checking: mostly words of three letters or more, not a list of ranks."""
    return sum(1 for w in run if w.isalpha() and len(w) >= 3) >= RUN // 2


def shingles(text: str) -> dict[str, str]:
    """Every prose run of RUN consecutive words, by its hash."""
    found = {}
    w = words(text)
    for i in range(len(w) - RUN + 1):
        run = w[i : i + RUN]
        if _prose(run):
            found[_hash(run)] = " ".join(run)
    return found


def seed_hashes() -> set[str]:
    return set(HASHES.read_text(encoding="ascii").split())


def copied_runs(text: str, known: set[str] | None = None) -> list[str]:
    """The runs of ``text`` that also stand in the source documents (or in ``known``)."""
    known = seed_hashes() if known is None else known
    return [run for key, run in shingles(text).items() if key in known]


def refresh(folder: Path) -> int:
    keys: set[str] = set()
    for path in sorted(folder.iterdir()):
        if path.is_file():
            keys |= set(shingles(path.read_text(encoding="utf-8", errors="replace")))
    HASHES.write_text("\n".join(sorted(keys)) + "\n", encoding="ascii")
    return len(keys)


if __name__ == "__main__":
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/seeds")
    print(f"{refresh(source)} runs of {RUN} words hashed into {HASHES}")
