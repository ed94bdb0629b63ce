"""The batched limit search (core/memory_limits.py) and breakdowns (memory.training_breakdowns) against the
one-at-a-time evaluation of core/memory.py.

Random training scenarios (methods, precisions, optimizers, frameworks, offload, global batch, MoE, sequence
lengths) and random valid layouts of their grid (cp and pp among them), compared with capacities from a few GiB
(nothing fits: None) to B200's: every query's largest micro-batch and sequence length must be exactly what
`memory.max_micro_batch` / `memory.max_seq_len` answer, and every breakdown equal to `memory_for`'s, field by
field (terms included). A Plan's candidates, whose limits are searched
together, must carry the same memory breakdown as their plain estimates.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate, resolve_target
from gpuplanner.core.errors import InputError
from gpuplanner.core.layout_grid import layout_grid
from gpuplanner.core.memory import max_micro_batch, max_seq_len, memory_for, training_breakdowns
from gpuplanner.core.memory_limits import LimitQuery, _Bisection, training_limits
from gpuplanner.core.plan import plan
from gpuplanner.core.recompute import RECOMPUTE_CODES
from gpuplanner.core.results import Layout
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import parse_scenario

CATALOG = load_catalog(use_user_layer=False)
GIB = 2**30
POLICY = {code: name for name, code in RECOMPUTE_CODES.items()}

scenarios = st.fixed_dictionaries(
    {
        "model": st.sampled_from(["llama-3.2-1b", "llama-3.1-8b", "qwen2.5-14b", "mixtral-8x7b", "gemma-2-9b"]),
        "method": st.sampled_from(["pretrain", "full", "lora", "qlora"]),
        "precision": st.sampled_from(["bf16-mixed", "bf16-master", "bf16-true", "fp32", "fp8-mixed"]),
        "optimizer": st.sampled_from(["adamw", "adamw8bit", "sgd", "adafactor"]),
        "framework": st.sampled_from(["generic", "hf", "torchtune", "torchtitan", "megatron", "deepspeed"]),
        "offload": st.sampled_from(["none", "none", "optimizer"]),
        "seq_len": st.sampled_from([2048, 4096, 8192, 12288]),
        "global_batch": st.sampled_from([None, None, 64, 256]),
        "chunked_loss": st.booleans(),
        "gpu_count": st.sampled_from([1, 8, 64, 512]),
        "seed": st.integers(0, 2**16),
        "capacities_gib": st.lists(st.sampled_from([4, 12, 24, 40, 80, 141, 180]), min_size=1, max_size=3),
    }
)


def _scenario(d: dict[str, Any]) -> Scenario:
    workload: dict[str, Any] = {
        k: d[k] for k in ("method", "seq_len", "precision", "optimizer", "framework", "offload", "chunked_loss")
    }
    workload["tokens"] = 1e11
    if d["global_batch"] is not None:
        workload["global_batch"] = d["global_batch"]
    doc = {
        "schema": 1,
        "name": "limits property",
        "model": {"preset": d["model"]},
        "workload": workload,
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": d["gpu_count"]},
    }
    return parse_scenario(doc)


def _layouts(s: Scenario, seed: int, count: int) -> list[Layout]:
    """`count` random valid layouts of the planner's grid at the scenario's GPU count."""
    grid = layout_grid(s, resolve_target(s, CATALOG))
    axes = {k: np.broadcast_to(v, grid.valid.shape)[grid.valid] for k, v in grid.axes.items()}
    size = int(grid.valid.sum())
    if size == 0:
        return []
    picks = np.random.default_rng(seed).choice(size, size=min(count, size), replace=False)
    return [
        Layout(
            tp=int(axes["tp"][i]),
            pp=int(axes["pp"][i]),
            cp=int(axes["cp"][i]),
            ep=int(axes["ep"][i]),
            dp=int(axes["dp"][i]),
            zero=int(axes["zero"][i]),
            micro_batch=int(axes["micro_batch"][i]),
            recompute=POLICY[int(axes["recompute"][i])],
            sequence_parallel=int(axes["tp"][i]) > 1,
        )
        for i in picks
    ]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios)
def test_batched_limits_equal_the_scalar_bisection(d: dict[str, Any]) -> None:
    try:
        s = _scenario(d)
    except InputError:
        assume(False)
        return
    layouts = _layouts(s, d["seed"], 3)
    assume(layouts)
    n = s.hardware.gpu_count
    queries = [LimitQuery(lay, float(c * GIB), n) for lay in layouts for c in d["capacities_gib"]]
    got = training_limits(s.model, s.workload, queries)
    expected = [
        (
            max_micro_batch(s.model, s.workload, q.layout, q.capacity, n),
            max_seq_len(s.model, s.workload, q.layout, q.capacity, n),
        )
        for q in queries
    ]
    assert got == expected


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios)
def test_batched_breakdowns_equal_memory_for(d: dict[str, Any]) -> None:
    try:
        s = _scenario(d)
    except InputError:
        assume(False)
        return
    layouts = _layouts(s, d["seed"], 12)
    assume(layouts)
    counts = [s.hardware.gpu_count * (1 + i % 3) for i in range(len(layouts))]  # several counts in one call
    got = training_breakdowns(s.model, s.workload, layouts, counts, capacity=80.0 * GIB)
    for lay, n, br in zip(layouts, counts, got, strict=True):
        one = memory_for(s.model, s.workload, lay, 80.0 * GIB, n, solve_limits=False)
        assert br == one
        assert br.terms == one.terms and br.peak_phase == one.peak_phase and br.stages == one.stages


def test_the_bisection_takes_the_scalar_steps() -> None:
    """On a predicate that is not monotone the answer depends on the probes' order: the batched walk must still
    give what `memory._largest` gives."""
    from gpuplanner.core.memory import _largest

    for bad in ({7}, {1, 2, 3, 100}, {513}, set(range(40, 60))):

        def ok(v: int, bad: set[int] = bad) -> bool:
            return v not in bad and v < 900

        b = _Bisection(1, 1 << 10)
        while not b.done:
            b.advance({v: ok(v) for v in b.probes(3)})
        assert b.result == _largest(ok, 1, 1 << 10), bad


def test_a_plans_candidates_carry_the_plain_estimates_memory() -> None:
    gpus = ["h100-sxm-80gb", "h200-sxm-141gb", "a100-sxm-40gb", "l40s"]
    s = parse_scenario(
        {
            "schema": 1,
            "name": "limits in a Plan",
            "model": {"preset": "llama-3.1-8b"},
            "workload": {"method": "pretrain", "seq_len": 8192, "tokens": 1e11},
            "hardware": {"gpu": gpus[0], "gpu_count": 16, "candidates": gpus[1:]},
        }
    )
    p = plan(s, CATALOG, sweep=False)
    for c in p.candidates:
        assert c.estimate is not None
        plain = estimate(s, CATALOG, c.gpu).memory
        assert plain is not None and plain.max_seq_len is not None
        assert c.estimate.memory == plain, c.gpu
        assert c.estimate.memory.max_micro_batch == plain.max_micro_batch


def test_no_queries_no_work() -> None:
    s = _scenario(
        {
            "model": "llama-3.1-8b",
            "method": "pretrain",
            "precision": "bf16-mixed",
            "optimizer": "adamw",
            "framework": "generic",
            "offload": "none",
            "seq_len": 4096,
            "global_batch": None,
            "chunked_loss": False,
            "gpu_count": 8,
        }
    )
    assert training_limits(s.model, s.workload, []) == []
    assert training_breakdowns(s.model, s.workload, [], []) == []
