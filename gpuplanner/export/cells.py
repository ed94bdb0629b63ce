"""Cell writing for the workbook: formulas only from the exporter, user text always as text, styles.

Every value goes through `put`. A formula is an `F` object built by the exporter from defined names and cell
addresses; a plain `str` is always written as a text cell, so no user text (scenario name, notes, catalog
names) can become a formula (spec §6 "Safe files"). Text starting with = + - @ or a tab/CR/LF is marked with
Excel's quotePrefix style as well, so it stays text when a user edits the cell in Excel or LibreOffice.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

# Leading characters that spreadsheet programs read as the start of a formula (OWASP "CSV injection").
FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r", "\n")


@dataclass(frozen=True)
class F:
    """A formula written by the exporter, without the leading '='. Never built from user text."""

    text: str


def safe_text(value: str) -> str:
    """User text made storable: characters XML 1.0 cannot hold removed (openpyxl refuses them), line ends as LF
    (an XML reader turns a raw CR into LF anyway)."""
    return ILLEGAL_CHARACTERS_RE.sub("", value.replace("\r\n", "\n").replace("\r", "\n"))


def needs_quote_prefix(text: str) -> bool:
    return text.startswith(FORMULA_LEADS)


def number(value: Any) -> float | int | None:
    """A finite number or None (inf/nan have no Excel form)."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    v = float(value)
    return v if math.isfinite(v) else None


def col(c: int) -> str:
    return get_column_letter(c)


def addr(row: int, column: int, *, abs_row: bool = True, abs_col: bool = True) -> str:
    return f"{'$' if abs_col else ''}{col(column)}{'$' if abs_row else ''}{row}"


def sheet_ref(sheet: str, row: int, column: int) -> str:
    """An absolute reference to one cell on `sheet` (sheet names here are single English words)."""
    return f"{sheet}!{addr(row, column)}"


def sheet_range(sheet: str, row1: int, col1: int, row2: int, col2: int) -> str:
    return f"{sheet}!{addr(row1, col1)}:{addr(row2, col2)}"


def quote_text(text: str) -> str:
    """A string literal inside a formula (exporter-made labels only)."""
    return '"' + text.replace('"', '""') + '"'


# --- styles (FAST-style colour code: inputs blue on yellow, engine results on grey, links green) ---------

THIN = Side(style="thin", color="BFBFBF")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)


def _font(size: float = 11, **kw: Any) -> Font:
    """A font with its face and size spelled out: a <font> without them makes LibreOffice fall back to its own
    default (DejaVu Serif here, wider than the Calibri the column widths are counted in: "###" in money cells)
    and leaves Excel to guess; Calibri 11 is the workbook's default font (openpyxl's stylesheet)."""
    return Font(name=FONT_NAME, size=size, **kw)


FONT_NAME = "Calibri"
FONT_TITLE = _font(bold=True, size=14, color="1F4E78")
FONT_SUBTITLE = _font(italic=True, color="595959")
FONT_HEADER = _font(bold=True, color="FFFFFF")
FILL_HEADER = PatternFill("solid", fgColor="1F4E78")
FONT_SECTION = _font(bold=True, color="1F4E78")
FILL_SECTION = PatternFill("solid", fgColor="DDEBF7")
FONT_INPUT = _font(color="0000FF")
FILL_INPUT = PatternFill("solid", fgColor="FFF2CC")
FONT_ENGINE = _font(color="375623")
FILL_ENGINE = PatternFill("solid", fgColor="E2EFDA")
FONT_CALC = _font(color="000000")
FONT_LINK = _font(color="00803C")
FONT_BOLD = _font(bold=True)
FILL_KEY = PatternFill("solid", fgColor="F2F2F2")
FILL_GOOD = PatternFill("solid", fgColor="C6EFCE")
FILL_BAD = PatternFill("solid", fgColor="FFC7CE")
FONT_GOOD = _font(color="006100")
FONT_BAD = _font(color="9C0006")
WRAP = Alignment(wrap_text=True, vertical="top")
TOP = Alignment(vertical="top")

STYLES: dict[str, dict[str, Any]] = {
    "title": {"font": FONT_TITLE},
    "subtitle": {"font": FONT_SUBTITLE},
    "header": {"font": FONT_HEADER, "fill": FILL_HEADER, "alignment": Alignment(wrap_text=True, vertical="center")},
    "section": {"font": FONT_SECTION, "fill": FILL_SECTION},
    "input": {"font": FONT_INPUT, "fill": FILL_INPUT, "border": BOX},
    "engine": {"font": FONT_ENGINE, "fill": FILL_ENGINE, "border": BOX},
    "calc": {"font": FONT_CALC},
    "link": {"font": FONT_LINK},
    "key": {"font": FONT_BOLD, "fill": FILL_KEY, "border": BOX},
    "bold": {"font": FONT_BOLD},
    "bad": {"font": FONT_BAD, "fill": FILL_BAD, "alignment": TOP},
    "text": {"alignment": TOP},
    "wrap": {"alignment": WRAP},
    "name": {"font": _font(color="7F7F7F", size=9)},
}


def put(ws: Worksheet, row: int, column: int, value: Any, style: str | None = None, fmt: str | None = None) -> Any:
    """Write one cell. `F` = formula; str = text (never a formula); numbers finite or blank."""
    cell = ws.cell(row=row, column=column)
    if isinstance(value, F):
        cell.value = "=" + value.text
    elif isinstance(value, str):
        text = safe_text(value)
        cell.value = text
        cell.data_type = "s"  # even "=…" stays a string
        if needs_quote_prefix(text):
            cell.quotePrefix = True
    elif isinstance(value, bool):
        cell.value = value
    elif value is None:
        cell.value = None
    else:
        cell.value = number(value)
    if style:
        for attr, v in STYLES[style].items():
            setattr(cell, attr, v)
    if fmt:
        cell.number_format = fmt
    return cell


_NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")


def valid_name(name: str) -> bool:
    return bool(_NAME_RE.match(name))
