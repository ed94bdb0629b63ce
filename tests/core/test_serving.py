"""Properties of the serving model (core/serving.py, issue 21)."""

from __future__ import annotations

from typing import Any

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.errors import InputError
from gpuplanner.core.scenario_io import parse_scenario, scenario_to_dict
from gpuplanner.core.serving import ServingEstimate

CATALOG = load_catalog(use_user_layer=False)


def serve(
    *, gpu: str = "h100-sxm-80gb", n: int = 1, tp: int = 1, preset: str = "llama-3.1-8b", **workload: Any
) -> ServingEstimate:
    w = {"method": "inference", "input_len": 1000, "output_len": 1000, "batch": 32, **workload}
    doc = {
        "schema": 1,
        "model": {"preset": preset},
        "workload": w,
        "hardware": {"gpu": gpu, "gpu_count": n},
        "parallel": {"tp": tp, "pp": 1},
    }
    sv = estimate(parse_scenario(doc), CATALOG).serving
    assert sv is not None
    return sv


def test_more_concurrency_more_tokens_per_second_and_higher_tpot() -> None:
    runs = [serve(batch=b) for b in (1, 8, 64, 256)]
    tps = [r.output_tokens_per_second for r in runs]
    tpot = [r.tpot_seconds for r in runs]
    assert all(a is not None and b is not None and a < b for a, b in zip(tps, tps[1:], strict=False))
    assert all(a is not None and b is not None and a < b for a, b in zip(tpot, tpot[1:], strict=False))


def test_fp8_weights_decode_faster_than_bf16() -> None:
    bf16, fp8 = serve(batch=1), serve(batch=1, weight_precision="fp8")
    assert fp8.tpot_seconds is not None and bf16.tpot_seconds is not None
    # decode at batch 1 reads the weights: half the bytes, close to half the time
    assert fp8.tpot_seconds < 0.7 * bf16.tpot_seconds


def test_kv_capacity_in_sequences_shrinks_with_longer_sequences() -> None:
    short, long = serve(input_len=500, output_len=500), serve(input_len=4000, output_len=4000)
    assert short.kv_cache_tokens == long.kv_cache_tokens  # the same blocks, cut into longer sequences
    assert long.max_concurrent_sequences < short.max_concurrent_sequences


def test_tensor_parallel_splits_the_kv_cache() -> None:
    one, two = serve(preset="llama-3.1-70b", n=4, tp=4), serve(preset="llama-3.1-70b", n=8, tp=8)
    # one replica of tp GPUs: each holds kv_heads/tp heads, so the replica holds more tokens per GPU
    assert two.kv_cache_tokens > 2 * one.kv_cache_tokens
    fp8 = serve(preset="llama-3.1-70b", n=4, tp=4, kv_precision="fp8")
    assert fp8.kv_cache_tokens > 1.9 * one.kv_cache_tokens


def test_batch_max_is_the_largest_batch_that_fits() -> None:
    ref = serve(batch=1)
    top = serve(batch="max")
    assert top.batch_per_replica == ref.max_concurrent_sequences
    doc = {
        "schema": 1,
        "model": {"preset": "llama-3.1-8b"},
        "workload": {"method": "inference", "input_len": 1000, "output_len": 1000, "batch": "max"},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 1},
    }
    s = parse_scenario(doc)
    assert scenario_to_dict(s)["workload"]["batch"] == "max"
    mem = estimate(s, CATALOG).memory
    assert mem is not None and mem.fits  # the memory breakdown holds that many sequences
    one_more = serve(batch=top.batch_per_replica + 1)
    assert one_more.max_concurrent_sequences == top.batch_per_replica


def test_requests_and_cost_follow_the_spec_definitions() -> None:
    sv = serve(batch=64)
    assert sv.output_tokens_per_second and sv.requests_per_second
    assert sv.requests_per_second == pytest.approx(sv.output_tokens_per_second / 1000)
    assert sv.cost_per_million_output_tokens is not None
    # on-demand price × gpu_count / (tokens/s × 3600) × 1e6: the price per GPU-hour comes back
    price = sv.cost_per_million_output_tokens * sv.output_tokens_per_second * 3600 / 1e6
    assert 0.5 < price < 20


def test_serving_block_null_for_training_and_filled_for_inference() -> None:
    train = {
        "schema": 1,
        "model": {"preset": "llama-3.1-8b"},
        "workload": {"method": "pretrain", "seq_len": 4096, "tokens": 1e9},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 8},
    }
    assert estimate(parse_scenario(train), CATALOG).to_dict()["serving"] is None
    infer = {
        "schema": 1,
        "model": {"preset": "llama-3.1-8b"},
        "workload": {"method": "inference", "input_len": 100, "output_len": 50, "batch": 4},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 1},
    }
    block = estimate(parse_scenario(infer), CATALOG).to_dict()["serving"]
    assert set(block) >= {
        "kv_cache_tokens",
        "max_concurrent_sequences",
        "output_tokens_per_second",
        "ttft_seconds",
        "tpot_seconds",
        "requests_per_second",
        "cost_per_million_output_tokens",
    }
    assert block["ttft_seconds"] > 0 and block["tpot_seconds"] > 0


def test_seq_len_is_input_plus_output_and_must_agree() -> None:
    base = {
        "schema": 1,
        "model": {"preset": "llama-3.1-8b"},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 1},
    }
    s = parse_scenario({**base, "workload": {"method": "inference", "input_len": 300, "output_len": 200}})
    assert s.workload.seq_len == 500
    with pytest.raises(InputError) as err:
        parse_scenario(
            {**base, "workload": {"method": "inference", "input_len": 300, "output_len": 200, "seq_len": 400}}
        )
    assert err.value.key == "workload.seq_len"
    with pytest.raises(InputError) as err:
        parse_scenario({**base, "workload": {"method": "inference", "seq_len": 400, "batch": "many"}})
    assert err.value.key == "workload.batch"


def test_moe_decode_reads_more_experts_at_larger_batch() -> None:
    small, big = serve(preset="mixtral-8x7b", n=2, tp=2, batch=1), serve(preset="mixtral-8x7b", n=2, tp=2, batch=64)
    assert small.gemm_seconds is not None and big.gemm_seconds is not None
    # batch 1 reads 2 of 8 experts per layer, batch 64 nearly all of them
    assert big.gemm_seconds > 2.0 * small.gemm_seconds


def test_cli_human_output_has_the_serving_line() -> None:
    from gpuplanner.cli.estimate import human

    doc = {
        "schema": 1,
        "model": {"preset": "llama-3.1-8b"},
        "workload": {"method": "inference", "input_len": 100, "output_len": 50, "batch": 4},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 1},
    }
    text = human(estimate(parse_scenario(doc), CATALOG).to_dict())
    line = next(x for x in text.splitlines() if x.strip().startswith("serving"))
    assert "output tokens/s" in line and "TTFT" in line and "TPOT" in line and "per million output tokens" in line
