"""Nearest-name suggestions for error messages."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: str, choices: Iterable[str], n: int = 3) -> str:
    options = list(choices)
    close = difflib.get_close_matches(word, options, n=n, cutoff=0.5)
    if not close:
        close = [c for c in options if word and (word in c or c in word)][:n]
    return f"; did you mean {', '.join(close)}?" if close else ""
