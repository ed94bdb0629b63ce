"""The layout planner (spec §2 "planner"): every valid parallel layout for a GPU type and count, ranked.

The search is vectorised: all combinations of TP × PP × CP × EP × ZeRO × micro-batch × recompute that obey
the layout rules (`scenario_io.layout_problem`) are built as numpy arrays, and memory
(`memory.training_components`) and step time (`throughput.step_times`) are evaluated once each over all of
them. Keys the scenario gives are fixed; absent keys (None) are searched:

- tp: divisors of the node size (tensor parallel stays within a node) that divide the attention heads and
  divide the KV heads or are a multiple of them;
- pp: divisors of gpu_count / (tp·cp) up to the number of layers (uneven stages allowed: ceil(L/pp) layers on
  the fullest stage); with vpp > 1 only pp ≥ 2 with pp·vpp at most the layers;
- cp: powers of two up to 16 that divide the sequence length;
- ep: divisors of the experts (MoE only) that divide dp·cp;
- zero 0–3; micro-batch powers of two up to 64 (global_batch a multiple of micro_batch·dp when given);
  recompute none / selective / full.

Layouts that do not fit (peak + overhead above the GPU's memory) are dropped; the rest are ranked by tokens/s
(throughput model), and layouts within 0.1% of each other by fewer peers across nodes, then lower memory.
The smallest GPU count that meets a deadline is `core/deadline.py`'s search over this one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .framework import profile
from .memory import GIB, RECOMPUTE_CODES, memory_for, training_components
from .recompute import RECOMPUTE_NAMES
from .results import Estimate, Layout
from .scenario import Scenario
from .throughput import step_times
from .training_time import estimate_time, rates_for

if TYPE_CHECKING:
    from .catalog import Catalog
    from .engine import Target

MICRO_BATCHES = (1, 2, 4, 8, 16, 32, 64)
CONTEXT_PARALLEL = (1, 2, 4, 8, 16)
ZERO_STAGES = (0, 1, 2, 3)
# Layouts whose tokens/s differ by less than this are ranked as equal (then fewer cross-node peers, less
# memory): the throughput model is far coarser than 0.1%.
RANK_TOLERANCE = 1e-3


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
        with np.errstate(divide="ignore", invalid="ignore"):
            speed = np.floor(np.log(self.model_tps[idx]) / math.log1p(RANK_TOLERANCE))
        speed = np.nan_to_num(speed, nan=-np.inf)
        return mem, self.cross_node[idx], -speed

    def best_index(self) -> int | None:
        """`ranked()[0]` without sorting: the lexicographic minimum of the same keys, the first index among
        equals (lexsort is stable); None when nothing fits."""
        idx = np.flatnonzero(self.fits)
        if idx.size == 0:
            return None
        at = np.arange(idx.size)  # positions in idx still tied
        for key in reversed(self._rank_keys(idx)):
            tied = key[at]
            at = at[tied == tied.min()]
            if at.size == 1:
                break
        return int(idx[at[0]])

    def ranked(self) -> np.ndarray:
        """Indices of the fitting layouts, best first."""
        idx = np.flatnonzero(self.fits)
        if idx.size == 0:
            return idx
        return idx[np.lexsort(self._rank_keys(idx))]


def _prime_factors(n: int) -> dict[int, int]:
    """{prime: exponent} by trial division of the shrinking cofactor: at most √n steps for a prime n (3,163
    for the scenario bound of 10^7 GPUs), and far fewer for the smooth counts clusters have."""
    factors: dict[int, int] = {}
    d = 2
    while d * d <= n:
        while n % d == 0:
            factors[d] = factors.get(d, 0) + 1
            n //= d
        d += 1 if d == 2 else 2
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors


def _divisors(n: int) -> list[int]:
    """Every divisor of n, ascending, built from its prime factorisation (not by testing all d ≤ √n)."""
    divisors = [1]
    for prime, exponent in _prime_factors(n).items():
        divisors = [d * prime**k for d in divisors for k in range(exponent + 1)]
    return sorted(divisors)


def _cross_node_peers(tp: np.ndarray, cp: np.ndarray, dp: np.ndarray, pp: np.ndarray, per_node: int) -> np.ndarray:
    """Peers in other nodes, summed over the TP, CP, DP and PP groups, rank order tp-cp-dp-pp (Megatron)."""
    out = np.zeros(tp.shape, dtype=np.int64)
    stride = np.ones(tp.shape, dtype=np.int64)
    for n in (tp, cp, dp, pp):
        inside = np.minimum(n, np.maximum(1, per_node // stride))
        out += n - inside
        stride = stride * n
    return out


def _axis(given: int | None, choices: list[int]) -> list[int]:
    return [given] if given is not None else choices


LAYOUT_KEYS = ("tp", "pp", "cp", "ep", "dp", "zero", "micro_batch", "recompute")
_GRID_AXES = ("tp", "pp", "cp", "ep", "zero", "micro_batch", "recompute")


@dataclass(frozen=True)
class LayoutGrid:
    """The layout keys as broadcastable axes of one grid (tp × pp × cp × ep × zero × micro-batch × recompute,
    each array one axis long, dp over tp × pp × cp) and the mask of the valid combinations.

    Memory is evaluated on the axes, not on the flattened layouts: numpy then computes each term on the axes it
    depends on (activations do not depend on ZeRO or ep, the stage parameters not on the micro-batch, …) and
    broadcasts, so the same elementwise formulas give the same numbers with a fraction of the work."""

    axes: dict[str, np.ndarray]
    valid: np.ndarray  # bool, the full grid's shape

    def flat(self) -> dict[str, np.ndarray]:
        """The valid layouts as int64 arrays, in the grid's C order (meshgrid "ij", raveled): each axis indexed
        at the valid entries' coordinates (np.nonzero is in C order), not broadcast to the whole grid first."""
        where = np.nonzero(self.valid)
        zeros = np.zeros_like(where[0])  # a length-one dimension: index 0 (an int would drop the layouts' axis)
        out = {}
        for k in LAYOUT_KEYS:
            a = self.axes[k]
            out[k] = a[tuple(w if n > 1 else zeros for w, n in zip(where, a.shape, strict=True))]
        return out

    def pick(self, values: np.ndarray) -> np.ndarray:
        """A grid-shaped (or broadcastable) result at the valid layouts, in `flat`'s order."""
        return np.broadcast_to(values, self.valid.shape)[self.valid]


def layout_grid(s: Scenario, target: Target) -> LayoutGrid:
    """Every combination of the layout keys (given keys fixed) as broadcastable axes, with the valid mask."""
    p, m, w = s.parallel, s.model, s.workload
    n, per_node = target.gpu_count, target.gpus_per_node
    if w.method == "inference":
        cps, eps, zeros, mbs, rcs = [1], [1], [0], [1], [RECOMPUTE_CODES["selective"]]
    else:
        cps = _axis(p.cp, [c for c in CONTEXT_PARALLEL if w.seq_len % c == 0])
        eps = _axis(p.ep, _divisors(m.experts) if m.is_moe else [1])
        zeros = _axis(p.zero, list(ZERO_STAGES))
        mbs = _axis(w.micro_batch, list(MICRO_BATCHES))
        # the policies the framework offers; an absent recompute is the planner's choice among them
        policies = profile(w.framework).recompute_policies
        rcs = [RECOMPUTE_CODES[w.recompute]] if w.recompute is not None else [RECOMPUTE_CODES[r] for r in policies]
    tps = _axis(
        p.tp, [t for t in _divisors(per_node) if m.heads % t == 0 and (m.kv_heads % t == 0 or t % m.kv_heads == 0)]
    )
    pps = _axis(p.pp, [q for q in _divisors(n) if q <= m.layers])
    if p.vpp > 1:
        pps = [q for q in pps if q >= 2 and q * p.vpp <= m.layers]
    values = (tps, pps, cps, eps, zeros, mbs, rcs)
    rank = len(values)
    axes: dict[str, np.ndarray] = {}
    for i, (name, v) in enumerate(zip(_GRID_AXES, values, strict=True)):
        shape = [1] * rank
        shape[i] = len(v)
        axes[name] = np.array(v, dtype=np.int64).reshape(shape)
    tp, pp, cp, ep, mb = axes["tp"], axes["pp"], axes["cp"], axes["ep"], axes["micro_batch"]
    model_par = tp * pp * cp
    ok = n % model_par == 0
    # dp of an invalid combination is never used (masked out); 1 keeps the memory formulas finite there
    dp = np.where(ok, n // model_par, 1)
    ok = ok & (dp >= 1) & (((dp * cp) % ep) == 0)
    if w.is_training and w.global_batch:
        ok = ok & ((w.global_batch % np.maximum(mb * dp, 1)) == 0)
    axes["dp"] = dp
    full = np.broadcast_shapes(*(a.shape for a in axes.values()))
    return LayoutGrid(axes=axes, valid=np.broadcast_to(ok, full))


def candidate_layouts(s: Scenario, target: Target) -> dict[str, np.ndarray]:
    """Every valid combination of the layout keys as int64 arrays (tp, pp, cp, ep, dp, zero, micro_batch,
    recompute); given keys fixed."""
    return layout_grid(s, target).flat()


class MemoryMemo:
    """Memory (peak, overhead) of every valid layout at one GPU count, shared by one Plan's GPU types.

    Training memory depends on the model, the workload, the layout keys and the GPU count only (plus the node
    size through the TP axis), never on the GPU type: the candidates' sweeps ask for the same counts, and each
    grid is evaluated once per Plan. The key holds every input of `layout_grid` and `training_components`;
    `core/plan.py` makes one per Plan, so it never outlives it, and `max_entries` bounds it besides."""

    def __init__(self, max_entries: int = 256) -> None:
        self.max_entries = max_entries
        self._memory: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray]] = {}

    def memory(self, s: Scenario, target: Target, grid: LayoutGrid) -> tuple[np.ndarray, np.ndarray]:
        key = (s.model, s.workload, s.parallel, target.gpu_count, target.gpus_per_node)
        found = self._memory.get(key)
        if found is None:
            found = _grid_memory(s, target, grid)
            if len(self._memory) >= self.max_entries:
                self._memory.pop(next(iter(self._memory)))  # the oldest: a Plan asks count by count
            self._memory[key] = found
        return found


def _grid_memory(s: Scenario, target: Target, grid: LayoutGrid) -> tuple[np.ndarray, np.ndarray]:
    """(peak, overhead) bytes of the grid's valid layouts, in `LayoutGrid.flat` order (read-only arrays)."""
    comp = training_components(
        s.model,
        s.workload,
        **grid.axes,
        vpp=s.parallel.vpp,
        sequence_parallel=s.parallel.sequence_parallel,
        gpu_count=target.gpu_count,
    )
    total, overhead = grid.pick(comp.total), grid.pick(comp.overhead)
    total.setflags(write=False)
    overhead.setflags(write=False)
    return total, overhead


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
            found = search(s, target, fitting_only=True, shared=self.shared)
            i = found.best_index()
            self.layouts[n] = found.layout(i) if i is not None else None
        return self.layouts[n]


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
            rules += ", ep dividing dp × cp"
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
