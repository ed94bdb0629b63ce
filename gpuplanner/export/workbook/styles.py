"""Number formats and sheet-wide presentation (print setup, row heights for wrapped text). Cell styles (fonts,
fills, borders) are in export/cells.py, next to `put`."""

from __future__ import annotations

import math

from openpyxl.formatting.rule import CellIsRule
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ..cells import FILL_BAD, FILL_GOOD, FONT_BAD, FONT_GOOD
from .columns import DEFAULT_WIDTH, column_widths, is_wide, text_width

# Token counts as people say them (2.0 billion, 1.4 trillion): each trailing comma of an Excel number format
# scales by 1,000 (Microsoft, "Number format codes"; LibreOffice Help, "Number Format Codes": thousands
# separator). Korean counts in 억/조 (10^8, 10^12) cannot be written with thousands scaling, so Korean shows
# every digit with separators.
TOKENS_EN = '[>=1000000000000]#,##0.0,,,," trillion";[>=1000000000]#,##0.0,,," billion";#,##0'
TOKENS_KO = "#,##0"


def number_formats(currency: str, language: str = "en") -> dict[str, str]:
    """The number formats by key (InputRow.fmt and the sheets); money keys in the scenario's currency."""
    cur = '"$"' if currency == "USD" else '"₩"'
    return {
        "tokens": TOKENS_KO if language == "ko" else TOKENS_EN,
        "money": f"{cur}#,##0;-{cur}#,##0",
        "money2": f"{cur}#,##0.00;-{cur}#,##0.00",
        "usd0": '"$"#,##0',
        "usd2": '"$"#,##0.00',
        "usd4": '"$"#,##0.0000',
        "pct": "0.0%",
        "pct2": "0.00%",
        "years": "0.0#",
        "int": "#,##0",
        "num2": "#,##0.00",
        "kw": "#,##0.0",
        "gib": "#,##0.00",
        "sci": "0.000E+00",
        "num": "#,##0.###",
        "text": "@",
        "days": "#,##0.0",
        "hours": "#,##0",
        "bool": '"TRUE";"TRUE";"FALSE"',  # a stored TRUE/FALSE reads as TRUE/FALSE, not 1/0, in LibreOffice
        "month": "0",
    }


# Page geometry, A4 with the margins below (inches): the printable width in column-width units at 100 %
# (one unit ≈ the width of a digit of Calibri 11, 7 px at 96 dpi, plus the cell padding: ECMA-376 Part 1
# §18.3.1.13 "col", width). A sheet no wider than a portrait page prints portrait; a wider one landscape.
MARGIN_SIDE_IN = 0.5
MARGIN_TOP_IN = 0.75
A4_WIDTH_IN, A4_HEIGHT_IN = 8.27, 11.69
PX_PER_IN, PX_PER_UNIT = 96.0, 7.0
# Readable print: fitting to the page width may shrink a sheet to no less than this (11 pt → ≥ 7.7 pt)
MIN_PRINT_SCALE = 0.70


def printable_units(landscape: bool) -> float:
    """Column-width units across one page at 100 %."""
    paper_in = A4_HEIGHT_IN if landscape else A4_WIDTH_IN
    return (paper_in - 2 * MARGIN_SIDE_IN) * PX_PER_IN / PX_PER_UNIT


def sheet_width_units(ws: Worksheet) -> float:
    """The printed width of the used columns, in column-width units (default width for unset columns)."""
    widths = column_widths(ws)
    return sum(widths.get(get_column_letter(c), DEFAULT_WIDTH) for c in range(1, ws.max_column + 1))


def print_setup(ws: Worksheet, title_rows: str) -> None:
    """How finance prints a sheet: A4, every column on the page width and as many pages down as needed
    (fitToWidth 1, fitToHeight 0), portrait when the sheet fits a portrait page, else landscape; `title_rows`
    ("5:5") repeated on top of each page, the sheet name and page number in the footer. Every sheet's set-up
    is made here, once, after its columns are sized."""
    ws.print_title_rows = title_rows
    landscape = sheet_width_units(ws) > printable_units(landscape=False)
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.gridLines = False
    ws.oddFooter.center.text = "&A — &P / &N"
    ws.oddHeader.left.text = "gpuplanner"
    ws.page_margins.left = ws.page_margins.right = MARGIN_SIDE_IN
    ws.page_margins.top = ws.page_margins.bottom = MARGIN_TOP_IN
    ws.page_margins.header = ws.page_margins.footer = 0.3


def fit_wrapped_rows(ws: Worksheet, max_height: float = 180.0) -> None:
    """Row heights for wrapped text (openpyxl cannot measure; LibreOffice and Excel keep a stored height)."""
    widths = column_widths(ws)
    spans = {  # a merged cell wraps over the width of all its columns
        (rng.min_row, rng.min_col): sum(
            widths.get(get_column_letter(c), 9.0) for c in range(rng.min_col, rng.max_col + 1)
        )
        for rng in ws.merged_cells.ranges
    }
    for row in ws.iter_rows():
        lines, line_pt = 1, 13.0
        for cell in row:
            if not isinstance(cell.value, str) or cell.data_type == "f" or not cell.alignment.wrap_text:
                continue
            # a long subtitle spread over the row breaks its lines earlier than the sum of the widths: 0.85
            width = (
                0.85 * spans[cell.row, cell.column]
                if (cell.row, cell.column) in spans
                else widths.get(cell.column_letter, 9.0)
            )
            chars = max(4.0, width * 1.0)  # bold headers run wider than 1.15
            n = sum(max(1, math.ceil(text_width(part) / chars)) for part in cell.value.split("\n"))
            lines = max(lines, n)
            if any(is_wide(ch) for ch in cell.value):  # Hangul lines print taller than Latin ones
                line_pt = 15.0
        if lines > 1:  # never lower than a height a sheet set itself (its header rows)
            dim = ws.row_dimensions[row[0].row]
            dim.height = max(dim.height or 0.0, min(max_height, line_pt * lines + 2))


def traffic_light(ws: Worksheet, rng: str) -> None:
    """Conditional formats of a TRUE/FALSE range: TRUE on green, FALSE on red."""
    ws.conditional_formatting.add(rng, CellIsRule(operator="equal", formula=["TRUE"], fill=FILL_GOOD, font=FONT_GOOD))
    ws.conditional_formatting.add(rng, CellIsRule(operator="equal", formula=["FALSE"], fill=FILL_BAD, font=FONT_BAD))
