"""Roles per table size, each role's goal and what Death Mesa changes: the values.
``printkit.load.roles`` reads them from data/roles.toml."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Deal", "Role"]


class Role(NamedTuple):
    id: str
    name: str
    plural: str
    goal: str
    death_mesa: str


class Deal(NamedTuple):
    """The roles dealt at a table of ``players``, and what its ghosts may do."""

    players: int
    roles: tuple[Role, ...]  # as dealt, one per player
    note: str | None
    one_team: str

    @property
    def distinct(self) -> tuple[Role, ...]:
        seen: dict[str, Role] = {}
        for role in self.roles:
            seen.setdefault(role.id, role)
        return tuple(seen.values())

    def count(self, role: Role) -> int:
        return sum(1 for r in self.roles if r.id == role.id)

    @property
    def dealt(self) -> str:
        """The roles in words: "Sheriff, Renegade, 2 Outlaws, Deputy"."""
        from ..words import joined, say

        return joined(
            (say("roles.dealt-many", count=self.count(r), plural=r.plural) if self.count(r) > 1
             else r.name for r in self.distinct),
            "list",
        )  # fmt: skip

    def to_json(self) -> dict[str, object]:
        """The object ``printkit roles --json`` prints."""
        return {
            "players": self.players,
            "roles": [role.id for role in self.roles],
            "goals": {
                r.id: {"name": r.name, "goal": r.goal, "death_mesa": r.death_mesa}
                for r in self.distinct
            },
            "note": self.note,
            "one_team": self.one_team,
            "dealt": self.dealt,
        }
