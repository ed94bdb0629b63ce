"""The workbook as a finance analyst reads it (issue #17): engine values are not inputs, the sweep is in the
file, the name is the scenario's, no error values, no project-internal references, Korean equal to English,
print set-up; with the bands (issue #19) next to the engine values and the age of every price."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from export_helpers import KO, LibreOffice, error_cells, load_scenario, name_cell, sheet

from gpuplanner.core.catalog import Catalog
from gpuplanner.core.naming import derived_name
from gpuplanner.core.plan import plan
from gpuplanner.export.workbook import SHEETS
from gpuplanner.export.workbook.sheets import sweep as sweep_sheet

FILL_INPUT = "FFF2CC"
FILL_ENGINE = "E2EFDA"
# Text that points into the project rather than at a public source.
# (Public repositories' files, github.com/…/README.md, are public sources and stay.)
INTERNAL = re.compile(
    r"spec §|§ ?4\.\d|shared/|seeds/|(?<![\w./])docs/|(?<![\w./-])reference/|hardware_notes|gpuplanner/core|"
    r"estimation(_cost)?\.md|issue #",
    re.IGNORECASE,
)


def _fill(cell: Any) -> str:
    return (cell.fill.fgColor.rgb or "")[-6:] if cell.fill is not None and cell.fill.fill_type else ""


def test_only_inputs_the_formulas_follow_carry_in_names(books: dict[str, Any]) -> None:
    for name in ("pretrain-h100-4gpus", "llama-3.1-70b-full-64xh100"):
        wb = openpyxl.load_workbook(books[name][1])
        names = set(wb.defined_names)
        assert "in_gpu_count" not in names and "eng_gpu_count" in names
        for dn in names:
            if dn.startswith("in_"):
                assert _fill(name_cell(wb, dn)) == FILL_INPUT, f"{name}: {dn} is an input and must look like one"
            if dn.startswith("eng_"):
                cell = name_cell(wb, dn)
                assert _fill(cell) == FILL_ENGINE and cell.data_type == "n", f"{name}: {dn} is an engine value"
        ws = sheet(wb, "Assumptions")
        for row in ws.iter_rows(min_row=6):
            label, value = row[0].value, row[2]
            if _fill(value) == FILL_ENGINE:
                assert isinstance(label, str) and label.startswith("eng_"), f"{name}: engine row {label}"
        text = " ".join(str(c.value) for r in ws.iter_rows(max_row=5) for c in r if c.value)
        assert "export again" in text  # Assumptions says which values need a re-export


def test_out_sweep_is_the_plans_sweep(books: dict[str, Any], catalog: Catalog) -> None:
    for name in ("llama-3.1-70b-full-64xh100", "pretrain-h100-4gpus", KO + "pretrain-h100-4gpus"):
        path, book = books[name]
        want = plan(load_scenario(path), catalog).sweep
        wb = openpyxl.load_workbook(book)
        dn = wb.defined_names["out_sweep"]
        ((title, ref),) = list(dn.destinations)
        rows = [[c.value for c in r] for r in wb[title][ref.replace("$", "")]]
        assert title == sheet(wb, "Sweep").title and len(rows) == len(want) > 5, name
        for got, r in zip(rows, want, strict=True):
            assert (got[0], got[2], got[3]) == (r.gpu, r.gpu_count, r.fits)
            for value, engine in (
                (got[6], None if r.wall_seconds is None else r.wall_seconds / 86400.0),
                (got[7], r.gpu_hours),
                (got[8], r.tokens_per_second),
                (got[9], r.job_cloud_on_demand),
                (got[10], r.onprem_tco),
                (got[11], r.per_million_tokens),
            ):
                assert value == pytest.approx(engine, rel=1e-12) if engine is not None else value is None
        assert len(sweep_sheet.COLUMNS) == len(rows[0])


def test_summary_names_the_scenario(books: dict[str, Any]) -> None:
    for name, (path, book) in books.items():
        s = load_scenario(path)
        want = s.name if s.name.strip() not in ("", "Untitled scenario") else derived_name(s)
        assert sheet(openpyxl.load_workbook(book), "Summary")["B2"].value == want, name


def test_no_cell_cites_project_internal_files(books: dict[str, Any]) -> None:
    bad = []
    for name, (_path, book) in books.items():
        wb = openpyxl.load_workbook(book)
        for ws in wb.worksheets:
            for row in ws.iter_rows():
                for c in row:
                    if isinstance(c.value, str) and c.data_type != "f" and INTERNAL.search(c.value):
                        bad.append(f"{name}: {ws.title}!{c.coordinate}: {c.value[:100]}")
            for chart in ws._charts:
                title = _chart_title(chart)
                if INTERNAL.search(title):
                    bad.append(f"{name}: chart on {ws.title}: {title}")
    assert not bad, "\n".join(bad[:30])


def _chart_title(chart: Any) -> str:
    try:
        return " ".join(r.t for p in chart.title.tx.rich.p for r in (p.r or []))
    except AttributeError:
        return ""


def test_print_setup(books: dict[str, Any]) -> None:
    wb = openpyxl.load_workbook(books["pretrain-h100-4gpus"][1])
    for ws in wb.worksheets:
        assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToWidth == 1, ws.title
        assert ws.page_setup.fitToHeight == 0, ws.title  # as many pages down as it needs
        assert "&A" in ws.oddFooter.center.text and "&P" in ws.oddFooter.center.text, ws.title
        assert ws.print_title_rows, f"{ws.title}: the header row repeats on every page"


@pytest.mark.libreoffice
def test_no_error_value_in_any_cell(exported: dict[str, Any]) -> None:
    problems = []
    for name, (_s, _b, recalculated) in exported.items():
        problems += [f"{name}: {p}" for p in error_cells(openpyxl.load_workbook(recalculated, data_only=True))]
    assert not problems, "\n".join(problems[:30])


@pytest.mark.libreoffice
def test_korean_workbook_recalculates_to_the_english_numbers(exported: dict[str, Any]) -> None:
    compared, problems = 0, []
    for name in [n for n in exported if not n.startswith(KO)]:
        en = openpyxl.load_workbook(exported[name][2], data_only=True)
        ko = openpyxl.load_workbook(exported[KO + name][2], data_only=True)
        assert [ws.title for ws in ko.worksheets] != SHEETS
        for title in SHEETS:
            a, b = sheet(en, title), sheet(ko, title)
            for row in a.iter_rows():
                for c in row:
                    v = c.value
                    if isinstance(v, (int, float)) and not isinstance(v, bool):
                        w = b[c.coordinate].value
                        compared += 1
                        if not (isinstance(w, (int, float)) and w == pytest.approx(v, rel=1e-12, abs=1e-12)):
                            problems.append(f"{name}: {title}!{c.coordinate} en {v!r} ko {w!r}")
        for dn in en.defined_names:
            assert dn in ko.defined_names, f"{name}: {dn} missing in Korean"
    assert compared > 5000
    assert not problems, "\n".join(problems[:30])


@pytest.mark.libreoffice
@pytest.mark.parametrize("name, value", [("eng_gpu_count", 128), ("eng_o1_gpus_per_node", 4)])
def test_an_edited_engine_value_fails_the_checks(
    name: str, value: int, books: dict[str, Any], libreoffice: LibreOffice, tmp_path: Path
) -> None:
    """The trap of the old workbook: 128 GPUs doubled GPU-hours and cost while every check said TRUE."""
    _s, book = books["llama-3.1-70b-full-64xh100"]
    wb = openpyxl.load_workbook(book)
    name_cell(wb, name).value = value
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    (after,) = libreoffice.convert([edited], tmp_path / "recalculated")
    rec = openpyxl.load_workbook(after, data_only=True)
    checks = sheet(rec, "Checks")
    failed = [checks.cell(r, 2).value for r in range(7, checks.max_row + 1) if checks.cell(r, 3).value is False]
    assert failed and all("engine" in f for f in failed), failed
    assert checks["C4"].value is False and sheet(rec, "Summary")["B6"].value is False


def test_sources_give_the_age_of_every_price_and_flag_old_ones(books: dict[str, Any]) -> None:
    wb = openpyxl.load_workbook(books["llama-3.1-70b-full-64xh100"][1])
    ws = sheet(wb, "Sources")
    header = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 5).value == "Price age")
    assert ws.cell(header, 3).value == "As of" and ws.cell(header, 4).value == "Age (months)"
    rows = [r for r in range(header + 1, ws.max_row + 1) if str(ws.cell(r, 1).value).startswith(("nodes", "cloud_"))]
    flagged = [r for r in rows if ws.cell(r, 5).value]
    assert rows and flagged, "the catalog ships prices older than 12 months (node prices of 2023)"
    for r in rows:
        assert isinstance(ws.cell(r, 4).value, int), ws.cell(r, 1).value
        assert bool(ws.cell(r, 5).value) == (
            ws.cell(r, 4).value > 12
            and "(price)" in ws.cell(r, 1).value
            or ws.cell(r, 4).value > 12
            and "cloud_offers" in ws.cell(r, 1).value
        )


@pytest.mark.libreoffice
def test_unpublished_prices_leave_their_columns_empty(exported: dict[str, Any]) -> None:
    """Utilization: a column whose price nobody published says so in its header and holds no number (not 0)."""
    for name in ("llama-3.1-70b-full-64xh100", KO + "llama-3.1-70b-full-64xh100"):
        ws = sheet(openpyxl.load_workbook(exported[name][2], data_only=True), "Utilization")
        marked = [c for c in range(2, ws.max_column + 1) if "—" in str(ws.cell(4, c).value)]
        assert marked, name
        for c in marked:
            assert all(ws.cell(r, c).value in (None, "") for r in range(5, 26)), (name, ws.cell(4, c).value)
