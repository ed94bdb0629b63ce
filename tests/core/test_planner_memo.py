"""The planner's memoised memory (broadcast grid axes, one MemoryMemo per Plan) against the plain evaluation.

The reference enumerates the layouts on the full meshgrid and evaluates `training_components` on the flat list
of valid layouts, as the planner did before the grid and the memo (commit 5c5143e): random scenarios (methods,
precisions, optimizers, frameworks, offload, global batch, MoE, given keys, GPU counts) must give exactly the
same layouts in the same order, the same bytes, the same ranking, and the same answer with a memo that another
GPU type and neighbouring workloads have already filled.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gpuplanner.core import planner as pl
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import resolve_target
from gpuplanner.core.errors import InputError
from gpuplanner.core.framework import profile
from gpuplanner.core.memory import RECOMPUTE_CODES, training_components
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import parse_scenario

CATALOG = load_catalog(use_user_layer=False)
KEYS = ("tp", "pp", "cp", "ep", "dp", "zero", "micro_batch", "recompute")


def _meshgrid_layouts(s: Scenario, target: Any) -> dict[str, np.ndarray]:
    """The planner's layouts as it enumerated them before the grid (commit 5c5143e, planner.candidate_layouts):
    the full tp × pp × cp × ep × zero × micro-batch × recompute meshgrid, raveled, then the rules as a mask."""
    p, m, w = s.parallel, s.model, s.workload
    n, per_node = target.gpu_count, target.gpus_per_node
    cps = [p.cp] if p.cp is not None else [c for c in pl.CONTEXT_PARALLEL if w.seq_len % c == 0]
    eps = [p.ep] if p.ep is not None else (pl._divisors(m.experts) if m.is_moe else [1])
    zeros = [p.zero] if p.zero is not None else list(pl.ZERO_STAGES)
    mbs = [w.micro_batch] if w.micro_batch is not None else list(pl.MICRO_BATCHES)
    policies = profile(w.framework).recompute_policies
    rcs = [RECOMPUTE_CODES[w.recompute]] if w.recompute is not None else [RECOMPUTE_CODES[r] for r in policies]
    heads_ok = [t for t in pl._divisors(per_node) if m.heads % t == 0 and (m.kv_heads % t == 0 or t % m.kv_heads == 0)]
    tps = [p.tp] if p.tp is not None else heads_ok
    pps = [p.pp] if p.pp is not None else [q for q in pl._divisors(n) if q <= m.layers]
    if p.vpp > 1:
        pps = [q for q in pps if q >= 2 and q * p.vpp <= m.layers]
    axes = (tps, pps, cps, eps, zeros, mbs, rcs)
    grids = np.meshgrid(*(np.array(a, dtype=np.int64) for a in axes), indexing="ij")
    tp, pp, cp, ep, zero, mb, rc = (g.ravel() for g in grids)
    model_par = tp * pp * cp
    ok = n % model_par == 0
    dp = np.where(ok, n // model_par, 0)
    ok &= dp >= 1
    ok &= (((dp * cp) % ep) == 0) | (((tp * dp * cp) % ep) == 0)  # EP folded over TP too
    if w.global_batch:
        ok &= (w.global_batch % np.maximum(mb * dp, 1)) == 0
    flat = {"tp": tp, "pp": pp, "cp": cp, "ep": ep, "dp": dp, "zero": zero, "micro_batch": mb, "recompute": rc}
    return {k: v[ok] for k, v in flat.items()}


def _flat_memory(s: Scenario, target: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
    """The unmemoised path: every valid layout as a flat array, memory evaluated on them directly."""
    c = _meshgrid_layouts(s, target)
    comp = training_components(
        s.model,
        s.workload,
        **{k: c[k] for k in KEYS},
        vpp=s.parallel.vpp,
        sequence_parallel=s.parallel.sequence_parallel,
        gpu_count=target.gpu_count,
    )
    shape = c["tp"].shape
    return c, np.broadcast_to(comp.total, shape), np.broadcast_to(comp.overhead, shape)


scenarios = st.fixed_dictionaries(
    {
        "model": st.sampled_from(["llama-3.2-1b", "llama-3.1-8b", "qwen2.5-14b", "mixtral-8x7b", "gemma-2-9b"]),
        "method": st.sampled_from(["pretrain", "full", "lora", "qlora"]),
        "precision": st.sampled_from(["bf16-mixed", "bf16-master", "bf16-true", "fp32", "fp8-mixed"]),
        "optimizer": st.sampled_from(["adamw", "adamw8bit", "sgd", "adafactor"]),
        "framework": st.sampled_from(["generic", "hf", "torchtune", "torchtitan", "megatron", "deepspeed"]),
        "offload": st.sampled_from(["none", "none", "optimizer"]),
        "seq_len": st.sampled_from([2048, 4096, 8192, 12288]),
        "global_batch": st.sampled_from([None, None, 64, 256, 1024]),
        "chunked_loss": st.booleans(),
        "gpu_count": st.sampled_from([1, 8, 24, 64, 96, 512, 4096]),
        "per_node": st.sampled_from([None, 4]),
        "fixed": st.sampled_from([{}, {"tp": 2}, {"zero": 3}, {"pp": 2, "vpp": 2}, {"cp": 2}]),
    }
)


def _scenario(d: dict[str, Any]) -> Scenario:
    workload: dict[str, Any] = {
        "method": d["method"],
        "seq_len": d["seq_len"],
        "tokens": 1e11,
        "precision": d["precision"],
        "optimizer": d["optimizer"],
        "framework": d["framework"],
        "offload": d["offload"],
        "chunked_loss": d["chunked_loss"],
    }
    if d["global_batch"] is not None:
        workload["global_batch"] = d["global_batch"]
    hardware: dict[str, Any] = {"gpu": "h100-sxm-80gb", "gpu_count": d["gpu_count"]}
    if d["per_node"] is not None:
        hardware["gpus_per_node"] = d["per_node"]
    doc: dict[str, Any] = {
        "schema": 1,
        "name": "memo property",
        "model": {"preset": d["model"]},
        "workload": workload,
        "hardware": hardware,
    }
    if d["fixed"]:
        doc["parallel"] = dict(d["fixed"])
    return parse_scenario(doc)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios)
def test_memoised_memory_equals_the_flat_evaluation(d: dict[str, Any]) -> None:
    try:
        s = _scenario(d)
    except InputError:
        assume(False)
        return
    target = resolve_target(s, CATALOG)
    c, total, overhead = _flat_memory(s, target)
    found = pl.search(s, target)
    for k in KEYS:
        assert np.array_equal(getattr(found, k), c[k]), k
    assert np.array_equal(found.total, total)
    assert np.array_equal(found.overhead, overhead)
    ranked = found.ranked()
    assert found.best_index() == (int(ranked[0]) if ranked.size else None)

    # a memo filled by another GPU type at the same count gives the same bytes and the same best layout
    shared = pl.MemoryMemo()
    other = dataclasses.replace(target, gpu=CATALOG.gpus["a100-sxm-40gb"])
    pl.search(s, other, fitting_only=True, shared=shared)
    # and entries of neighbouring scenarios at the same count (a key missing an input would answer with them)
    w = s.workload
    for near in (
        dataclasses.replace(s, workload=dataclasses.replace(w, seq_len=w.seq_len * 2)),
        dataclasses.replace(s, workload=dataclasses.replace(w, chunked_loss=not w.chunked_loss)),
        dataclasses.replace(
            s, workload=dataclasses.replace(w, precision="bf16-true" if w.precision != "bf16-true" else "fp32")
        ),
        dataclasses.replace(s, parallel=dataclasses.replace(s.parallel, sequence_parallel=False)),
    ):
        pl.search(near, target, fitting_only=True, shared=shared)
    memo_found = pl.search(s, target, fitting_only=True, shared=shared)
    keep = found.fits
    assert np.array_equal(memo_found.total, found.total[keep])
    assert np.array_equal(memo_found.overhead, found.overhead[keep])
    order, memo_order = found.ranked(), memo_found.ranked()
    assert order.size == memo_order.size
    if order.size:
        assert memo_found.step_seconds is not None and found.step_seconds is not None
        assert memo_found.layout(int(memo_order[0])) == found.layout(int(order[0]))
        assert np.array_equal(memo_found.step_seconds[memo_order], found.step_seconds[order])


def test_memo_key_separates_counts_and_workloads() -> None:
    """Entries differ by GPU count and by workload; a full memo drops its oldest entry."""
    base = _scenario(
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
            "gpu_count": 64,
            "per_node": None,
            "fixed": {},
        }
    )
    target = resolve_target(base, CATALOG)
    shared = pl.MemoryMemo(max_entries=2)
    a = pl.search(base, target, shared=shared)
    longer = dataclasses.replace(base, workload=dataclasses.replace(base.workload, seq_len=8192))
    b = pl.search(longer, target, shared=shared)
    assert not np.array_equal(a.total, b.total)
    more = dataclasses.replace(target, gpu_count=128)
    c = pl.search(base, more, shared=shared)
    assert c.size != a.size
    assert len(shared._memory) == 2
    assert np.array_equal(pl.search(base, target, shared=shared).total, a.total)  # re-evaluated after eviction
    held = a.total.nbytes + a.overhead.nbytes
    small = pl.MemoryMemo(max_bytes=held + 1)  # room for one grid's arrays of this size
    pl.search(base, target, shared=small)
    pl.search(longer, target, shared=small)
    assert len(small._memory) == 1 and small._bytes <= held + 1
    with pytest.raises(ValueError):
        a_total = shared.memory(base, target, pl.layout_grid(base, target))[0]
        a_total[0] = 0.0  # the memo's arrays are read-only
