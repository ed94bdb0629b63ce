"""The per-GPU corrections, their plausibility, and the scenario re-estimated and projected with them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..errors import InputError
from ..scenario import Scenario
from .result_types import GIB

if TYPE_CHECKING:
    from ..catalog import Catalog, GpuSpec
    from ..results import Estimate, MemoryBreakdown


DEFAULT_GPU_COUNTS = (1, 2, 4, 8, 16, 64)
PLAUSIBLE_EFFICIENCY = (0.5, 1.5)
PLAUSIBLE_OVERHEAD_BYTES = 10 * GIB


@dataclass(frozen=True)
class Corrections:
    """Per-GPU-type corrections (package docstring). None: not derived; applying treats it as no correction."""

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
    from ..engine import estimate

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
    from ..engine import estimate
    from ..scenario_io import layout_problem

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
