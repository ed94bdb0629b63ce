"""The Plan: everything the app, the CLI, the workbook and notebooks show, computed once (spec §3, §4.5).

`plan(scenario, catalog)` estimates every candidate GPU at the scenario's count, sweeps GPU counts the way the
deadline search steps (whole nodes, doubling), answers the deadline per GPU type, keeps the cost/time Pareto
set and makes one recommendation with its reason. Views read this object; none of them computes a sweep, a
deadline answer, a Pareto set or a recommendation of its own.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import InputError
from .scenario import Scenario
from .scenario_io import layout_problem

if TYPE_CHECKING:  # the wizard's first page reads FIT_WORDS before the first paint: bands and results load later
    import pandas as pd

    from .bands import Band
    from .catalog import Catalog
    from .results import Estimate, Layout

# The sweep reaches at least this many GPUs (and 8 × the scenario's count), in doubling whole-node steps.
SWEEP_MIN_TOP_GPUS = 16_384
SWEEP_MAX_GPUS = 1 << 20
# A configuration "fits" in the display words only at this fit probability (issue #19: "fits" ≥ 0.9); the
# recommendation prefers such configurations over ones that fit on the point estimate alone.
FIT_SURE_PROBABILITY = 0.9
# The display words of issue #19 for the fit probability: the lowest probability each stands for, highest first;
# below the last, "does not fit". `memory.fits` keeps its spec §4.3 meaning (headroom ≥ 0 of the point estimate).
FIT_WORDS = ((FIT_SURE_PROBABILITY, "fits"), (0.6, "probably fits"), (0.4, "borderline"), (0.1, "probably not"))
SWEEP_COLUMNS = (
    "gpu",
    "gpu_count",
    "fits",
    "layout",
    "memory_total",
    "wall_seconds",
    "gpu_hours",
    "tokens_per_second",
    "job_cloud_on_demand",
    "onprem_tco",
    "per_million_tokens",
)

StopCheck = Callable[[], bool]


class Cancelled(Exception):
    """Raised inside `plan` when `stop()` turned true (the app's worker was asked to stop)."""


@dataclass(frozen=True)
class Candidate:
    """One candidate GPU at the scenario's GPU count, or why it has no estimate."""

    gpu: str
    gpu_name: str
    estimate: Estimate | None
    error: str | None = None

    @property
    def fits(self) -> bool | None:
        mem = self.estimate.memory if self.estimate else None
        return None if mem is None else mem.fits


@dataclass(frozen=True)
class SweepRow:
    """One (GPU type, GPU count) at its best layout (spec §4.3 `plan --json` row)."""

    gpu: str
    gpu_count: int
    fits: bool
    layout: Layout | None
    memory_total: float | None
    wall_seconds: float | None
    gpu_hours: float | None
    tokens_per_second: float | None
    job_cloud_on_demand: float | None
    onprem_tco: float | None
    per_million_tokens: float | None
    # the 80% bands and the fit probability of the row's estimate (core/bands.py; not §4.3 row columns)
    fit_probability: float | None = None
    memory_total_band: Band | None = None
    wall_seconds_band: Band | None = None
    gpu_hours_band: Band | None = None
    job_cloud_on_demand_band: Band | None = None


@dataclass(frozen=True)
class DeadlineAnswer:
    """The smallest whole-node count of one GPU type meeting `workload.deadline_days`, or why none does."""

    gpu: str
    gpu_count: int | None
    wall_seconds: float | None
    job_cloud_on_demand: float | None
    onprem_tco: float | None
    layout: Layout | None
    reason: str | None = None
    fit_probability: float | None = None  # of the answer's layout at its count (its sweep row), when known


@dataclass(frozen=True)
class Recommendation:
    """What to use, and why. `kind`: deadline | cheapest | fits | closest | none."""

    kind: str
    gpu: str | None
    gpu_count: int | None
    reason: str
    rent: bool | None = None  # True: renting on demand is the cheaper way to run the job; None: not comparable
    shortfall_bytes: float | None = None  # kind "closest": memory missing per GPU
    # the chosen configuration fits on the point estimate but below FIT_SURE_PROBABILITY, because no candidate
    # fits more surely (None: unknown or not applicable)
    unsure: bool | None = None


@dataclass(frozen=True)
class Plan:
    scenario: Scenario
    candidates: tuple[Candidate, ...]
    sweep: tuple[SweepRow, ...]
    deadline: Mapping[str, DeadlineAnswer]  # empty without workload.deadline_days
    pareto: tuple[SweepRow, ...]
    recommendation: Recommendation
    catalog: Catalog | None = dataclasses.field(default=None, compare=False, repr=False)  # what it was planned on

    @property
    def currency(self) -> str:
        return self.scenario.cost.currency

    @property
    def primary(self) -> Candidate | None:
        return self.candidate(self.scenario.hardware.gpu)

    def candidate(self, gpu: str) -> Candidate | None:
        return next((c for c in self.candidates if c.gpu == gpu), None)

    def sweep_for(self, gpu: str) -> tuple[SweepRow, ...]:
        return tuple(r for r in self.sweep if r.gpu == gpu)

    @property
    def has_time(self) -> bool:
        return any(c.estimate and c.estimate.time and c.estimate.time.wall_seconds is not None for c in self.candidates)

    def to_dict(self) -> dict[str, Any]:
        """The `plan --json` document (spec §4.3)."""
        from .report import plan_document

        return plan_document(self)

    def to_frame(self) -> pd.DataFrame:
        """The sweep as a DataFrame with exactly the columns of spec §4.3's rows (layout as text)."""
        import pandas as pd

        rows = [sweep_row_dict(r) for r in self.sweep]
        return pd.DataFrame(rows, columns=list(SWEEP_COLUMNS))


def layout_text(lay: Layout | None) -> str | None:
    if lay is None:
        return None
    return f"tp{lay.tp} pp{lay.pp} cp{lay.cp} ep{lay.ep} dp{lay.dp} zero{lay.zero} mb{lay.micro_batch} {lay.recompute}"


def sweep_row_dict(r: SweepRow) -> dict[str, Any]:
    """A row for JSON and DataFrames (made at the edge)."""
    return {k: (layout_text(r.layout) if k == "layout" else getattr(r, k)) for k in SWEEP_COLUMNS}


def _with_count(s: Scenario, n: int) -> Scenario:
    return dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=n))


def sweep_counts(s: Scenario, gpus_per_node: int, extra: tuple[int, ...] = ()) -> tuple[int, ...]:
    """GPU counts for the sweep: 1, 2, 4 … up to a node, then whole nodes doubling (as the deadline search
    steps) up to max(16,384, 8 × the scenario's count), plus the scenario's count and `extra` (deadline
    answers); only counts the scenario's layout keys allow."""
    top = min(SWEEP_MAX_GPUS, max(SWEEP_MIN_TOP_GPUS, 8 * s.hardware.gpu_count))
    counts = {1 << k for k in range(40) if (1 << k) < gpus_per_node}
    n = gpus_per_node
    while n <= top:
        counts.add(n)
        n *= 2
    counts |= {s.hardware.gpu_count, *extra}
    return tuple(c for c in sorted(counts) if layout_problem(_with_count(s, c)) is None)


def _row(gpu: str, n: int, e: Estimate) -> SweepRow:
    t, c, m, b = e.time, e.cost, e.memory, e.bands
    return SweepRow(
        gpu=gpu,
        gpu_count=n,
        fits=bool(m is not None and m.fits),
        layout=e.layout,
        memory_total=m.total if m is not None else None,
        wall_seconds=t.wall_seconds if t else None,
        gpu_hours=t.gpu_hours if t else None,
        tokens_per_second=t.tokens_per_second if t else None,
        job_cloud_on_demand=getattr(c, "job_cloud_on_demand", None),
        onprem_tco=getattr(c, "onprem_tco", None),
        per_million_tokens=getattr(c, "per_million_tokens", None),
        fit_probability=b.fit_probability if b is not None else None,
        memory_total_band=b.memory_total if b is not None else None,
        wall_seconds_band=b.wall_seconds if b is not None else None,
        gpu_hours_band=b.gpu_hours if b is not None else None,
        job_cloud_on_demand_band=b.job_cloud_on_demand if b is not None else None,
    )


def fit_probability_of(e: Estimate | None) -> float | None:
    return None if e is None or e.bands is None else e.bands.fit_probability


def headroom_band(e: Estimate | None) -> Band | None:
    """The headroom's 80% band: capacity − overhead − the allocated peak's band (spec §4.3 headroom; the overhead
    and the capacity carry no band of their own in core/bands.py)."""
    if e is None or e.memory is None or e.bands is None or e.bands.memory_total is None:
        return None
    from .bands import Band

    m, b = e.memory, e.bands.memory_total
    room = m.capacity - m.overhead
    return Band(room - b.high, room - b.low)


def fit_word(probability: float | None, fits: bool | None) -> str:
    """The English fit word (the CLI's; the app translates its own copy of these words)."""
    if probability is None or not math.isfinite(probability):
        return "-" if fits is None else ("fits" if fits else "does not fit")
    return next((word for floor, word in FIT_WORDS if probability >= floor), "does not fit")


def is_sure(probability: float | None) -> bool:
    """Fits with high probability; an unknown probability (no band) counts as sure, as the point estimate says."""
    return probability is None or probability >= FIT_SURE_PROBABILITY


def pareto_front(rows: tuple[SweepRow, ...]) -> tuple[SweepRow, ...]:
    """Fitting rows not beaten on both wall time and job cost (an unknown cost counts as infinite), fastest
    first."""

    def cost(r: SweepRow) -> float:
        return math.inf if r.job_cloud_on_demand is None else r.job_cloud_on_demand

    met = sorted((r for r in rows if r.fits and r.wall_seconds is not None), key=lambda r: (r.wall_seconds, cost(r)))
    out: list[SweepRow] = []
    cheapest = math.inf
    for r in met:
        if not out or cost(r) < cheapest:
            out.append(r)
            cheapest = min(cheapest, cost(r))
    return tuple(out)


def job_cost_owned(s: Scenario, per_million_tokens: float | None) -> float | None:
    tokens = s.workload.training_tokens
    if per_million_tokens is None or tokens is None:
        return None
    return per_million_tokens * tokens / 1e6


def _cheapest_way(s: Scenario, job_od: float | None, per_million: float | None) -> tuple[float, bool | None]:
    """(cost of the job the cheaper way, rent?) — renting on demand against the job's share of owning."""
    owned = job_cost_owned(s, per_million)
    options = [(v, rent) for v, rent in ((job_od, True), (owned, False)) if v is not None]
    if not options:
        return math.inf, None
    return min(options)


def _days(seconds: float) -> str:
    return f"{seconds / 86400:.1f} days" if seconds >= 86400 else f"{seconds / 3600:.1f} hours"


def recommend(s: Scenario, candidates: tuple[Candidate, ...], deadline: Mapping[str, DeadlineAnswer]) -> Recommendation:
    """One rule for every view: with a deadline, the cheapest GPU type meeting it; otherwise, among the
    candidates that fit, the one that runs the job cheapest (renting on demand or the job's share of owning,
    whichever is lower; then the fastest); without a time model, the planned GPU if it fits, else the one
    with the most headroom; if none fits, the closest one and how far it is. Among those that fit, only the
    ones with fit probability ≥ FIT_SURE_PROBABILITY compete when there are any (issue #19: a cheaper
    configuration that fits on the point estimate alone is a gamble); otherwise all, and the reason says how
    likely the chosen one is to fit."""
    # the reason names each GPU by its catalog display name, as the app and the workbook do; `gpu` stays the id
    names = {c.gpu: c.gpu_name or c.gpu for c in candidates}
    if deadline:
        return _recommend_for_deadline(s, deadline, names)
    return _recommend_at_count(s, candidates)


def _recommend_for_deadline(
    s: Scenario, deadline: Mapping[str, DeadlineAnswer], names: Mapping[str, str]
) -> Recommendation:
    met = [d for d in deadline.values() if d.gpu_count is not None]
    if not met:
        why = "; ".join(f"{names.get(d.gpu, d.gpu)}: {d.reason}" for d in deadline.values() if d.reason)
        text = f"no candidate meets the {s.workload.deadline_days:g}-day deadline ({why})"
        return Recommendation("none", None, None, text)

    def cost(d: DeadlineAnswer) -> tuple[float, float]:
        return (math.inf if d.job_cloud_on_demand is None else d.job_cloud_on_demand, d.wall_seconds or math.inf)

    sure = [d for d in met if is_sure(d.fit_probability)]
    best = min(sure or met, key=cost)
    od = best.job_cloud_on_demand
    price = "" if od is None else f", {od:,.0f} {s.cost.currency} on demand"
    return Recommendation(
        "deadline",
        best.gpu,
        best.gpu_count,
        f"{best.gpu_count:,} × {names.get(best.gpu, best.gpu)} {_verb(best.gpu_count or 0, 'meet')} the "
        f"{s.workload.deadline_days:g}-day deadline at the lowest job cost ({_days(best.wall_seconds or 0.0)}{price})"
        + _unsure_text(best.fit_probability, not sure),
        rent=True,
        unsure=not sure,
    )


def _verb(n: int, plural: str) -> str:
    """The verb agreeing with "n × GPU": "1 × RTX 4090 fits", "64 × H100 fit"."""
    return plural + "s" if n == 1 else plural


def _unsure_text(probability: float | None, unsure: bool) -> str:
    if not unsure or probability is None:
        return ""
    # rounded down, as the app shows it: 89.6% must not read "90%" under a rule that asks for 90%
    return f"; only {math.floor(100 * probability):.0f}% likely to fit, and no candidate fits more surely"


def _job_cost(s: Scenario, e: Estimate) -> tuple[float, bool | None]:
    return _cheapest_way(s, getattr(e.cost, "job_cloud_on_demand", None), getattr(e.cost, "per_million_tokens", None))


def _recommend_at_count(s: Scenario, candidates: tuple[Candidate, ...]) -> Recommendation:
    n = s.hardware.gpu_count
    estimated = [(c, c.estimate) for c in candidates if c.estimate is not None and c.estimate.memory is not None]
    fitting = [(c, e) for c, e in estimated if c.fits]
    if not fitting:
        if not estimated:
            return Recommendation("none", None, None, "no candidate GPU has an estimate")
        closest, e = max(estimated, key=lambda ce: ce[1].memory.headroom if ce[1].memory else -math.inf)
        short = -e.memory.headroom if e.memory else 0.0
        return Recommendation(
            "closest",
            closest.gpu,
            n,
            f"none fits on {n:,} GPU{'' if n == 1 else 's'}; {closest.gpu_name or closest.gpu} comes closest, "
            f"{short / 2**30:.1f} GiB short per GPU",
            shortfall_bytes=short,
        )
    sure = [(c, e) for c, e in fitting if is_sure(fit_probability_of(e))]
    unsure = not sure
    fitting = sure or fitting  # a configuration that fits with high probability beats a cheaper gamble
    timed = [(c, e) for c, e in fitting if e.time is not None and e.time.wall_seconds is not None]
    if timed:
        best, e = min(timed, key=lambda ce: (_job_cost(s, ce[1])[0], ce[1].time.wall_seconds or math.inf))  # type: ignore[union-attr]
        value, rent = _job_cost(s, e)
        how = "" if rent is None else (" renting on demand" if rent else " on owned servers")
        price = "" if not math.isfinite(value) else f" ({value:,.0f} {s.cost.currency}{how})"
        return Recommendation(
            "cheapest",
            best.gpu,
            n,
            f"{n:,} × {best.gpu_name or best.gpu} {_verb(n, 'fit')} and {_verb(n, 'run')} the job at the lowest "
            f"cost among the candidates{price}" + _unsure_text(fit_probability_of(e), unsure),
            rent=rent,
            unsure=unsure,
        )
    primary = next((c for c, _ in fitting if c.gpu == s.hardware.gpu), None)
    roomiest = max(fitting, key=lambda ce: ce[1].memory.headroom if ce[1].memory else -math.inf)[0]
    chosen = primary or roomiest
    return Recommendation(
        "fits",
        chosen.gpu,
        n,
        f"{n:,} × {chosen.gpu_name or chosen.gpu} {_verb(n, 'fit')} with the most room among the candidates"
        + _unsure_text(fit_probability_of(chosen.estimate), unsure),
        unsure=unsure,
    )


def plan(s: Scenario, catalog: Catalog, *, stop: StopCheck | None = None, sweep: bool = True) -> Plan:
    """The whole Plan. `stop()` is polled between estimates; when it turns true, `Cancelled` is raised."""
    from .deadline import smallest_counts
    from .engine import estimate, resolve_target
    from .plan_batch import fill_breakdowns, solve_limits
    from .planner import CountMemo, MemoryMemo

    def check() -> None:
        if stop is not None and stop():
            raise Cancelled

    candidates: list[Candidate] = []
    # one memo per candidate: its estimate, the sweep, the deadline search and the deadline row share searches
    # and estimates; the layout grids' memory does not depend on the GPU type, so all candidates share it
    shared = MemoryMemo()
    if sweep:  # the scenario's count is a sweep count: its whole grid serves every candidate
        shared.whole_counts.add(s.hardware.gpu_count)
    memos = {gid: CountMemo(catalog.gpus[gid].id, shared) for gid in s.hardware.compared_gpus if gid in catalog.gpus}
    solve_limits(s, catalog, memos, shared, check)
    for gid in s.hardware.compared_gpus:
        check()
        gpu = catalog.gpus.get(gid)
        if gpu is None:
            candidates.append(Candidate(gid, gid, None, f"{gid!r} is not in the hardware catalog"))
            continue
        try:
            candidates.append(Candidate(gid, gpu.name, estimate(s, catalog, gid, memo=memos[gid])))
        except InputError as err:
            candidates.append(Candidate(gid, gpu.name, None, str(err)))
    usable = [c for c in candidates if c.estimate is not None]
    rows: list[SweepRow] = []
    has_time = any(c.estimate.time is not None for c in usable)  # type: ignore[union-attr]
    per_node = {c.gpu: resolve_target(s, catalog, c.gpu).gpus_per_node for c in usable}

    def row_at(c: Candidate, n: int) -> SweepRow | None:
        check()
        if n == s.hardware.gpu_count:
            return _row(c.gpu, n, c.estimate)  # type: ignore[arg-type]
        try:
            return _row(c.gpu, n, estimate(_with_count(s, n), catalog, c.gpu, limits=False, memo=memos[c.gpu]))
        except InputError:
            return None  # a count the scenario's keys rule out is not on the curve

    if sweep and has_time:
        by_node = {n: sweep_counts(s, n) for n in set(per_node.values())}
        counts = {c.gpu: by_node[per_node[c.gpu]] for c in usable}
        # every GPU type asks for the sweep's counts: their whole layout grids are evaluated once and shared
        shared.whole_counts.update(n for ns in counts.values() for n in ns)
        for c in usable:
            check()
            memos[c.gpu].prefill(s, resolve_target(s, catalog, c.gpu), counts[c.gpu])
        fill_breakdowns(s, catalog, counts, memos, shared)  # every GPU type's rows' memory in one call
        for c in usable:
            rows += [r for r in (row_at(c, n) for n in counts[c.gpu]) if r is not None]
    deadline: dict[str, DeadlineAnswer] = {}
    days = s.workload.deadline_days if s.workload.is_training else None
    if days is not None:
        # the sweep's rows are the doubling steps of the deadline search: reuse their walls
        known = {
            c.gpu: {r.gpu_count: (r.wall_seconds if r.fits else None) for r in rows if r.gpu == c.gpu} for c in usable
        }
        # all GPU types' searches step together (their layout searches share memory calls): the same answers
        found = smallest_counts(s, catalog, days, known, {c.gpu: memos[c.gpu] for c in usable}, between=check)
        for c in usable:
            check()
            d = found[c.gpu]
            at = next((r for r in rows if r.gpu == c.gpu and r.gpu_count == d.gpu_count), None)
            if sweep and has_time and d.gpu_count is not None and d.gpu_count not in known[c.gpu]:
                at = row_at(c, d.gpu_count)
                if at is not None:
                    rows.append(at)
            deadline[c.gpu] = DeadlineAnswer(
                d.gpu,
                d.gpu_count,
                d.wall_seconds,
                d.job_cloud_on_demand,
                d.onprem_tco,
                d.layout,
                d.reason,
                fit_probability=at.fit_probability if at is not None else None,
            )
    rows.sort(key=lambda r: (s.hardware.compared_gpus.index(r.gpu), r.gpu_count))
    sweep_rows = tuple(rows)
    return Plan(
        scenario=s,
        candidates=tuple(candidates),
        sweep=sweep_rows,
        deadline=deadline,
        pareto=pareto_front(sweep_rows),
        recommendation=recommend(s, tuple(candidates), deadline),
        catalog=catalog,
    )
