"""The workbook follows the cost model from one definition (issue #15, issue #23): every line of
core/cost_lines.py is the TCO cell `render()` writes, and after LibreOffice recalculation the workbook agrees
with `estimate()` within 0.1 % for scenarios that set each new `[cost]` key (one per key, one with all), in
English and Korean, with no error values and every check TRUE."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from export_helpers import LibreOffice, close, error_cells, load_scenario, name_cell, name_value, sheet

from gpuplanner.core import cost_lines as cl
from gpuplanner.core.catalog import Catalog
from gpuplanner.core.engine import estimate
from gpuplanner.export import export_workbook
from gpuplanner.export.workbook.builder import Builder
from gpuplanner.export.workbook.sheets import tco_lines
from gpuplanner.export.workbook.sheets.tco import FIRST_BLOCK_ROW, YEAR0_COLUMN
from gpuplanner.export.workbook.sheets.tco_block import BLOCK_KEYS, SHEET

BASE = """
schema = 1
name = "cost lines"
[model]
preset = "llama-3.1-8b"
[workload]
method = "pretrain"
seq_len = 8192
micro_batch = 1
global_batch = 256
tokens = 5e10
precision = "bf16-master"
optimizer = "adamw"
recompute = "selective"
[hardware]
gpu = "h100-sxm-80gb"
gpu_count = 16
[parallel]
tp = 1
zero = 3
[cost]
horizon_years = 3
utilization = 0.7
discount_rate = 0.08
"""
# One scenario per new key of spec §4.3.1 (values of the size the sources give), and one with all of them.
KEYS: dict[str, str] = {
    "node_power_kw": "node_power_kw = 8.4",
    "node_idle_power_kw": "node_idle_power_kw = 2.5",
    "residual_fraction": 'residual_fraction = {"1" = 0.7, "3" = 0.3}',
    "facility_usd_per_node": "facility_usd_per_node = 15000",
    "cloud_storage_usd_per_tb_month": "cloud_storage_usd_per_tb_month = 20",
    "cloud_egress_usd_per_tb": "cloud_egress_usd_per_tb = 90",
    "cloud_support_fraction": "cloud_support_fraction = 0.03",
    "lead_time_months": "lead_time_months = 4",
    "lease": "lease_usd_per_node_month = 9000\nlease_term_months = 24\nlease_buyout_fraction = 0.1",
}
SCENARIOS = {**{k: BASE + v + "\n" for k, v in KEYS.items()}, "all": BASE + "\n".join(KEYS.values()) + "\n"}
# defined name -> CostEstimate field
FIGURES = {
    "out_onprem_tco": "onprem_tco",
    "out_cloud_on_demand": "cloud_on_demand",
    "out_cloud_reserved_1y": "cloud_reserved_1y",
    "out_cloud_reserved_3y": "cloud_reserved_3y",
    "out_breakeven_utilization": "breakeven_utilization",
    "out_per_million_tokens": "per_million_tokens",
    "calc_capex": "onprem_capex",
    "calc_cloud_spot": "cloud_spot",
    "calc_pv_own": "pv_own",
    "calc_pv_rent": "pv_rent",
    "calc_npv_own_minus_rent": "npv_own_minus_rent",
    "calc_onprem_lease_tco": "onprem_lease_tco",
    "calc_owning_usd_per_gpu_hour": "owning_usd_per_gpu_hour",
    "calc_crossover_month": "crossover_month",
}


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / f"{name}.gpuplan.toml"
    p.write_text(text.lstrip(), encoding="utf-8")
    return p


@pytest.fixture(scope="module")
def cost_books(tmp_path_factory: pytest.TempPathFactory, catalog: Catalog) -> dict[str, tuple[Path, Path]]:
    """name -> (scenario, workbook): each scenario in English, the one with every key also in Korean."""
    root = tmp_path_factory.mktemp("cost-lines")
    out = {}
    for name, text in SCENARIOS.items():
        path = _write(root / "scenarios", name, text)
        for language in ("en", "ko") if name in ("all", "lease") else ("en",):
            book = root / language / f"{name}.xlsx"
            book.parent.mkdir(exist_ok=True)
            export_workbook(load_scenario(path), catalog, book, language=language, scenario_text=text)
            out[f"{language}:{name}"] = (path, book)
    return out


def _figures(wb: Any, e: Any) -> list[str]:
    problems = []
    for wb_name, field in FIGURES.items():
        want = getattr(e.cost, field)
        got = name_value(wb, wb_name)
        if want is None:
            ok = got in (None, "") or (isinstance(got, str) and not got.replace(".", "").isdigit())
        elif field == "crossover_month":
            ok = got == want
        else:
            ok = close(got, want)
        if not ok:
            problems.append(f"{wb_name}: workbook {got!r}, engine {want!r}")
    return problems


def _checks(wb: Any) -> list[str]:
    """Every check on the Checks sheet (any language) is TRUE."""
    ws = sheet(wb, "Checks")
    values = [row[2].value for row in ws.iter_rows(min_row=1) if len(row) > 2]
    assert values.count(True) >= 10, "no checks found"
    return [f"check {i} is {v!r}" for i, v in enumerate(values, start=1) if v is False or v == "FALSE"]


def test_every_cost_line_is_the_tco_cell_rendered_from_its_definition(
    cost_books: dict[str, tuple[Path, Path]], catalog: Catalog
) -> None:
    path, book = cost_books["en:all"]
    s = load_scenario(path)
    builder = Builder(s, catalog, "en", None)
    builder.build()  # fills each option's cells (the Training sheet's GPU-hours)
    wb = openpyxl.load_workbook(book)
    ws = wb[SHEET]
    rows = dict(_block_rows(builder))
    opt = builder.main
    assert opt.inputs.residual_curve and opt.inputs.lease_usd_per_node_month  # the scenario sets every new key
    missing = set()
    for line in cl.LINES:
        if line.name == "hours":
            formula = str(name_cell(wb, "calc_hours").value)
        elif line.name == "energy_in_year":
            # a yearly line: each year column, with y the year cell of that column (row 4)
            formula = str(ws.cell(row=rows["energy_full"], column=YEAR0_COLUMN + 1).value)
        else:
            formula = str(ws.cell(row=rows[tco_lines.LINE_ROW[line.name]], column=3).value)
        cell = {k: f"$C${r}" for k, r in rows.items()}.__getitem__

        def var(v: str) -> str:
            return "F$4" if v == "y" else tco_lines.default_var(v)

        want = tco_lines.render(line.name, tco_lines.namer(builder, opt, cell, var=var), var)
        if want not in formula:
            missing.add(f"{line.name}: {formula!r} does not contain {want!r}")
    assert not missing, "\n".join(sorted(missing))


def _block_rows(builder: Builder) -> Any:
    """(key, row) of the main option's block, the first on the TCO sheet."""
    r = FIRST_BLOCK_ROW + 1
    for key in BLOCK_KEYS:
        if key is not None:
            yield key, r
        r += 1


@pytest.mark.libreoffice
def test_each_new_cost_key_recalculates_to_the_engine(
    cost_books: dict[str, tuple[Path, Path]], libreoffice: LibreOffice, catalog: Catalog, tmp_path: Path
) -> None:
    names = list(cost_books)
    recalculated = libreoffice.convert([cost_books[n][1] for n in names], tmp_path / "recalculated")
    problems, table = [], [f"{'scenario':34s} {'on-prem TCO (wb)':>18s} {'engine':>18s} {'cloud OD (wb)':>16s}"]
    for name, rec in zip(names, recalculated, strict=True):
        s = load_scenario(cost_books[name][0])
        e = estimate(s, catalog)
        wb = openpyxl.load_workbook(rec, data_only=True)
        problems += [f"{name}: {p}" for p in _figures(wb, e) + _checks(wb) + error_cells(wb)]
        table.append(
            f"{name:34s} {name_value(wb, 'out_onprem_tco')!s:>18.12s} {e.cost.onprem_tco!s:>18.12s} "
            f"{name_value(wb, 'out_cloud_on_demand')!s:>16.12s}"
        )
    print("\n".join(table))
    assert not problems, "\n".join(problems)


@pytest.mark.libreoffice
@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_longer_horizon_in_the_file_gives_the_engines_five_year_figures(
    language: str,
    cost_books: dict[str, tuple[Path, Path]],
    libreoffice: LibreOffice,
    catalog: Catalog,
    tmp_path: Path,
) -> None:
    """in_horizon_years 3 → 5 in the workbook with every new key set: the 5-year engine figures (the residual
    curve read at age 5, the lease term inside the horizon, the egress in year 5)."""
    path, book = cost_books[f"{language}:all"]
    wb = openpyxl.load_workbook(book)
    cell = name_cell(wb, "in_horizon_years")
    assert cell.value == 3
    cell.value = 5
    changed = tmp_path / "five-years.xlsx"
    wb.save(changed)
    (after,) = libreoffice.convert([changed], tmp_path / "recalculated")
    s = load_scenario(path)
    e = estimate(dataclasses.replace(s, cost=dataclasses.replace(s.cost, horizon_years=5.0)), catalog)
    recalculated = openpyxl.load_workbook(after, data_only=True)
    problems = _figures(recalculated, e) + _checks(recalculated) + error_cells(recalculated)
    assert not problems, "\n".join(problems)
    assert not close(name_value(recalculated, "out_onprem_tco"), estimate(s, catalog).cost.onprem_tco)
