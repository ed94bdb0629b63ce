"""The exported workbook, recalculated in headless LibreOffice, against the engine (spec §4.4): every out_* name
within 0.1 % of `estimate --json`, all Checks TRUE, and the same after changing inputs in the file."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from export_helpers import LibreOffice, close, error_cells, load_scenario, name_cell, name_value, sheet

from gpuplanner.core.engine import estimate
from gpuplanner.core.results import Estimate
from gpuplanner.export.workbook import CONTRACT_INPUTS, CONTRACT_OUTPUTS


def engine_outputs(e: Estimate) -> dict[str, Any]:
    c = e.cost
    out: dict[str, Any] = {"out_gpu_hours": e.time.gpu_hours if e.time else None}
    for k in (
        "cloud_on_demand",
        "cloud_reserved_1y",
        "cloud_reserved_3y",
        "onprem_tco",
        "per_million_tokens",
        "breakeven_utilization",
    ):
        out[f"out_{k}"] = getattr(c, k)
    for name, attr in (
        ("calc_capex", "onprem_capex"),
        ("calc_cloud_spot", "cloud_spot"),
        ("calc_job_cloud_on_demand", "job_cloud_on_demand"),
        ("calc_pv_own", "pv_own"),
        ("calc_pv_rent", "pv_rent"),
        ("calc_npv_own_minus_rent", "npv_own_minus_rent"),
        ("calc_irr", "irr"),
        ("calc_payback_years", "payback_years"),
        ("calc_crossover_month", "crossover_month"),
        ("calc_equivalent_annual_cost", "equivalent_annual_cost"),
        ("calc_onprem_tco_discounted", "onprem_tco_discounted"),
        ("calc_owning_usd_per_gpu_hour", "owning_usd_per_gpu_hour"),
    ):
        out[name] = getattr(c, attr)
    return out


def mismatches(wb: Any, expected: dict[str, Any]) -> list[str]:
    bad = []
    for name, want in expected.items():
        got = name_value(wb, name)
        if not close(got, want):
            bad.append(f"{name}: workbook {got!r}, engine {want!r}")
    return bad


def failed_checks(wb: Any) -> list[str]:
    ws = sheet(wb, "Checks")
    failed = [
        f"row {r}: {ws.cell(r, 2).value} -> {ws.cell(r, 3).value!r}"
        for r in range(7, ws.max_row + 1)
        if ws.cell(r, 2).value and ws.cell(r, 3).value is not True
    ]
    if ws["C4"].value is not True:
        failed.append(f"master check {ws['C4'].value!r}")
    if sheet(wb, "Summary")["B6"].value is not True:
        failed.append(f"Summary master check {sheet(wb, 'Summary')['B6'].value!r}")
    return failed


@pytest.mark.libreoffice
def test_every_scenario_agrees_with_the_engine_after_recalculation(exported: dict[str, Any], catalog: Any) -> None:
    assert len(exported) >= 10  # every scenario in English and in Korean
    problems = []
    for name, (scenario_path, _book, recalculated) in exported.items():
        s = load_scenario(scenario_path)
        wb = openpyxl.load_workbook(recalculated, data_only=True)
        problems += [f"{name}: {p}" for p in mismatches(wb, engine_outputs(estimate(s, catalog)))]
        problems += [f"{name}: {p}" for p in failed_checks(wb)]
        problems += [f"{name}: {p}" for p in error_cells(wb)]
    assert not problems, "\n".join(problems)


@pytest.mark.libreoffice
def test_outputs_match_estimate_json_of_the_cli(exported: dict[str, Any]) -> None:
    scenario_path, _book, recalculated = exported["pretrain-h100-4gpus"]
    proc = subprocess.run(
        [sys.executable, "-m", "gpuplanner.cli", "estimate", str(scenario_path), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    doc = json.loads(proc.stdout)
    wb = openpyxl.load_workbook(recalculated, data_only=True)
    expected = {"out_gpu_hours": doc["time"]["gpu_hours"]}
    expected.update(
        {
            f"out_{k}": doc["cost"][k]
            for k in (
                "cloud_on_demand",
                "cloud_reserved_1y",
                "cloud_reserved_3y",
                "onprem_tco",
                "per_million_tokens",
                "breakeven_utilization",
            )
        }
    )
    assert not mismatches(wb, expected)
    assert name_value(wb, "out_cloud_reserved_3y") in (None, "")  # no published 3-year offer for the H100


def _set(wb: Any, name: str, value: float) -> None:
    cell = name_cell(wb, name)
    assert not (isinstance(cell.value, str) and cell.value.startswith("=")), f"{name} must be an input"
    cell.value = value


CHANGES = {
    "in_utilization": ("utilization", 0.45),
    "in_electricity_usd_per_kwh": ("electricity_usd_per_kwh", 0.12),
    "in_horizon_years": ("horizon_years", 5.0),
}
HORIZON_ONLY = {"in_horizon_years": ("horizon_years", 5.0)}


@pytest.mark.libreoffice
@pytest.mark.parametrize(
    "name, changes",
    [
        ("pretrain-h100-4gpus", CHANGES),
        ("pretrain-h100-4gpus", HORIZON_ONLY),
        ("finetune-krw-fractional", CHANGES),
        ("default", CHANGES),
    ],
    ids=["h100-all", "h100-horizon", "krw-all", "default-all"],
)
def test_changed_inputs_in_the_file_give_the_engine_figures_for_the_changed_scenario(
    name: str,
    changes: dict[str, tuple[str, float]],
    exported: dict[str, Any],
    libreoffice: LibreOffice,
    catalog: Any,
    tmp_path: Path,
) -> None:
    scenario_path, book, recalculated = exported[name]
    s = load_scenario(scenario_path)
    before = openpyxl.load_workbook(recalculated, data_only=True)
    wb = openpyxl.load_workbook(book)
    for wb_name, (_, value) in changes.items():
        _set(wb, wb_name, value)
    changed = tmp_path / f"{name}-changed.xlsx"
    wb.save(changed)
    (after_path,) = libreoffice.convert([changed], tmp_path / "recalculated")
    after = openpyxl.load_workbook(after_path, data_only=True)

    s2 = dataclasses.replace(s, cost=dataclasses.replace(s.cost, **dict(changes.values())))
    e1, e2 = estimate(s, catalog), estimate(s2, catalog)
    what = ", ".join(f"{k} {getattr(s.cost, k)} -> {v:g}" for k, v in changes.values())
    report = [
        f"{name} ({s.cost.currency}): {what}",
        f"{'name':28s} {'before (wb)':>17s} {'before (engine)':>17s} {'after (wb)':>17s} {'after (engine)':>17s}",
    ]
    for out in CONTRACT_OUTPUTS:
        report.append(
            f"{out:28s} {_fmt(name_value(before, out)):>17s} {_fmt(engine_outputs(e1)[out]):>17s} "
            f"{_fmt(name_value(after, out)):>17s} {_fmt(engine_outputs(e2)[out]):>17s}"
        )
    print("\n".join(report))
    problems = mismatches(after, engine_outputs(e2)) + failed_checks(after) + error_cells(after)
    assert not problems, "\n".join(problems)
    # the changes moved the outputs (they depend on the inputs)
    assert name_value(after, "out_onprem_tco") != name_value(before, "out_onprem_tco")
    assert name_value(after, "out_cloud_on_demand") != name_value(before, "out_cloud_on_demand")


def _fmt(v: Any) -> str:
    if v is None or v == "":
        return '""'
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return f"{v:,.6g}" if abs(v) < 10 else f"{v:,.2f}"
    return str(v)


def test_every_input_and_output_name_points_at_one_cell(books: dict[str, Any]) -> None:
    _s, book = books["pretrain-h100-4gpus"]
    wb = openpyxl.load_workbook(book)
    for name in CONTRACT_INPUTS:
        cell = name_cell(wb, name)
        assert cell.parent.title == "Assumptions"
        assert cell.data_type == "n", f"{name} is an input: a number, not a formula"
    for name in CONTRACT_OUTPUTS:
        cell = name_cell(wb, name)
        assert cell.data_type == "f", f"{name} must be a formula"
    assert name_cell(wb, "out_gpu_hours").parent.title == "Training"
    assert wb.calculation.fullCalcOnLoad is True


_REF = re.compile(r"^'?([^'!]+)'?!\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$")


def test_every_chart_series_references_cells_of_the_workbook(books: dict[str, Any]) -> None:
    _s, book = books["pretrain-h100-4gpus"]
    wb = openpyxl.load_workbook(book)
    refs: list[str] = []
    with zipfile.ZipFile(book) as z:
        charts = [n for n in z.namelist() if n.startswith("xl/charts/chart")]
        for n in charts:
            xml = z.read(n).decode("utf-8")
            found = re.findall(r"<(?:c:)?f>([^<]+)</(?:c:)?f>", xml)
            assert found, f"{n} has no cell references"
            refs += found
    assert len(charts) >= 5  # Summary ×2, Utilization, Tornado, Memory
    for ref in refs:
        m = _REF.match(ref)
        assert m, ref
        sheet, c1, r1, c2, r2 = m.groups()
        assert sheet in wb.sheetnames, ref
        ws = wb[sheet]
        rng = f"{c1}{r1}:{c2 or c1}{r2 or r1}"
        cells = [cell for row in ws[rng] for cell in row]
        assert cells and all(cell.value is not None for cell in cells), f"{ref} points at empty cells"


@pytest.mark.libreoffice
def test_series_after_recalculation_hold_numbers(exported: dict[str, Any]) -> None:
    """The Utilization grid (what the line chart draws) is numeric for the main option after LibreOffice."""
    _s, _b, recalculated = exported["pretrain-h100-4gpus"]
    wb = openpyxl.load_workbook(recalculated, data_only=True)
    ws = wb["Utilization"]
    values = [ws.cell(r, 2).value for r in range(5, 26)]
    assert all(isinstance(v, (int, float)) for v in values)
    assert values == sorted(values)  # on-prem TCO rises with utilization (energy)
