"""The serving plan (core/serving_plan.py, issue 21): the smallest deployment meeting throughput and latency
targets, its cost per million output tokens, and the throughput–latency curve."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.core.serving_plan import Deployment, plan_serving, serving_for, serving_plan_dict

CATALOG = load_catalog(use_user_layer=False)


def scenario(*, preset: str = "llama-3.1-8b", gpus: tuple[str, ...] = ("h100-sxm-80gb",), **workload: Any) -> Scenario:
    w = {"method": "inference", "input_len": 1000, "output_len": 500, "batch": "max", **workload}
    doc = {
        "schema": 1,
        "model": {"preset": preset},
        "workload": w,
        "hardware": {"gpu": gpus[0], "gpu_count": 1, "candidates": list(gpus)},
    }
    return parse_scenario(doc)


def only(s: Scenario) -> Deployment:
    p = plan_serving(s, CATALOG)
    assert len(p.deployments) == 1
    return p.deployments[0]


def at(s: Scenario, d: Deployment, batch: int):  # type: ignore[no-untyped-def]
    """The serving estimate of one replica of `d` at `batch` sequences."""
    hw = replace(s.hardware, gpu=d.gpu, gpu_count=d.tp)
    return serving_for(
        replace(s, hardware=hw, parallel=replace(s.parallel, tp=d.tp, pp=1), workload=replace(s.workload, batch=batch)),
        CATALOG,
    )


def test_throughput_target_met_with_the_fewest_replicas() -> None:
    s = scenario(target_output_tokens_per_second=50_000, tpot_slo_ms=40)
    d = only(s)
    assert d.meets_targets
    assert d.output_tokens_per_second >= 50_000
    one = d.output_tokens_per_second / d.replicas
    assert one * (d.replicas - 1) < 50_000  # one replica fewer falls short
    assert d.gpu_count == d.tp * d.replicas


def test_latency_slos_hold_and_the_batch_is_the_largest_that_meets_them() -> None:
    s = scenario(tpot_slo_ms=30, ttft_slo_ms=500)
    d = only(s)
    assert d.meets_targets and d.replicas == 1
    assert d.tpot_seconds <= 0.030 and d.ttft_seconds <= 0.5
    bigger = at(s, d, d.batch_per_replica + 1)
    assert bigger.tpot_seconds > 0.030 or bigger.ttft_seconds > 0.5 or not bigger.fits


def test_a_higher_target_never_needs_fewer_gpus() -> None:
    counts = [only(scenario(target_output_tokens_per_second=t, tpot_slo_ms=50)).gpu_count for t in (1e3, 1e4, 1e5, 1e6)]
    assert counts == sorted(counts) and counts[-1] > counts[0]


def test_a_tighter_tpot_slo_means_fewer_sequences_per_replica() -> None:
    loose = only(scenario(tpot_slo_ms=80))
    tight = only(scenario(tpot_slo_ms=15))
    assert tight.batch_per_replica < loose.batch_per_replica


def test_large_model_picks_the_smallest_tp_that_holds_it() -> None:
    d = only(scenario(preset="llama-3.1-70b", weight_precision="bf16", tpot_slo_ms=100))
    assert d.tp == 2  # 141 GB of bf16 weights do not fit one 80 GB H100, two hold them with KV to spare


def test_pipeline_stages_only_where_no_node_holds_the_model() -> None:
    big = scenario(preset="llama-3.1-405b", gpus=("h200-sxm-141gb",), weight_precision="bf16", tpot_slo_ms=200)
    d = only(big)
    assert (d.tp, d.pp) == (8, 1)  # 810 GB of weights fit one node of eight H200
    one_per_node = replace(big, hardware=replace(big.hardware, gpus_per_node=1))
    d = only(one_per_node)
    assert d.tp == 1 and d.pp == 8  # single-GPU nodes: 8 stages of 101 GB each; 4 would need 203 GB per GPU


def test_gpu_that_cannot_hold_the_model_is_unfit() -> None:
    s = scenario(preset="llama-3.1-405b", gpus=("h200-sxm-141gb", "l4"), weight_precision="bf16")
    p = plan_serving(replace(s, hardware=replace(s.hardware, gpus_per_node=1)), CATALOG)
    assert p.unfit == ("l4",)  # 8 stages of one 24 GB L4 hold 192 GB of 810
    assert [d.gpu for d in p.deployments] == ["h200-sxm-141gb"]


def test_impossible_slo_is_reported_not_met() -> None:
    d = only(scenario(tpot_slo_ms=0.01))
    assert not d.meets_targets
    assert "no concurrency meets" in d.reason
    assert plan_serving(scenario(tpot_slo_ms=0.01), CATALOG).recommendation is None


def test_cost_per_million_follows_the_spec_formula_and_utilization() -> None:
    s = scenario(target_output_tokens_per_second=20_000, tpot_slo_ms=50)
    d = only(s)
    offer = CATALOG.default_offer("h100-sxm-80gb", "on_demand")
    assert offer is not None
    expect = offer.usd_per_gpu_hour * d.gpu_count / (d.output_tokens_per_second * 3600) * 1e6
    assert d.on_demand_per_million_output_tokens == pytest.approx(expect)
    owned = [x.owned_per_million_output_tokens or 0.0 for x in d.by_utilization]
    assert all(v > 0 for v in owned)
    assert owned == sorted(owned, reverse=True)  # idle owned GPUs make each token dearer
    r1 = [(x.utilization, x.reserved_1y_per_million_output_tokens) for x in d.by_utilization]
    known = [(u, v) for u, v in r1 if v is not None]
    if len(known) >= 2:  # reserved hours are paid whether used or not: cost ∝ 1/u
        (u0, v0), (u1, v1) = known[0], known[-1]
        assert v0 * u0 == pytest.approx(v1 * u1)


def test_tradeoff_curve_rises_in_throughput_and_latency() -> None:
    p = plan_serving(scenario(tpot_slo_ms=50), CATALOG)
    (curve,) = p.curves
    tps = [x.output_tokens_per_second for x in curve.points]
    tpot = [x.tpot_seconds for x in curve.points]
    assert len(tps) >= 5
    assert tps == sorted(tps) and tpot == sorted(tpot)
    assert curve.points[0].batch_per_replica == 1


def test_plan_document_is_json() -> None:
    p = plan_serving(scenario(gpus=("h100-sxm-80gb", "a100-sxm-80gb"), target_output_tokens_per_second=1e4), CATALOG)
    doc = json.loads(json.dumps(serving_plan_dict(p), allow_nan=False))
    assert {d["gpu"] for d in doc["deployments"]} == {"h100-sxm-80gb", "a100-sxm-80gb"}
    assert doc["recommendation"]["meets_targets"] is True
    assert set(doc["deployments"][0]["cost_per_million_output_tokens"]) == {
        "cloud_on_demand",
        "cloud_spot",
        "cloud_reserved_1y",
        "cloud_reserved_3y",
        "owned",
    }


def test_without_lengths_there_is_no_plan_and_it_says_why() -> None:
    doc = {
        "schema": 1,
        "model": {"preset": "mixtral-8x7b"},
        "workload": {"method": "inference", "seq_len": 4096, "batch": 32},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 2},
    }
    p = plan_serving(parse_scenario(doc), CATALOG)
    assert p.deployments == () and p.recommendation is None and p.unfit == ()
    assert "input_len" in p.reason


def test_moe_model_plans() -> None:
    d = only(scenario(preset="mixtral-8x7b", target_output_tokens_per_second=5000, tpot_slo_ms=60))
    assert d.meets_targets and d.output_tokens_per_second >= 5000
