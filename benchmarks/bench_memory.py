"""Vectorised memory model: layouts per second on one core (issue #4 target: at least 100,000/s).

Prints the rate of `training_components` over a grid of layouts and the ratio against the scalar API
(`memory_for`, one layout at a time) measured in the same run.

    .venv/bin/python benchmarks/bench_memory.py
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")  # one core, as the target says

import numpy as np  # noqa: E402

from gpuplanner.core.memory import RECOMPUTE_CODES, memory_for, training_components  # noqa: E402
from gpuplanner.core.presets import preset  # noqa: E402
from gpuplanner.core.results import Layout  # noqa: E402
from gpuplanner.core.scenario import Workload  # noqa: E402


def grid(n_gpus: int = 1024) -> dict[str, np.ndarray]:
    rows = []
    for tp in (1, 2, 4, 8):
        for pp in (1, 2, 4, 5, 8, 10, 16, 20, 40, 80):
            for cp in (1, 2, 4):
                if n_gpus % (tp * pp * cp):
                    continue
                for zero in range(4):
                    for mb in (1, 2, 4, 8, 16, 32):
                        for rc in range(3):
                            rows.append((tp, pp, cp, 1, n_gpus // (tp * pp * cp), zero, mb, rc))
    a = np.array(rows, dtype=float)
    keys = ("tp", "pp", "cp", "ep", "dp", "zero", "micro_batch", "recompute")
    return {k: a[:, i] for i, k in enumerate(keys)}


def main() -> None:
    model = preset("llama-3.1-70b")
    w = Workload(method="pretrain", seq_len=8192, tokens=1e12, precision="bf16-master", global_batch=2048)
    g = grid()
    n = len(g["tp"])
    reps = 20
    big = {k: np.tile(v, reps) for k, v in g.items()}
    times = []
    for _ in range(7):
        t = time.perf_counter()
        training_components(model, w, **big, gpu_count=1024)
        times.append(time.perf_counter() - t)
    vec = statistics.median(times)
    sample = 300
    t = time.perf_counter()
    for i in range(sample):
        lay = Layout(
            tp=int(g["tp"][i]),
            pp=int(g["pp"][i]),
            cp=int(g["cp"][i]),
            dp=int(g["dp"][i]),
            zero=int(g["zero"][i]),
            micro_batch=int(g["micro_batch"][i]),
            recompute=list(RECOMPUTE_CODES)[int(g["recompute"][i])],
        )
        memory_for(model, w, lay, 80 * 2**30, 1024, solve_limits=False)
    scalar = (time.perf_counter() - t) / sample
    rate = n * reps / vec
    print(f"layouts          {n * reps:,} (Llama 3.1 70B, 1024 GPUs, {n:,} distinct × {reps})")
    print(f"vectorised       {vec * 1e3:.1f} ms = {rate:,.0f} layouts/s (target ≥ 100,000/s)")
    print(f"scalar API       {scalar * 1e6:.0f} µs per layout = {1 / scalar:,.0f} layouts/s")
    print(f"speed-up         {rate * scalar:.0f}×")


if __name__ == "__main__":
    main()
