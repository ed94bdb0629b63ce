"""Published ownership costs (issue #23): each source's stated inputs carried through the scenario's [cost] keys,
the same figure computed by the engine, printed as a table (source figure, ours, gap, what could not be carried).
Every figure whose inputs can be carried must come within 5%. Data and sources: data/tco_sources.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.cost import estimate_cost
from gpuplanner.core.cost_inputs import resolve_cost_inputs
from gpuplanner.core.fabric import fabric
from gpuplanner.core.scenario_io import parse_scenario

DATA = Path(__file__).parent / "data" / "tco_sources.json"
TOLERANCE = 0.05


@pytest.fixture(scope="module")
def catalog() -> Any:
    return load_catalog(use_user_layer=False)


def _scenario(hardware: dict[str, Any], cost: dict[str, Any]) -> Any:
    """A scenario carrying `cost` as its [cost] table (the workload does not enter any cost figure compared)."""
    doc = {
        "schema": 1,
        "name": "tco source",
        "model": {"preset": "llama-3.2-1b"},
        "workload": {"method": "pretrain", "seq_len": 2048, "tokens": 1e9},
        "hardware": hardware,
        "cost": cost,
    }
    return parse_scenario(doc)


def _inputs(catalog: Any, hardware: dict[str, Any], cost: dict[str, Any]) -> Any:
    cost = dict(cost)
    colo_annual = cost.pop("colocation_annual_usd", None)
    s = _scenario(hardware, cost)
    inp = resolve_cost_inputs(
        s.cost,
        catalog,
        s.hardware.gpu,
        gpu_count=s.hardware.gpu_count,
        gpus_per_node=s.hardware.gpus_per_node,
        node_id=s.hardware.node,
    )
    if colo_annual is not None:
        # the source states a yearly co-location bill: as our rate on the contracted kW of the node type
        nodes = -(-inp.gpu_count // inp.gpus_per_node)
        rate = colo_annual / (12 * nodes * inp.node_power_full_kw)
        s = _scenario(hardware, {**cost, "colocation_usd_per_kw_month": rate})
        inp = resolve_cost_inputs(
            s.cost,
            catalog,
            s.hardware.gpu,
            gpu_count=s.hardware.gpu_count,
            gpus_per_node=s.hardware.gpus_per_node,
            node_id=s.hardware.node,
        )
    return inp


def _ours(catalog: Any, hardware: dict[str, Any], cost: dict[str, Any], output: str, horizon: float) -> float | None:
    inp = _inputs(catalog, hardware, {**cost, "horizon_years": horizon})
    est = estimate_cost(inp, tokens_per_second=None, gpu_hours=None, detail=False)
    if output == "onprem_tco_per_node_year":
        return None if est.onprem_tco is None else est.onprem_tco / est.nodes / horizon
    return getattr(est, output)


def rows(catalog: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for case in json.loads(DATA.read_text(encoding="utf-8"))["cases"]:
        not_carried = "; ".join(case.get("not_carried", ()))
        if "reason" in case:
            out.append(
                {
                    "case": case["id"],
                    "what": "(no figure carried)",
                    "source": None,
                    "ours": None,
                    "gap": None,
                    "not_carried": case["reason"],
                }
            )
            continue
        for f in case.get("figures", ()):
            ours = _ours(catalog, case["hardware"], case["cost"], f["output"], f["horizon_years"])
            out.append(
                {
                    "case": case["id"],
                    "what": f"{f['what']} ({f['horizon_years']:g} y)",
                    "source": f["usd"],
                    "ours": ours,
                    "gap": None if ours is None else ours / f["usd"] - 1,
                    "not_carried": not_carried,
                }
            )
        for r in case.get("by_nodes", ()):
            hw = {**case["hardware"], "gpu_count": 8 * r["nodes"]}
            ours = _ours(catalog, hw, case["cost"], case["output"], 3.0)
            fab = fabric(r["nodes"], 8, 400.0)
            switches = "" if fab is None else f"; switches ours {fab.switches}, source {r['switches']}"
            out.append(
                {
                    "case": case["id"],
                    "what": f"{case['what']}, {r['nodes']} nodes",
                    "source": r["usd"],
                    "ours": ours,
                    "gap": None if ours is None else ours / r["usd"] - 1,
                    "not_carried": not_carried + switches,
                }
            )
    return out


def table(results: list[dict[str, Any]]) -> str:
    def usd(v: float | None) -> str:
        return "—" if v is None else f"${v:,.0f}"

    lines = [f"{'case':<32} {'figure':<52} {'source':>16} {'ours':>16} {'gap':>7}  not carried (once per case)"]
    previous = None
    for r in results:
        gap = "—" if r["gap"] is None else f"{r['gap']:+.1%}"
        note = r["not_carried"] if r["case"] != previous else ""
        switches = r["not_carried"].rpartition("; switches ")[2] if "; switches " in r["not_carried"] else ""
        if switches and not note:
            note = "switches " + switches
        previous = r["case"]
        lines.append(
            f"{r['case']:<32} {r['what'][:52]:<52} {usd(r['source']):>16} {usd(r['ours']):>16} {gap:>7}  {note}"
        )
    return "\n".join(lines)


def test_published_ownership_costs_reproduce_within_5_percent(catalog: Any) -> None:
    results = rows(catalog)
    print("\n" + table(results))
    carried = [r for r in results if r["source"] is not None]
    assert len(carried) >= 20
    assert all(r["ours"] is not None for r in carried), "every carried figure is computed"
    outside = [(r["case"], r["what"], f"{r['gap']:+.1%}") for r in carried if abs(r["gap"]) > TOLERANCE]
    assert not outside, outside
    assert all(r["not_carried"] for r in results if r["source"] is None), "an uncarried source says why"


def test_the_fabric_model_counts_the_spreadsheets_switches() -> None:
    case = next(c for c in json.loads(DATA.read_text(encoding="utf-8"))["cases"] if "by_nodes" in c)
    for r in case["by_nodes"]:
        f = fabric(r["nodes"], 8, 400.0)
        assert f is not None and f.switches == r["switches"], r
