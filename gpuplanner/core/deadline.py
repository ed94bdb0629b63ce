"""The smallest whole-node GPU count of a GPU type that meets `workload.deadline_days` (spec §2 "planner").

Node counts double until one meets the deadline (the best layout's wall clock, goodput losses included), then
bisection between the last miss and the first hit. Counts are whole nodes that the scenario's fixed layout keys
divide; a count with no valid layout at all is stepped over so that the bisection stays monotone.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .planner import CountMemo, layout_grid
from .results import Layout
from .scenario import Scenario
from .training_time import estimate_time

if TYPE_CHECKING:
    from .catalog import Catalog
    from .engine import Target

# The deadline search gives up beyond this many GPUs.
MAX_DEADLINE_GPUS = 1 << 20


@dataclass(frozen=True)
class DeadlineResult:
    """The smallest whole-node GPU count of one GPU type that finishes within the deadline."""

    gpu: str
    gpu_count: int | None  # None: no count up to MAX_DEADLINE_GPUS meets it
    wall_seconds: float | None
    job_cloud_on_demand: float | None  # None: no cost model or no on-demand price
    layout: Layout | None
    reason: str | None = None  # why gpu_count is None
    onprem_tco: float | None = None  # owning that many GPUs over the horizon


def _batch_cap(s: Scenario, fixed: int, fastest_at: int) -> str:
    """Why more GPUs cannot help, when the scenario's own keys say it: every data-parallel rank needs at least one
    micro-batch of the global batch, so with the layout keys given the GPU count is capped (users copying a
    pinned layout from an example otherwise only see the search's ceiling). Said only where that cap is what
    stopped the search: the fastest count lies within one doubling of it."""
    w, p = s.workload, s.parallel
    if w.global_batch is None or p.tp is None and p.pp is None and p.cp is None:
        return ""
    cap = w.global_batch // (w.micro_batch or 1) * fixed
    if cap >= 2 * fastest_at:
        return ""
    lead = "; "
    keys = ", ".join(f"{name} {value}" for name, value in (("tp", p.tp), ("pp", p.pp), ("cp", p.cp)) if value)
    per = f"micro-batch {w.micro_batch} × " if w.micro_batch else ""
    return (
        f"{lead}the scenario's global batch {w.global_batch:,} ({per}data-parallel ranks) with its {keys} allows at "
        f"most {cap:,} GPUs: a larger global batch or leaving the layout to the planner lets more GPUs work"
    )


def _with_count(s: Scenario, count: int) -> Scenario:
    return dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=count))


def _valid_between(
    s: Scenario, base: Target, step_gpus: int, lo: int, hi: int, memo: CountMemo | None = None
) -> int | None:
    """The node-step count nearest the middle of (lo, hi) that has a valid layout at all (given keys and
    global_batch can rule out whole counts, which would break the bisection's monotonicity); None if none."""
    mid = (lo + hi) // 2
    for offset in range(hi - lo):
        for k in (mid + offset, mid - offset) if offset else (mid,):
            if lo < k < hi:
                count = k * step_gpus
                sc, target = _with_count(s, count), dataclasses.replace(base, gpu_count=count)
                shared = memo.shared if memo is not None else None
                grid = shared.grid(sc, target) if shared is not None else layout_grid(sc, target)
                if grid.valid.any():
                    return k
    return None


def smallest_count(
    s: Scenario,
    catalog: Catalog,
    gpu_id: str,
    deadline_days: float,
    known: Mapping[int, float | None] | None = None,
    memo: CountMemo | None = None,
) -> DeadlineResult:
    """The smallest whole-node GPU count of `gpu_id` whose best layout fits and finishes within the deadline:
    node counts double until one meets it, then bisection between the last miss and the first hit. `known`
    holds wall seconds already estimated per GPU count (None: nothing fits there), e.g. the Plan's sweep; `memo`
    the Plan's layouts and estimates of this GPU type (planner.CountMemo)."""
    steps = _steps(s, catalog, gpu_id, deadline_days, known, memo or CountMemo(gpu_id))
    try:
        while True:
            next(steps)  # the count's best layout: the memo searches it when asked
    except StopIteration as finished:
        result: DeadlineResult = finished.value
        return result


def smallest_counts(
    s: Scenario,
    catalog: Catalog,
    deadline_days: float,
    known: Mapping[str, Mapping[int, float | None]],
    memos: Mapping[str, CountMemo],
    between: Callable[[], None] | None = None,
) -> dict[str, DeadlineResult]:
    """`smallest_count` for each GPU type of `memos` (one Plan's, sharing one MemoryMemo), the searches stepping
    in lockstep: at each step the best layouts that all of them need next are found together
    (`layout_rank.best_fitting_many`: one memory call per round for all GPU types), the same layouts as one by
    one. Each search's steps, and so its answer, are `smallest_count`'s. `between()` is called before each step
    (the Plan's cancel check)."""
    from .layout_rank import best_fitting_many

    searches = {g: _steps(s, catalog, g, deadline_days, known.get(g), memo) for g, memo in memos.items()}
    results: dict[str, DeadlineResult] = {}
    pending: dict[str, Target] = {}

    def advance(g: str) -> None:
        try:
            pending[g] = next(searches[g])
        except StopIteration as finished:
            results[g] = finished.value

    for g in searches:
        advance(g)
    shared = next((m.shared for m in memos.values() if m.shared is not None), None)
    while pending:
        if between is not None:
            between()
        asked = list(pending.items())
        pending.clear()
        if shared is not None and s.workload.is_training:
            for (g, target), layout in zip(asked, best_fitting_many(s, [t for _, t in asked], shared), strict=True):
                memos[g].layouts[target.gpu_count] = layout
        for g, _ in asked:
            advance(g)
    return {g: results[g] for g in memos}


def _steps(
    s: Scenario,
    catalog: Catalog,
    gpu_id: str,
    deadline_days: float,
    known: Mapping[int, float | None] | None,
    memo: CountMemo,
) -> Generator[Target, None, DeadlineResult]:
    """The search of `smallest_count`, yielding each target (GPU type and count) whose best layout it needs and
    `memo` does not hold yet, before it asks `memo` for it: a caller may put it there first."""
    from .engine import estimate, resolve_target

    base = resolve_target(s, catalog, gpu_id)
    per_node = base.gpus_per_node
    p = s.parallel
    fixed = (p.tp or 1) * (p.pp or 1) * (p.cp or 1)
    step_gpus = per_node * fixed // math.gcd(per_node, fixed)  # whole nodes that the given keys divide
    limit = deadline_days * 86400.0
    walls: dict[int, float | None] = dict(known or {})

    def wall_at(k: int) -> Generator[Target, None, float | None]:
        count = k * step_gpus
        if count not in walls:
            sc = _with_count(s, count)
            target = dataclasses.replace(base, gpu_count=count)
            if count not in memo.layouts:
                yield target
            best = memo.best(sc, target)
            if best is None:
                walls[count] = None
            else:
                t, _ = estimate_time(sc, target, best, None, catalog)
                walls[count] = t.wall_seconds
        return walls[count]

    def ok(k: int) -> Generator[Target, None, bool]:
        wall = yield from wall_at(k)
        return wall is not None and wall <= limit

    k = 1
    while not (yield from ok(k)):
        if 2 * k * step_gpus > MAX_DEADLINE_GPUS:
            reached = [(w_, c) for c, w_ in walls.items() if w_ is not None]
            if reached:
                best_wall, at = min(reached)
                why = (
                    f"no count up to {k * step_gpus:,} GPUs finishes within {deadline_days:g} days "
                    f"(fastest: {best_wall / 86400:.1f} days on {at:,} GPUs{_batch_cap(s, fixed, at)})"
                )
            else:
                why = f"no layout fits on any count up to {k * step_gpus:,} GPUs"
            return DeadlineResult(
                gpu=base.gpu.id, gpu_count=None, wall_seconds=None, job_cloud_on_demand=None, layout=None, reason=why
            )
        k *= 2
    lo, hi = k // 2, k  # lo misses (or is 0), hi meets
    while hi - lo > 1:
        mid = _valid_between(s, base, step_gpus, lo, hi, memo)
        if mid is None:  # no count between them has a valid layout at all: hi is the smallest
            break
        if (yield from ok(mid)):
            hi = mid
        else:
            lo = mid
    count = hi * step_gpus
    est = estimate(_with_count(s, count), catalog, gpu_id, limits=False, memo=memo)
    cost = getattr(est.cost, "job_cloud_on_demand", None) if est.cost is not None else None
    wall = est.time.wall_seconds if est.time is not None else walls[count]
    return DeadlineResult(
        gpu=base.gpu.id,
        gpu_count=count,
        wall_seconds=wall,
        job_cloud_on_demand=cost,
        layout=est.layout,
        onprem_tco=getattr(est.cost, "onprem_tco", None),
    )
