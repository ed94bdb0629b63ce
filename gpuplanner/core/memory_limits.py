"""The largest micro-batch and sequence length that fit, for several (layout, capacity) queries at once.

`memory.max_micro_batch` and `memory.max_seq_len` bisect one query with one scalar memory evaluation per step
(14 and 23 steps). A Plan asks the same two questions for each candidate GPU at the scenario's count, and its
candidates differ only in their layouts and in the capacity each breakdown is compared with (the memory of a
layout does not depend on the GPU type: core/layout_grid.MemoryMemo). Here every query walks exactly the
bisection of `memory._largest` (the same probes in the same order, so the same answer even where memory were
not monotone), but the probes of its next `DEPTH` levels are evaluated ahead, in one vectorised
`training_components` call for all queries of a round: 23 bisection steps take 4 rounds.

The fit test is the scalar one's, `MemoryBreakdown.fits` (headroom = capacity - total - overhead ≥ 0, total
summed in its order), on the same elementwise float operations, so every probe answers bit for bit as
`memory._fits` does (tests/core/test_memory_limits.py compares them query by query). Training only: inference
limits (concurrent sequences) stay on the scalar search.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .memory import training_components
from .model import ModelSpec
from .results import Layout
from .scenario import Workload

# Levels of the bisection tree evaluated ahead per round: 2^DEPTH - 1 probes per query and round. Six levels
# finish the micro-batch search (14 steps) in 3 rounds and the sequence search (23 steps) in 4.
DEPTH = 6
MICRO_BATCH_TOP = 1 << 14  # memory.max_micro_batch's upper end
SEQ_LEN_TOP = 1 << 23  # memory.max_seq_len's upper end (before dividing by cp)


@dataclass(frozen=True)
class LimitQuery:
    """One breakdown's limit search: the layout, the capacity it is compared with and the GPU count."""

    layout: Layout
    capacity: float
    gpu_count: int


class _Bisection:
    """`memory._largest(ok, lo, hi)` as a state machine whose next probes can be listed ahead."""

    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi
        self.started = False  # ok(lo) not yet known
        self.result: int | None = None
        self.done = False

    def probes(self, depth: int) -> list[int]:
        """The probes of the next `depth` steps whatever their answers (ok(lo) first when not yet known)."""
        out: list[int] = []
        level = [(self.lo, self.hi)]
        if not self.started:
            out.append(self.lo)
        for _ in range(depth):
            nxt = []
            for lo, hi in level:
                if lo < hi:
                    mid = (lo + hi + 1) // 2
                    out.append(mid)
                    nxt += [(mid, hi), (lo, mid - 1)]
            level = nxt
        return out

    def advance(self, ok: dict[int, bool]) -> None:
        """Take the steps whose probes `ok` answers (the same steps `_largest` takes)."""
        if not self.started:
            if self.lo not in ok:
                return
            self.started = True
            if not ok[self.lo]:
                self.done = True
                return
        while self.lo < self.hi:
            mid = (self.lo + self.hi + 1) // 2
            if mid not in ok:
                return
            if ok[mid]:
                self.lo = mid
            else:
                self.hi = mid - 1
        self.done, self.result = True, self.lo


class _Queries:
    """The queries' layout keys, capacities and GPU counts as arrays (one value per query), for indexing."""

    KEYS = ("tp", "pp", "cp", "ep", "dp", "zero", "micro_batch", "recompute", "vpp")

    def __init__(self, queries: Sequence[LimitQuery]) -> None:
        rows = [q.layout.arguments() for q in queries]
        self.args = {k: np.array([r[k] for r in rows], dtype=float) for k in self.KEYS}
        self.sp = np.array([q.layout.sequence_parallel for q in queries], dtype=bool)
        self.capacity = np.array([q.capacity for q in queries], dtype=float)
        self.gpus = np.array([q.gpu_count for q in queries], dtype=float)

    def fits(self, model: ModelSpec, w: Workload, at: np.ndarray, **probed: np.ndarray) -> np.ndarray:
        """`memory._fits` for each probe: probe i is query at[i] with the keys in `probed` (micro_batch or
        seq_len) set to their i-th values."""
        args = {k: v[at] for k, v in self.args.items()}
        seq_len = probed.pop("seq_len", None)
        args.update(probed)
        c = training_components(
            model, w, **args, sequence_parallel=self.sp[at], gpu_count=self.gpus[at], seq_len=seq_len
        )
        # MemoryBreakdown.total sums weights, gradients, optimizer, activations and kv_cache (0) in this order
        total = c.weights + c.gradients + c.optimizer + c.activations + 0.0
        return np.asarray(self.capacity[at] - total - c.overhead >= 0)


def _probes(searches: list[_Bisection]) -> tuple[np.ndarray, np.ndarray, list[tuple[int, int]]]:
    """The next round's probes of the searches not done: (query index, value) of each, as arrays and pairs."""
    owners = [(qi, v) for qi, b in enumerate(searches) if not b.done for v in b.probes(DEPTH)]
    at = np.array([qi for qi, _ in owners], dtype=np.intp)
    values = np.array([v for _, v in owners], dtype=float)
    return at, values, owners


def _advance(searches: list[_Bisection], owners: list[tuple[int, int]], ok: np.ndarray) -> None:
    answers: list[dict[int, bool]] = [{} for _ in searches]
    for (qi, v), fit in zip(owners, ok.tolist(), strict=True):
        answers[qi][v] = bool(fit)
    for qi, b in enumerate(searches):
        if not b.done:
            b.advance(answers[qi])


def training_limits(
    model: ModelSpec, w: Workload, queries: Sequence[LimitQuery]
) -> list[tuple[int | None, int | None]]:
    """(max_micro_batch, max_seq_len) of each query, as `memory.max_micro_batch` / `max_seq_len` answer them."""
    w_free = dataclasses.replace(w, global_batch=None)  # as max_micro_batch: the batch is not held fixed
    arrays = _Queries(queries)
    mb = [_Bisection(1, MICRO_BATCH_TOP) for _ in queries]
    seq = [_Bisection(1, SEQ_LEN_TOP // q.layout.cp) for q in queries]
    while not all(b.done for b in (*mb, *seq)):
        if not all(b.done for b in mb):
            at, values, owners = _probes(mb)
            _advance(mb, owners, arrays.fits(model, w_free, at, micro_batch=values))
        if not all(b.done for b in seq):
            at, values, owners = _probes(seq)
            # a sequence length is probed in multiples of cp (memory.max_seq_len)
            _advance(seq, owners, arrays.fits(model, w, at, seq_len=values * arrays.args["cp"][at]))
    return [
        (b.result, None if k.result is None else k.result * q.layout.cp)
        for q, b, k in zip(queries, mb, seq, strict=True)
    ]
