"""The whole Plan against one estimate (issue "One Plan": at most 20× a single-layout estimate, same run).

The Plan of a 70B pretraining with 8 candidate GPUs, a sweep up to 16,384 GPUs and a 30-day deadline search,
timed against one `estimate` of the same scenario on one GPU type (medians over interleaved pairs, same process).
The Plan holds 8 full estimates (the candidates at the scenario's count, limits and sensitivity views included),
so 8× is its floor before any sweep row.

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
TARGET_RATIO = 20.0  # issue #15: the whole Plan in at most 20× one estimate
SCENARIO = {
    "schema": 1,
    "name": "Llama 3.1 70B pretraining, 8 candidates",
    "model": {"preset": "llama-3.1-70b"},
    "workload": {"method": "pretrain", "seq_len": 8192, "tokens": 1.4e12, "deadline_days": 30},
    "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 64, "candidates": CANDIDATES},
}


def timed(fn) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """(wall seconds, CPU seconds of this process) of one call."""
    w0, c0 = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w0, time.process_time() - c0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    catalog = load_catalog()
    s = parse_scenario(SCENARIO)
    p = plan(s, catalog)  # warm-up (imports, the error model's cache)
    estimate(s, catalog)
    # Interleaved pairs (one estimate, then the whole Plan), so that the load of a shared machine drifts over
    # both alike; the ratio of each pair, then the median. CPU time of this process beside wall time: other
    # processes on the machine inflate wall time much more than CPU time.
    pairs = [(timed(lambda: estimate(s, catalog)), timed(lambda: plan(s, catalog))) for _ in range(args.repeat)]
    wall_ratio = statistics.median(w / o for (o, _), (w, _) in pairs)
    cpu_ratio = statistics.median(w / o for (_, o), (_, w) in pairs)
    one = statistics.median(o for (o, _), _ in pairs)
    whole = statistics.median(w for _, (w, _) in pairs)
    print(f"one estimate      {one * 1e3:8.1f} ms")
    print(
        f"whole Plan        {whole * 1e3:8.1f} ms  ({len(p.candidates)} GPUs, {len(p.sweep)} sweep rows, "
        f"{len(p.deadline)} deadline answers)"
    )
    print(f"ratio             {wall_ratio:8.1f}×  wall, {cpu_ratio:.1f}× CPU  (target ≤ {TARGET_RATIO:g}×)")
    return 0 if wall_ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    raise SystemExit(main())
