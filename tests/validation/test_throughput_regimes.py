"""Training throughput by regime (issue 22): every case of data/throughput_cases.json, printed with its error.

Regimes: single GPU, one node (TP/DP/FSDP), multi-node data parallel, multi-node 3D, long sequence, fp8, MoE.
The Megatron-LM A100 runs of data/published_cases.json (Narayanan 2021 Table 1, Korthikanti 2022 Table 5) join the
multi-node-3d regime through tests/validation/cases.py. No constant of the time model is fitted to these numbers.
A case may carry a "hardware" object (e.g. gpus_per_node 72 and inter_node_gbits_per_s for a GB200 NVL72 run)
that overrides the default of up to 8 GPUs per node and the catalog node's link speeds.
The bounds below are today's, stated honestly per regime; the issue's targets (≤ 10% per regime, ≤ 8% overall) are
printed beside them and not yet met everywhere.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.scenario_io import parse_scenario

sys.path.insert(0, str(Path(__file__).parent))
import cases as C  # noqa: E402

DATA = Path(__file__).parent / "data" / "throughput_cases.json"
# the shipped catalog plus the torchtitan benchmarks' own hardware (Grand Teton H100 96GB HBM2e, 500 W) as a
# user-layer row: the runs are mapped to what they ran on, as their source describes it
GRAND_TETON = Path(__file__).parent / "data" / "catalog_grand_teton"
CATALOG = load_catalog(user_dir=GRAND_TETON)
TARGET_PCT = 10.0
BOUND_PCT = {  # today's medians (docs/estimation_time.md), rounded up: a ceiling against drift
    "single-gpu": 5.0,
    "one-node": 5.0,
    "multi-node": 4.0,
    "multi-node-3d": 6.5,
    "long-seq": 6.5,
    "fp8": 7.0,
    "moe": 19.5,
}


def _scenario(case: dict[str, Any]):  # type: ignore[no-untyped-def]
    doc = {
        "schema": 1,
        "name": case["id"],
        "model": case["model"],
        "workload": {"tokens": 1e9, **case["workload"]},
        "hardware": {
            "gpu": case["gpu"],
            "gpu_count": case["gpu_count"],
            "gpus_per_node": min(8, case["gpu_count"]),
            **case.get("hardware", {}),
        },
        "parallel": case["parallel"],
    }
    return parse_scenario(doc)


def evaluate() -> list[tuple[str, tuple[str, ...], float, float, str]]:
    """(case, regimes, estimate, measured, note) for every case; estimate NaN with the reason in note."""
    rows = []
    for case in json.loads(DATA.read_text())["cases"]:
        measured = case["measured"]["tokens_per_second_per_gpu"]
        if case.get("unsupported"):
            rows.append(
                (case["id"], tuple(case["regimes"]), float("nan"), measured, "not evaluated: " + case["unsupported"])
            )
            continue
        try:
            e = estimate(_scenario(case), CATALOG)
            est = e.time.tokens_per_second / case["gpu_count"]
            note = ""
        except Exception as exc:  # a case the scenario cannot express is reported, never dropped
            est, note = float("nan"), f"not evaluated: {exc}"
        rows.append((case["id"], tuple(case["regimes"]), est, measured, note))
    for c in C.load_cases():
        if c["id"].startswith(("tput_megatron_table1", "tput_korthikanti_table5")):
            r = C.evaluate_time_case(c)
            for label, est, meas in r.comparisons:
                rows.append((f"{c['id']} {label}", ("multi-node-3d",), est, meas, "A100, Megatron-LM"))
    return rows


def _error(est: float, meas: float) -> float:
    return abs(est - meas) / meas * 100


def table(rows) -> str:  # type: ignore[no-untyped-def]
    lines = [f"{'case':58s} {'regimes':34s} {'estimate':>9s} {'measured':>9s} {'error':>7s}"]
    for cid, regimes, est, meas, note in rows:
        err = f"{_error(est, meas):6.1f}%" if est == est else "   n/a"
        lines.append(f"{cid[:58]:58s} {','.join(regimes)[:34]:34s} {est:9.4g} {meas:9.4g} {err} {note[:60]}")
    for regime in BOUND_PCT:
        errs = [_error(e, m) for _, rg, e, m, _ in rows if regime in rg and e == e]
        if errs:
            few = "  (fewer than 5 cases)" if len(errs) < 5 else ""
            lines.append(
                f"  {regime:14s} median {statistics.median(errs):5.1f}% over {len(errs):2d} cases "
                f"(target {TARGET_PCT:.0f}%){few}"
            )
    allerr = [_error(e, m) for _, _, e, m, _ in rows if e == e]
    lines.append(f"  overall median {statistics.median(allerr):.1f}% over {len(allerr)} comparisons")
    return "\n".join(lines)


ROWS: list | None = None


def _rows():  # type: ignore[no-untyped-def]
    global ROWS
    if ROWS is None:
        ROWS = evaluate()
    return ROWS


def test_every_case_is_evaluated_and_the_table_prints() -> None:
    rows = _rows()
    print("\n" + table(rows))
    unevaluated = [(cid, note) for cid, _, est, _, note in rows if est != est and "ep to divide" not in note]
    assert not unevaluated, unevaluated


@pytest.mark.parametrize("regime", sorted(BOUND_PCT))
def test_regime_median_within_todays_bound(regime: str) -> None:
    errs = [_error(e, m) for _, rg, e, m, _ in _rows() if regime in rg and e == e]
    assert errs, f"no case in regime {regime}"
    assert statistics.median(errs) <= BOUND_PCT[regime]


def test_each_fp8_case_names_the_recipe_its_row_ran() -> None:
    """A row that says MXFP8 runs the mxfp8 recipe, a Megatron row that says FP8-CS runs TE current scaling (the
    MXFP8 rows were mapped to `te` before the recipe had a name; their casts differ, fp8_kernels.py)."""
    for case in json.loads(DATA.read_text())["cases"]:
        notes, w = case.get("notes", ""), case["workload"]
        if "MXFP8" in notes:
            assert w.get("fp8_recipe") == "mxfp8", case["id"]
        elif ("FP8-CS" in notes or "current scaling" in notes) and w.get("framework") == "megatron":
            assert w.get("fp8_recipe") == "te-current", case["id"]


def test_each_moe_case_names_the_dispatcher_its_recipe_ran() -> None:
    """A row whose recipe runs Megatron's flex dispatcher (HybridEP or DeepEP backend) or NeMo AutoModel's DeepEP
    runs `moe_dispatcher = "deepep"`; the others NCCL's all-to-all (moe_dispatch.py)."""
    for case in json.loads(DATA.read_text())["cases"]:
        notes, w = case.get("notes", ""), case["workload"]
        if case["model"].get("experts", 1) <= 1 and "mixtral" not in json.dumps(case["model"]).lower():
            continue
        flex = (
            "moe_flex_dispatcher_backend='hybridep'" in notes
            or "moe_flex_dispatcher_backend='deepep')" in notes
            or "TE + DeepEP" in notes
        ) and "then unused" not in notes
        assert (w.get("moe_dispatcher") == "deepep") == flex, case["id"]
