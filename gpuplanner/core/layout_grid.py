"""The planner's layout grid (every combination of the layout keys as broadcastable axes) and one Plan's
memo of the grids' memory, shared by its GPU types (issue 15's speed target; core/planner.py ranks them).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .framework import profile
from .memory import RECOMPUTE_CODES, memory_for, training_breakdowns, training_components
from .memory_limits import LimitQuery, training_limits
from .model import ModelSpec
from .results import Layout, MemoryBreakdown
from .scenario import Scenario, Workload

if TYPE_CHECKING:
    from .engine import Target

MICRO_BATCHES = (1, 2, 4, 8, 16, 32, 64)
CONTEXT_PARALLEL = (1, 2, 4, 8, 16)
ZERO_STAGES = (0, 1, 2, 3)


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


def _axis(given: int | None, choices: list[int]) -> list[int]:
    return [given] if given is not None else choices


LAYOUT_KEYS = ("tp", "pp", "cp", "ep", "dp", "zero", "micro_batch", "recompute")
_GRID_AXES = ("tp", "pp", "cp", "ep", "zero", "micro_batch", "recompute")


@dataclass(frozen=True)
class LayoutGrid:
    """The layout keys as broadcastable axes of one grid ((tp, pp, cp) × ep × zero × micro-batch × recompute:
    the triples whose product divides the GPU count on the first axis, each other key one axis long, dp over the
    triples) and the mask of the valid combinations. Raveled, the grid's order is the order of the full
    tp × pp × cp × ep × zero × micro-batch × recompute meshgrid ("ij") with the invalid combinations left out.

    Memory is evaluated on the axes, not on the flattened layouts: numpy then computes each term on the axes it
    depends on (activations do not depend on ZeRO or ep, the stage parameters not on the micro-batch, …) and
    broadcasts, so the same elementwise formulas give the same numbers with a fraction of the work."""

    axes: dict[str, np.ndarray]
    valid: np.ndarray  # bool, the full grid's shape

    def flat(self) -> dict[str, np.ndarray]:
        """The valid layouts as int64 arrays, in the grid's C order (meshgrid "ij", raveled). Broadcasting each
        axis to the grid and masking is faster here than indexing at np.nonzero's coordinates (7-D nonzero)."""
        shape, keep = self.valid.shape, self.valid.ravel()
        return {k: np.broadcast_to(self.axes[k], shape).ravel()[keep] for k in LAYOUT_KEYS}

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
    # the first axis holds only the (tp, pp, cp) triples whose product divides the count, in the meshgrid's C
    # order: the other triples (half of them at 64 GPUs, 95% at one) are never evaluated
    triples = np.meshgrid(*(np.array(v, dtype=np.int64) for v in (tps, pps, cps)), indexing="ij")
    tpg, ppg, cpg = (g.ravel() for g in triples)
    whole = n % (tpg * ppg * cpg) == 0
    axes: dict[str, np.ndarray] = {
        "tp": tpg[whole].reshape(-1, 1, 1, 1, 1),
        "pp": ppg[whole].reshape(-1, 1, 1, 1, 1),
        "cp": cpg[whole].reshape(-1, 1, 1, 1, 1),
    }
    for i, (name, v) in enumerate(zip(_GRID_AXES[3:], (eps, zeros, mbs, rcs), strict=True)):
        shape = [1] * 5
        shape[i + 1] = len(v)
        axes[name] = np.array(v, dtype=np.int64).reshape(shape)
    tp, pp, cp, ep, mb = axes["tp"], axes["pp"], axes["cp"], axes["ep"], axes["micro_batch"]
    dp = n // (tp * pp * cp)
    # EP from dp·cp, or folded over the TP ranks too with whole experts (core/moe_kernels.expert_tensor_parallel)
    ok = (dp >= 1) & ((((dp * cp) % ep) == 0) | (((tp * dp * cp) % ep) == 0))
    if w.is_training and w.global_batch:
        ok = ok & ((w.global_batch % np.maximum(mb * dp, 1)) == 0)
    axes["dp"] = dp
    full = np.broadcast_shapes(*(a.shape for a in axes.values()))
    return LayoutGrid(axes=axes, valid=np.broadcast_to(ok, full))


class MemoryMemo:
    """Memory (peak, overhead) of every valid layout at one GPU count, shared by one Plan's GPU types.

    Training memory depends on the model, the workload, the layout keys and the GPU count only (plus the node
    size through the TP axis), never on the GPU type: the candidates' sweeps ask for the same counts, and each
    grid is evaluated once per Plan. The key holds every input of `layout_grid` and `training_components`;
    `core/plan.py` makes one per Plan, so it never outlives it, and `max_entries` and `max_bytes` (the arrays
    held: a MoE model's grids reach 10^5 layouts, 1.6 MB each) bound it besides."""

    def __init__(self, max_entries: int = 256, max_bytes: int = 64 * 2**20) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        # GPU counts that every GPU type of the Plan asks for (the sweep's): their whole grids are evaluated and
        # kept; at other counts `layout_rank.best_fitting` evaluates the fastest layouts first instead
        self.whole_counts: set[int] = set()
        self._memory: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray]] = {}
        self._bytes = 0
        self._breakdowns: dict[tuple[object, ...], MemoryBreakdown] = {}
        # (max_micro_batch, max_seq_len) per (model, workload, layout, capacity, GPU count): solved for all the
        # Plan's candidates at once (solve_limits), read by their estimates (engine.py)
        self._limits: dict[tuple[object, ...], tuple[int | None, int | None]] = {}
        self._grids: dict[tuple[object, ...], LayoutGrid] = {}

    def breakdown(
        self, model: ModelSpec, w: Workload, layout: Layout, capacity: float, gpu_count: int
    ) -> MemoryBreakdown:
        """`memory_for(..., solve_limits=False)`: the GPU types of a Plan often choose the same layout at a
        count, and the breakdown depends on the GPU only through the capacity it is compared with."""
        key = (model, w, layout, gpu_count)
        br = self._breakdowns.get(key)
        if br is None:
            br = memory_for(model, w, layout, capacity, gpu_count, solve_limits=False)
            if len(self._breakdowns) >= self.max_entries:
                self._breakdowns.pop(next(iter(self._breakdowns)))
            self._breakdowns[key] = br
        return br if br.capacity == capacity else dataclasses.replace(br, capacity=capacity)

    def fill_breakdowns(self, model: ModelSpec, w: Workload, pairs: list[tuple[Layout, int]]) -> None:
        """`breakdown` of many (layout, GPU count) pairs in one vectorised call (a Plan's sweep rows, all GPU
        types together: memory.training_breakdowns); the same numbers as one at a time. Training only."""
        todo = [p for p in dict.fromkeys(pairs) if (model, w, *p) not in self._breakdowns]
        if not w.is_training or not todo or len(todo) > self.max_entries:
            return
        layouts, counts = [lay for lay, _ in todo], [n for _, n in todo]
        for (lay, n), br in zip(todo, training_breakdowns(model, w, layouts, counts), strict=True):
            if len(self._breakdowns) >= self.max_entries:
                self._breakdowns.pop(next(iter(self._breakdowns)))
            self._breakdowns[(model, w, lay, n)] = br

    def solve_limits(self, model: ModelSpec, w: Workload, queries: list[LimitQuery]) -> None:
        """The largest micro-batch and sequence length of every query, in one batched search
        (core/memory_limits.py: the same answers as memory.max_micro_batch / max_seq_len). Training only."""
        todo = [q for q in dict.fromkeys(queries) if (model, w, q) not in self._limits]
        if w.is_training and todo:
            for q, found in zip(todo, training_limits(model, w, todo), strict=True):
                self._limits[(model, w, q)] = found

    def limits(
        self, model: ModelSpec, w: Workload, layout: Layout, capacity: float, gpu_count: int
    ) -> tuple[int | None, int | None] | None:
        """What `solve_limits` found for this breakdown, or None when it was not asked."""
        return self._limits.get((model, w, LimitQuery(layout, capacity, gpu_count)))

    @staticmethod
    def _key(s: Scenario, target: Target) -> tuple[object, ...]:
        return (s.model, s.workload, s.parallel, target.gpu_count, target.gpus_per_node)

    def grid(self, s: Scenario, target: Target) -> LayoutGrid:
        """`layout_grid(s, target)`, built once per count for all GPU types (it depends on the node size, not on
        the GPU)."""
        key = self._key(s, target)
        found = self._grids.get(key)
        if found is None:
            found = layout_grid(s, target)
            if len(self._grids) >= self.max_entries:
                self._grids.pop(next(iter(self._grids)))
            self._grids[key] = found
        return found

    def keeps(self, s: Scenario, target: Target) -> bool:
        """Whether the whole grid's memory at this count is held, or is to be evaluated and kept."""
        return target.gpu_count in self.whole_counts or self._key(s, target) in self._memory

    def memory(self, s: Scenario, target: Target, grid: LayoutGrid) -> tuple[np.ndarray, np.ndarray]:
        key = self._key(s, target)
        found = self._memory.get(key)
        if found is None:
            found = self._keep(key, _grid_memory(s, target, grid))
        return found

    def fill(self, s: Scenario, targets: list[Target]) -> None:
        """The memory of the whole grids at the targets' counts (the scenario's other keys as given) that are
        not held yet, in one call (`triples_memory`). A sweep's ~15 small grids cost about one call's fixed cost
        instead of fifteen."""
        todo: list[tuple[tuple[object, ...], Target, LayoutGrid]] = []
        for t in targets:
            sc = dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=t.gpu_count))
            key, grid = self._key(sc, t), self.grid(sc, t)
            if key not in self._memory and key not in (k for k, _, _ in todo) and grid.valid.any():
                todo.append((key, t, grid))
        if len(todo) < 2 or s.workload.method == "inference":
            return
        parts = [(g, np.arange(g.valid.shape[0]), t.gpu_count) for _, t, g in todo]
        for (key, _, grid), (total, overhead) in zip(todo, triples_memory(s, parts), strict=True):
            found = (grid.pick(total), grid.pick(overhead))
            for a in found:
                a.setflags(write=False)
            self._keep(key, found)

    def _keep(self, key: tuple[object, ...], found: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        size = found[0].nbytes + found[1].nbytes
        # the oldest go first: a Plan asks count by count, GPU type after GPU type
        while self._memory and (len(self._memory) >= self.max_entries or self._bytes + size > self.max_bytes):
            old = self._memory.pop(next(iter(self._memory)))
            self._bytes -= old[0].nbytes + old[1].nbytes
        self._memory[key] = found
        self._bytes += size
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


def triples_memory(s: Scenario, parts: list[tuple[LayoutGrid, np.ndarray, int]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """(peak, overhead) bytes of the sub-grids (grid, triples `sel` ascending, GPU count) of one scenario's grids
    at several counts, in one `training_components` call: the sub-grids one after the other on the first axis,
    the GPU count per triple (memory depends on it only through `gpu_count > 1`, elementwise). Each result is
    shaped (len(sel), *the grid's other axes); the values are those of each grid evaluated alone. Grids whose
    other axes differ (not one scenario's) are evaluated one by one."""
    first = parts[0][0].axes
    if any(not np.array_equal(g.axes[k], first[k]) for g, _, _ in parts for k in _GRID_AXES[3:]):
        return [part for p in parts for part in triples_memory(s, [p])]
    axes = {k: np.concatenate([g.axes[k][sel] for g, sel, _ in parts]) for k in ("tp", "pp", "cp", "dp")}
    axes |= {k: first[k] for k in _GRID_AXES[3:]}
    counts = np.concatenate([np.full(sel.size, n) for _, sel, n in parts]).reshape(-1, 1, 1, 1, 1)
    comp = training_components(
        s.model,
        s.workload,
        **axes,
        vpp=s.parallel.vpp,
        sequence_parallel=s.parallel.sequence_parallel,
        gpu_count=counts if len(parts) > 1 else parts[0][2],
    )
    shape = (counts.shape[0], *parts[0][0].valid.shape[1:])
    total, overhead = np.broadcast_to(comp.total, shape), np.broadcast_to(comp.overhead, shape)
    out, at = [], 0
    for _, sel, _ in parts:
        out.append((total[at : at + sel.size], overhead[at : at + sel.size]))
        at += sel.size
    return out
