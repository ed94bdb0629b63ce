"""The benchmark result as typed data: what `gpuplanner bench-script`'s script measured and how it ran."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..model import ModelSpec

GIB = 2**30
RESULT_SCHEMA = "gpuplanner-bench-result"
RESULT_VERSION = 1


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
