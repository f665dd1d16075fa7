"""Read data/roles.toml into the roles dealt at each table size (``rules.roles``)."""

from __future__ import annotations

from pathlib import Path

from ..errors import CatalogueError, UsageError
from ..resources.paths import data_dir as default_data_dir
from ..rules.roles import Deal, Role
from .datafile import DataFile, one_line
from .translation import translated, translation_file

__all__ = ["load_deal", "load_deals"]


def _flat(text: str) -> str:
    return one_line(text)


def _read(data_dir: Path | None) -> tuple[DataFile, dict]:
    file = DataFile(Path(data_dir or default_data_dir()) / "roles.toml", CatalogueError)
    table = file.toml()
    file.check_keys(table, "", ("roles", "tables", "ghosts"))
    translation = translation_file(file.path)
    return translation or file, translated(table, "roles", translation)


def load_deal(players: int, data_dir: Path | None = None) -> Deal:
    """The roles dealt at a table of ``players``; UsageError for a size with no table."""
    tables = load_deals(data_dir)
    if players not in tables:
        sizes = sorted(tables)
        raise UsageError.said("roles.players", low=sizes[0], high=sizes[-1], players=players)
    return tables[players]


def load_deals(data_dir: Path | None = None) -> dict[int, Deal]:
    """Every table size in roles.toml, read and checked once."""
    file, table = _read(data_dir)
    roles = {}
    for role_id, entry in file.expect(table["roles"], dict, "", "roles").items():
        where = f"[roles.{role_id}]"
        file.expect(entry, dict, where, role_id)
        file.check_keys(entry, where, ("name", "plural", "goal", "death_mesa"))
        roles[role_id] = Role(
            role_id,
            file.expect(entry["name"], str, where, "name"),
            file.expect(entry["plural"], str, where, "plural"),
            _flat(file.expect(entry["goal"], str, where, "goal")),
            _flat(file.expect(entry["death_mesa"], str, where, "death_mesa")),
        )
    ghosts = file.expect(table["ghosts"], dict, "", "ghosts")
    file.check_keys(ghosts, "[ghosts]", ("one_team",))
    one_team = _flat(file.expect(ghosts["one_team"], str, "[ghosts]", "one_team"))
    tables = {}
    for size, entry in file.expect(table["tables"], dict, "", "tables").items():
        where = f"[tables.{size}]"
        if not size.isascii() or not size.isdigit() or not 1 <= int(size) <= 99:
            raise file.said(where, "data.roles.table")
        file.expect(entry, dict, where, size)
        file.check_keys(entry, where, ("roles",), ("note", "goals", "death_mesa"))
        goals = file.expect(entry.get("goals", {}), dict, where, "goals")
        file.check_keys(goals, f"{where[:-1]}.goals]", (), tuple(roles))
        # A table may say what Death Mesa changes in its own words (three players have
        # no Sheriff, so the Sheriff-based rules do not apply there).
        changes = file.expect(entry.get("death_mesa", {}), dict, where, "death_mesa")
        file.check_keys(changes, f"{where[:-1]}.death_mesa]", (), tuple(roles))
        dealt = []
        for role_id in file.expect(entry["roles"], list, where, "roles"):
            if role_id not in roles:
                from ..words import joined

                known = joined(roles, "list")
                raise file.said(where, "data.roles.unknown", role=role_id, roles=known)
            role = roles[role_id]
            if role_id in goals:
                goal = _flat(file.expect(goals[role_id], str, where, "goals"))
                role = role._replace(goal=goal)
            if role_id in changes:
                change = _flat(file.expect(changes[role_id], str, where, "death_mesa"))
                role = role._replace(death_mesa=change)
            dealt.append(role)
        note = file.expect(entry.get("note", ""), str, where, "note")
        tables[int(size)] = Deal(int(size), tuple(dealt), _flat(note) if note else None, one_team)
    return tables
