"""Print the training-time estimate term by term (issue 22): compute (GEMMs, attention, memory-bound passes),
exposed communication, fixed per-kernel costs, optimizer and the pipeline bubble, against the measured rate.

    .venv/bin/python scripts/time_breakdown.py                 # every case of the regime table
    .venv/bin/python scripts/time_breakdown.py tune_3b_packed titan_405b_3d_1f1b
    .venv/bin/python scripts/time_breakdown.py --scenario my.yaml

Cases come from tests/validation/data/throughput_cases.json (the published measurements the regime table checks).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gpuplanner.core.catalog import load_catalog  # noqa: E402
from gpuplanner.core.engine import choose_layout, resolve_target  # noqa: E402
from gpuplanner.core.scenario_io import parse_scenario, read_scenario  # noqa: E402
from gpuplanner.core.throughput import step_times  # noqa: E402
from gpuplanner.core.training_time import rates_for  # noqa: E402

CASES = ROOT / "tests" / "validation" / "data" / "throughput_cases.json"
TERMS = (
    ("GEMMs", "gemm_seconds"),
    ("attention", "attention_seconds"),
    ("memory-bound passes", "memory_bound_seconds"),
    ("fixed per-kernel costs", "fixed_seconds"),
    ("TP comm (exposed)", "tp_comm_seconds"),
    ("PP p2p", "pp_comm_seconds"),
    ("CP K/V ring (exposed)", "cp_comm_seconds"),
    ("EP all-to-all (exposed)", "ep_comm_seconds"),
    ("ZeRO-3 gathers (exposed)", "zero3_exposed_seconds"),
    ("DP reduction (exposed)", "dp_exposed_seconds"),
    ("optimizer step", "optimizer_seconds"),
    ("pipeline bubble", "bubble_seconds"),
)


def case_scenario(case: dict):  # type: ignore[no-untyped-def]
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


def breakdown(s, catalog, measured_tokens_per_s_per_gpu: float | None = None) -> str:  # type: ignore[no-untyped-def]
    target = resolve_target(s, catalog)
    layout = choose_layout(s, target)
    w = s.workload
    gb = w.global_batch or layout.micro_batch * layout.dp
    rates = rates_for(s, target)
    sp = layout.sequence_parallel
    st = step_times(s.model, w, rates, **layout.arguments(), global_batch=gb, sequence_parallel=sp)
    step = float(np.asarray(st.step_seconds))
    tps_gpu = gb * w.seq_len / step / layout.gpus
    lines = [
        f"{s.name}: {target.gpu.id} x{layout.gpus}, tp {layout.tp} pp {layout.pp} cp {layout.cp} ep {layout.ep} "
        f"dp {layout.dp} zero {layout.zero} vpp {layout.vpp or 1}, micro-batch {layout.micro_batch}, "
        f"global batch {gb}, seq {w.seq_len}, {w.precision}, {w.framework}, recompute {layout.recompute}"
    ]
    assert st.terms is not None
    for label, field in TERMS:
        v = float(np.asarray(getattr(st.terms, field)))
        if v > 0:
            lines.append(f"  {label:26s} {v:10.4f} s  {100 * v / step:5.1f}%")
    lines.append(f"  {'step':26s} {step:10.4f} s  -> {tps_gpu:,.0f} tokens/s per GPU")
    if measured_tokens_per_s_per_gpu:
        meas_step = gb * w.seq_len / measured_tokens_per_s_per_gpu / layout.gpus
        err = (tps_gpu - measured_tokens_per_s_per_gpu) / measured_tokens_per_s_per_gpu * 100
        lines.append(
            f"  {'measured':26s} {meas_step:10.4f} s  -> {measured_tokens_per_s_per_gpu:,.0f} tokens/s per GPU "
            f"(estimate {err:+.1f}%)"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", help="case ids of throughput_cases.json (default: all)")
    ap.add_argument("--scenario", help="a scenario file instead of the cases")
    args = ap.parse_args(argv)
    # the regime table's catalog: shipped rows plus the torchtitan benchmarks' Grand Teton H100 (user layer)
    catalog = load_catalog(user_dir=CASES.parent / "catalog_grand_teton")
    if args.scenario:
        print(breakdown(read_scenario(args.scenario), catalog))
        return 0
    for case in json.loads(CASES.read_text())["cases"]:
        if (args.cases and case["id"] not in args.cases) or case.get("unsupported"):
            continue
        print(breakdown(case_scenario(case), catalog, case["measured"]["tokens_per_second_per_gpu"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
