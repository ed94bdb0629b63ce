"""The layout planner (spec §2 "planner"): every valid parallel layout for a GPU type and count, ranked.

The search is vectorised: all combinations of TP × PP × CP × EP × ZeRO × micro-batch × recompute that obey
the layout rules (`scenario_io.layout_problem`) are built as numpy arrays, and memory
(`memory.training_components`) and step time (`throughput.step_times`) are evaluated once each over all of
them (memory on the broadcast axes of `core/layout_grid.py`, shared by one Plan's GPU types; step time on the
layouts that fit). Keys the scenario gives are fixed; absent keys (None) are searched:

- tp: divisors of the node size (tensor parallel stays within a node) that divide the attention heads and
  divide the KV heads or are a multiple of them;
- pp: divisors of gpu_count / (tp·cp) up to the number of layers (uneven stages allowed: ceil(L/pp) layers on
  the fullest stage); with vpp > 1 only pp ≥ 2 with pp·vpp at most the layers;
- cp: powers of two up to 16 that divide the sequence length;
- ep: divisors of the experts (MoE only) that divide dp·cp, or tp·dp·cp with whole experts per rank (MoE
  parallel folding, core/moe_kernels.expert_tensor_parallel);
- zero 0–3; micro-batch powers of two up to 64 (global_batch a multiple of micro_batch·dp when given);
  recompute none / selective / full.

Layouts that do not fit (peak + overhead above the GPU's memory) are dropped; the rest are ranked by tokens/s
(throughput model), and layouts within 0.1% of each other by fewer peers across nodes, then lower memory.
The smallest GPU count that meets a deadline is `core/deadline.py`'s search over this one. A Plan asks only
for the best layout at each count: `core/layout_rank.py` finds the same one with less work (`CountMemo.best`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .layout_grid import (  # noqa: F401  (re-exported: the planner's public names and its tests' helpers)
    CONTEXT_PARALLEL,
    LAYOUT_KEYS,
    MICRO_BATCHES,
    ZERO_STAGES,
    LayoutGrid,
    MemoryMemo,
    _divisors,
    _grid_memory,
    _prime_factors,
    layout_grid,
)
from .layout_rank import (  # noqa: F401  (RANK_TOLERANCE: re-exported)
    RANK_TOLERANCE,
    best_fitting,
    best_fitting_at_counts,
    first_lexmin,
    training_rank_keys,
)
from .layout_rank import cross_node_peers as _cross_node_peers
from .memory import GIB, memory_for
from .recompute import RECOMPUTE_NAMES
from .results import Estimate, Layout
from .scenario import Scenario
from .throughput import step_times
from .training_time import estimate_time, rates_for

if TYPE_CHECKING:
    from .catalog import Catalog
    from .engine import Target


# --- results -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LayoutMemory:
    total: float  # peak bytes per GPU, worst pipeline stage
    overhead: float  # CUDA context, NCCL, fragmentation
    headroom: float  # capacity − total − overhead
    fits: bool


@dataclass(frozen=True)
class LayoutTime:
    tokens_per_second: float | None
    step_seconds: float | None
    mfu: float | None
    wall_seconds: float | None  # whole run, goodput losses included


@dataclass(frozen=True)
class RankedLayout:
    layout: Layout
    memory: LayoutMemory
    time: LayoutTime
    cross_node_peers: int  # GPUs each GPU talks to in another node (TP, CP, DP, PP groups)


@dataclass(frozen=True)
class PlanResult:
    gpu: str
    gpu_count: int
    searched: int  # valid layouts evaluated
    feasible: int  # of those, the ones that fit in memory
    layouts: tuple[RankedLayout, ...]  # the best `top` feasible layouts, fastest first
    reason: str | None = None  # why nothing fits (layouts empty)

    @property
    def best(self) -> RankedLayout | None:
        return self.layouts[0] if self.layouts else None


# --- the vectorised search -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Search:
    """All valid layouts of one target as arrays (one entry per layout), with memory and time."""

    tp: np.ndarray
    pp: np.ndarray
    cp: np.ndarray
    ep: np.ndarray
    dp: np.ndarray
    zero: np.ndarray
    micro_batch: np.ndarray
    recompute: np.ndarray  # codes of core/recompute.py
    vpp: int
    sequence_parallel: bool | None  # None: tp > 1
    total: np.ndarray
    overhead: np.ndarray
    capacity: float
    cross_node: np.ndarray
    model_tps: np.ndarray | None  # the throughput model's tokens/s (ranking); None for inference
    tokens_per_second: np.ndarray | None  # reported (workload.mfu applied when given)
    step_seconds: np.ndarray | None
    mfu: np.ndarray | None

    @property
    def size(self) -> int:
        return int(self.tp.size)

    @property
    def fits(self) -> np.ndarray:
        return self.total + self.overhead <= self.capacity

    def layout(self, i: int) -> Layout:
        tp = int(self.tp[i])
        sp = self.sequence_parallel if self.sequence_parallel is not None else tp > 1
        return Layout(
            tp=tp,
            pp=int(self.pp[i]),
            cp=int(self.cp[i]),
            ep=int(self.ep[i]),
            dp=int(self.dp[i]),
            zero=int(self.zero[i]),
            micro_batch=int(self.micro_batch[i]),
            recompute=RECOMPUTE_NAMES[int(self.recompute[i])],
            vpp=self.vpp,
            sequence_parallel=sp,
        )

    def _rank_keys(self, idx: np.ndarray) -> tuple[np.ndarray, ...]:
        """`np.lexsort` keys of the layouts `idx`, the primary key last."""
        mem = (self.total + self.overhead)[idx]
        if self.model_tps is None:  # inference: most replicas (fewest GPUs per replica), TP before PP
            return mem, self.pp[idx], self.tp[idx] * self.pp[idx]
        return training_rank_keys(mem, self.cross_node[idx], self.model_tps[idx])

    def best_index(self) -> int | None:
        """`ranked()[0]` without sorting: the lexicographic minimum of the same keys, the first index among
        equals (lexsort is stable); None when nothing fits."""
        idx = np.flatnonzero(self.fits)
        if idx.size == 0:
            return None
        return int(idx[first_lexmin(self._rank_keys(idx))])

    def ranked(self) -> np.ndarray:
        """Indices of the fitting layouts, best first."""
        idx = np.flatnonzero(self.fits)
        if idx.size == 0:
            return idx
        return idx[np.lexsort(self._rank_keys(idx))]


def candidate_layouts(s: Scenario, target: Target) -> dict[str, np.ndarray]:
    """Every valid combination of the layout keys as int64 arrays (tp, pp, cp, ep, dp, zero, micro_batch,
    recompute); given keys fixed."""
    return layout_grid(s, target).flat()


def search(s: Scenario, target: Target, *, fitting_only: bool = False, shared: MemoryMemo | None = None) -> Search:
    """Evaluate memory and time of every valid layout of the target in one vectorised call each.

    `fitting_only` keeps only the layouts that fit (memory is evaluated for all, time only for those): the best
    layout and the ranking are the same, since `Search.ranked` ranks only fitting layouts and every formula is
    elementwise per layout; it saves the step-time model on the layouts that do not fit (most of them on small
    counts). The GPU-count sweep and the deadline search use it. `shared`: one Plan's memory of the grids
    already evaluated at this count (for another GPU type)."""
    grid = layout_grid(s, target)
    c = grid.flat()
    w, model = s.workload, s.model
    capacity = float(target.gpu.memory_bytes)
    sp = s.parallel.sequence_parallel
    if w.method == "inference":
        cross = _cross_node_peers(c["tp"], c["cp"], c["dp"], c["pp"], target.gpus_per_node)
        total = np.empty(c["tp"].size)
        overhead = np.empty(c["tp"].size)
        for i, (tp, pp) in enumerate(zip(c["tp"], c["pp"], strict=True)):
            lay = Layout(tp=int(tp), pp=int(pp), dp=int(c["dp"][i]))
            br = memory_for(model, w, lay, capacity, target.gpu_count, solve_limits=False)
            total[i], overhead[i] = br.total, br.overhead
        return Search(
            vpp=1,
            sequence_parallel=sp,
            capacity=capacity,
            total=total,
            overhead=overhead,
            cross_node=cross,
            model_tps=None,
            tokens_per_second=None,
            step_seconds=None,
            mfu=None,
            **c,
        )
    total, overhead = shared.memory(s, target, grid) if shared is not None else _grid_memory(s, target, grid)
    if fitting_only:
        keep = total + overhead <= capacity  # as Search.fits
        c, total, overhead = {k: v[keep] for k, v in c.items()}, total[keep], overhead[keep]
    return _timed(s, target, c, total, overhead)


def _timed(s: Scenario, target: Target, c: dict[str, np.ndarray], total: np.ndarray, overhead: np.ndarray) -> Search:
    """The training Search of layouts `c` with their memory: step time, tokens/s and MFU of each."""
    w, model = s.workload, s.model
    vpp, sp = s.parallel.vpp, s.parallel.sequence_parallel
    cross = _cross_node_peers(c["tp"], c["cp"], c["dp"], c["pp"], target.gpus_per_node)
    layout_args = {k: c[k] for k in ("tp", "pp", "cp", "ep", "dp", "zero", "micro_batch", "recompute")}
    rates = rates_for(s, target)
    gb = np.full(c["tp"].shape, float(w.global_batch)) if w.global_batch else (c["micro_batch"] * c["dp"]).astype(float)
    st = step_times(model, w, rates, **layout_args, vpp=vpp, global_batch=gb, sequence_parallel=sp)
    tokens_step = gb * w.seq_len
    gpus = (c["tp"] * c["pp"] * c["cp"] * c["dp"]).astype(float)
    # model FLOPs per token as the throughput model counts them for this method (LoRA: frozen base)
    fpt = np.asarray(st.model_flops_per_step, dtype=float) / tokens_step
    peak = rates.peak_flops * gpus
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        model_tps = tokens_step / np.asarray(st.step_seconds, dtype=float)
        if w.mfu is not None:
            tps = w.mfu * peak / fpt
            step = tokens_step / tps
        else:
            tps, step = model_tps, np.asarray(st.step_seconds, dtype=float)
        mfu = tps * fpt / peak
    return Search(
        vpp=vpp,
        sequence_parallel=sp,
        capacity=float(target.gpu.memory_bytes),
        total=total,
        overhead=overhead,
        cross_node=cross,
        model_tps=model_tps,
        tokens_per_second=tps,
        step_seconds=step,
        mfu=mfu,
        **c,
    )


def score_layout(s: Scenario, target: Target, layout: Layout) -> tuple[float, float, float | None]:
    """The scalar path for one layout: (peak bytes, overhead bytes, step seconds). For the benchmark's
    baseline and for checks; the planner itself never loops over layouts."""
    w = s.workload
    br = memory_for(s.model, w, layout, float(target.gpu.memory_bytes), target.gpu_count, solve_limits=False)
    if not w.is_training:
        return br.total, br.overhead, None
    rates = rates_for(s, target)
    st = step_times(
        s.model,
        w,
        rates,
        **layout.arguments(),
        global_batch=w.global_batch or layout.micro_batch * layout.dp,
    )
    return br.total, br.overhead, float(np.asarray(st.step_seconds))


def all_keys_given(s: Scenario) -> bool:
    p, w = s.parallel, s.workload
    if w.method == "inference":
        return p.tp is not None and p.pp is not None
    return None not in (p.tp, p.pp, p.cp, p.zero, w.micro_batch, w.recompute) and (
        p.ep is not None or not s.model.is_moe
    )


class CountMemo:
    """What one Plan already computed for one GPU type of one scenario at each GPU count: the best fitting layout
    (None: nothing fits) and the sweep-row estimate (`limits=False`). The sweep, the deadline search and the
    deadline answer's row ask for the same counts; each is searched and estimated once. Only valid for scenarios
    that differ in `hardware.gpu_count` alone, on one catalog: `core/plan.py` makes one per candidate per Plan
    (never shared across Plans, so a benchmark that repeats a Plan times all of its work)."""

    def __init__(self, gpu_id: str, shared: MemoryMemo | None = None) -> None:
        self.gpu_id = gpu_id
        self.shared = shared  # the Plan's layout memory, shared by its GPU types
        self.layouts: dict[int, Layout | None] = {}
        self.estimates: dict[int, Estimate] = {}

    def best(self, s: Scenario, target: Target) -> Layout | None:
        """The fastest fitting layout at the target's count (searched once)."""
        assert target.gpu.id == self.gpu_id, "a CountMemo holds one GPU type"
        n = target.gpu_count
        if n not in self.layouts:
            if s.workload.method == "inference":
                found = search(s, target, fitting_only=True, shared=self.shared)
                i = found.best_index()
                self.layouts[n] = found.layout(i) if i is not None else None
            else:  # the same answer with less work (layout_rank.py)
                self.layouts[n] = best_fitting(s, target, self.shared)
        return self.layouts[n]

    def prefill(self, s: Scenario, target: Target, counts: tuple[int, ...]) -> None:
        """The best layouts at all `counts` at once (the sweep's; one step-time call, layout_rank.py); the
        target's GPU count is replaced by each."""
        assert target.gpu.id == self.gpu_id and self.shared is not None, "a Plan's memo of one GPU type"
        todo = tuple(n for n in counts if n not in self.layouts)
        if todo and s.workload.is_training and not all_keys_given(s):
            self.layouts.update(best_fitting_at_counts(s, target, todo, self.shared))


def best_layout(s: Scenario, target: Target, memo: CountMemo | None = None) -> Layout | None:
    """The fastest layout that fits; the given layout when the scenario gives every key; None when nothing
    fits (the engine then uses the plain defaults and reports that they do not fit)."""
    if all_keys_given(s):
        from .engine import given_layout

        return given_layout(s, target)
    return (memo or CountMemo(target.gpu.id)).best(s, target)


def _fmt_layout(lay: Layout) -> str:
    return (
        f"tp={lay.tp} pp={lay.pp} cp={lay.cp} ep={lay.ep} dp={lay.dp} zero={lay.zero} "
        f"micro_batch={lay.micro_batch} recompute={lay.recompute}"
    )


def nothing_fits_reason(s: Scenario, target: Target, found: Search) -> str:
    where = f"{target.gpu_count} × {target.gpu.id}"
    if found.size == 0:
        rules = "dp = gpu_count / (tp × pp × cp) whole"
        if s.workload.is_training and s.workload.global_batch:
            rules += ", global_batch a multiple of micro_batch × dp"
        if s.model.is_moe:
            rules += ", ep dividing dp × cp or tp × dp × cp"
        return f"no layout of {where} obeys the layout rules with the keys given ({rules})"
    need = found.total + found.overhead
    i = int(np.argmin(need))
    return (
        f"none of the {found.size:,} layouts of {where} fits in {found.capacity / GIB:.1f} GiB per GPU; "
        f"the smallest needs {need[i] / GIB:.1f} GiB ({_fmt_layout(found.layout(i))}): "
        f"use more GPUs, a larger GPU, or leave more parallel keys to the planner"
    )


# --- plan ----------------------------------------------------------------------------------------------


def _ranked_entry(s: Scenario, target: Target, found: Search, i: int, catalog: Catalog) -> RankedLayout:
    lay = found.layout(i)
    total, overhead = float(found.total[i]), float(found.overhead[i])
    mem = LayoutMemory(
        total=total,
        overhead=overhead,
        headroom=found.capacity - total - overhead,
        fits=bool(total + overhead <= found.capacity),
    )
    if found.tokens_per_second is None:
        time = LayoutTime(None, None, None, None)
    else:
        t, _ = estimate_time(s, target, lay, None, catalog)
        time = LayoutTime(
            tokens_per_second=t.tokens_per_second, step_seconds=t.step_seconds, mfu=t.mfu, wall_seconds=t.wall_seconds
        )
    return RankedLayout(layout=lay, memory=mem, time=time, cross_node_peers=int(found.cross_node[i]))


def plan(s: Scenario, catalog: Catalog, gpu_id: str | None = None, top: int | None = 10) -> PlanResult:
    """Rank the fitting layouts of the scenario's GPU type and count (`top` best; None: all). The deadline
    answers and the Pareto set are the Plan's (core/plan.py)."""
    from .engine import resolve_target

    target = resolve_target(s, catalog, gpu_id)
    found = search(s, target)
    order = found.ranked()
    chosen = order if top is None else order[: max(top, 0)]
    layouts = tuple(_ranked_entry(s, target, found, int(i), catalog) for i in chosen)
    reason = None if order.size else nothing_fits_reason(s, target, found)
    return PlanResult(
        gpu=target.gpu.id,
        gpu_count=target.gpu_count,
        searched=found.size,
        feasible=int(order.size),
        layouts=layouts,
        reason=reason,
    )
