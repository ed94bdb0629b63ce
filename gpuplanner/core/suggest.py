"""Nearest-name suggestions for error messages."""

from __future__ import annotations

from collections.abc import Iterable


def did_you_mean(word: str, choices: Iterable[str], n: int = 3) -> str:
    # difflib is imported here, on the first bad name, not with the scenario reader: its import (~3 M
    # instructions under callgrind) would otherwise come before the app's first paint (issue #15).
    import difflib

    options = list(choices)
    close = difflib.get_close_matches(word, options, n=n, cutoff=0.5)
    if not close:
        close = [c for c in options if word and (word in c or c in word)][:n]
    return f"; did you mean {', '.join(close)}?" if close else ""
