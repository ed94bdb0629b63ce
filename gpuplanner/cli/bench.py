"""`gpuplanner bench-script SCENARIO -o bench.py` (issue #11): a self-contained PyTorch benchmark of the
scenario (gpuplanner/benchscript) whose JSON result `gpuplanner calibrate` reads."""

from __future__ import annotations

import argparse
import sys

from ..benchscript import DEFAULT_STEPS, DEFAULT_WARMUP, render_script, write_script
from ..core.calibration import bench_fit
from ..core.engine import load_checked
from .args import EXIT_OK, Subparsers, add_command, positive_int

GIB = 2**30


def register(subparsers: Subparsers) -> None:
    bench = add_command(
        subparsers,
        "bench-script",
        help="write a short PyTorch benchmark of the scenario (for 'calibrate')",
        description="Write a self-contained PyTorch script that trains the scenario's model (random weights, "
        "synthetic tokens) for a few steps and writes a JSON result for 'gpuplanner calibrate'.",
    )
    bench.add_argument("scenario", help="a .gpuplan.toml file")
    bench.add_argument("-o", "--output", required=True, metavar="BENCH.py", help="the script to write ('-': stdout)")
    bench.add_argument(
        "--warmup",
        type=positive_int,
        default=DEFAULT_WARMUP,
        metavar="N",
        help=f"the script's default untimed steps (default {DEFAULT_WARMUP})",
    )
    bench.add_argument(
        "--steps",
        type=positive_int,
        default=DEFAULT_STEPS,
        metavar="M",
        help=f"the script's default timed steps (default {DEFAULT_STEPS})",
    )
    bench.set_defaults(func=run_bench_script)


def run_bench_script(args: argparse.Namespace) -> int:
    scenario, catalog = load_checked(args.scenario)
    gpu = catalog.gpu(scenario.hardware.gpu)
    if args.output == "-":
        sys.stdout.write(render_script(scenario, warmup=args.warmup, steps=args.steps, scenario_file=args.scenario))
        return EXIT_OK
    path = write_script(scenario, args.output, warmup=args.warmup, steps=args.steps, scenario_file=args.scenario)
    w, m = scenario.workload, scenario.model
    print(
        f"wrote {path}: {m.name}, {w.method}, {w.precision}, seq {w.seq_len}, micro-batch {w.micro_batch or 1}, "
        f"recompute {w.recompute or 'selective'}, {w.optimizer}"
    )
    fit = bench_fit(scenario, catalog)
    one = f"one {gpu.id} ({gpu.memory_bytes / GIB:.0f} GiB)"
    if fit.fits:
        print(f"  memory   fits on {one}: about {fit.needed / GIB:.1f} GiB with all {fit.layers} layers")
    elif fit.max_layers:
        print(
            f"  memory   all {fit.layers} layers need about {fit.needed / GIB:.1f} GiB, more than {one}; "
            f"run a shrunken model with --layers {fit.max_layers} (or fewer)"
        )
    else:
        print(
            f"  memory   not even one layer fits on {one} at this sequence length and micro-batch; use a "
            f"smaller --seq-len or --micro-batch (calibrate compares against the estimate of what ran)"
        )
    if gpu.vendor not in ("NVIDIA", "AMD"):
        print(f"  note     the script runs on CUDA or ROCm GPUs; {gpu.id} ({gpu.vendor}) cannot run it")
    print(
        f"  run      python {path.name} --out result.json   (a node: torchrun --nproc-per-node "
        f"{min(scenario.hardware.gpu_count, scenario.hardware.gpus_per_node or 8)} {path.name} --out result.json)"
    )
    print(f"  then     gpuplanner calibrate {args.scenario} result.json")
    return EXIT_OK
