"""What a Plan computes for all its GPU types at once before their estimates read it (issue 15's speed target).

The memory of a layout depends on the GPU type only through the capacity it is compared with
(core/layout_grid.MemoryMemo), so the candidates' limit searches and the sweep rows' memory breakdowns of every
GPU type are evaluated together, in vectorised calls, and kept in the Plan's shared memo; each estimate then
reads its own from there (core/engine.py). The numbers are those of the one-at-a-time evaluation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from .errors import InputError
from .scenario import Scenario

if TYPE_CHECKING:
    from .catalog import Catalog
    from .layout_grid import MemoryMemo
    from .planner import CountMemo
    from .results import Layout


def solve_limits(
    s: Scenario, catalog: Catalog, memos: Mapping[str, CountMemo], shared: MemoryMemo, check: Callable[[], None]
) -> None:
    """The candidates' largest micro-batch and sequence length at the scenario's count, searched together (one
    vectorised memory call per bisection round for all GPU types: core/memory_limits.py)."""
    from .engine import choose_layout, resolve_target
    from .memory_limits import LimitQuery

    queries = []
    for gid, memo in memos.items():
        check()
        try:
            target = resolve_target(s, catalog, gid)
            layout = choose_layout(s, target, memo)  # kept in the memo: the estimate uses the same one
        except InputError:
            continue  # the candidate's estimate raises it again and the Plan records it
        queries.append(LimitQuery(layout, float(target.gpu.memory_bytes), target.gpu_count))
    shared.solve_limits(s.model, s.workload, queries)


def fill_breakdowns(
    s: Scenario,
    catalog: Catalog,
    counts: Mapping[str, Iterable[int]],
    memos: Mapping[str, CountMemo],
    shared: MemoryMemo,
) -> None:
    """The memory breakdowns of the sweep rows of every GPU type (their layouts already in the memos, after
    `CountMemo.prefill`), in one vectorised call."""
    import dataclasses

    from .engine import choose_layout, resolve_target

    if not s.workload.is_training:
        return
    pairs: list[tuple[Layout, int]] = []
    for gid, ns in counts.items():
        memo = memos[gid]
        for n in ns:
            if n == s.hardware.gpu_count or n in memo.estimates:
                continue  # the candidate's own estimate, or a row already estimated
            at = dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=n))
            try:
                pairs.append((choose_layout(at, resolve_target(at, catalog, gid), memo), n))
            except InputError:
                continue  # not a row of the sweep (plan.py's row_at)
    shared.fill_breakdowns(s.model, s.workload, pairs)
