"""Column widths from what the cells show, one rule for every sheet: a number column is as wide as its widest
formatted value (a money formula as wide as the largest sum the workbook can show), and a label that would be
cut off by the cell to its right widens its column up to TEXT_MAX_WIDTH or else wraps.

Widths are in Excel's column-width units: the width of one digit of the default font, Calibri 11 (ECMA-376
Part 1 §18.3.1.13 "col"). A cell shows "###" when its formatted number is wider than the column less the cell
padding, and LibreOffice and Excel both cut a label off at the next non-empty cell."""

from __future__ import annotations

import math
import re
import unicodedata

from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

DEFAULT_WIDTH = 8.43  # Excel's default column width (Calibri 11)
TEXT_MAX_WIDTH = 40.0  # a label column grows up to this; a longer label wraps
PADDING_UNITS = 1.5  # cell margins and the sort of rounding LibreOffice does (measured: 1.0 still gave "###")
BOLD_FACTOR = 1.1  # bold Calibri is about 5-10 % wider than regular
# Glyphs narrower than a digit in Calibri (",", "." about half a digit; "-" about 0.6): counted as such
NARROW = {",": 0.5, ".": 0.5, "-": 0.6, " ": 0.5, ":": 0.5}
MONEY_HEADROOM = 10.0  # the analyst changes inputs (horizon 3 → 5 years, prices): one more digit than exported

_QUOTED = re.compile(r'"([^"]*)"')
_BRACKET = re.compile(r"\[[^\]]*\]")


def column_widths(ws: Worksheet) -> dict[str, float]:
    """The widths set on `ws`, by column letter (a dimension spanning min..max counts for each column)."""
    out: dict[str, float] = {}
    for key, dim in ws.column_dimensions.items():
        if not dim.width:
            continue
        lo, hi = dim.min or 0, dim.max or 0
        if lo and hi and hi > lo:
            for c in range(lo, hi + 1):
                out[get_column_letter(c)] = dim.width
        else:
            out[key] = dim.width
    return out


def is_wide(ch: str) -> bool:
    """A wide (CJK, Hangul) character: two digit widths, and a taller line."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def text_width(text: str) -> float:
    """Width in digit widths: wide (CJK, Hangul) characters take two, narrow punctuation less than one."""
    return sum(2.0 if is_wide(ch) else NARROW.get(ch, 1.0) for ch in text)


def _sections(fmt: str) -> list[str]:
    """The ;-separated sections of a number format (a ; inside quotes is text)."""
    parts, cur, quoted = [], "", False
    for ch in fmt:
        if ch == '"':
            quoted = not quoted
        if ch == ";" and not quoted:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p for p in parts if p]


def _section_width(value: float, section: str) -> float:
    literal = sum(text_width(t) for t in _QUOTED.findall(section))
    code = _BRACKET.sub("", _QUOTED.sub("", section)).replace("\\", "")
    if "E+" in code.upper():
        return literal + 10.0
    v = abs(value) * (100.0 if "%" in code else 1.0)
    digits_at = [i for i, ch in enumerate(code) if ch in "0#?"]
    if not digits_at:
        return literal + text_width(code)
    scaling = len(code[digits_at[-1] + 1 :]) - len(code[digits_at[-1] + 1 :].lstrip(","))
    v /= 1000.0**scaling
    whole, _, frac = code[: digits_at[-1] + 1].partition(".")
    decimals = sum(ch in "0#?" for ch in frac)
    int_digits = max(1, len(str(int(round(v, decimals)))), sum(ch == "0" for ch in whole))
    width = float(int_digits)
    if "," in whole:
        width += NARROW[","] * ((int_digits - 1) // 3)
    if decimals:
        width += NARROW["."] + decimals
    others = code[: digits_at[0]] + code[digits_at[-1] + 1 :].lstrip(",")
    return literal + width + text_width(others)


def number_width(value: float, fmt: str | None) -> float:
    """Width of `value` shown in number format `fmt`, with a minus sign (the widest section, to be safe)."""
    if not fmt or fmt == "General":
        return text_width(f"{value:.10g}") + 1.0
    if not math.isfinite(value):
        return 4.0
    return max(_section_width(value, s) for s in _sections(fmt)) + NARROW["-"]


def is_money_total(fmt: str | None) -> bool:
    """A whole-unit money format ("$"#,##0…): the sums, which grow with the plan; rates carry decimals."""
    return bool(fmt) and ('"$"' in fmt or '"₩"' in fmt) and "." not in fmt  # type: ignore[operator]


def _needed(cell: Cell, money_bound: float) -> float | None:
    """Width `cell` needs in its column, or None when it may overflow or wraps (or is unknown)."""
    value = cell.value
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return number_width(float(value), cell.number_format) + PADDING_UNITS
    if cell.data_type == "f" or (isinstance(value, str) and value.startswith("=") and cell.data_type != "s"):
        return (
            number_width(money_bound, cell.number_format) + PADDING_UNITS
            if is_money_total(cell.number_format)
            else None
        )
    if isinstance(value, str) and not cell.alignment.wrap_text:
        font = cell.font
        factor = (BOLD_FACTOR if font is not None and font.b else 1.0) * ((font.sz or 11.0) / 11.0 if font else 1.0)
        return max(text_width(line) for line in value.split("\n")) * factor + PADDING_UNITS
    return None


def fit_columns(ws: Worksheet, money_bound: float) -> None:
    """Widen every column to the numbers it shows and to its labels up to TEXT_MAX_WIDTH (never narrower than
    the sheet set it); a label still wider than its column, with a non-empty cell to its right, wraps."""
    merged = {(r, c) for rng in ws.merged_cells.ranges for r, c in _cells_of(rng.bounds)}
    widths = column_widths(ws)
    numbers: dict[str, float] = {}
    labels: dict[str, float] = {}
    clipped: list[tuple[Cell, float]] = []
    spans: list[Cell] = []
    last = ws.max_column
    for row in ws.iter_rows():
        for i, cell in enumerate(row):
            if (cell.row, cell.column) in merged:
                continue
            need = _needed(cell, money_bound)
            if need is None:
                continue
            letter = cell.column_letter
            if isinstance(cell.value, str) and cell.data_type == "s":
                # a label cut off by the cell to its right, or running past the sheet's last column (where
                # LibreOffice widens the printed area for it: the whole sheet prints smaller), must fit or wrap;
                # one with empty cells to its right overflows into them, as titles do
                blocked = i + 1 < len(row) and row[i + 1].value not in (None, "")
                room = sum(widths.get(get_column_letter(c), DEFAULT_WIDTH) for c in range(cell.column, last + 1))
                rest_empty = all(c.value in (None, "") for c in row[i + 1 :])
                if need > room and rest_empty and cell.column < last:
                    spans.append(cell)  # a sheet's subtitle: spread over the row to the last column, wrapped
                elif blocked or need > room:
                    labels[letter] = max(labels.get(letter, 0.0), min(need, TEXT_MAX_WIDTH))
                    clipped.append((cell, need))
            else:
                numbers[letter] = max(numbers.get(letter, 0.0), need)
    for letter in set(numbers) | set(labels):
        width = max(widths.get(letter, DEFAULT_WIDTH), numbers.get(letter, 0.0), labels.get(letter, 0.0))
        ws.column_dimensions[letter].width = round(width + 0.49)
    for cell, need in clipped:
        if need > (ws.column_dimensions[cell.column_letter].width or DEFAULT_WIDTH):
            _wrap(cell)

    for cell in spans:
        _wrap(cell)
        ws.merge_cells(start_row=cell.row, start_column=cell.column, end_row=cell.row, end_column=last)


def _wrap(cell: Cell) -> None:
    a = cell.alignment
    cell.alignment = Alignment(horizontal=a.horizontal, vertical=a.vertical or "top", wrap_text=True, indent=a.indent)


def _cells_of(bounds: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """Every (row, column) of a merged range."""
    c1, r1, c2, r2 = bounds
    return [(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]


def money_bound(amounts: list[float | None]) -> float:
    """The largest money sum a sheet may show after the analyst's edits: the engine's largest times headroom."""
    known = [abs(a) for a in amounts if a is not None and math.isfinite(a)]
    return MONEY_HEADROOM * max(known, default=1e6)
