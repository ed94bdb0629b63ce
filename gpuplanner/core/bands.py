"""80% bands on memory, time and cost, and the probability that a configuration fits (spec §4.3 `bands`,
`memory.fit_probability`; §5; issue #19).

The error model is the table of error_model_data.py, fitted by scripts/fit_error_model.py on the measured runs the
repo holds: per term and group, the 10th and 90th percentiles of r = log(measured / estimated), with leave-one-out
coverage. A band is `estimate × exp([q10, q90])`, stretched where needed so that it always holds the point estimate.
Groups: memory by framework profile (core/framework.py), throughput by regime (REGIMES); a group with too few
measurements carries its parent's band, widened (the table says which, and docs/estimation.md §"Bands" how).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from . import error_model_data

if TYPE_CHECKING:
    from .cost import CostEstimate
    from .results import Layout, MemoryBreakdown, TimeEstimate
    from .scenario import Scenario

# an 80% band of a normal distribution spans ± this many standard deviations (Φ⁻¹(0.9))
Z80 = 1.2815515655446004
LONG_SEQ_TOKENS = 32768
# the hardest regime decides (the fit assigns each validation case to its regimes in the same order)
# a group the table does not know: the root band widened as the fit widens an unmeasured group
UNKNOWN_WIDEN = 1.5
REGIMES = ("long-seq", "moe", "fp8", "multi-node-3d", "multi-node", "one-node", "single-gpu")


@dataclass(frozen=True)
class ErrorDistribution:
    """Quantiles of log(measured / estimated) for one term and group."""

    term: str
    group: str
    low_log: float
    high_log: float
    real_runs: int
    parent: str  # "" when fitted on the group's own runs; else where its band comes from
    widen: float
    loo_coverage: float | None

    @property
    def centre(self) -> float:
        return (self.low_log + self.high_log) / 2

    @property
    def half_width(self) -> float:
        return (self.high_log - self.low_log) / 2

    @property
    def sigma(self) -> float:
        """The standard deviation of a normal with this 80% band (smooth fit probabilities)."""
        return max(self.half_width / Z80, 1e-6)

    def combined(self, other: ErrorDistribution, *, negate_self: bool = False) -> ErrorDistribution:
        """(−)self + other for independent terms: centres add, half-widths add in quadrature."""
        c = (-self.centre if negate_self else self.centre) + other.centre
        h = math.hypot(self.half_width, other.half_width)
        runs = min(self.real_runs, other.real_runs)
        return ErrorDistribution(
            f"{self.term}+{other.term}", self.group, c - h, c + h, runs, self.parent or other.parent, 1.0, None
        )


@dataclass(frozen=True)
class Band:
    low: float
    high: float


@dataclass(frozen=True)
class Bands:
    """The §4.3 `bands` block and `memory.fit_probability`, with the groups of the error model they came from."""

    memory_total: Band | None
    memory_reserved: Band | None
    tokens_per_second: Band | None
    wall_seconds: Band | None
    gpu_hours: Band | None
    job_cloud_on_demand: Band | None
    fit_probability: float | None
    memory_group: str
    throughput_group: str | None
    pooled: tuple[str, ...] = ()  # the groups used that had too few measured runs of their own


@cache
def _table() -> dict[tuple[str, str], ErrorDistribution]:
    return {
        (t, g): ErrorDistribution(t, g, lo, hi, n, parent, widen, cov)
        for t, g, lo, hi, n, _, parent, widen, cov in error_model_data.FITS
    }


def distribution(term: str, group: str) -> ErrorDistribution:
    """The fitted distribution of a term for a group; a group the table does not know takes the root's ("all")
    band × UNKNOWN_WIDEN."""
    table = _table()
    if (term, group) in table:
        return table[(term, group)]
    root = table[(term, "all")]
    c = root.centre
    return ErrorDistribution(
        term,
        group,
        c - UNKNOWN_WIDEN * (c - root.low_log),
        c + UNKNOWN_WIDEN * (root.high_log - c),
        0,
        "all",
        root.widen * UNKNOWN_WIDEN,
        None,
    )


def regime_of(s: Scenario, layout: Layout, gpu_count: int, gpus_per_node: int) -> str:
    """The throughput regime of a training scenario (the groups of the error model)."""
    nodes = -(-gpu_count // max(1, gpus_per_node))
    if s.workload.seq_len >= LONG_SEQ_TOKENS:
        return "long-seq"
    if s.model.experts > 1:
        return "moe"
    if s.workload.precision.startswith("fp8"):
        return "fp8"
    if nodes > 1:
        return "multi-node-3d" if layout.tp * layout.pp * layout.cp > 1 else "multi-node"
    return "one-node" if gpu_count > 1 else "single-gpu"


def band(value: float | None, dist: ErrorDistribution) -> Band | None:
    """value × exp([q10, q90]), stretched to hold value itself."""
    if value is None or not math.isfinite(value) or value < 0:
        return None
    return Band(value * math.exp(min(dist.low_log, 0.0)), value * math.exp(max(dist.high_log, 0.0)))


def fit_probability(total_bytes: float, overhead_bytes: float, capacity_bytes: float, dist: ErrorDistribution) -> float:
    """P(measured total + overhead ≤ capacity) with log(measured total / estimated) ~ N(centre, σ) of the band."""
    room = capacity_bytes - overhead_bytes
    if room <= 0:
        return 0.0
    if total_bytes <= 0:
        return 1.0
    z = (math.log(room / total_bytes) - dist.centre) / dist.sigma
    return 0.5 * math.erfc(-z / math.sqrt(2))


def _scaled(b: Band | None, base: float | None, value: float | None) -> Band | None:
    """The band of value = k × base (k an input, such as a price): base's band × k."""
    if b is None or not base or value is None or not math.isfinite(value):
        return None
    k = value / base
    return Band(b.low * k, b.high * k)


def bands_for(
    s: Scenario,
    memory: MemoryBreakdown | None,
    time: TimeEstimate | None,
    cost: CostEstimate | None,
    *,
    layout: Layout,
    gpu_count: int,
    gpus_per_node: int,
) -> Bands:
    framework = s.workload.framework or "generic"
    mem_total = distribution("memory_total", framework)
    mem_reserved = distribution("memory_reserved", framework)
    pooled = [d.group + " memory" for d in (mem_total,) if d.parent]
    total_band = reserved_band = None
    probability = None
    if memory is not None:
        total_band = band(memory.total, mem_total)
        reserved_band = band(memory.reserved, mem_reserved)
        probability = fit_probability(memory.total, memory.overhead, memory.capacity, mem_total)
    tps_band = wall_band = hours_band = cost_band = None
    regime = None
    if time is not None and time.tokens_per_second:
        regime = regime_of(s, layout, gpu_count, gpus_per_node)
        steady = distribution("tokens_per_second", regime)
        if steady.parent:
            pooled.append(regime + " throughput")
        tps_band = band(time.tokens_per_second, steady)
        # a whole run: log(wall measured / estimated) = −r_tokens/s + r_job (failures, restarts, stalls)
        whole = steady.combined(distribution("job", "all"), negate_self=True)
        wall_band = band(time.wall_seconds, whole)
        hours_band = band(time.gpu_hours, whole)
        if cost is not None:
            cost_band = _scaled(hours_band, time.gpu_hours, cost.job_cloud_on_demand)
    return Bands(
        memory_total=total_band,
        memory_reserved=reserved_band,
        tokens_per_second=tps_band,
        wall_seconds=wall_band,
        gpu_hours=hours_band,
        job_cloud_on_demand=cost_band,
        fit_probability=probability,
        memory_group=framework,
        throughput_group=regime,
        pooled=tuple(pooled),
    )
