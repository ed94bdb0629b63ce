"""What the results view draws: one engine estimate per candidate GPU, and (when the engine predicts time)
a sweep over GPU counts for the time and Pareto plots. No widgets here (only Qt's translator); the worker in
``estimator.py`` runs it.

The engine (numpy) is imported on first use, after the main window's first paint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gpuplanner.core.errors import InputError
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import layout_problem

if TYPE_CHECKING:
    from gpuplanner.core.catalog import Catalog
    from gpuplanner.core.results import Estimate

MAX_SWEEP_GPUS = 1024


def _tr(text: str) -> str:
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("Results", text)


StopCheck = Callable[[], bool]


@dataclass(frozen=True)
class CandidateResult:
    gpu_id: str
    gpu_name: str
    estimate: Estimate | None
    error: str | None = None  # why there is no estimate (unknown GPU, bad cost input, ...)

    @property
    def fits(self) -> bool | None:
        mem = self.estimate.memory if self.estimate else None
        return None if mem is None else mem.fits


@dataclass(frozen=True)
class SweepPoint:
    """One (GPU type, GPU count) of the sweep."""

    gpu_id: str
    gpu_count: int
    fits: bool
    wall_seconds: float | None
    gpu_hours: float | None
    job_cost: float | None  # job_cloud_on_demand, in the scenario's currency


@dataclass(frozen=True)
class ResultSet:
    scenario: Scenario
    candidates: tuple[CandidateResult, ...]
    sweep: tuple[SweepPoint, ...] | None = None  # None: not computed (yet, or no time model)
    generation: int = 0

    @property
    def currency(self) -> str:
        return self.scenario.cost.currency

    def candidate(self, gpu_id: str) -> CandidateResult | None:
        return next((c for c in self.candidates if c.gpu_id == gpu_id), None)

    @property
    def primary(self) -> CandidateResult | None:
        return self.candidate(self.scenario.hardware.gpu)

    @property
    def has_time(self) -> bool:
        return any(c.estimate and c.estimate.time and c.estimate.time.wall_seconds is not None for c in self.candidates)

    def sweep_for(self, gpu_id: str) -> tuple[SweepPoint, ...]:
        return tuple(p for p in self.sweep or () if p.gpu_id == gpu_id)

    def deadline_count(self, gpu_id: str) -> int | None:
        """Smallest GPU count in the sweep that fits and meets ``workload.deadline_days``."""
        dl = self.scenario.workload.deadline_days
        if dl is None:
            return None
        ok = [
            p.gpu_count
            for p in self.sweep_for(gpu_id)
            if p.fits and p.wall_seconds is not None and p.wall_seconds <= dl * 86400
        ]
        return min(ok) if ok else None


def _one(s: Scenario, catalog: Catalog, gpu_id: str) -> CandidateResult:
    from gpuplanner.core.engine import estimate

    gpu = catalog.gpus.get(gpu_id)
    name = gpu.name if gpu else gpu_id
    if gpu is None:
        return CandidateResult(gpu_id, name, None, _tr("{0!r} is not in the hardware catalog").format(gpu_id))
    try:
        return CandidateResult(gpu_id, name, estimate(s, catalog, gpu_id))
    except InputError as err:
        return CandidateResult(gpu_id, name, None, str(err))
    except Exception as err:  # an engine bug must not take the app down; show it in the row
        return CandidateResult(gpu_id, name, None, _tr("internal error: {0}: {1}").format(type(err).__name__, err))


def estimate_one(s: Scenario, catalog: Catalog, gpu_id: str | None = None) -> CandidateResult:
    """The estimate for one GPU (default: the planned one), or the reason there is none."""
    return _one(s, catalog, gpu_id or s.hardware.gpu)


def compute_candidates(s: Scenario, catalog: Catalog, stop: StopCheck = lambda: False) -> tuple[CandidateResult, ...]:
    out = []
    for gid in s.hardware.compared_gpus:
        if stop():
            break
        out.append(_one(s, catalog, gid))
    return tuple(out)


def sweep_counts(s: Scenario) -> tuple[int, ...]:
    """GPU counts for the time and Pareto plots: powers of two up to max(64, 8 × gpu_count) (and the
    scenario's own count), keeping only counts the scenario's layout keys allow."""
    top = min(MAX_SWEEP_GPUS, max(64, 8 * s.hardware.gpu_count))
    counts = {1 << k for k in range(11) if 1 << k <= top} | {s.hardware.gpu_count}
    ok = []
    for n in sorted(counts):
        variant = replace(s, hardware=replace(s.hardware, gpu_count=n))
        if layout_problem(variant) is None:
            ok.append(n)
    return tuple(ok)


def compute_sweep(
    s: Scenario, catalog: Catalog, gpu_ids: Sequence[str], stop: StopCheck = lambda: False
) -> tuple[SweepPoint, ...] | None:
    from gpuplanner.core.engine import estimate

    points = []
    for gid in gpu_ids:
        for n in sweep_counts(s):
            if stop():
                return None
            variant = replace(s, hardware=replace(s.hardware, gpu_count=n))
            try:
                e = estimate(variant, catalog, gid)
            except Exception:  # a count the engine rejects is simply not on the curve
                continue
            t, c = e.time, e.cost
            points.append(
                SweepPoint(
                    gid,
                    n,
                    bool(e.memory and e.memory.fits),
                    t.wall_seconds if t else None,
                    t.gpu_hours if t else None,
                    getattr(c, "job_cloud_on_demand", None) if c is not None else None,
                )
            )
    return tuple(points)


def compute_results(s: Scenario, catalog: Catalog, *, sweep: bool = True, generation: int = 0) -> ResultSet:
    """Everything at once, in the calling thread (smoke test, benchmarks, scripts)."""
    cands = compute_candidates(s, catalog)
    rs = ResultSet(s, cands, None, generation)
    if sweep and rs.has_time:
        ids = [c.gpu_id for c in cands if c.estimate is not None]
        rs = replace(rs, sweep=compute_sweep(s, catalog, ids))
    return rs
