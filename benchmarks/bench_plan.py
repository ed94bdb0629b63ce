"""The whole Plan against one estimate (issue "One Plan": at most 20× a single-layout estimate, same run).

The Plan of a 70B pretraining with 8 candidate GPUs, a sweep up to 16,384 GPUs and a 30-day deadline search,
timed against one `estimate` of the same scenario on one GPU type (median of several runs each, same process).

    .venv/bin/python benchmarks/bench_plan.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.plan import plan
from gpuplanner.core.scenario_io import parse_scenario

CANDIDATES = [
    "h100-sxm-80gb",
    "h200-sxm-141gb",
    "b200-sxm-180gb",
    "a100-sxm-80gb",
    "a100-sxm-40gb",
    "mi300x",
    "mi325x",
    "l40s",
]
SCENARIO = {
    "schema": 1,
    "name": "Llama 3.1 70B pretraining, 8 candidates",
    "model": {"preset": "llama-3.1-70b"},
    "workload": {"method": "pretrain", "seq_len": 8192, "tokens": 1.4e12, "deadline_days": 30},
    "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 64, "candidates": CANDIDATES},
}


def median_seconds(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    catalog = load_catalog()
    s = parse_scenario(SCENARIO)
    one = median_seconds(lambda: estimate(s, catalog), args.repeat)
    whole = median_seconds(lambda: plan(s, catalog), args.repeat)
    p = plan(s, catalog)
    print(f"one estimate      {one * 1e3:8.1f} ms")
    print(
        f"whole Plan        {whole * 1e3:8.1f} ms  ({len(p.candidates)} GPUs, {len(p.sweep)} sweep rows, "
        f"{len(p.deadline)} deadline answers)"
    )
    ratio = whole / one
    print(f"ratio             {ratio:8.1f}×  (target ≤ 20×)")
    return 0 if ratio <= 20 else 1


if __name__ == "__main__":
    raise SystemExit(main())
