"""Preflight: read a written PDF back and check it is fit to print, page by page.

``printkit build`` runs it on every PDF it makes before writing anything, and
``printkit preflight FILE...`` runs it on any file. A printkit PDF names its own kind,
paper and duplex in its document information (``/PrintkitKind``, ``/PrintkitPaper``,
``/PrintkitDuplex``); for any other PDF the checks use the general rules.

A build gives the keys of the sheets' pages as it drew them
(``render.pdf.Document.end_page``): the findings on a page of a key are kept in
printkit's cache folder, and a page drawn again alike is not read again.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..values.printspec import KINDS
from .facts import DocumentFacts, read_facts
from .rules import PAPERS, Expect, Finding, check_document, check_page

if TYPE_CHECKING:
    from ..resources.formcache import FormCache

__all__ = ["KINDS", "PAPERS", "Expect", "Finding", "Report", "expect_of", "preflight"]

#: The document-information keys printkit writes so that a file says what it is.
INFO_KEYS = {
    "kind": "PrintkitKind",
    "paper": "PrintkitPaper",
    "duplex": "PrintkitDuplex",
    "draft": "PrintkitDraft",
}


class Report(NamedTuple):
    name: str
    expect: Expect
    pages: int
    findings: tuple[Finding, ...]

    @property
    def failures(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "fail"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "warn"]

    @property
    def ok(self) -> bool:
        return not self.failures


def expect_of(facts: DocumentFacts) -> Expect:
    """What the file says it is; a file that says nothing gets the general rules."""
    kind = facts.info.get(INFO_KEYS["kind"]) or "other"
    paper = facts.info.get(INFO_KEYS["paper"]) or None
    duplex = facts.info.get(INFO_KEYS["duplex"]) or None
    return Expect(
        kind if kind in KINDS else "other",
        paper if paper in PAPERS or paper == "custom" else None,
        duplex if duplex in ("long", "short", "simplex") else None,
        facts.info.get(INFO_KEYS["draft"]) == "yes",
    )


def preflight(
    source: Path | bytes,
    name: str | None = None,
    known: tuple[list[str | None], FormCache] | None = None,
    **override,
) -> Report:
    """Check one PDF. ``override`` (kind, paper, duplex) replaces what the file says.
    ``known`` gives the key of each page as it was drawn (None for a page with none)
    and the cache where the findings on a page of a key are kept."""
    facts = read_facts(source, name)
    expect = expect_of(facts)
    given = {key: value for key, value in override.items() if value is not None}
    if given:
        expect = expect._replace(**given)
    keys: list[str | None] = [None] * facts.count
    found: dict[int, list[Finding]] = {}
    if known is not None and len(known[0]) == facts.count:
        keys = [None if key is None else _checked_key(key, expect) for key in known[0]]
        for index, key in enumerate(keys):
            kept = None if key is None else _kept_findings(known[1].get_file(key), index + 1)
            if kept is not None:
                found[index] = kept
    findings: list[Finding] = []
    pages = facts.pages(set(found))  # each page checked as it is read, then let go
    for index in range(facts.count):
        if index not in found:
            found[index] = check_page(next(pages), expect)
            if keys[index] is not None and known is not None:
                known[1].put_file(keys[index], _kept_bytes(found[index]))
        findings.extend(found.pop(index))
    next(pages, None)  # past the pages left out, to its end: the file is let go
    findings.extend(check_document(facts, expect))
    return Report(facts.name, expect, facts.count, tuple(findings))


def _checked_key(page_key: str, expect: Expect) -> str:
    """The key of the findings on a page drawn under ``page_key``, checked for ``expect``
    by this printkit and PDFium (``maker_identity``), in the language spoken."""
    import hashlib

    from ..resources.paths import maker_identity
    from ..words import language

    made = ("preflight", maker_identity(), language(), expect, page_key)
    return hashlib.sha256(repr(made).encode()).hexdigest()


_LEVELS = ("ok", "warn", "fail")


def _kept_bytes(findings: list[Finding]) -> bytes:
    import json

    return json.dumps([[f.check, f.level, f.detail] for f in findings]).encode()


def _kept_findings(data: bytes | None, page: int) -> list[Finding] | None:
    """The findings kept as ``data``, on page ``page``; None unless each is well formed."""
    import json

    if data is None:
        return None
    try:
        kept = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(kept, list) or not all(
        isinstance(f, list)
        and len(f) == 3
        and all(isinstance(part, str) for part in f)
        and f[1] in _LEVELS
        for f in kept
    ):
        return None
    return [Finding(page, check, level, detail) for check, level, detail in kept]
