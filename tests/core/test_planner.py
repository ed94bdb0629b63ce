"""The layout planner (spec §2 "planner"): validity, fit, ranking, given keys, nothing fits, deadline."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import pytest

from gpuplanner.core import deadline as dl
from gpuplanner.core import planner as pl
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate, given_layout, resolve_target
from gpuplanner.core.flops import model_flops_per_token
from gpuplanner.core.memory import memory_for
from gpuplanner.core.plan import SweepRow, pareto_front
from gpuplanner.core.results import Layout
from gpuplanner.core.scenario import Parallel, Scenario
from gpuplanner.core.scenario_io import layout_problem, parse_scenario
from gpuplanner.core.training_time import hardware_rates

GIB = 2**30


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return load_catalog(use_user_layer=False)


def scenario(
    model: dict[str, Any] | None = None, *, parallel: dict[str, Any] | None = None, **overrides: Any
) -> Scenario:
    hardware = {"gpu": "h100-sxm-80gb", "gpu_count": 64}
    workload = {"method": "pretrain", "seq_len": 4096, "global_batch": 256, "tokens": 1e11, "precision": "bf16-mixed"}
    for key, value in overrides.items():
        table = hardware if key in ("gpu", "gpu_count", "candidates", "gpus_per_node", "node") else workload
        table[key] = value
    doc: dict[str, Any] = {
        "schema": 1,
        "name": "test",
        "model": model or {"preset": "llama-3.1-8b"},
        "workload": workload,
        "hardware": hardware,
    }
    if parallel:
        doc["parallel"] = parallel
    return parse_scenario(doc)


def as_given(s: Scenario, lay: Layout) -> Scenario:
    """The scenario with every layout key given as in `lay`."""
    par = Parallel(
        tp=lay.tp, pp=lay.pp, cp=lay.cp, ep=lay.ep, vpp=lay.vpp, zero=lay.zero, sequence_parallel=lay.sequence_parallel
    )
    w = dataclasses.replace(s.workload, micro_batch=lay.micro_batch, recompute=lay.recompute)
    return dataclasses.replace(s, parallel=par, workload=w)


def check_valid(s: Scenario, target, lay: Layout) -> None:  # type: ignore[no-untyped-def]
    assert lay.gpus == target.gpu_count
    assert lay.tp <= target.gpus_per_node
    assert layout_problem(as_given(s, lay)) is None, lay
    w = s.workload
    if w.global_batch:
        assert w.global_batch % (lay.micro_batch * lay.dp) == 0
    assert (lay.dp * lay.cp) % lay.ep == 0 or (lay.tp * lay.dp * lay.cp) % lay.ep == 0  # EP folded over TP too


# --- validity and fit --------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset,count", [("llama-3.1-8b", 64), ("llama-3.1-70b", 64), ("mixtral-8x7b", 32)])
def test_every_ranked_layout_fits_and_obeys_the_rules(catalog, preset, count):
    s = scenario({"preset": preset}, gpu_count=count)
    target = resolve_target(s, catalog)
    cap = float(target.gpu.memory_bytes)
    found = pl.search(s, target)
    order = found.ranked()
    assert order.size > 0
    for n, i in enumerate(order.tolist()):
        lay = found.layout(i)
        check_valid(s, target, lay)
        assert found.total[i] + found.overhead[i] <= cap
        if n % 25 == 0:  # the vectorised numbers are those of the engine's scalar path for the same layout
            br = memory_for(s.model, s.workload, lay, cap, count, solve_limits=False)
            assert br.total == pytest.approx(float(found.total[i]), rel=1e-9)
            assert br.overhead == pytest.approx(float(found.overhead[i]), rel=1e-9)
            assert br.fits
    result = pl.plan(s, catalog, top=50)
    assert result.searched == found.size >= result.feasible == order.size
    assert len(result.layouts) == min(50, order.size)
    for r in result.layouts:
        check_valid(s, target, r.layout)
        assert r.memory.fits and r.memory.headroom >= 0
        assert r.memory.total + r.memory.overhead <= cap


def test_search_covers_the_rules_and_nothing_else(catalog):
    s = scenario({"preset": "llama-3.1-70b"}, gpu_count=64, seq_len=8192, global_batch=128)
    target = resolve_target(s, catalog)
    found = pl.search(s, target)
    for i in range(found.size):
        check_valid(s, target, found.layout(i))
    keys = {
        (
            int(found.tp[i]),
            int(found.pp[i]),
            int(found.cp[i]),
            int(found.zero[i]),
            int(found.micro_batch[i]),
            int(found.recompute[i]),
        )
        for i in range(found.size)
    }
    assert len(keys) == found.size  # no duplicates
    assert set(found.tp.tolist()) == {1, 2, 4, 8}  # 64 heads, 8 KV heads, 8 GPUs a node
    assert set(found.pp.tolist()) == {1, 2, 4, 8, 16, 32, 64}
    assert set(found.cp.tolist()) == {1, 2, 4, 8, 16}
    assert set(found.zero.tolist()) == {0, 1, 2, 3}
    assert set(found.recompute.tolist()) == {0, 1, 2}
    assert set(found.micro_batch.tolist()) <= {1, 2, 4, 8, 16, 32, 64}
    # every combination the rules allow is there: tp=1 pp=1 cp=1 → dp=64, micro-batch up to 128/64 = 2
    assert {int(m) for i, m in enumerate(found.micro_batch) if found.dp[i] == 64} == {1, 2}


def test_uneven_pipeline_and_kv_head_rule(catalog):
    # 3 nodes of 8: pp = 3 splits 32 layers unevenly (11, 11, 10); 8 KV heads allow tp 1, 2, 4, 8
    s = scenario({"preset": "llama-3.1-8b"}, gpu_count=24, global_batch=48)
    found = pl.search(s, resolve_target(s, load_catalog(use_user_layer=False)))
    assert 3 in set(found.pp.tolist())
    # a model with 6 KV heads: tp 4 neither divides 6 nor is a multiple of it
    odd = scenario({"preset": "llama-3.1-8b", "heads": 24, "kv_heads": 6, "hidden": 3072}, gpu_count=16)
    tps = set(pl.search(odd, resolve_target(odd, catalog)).tp.tolist())
    assert 4 not in tps and tps <= {1, 2, 8}
    assert 8 not in tps  # 24 heads: 8 does not divide them


def test_vectorised_time_matches_scalar_path(catalog):
    s = scenario({"preset": "llama-3.1-70b"}, gpu_count=64)
    target = resolve_target(s, catalog)
    found = pl.search(s, target)
    for i in range(0, found.size, max(1, found.size // 40)):
        total, overhead, step = pl.score_layout(s, target, found.layout(i))
        assert total == pytest.approx(float(found.total[i]), rel=1e-9)
        assert overhead == pytest.approx(float(found.overhead[i]), rel=1e-9)
        assert step == pytest.approx(float(found.step_seconds[i]), rel=1e-9)


# --- ranking -----------------------------------------------------------------------------------------------


def test_ranked_fastest_first_and_best_is_the_fastest_that_fits(catalog):
    s = scenario({"preset": "llama-3.1-70b"}, gpu_count=128, seq_len=8192, global_batch=512)
    target = resolve_target(s, catalog)
    result = pl.plan(s, catalog, top=None)
    tps = [r.time.tokens_per_second for r in result.layouts]
    slack = 1 + 2 * pl.RANK_TOLERANCE
    assert all(b <= a * slack for a, b in zip(tps, tps[1:], strict=False))
    found = pl.search(s, target)
    assert tps[0] * slack >= float(np.max(found.tokens_per_second[found.fits]))
    best = pl.best_layout(s, target)
    assert best == result.layouts[0].layout
    # the engine uses the planner's choice for absent keys
    assert estimate(s, catalog).layout == best
    # ties are broken toward less memory: ZeRO-2 and ZeRO-1 run equally fast, ZeRO-2 holds less
    for a, b in zip(result.layouts, result.layouts[1:], strict=False):
        if a.time.tokens_per_second == b.time.tokens_per_second and a.cross_node_peers == b.cross_node_peers:
            assert a.memory.total + a.memory.overhead <= b.memory.total + b.memory.overhead


def test_top_limits_the_list_and_reports_time(catalog):
    s = scenario(gpu_count=16)
    result = pl.plan(s, catalog, top=3)
    assert len(result.layouts) == 3 and result.feasible >= 3
    for r in result.layouts:
        t = r.time
        assert t.tokens_per_second > 0 and t.step_seconds > 0 and 0 < t.mfu < 1
        ideal = s.workload.training_tokens / t.tokens_per_second
        assert t.wall_seconds >= ideal  # goodput losses on top
    assert result.best is result.layouts[0]


# --- given keys ------------------------------------------------------------------------------------------


def test_given_keys_are_fixed(catalog):
    s = scenario(
        {"preset": "llama-3.1-70b"}, gpu_count=64, micro_batch=1, recompute="full", parallel={"tp": 4, "zero": 1}
    )
    result = pl.plan(s, catalog, top=None)
    assert result.layouts
    for r in result.layouts:
        lay = r.layout
        assert (lay.tp, lay.zero, lay.micro_batch, lay.recompute) == (4, 1, 1, "full")
        assert lay.sequence_parallel  # tp > 1 when absent
    other = scenario({"preset": "llama-3.1-70b"}, gpu_count=64, parallel={"pp": 4, "cp": 2, "sequence_parallel": False})
    for r in pl.plan(other, catalog, top=None).layouts:
        assert (r.layout.pp, r.layout.cp, r.layout.sequence_parallel) == (4, 2, False)


def test_vpp_restricts_pipeline_depths(catalog):
    # a scenario file needs parallel.pp with vpp; one built in code (the app) may leave pp to the planner
    base = scenario({"preset": "llama-3.1-8b"}, gpu_count=64)
    s = dataclasses.replace(base, parallel=Parallel(vpp=2))
    found = pl.search(s, resolve_target(s, catalog))
    assert found.size > 0
    assert all(p >= 2 and 32 % (p * 2) == 0 for p in found.pp.tolist())
    assert found.layout(0).vpp == 2


def test_all_keys_given_returns_the_given_layout_without_search(catalog, monkeypatch):
    s = scenario(
        {"preset": "llama-3.1-70b"},
        gpu_count=8,
        micro_batch=1,
        recompute="none",
        global_batch=8,
        parallel={"tp": 1, "pp": 1, "cp": 1, "zero": 0},
    )
    target = resolve_target(s, catalog)

    def no_search(*_a: object, **_k: object) -> None:
        raise AssertionError("searched although every key was given")

    monkeypatch.setattr(pl, "search", no_search)
    lay = pl.best_layout(s, target)
    assert lay == given_layout(s, target)
    assert (lay.tp, lay.pp, lay.dp, lay.zero) == (1, 1, 8, 0)  # returned even though it does not fit


def test_mixture_of_experts_expert_parallel(catalog):
    s = scenario({"preset": "mixtral-8x7b"}, gpu_count=32, global_batch=64)
    found = pl.search(s, resolve_target(s, catalog))
    assert set(found.ep.tolist()) == {1, 2, 4, 8}
    assert np.all(((found.dp * found.cp) % found.ep == 0) | ((found.tp * found.dp * found.cp) % found.ep == 0))
    fixed = scenario({"preset": "mixtral-8x7b"}, gpu_count=32, global_batch=64, parallel={"ep": 8})
    assert set(pl.search(fixed, resolve_target(fixed, catalog)).ep.tolist()) == {8}
    dense = scenario(gpu_count=32)
    assert set(pl.search(dense, resolve_target(dense, catalog)).ep.tolist()) == {1}


def test_given_mfu_sets_the_reported_speed(catalog):
    s = scenario(gpu_count=16, mfu=0.4)
    target = resolve_target(s, catalog)
    rates = hardware_rates(target.gpu, target.node, target.gpus_per_node, s.workload.precision)
    want = 0.4 * rates.peak_flops * 16 / model_flops_per_token(s.model, s.workload.seq_len)
    for r in pl.plan(s, catalog, top=5).layouts:
        assert r.time.mfu == pytest.approx(0.4)
        assert r.time.tokens_per_second == pytest.approx(want)


def test_inference_chooses_the_fewest_gpus_per_replica(catalog):
    s = parse_scenario(
        {
            "schema": 1,
            "name": "serve",
            "model": {"preset": "llama-3.1-70b"},
            "workload": {"method": "inference", "seq_len": 8192, "batch": 8},
            "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 8},
        }
    )
    target = resolve_target(s, catalog)
    result = pl.plan(s, catalog, top=None)
    assert result.layouts
    first = result.layouts[0].layout
    assert first.tp * first.pp == min(r.layout.tp * r.layout.pp for r in result.layouts)
    for r in result.layouts:
        assert r.memory.fits and r.time.tokens_per_second is None
        assert r.layout.gpus == 8
    assert pl.best_layout(s, target) == first


# --- nothing fits ----------------------------------------------------------------------------------------


def test_nothing_fits_gives_none_and_a_reason(catalog):
    s = scenario({"preset": "llama-3.1-405b"}, gpu_count=8, global_batch=8)
    target = resolve_target(s, catalog)
    assert pl.best_layout(s, target) is None
    result = pl.plan(s, catalog)
    assert result.layouts == () and result.feasible == 0 and result.searched > 0
    assert result.best is None
    assert "none of the" in result.reason and "GiB" in result.reason and "tp=" in result.reason
    # the engine falls back to the plain defaults and says they do not fit
    e = estimate(s, catalog)
    assert e.layout == given_layout(s, target)
    assert not e.memory.fits


def test_no_valid_layout_gives_a_reason(catalog):
    s = scenario(gpu_count=8, parallel={"tp": 2})
    odd = dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=7))  # 7 is not 2·k
    target = resolve_target(odd, catalog)
    assert pl.search(odd, target).size == 0
    assert pl.best_layout(odd, target) is None
    result = pl.plan(odd, catalog)
    assert result.searched == 0 and result.layouts == ()
    assert "layout rules" in result.reason


# --- deadline --------------------------------------------------------------------------------------------


def _wall(s: Scenario, catalog, gpu: str, count: int) -> float:  # type: ignore[no-untyped-def]
    """Wall seconds of the best layout at `count` GPUs; infinite when no valid layout fits."""
    sc = dataclasses.replace(s, hardware=dataclasses.replace(s.hardware, gpu_count=count))
    if not pl.search(sc, resolve_target(sc, catalog, gpu)).ranked().size:
        return math.inf
    e = estimate(sc, catalog, gpu)
    assert e.memory.fits
    return e.time.wall_seconds


@pytest.mark.parametrize("days", [3.0, 20.0])
def test_deadline_finds_the_smallest_whole_node_count(catalog, days):
    s = scenario(
        {"preset": "llama-3.1-8b"},
        gpu_count=64,
        tokens=1e12,
        deadline_days=days,
        candidates=["h100-sxm-80gb", "a100-sxm-80gb"],
    )
    answers = [dl.smallest_count(s, catalog, gpu, days) for gpu in ("h100-sxm-80gb", "a100-sxm-80gb")]
    limit = days * 86400
    for d in answers:
        target = resolve_target(s, catalog, d.gpu)
        per_node = target.gpus_per_node
        assert d.gpu_count is not None and d.gpu_count % per_node == 0, d.reason
        assert d.wall_seconds <= limit
        assert d.wall_seconds == pytest.approx(_wall(s, catalog, d.gpu, d.gpu_count))
        assert d.layout is not None and d.layout.gpus == d.gpu_count
        if d.gpu_count > per_node:
            assert _wall(s, catalog, d.gpu, d.gpu_count - per_node) > limit  # one node fewer misses
        assert d.job_cloud_on_demand is None or d.job_cloud_on_demand > 0
    # more time allows fewer GPUs; the faster GPU needs fewer of them
    h100, a100 = answers
    assert h100.gpu_count <= a100.gpu_count


def test_deadline_respects_given_keys_in_node_steps(catalog):
    # tp = 8 and pp = 3 fixed: counts are multiples of lcm(8, 24) = 24 GPUs (3 nodes)
    s = scenario(
        {"preset": "llama-3.1-70b"},
        gpu_count=48,
        global_batch=96,
        tokens=2e11,
        deadline_days=10,
        parallel={"tp": 8, "pp": 3},
    )
    d = dl.smallest_count(s, catalog, "h100-sxm-80gb", 10)
    assert d.gpu_count is not None and d.gpu_count % 24 == 0
    assert (d.layout.tp, d.layout.pp) == (8, 3)
    if d.gpu_count > 24:
        assert _wall(s, catalog, "h100-sxm-80gb", d.gpu_count - 24) > 10 * 86400


def test_unreachable_deadline_says_why(catalog):
    s = scenario(gpu_count=8, tokens=1e13, deadline_days=1e-4, global_batch=64)
    d = dl.smallest_count(s, catalog, "h100-sxm-80gb", 1e-4)
    assert d.gpu_count is None and d.wall_seconds is None and d.layout is None
    assert "days" in d.reason


def test_pareto_keeps_the_points_not_beaten_on_time_and_cost():
    def point(gpu: str, wall: float | None, cost: float | None, fits: bool = True) -> SweepRow:
        return SweepRow(gpu, 8, fits, None, None, wall, None, None, cost, None, None)

    a, b, c, d = point("a", 10, 100), point("b", 20, 50), point("c", 30, 80), point("d", 5, None)
    missed = point("e", None, None, fits=False)
    assert pareto_front((a, b, c, missed)) == (a, b)
    assert pareto_front((a, b, c, d)) == (d, a, b)  # unknown cost: on the front only by being fastest
    assert pareto_front((c, b)) == (b,)
    assert pareto_front(()) == ()
