"""`gpuplanner calibrate SCENARIO RESULT.json` (issue #11).

Reads the JSON result of the `bench-script` program (cli/bench.py), compares it with the estimate of what ran,
derives per-GPU corrections and shows the scenario at several GPU counts with the catalog's numbers and the
calibrated ones (gpuplanner/core/calibration.py).
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from ..core.calibration import DEFAULT_GPU_COUNTS, compare, device_mismatch, read_result, write_calibration
from ..core.engine import load_checked
from ..core.errors import InputError
from ..core.report import estimate_document
from .args import EXIT_OK, Subparsers, add_command, gpu_counts

GIB = 2**30


def register(subparsers: Subparsers) -> None:
    cal = add_command(
        subparsers,
        "calibrate",
        help="compare a benchmark result with the estimate and re-plan with the corrections",
        description="Compare the measured memory and tokens/s of a 'bench-script' run with the estimate, derive "
        "per-GPU corrections and show the scenario at several GPU counts, catalog and calibrated.",
    )
    cal.add_argument("scenario", help="a .gpuplan.toml file")
    cal.add_argument("result", help="the JSON result the benchmark script wrote")
    cal.add_argument("--json", action="store_true", help="print the comparison as JSON")
    cal.add_argument(
        "--write",
        action="store_true",
        help="store the measurement and corrections next to the scenario (<scenario>.calibration.json)",
    )
    cal.add_argument(
        "--gpus",
        type=gpu_counts,
        default=DEFAULT_GPU_COUNTS,
        metavar="N,N,…",
        help="GPU counts to project (default " + ",".join(map(str, DEFAULT_GPU_COUNTS)) + ")",
    )
    cal.add_argument(
        "--any-device",
        action="store_true",
        help="compare even when the measurement is from another device (e.g. the CPU check); the "
        "corrections are then meaningless and cannot be stored",
    )
    cal.set_defaults(func=run_calibrate)


def run_calibrate(args: argparse.Namespace) -> int:
    scenario, catalog = load_checked(args.scenario)
    result = read_result(args.result)
    cal = compare(scenario, catalog, result, gpu_counts=args.gpus, any_device=args.any_device)
    written = None
    if args.write:
        if device_mismatch(catalog.gpu(cal.gpu), result.device):
            raise InputError(
                "--write stores only a measurement taken on the scenario's GPU; this one was compared "
                "with --any-device",
                file=args.result,
                key="device",
            )
        written = write_calibration(args.scenario, cal)
    doc = calibration_document(cal, catalog, written=str(written) if written else None)
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        print(human(cal, doc))
    return EXIT_OK


def _num(v: float | None) -> float | None:
    return None if v is None or not math.isfinite(v) else float(v)


def _int(v: float | None) -> int | None:
    return None if v is None or not math.isfinite(v) else int(round(v))


def _err(measured: float | None, estimated: float | None) -> float | None:
    """(measured − estimated) / estimated."""
    if measured is None or not estimated:
        return None
    return (measured - estimated) / estimated


def calibration_document(cal: Any, catalog: Any, *, written: str | None = None) -> dict[str, Any]:
    """The JSON of `calibrate --json`: every key always present, null where not known."""
    r, c, mem, t = cal.result, cal.corrections, cal.memory, cal.time
    gpu = catalog.gpu(cal.gpu)
    lay = cal.as_run_layout
    return {
        "scenario": cal.scenario_name,
        "gpu": cal.gpu,
        "result": r.file,
        "measurement": {
            "device": r.device.name,
            "device_type": r.device.type,
            "device_memory": r.device.total_memory,
            "world_size": r.world_size,
            "torch": r.software.torch,
            "cuda": r.software.cuda,
            "driver": r.software.driver,
            "created": r.created,
            "scenario_hash": r.scenario_hash,
            "hash_matches": cal.hash_matches,
        },
        "ran": {
            "layers": r.model.layers,
            "scenario_layers": cal.scenario.model.layers,
            "seq_len": r.workload.seq_len,
            "micro_batch": r.workload.micro_batch,
            "grad_accum": r.workload.grad_accum,
            "world_size": r.world_size,
            "parallel": {
                "tp": lay.tp,
                "pp": lay.pp,
                "cp": lay.cp,
                "ep": lay.ep,
                "dp": lay.dp,
                "zero": lay.zero,
                "micro_batch": lay.micro_batch,
                "recompute": lay.recompute,
            },
        },
        "memory": {
            "measured_allocated": _int(mem.measured_allocated),
            "estimated_total": _int(mem.estimated_total),
            "allocated_error": _num(_err(mem.measured_allocated, mem.estimated_total)),
            "measured_reserved": _int(mem.measured_reserved),
            "estimated_reserved": _int(mem.estimated_reserved),
            "reserved_error": _num(_err(mem.measured_reserved, mem.estimated_reserved)),
            "measured_nvidia_smi": _int(mem.measured_nvidia_smi),
            "estimated_nvidia_smi": _int(mem.estimated_nvidia_smi),
            "nvidia_smi_error": _num(_err(mem.measured_nvidia_smi, mem.estimated_nvidia_smi)),
            "capacity": _int(mem.capacity),
        },
        "time": {
            "measured_step_seconds": _num(t.measured_step_seconds),
            "estimated_step_seconds": _num(t.estimated_step_seconds),
            "measured_tokens_per_second": _num(t.measured_tokens_per_second),
            "estimated_tokens_per_second": _num(t.estimated_tokens_per_second),
            "tokens_per_second_error": _num(_err(t.measured_tokens_per_second, t.estimated_tokens_per_second)),
        },
        "corrections": {
            "efficiency_factor": _num(c.efficiency_factor),
            "gemm_efficiency": {"catalog": gpu.gemm_efficiency, "calibrated": _num(gpu.gemm_efficiency * c.factor)},
            "memory_bandwidth_gb_per_s": {
                "catalog": gpu.memory_bandwidth_gb_per_s,
                "calibrated": _num(gpu.memory_bandwidth_gb_per_s * c.factor),
            },
            "measured_overhead_bytes": _int(c.measured_overhead_bytes),
            "estimated_overhead_bytes": _int(c.estimated_overhead_bytes),
            "overhead_delta_bytes": _int(c.overhead_delta_bytes),
        },
        "projections": [
            {
                "gpu_count": p.gpu_count,
                "problem": p.problem,
                "catalog": estimate_document(p.catalog, cal.scenario_name) if p.catalog else None,
                "calibrated": estimate_document(p.calibrated, cal.scenario_name) if p.calibrated else None,
            }
            for p in cal.projections
        ],
        "notes": list(cal.notes),
        "warnings": list(cal.warnings),
        "written": written,
    }


def _gib(v: float | None) -> str:
    return "n/a" if v is None else f"{v / GIB:.2f} GiB"


def _pct(e: float | None) -> str:
    return "" if e is None else f" ({100 * e:+.1f}%)"


def _rate(v: float | None) -> str:
    if v is None:
        return "n/a"
    return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"


def _days(v: float | None) -> str:
    return "n/a" if v is None else f"{v / 86400:,.1f}"


def _layout(p: dict[str, Any]) -> str:
    return f"tp{p['tp']} pp{p['pp']} cp{p['cp']} dp{p['dp']} z{p['zero']} mb{p['micro_batch']} {p['recompute']}"


def human(cal: Any, doc: dict[str, Any]) -> str:
    r = cal.result
    ran, mem, t, c = doc["ran"], doc["memory"], doc["time"], doc["corrections"]
    soft = (
        f"torch {r.software.torch}"
        + (f", CUDA {r.software.cuda}" if r.software.cuda else "")
        + (f", driver {r.software.driver}" if r.software.driver else "")
    )
    layers = f"{r.model.layers} of {cal.scenario.model.layers} layers"
    lines = [
        f"Calibration of {cal.scenario_name!r} on {cal.gpu} from {r.file}",
        f"  measured     {r.device.name} x{r.world_size} ({soft})",
        f"  ran          {layers}, seq {ran['seq_len']}, micro-batch {ran['micro_batch']}, accumulation "
        f"{ran['grad_accum']}, {_layout(ran['parallel'])}, {r.workload.precision}",
        f"  memory/GPU   allocated peak {_gib(mem['measured_allocated'])} vs estimated total "
        f"{_gib(mem['estimated_total'])}{_pct(mem['allocated_error'])}",
        f"               reserved {_gib(mem['measured_reserved'])} vs total + fragmentation "
        f"{_gib(mem['estimated_reserved'])}{_pct(mem['reserved_error'])}",
        f"               nvidia-smi {_gib(mem['measured_nvidia_smi'])} vs total + overhead "
        f"{_gib(mem['estimated_nvidia_smi'])}{_pct(mem['nvidia_smi_error'])}",
        f"  throughput   {_rate(t['measured_tokens_per_second'])} tokens/s vs estimated "
        f"{_rate(t['estimated_tokens_per_second'])}{_pct(t['tokens_per_second_error'])}; step "
        f"{t['measured_step_seconds']:.4g} s vs {t['estimated_step_seconds']:.4g} s",
    ]
    f = c["efficiency_factor"]
    eff = (
        "efficiency factor n/a"
        if f is None
        else f"efficiency factor {f:.3g} (GEMM efficiency {c['gemm_efficiency']['catalog']:.3g} -> "
        f"{c['gemm_efficiency']['calibrated']:.3g}, HBM {c['memory_bandwidth_gb_per_s']['catalog']:,.4g} -> "
        f"{c['memory_bandwidth_gb_per_s']['calibrated']:,.4g} GB/s)"
    )
    lines.append(f"  corrections  {eff}")
    if c["overhead_delta_bytes"] is None:
        lines.append(
            f"               overhead not measured (estimated {_gib(c['estimated_overhead_bytes'])}); "
            f"no overhead correction"
        )
    else:
        lines.append(
            f"               overhead {_gib(c['measured_overhead_bytes'])} measured vs "
            f"{_gib(c['estimated_overhead_bytes'])} estimated: {c['overhead_delta_bytes'] / GIB:+.2f} GiB "
            f"per GPU"
        )
    for w in cal.warnings:
        lines.append(f"  WARNING      {w}")
    for n in cal.notes:
        lines.append(f"  note         {n}")
    lines.append("  projections  catalog -> calibrated")
    lines.append(
        f"    {'GPUs':>5}  {'layout':<34} {'memory+overhead/GPU (GiB)':<26} {'fits':<11} {'tokens/s':<25} days"
    )
    for p in doc["projections"]:
        n = p["gpu_count"]
        if p["problem"]:
            lines.append(f"    {n:>5}  {p['problem']}")
            continue
        a, b = p["catalog"], p["calibrated"]
        lay = _layout(a["parallel"]) + ("*" if a["parallel"] != b["parallel"] else "")
        ma, mb = a["memory"], b["memory"]
        mem_s = f"{(ma['total'] + ma['overhead']) / GIB:.1f} -> {(mb['total'] + mb['overhead']) / GIB:.1f}"
        fits = f"{'yes' if ma['fits'] else 'no'} -> {'yes' if mb['fits'] else 'no'}"
        tps = f"{_rate(a['time']['tokens_per_second'])} -> {_rate(b['time']['tokens_per_second'])}"
        days = f"{_days(a['time']['wall_seconds'])} -> {_days(b['time']['wall_seconds'])}"
        lines.append(f"    {n:>5}  {lay:<34} {mem_s:<26} {fits:<11} {tps:<25} {days}")
    if any(
        p["catalog"] and p["calibrated"] and p["catalog"]["parallel"] != p["calibrated"]["parallel"]
        for p in doc["projections"]
    ):
        lines.append("    * the planner chose another layout with the corrections (see --json)")
    if doc["written"]:
        lines.append(f"  stored       {doc['written']}")
    return "\n".join(lines)
