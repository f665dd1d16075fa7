"""Read a deck's rules (Markdown) and player aid (TOML) into values, with every
``{{...}}`` made into content and every worked example judged, so that a mistake in
either stops printkit with one line naming the file before anything is drawn.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import CatalogueError, PrintkitError
from ..rules.content import DIRECTIVES, Sources
from ..values import markdown
from ..values.documents import Aid, Generated, RulesText, Section
from ..values.model import Deck
from .datafile import DataFile
from .translation import translated, translation_file

__all__ = ["load_aid", "load_rules_text", "with_documents"]

_PLACEHOLDER = re.compile(r"\{\{\s*([a-z-]+)\s*\}\}")


def with_documents(deck: Deck) -> Deck:
    """The deck with its player aid, its rules and its look read, checked and made."""
    from .look import load_look

    return deck._replace(aid=load_aid(deck), rules_text=load_rules_text(deck), look=load_look(deck))


def _sources(deck: Deck, names: set[str]) -> Sources:
    """What the directives in ``names`` are made from: the roles and readings tables are
    read only when a directive needs them."""
    needs = set().union(*(DIRECTIVES[name].needs for name in names if name in DIRECTIVES))
    data = deck.folder.parent.parent if deck.folder else None  # data/decks/<deck>
    roles, readings = {}, {}
    if "roles" in needs:
        from .roles import load_deals

        roles = load_deals(data)
    if "readings" in needs:
        from ..rules.readings import load_readings

        readings = load_readings()
    return Sources(deck, roles, readings)


def load_rules_text(deck: Deck) -> RulesText | None:
    """The deck's rules, or None when its deck.toml names none."""
    if deck.rules is None or deck.folder is None:
        return None
    path = deck.folder / deck.rules.source
    source = translation_file(path, deck.folder, deck.language) or DataFile(
        path, CatalogueError, root=deck.folder
    )
    try:
        document = markdown.parse(source.text())
    except markdown.MarkdownError as exc:
        raise source.fail(source.line(exc.line), str(exc)) from None
    names = {b.name for b in document.blocks if isinstance(b, markdown.Directive)}
    sources = _sources(deck, names)
    blocks = []
    for block in document.blocks:
        if not isinstance(block, markdown.Directive):
            blocks.append(block)
            continue
        where = source.line(block.line)
        directive = DIRECTIVES.get(block.name)
        if directive is None or directive.block is None:
            from ..words import joined

            known = joined(sorted(n for n, d in DIRECTIVES.items() if d.block), "list")
            key = "data.documents.rules-aid-only" if directive else "data.documents.rules-unknown"
            raise source.said(where, key, name=block.name, known=known)
        try:
            content = directive.block(sources, block.args)
        except PrintkitError as exc:
            raise source.fail(where, str(exc)) from None
        blocks.append(Generated(block.name, content, block.line))
    return RulesText(source.name, dict(document.meta), tuple(blocks))


def load_aid(deck: Deck) -> Aid | None:
    """The deck's player aid, or None when its deck.toml names none."""
    if deck.aids is None or deck.folder is None:
        return None
    meta = DataFile(deck.folder / "deck.toml", CatalogueError)
    path = deck.folder / meta.relative_path(deck.aids, "[aids]")
    file = DataFile(path, CatalogueError, root=deck.folder)
    table = file.toml()
    file.check_keys(table, "", ("front", "back"))
    translation = translation_file(path, deck.folder, deck.language)
    table = translated(table, "aids", translation)
    file = translation or file
    text = "\n".join(
        str(entry.get("text", ""))
        for side in ("front", "back")
        if isinstance(table[side], list)
        for entry in table[side]
        if isinstance(entry, dict)
    )
    sources = _sources(deck, set(_PLACEHOLDER.findall(text)))
    front = _sides(file, sources, table["front"], "front")
    return Aid(front, _sides(file, sources, table["back"], "back"), file.name)


def _sides(file: DataFile, sources: Sources, entries: Any, side: str) -> tuple[Section, ...]:
    file.expect(entries, list, f"[[{side}]]", side)
    if not entries:
        raise file.said(f"[[{side}]]", "data.documents.no-sections")
    from ..words import joined, say

    sections = []
    for number, entry in enumerate(entries, start=1):
        where = say("data.documents.section", side=side, number=number)
        file.expect(entry, dict, where, side)
        file.check_keys(entry, where, ("title", "text"))
        title = file.expect(entry["title"], str, where, "title").strip()
        text = file.expect(entry["text"], str, where, "text")

        def fill(match: re.Match[str], where: str = where) -> str:
            directive = DIRECTIVES.get(match.group(1))
            if directive is None or directive.text is None:
                known = joined(sorted(n for n, d in DIRECTIVES.items() if d.text), "list")
                key = "data.documents.aid-rules-only" if directive else "data.documents.aid-unknown"
                raise file.said(where, key, name=match.group(1), known=known)
            return directive.text(sources)

        sections.append(Section(title, _PLACEHOLDER.sub(fill, text).strip()))
    return tuple(sections)
