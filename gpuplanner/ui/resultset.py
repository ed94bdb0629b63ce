"""What the results view draws: the one Plan (``core.plan.plan``) the CLI and the workbook also show, held
for the widgets with the field names the views read. Nothing here decides anything: candidates, sweep,
deadline answers, Pareto set and recommendation all come from the Plan; the fit advice (when nothing fits)
from ``core.fit_advice``. No widgets here (only Qt's translator); the worker in ``estimator.py`` runs it.

The engine (numpy) is imported on first use, after the main window's first paint.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from gpuplanner.core.errors import InputError
from gpuplanner.core.scenario import Scenario

if TYPE_CHECKING:
    from gpuplanner.core.bands import Band
    from gpuplanner.core.catalog import Catalog
    from gpuplanner.core.fit_advice import FitChange
    from gpuplanner.core.plan import Candidate, DeadlineAnswer, Plan, Recommendation, SweepRow
    from gpuplanner.core.results import Estimate
    from gpuplanner.core.serving_plan import ServingPlan


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

    @classmethod
    def of(cls, c: Candidate) -> CandidateResult:
        return cls(c.gpu, c.gpu_name, c.estimate, c.error)


@dataclass(frozen=True)
class SweepPoint:
    """One row of the Plan's sweep, as the plots read it."""

    gpu_id: str
    gpu_count: int
    fits: bool
    wall_seconds: float | None
    gpu_hours: float | None
    job_cost: float | None  # job_cloud_on_demand, in the scenario's currency
    # the row's 80% bands (core.bands.Band: low, high) and fit probability
    wall_seconds_band: Band | None = None
    job_cost_band: Band | None = None
    fit_probability: float | None = None

    @classmethod
    def of(cls, r: SweepRow) -> SweepPoint:
        return cls(
            r.gpu,
            r.gpu_count,
            r.fits,
            r.wall_seconds,
            r.gpu_hours,
            r.job_cloud_on_demand,
            r.wall_seconds_band,
            r.job_cloud_on_demand_band,
            r.fit_probability,
        )


@dataclass(frozen=True)
class ResultSet:
    """The Plan the user is looking at. ``complete`` is False for the first publication of a run (the
    candidates, deadline answers and recommendation, before the GPU-count sweep)."""

    plan: Plan
    generation: int = 0
    complete: bool = True
    advice: tuple[FitChange, ...] = field(default=())  # changes that make a workload fit that fits nowhere
    # inference: core.serving_plan's plan (what `plan --json` prints as serving_plan), or why there is none
    serving: ServingPlan | None = None
    serving_error: str | None = None

    @property
    def scenario(self) -> Scenario:
        return self.plan.scenario

    @property
    def currency(self) -> str:
        return self.plan.currency

    @property
    def recommendation(self) -> Recommendation:
        return self.plan.recommendation

    @cached_property
    def candidates(self) -> tuple[CandidateResult, ...]:
        return tuple(CandidateResult.of(c) for c in self.plan.candidates)

    @cached_property
    def sweep(self) -> tuple[SweepPoint, ...] | None:
        """None until the sweep is in (or when the engine predicts no time)."""
        if not self.complete or not self.has_time:
            return None
        return tuple(SweepPoint.of(r) for r in self.plan.sweep)

    @cached_property
    def pareto(self) -> tuple[SweepPoint, ...]:
        return tuple(SweepPoint.of(r) for r in self.plan.pareto) if self.complete else ()

    def candidate(self, gpu_id: str) -> CandidateResult | None:
        return next((c for c in self.candidates if c.gpu_id == gpu_id), None)

    @property
    def primary(self) -> CandidateResult | None:
        return self.candidate(self.scenario.hardware.gpu)

    @property
    def has_time(self) -> bool:
        return self.plan.has_time

    def sweep_for(self, gpu_id: str) -> tuple[SweepPoint, ...]:
        return tuple(p for p in self.sweep or () if p.gpu_id == gpu_id)

    def deadline(self, gpu_id: str) -> DeadlineAnswer | None:
        """The Plan's deadline answer for one GPU type (None without a deadline)."""
        return self.plan.deadline.get(gpu_id)


def estimate_one(s: Scenario, catalog: Catalog, gpu_id: str | None = None) -> CandidateResult:
    """The estimate for one GPU (default: the planned one), or the reason there is none (comparison dialog)."""
    from gpuplanner.core.engine import estimate

    gid = gpu_id or s.hardware.gpu
    gpu = catalog.gpus.get(gid)
    name = gpu.name if gpu else gid
    if gpu is None:
        return CandidateResult(gid, name, None, _tr("{0!r} is not in the hardware catalog").format(gid))
    try:
        return CandidateResult(gid, name, estimate(s, catalog, gid))
    except InputError as err:
        return CandidateResult(gid, name, None, str(err))
    except Exception as err:  # an engine bug must not take the app down; show it in the row
        return CandidateResult(gid, name, None, _tr("internal error: {0}: {1}").format(type(err).__name__, err))


def advise(plan: Plan, catalog: Catalog, stop: StopCheck | None = None) -> tuple[FitChange, ...]:
    """When the recommendation is "closest" (nothing fits), the changes that make its GPU fit."""
    rec = plan.recommendation
    if rec.kind != "closest" or rec.gpu is None:
        return ()
    from gpuplanner.core.fit_advice import fit_changes

    return fit_changes(plan.scenario, catalog, rec.gpu, stop=stop)


def compute_results(
    s: Scenario, catalog: Catalog, *, sweep: bool = True, generation: int = 0, stop: StopCheck | None = None
) -> ResultSet:
    """The Plan (and fit advice), in the calling thread. Raises ``core.plan.Cancelled`` when ``stop()``."""
    from gpuplanner.core.plan import plan

    p = plan(s, catalog, stop=stop, sweep=sweep)
    serving, why = serve(s, catalog)
    return ResultSet(p, generation, complete=sweep, advice=advise(p, catalog, stop), serving=serving, serving_error=why)


def serve(s: Scenario, catalog: Catalog) -> tuple[ServingPlan | None, str | None]:
    """For inference, the serving plan (issue 21) the CLI's `plan --json` prints, or why the engine has none."""
    if s.workload.method != "inference":
        return None, None
    from gpuplanner.core.serving_plan import plan_serving

    try:
        return plan_serving(s, catalog), None
    except InputError as err:
        return None, str(err)
    except Exception as err:  # an engine bug must not take the app down; the verdict names it
        return None, _tr("internal error: {0}: {1}").format(type(err).__name__, err)
