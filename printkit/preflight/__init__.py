"""Preflight: read a written PDF back and check it is fit to print, page by page.

``printkit build`` runs it on every PDF it makes before writing anything, and
``printkit preflight FILE...`` runs it on any file. A printkit PDF names its own kind,
paper and duplex in its document information (``/PrintkitKind``, ``/PrintkitPaper``,
``/PrintkitDuplex``); for any other PDF the checks use the general rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ..values.printspec import KINDS
from .facts import DocumentFacts, read_facts
from .rules import PAPERS, Expect, Finding, check_document, check_page

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


def preflight(source: Path | bytes, name: str | None = None, **override) -> Report:
    """Check one PDF. ``override`` (kind, paper, duplex) replaces what the file says."""
    facts = read_facts(source, name)
    expect = expect_of(facts)
    given = {key: value for key, value in override.items() if value is not None}
    if given:
        expect = expect._replace(**given)
    findings: list[Finding] = []
    for page in facts.pages:  # each page checked as it is read, then let go
        findings.extend(check_page(page, expect))
    findings.extend(check_document(facts, expect))
    return Report(facts.name, expect, facts.count, tuple(findings))
