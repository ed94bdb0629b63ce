"""Structure of the workbook without recalculating it: sheets, names, FAST-style formulas (no constants, only
Excel 2010 ∩ LibreOffice functions), styles, validation, conditional formats, language, lazy import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from export_helpers import TMP_SCENARIOS, name_cell
from openpyxl.formula import Tokenizer
from openpyxl.formula.tokenizer import Token

from gpuplanner.core.catalog import Catalog
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.export import export_workbook
from gpuplanner.export.i18n import KO, SHEET_NAMES_KO
from gpuplanner.export.workbook import CONTRACT_INPUTS, CONTRACT_OUTPUTS, SHEETS

# Functions that both Excel 2010 and LibreOffice Calc know (no LET, XLOOKUP, IFS, …).
ALLOWED = {
    "IF",
    "AND",
    "OR",
    "NOT",
    "ISNUMBER",
    "MIN",
    "MAX",
    "SUM",
    "SUMPRODUCT",
    "INDEX",
    "MATCH",
    "COUNT",
    "ROUNDUP",
    "INT",
    "ABS",
    "NPV",
    "IRR",
    "IFERROR",
    "NA",
}
LIVE_SHEETS = ("TCO", "Utilization", "Tornado", "Checks", "Summary")


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory, catalog: Catalog) -> Any:
    import tomllib

    s = parse_scenario(tomllib.loads(TMP_SCENARIOS["pretrain-h100-4gpus"]))
    out = tmp_path_factory.mktemp("structure") / "plan.xlsx"
    export_workbook(s, catalog, out)
    return openpyxl.load_workbook(out)


def _formulas(ws: Any) -> list[tuple[str, str]]:
    return [(c.coordinate, c.value) for row in ws.iter_rows() for c in row if c.data_type == "f"]


def test_sheets_in_order(book: Any) -> None:
    assert book.sheetnames == list(SHEETS)
    assert book.sheetnames == [
        "Summary",
        "Assumptions",
        "Hardware",
        "Memory",
        "Training",
        "Sweep",
        "TCO",
        "Utilization",
        "Tornado",
        "Checklist",
        "Checks",
        "Sources",
    ]


def test_contract_names_and_options(book: Any) -> None:
    for name in CONTRACT_INPUTS + CONTRACT_OUTPUTS:
        name_cell(book, name)
    for name in book.defined_names:
        assert book.defined_names[name].localSheetId is None  # workbook-scoped
    # one option per compared GPU, the main GPU first
    assert [book["Training"].cell(4, c).value for c in range(3, 7)] == [
        "1. H100 SXM5 80GB",
        "2. A100 80GB SXM4",
        "3. H200 SXM 141GB",
        "4. Instinct MI300X 192GB",
    ] or book["Training"].cell(5, 3).value == "h100-sxm-80gb"
    assert [book["Training"].cell(5, c).value for c in range(3, 7)] == [
        "h100-sxm-80gb",
        "a100-sxm-80gb",
        "h200-sxm-141gb",
        "mi300x",
    ]


def test_only_portable_functions(book: Any) -> None:
    used: set[str] = set()
    for ws in book.worksheets:
        for _coord, f in _formulas(ws):
            for tok in Tokenizer(f).items:
                if tok.type == Token.FUNC and tok.subtype == Token.OPEN:
                    used.add(tok.value.rstrip("(").upper())
    assert used <= ALLOWED, used - ALLOWED
    assert {"NPV", "IRR", "SUMPRODUCT"} <= used


def test_no_constants_inside_live_formulas(book: Any) -> None:
    """FAST: 8760, 12, 3600, 1e6, the ±20 % step … are named inputs on Assumptions; only 0 and 1 appear."""
    bad = []
    for sheet in LIVE_SHEETS:
        for coord, f in _formulas(book[sheet]):
            for tok in Tokenizer(f).items:
                if tok.type == Token.OPERAND and tok.subtype == Token.NUMBER and tok.value not in ("0", "1"):
                    bad.append(f"{sheet}!{coord}: {tok.value} in {f}")
    assert not bad, "\n".join(bad[:10])


def test_one_formula_per_row_across_the_year_columns(book: Any) -> None:
    """Every cash-flow row holds the same formula in each year column (relative to its column)."""
    ws = book["TCO"]
    first, last = 5, 5 + 5  # years 0..5 in columns E..J
    checked = 0
    for r in range(5, 120):
        cells = [ws.cell(r, c) for c in range(first, last + 1)]
        if not all(c.data_type == "f" for c in cells):
            continue
        normal = {_relative(c.value, c.column) for c in cells}
        assert len(normal) == 1, f"row {r}: {normal}"
        checked += 1
    assert checked >= 20


def _relative(formula: str, column: int) -> str:
    """The formula with this column's letter (and the one before it) replaced by placeholders."""
    from openpyxl.utils import get_column_letter

    out = []
    for tok in Tokenizer(formula).items:
        v = tok.value
        if tok.type == Token.OPERAND and tok.subtype == Token.RANGE:
            for offset, mark in ((0, "«c»"), (-1, "«c-1»")):
                letter = get_column_letter(column + offset) if column + offset > 0 else None
                if letter:
                    import re

                    v = re.sub(rf"(?<![A-Z$]){letter}(?=\$?\d)", mark, v)
        out.append(v)
    return "".join(out)


def test_inputs_are_styled_validated_and_unlocked_from_formulas(book: Any) -> None:
    cell = name_cell(book, "in_utilization")
    assert cell.font.color.rgb.endswith("0000FF") and cell.fill.fgColor.rgb.endswith("FFF2CC")
    ws = book["Assumptions"]
    validated = {str(r) for dv in ws.data_validations.dataValidation for r in dv.sqref.ranges}
    for name in ("in_utilization", "in_horizon_years", "in_pue", "in_discount_rate", "in_electricity_usd_per_kwh"):
        assert name_cell(book, name).coordinate in validated, name
    util = [
        dv
        for dv in ws.data_validations.dataValidation
        if name_cell(book, "in_utilization").coordinate in {str(r) for r in dv.sqref.ranges}
    ][0]
    assert (util.type, util.formula1, util.formula2) == ("decimal", "0", "1")
    # every input row has a name, a value, a unit and a source
    for r in range(6, ws.max_row + 1):
        name = ws.cell(r, 1).value
        if isinstance(name, str) and name.startswith("in_"):
            assert ws.cell(r, 4).value and ws.cell(r, 5).value, f"Assumptions row {r} ({name}) lacks unit/source"


def test_conditional_formats_freeze_panes_print_setup(book: Any) -> None:
    def rules(ws: Any) -> list[Any]:
        return [rule for cf in ws.conditional_formatting for rule in cf.rules]

    assert any(r.operator == "lessThan" for r in rules(book["Memory"]))  # negative headroom
    assert any(r.operator == "lessThan" for r in rules(book["TCO"]))  # negative NPV of buying
    assert any(r.formula == ["FALSE"] for r in rules(book["Checks"]))
    for ws in book.worksheets:
        assert ws.freeze_panes, ws.title
        assert ws.page_setup.orientation == "landscape" and ws.sheet_properties.pageSetUpPr.fitToPage


def test_number_formats_follow_the_currency(catalog: Catalog, tmp_path: Path) -> None:
    import tomllib

    for cur, mark in (("USD", "$"), ("KRW", "₩")):
        doc = tomllib.loads(TMP_SCENARIOS["pretrain-h100-4gpus"])
        doc["cost"]["currency"] = cur
        out = tmp_path / f"{cur}.xlsx"
        export_workbook(parse_scenario(doc), catalog, out)
        wb = openpyxl.load_workbook(out)
        assert mark in name_cell(wb, "out_onprem_tco").number_format
        assert "$" in name_cell(wb, "in_node_price_usd").number_format  # inputs stay in USD


def test_korean_labels(catalog: Catalog, tmp_path: Path) -> None:
    import tomllib

    out = tmp_path / "ko.xlsx"
    export_workbook(parse_scenario(tomllib.loads(TMP_SCENARIOS["pretrain-h100-4gpus"])), catalog, out, language="ko")
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == [SHEET_NAMES_KO[n] for n in SHEETS]  # every sheet name translated
    assert wb["요약"]["A1"].value == KO["GPU plan for finance"]
    assert wb["가정"]["A1"].value == KO["Assumptions"]
    assert [wb["가정"].cell(5, c).value for c in range(1, 6)] == [
        KO["Name"],
        KO["Input"],
        KO["Value"],
        KO["Unit"],
        KO["Source"],
    ]
    assert wb["요약"]["A7"].value == KO["Recommendation"]
    for name in CONTRACT_INPUTS + CONTRACT_OUTPUTS:
        name_cell(wb, name)
    with pytest.raises(Exception, match="language"):
        export_workbook(
            parse_scenario(tomllib.loads(TMP_SCENARIOS["pretrain-h100-4gpus"])),
            catalog,
            tmp_path / "x.xlsx",
            language="fr",
        )


def test_importing_export_does_not_load_openpyxl() -> None:
    code = "import sys, gpuplanner.export, gpuplanner.cli.export; print('openpyxl' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
