"""What makes a workload fit that fits nowhere: concrete changes, each re-estimated through the engine.

Instead of generic advice ("shard more, recompute, add GPUs") that may repeat what is already set, each
change below is applied to the scenario and estimated on the GPU that came closest; only the ones after which
the workload fits are returned, fastest first. A change that repeats the scenario's own value is not tried.
Pure: no Qt; the app runs it in its worker, the CLI can print it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .errors import InputError
from .results import Estimate
from .scenario import Parallel, Scenario
from .scenario_io import parse_scenario, scenario_to_dict

if TYPE_CHECKING:
    from .catalog import Catalog

StopCheck = Callable[[], bool]

# "more GPUs" doubles the count this many times at most (8 → 2,048 from one node)
MAX_DOUBLINGS = 8

# The kinds, in the order they are tried (the UI names each one; `value` carries the number where there is one):
#   recompute-auto, layout-auto, recompute-full, zero-3, micro-batch-1, chunked-loss, optimizer-8bit,
#   offload-optimizer, more-gpus, all-savers
KINDS = (
    "recompute-auto",
    "layout-auto",
    "recompute-full",
    "zero-3",
    "micro-batch-1",
    "chunked-loss",
    "optimizer-8bit",
    "offload-optimizer",
    "more-gpus",
    "all-savers",
)


@dataclass(frozen=True)
class FitChange:
    """One change to the scenario, and the estimate on `gpu` after it."""

    kind: str
    scenario: Scenario
    gpu: str
    estimate: Estimate
    value: int | None = None  # more-gpus: the GPU count

    @property
    def memory_bytes(self) -> float:
        """What nvidia-smi would show per GPU after the change (allocated peak + overhead)."""
        m = self.estimate.memory
        return 0.0 if m is None else m.total + m.overhead

    @property
    def capacity_bytes(self) -> float:
        m = self.estimate.memory
        return 0.0 if m is None else m.capacity

    @property
    def wall_seconds(self) -> float | None:
        t = self.estimate.time
        return None if t is None else t.wall_seconds


def _wl(s: Scenario, **changes: object) -> Scenario:
    return replace(s, workload=replace(s.workload, **changes))  # type: ignore[arg-type]


def _single_changes(s: Scenario) -> list[tuple[str, Scenario]]:
    w, p = s.workload, s.parallel
    out: list[tuple[str, Scenario]] = []
    if w.recompute is not None:
        out.append(("recompute-auto", _wl(s, recompute=None)))
    if any(v is not None for v in (p.tp, p.pp, p.cp, p.ep, p.zero)) or w.micro_batch is not None:
        out.append(("layout-auto", _wl(replace(s, parallel=Parallel(vpp=p.vpp)), micro_batch=None)))
    if w.recompute not in ("full", None):
        out.append(("recompute-full", _wl(s, recompute="full", recompute_every=1)))
    if p.zero is not None and p.zero < 3:
        out.append(("zero-3", replace(s, parallel=replace(p, zero=3))))
    if w.micro_batch is not None and w.micro_batch > 1:
        out.append(("micro-batch-1", _wl(s, micro_batch=1)))
    if not w.chunked_loss:
        out.append(("chunked-loss", _wl(s, chunked_loss=True)))
    if w.optimizer == "adamw":
        out.append(("optimizer-8bit", _wl(s, optimizer="adamw8bit")))
    if w.offload == "none" and not w.is_lora:
        out.append(("offload-optimizer", _wl(s, offload="optimizer")))
    return out


def _all_savers(s: Scenario) -> Scenario:
    """Every memory saver at once, the layout left to the planner."""
    w = s.workload
    return _wl(
        replace(s, parallel=Parallel(vpp=s.parallel.vpp)),
        recompute="full",
        recompute_every=1,
        micro_batch=None,
        chunked_loss=True,
        optimizer="adamw8bit" if w.optimizer == "adamw" else w.optimizer,
    )


def _valid(s: Scenario) -> Scenario | None:
    """The scenario as a saved file reads it back, or None when the change makes it invalid (e.g. a global
    batch that is no longer a multiple of micro-batch × dp)."""
    try:
        return parse_scenario(scenario_to_dict(s))
    except InputError:
        return None


def _estimate(s: Scenario, catalog: Catalog, gpu: str) -> Estimate | None:
    from .engine import estimate

    try:
        return estimate(s, catalog, gpu, limits=False)
    except InputError:
        return None


def _fits(e: Estimate | None) -> bool:
    return e is not None and e.memory is not None and e.memory.fits


def fit_changes(
    s: Scenario, catalog: Catalog, gpu: str, *, stop: StopCheck | None = None, limit: int = 4
) -> tuple[FitChange, ...]:
    """Up to `limit` single changes after which the workload fits on `gpu`, fastest first (without any, all
    memory savers together, if that fits); then the smallest doubling of the GPU count that fits.
    `stop()` is polled between estimates (returns what was found so far)."""
    if not s.workload.is_training:
        return ()
    found: list[FitChange] = []

    def stopped() -> bool:
        return stop is not None and stop()

    for kind, variant in _single_changes(s):
        if stopped():
            return tuple(found)
        v = _valid(variant)
        e = _estimate(v, catalog, gpu) if v is not None else None
        if v is not None and e is not None and _fits(e):
            found.append(FitChange(kind, v, gpu, e))
    found.sort(key=lambda c: (c.wall_seconds is None, c.wall_seconds or 0.0, c.memory_bytes))
    found = _distinct(found)[:limit]
    if not found and not stopped():  # no single change is enough: all of them together, on the same GPUs
        v = _valid(_all_savers(s))
        e = _estimate(v, catalog, gpu) if v is not None else None
        if v is not None and e is not None and _fits(e):
            found.append(FitChange("all-savers", v, gpu, e))
    more = _more_gpus(s, catalog, gpu, stopped)
    if more is not None:
        found.append(more)
    return tuple(found)


def _distinct(changes: list[FitChange]) -> list[FitChange]:
    """One change per outcome: "recompute chosen by the planner" and "full recompute" often land on the same
    layout; the first (the one tried first, see KINDS) stays."""
    order = {k: i for i, k in enumerate(KINDS)}
    seen: dict[tuple[float, float | None], FitChange] = {}
    for c in sorted(changes, key=lambda c: order[c.kind]):
        seen.setdefault((c.memory_bytes, c.wall_seconds), c)
    kept = set(map(id, seen.values()))
    return [c for c in changes if id(c) in kept]


def _more_gpus(s: Scenario, catalog: Catalog, gpu: str, stopped: Callable[[], bool]) -> FitChange | None:
    """The smallest doubling of the GPU count (the layout left to the planner when the count changes it)."""
    n = s.hardware.gpu_count
    for _ in range(MAX_DOUBLINGS):
        if stopped():
            return None
        n *= 2
        variant = replace(s, hardware=dataclasses.replace(s.hardware, gpu=gpu, gpu_count=n))
        v = _valid(variant)
        if v is None:
            v = _valid(replace(variant, parallel=Parallel(vpp=s.parallel.vpp)))
        e = _estimate(v, catalog, gpu) if v is not None else None
        if v is not None and e is not None and _fits(e):
            return FitChange("more-gpus", v, gpu, e, value=n)
    return None
