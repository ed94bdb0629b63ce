"""The Serving sheet of inference workbooks (issue 21): after LibreOffice recalculation its live cost formulas
agree with core/serving_plan.py `plan_serving` within 0.1 %, follow `in_utilization`, hold no error value, read
the same in Korean; a training workbook has no Serving sheet."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from export_helpers import (
    REPO,
    TMP_SCENARIOS,
    LibreOffice,
    close,
    error_cells,
    load_scenario,
    name_cell,
    name_value,
)

from gpuplanner.core.catalog import Catalog
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.core.serving_plan import Deployment, plan_serving
from gpuplanner.export import export_workbook
from gpuplanner.export.workbook import SHEETS

MIXTRAL = REPO / "examples" / "mixtral-8x7b-inference-2xh100.gpuplan.toml"
# A target load with both latency targets over three GPU types; hardware.gpu_count = 4 is the H100 deployment's
# GPU count, so the TCO sheet's owning cost per GPU-hour is the one the engine prices that deployment at.
TARGET = """
schema = 1
name = "Llama 3.1 70B serving, 5,000 output tokens/s"
[model]
preset = "llama-3.1-70b"
[workload]
method = "inference"
seq_len = 3072
input_len = 2048
output_len = 1024
batch = "max"
weight_precision = "fp8"
kv_precision = "fp8"
target_output_tokens_per_second = 5000
ttft_slo_ms = 2000
tpot_slo_ms = 50
[hardware]
gpu = "h100-sxm-80gb"
gpu_count = 4
candidates = ["h100-sxm-80gb", "h200-sxm-141gb", "a100-sxm-80gb"]
[parallel]
tp = 2
pp = 1
[cost]
horizon_years = 3
utilization = 0.6
"""
CHANGED_UTILIZATION = 0.9
TIERS = (
    ("od", "on_demand_per_million_output_tokens"),
    ("r1", "reserved_1y_per_million_output_tokens"),
    ("r3", "reserved_3y_per_million_output_tokens"),
    ("spot", "spot_per_million_output_tokens"),
)


@pytest.fixture(scope="module")
def serving(
    tmp_path_factory: pytest.TempPathFactory, catalog: Catalog, libreoffice: LibreOffice
) -> dict[str, tuple[Any, Path]]:
    """name -> (scenario, workbook recalculated by LibreOffice): the target scenario in English and Korean, in
    English with in_utilization edited to 0.9 in the file, and the Mixtral example."""
    root = tmp_path_factory.mktemp("serving")
    target = parse_scenario(tomllib.loads(TARGET))
    books: dict[str, tuple[Any, Path]] = {}
    for name, s, language in (
        ("en", target, "en"),
        ("ko", target, "ko"),
        ("mixtral", load_scenario(MIXTRAL), "en"),
    ):
        path = root / f"{name}.xlsx"
        export_workbook(s, catalog, path, language=language)
        books[name] = (s, path)
    edited = root / "u90.xlsx"
    wb = openpyxl.load_workbook(books["en"][1])
    dn = list(wb.defined_names["in_utilization"].destinations)[0]
    wb[dn[0]][dn[1].replace("$", "")].value = CHANGED_UTILIZATION  # what a finance reader types on Assumptions
    wb.save(edited)
    books["u90"] = (dataclasses.replace(target, cost=dataclasses.replace(target.cost, utilization=0.9)), edited)
    names = list(books)
    recalculated = libreoffice.convert([books[n][1] for n in names], root / "recalculated")
    pairs = zip(names, recalculated, strict=True)
    return {n: (books[n][0], openpyxl.load_workbook(p, data_only=True)) for n, p in pairs}


def _compare(s: Any, wb: Any, catalog: Catalog) -> tuple[int, int, list[str]]:
    """(figures compared, owning figures compared, problems) of every deployment column against plan_serving."""
    plan = plan_serving(s, catalog)
    assert plan.deployments and plan.recommendation is not None
    compared, owned, problems = 0, 0, []
    for j, d in enumerate(plan.deployments, start=1):
        for key, attr in TIERS:
            got, want = name_value(wb, f"calc_serving_d{j}_{key}"), getattr(d, attr)
            compared += 1
            if not close(got, want):
                problems.append(f"{d.gpu} {key}: workbook {got!r}, engine {want!r}")
        if d.gpu_count == s.hardware.gpu_count:  # the TCO cluster is the deployment: owning must agree
            got, want = name_value(wb, f"calc_serving_d{j}_own"), d.owned_per_million_output_tokens
            owned += 1
            if not close(got, want):
                problems.append(f"{d.gpu} owning: workbook {got!r}, engine {want!r}")
    rec = plan.recommendation
    for name, want in (
        ("out_serving_cost_per_million_output_tokens", rec.on_demand_per_million_output_tokens),
        ("out_serving_cost_per_million_output_tokens_spot", rec.spot_per_million_output_tokens),
        ("out_serving_cost_per_million_output_tokens_reserved_1y", rec.reserved_1y_per_million_output_tokens),
        ("eng_serving_gpu_count", rec.gpu_count),
        ("eng_serving_output_tokens_per_second", rec.output_tokens_per_second),
    ):
        compared += 1
        if not close(name_value(wb, name), want):
            problems.append(f"{name}: workbook {name_value(wb, name)!r}, engine {want!r}")
    return compared, owned, problems


@pytest.mark.libreoffice
def test_serving_costs_agree_with_plan_serving(serving: dict[str, Any], catalog: Catalog) -> None:
    s, wb = serving["en"]
    compared, owned, problems = _compare(s, wb, catalog)
    assert not problems, "\n".join(problems)
    assert compared >= 3 * len(TIERS) + 5 and owned >= 1
    # the recommended owning figure is the engine's: the scenario's cluster is the H100 deployment
    rec = plan_serving(s, catalog).recommendation
    assert rec is not None and rec.gpu_count == s.hardware.gpu_count
    owned = name_value(wb, "out_serving_cost_per_million_output_tokens_owned")
    assert close(owned, rec.owned_per_million_output_tokens)


@pytest.mark.libreoffice
def test_serving_costs_follow_in_utilization(serving: dict[str, Any], catalog: Catalog) -> None:
    s, wb = serving["u90"]
    assert name_value(wb, "in_utilization") == pytest.approx(CHANGED_UTILIZATION)
    _compared, owned, problems = _compare(s, wb, catalog)  # plan_serving at u = 0.9
    assert not problems, "\n".join(problems)
    assert owned >= 1
    base = serving["en"][1]
    for name in ("_reserved_1y", "_owned"):
        full = "out_serving_cost_per_million_output_tokens" + name
        assert name_value(wb, full) < name_value(base, full), full  # more used hours: cheaper tokens
    od = "out_serving_cost_per_million_output_tokens"
    assert name_value(wb, od) == pytest.approx(name_value(base, od), rel=1e-12)  # paid per used hour


@pytest.mark.libreoffice
def test_no_error_value_and_korean_same_numbers(serving: dict[str, Any]) -> None:
    for name, (_s, wb) in serving.items():
        assert not error_cells(wb), f"{name}: {error_cells(wb)[:10]}"
    en, ko = serving["en"][1].worksheets[-1], serving["ko"][1].worksheets[-1]
    assert (en.title, ko.title) == ("Serving", "서빙")
    numbers = 0
    for row in en.iter_rows():
        for cell in row:
            v = cell.value
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                numbers += 1
                assert close(ko[cell.coordinate].value, v, rel=1e-12), cell.coordinate
    assert numbers > 100
    assert ko["A1"].value == "서빙" and ko["A9"].value.startswith("출력 토큰 100만 개당 비용")


@pytest.mark.libreoffice
def test_mixtral_example_without_lengths_says_why(serving: dict[str, Any]) -> None:
    """The example gives seq_len but no input_len/output_len: the sheet says so, the names stay empty."""
    _s, wb = serving["mixtral"]
    ws = wb.worksheets[-1]
    assert ws.title == "Serving"
    assert "input_len" in ws["A4"].value
    assert name_value(wb, "out_serving_cost_per_million_output_tokens") in (None, "")


def test_serving_sheet_layout(tmp_path: Path, catalog: Catalog) -> None:
    """After the fixed sheets, green engine values, one chart series per GPU type's curve."""
    s = parse_scenario(tomllib.loads(TARGET))
    path = tmp_path / "serving.xlsx"
    export_workbook(s, catalog, path)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == [*SHEETS, "Serving"]
    ws = wb["Serving"]
    plan = plan_serving(s, catalog)
    assert len(ws._charts) == 1 and len(ws._charts[0].series) == len(plan.curves) == 3
    formula = wb.defined_names["out_serving_cost_per_million_output_tokens"].attr_text
    cell = ws[formula.split("!")[1].replace("$", "")]
    assert cell.data_type == "f"  # the key figure is a formula, not a pasted number
    _engine_cells_green(wb, plan.deployments)


def _engine_cells_green(wb: Any, deployments: tuple[Deployment, ...]) -> None:
    """Every eng_* name of the sheet is a green number (the formulas cannot follow it; a new export does)."""
    names = [n for n in wb.defined_names if n.startswith("eng_serving")]
    assert len(names) == 7 * (len(deployments) + 1)
    for n in names:
        cell = name_cell(wb, n)
        assert cell.data_type == "n" and cell.fill.fgColor.rgb.endswith("E2EFDA"), n
    assert name_value(wb, "eng_serving_d1_gpu_count") == deployments[0].gpu_count


def test_training_workbook_has_no_serving_sheet(tmp_path: Path, catalog: Catalog) -> None:
    s = parse_scenario(tomllib.loads(TMP_SCENARIOS["pretrain-h100-4gpus"]))
    path = tmp_path / "training.xlsx"
    export_workbook(s, catalog, path)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == list(SHEETS)
    assert not [n for n in wb.defined_names if "serving" in n]
