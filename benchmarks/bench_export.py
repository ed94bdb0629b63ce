"""Excel export speed: a full scenario (four compared GPUs) exported to .xlsx, target under 1 s.

Times `export_workbook` end to end (one estimate per compared GPU, every sheet, charts, the atomic save),
median of several runs after a warm-up, and also the two parts (estimates; building and saving the workbook)
so that a regression can be placed. Measured, never asserted in unit tests (spec §6 "Speed").

    .venv/bin/python benchmarks/bench_export.py [--repeat N] [--scenario FILE]
    .venv/bin/pytest benchmarks/bench_export.py --benchmark-enable      (pytest-benchmark)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import parse_scenario, read_scenario

TARGET_SECONDS = 1.0
SCENARIO = {
    "schema": 1,
    "name": "Llama 3.1 70B full fine-tune, four GPU types compared",
    "model": {"preset": "llama-3.1-70b"},
    "workload": {
        "method": "full",
        "seq_len": 4096,
        "micro_batch": 1,
        "global_batch": 256,
        "tokens": 2e9,
        "precision": "bf16-master",
        "recompute": "selective",
    },
    "hardware": {
        "gpu": "h100-sxm-80gb",
        "gpu_count": 64,
        "candidates": ["h100-sxm-80gb", "a100-sxm-80gb", "h200-sxm-141gb", "mi300x"],
    },
    "parallel": {"tp": 1, "pp": 1, "cp": 1, "zero": 3},
    "cost": {"horizon_years": 3, "utilization": 0.7},
}


def _median(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def run(scenario: Scenario, repeat: int) -> dict[str, float]:
    from gpuplanner.export import export_workbook
    from gpuplanner.export.workbook import build_workbook

    catalog = load_catalog()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.xlsx"
        export_workbook(scenario, catalog, out)  # warm-up: imports (openpyxl), caches
        total = _median(lambda: export_workbook(scenario, catalog, out), repeat)
        size = out.stat().st_size
    gpus = scenario.hardware.compared_gpus
    estimates = _median(lambda: [estimate(scenario, catalog, g) for g in gpus], repeat)
    build = _median(lambda: build_workbook(scenario, catalog), repeat)
    return {
        "export_s": total,
        "estimates_s": estimates,
        "build_s": build,
        "bytes": float(size),
        "options": float(len(gpus)),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7, help="runs per timing (median)")
    ap.add_argument("--scenario", type=Path, help="a .gpuplan.toml file (default: the built-in 4-GPU scenario)")
    args = ap.parse_args(argv)
    scenario = read_scenario(args.scenario) if args.scenario else parse_scenario(SCENARIO)
    r = run(scenario, args.repeat)
    print(
        f"export_workbook ({r['options']:.0f} options, {r['bytes'] / 1024:.0f} KiB): "
        f"median {r['export_s'] * 1000:.0f} ms over {args.repeat} runs (target < {TARGET_SECONDS * 1000:.0f} ms)"
    )
    print(
        f"  of which estimates {r['estimates_s'] * 1000:.0f} ms, building the workbook "
        f"{r['build_s'] * 1000:.0f} ms (with estimates), the rest is saving"
    )
    ok = r["export_s"] < TARGET_SECONDS
    print("PASS" if ok else "SLOWER THAN TARGET")
    return 0 if ok else 1


def test_bench_export(benchmark) -> None:  # type: ignore[no-untyped-def]
    """pytest-benchmark entry (disabled by default in pyproject; run with --benchmark-enable)."""
    from gpuplanner.export import export_workbook

    catalog = load_catalog()
    scenario = parse_scenario(SCENARIO)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.xlsx"
        benchmark(export_workbook, scenario, catalog, out)


if __name__ == "__main__":
    sys.exit(main())
