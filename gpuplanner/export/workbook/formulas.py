"""Formula text helpers shared by the sheets."""

from __future__ import annotations

import re

_CELL_RE = re.compile(r"^\$?[A-Z]{1,3}\$?[0-9]+(:\$?[A-Z]{1,3}\$?[0-9]+)?$")


def qualify(formula: str, sheet: str) -> str:
    """`formula` with every bare cell reference (A1, $C$5, E7:J7) prefixed by `sheet!`; defined names and
    references that already name a sheet are left alone."""
    from openpyxl.formula import Tokenizer
    from openpyxl.formula.tokenizer import Token

    tok = Tokenizer("=" + formula)
    out = []
    for t in tok.items:
        v = t.value
        if t.type == Token.OPERAND and t.subtype == Token.RANGE and "!" not in v and _CELL_RE.match(v):
            v = f"{sheet}!{v}"
        out.append(v)
    return "".join(out)


def close_formula(a: str, b: str) -> str:
    """A reconciliation test: |a − b| ≤ tolerance × max(1, |b|)."""
    return f"ABS(({a})-({b}))<=in_check_tolerance*MAX(1,ABS({b}))"
