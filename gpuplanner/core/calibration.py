"""Calibration from the user's own short benchmark (spec §2 "calibration"; issue #11).

`gpuplanner bench-script` writes a PyTorch script for a scenario (`gpuplanner/benchscript`); it measures one
training configuration and writes a JSON result (schema `RESULT_SCHEMA`, version `RESULT_VERSION`). This module
reads that result, checks that it belongs to the scenario, compares it with the estimate of the configuration
that actually ran, derives per-GPU corrections and re-projects the scenario with them. Pure functions and frozen
dataclasses; no Qt, no torch.

What ran and what the scenario plans may differ in a few deliberate ways, all of which are compared against the
estimate *of what ran* (not refused): fewer layers (`--layers K`), another sequence length (`--seq-len`),
another data-parallel width (torchrun), another gradient accumulation (`--accum`). The benchmark always runs
tp = pp = cp = 1 with plain data parallelism (DDP, ZeRO 0), so the scenario's own tp/pp/cp/ZeRO are reached only
through the projection: the corrections are per GPU type, not per layout. Refused (`CalibrationMismatch`, exit
2): another architecture (any model field but `layers`, or more layers than the model has), another GPU, another
per-GPU layout (`micro_batch`, `recompute` where the scenario gives them) or another workload style (method,
precision, optimizer, LoRA rank/targets, FlashAttention, chunked loss, …).

Corrections (`Corrections`):

- `efficiency_factor` f: the per-GPU kernel efficiency. The catalog's achievable GEMM efficiency and the
  achievable HBM bandwidth of the memory-bound kernels are both multiplied by f, and f is solved so that the
  throughput model's step time of the configuration that ran equals the measured step time (bisection: the step
  time falls monotonically with f). Without exposed communication (one GPU) every term of the step scales with
  1/f, so f = estimated step / measured step exactly (a step 1.25× slower than estimated gives f = 0.8).
- `overhead_delta_bytes`: measured overhead (nvidia-smi used − torch max_memory_allocated: CUDA context, the
  caching allocator's reserve and fragmentation, NCCL) minus the estimated overhead of what ran; added to the
  overhead of every projection (per GPU). Null when nvidia-smi was not available.

The peak of live tensors (max_memory_allocated against `memory.total`) is compared and reported but not
corrected: the composition of the peak changes with the layout (ZeRO sharding, pipeline stages), so a single
factor measured on a data-parallel replica would not transfer.

Implausible corrections are warned about: f outside 0.5–1.5, a measured overhead above 10 GiB or below zero.

Storage (`--write`): the scenario schema (§4.1, `scenario_io.TABLES`) has no `[calibration]` table, and an
unknown table makes a scenario unreadable, so the measurement is stored in a sidecar JSON file next to the
scenario, `<scenario stem>.calibration.json` (`sidecar_path`), written atomically. Its documented key set:

    {"schema": "gpuplanner-calibration", "schema_version": 1,
     "calibrations": {GPU_ID: {key: value for key in CALIBRATION_KEYS}}}

with `CALIBRATION_KEYS` below; one entry per catalog GPU id, so several GPU types can be calibrated for one
scenario. If a `[calibration]` table is later added to the scenario schema it should carry the same keys.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import FileAccessError, InputError
from .files import read_user_file
from .model import MODEL_FIELDS, ModelSpec
from .scenario import Scenario

if TYPE_CHECKING:
    from .catalog import Catalog, GpuSpec
    from .results import Estimate, Layout, MemoryBreakdown, TimeEstimate

GIB = 2**30
RESULT_SCHEMA = "gpuplanner-bench-result"
RESULT_VERSION = 1
SIDECAR_SCHEMA = "gpuplanner-calibration"
SIDECAR_VERSION = 1
SIDECAR_SUFFIX = ".calibration.json"
DEFAULT_GPU_COUNTS = (1, 2, 4, 8, 16, 64)
PLAUSIBLE_EFFICIENCY = (0.5, 1.5)
PLAUSIBLE_OVERHEAD_BYTES = 10 * GIB
# A device matches a catalog GPU when its memory is within this fraction of the catalog's (torch reports a
# little less than the nominal capacity: 79.2 GiB on an "80 GB" H100).
DEVICE_MEMORY_TOLERANCE = 0.10

CALIBRATION_KEYS: Mapping[str, str] = {
    "gpu": "catalog GPU id the corrections apply to",
    "efficiency_factor": "multiplies the GPU's achievable GEMM efficiency and HBM bandwidth; null: not derived",
    "overhead_delta_bytes": "bytes added to the estimated overhead of every GPU; null: not measured",
    "measured_overhead_bytes": "nvidia-smi used − max_memory_allocated in the benchmark; null: not measured",
    "estimated_overhead_bytes": "the estimated overhead of the configuration that ran",
    "scenario_hash": "sha256 of the canonical scenario TOML the benchmark script was generated from",
    "device_name": "the device as PyTorch named it",
    "measured_at": "when the benchmark ran (ISO 8601, from the result)",
    "written_at": "when the calibration was stored (ISO 8601)",
    "result": "the benchmark result document as read (schema gpuplanner-bench-result)",
}

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


# --- what the benchmark script can run --------------------------------------------------------------------


def scenario_hash(s: Scenario) -> str:
    """sha256 of the scenario's canonical TOML (`scenario_io.scenario_to_toml`), as "sha256:<hex>"."""
    from .scenario_io import scenario_to_toml

    return "sha256:" + hashlib.sha256(scenario_to_toml(s).encode("utf-8")).hexdigest()


def bench_support_problem(s: Scenario) -> tuple[str, str] | None:
    """(key, reason) when the benchmark script cannot run this scenario; None when it can."""
    w, m = s.workload, s.model
    if not w.is_training:
        return "workload.method", "the benchmark measures training steps; inference is not supported"
    if m.is_moe:
        return "model.experts", (
            "mixture-of-experts models are not supported by the benchmark script (a plain "
            "PyTorch MoE would not run at the speed of the kernels the estimate assumes)"
        )
    if m.is_mla:
        return "model.mla_kv_rank", "multi-head latent attention (MLA) is not supported by the benchmark script"
    if w.precision == "fp8-mixed":
        return "workload.precision", (
            "fp8-mixed needs Transformer Engine or torchao; the benchmark script runs "
            "fp32, bf16/fp16 autocast, bf16/fp16 master-weight and pure bf16"
        )
    if w.offload != "none":
        return "workload.offload", "optimizer/parameter offload (DeepSpeed) is not supported by the benchmark script"
    if w.optimizer_in_backward and w.precision in ("bf16-master", "fp16-master", "fp16-mixed"):
        return "workload.optimizer_in_backward", (
            "the benchmark runs optimizer_in_backward only with fp32, bf16-mixed or bf16-true"
        )
    return None


def bench_grad_accum(s: Scenario) -> int:
    """Default micro-batches per optimizer step for the benchmark: 2 when the scenario accumulates gradients at
    its own layout (so that gradients exist during the forward pass, as in the scenario), else 1."""
    p, w = s.parallel, s.workload
    mb = w.micro_batch or 1
    dp = max(1, s.hardware.gpu_count // ((p.tp or 1) * (p.pp or 1) * (p.cp or 1)))
    accum = math.ceil(w.global_batch / (mb * dp)) if w.global_batch else 1
    return 2 if accum > 1 else 1


# --- the result file ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BenchDevice:
    type: str  # "cuda" (NVIDIA or ROCm) or "cpu"
    name: str
    total_memory: int | None  # bytes, as PyTorch reports it; None on the CPU
    count: int  # processes (GPUs) in the run


@dataclass(frozen=True)
class BenchSoftware:
    torch: str
    cuda: str | None
    hip: str | None
    driver: str | None
    python: str | None
    bitsandbytes: str | None
    optimizer_impl: str | None


@dataclass(frozen=True)
class BenchLayout:
    tp: int
    pp: int
    cp: int
    ep: int
    dp: int
    zero: int


@dataclass(frozen=True)
class BenchWorkload:
    method: str
    precision: str
    optimizer: str
    recompute: str
    optimizer_impl: str  # "fused" or "foreach" (the implementation asked for)
    seq_len: int
    micro_batch: int
    grad_accum: int
    flash_attention: bool
    chunked_loss: bool
    optimizer_in_backward: bool
    activation_offload: bool
    dropout: bool
    lora_rank: int | None
    lora_targets: tuple[str, ...] | None


@dataclass(frozen=True)
class BenchMemory:
    max_memory_allocated: int | None  # torch.cuda.max_memory_allocated (CPU: the script's tracker of live storages)
    max_memory_reserved: int | None
    nvidia_smi_used: int | None
    nvidia_smi_source: str | None  # "process" or "device" (whole GPU, other processes included)
    method: str | None  # "torch.cuda", "cpu-tracker" or None


@dataclass(frozen=True)
class BenchTiming:
    warmup_steps: int
    timed_steps: int
    step_seconds: float  # median optimizer step
    tokens_per_step: int  # whole run (all GPUs)
    tokens_per_second: float  # whole run
    step_seconds_all: tuple[float, ...] = ()


@dataclass(frozen=True)
class BenchResult:
    schema_version: int
    scenario_hash: str | None
    scenario_name: str | None
    planned_gpu: str | None
    device: BenchDevice
    software: BenchSoftware
    world_size: int
    model: ModelSpec  # the model as it ran (`layers` = the layers built)
    scenario_layers: int | None
    params: int | None
    expected_params: int | None
    trainable_params: int | None
    layout: BenchLayout
    workload: BenchWorkload
    memory: BenchMemory
    timing: BenchTiming
    loss: float | None = None
    created: str | None = None
    generator: str | None = None
    file: str | None = field(default=None, compare=False)
    document: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def is_gpu(self) -> bool:
        return self.device.type == "cuda"

    @property
    def measured_overhead(self) -> int | None:
        """nvidia-smi used − max_memory_allocated: context, allocator reserve and fragmentation, NCCL."""
        m = self.memory
        if m.nvidia_smi_used is None or m.max_memory_allocated is None:
            return None
        return m.nvidia_smi_used - m.max_memory_allocated


_MISSING = object()


class _Reader:
    """Typed access to the result document with one clear error per problem (file, key, what is wrong)."""

    def __init__(self, doc: Mapping[str, Any], file: str | None) -> None:
        self.doc, self.file = doc, file

    def fail(self, key: str, message: str) -> InputError:
        return InputError(message, file=self.file, key=key)

    def raw(self, key: str, *, optional: bool = False) -> Any:
        node: Any = self.doc
        parts = key.split(".")
        for i, part in enumerate(parts):
            if not isinstance(node, Mapping):
                raise self.fail(".".join(parts[:i]), "must be an object")
            if part not in node:
                if optional:
                    return None
                raise self.fail(key, "missing")
            node = node[part]
        return node

    def _typed(self, key: str, ok: Any, what: str, optional: bool) -> Any:
        v = self.raw(key, optional=optional)
        if v is None:
            if optional:
                return None
            raise self.fail(key, f"must be {what}, got null")
        if not ok(v):
            raise self.fail(key, f"must be {what}{' or null' if optional else ''}, got {json.dumps(v)[:60]}")
        return v

    def integer(self, key: str, *, minimum: int = 0, optional: bool = False) -> int | None:
        def ok(v: Any) -> bool:
            return isinstance(v, int) and not isinstance(v, bool) and v >= minimum

        v = self._typed(key, ok, f"an integer ≥ {minimum}", optional)
        return None if v is None else int(v)

    def number(self, key: str, *, positive: bool = True, optional: bool = False) -> float | None:
        def ok(v: Any) -> bool:
            return (
                isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and (v > 0 or not positive)
            )

        v = self._typed(key, ok, "a positive number" if positive else "a number", optional)
        return None if v is None else float(v)

    def string(self, key: str, *, optional: bool = False, choices: Sequence[str] | None = None) -> str | None:
        what = "one of " + ", ".join(repr(c) for c in choices) if choices else "a non-empty string"
        return self._typed(
            key, lambda v: isinstance(v, str) and bool(v) and (not choices or v in choices), what, optional
        )

    def flag(self, key: str) -> bool:
        return bool(self._typed(key, lambda v: isinstance(v, bool), "true or false", False))


def parse_result(doc: Any, *, file: str | None = None) -> BenchResult:
    """Validate a result document (the parsed JSON) and build the BenchResult. InputError names file and key."""
    from .scenario_io import MODEL_KEYS, WORKLOAD_KEYS

    if not isinstance(doc, Mapping):
        raise InputError("not a gpuplanner benchmark result (expected a JSON object)", file=file)
    r = _Reader(doc, file)
    schema = doc.get("schema")
    if schema != RESULT_SCHEMA:
        raise r.fail(
            "schema",
            f"not a gpuplanner benchmark result (expected schema {RESULT_SCHEMA!r}, got "
            f"{json.dumps(schema)[:60]}); write one with the script from "
            f"'gpuplanner bench-script'",
        )
    version = r.integer("schema_version", minimum=1)
    if version != RESULT_VERSION:
        raise r.fail(
            "schema_version",
            f"version {version} is not readable by this gpuplanner (it reads "
            f"{RESULT_VERSION}); regenerate the script with this gpuplanner",
        )
    world = r.integer("world_size", minimum=1)
    assert world is not None
    device = BenchDevice(
        type=str(r.string("device.type", choices=("cuda", "cpu"))),
        name=str(r.string("device.name")),
        total_memory=r.integer("device.total_memory", minimum=1, optional=True),
        count=int(r.integer("device.count", minimum=1) or 0),
    )
    if device.count != world:
        raise r.fail("device.count", f"must equal world_size ({world}), got {device.count}")
    software = BenchSoftware(
        torch=str(r.string("software.torch")),
        cuda=r.string("software.cuda", optional=True),
        hip=r.string("software.hip", optional=True),
        driver=r.string("software.driver", optional=True),
        python=r.string("software.python", optional=True),
        bitsandbytes=r.string("software.bitsandbytes", optional=True),
        optimizer_impl=r.string("software.optimizer_impl", optional=True),
    )

    model_doc = r.raw("model")
    if not isinstance(model_doc, Mapping):
        raise r.fail("model", "must be an object")
    fields_: dict[str, Any] = {}
    for key in MODEL_FIELDS:
        v = r.raw(f"model.{key}")
        problem = MODEL_KEYS[key].check(v) if key in MODEL_KEYS else None
        if key in ("head_dim", "expert_ffn_hidden") and problem is None and v == 0:
            problem = "must be a positive integer"
        if problem:
            raise r.fail(f"model.{key}", f"{problem}, got {json.dumps(v)[:60]}")
        fields_[key] = int(v) if isinstance(v, float) else v
    try:
        model = ModelSpec(name="benchmark model", **fields_)
    except (TypeError, ValueError) as err:
        raise r.fail("model", f"not a valid architecture ({err})") from None

    def wl(key: str) -> Any:
        v = r.raw(f"workload.{key}")
        problem = WORKLOAD_KEYS[key].check(v)
        if problem:
            raise r.fail(f"workload.{key}", f"{problem}, got {json.dumps(v)[:60]}")
        return v

    method = wl("method")
    if method not in ("pretrain", "full", "lora", "qlora"):
        raise r.fail("workload.method", f"must be a training method, got {json.dumps(method)}")
    lora = method in ("lora", "qlora")
    workload = BenchWorkload(
        method=method,
        precision=wl("precision"),
        optimizer=wl("optimizer"),
        recompute=wl("recompute"),
        optimizer_impl=str(r.string("workload.optimizer_impl", choices=("fused", "foreach"))),
        seq_len=int(wl("seq_len")),
        micro_batch=int(wl("micro_batch")),
        grad_accum=int(r.integer("workload.grad_accum", minimum=1) or 0),
        flash_attention=r.flag("workload.flash_attention"),
        chunked_loss=r.flag("workload.chunked_loss"),
        optimizer_in_backward=r.flag("workload.optimizer_in_backward"),
        activation_offload=r.flag("workload.activation_offload"),
        dropout=r.flag("workload.dropout"),
        lora_rank=int(wl("lora_rank")) if lora else None,
        lora_targets=tuple(wl("lora_targets")) if lora else None,
    )
    layout = BenchLayout(
        **{
            k: int(r.integer(f"layout.{k}", minimum=0 if k == "zero" else 1) or 0)
            for k in ("tp", "pp", "cp", "ep", "dp", "zero")
        }
    )
    if layout.tp * layout.pp * layout.cp * layout.dp != world:
        raise r.fail("layout", f"tp × pp × cp × dp must equal world_size ({world})")
    memory = BenchMemory(
        max_memory_allocated=r.integer("memory.max_memory_allocated", minimum=1, optional=True),
        max_memory_reserved=r.integer("memory.max_memory_reserved", minimum=1, optional=True),
        nvidia_smi_used=r.integer("memory.nvidia_smi_used", minimum=1, optional=True),
        nvidia_smi_source=r.string("memory.nvidia_smi_source", optional=True, choices=("process", "device")),
        method=r.string("memory.method", optional=True),
    )
    all_steps = r.raw("timing.step_seconds_all", optional=True) or []
    if not isinstance(all_steps, list) or not all(
        isinstance(x, (int, float)) and not isinstance(x, bool) for x in all_steps
    ):
        raise r.fail("timing.step_seconds_all", "must be a list of numbers")
    timing = BenchTiming(
        warmup_steps=int(r.integer("timing.warmup_steps", minimum=0) or 0),
        timed_steps=int(r.integer("timing.timed_steps", minimum=1) or 0),
        step_seconds=float(r.number("timing.step_seconds") or 0.0),
        tokens_per_step=int(r.integer("timing.tokens_per_step", minimum=1) or 0),
        tokens_per_second=float(r.number("timing.tokens_per_second") or 0.0),
        step_seconds_all=tuple(float(x) for x in all_steps),
    )
    expected_tokens = world * workload.micro_batch * workload.grad_accum * workload.seq_len
    if timing.tokens_per_step != expected_tokens:
        raise r.fail(
            "timing.tokens_per_step",
            f"must be world_size × micro_batch × grad_accum × seq_len = "
            f"{expected_tokens}, got {timing.tokens_per_step}",
        )
    if abs(timing.tokens_per_second * timing.step_seconds - timing.tokens_per_step) > 1e-6 * timing.tokens_per_step:
        raise r.fail("timing.tokens_per_second", "must equal tokens_per_step / step_seconds")
    return BenchResult(
        schema_version=version,
        scenario_hash=r.string("scenario_hash", optional=True),
        scenario_name=r.string("scenario_name", optional=True),
        planned_gpu=r.string("planned_gpu", optional=True),
        device=device,
        software=software,
        world_size=world,
        model=model,
        scenario_layers=r.integer("model.scenario_layers", minimum=1, optional=True),
        params=r.integer("model.params", minimum=1, optional=True),
        expected_params=r.integer("model.expected_params", minimum=1, optional=True),
        trainable_params=r.integer("model.trainable_params", minimum=0, optional=True),
        layout=layout,
        workload=workload,
        memory=memory,
        timing=timing,
        loss=r.number("loss", positive=False, optional=True),
        created=r.string("created", optional=True),
        generator=r.string("generator", optional=True),
        file=file,
        document=dict(doc),
    )


def read_result(path: str | os.PathLike[str]) -> BenchResult:
    """Load a benchmark result. FileAccessError when it cannot be read; InputError for bad content."""
    p = Path(path)
    data = read_user_file(p, "benchmark result")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text; expected the JSON the benchmark script writes", file=str(p)) from None
    if not text.strip():
        raise InputError("empty file; the benchmark did not finish writing its result", file=str(p))
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as err:
        raise InputError(f"not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})", file=str(p)) from None
    except ValueError as err:
        raise InputError(f"not valid JSON ({err})", file=str(p)) from None
    return parse_result(doc, file=str(p))


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


# --- matching the measurement with the scenario ---------------------------------------------------------


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


def bench_scenario(
    s: Scenario,
    *,
    layers: int | None = None,
    seq_len: int | None = None,
    micro_batch: int | None = None,
    grad_accum: int | None = None,
    world_size: int = 1,
) -> Scenario:
    """The scenario as the benchmark runs it: `layers` layers, data parallel over `world_size` GPUs of one node
    (tp = pp = cp = 1, ZeRO 0), global batch = micro_batch × world_size × grad_accum, no MFU override."""
    from .scenario import Parallel

    w0 = s.workload
    mb = micro_batch or w0.micro_batch or 1
    accum = grad_accum or bench_grad_accum(s)
    w = replace(
        w0,
        seq_len=seq_len or w0.seq_len,
        micro_batch=mb,
        global_batch=mb * world_size * accum,
        recompute=w0.recompute or "selective",
        mfu=None,
        deadline_days=None,
    )
    hw = replace(
        s.hardware, gpu_count=world_size, gpus_per_node=max(world_size, s.hardware.gpus_per_node or 1), candidates=()
    )
    return replace(
        s,
        model=s.model.with_overrides(layers=layers or s.model.layers),
        workload=w,
        hardware=hw,
        parallel=Parallel(tp=1, pp=1, cp=1, ep=1, vpp=1, zero=0, sequence_parallel=False),
    )


def as_run_scenario(s: Scenario, r: BenchResult) -> Scenario:
    """The scenario reduced to what the benchmark ran (`bench_scenario` with the result's settings)."""
    run = bench_scenario(
        s,
        layers=r.model.layers,
        seq_len=r.workload.seq_len,
        micro_batch=r.workload.micro_batch,
        grad_accum=r.workload.grad_accum,
        world_size=r.world_size,
    )
    return replace(run, workload=replace(run.workload, recompute=r.workload.recompute))


@dataclass(frozen=True)
class BenchFit:
    """Will the benchmark fit on one GPU of the scenario's type? Bytes per GPU, from the catalog estimate."""

    layers: int  # the model's layers
    needed: float  # peak + overhead with all layers
    capacity: float
    max_layers: int | None  # the most layers that fit (None: not even one)

    @property
    def fits(self) -> bool:
        return self.needed <= self.capacity


def bench_fit(s: Scenario, catalog: Catalog) -> BenchFit:
    """Memory of the benchmark (one GPU, the scenario's micro-batch and sequence) with all layers, and the largest
    `--layers K` that fits."""
    from .memory import memory_for

    capacity = float(catalog.gpu(s.hardware.gpu).memory_bytes)

    def need(layers: int) -> float:
        run = bench_scenario(s, layers=layers)
        layout = _given_estimate_layout(run, catalog)
        m = memory_for(run.model, run.workload, layout, capacity, 1, solve_limits=False)
        return m.total + m.overhead

    full = need(s.model.layers)
    if full <= capacity:
        return BenchFit(s.model.layers, full, capacity, s.model.layers)
    lo, hi = 0, s.model.layers  # need(lo) fits (0: nothing), need(hi) does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if need(mid) <= capacity:
            lo = mid
        else:
            hi = mid
    return BenchFit(s.model.layers, full, capacity, lo or None)


def _given_estimate_layout(s: Scenario, catalog: Catalog) -> Layout:
    from .engine import given_layout, resolve_target

    return given_layout(s, resolve_target(s, catalog))


# --- corrections ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Corrections:
    """Per-GPU-type corrections (module docstring). None: not derived; applying treats it as no correction."""

    gpu: str
    efficiency_factor: float | None
    overhead_delta_bytes: float | None
    measured_overhead_bytes: float | None = None
    estimated_overhead_bytes: float | None = None

    @property
    def factor(self) -> float:
        return 1.0 if self.efficiency_factor is None else self.efficiency_factor

    @property
    def delta(self) -> float:
        return 0.0 if self.overhead_delta_bytes is None else self.overhead_delta_bytes


def plausibility_warnings(c: Corrections) -> tuple[str, ...]:
    out = []
    lo, hi = PLAUSIBLE_EFFICIENCY
    if c.efficiency_factor is not None and not lo <= c.efficiency_factor <= hi:
        out.append(
            f"efficiency factor {c.efficiency_factor:.3g} is outside {lo}–{hi}: check that the benchmark "
            f"ran on the planned GPU, alone, with enough warm-up steps"
        )
    if c.measured_overhead_bytes is not None:
        if c.measured_overhead_bytes < 0:
            out.append(
                f"measured overhead is negative ({c.measured_overhead_bytes / GIB:.2f} GiB: nvidia-smi below "
                f"the allocated peak); the nvidia-smi reading is not of this process's peak"
            )
        elif c.measured_overhead_bytes > PLAUSIBLE_OVERHEAD_BYTES:
            out.append(
                f"measured overhead {c.measured_overhead_bytes / GIB:.1f} GiB is beyond 10 GiB: another "
                f"process may share the GPU (nvidia-smi counted the whole device)"
            )
    return tuple(out)


def calibrated_gpu(gpu: GpuSpec, c: Corrections) -> GpuSpec:
    """The catalog GPU with the corrections folded in: GEMM efficiency and HBM bandwidth × f, and the usable
    memory reduced by the overhead correction (so that every fit test, the planner's included, sees it)."""
    return replace(
        gpu,
        gemm_efficiency=gpu.gemm_efficiency * c.factor,
        memory_bandwidth_gb_per_s=gpu.memory_bandwidth_gb_per_s * c.factor,
        memory_bytes=int(round(gpu.memory_bytes - c.delta)),
    )


def calibrated_catalog(catalog: Catalog, c: Corrections) -> Catalog:
    return replace(catalog, gpus={**catalog.gpus, c.gpu: calibrated_gpu(catalog.gpu(c.gpu), c)})


def _restore_memory(memory: MemoryBreakdown | None, capacity: float, c: Corrections) -> MemoryBreakdown | None:
    """Report the calibrated memory against the real capacity: the correction moves into `overhead`."""
    if memory is None:
        return None
    return replace(memory, capacity=capacity, overhead=memory.overhead + c.delta)


def apply(s: Scenario, catalog: Catalog, c: Corrections, *, gpu_count: int | None = None) -> Estimate:
    """The scenario's estimate on the corrected GPU (at `gpu_count` GPUs when given). A `workload.mfu` override is
    dropped: the measurement replaces it."""
    from .engine import estimate

    s2 = _with_count(s, gpu_count)
    s2 = replace(s2, workload=replace(s2.workload, mfu=None))
    e = estimate(s2, calibrated_catalog(catalog, c), c.gpu)
    capacity = float(catalog.gpu(c.gpu).memory_bytes)
    return replace(e, memory=_restore_memory(e.memory, capacity, c))


def _with_count(s: Scenario, gpu_count: int | None) -> Scenario:
    if gpu_count is None or gpu_count == s.hardware.gpu_count:
        return s
    return replace(s, hardware=replace(s.hardware, gpu_count=gpu_count))


@dataclass(frozen=True)
class Projection:
    """The scenario at one GPU count: the catalog's estimate and the calibrated one (None with a problem)."""

    gpu_count: int
    catalog: Estimate | None
    calibrated: Estimate | None
    problem: str | None = None


def project(
    s: Scenario, catalog: Catalog, c: Corrections, gpu_counts: Sequence[int] = DEFAULT_GPU_COUNTS
) -> tuple[Projection, ...]:
    """Catalog and calibrated estimates of the scenario at each GPU count (and at its own count)."""
    from .engine import estimate
    from .scenario_io import layout_problem

    counts = sorted({*gpu_counts, s.hardware.gpu_count})
    out = []
    for n in counts:
        sn = _with_count(s, n)
        issue = layout_problem(sn)
        if issue:
            out.append(Projection(n, None, None, f"{issue[0]}: {issue[1]}"))
            continue
        try:
            out.append(Projection(n, estimate(sn, catalog, c.gpu), apply(sn, catalog, c)))
        except InputError as err:
            out.append(Projection(n, None, None, str(err)))
    return tuple(out)


# --- the comparison -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryComparison:
    """Bytes per GPU: measured against the estimate of the configuration that ran. None: not measured."""

    measured_allocated: float | None  # torch max_memory_allocated
    estimated_total: float  # memory.total (peak of live tensors)
    measured_reserved: float | None  # torch max_memory_reserved
    estimated_reserved: float  # total + the fragmentation part of the overhead
    measured_nvidia_smi: float | None
    estimated_nvidia_smi: float  # total + overhead
    capacity: float

    @property
    def allocated_ratio(self) -> float | None:
        return None if self.measured_allocated is None else self.measured_allocated / self.estimated_total


@dataclass(frozen=True)
class TimeComparison:
    measured_step_seconds: float
    estimated_step_seconds: float
    measured_tokens_per_second: float
    estimated_tokens_per_second: float


@dataclass(frozen=True)
class Calibration:
    scenario: Scenario
    gpu: str
    result: BenchResult
    as_run: Scenario
    as_run_layout: Layout
    memory: MemoryComparison
    time: TimeComparison
    corrections: Corrections
    projections: tuple[Projection, ...]
    notes: tuple[str, ...]
    warnings: tuple[str, ...]
    hash_matches: bool | None  # None: the result carries no scenario hash

    @property
    def scenario_name(self) -> str:
        return self.scenario.name


def _given_estimate(
    s: Scenario, catalog: Catalog, gpu: GpuSpec | None = None
) -> tuple[Layout, MemoryBreakdown, TimeEstimate]:
    """Memory and time of the scenario's given layout (no planner), optionally on a substituted GPU spec."""
    from .engine import given_layout, resolve_target
    from .memory import memory_for
    from .training_time import estimate_time

    target = resolve_target(s, catalog)
    if gpu is not None:
        target = replace(target, gpu=gpu)
    layout = given_layout(s, target)
    memory = memory_for(
        s.model, s.workload, layout, float(target.gpu.memory_bytes), target.gpu_count, solve_limits=False
    )
    time, _ = estimate_time(s, target, layout, memory, catalog)
    return layout, memory, time


def solve_efficiency(s: Scenario, catalog: Catalog, measured_step: float) -> float | None:
    """The factor f on GEMM efficiency and HBM bandwidth that makes the modelled step of `s` (its given layout)
    last `measured_step` seconds; None when no f can (communication alone takes longer)."""
    gpu = catalog.gpu(s.hardware.gpu)
    none = Corrections(gpu=gpu.id, efficiency_factor=None, overhead_delta_bytes=None)

    def step(f: float) -> float:
        c = replace(none, efficiency_factor=f)
        t = _given_estimate(s, catalog, calibrated_gpu(gpu, c))[2].step_seconds
        assert t is not None
        return float(t)

    base = step(1.0)
    guess = base / measured_step
    if abs(step(guess) - measured_step) <= 1e-9 * measured_step:
        return guess
    lo, hi = 1e-6, 1e3  # step(lo) > measured > step(hi) when a solution exists
    if step(hi) > measured_step or step(lo) < measured_step:
        return None
    for _ in range(200):
        mid = math.sqrt(lo * hi)
        if step(mid) > measured_step:
            lo = mid
        else:
            hi = mid
        if hi / lo < 1 + 1e-12:
            break
    return math.sqrt(lo * hi)


def compare(
    s: Scenario,
    catalog: Catalog,
    r: BenchResult,
    *,
    gpu_counts: Sequence[int] = DEFAULT_GPU_COUNTS,
    any_device: bool = False,
) -> Calibration:
    """Check the measurement belongs to the scenario, compare it with the estimate of what ran, derive the
    corrections and project the scenario with them at each GPU count."""
    from .memory import CUDA_CONTEXT_BYTES, NCCL_BYTES

    notes = list(check_compatible(s, catalog, r, any_device=any_device))
    run = as_run_scenario(s, r)
    layout, mem, time = _given_estimate(run, catalog)
    assert time.step_seconds is not None and time.tokens_per_second is not None
    fixed = CUDA_CONTEXT_BYTES + (NCCL_BYTES if r.world_size > 1 else 0.0)
    memory = MemoryComparison(
        measured_allocated=_opt(r.memory.max_memory_allocated),
        estimated_total=mem.total,
        measured_reserved=_opt(r.memory.max_memory_reserved),
        estimated_reserved=mem.total + max(0.0, mem.overhead - fixed),
        measured_nvidia_smi=_opt(r.memory.nvidia_smi_used),
        estimated_nvidia_smi=mem.total + mem.overhead,
        capacity=mem.capacity,
    )
    tcmp = TimeComparison(
        measured_step_seconds=r.timing.step_seconds,
        estimated_step_seconds=time.step_seconds,
        measured_tokens_per_second=r.timing.tokens_per_second,
        estimated_tokens_per_second=time.tokens_per_second,
    )
    warnings: list[str] = []
    factor = solve_efficiency(run, catalog, r.timing.step_seconds)
    if factor is None:
        warnings.append(
            "the measured step is shorter than the modelled communication alone; no efficiency factor derived"
        )
    measured_overhead = r.measured_overhead
    delta = None if measured_overhead is None else measured_overhead - mem.overhead
    if measured_overhead is None:
        notes.append("no nvidia-smi reading in the result: the overhead is not corrected")
    elif r.memory.nvidia_smi_source == "device":
        notes.append(
            "nvidia-smi gave the whole GPU's used memory (this process was not listed): other "
            "processes on the GPU count as overhead"
        )
    if r.memory.max_memory_allocated is None:
        notes.append("no allocated peak in the result: memory is not compared")
    c = Corrections(
        gpu=s.hardware.gpu,
        efficiency_factor=factor,
        overhead_delta_bytes=delta,
        measured_overhead_bytes=_opt(measured_overhead),
        estimated_overhead_bytes=mem.overhead,
    )
    warnings.extend(plausibility_warnings(c))
    if s.workload.mfu is not None:
        notes.append("workload.mfu is set: the catalog projections use it; the calibrated ones use the measurement")
    if r.timing.timed_steps < 3:
        notes.append(f"only {r.timing.timed_steps} timed step(s): the step time is noisy")
    hash_matches = None if r.scenario_hash is None else r.scenario_hash == scenario_hash(s)
    return Calibration(
        scenario=s,
        gpu=s.hardware.gpu,
        result=r,
        as_run=run,
        as_run_layout=layout,
        memory=memory,
        time=tcmp,
        corrections=c,
        projections=project(s, catalog, c, gpu_counts),
        notes=tuple(notes),
        warnings=tuple(warnings),
        hash_matches=hash_matches,
    )


def _opt(v: float | None) -> float | None:
    return None if v is None else float(v)


# --- storage: the sidecar file --------------------------------------------------------------------------------


def sidecar_path(scenario_path: str | os.PathLike[str]) -> Path:
    """`run.gpuplan.toml` → `run.calibration.json` in the same folder."""
    p = Path(scenario_path)
    name = p.name
    for suffix in (".gpuplan.toml", ".toml"):
        if name.endswith(suffix) and len(name) > len(suffix):
            name = name[: -len(suffix)]
            break
    return p.with_name(name + SIDECAR_SUFFIX)


@dataclass(frozen=True)
class StoredCalibration:
    corrections: Corrections
    scenario_hash: str | None
    device_name: str | None
    measured_at: str | None
    written_at: str | None


def _entry(cal: Calibration) -> dict[str, Any]:
    c, r = cal.corrections, cal.result
    entry = {
        "gpu": c.gpu,
        "efficiency_factor": c.efficiency_factor,
        "overhead_delta_bytes": _int(c.overhead_delta_bytes),
        "measured_overhead_bytes": _int(c.measured_overhead_bytes),
        "estimated_overhead_bytes": _int(c.estimated_overhead_bytes),
        "scenario_hash": r.scenario_hash,
        "device_name": r.device.name,
        "measured_at": r.created,
        "written_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "result": dict(r.document),
    }
    assert set(entry) == set(CALIBRATION_KEYS)
    return entry


def _int(v: float | None) -> int | None:
    return None if v is None else int(round(v))


def read_calibrations(path: str | os.PathLike[str]) -> dict[str, StoredCalibration]:
    """The calibrations stored in a sidecar file, by GPU id; {} when there is none."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as err:
        raise FileAccessError(f"cannot be read ({getattr(err, 'strerror', None) or err})", file=str(p)) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(
            f"not valid JSON (line {err.lineno}, column {err.colno}: {err.msg}); move it away to "
            f"store a new calibration",
            file=str(p),
        ) from None
    if not isinstance(doc, dict) or doc.get("schema") != SIDECAR_SCHEMA:
        raise InputError(f"not a gpuplanner calibration file (schema {SIDECAR_SCHEMA!r} expected)", file=str(p))
    if doc.get("schema_version") != SIDECAR_VERSION:
        raise InputError(
            f"calibration file version {doc.get('schema_version')!r} is not readable by this "
            f"gpuplanner (it reads {SIDECAR_VERSION})",
            file=str(p),
            key="schema_version",
        )
    cals = doc.get("calibrations")
    if not isinstance(cals, dict):
        raise InputError("must be an object of GPU id → calibration", file=str(p), key="calibrations")
    out = {}
    for gid, e in cals.items():
        key = f"calibrations.{gid}"
        if not isinstance(e, dict):
            raise InputError("must be an object", file=str(p), key=key)
        unknown = set(e) - set(CALIBRATION_KEYS)
        if unknown:
            raise InputError(f"unknown key(s) {', '.join(sorted(unknown))}", file=str(p), key=key)
        f, d = e.get("efficiency_factor"), e.get("overhead_delta_bytes")
        for name, v in (("efficiency_factor", f), ("overhead_delta_bytes", d)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)):
                raise InputError("must be a number or null", file=str(p), key=f"{key}.{name}")
        if f is not None and f <= 0:
            raise InputError("must be a positive number or null", file=str(p), key=f"{key}.efficiency_factor")
        c = Corrections(
            gpu=gid,
            efficiency_factor=f,
            overhead_delta_bytes=d,
            measured_overhead_bytes=e.get("measured_overhead_bytes"),
            estimated_overhead_bytes=e.get("estimated_overhead_bytes"),
        )
        out[gid] = StoredCalibration(
            corrections=c,
            scenario_hash=e.get("scenario_hash"),
            device_name=e.get("device_name"),
            measured_at=e.get("measured_at"),
            written_at=e.get("written_at"),
        )
    return out


def load_corrections(scenario_path: str | os.PathLike[str], gpu_id: str) -> Corrections | None:
    """The stored corrections for one GPU type of a scenario (its sidecar file), None when there are none; for
    `apply` by the estimate, plan and app once they honour calibrations."""
    stored = read_calibrations(sidecar_path(scenario_path)).get(gpu_id)
    return None if stored is None else stored.corrections


def write_calibration(scenario_path: str | os.PathLike[str], cal: Calibration) -> Path:
    """Store the calibration (and the measurement) in the scenario's sidecar file, atomically, keeping the entries
    of other GPU types. An unreadable existing sidecar is left alone (InputError)."""
    from .scenario_io import atomic_write_text

    path = sidecar_path(scenario_path)
    read_calibrations(path)  # refuse to overwrite a file we cannot understand
    try:
        doc = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except OSError as err:
        raise FileAccessError(f"cannot be read ({err.strerror or err})", file=str(path)) from None
    cals = dict(doc.get("calibrations", {}))
    cals[cal.gpu] = _entry(cal)
    out = {"schema": SIDECAR_SCHEMA, "schema_version": SIDECAR_VERSION, "calibrations": cals}
    atomic_write_text(path, json.dumps(out, indent=2) + "\n")
    return path
