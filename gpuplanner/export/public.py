"""Catalog text as a finance file shows it: sources are public (papers, vendor pages, price pages with their
dates), so the catalog's pointers into the project's own working files (reference/hardware_notes.md,
reference/hardware.csv, the specification's sections) are dropped from the text; the public source they sit
beside stays. The catalog keeps them for its maintainers."""

from __future__ import annotations

import re

_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    # "…, via reference/hardware_notes.md C.2" -> "…"
    (re.compile(r"[,;]?\s*\(?\bvia reference/[\w.]+(?:\s+[A-Z]\.\d+)?\)?"), ""),
    # "per reference/hardware.csv (Azure …)" / "Not in reference/hardware.csv" -> a plain description
    (re.compile(r"\breference/hardware_notes\.md\s*"), ""),
    (re.compile(r"\breference/hardware\.csv\b"), "the earlier hardware table"),
    # "stas00 network README / reference estimation.md: …" -> "stas00 network README: …"
    (re.compile(r"(?:\s*/)?\s*\breference [\w]+\.md"), ""),
    (re.compile(r"\s*\(?\bspec §[\d.]+\)?"), ""),
)


def public_text(text: str | None) -> str | None:
    """`text` without references to project-internal files; None stays None."""
    if not text:
        return text
    out = text
    for pattern, repl in _RULES:
        out = pattern.sub(repl, out)
    return re.sub(r"\s{2,}", " ", out).strip(" ;,")
