"""The comparison of the measurement with the estimate of what ran, and the corrections derived from it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..scenario import Scenario
from .bench import as_run_scenario, scenario_hash
from .corrections import (
    DEFAULT_GPU_COUNTS,
    Corrections,
    Projection,
    calibrated_gpu,
    plausibility_warnings,
    project,
)
from .matching import check_compatible
from .result_types import BenchResult

if TYPE_CHECKING:
    from ..catalog import Catalog, GpuSpec
    from ..results import Layout, MemoryBreakdown, TimeEstimate


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
    from ..engine import given_layout, resolve_target
    from ..memory import memory_for
    from ..training_time import estimate_time

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
    from ..memory import CUDA_CONTEXT_BYTES, NCCL_BYTES

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
