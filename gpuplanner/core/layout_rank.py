"""The planner's ranking rule and the fast way to the best training layout at one GPU count (issue 15's speed
target; `core/planner.py` holds the full search, `core/layout_grid.py` the grid and the Plan's memory memo).

Ranking (spec §2 "planner"): among the layouts that fit, the most tokens/s, layouts within RANK_TOLERANCE of
each other counted equal; then fewer peers across nodes, then less memory; among equals the first in the grid's
order. `best_fitting` gives the layout this rule picks from `planner.search(..., fitting_only=True)` with less
work, and exactly the same answer:

- the step time is evaluated on the grid's broadcast axes, as memory is: most terms of the throughput model
  depend on a few keys only (the GEMMs not on ZeRO or dp, the ZeRO traffic not on the micro-batch), so numpy
  computes each on its own axes and broadcasts;
- the step time only where it can matter: at a count whose whole grid's memory is held (the sweep's, shared by
  the Plan's GPU types), on the (tp, pp, cp) triples that have a fitting layout, and each GPU type's sweep in one
  call (`best_fitting_at_counts`: the counts' sub-grids one after the other on the first axis);
- at a count that other GPU types do not share (the deadline search's bisection steps), memory fastest first
  instead of on the whole grid: the triples in order of their fastest valid layout's tokens/s bucket, memory for
  the fastest triples, then more, until every layout at least as fast as the fastest fitting one is evaluated:
  that bucket holds the answer. The best layout's bucket lay within the fastest 10-54 of 70-309 triples in
  benchmarks/bench_plan.py's Plan. The GPU types' deadline searches step in lockstep (`best_fitting_many`),
  so that a round's memory is one call for all of them.

Every formula is elementwise per layout, so a layout gets the same bytes and seconds on the grid, on the flat
list or in a subset of it (tests/core/test_planner_memo.py checks the bytes; test_layout_rank.py the answers).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Generator
from typing import TYPE_CHECKING

import numpy as np

from .layout_grid import LAYOUT_KEYS, LayoutGrid, MemoryMemo, _grid_memory, layout_grid, triples_memory
from .recompute import RECOMPUTE_NAMES
from .results import Layout
from .scenario import Scenario
from .throughput import step_times
from .training_time import rates_for

if TYPE_CHECKING:
    from .engine import Target

# Layouts whose tokens/s differ by less than this are ranked as equal (then fewer cross-node peers, less
# memory): the throughput model is far coarser than 0.1%.
RANK_TOLERANCE = 1e-3
# Fastest first: memory of this many (tp, pp, cp) triples first (84 layouts each for a dense model), then four
# times as many each round until one fits. Grids of at most twice as many triples are evaluated whole (a call
# costs about as much as a round at those sizes). The best layout's bucket reached 10-19 triples for the large
# GPUs and 19-54 for the L40S in benchmarks/bench_plan.py's deadline steps.
FIRST_ROUND_TRIPLES = 16


def cross_node_peers(tp: np.ndarray, cp: np.ndarray, dp: np.ndarray, pp: np.ndarray, per_node: int) -> np.ndarray:
    """Peers in other nodes, summed over the TP, CP, DP and PP groups, rank order tp-cp-dp-pp (Megatron)."""
    out = np.zeros(np.shape(tp), dtype=np.int64)
    stride = np.ones(np.shape(tp), dtype=np.int64)
    for n in (tp, cp, dp, pp):
        inside = np.minimum(n, np.maximum(1, per_node // stride))
        out = out + (n - inside)
        stride = stride * n
    return out


def speed_buckets(model_tps: np.ndarray) -> np.ndarray:
    """Tokens/s in buckets of RANK_TOLERANCE (log scale); an undefined rate ranks last."""
    with np.errstate(divide="ignore", invalid="ignore"):
        speed = np.floor(np.log(model_tps) / math.log1p(RANK_TOLERANCE))
    return np.nan_to_num(speed, nan=-np.inf)


def training_rank_keys(mem: np.ndarray, cross: np.ndarray, model_tps: np.ndarray) -> tuple[np.ndarray, ...]:
    """`np.lexsort` keys of training layouts, the primary key last: faster bucket, fewer cross-node peers,
    less memory."""
    return mem, cross, -speed_buckets(model_tps)


def first_lexmin(keys: tuple[np.ndarray, ...]) -> int:
    """The position of the lexicographic minimum of `keys` (primary last, as `np.lexsort`), the first among
    equals: what `np.lexsort(keys)[0]` gives (lexsort is stable), without sorting."""
    at = np.arange(keys[0].size)  # positions still tied
    for key in reversed(keys):
        tied = key[at]
        at = at[tied == tied.min()]
        if at.size == 1:
            break
    return int(at[0])


def best_fitting(s: Scenario, target: Target, shared: MemoryMemo | None = None) -> Layout | None:
    """The training layout that `planner.search(s, target, fitting_only=True).best_index()` picks; None when
    nothing fits. `shared`: the Plan's memory memo (whole grids at the counts that every GPU type asks for)."""
    grid = shared.grid(s, target) if shared is not None else layout_grid(s, target)
    if not grid.valid.any():
        return None
    capacity = float(target.gpu.memory_bytes)
    if (shared is not None and shared.keeps(s, target)) or grid.valid.shape[0] <= 2 * FIRST_ROUND_TRIPLES:
        total, overhead = shared.memory(s, target, grid) if shared is not None else _grid_memory(s, target, grid)
        need = np.full(grid.valid.shape, np.inf)
        need[grid.valid] = total + overhead  # the memo holds the valid layouts in flat order
        fits = need <= capacity  # as Search.fits
        # the step time only on the triples with a layout that fits (in grid order: a sub-grid keeps the order)
        sel = np.flatnonzero(fits.reshape(fits.shape[0], -1).any(axis=1))
        if sel.size == 0:
            return None
        axes = _triples(grid, sel)
        model_tps, cross = _speed_and_peers(s, target, axes, fits[sel].shape)
        return _choose(s, axes, need[sel], fits[sel], model_tps, cross)
    model_tps, cross = _speed_and_peers(s, target, grid.axes, grid.valid.shape)
    rounds = _fastest_first(grid, speed_buckets(model_tps), capacity)
    sel = next(rounds)
    while True:
        try:
            total, overhead = triples_memory(s, [(grid, sel, target.gpu_count)])[0]
            sel = rounds.send(total + overhead)
        except StopIteration as finished:
            need, fits = finished.value
            return _choose(s, grid.axes, need, fits, model_tps, cross)


def best_fitting_at_counts(
    s: Scenario, target: Target, counts: tuple[int, ...], shared: MemoryMemo
) -> dict[int, Layout | None]:
    """`best_fitting` at each GPU count (the scenario's other keys as given), the whole grids kept in `shared`,
    with one step-time call for all counts: the sub-grids of the triples that fit, one after the other on the
    first axis (the other axes are the same at every count). The GPU-count sweep asks for ~15 counts per GPU
    type, most of them small grids where a call's fixed cost outweighs its work."""
    out: dict[int, Layout | None] = {}
    parts: list[tuple[int, dict[str, np.ndarray], np.ndarray, np.ndarray]] = []
    capacity = float(target.gpu.memory_bytes)
    shared.fill(s, [dataclasses.replace(target, gpu_count=n) for n in counts])
    for n in counts:
        sc = dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=n))
        tn = dataclasses.replace(target, gpu_count=n)
        shared.whole_counts.add(n)
        grid = shared.grid(sc, tn)
        out[n] = None
        if not grid.valid.any():
            continue
        total, overhead = shared.memory(sc, tn, grid)
        need = np.full(grid.valid.shape, np.inf)
        need[grid.valid] = total + overhead
        fits = need <= capacity
        sel = np.flatnonzero(fits.reshape(fits.shape[0], -1).any(axis=1))
        if sel.size:
            parts.append((n, _triples(grid, sel), need[sel], fits[sel]))
    if not parts:
        return out
    first = parts[0][1]
    if any(not np.array_equal(a[k], first[k]) for _, a, _, _ in parts for k in _OTHER_AXES):
        raise AssertionError("the grids of one scenario differ only in their (tp, pp, cp) triples")
    axes = {k: (np.concatenate([a[k] for _, a, _, _ in parts]) if k not in _OTHER_AXES else first[k]) for k in first}
    shape = (sum(f.shape[0] for _, _, _, f in parts), *parts[0][3].shape[1:])
    model_tps, cross = _speed_and_peers(s, target, axes, shape)
    at = 0
    for n, a, need, fits in parts:
        k = fits.shape[0]
        out[n] = _choose(s, a, need, fits, model_tps[at : at + k], cross[at : at + k])
        at += k
    return out


_OTHER_AXES = ("ep", "zero", "micro_batch", "recompute")


def _triples(grid: LayoutGrid, sel: np.ndarray) -> dict[str, np.ndarray]:
    """The grid's axes on the (tp, pp, cp) triples `sel` (ascending) of its first axis: a sub-grid."""
    triples = grid.valid.shape[0]
    return {k: (v[sel] if v.shape[0] == triples else v) for k, v in grid.axes.items()}


def _choose(
    s: Scenario,
    axes: dict[str, np.ndarray],
    need: np.ndarray,
    fits: np.ndarray,
    model_tps: np.ndarray,
    cross: np.ndarray,
) -> Layout | None:
    """The ranking rule over the fitting layouts of a (sub-)grid: the fastest bucket, then fewer cross-node peers,
    then less memory, then the first in raveled order (the flat order)."""
    fitting = np.flatnonzero(fits.ravel())  # raveled order is the flat order
    if fitting.size == 0:
        return None
    speed = speed_buckets(np.ravel(model_tps)[fitting])
    top = speed == speed.max()
    places = fitting[top]  # the fastest bucket: a few layouts
    keys = (need.ravel()[places], cross[np.unravel_index(places, fits.shape)], -speed[top])
    return _layout(s, axes, fits.shape, int(places[first_lexmin(keys)]))


Rounds = Generator[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray]]


def _fastest_first(grid: LayoutGrid, speed: np.ndarray, capacity: float) -> Rounds:
    """(peak + overhead bytes, fits) on the grid, evaluated for the (tp, pp, cp) triples in order of their fastest
    valid layout, until every layout at least as fast as the fastest fitting one is evaluated (`need` is +inf
    and `fits` False elsewhere). Each round yields the triples (ascending) whose memory it needs and is sent
    their peak + overhead bytes (`triples_memory`), so that a caller can evaluate the rounds of several grids in
    one call."""
    shape, valid = grid.valid.shape, grid.valid
    triples = shape[0]
    fastest = np.where(valid, speed, -np.inf).reshape(triples, -1).max(axis=1)
    order = np.argsort(-fastest, kind="stable")
    need = np.full(shape, np.inf)
    done = np.zeros(triples, dtype=bool)
    taken, size = 0, FIRST_ROUND_TRIPLES
    best: float | None = None  # the fastest bucket with a fitting layout so far
    while True:
        if best is None:
            sel = order[taken : taken + size]
            taken, size = taken + size, 4 * size
        else:
            sel = np.flatnonzero(~done & (fastest >= best))
        if sel.size == 0:
            break
        sel = np.sort(sel)
        done[sel] = True
        need[sel] = yield sel
        fits = valid & (need <= capacity)
        if fits.any():
            best = float(speed[fits].max())
    return need, valid & (need <= capacity)


def best_fitting_many(s: Scenario, targets: list[Target], shared: MemoryMemo) -> list[Layout | None]:
    """`best_fitting` for several targets (GPU types and counts; the scenario's other keys as given), the
    fastest-first rounds of all of them evaluated together: one memory call per round instead of one per round
    and target (the deadline searches of a Plan's GPU types step in lockstep, core/deadline.py)."""
    out: list[Layout | None] = [None] * len(targets)
    runs: dict[int, tuple[Rounds, Scenario, LayoutGrid, np.ndarray, np.ndarray, np.ndarray]] = {}
    # the small grids (evaluated whole) of all targets in one memory call
    small = []
    for t in targets:
        sc = dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=t.gpu_count))
        if shared.grid(sc, t).valid.shape[0] <= 2 * FIRST_ROUND_TRIPLES:
            small.append(t)
    shared.fill(s, small)
    for i, t in enumerate(targets):
        sc = dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=t.gpu_count))
        grid = shared.grid(sc, t)
        if shared.keeps(sc, t) or grid.valid.shape[0] <= 2 * FIRST_ROUND_TRIPLES or not grid.valid.any():
            out[i] = best_fitting(sc, t, shared)
            continue
        model_tps, cross = _speed_and_peers(sc, t, grid.axes, grid.valid.shape)
        rounds = _fastest_first(grid, speed_buckets(model_tps), float(t.gpu.memory_bytes))
        runs[i] = (rounds, sc, grid, model_tps, cross, next(rounds))
    while runs:
        # GPU types at the same count share the grid: each of its triples asked for is evaluated once
        asked: dict[int, tuple[LayoutGrid, np.ndarray, int]] = {}
        for i, (_, _, grid, _, _, sel) in runs.items():
            held = asked.get(id(grid))
            union = sel if held is None else np.union1d(held[1], sel)
            asked[id(grid)] = (grid, union, targets[i].gpu_count)
        parts = list(asked.values())
        bytes_of = {
            id(g): total + overhead
            for (g, _, _), (total, overhead) in zip(parts, triples_memory(s, parts), strict=True)
        }
        for i in list(runs):
            rounds, sc, grid, model_tps, cross, sel = runs[i]
            part = bytes_of[id(grid)][np.searchsorted(asked[id(grid)][1], sel)]
            try:
                runs[i] = (rounds, sc, grid, model_tps, cross, rounds.send(part))
            except StopIteration as finished:
                need, fits = finished.value
                out[i] = _choose(sc, grid.axes, need, fits, model_tps, cross)
                del runs[i]
    return out


def _speed_and_peers(
    s: Scenario, target: Target, a: dict[str, np.ndarray], shape: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray]:
    """The throughput model's tokens/s (as `planner._timed` computes it) and the cross-node peers of every
    layout of the (sub-)grid with axes `a`, `shape`-shaped: the step time evaluated on the broadcast axes."""
    w = s.workload
    gb = float(w.global_batch) if w.global_batch else (a["micro_batch"] * a["dp"]).astype(float)
    st = step_times(
        s.model,
        w,
        rates_for(s, target),
        **{k: a[k] for k in LAYOUT_KEYS},
        vpp=s.parallel.vpp,
        global_batch=gb,
        sequence_parallel=s.parallel.sequence_parallel,
    )
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        tps = gb * w.seq_len / np.asarray(st.step_seconds, dtype=float)
    cross = cross_node_peers(a["tp"], a["cp"], a["dp"], a["pp"], target.gpus_per_node)
    return np.broadcast_to(tps, shape), np.broadcast_to(cross, shape)


def _layout(s: Scenario, axes: dict[str, np.ndarray], shape: tuple[int, ...], place: int) -> Layout:
    """The layout at raveled place `place` of the (sub-)grid with `axes` (as `planner.Search.layout`)."""
    where = np.unravel_index(place, shape)
    # each axis array is 1 long on the axes it does not vary along
    key = {
        k: int(axes[k][tuple(i if n > 1 else 0 for i, n in zip(where, axes[k].shape, strict=True))])
        for k in LAYOUT_KEYS
    }
    sp = s.parallel.sequence_parallel
    return Layout(
        tp=key["tp"],
        pp=key["pp"],
        cp=key["cp"],
        ep=key["ep"],
        dp=key["dp"],
        zero=key["zero"],
        micro_batch=key["micro_batch"],
        recompute=RECOMPUTE_NAMES[key["recompute"]],
        vpp=s.parallel.vpp,
        sequence_parallel=sp if sp is not None else key["tp"] > 1,
    )
