"""The readings: every question the sources leave open, and the answer printkit applies.

They live in data/readings.toml, in players' words; the rules functions name the ones
an answer rests on (by id), and the companion, the rulebook's appendix and the aids
print them from here, so a reading is written once.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..errors import CatalogueError
from ..load.datafile import DataFile
from ..resources.paths import data_dir as default_data_dir
from ..values.content import Reading

__all__ = ["Reading", "load_readings", "reading"]


@cache
def load_readings(data_dir: Path | None = None) -> dict[str, Reading]:
    """Every reading, by id, in the file's order."""
    file = DataFile(Path(data_dir or default_data_dir()) / "readings.toml", CatalogueError)
    table = file.toml()
    readings = {}
    for reading_id, entry in table.items():
        where = f"[{reading_id}]"
        file.expect(entry, dict, where, reading_id)
        file.check_keys(entry, where, ("question", "reading", "alternative", "short"))
        values = {key: file.expect(entry[key], str, where, key).strip() for key in entry}
        readings[reading_id] = Reading(reading_id, **values)
    return readings


def reading(reading_id: str) -> Reading:
    """One of printkit's own readings; a KeyError here is a bug (a missing id in data)."""
    return load_readings()[reading_id]
