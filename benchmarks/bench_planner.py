"""Planner speed (spec §5 "Speed": a full planner search for 1024 GPUs in under 1 s).

Runs the full `plan` for Llama 3.1 70B on 1,024 H100 SXM (median of several runs), then the vectorised
evaluation of every layout against a plain-Python loop that calls the scalar path (`memory_for` and
`step_times` with scalars) once per layout, over the same layouts, in the same process.

    .venv/bin/python benchmarks/bench_planner.py [--repeat N] [--loop-sample N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import resolve_target
from gpuplanner.core.planner import plan, score_layout, search
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import parse_scenario

SCENARIO = {
    "schema": 1,
    "name": "Llama 3.1 70B on 1024 H100",
    "model": {"preset": "llama-3.1-70b"},
    "workload": {
        "method": "pretrain",
        "seq_len": 8192,
        "global_batch": 2048,
        "tokens": 15e12,
        "precision": "bf16-mixed",
    },
    "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 1024},
}


def _median(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7, help="runs per timing (median)")
    ap.add_argument(
        "--loop-sample", type=int, default=0, help="time the scalar loop on every k-th layout only (0: all layouts)"
    )
    args = ap.parse_args(argv)

    catalog = load_catalog()
    s: Scenario = parse_scenario(SCENARIO)
    target = resolve_target(s, catalog)

    plan(s, catalog)  # warm-up (imports, caches)
    t_plan = _median(lambda: plan(s, catalog), args.repeat)
    t_search = _median(lambda: search(s, target), args.repeat)
    found = search(s, target)
    n = found.size

    step = args.loop_sample or 1
    picked = range(0, n, step)
    layouts = [found.layout(i) for i in picked]
    t0 = time.perf_counter()
    for lay in layouts:
        score_layout(s, target, lay)
    t_loop = (time.perf_counter() - t0) * n / len(layouts)  # per full set of layouts

    best = plan(s, catalog, top=1).best
    print(f"scenario        {s.name}: {n:,} valid layouts")
    print(f"full plan       {t_plan * 1e3:8.1f} ms  (median of {args.repeat}; target < 1000 ms)")
    print(f"vectorised      {t_search * 1e3:8.1f} ms  = {n / t_search:,.0f} layouts/s")
    print(
        f"scalar loop     {t_loop * 1e3:8.1f} ms  = {n / t_loop:,.0f} layouts/s"
        + (f"  (measured on {len(layouts):,} layouts, scaled)" if step > 1 else "")
    )
    print(f"speed-up        {t_loop / t_search:8.1f}× vectorised over the scalar loop")
    if best is not None:
        lay = best.layout
        print(
            f"best layout     tp={lay.tp} pp={lay.pp} cp={lay.cp} dp={lay.dp} zero={lay.zero} "
            f"micro_batch={lay.micro_batch} recompute={lay.recompute}: "
            f"{best.time.tokens_per_second:,.0f} tokens/s, MFU {100 * (best.time.mfu or 0):.1f}%"
        )
    return 0 if t_plan < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
