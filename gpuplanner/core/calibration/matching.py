"""Matching the measurement with the scenario: the same model, GPU, per-GPU layout and workload style."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..errors import InputError
from ..model import MODEL_FIELDS
from ..scenario import Scenario
from .bench import bench_support_problem, scenario_hash
from .result_types import GIB, BenchDevice, BenchResult

if TYPE_CHECKING:
    from ..catalog import Catalog, GpuSpec


# A device matches a catalog GPU when its memory is within this fraction of the catalog's (torch reports a
# little less than the nominal capacity: 79.2 GiB on an "80 GB" H100).
DEVICE_MEMORY_TOLERANCE = 0.10


# Model fields that must agree; `layers` may be fewer (a shrunken run).
ARCH_FIELDS = tuple(f for f in MODEL_FIELDS if f != "layers")
# Workload fields the benchmark reproduces from the scenario and that change what a step does.
STYLE_FIELDS = (
    "method",
    "precision",
    "optimizer",
    "optimizer_impl",
    "flash_attention",
    "chunked_loss",
    "optimizer_in_backward",
    "activation_offload",
    "dropout",
)
LORA_FIELDS = ("lora_rank", "lora_targets")


class CalibrationMismatch(InputError):
    """The measurement is not of this scenario's model, GPU or per-GPU layout (exit 2)."""


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _model_token(gpu: GpuSpec) -> str | None:
    """The model number in a catalog name: a100, h100, gh200, 4090, a6000, 6000, mi300x, l40s, l4 …"""
    for tok in _tokens(gpu.name):
        if any(c.isdigit() for c in tok) and not re.fullmatch(r"\d+(gb|tb)", tok):
            return tok
    return None


def device_mismatch(gpu: GpuSpec, device: BenchDevice) -> str | None:
    """Why the measured device is not the catalog GPU; None when it is (model number, memory, form factor)."""
    label = f"{gpu.id} ({gpu.name}, {gpu.memory_bytes / GIB:.0f} GiB)"
    if device.type != "cuda":
        return f"the measurement ran on the CPU ({device.name}), not on {label}"
    tokens = _tokens(device.name)
    token = _model_token(gpu)
    if token is None or token not in tokens:
        return f"the measurement ran on {device.name!r}, which is not {label}"
    if gpu.id == "rtx-6000-ada" and "ada" not in tokens:
        return f"the measurement ran on {device.name!r}, which is not {label}"
    if device.total_memory is not None:
        if abs(device.total_memory - gpu.memory_bytes) > DEVICE_MEMORY_TOLERANCE * gpu.memory_bytes:
            return f"the measurement ran on {device.name!r} with {device.total_memory / GIB:.1f} GiB, not on {label}"
    gid = gpu.id
    if "pcie" in gid and "pcie" not in tokens:
        return f"the measurement ran on {device.name!r} (not a PCIe card), not on {label}"
    if "nvl" in gid and "nvl" not in tokens:
        return f"the measurement ran on {device.name!r} (not an NVL card), not on {label}"
    if "sxm" in gid and ("pcie" in tokens or "nvl" in tokens):
        return f"the measurement ran on {device.name!r} (a PCIe/NVL card), not on {label}"
    return None


def matching_gpus(catalog: Catalog, device: BenchDevice) -> tuple[str, ...]:
    """Catalog GPU ids the measured device could be."""
    return tuple(g.id for g in catalog.gpus.values() if device_mismatch(g, device) is None)


def check_compatible(s: Scenario, catalog: Catalog, r: BenchResult, *, any_device: bool = False) -> tuple[str, ...]:
    """Raise CalibrationMismatch when the measurement is not of this scenario's model, GPU or per-GPU layout;
    return notes on the deliberate differences (fewer layers, another sequence length, …)."""
    f = r.file

    def refuse(key: str, message: str) -> CalibrationMismatch:
        return CalibrationMismatch(message, file=f, key=key)

    problem = bench_support_problem(s)
    if problem:
        raise InputError(f"cannot be calibrated: {problem[1]}", key=problem[0])
    notes: list[str] = []
    diffs = [
        f"{k} {getattr(r.model, k)!r} (scenario {getattr(s.model, k)!r})"
        for k in ARCH_FIELDS
        if getattr(r.model, k) != getattr(s.model, k)
    ]
    if diffs:
        raise refuse("model", "the measurement is of a different model: " + ", ".join(diffs))
    if r.model.layers > s.model.layers:
        raise refuse(
            "model.layers", f"the measurement ran {r.model.layers} layers; the scenario's model has {s.model.layers}"
        )
    w, bw = s.workload, r.workload
    style = list(STYLE_FIELDS) + (list(LORA_FIELDS) if w.is_lora else [])
    diffs = [
        f"{k} {getattr(bw, k)!r} (scenario {getattr(w, k, 'fused')!r})"
        for k in style
        if getattr(bw, k) != getattr(w, k, "fused")
    ]  # optimizer_impl: absent in older schemas = fused
    if diffs:
        raise refuse("workload", "the measurement ran a different workload: " + ", ".join(diffs))
    lay = r.layout
    if (lay.tp, lay.pp, lay.cp, lay.ep, lay.zero) != (1, 1, 1, 1, 0):
        raise refuse(
            "layout",
            f"the measurement ran tp={lay.tp} pp={lay.pp} cp={lay.cp} ep={lay.ep} "
            f"zero={lay.zero}; only data-parallel benchmarks (tp=pp=cp=ep=1, ZeRO 0) are compared",
        )
    layout_diffs = []
    if w.micro_batch is not None and bw.micro_batch != w.micro_batch:
        layout_diffs.append(f"micro_batch {bw.micro_batch} (scenario {w.micro_batch})")
    if w.recompute is not None and bw.recompute != w.recompute:
        layout_diffs.append(f"recompute {bw.recompute!r} (scenario {w.recompute!r})")
    if w.recompute is None and bw.recompute != "selective":
        layout_diffs.append(f"recompute {bw.recompute!r} (scenario: not given, the benchmark default is 'selective')")
    if layout_diffs:
        raise refuse("layout", "the measurement ran a different per-GPU layout: " + ", ".join(layout_diffs))
    gpu = catalog.gpu(s.hardware.gpu)
    reason = device_mismatch(gpu, r.device)
    if reason:
        if not any_device:
            hint = matching_gpus(catalog, r.device) if r.device.type == "cuda" else ()
            more = f"; it matches the catalog's {', '.join(hint)}: plan that GPU in the scenario" if hint else ""
            raise refuse(
                "hardware.gpu", reason + more + (" (--any-device compares anyway)" if r.device.type == "cpu" else "")
            )
        notes.append(f"compared anyway (--any-device): {reason}; the corrections are meaningless for {gpu.id}")
    if r.model.layers < s.model.layers:
        notes.append(
            f"shrunken run: {r.model.layers} of {s.model.layers} layers; the corrections are "
            f"extrapolated to the whole model"
        )
    if bw.seq_len != w.seq_len:
        notes.append(f"ran sequence length {bw.seq_len} (scenario {w.seq_len})")
    if w.micro_batch is None and bw.micro_batch != 1:
        notes.append(f"ran micro_batch {bw.micro_batch} (scenario: chosen by the planner)")
    p = s.parallel
    if (p.tp or 1, p.pp or 1, p.cp or 1) != (1, 1, 1) or (p.zero or 0) != 0:
        notes.append(
            f"the benchmark ran data parallel only (tp=pp=cp=1, ZeRO 0); the scenario's layout "
            f"(tp={p.tp} pp={p.pp} cp={p.cp} zero={p.zero}) is reached through the projection"
        )
    current = scenario_hash(s)
    if r.scenario_hash is not None and r.scenario_hash != current:
        notes.append(
            "the scenario changed since the benchmark script was written (its hash differs); the model, "
            "GPU and layout still agree"
        )
    if r.params is not None and r.expected_params is not None and r.params != r.expected_params:
        notes.append(f"the benchmark's model has {r.params:,} parameters where {r.expected_params:,} were expected")
    return tuple(notes)
