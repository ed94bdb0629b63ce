"""From a filled Draft to a validated Scenario: options first, then what the file says, then printed defaults."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InputError
from ..scenario import SCHEMA_VERSION
from ..scenario_io import parse_scenario
from .common import DEFAULT_GPU, DEFAULT_GPU_COUNT, DEFAULT_TOKENS, Draft, Imported, resolve_model_option


def finish(d: Draft) -> Imported:
    opts = d.options
    if resolve_model_option(d):
        d.assume(f"model from --model {opts.model}")
    if not d.model:
        raise InputError("names no model gpuplanner knows; give --model PRESET or --model config.json", file=d.file)

    if not opts.gpu and "gpu" not in d.hardware:
        d.assume(f"GPU {DEFAULT_GPU} (a training config names no GPU type; choose one with --gpu)")
    d.hardware["gpu"] = opts.gpu or d.hardware.get("gpu") or DEFAULT_GPU
    file_count = d.hardware.get("gpu_count")
    if opts.gpu_count is not None:
        if d.gpu_count_fixed and file_count is not None and file_count != opts.gpu_count:
            raise InputError(
                f"the file's parallel degrees use {file_count} GPUs, --gpu-count says {opts.gpu_count}",
                file=d.file,
                key="--gpu-count",
            )
        d.hardware["gpu_count"] = opts.gpu_count
    elif file_count is None:
        d.hardware["gpu_count"] = DEFAULT_GPU_COUNT
        d.assume(f"{DEFAULT_GPU_COUNT} GPUs (the file leaves the GPU count to the launcher; give --gpu-count N)")
    n = d.hardware["gpu_count"]

    tp, pp, cp = (d.parallel.get(k, 1) for k in ("tp", "pp", "cp"))
    if n % (tp * pp * cp):
        raise InputError(
            f"tp × pp × cp = {tp} × {pp} × {cp} does not divide the {n} GPUs; give --gpu-count N", file=d.file
        )
    dp = n // (tp * pp * cp)
    w = d.workload
    if "global_batch" not in w and w.get("micro_batch") and w.get("method") != "inference":
        w["global_batch"] = w["micro_batch"] * (d.grad_accum or 1) * dp

    if opts.tokens is not None:
        w["tokens"] = float(opts.tokens)
    elif d.steps and w.get("global_batch") and w.get("seq_len"):
        w["tokens"] = float(d.steps * w["global_batch"] * w["seq_len"])
        d.assume(f"tokens = {d.steps:,} steps × {w['global_batch']:,} sequences × {w['seq_len']:,} (from the file)")
    else:
        w["tokens"] = DEFAULT_TOKENS
        d.assume(f"{DEFAULT_TOKENS:.0e} training tokens (the file gives no token budget; give --tokens N)")

    doc: dict[str, Any] = {
        "schema": SCHEMA_VERSION,
        "name": d.name or f"{Path(d.file).name} ({d.source_format})",
        "model": d.model,
        "workload": w,
        "hardware": d.hardware,
    }
    if d.parallel:
        doc["parallel"] = d.parallel
    scenario = parse_scenario(doc, file=d.file)
    return Imported(
        scenario=scenario,
        source_format=d.source_format,
        assumptions=tuple(d.assumptions),
        lora_alpha=d.lora_alpha,
        grad_accum=d.grad_accum,
    )
