"""`layout_rank.best_fitting` (step time on the grid's axes, memory fastest first) picks exactly the layout of the
full search (`planner.search(..., fitting_only=True).best_index()`, the flat evaluation): random scenarios of
tests/core/test_planner_memo.py, on GPU types from 24 to 192 GB, with and without a Plan's shared memo, on grids
small enough to be evaluated whole and large enough to be evaluated fastest first."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_planner_memo import CATALOG, _scenario, scenarios

from gpuplanner.core import layout_rank as lr
from gpuplanner.core import planner as pl
from gpuplanner.core.engine import resolve_target
from gpuplanner.core.errors import InputError
from gpuplanner.core.layout_grid import layout_grid
from gpuplanner.core.scenario_io import parse_scenario


def _reference(s: Any, target: Any) -> Any:
    found = pl.search(s, target, fitting_only=True)
    i = found.best_index()
    return None if i is None else found.layout(i)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios, st.sampled_from(["h100-sxm-80gb", "l4", "a100-sxm-40gb", "b200-sxm-180gb", "mi300x"]))
def test_best_fitting_is_the_full_search_answer(d: dict[str, Any], gpu: str) -> None:
    try:
        s = _scenario(d)
    except InputError:
        assume(False)
        return
    assume(s.workload.is_training)
    target = dataclasses.replace(resolve_target(s, CATALOG), gpu=CATALOG.gpus[gpu])
    want = _reference(s, target)
    assert lr.best_fitting(s, target) == want
    shared = pl.MemoryMemo()
    assert lr.best_fitting(s, target, shared) == want  # fastest first on a large grid: nothing kept
    shared.whole_counts.add(target.gpu_count)
    assert lr.best_fitting(s, target, shared) == want  # the whole grid, kept for the next GPU type
    assert lr.best_fitting(s, target, shared) == want  # and read back


def test_large_grids_are_evaluated_fastest_first() -> None:
    """The benchmark's 70B at 640 GPUs: the grid has far more triples than one round, and the answer is the full
    search's (the property above covers such grids only where hypothesis draws 512 or 4096 GPUs)."""
    s = _scenario(
        {
            "model": "qwen2.5-14b",
            "method": "pretrain",
            "precision": "bf16-mixed",
            "optimizer": "adamw",
            "framework": "megatron",
            "offload": "none",
            "seq_len": 8192,
            "global_batch": None,
            "chunked_loss": False,
            "gpu_count": 640,
            "per_node": None,
            "fixed": {},
        }
    )
    for gpu in ("h100-sxm-80gb", "l4", "a100-sxm-40gb"):
        target = dataclasses.replace(resolve_target(s, CATALOG), gpu=CATALOG.gpus[gpu])
        assert layout_grid(s, target).valid.shape[0] > 2 * lr.FIRST_ROUND_TRIPLES
        assert lr.best_fitting(s, target) == _reference(s, target)


def test_nothing_fits_on_a_large_grid() -> None:
    """Every round is evaluated and none fits: None, as the full search says."""
    s = parse_scenario(
        {
            "schema": 1,
            "name": "405B on 64 L4",
            "model": {"preset": "llama-3.1-405b"},
            "workload": {"method": "pretrain", "seq_len": 8192, "tokens": 1e11},
            "hardware": {"gpu": "l4", "gpu_count": 64},
        }
    )
    target = resolve_target(s, CATALOG)
    assert layout_grid(s, target).valid.shape[0] > 2 * lr.FIRST_ROUND_TRIPLES
    assert _reference(s, target) is None
    assert lr.best_fitting(s, target) is None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios)
def test_one_call_for_many_counts_gives_each_grid_its_bytes(d: dict[str, Any]) -> None:
    """`MemoryMemo.fill` (the sweep's grids in one call, the GPU count per triple) holds exactly the bytes that
    each grid evaluated alone has, 1 GPU (no NCCL buffers) included."""
    try:
        s = _scenario(d)
    except InputError:
        assume(False)
        return
    assume(s.workload.is_training)
    base = resolve_target(s, CATALOG)
    targets = [dataclasses.replace(base, gpu_count=n) for n in (1, 2, 8, 24, 64, 512)]
    memo = pl.MemoryMemo()
    memo.fill(s, targets)
    for t in targets:
        sc = dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=t.gpu_count))
        alone = pl._grid_memory(sc, t, layout_grid(sc, t))
        held = memo.memory(sc, t, layout_grid(sc, t))
        assert all(np.array_equal(a, b) for a, b in zip(alone, held, strict=True)), t.gpu_count
