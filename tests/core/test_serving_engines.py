"""Engine profiles (core/serving_engines.py, issue 21): which engine a case names, and what each profile changes."""

from __future__ import annotations

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.core.serving_engines import MODERN, TRTLLM_061, TRTLLM_BENCH, VLLM, engine_for
from gpuplanner.core.serving_plan import serving_for

CATALOG = load_catalog(use_user_layer=False)


def scenario(preset: str, batch: int | str = 64):  # type: ignore[no-untyped-def]
    doc = {
        "schema": 1,
        "model": {"preset": preset},
        "workload": {"method": "inference", "input_len": 128, "output_len": 2048, "batch": batch},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 1},
        "parallel": {"tp": 1, "pp": 1},
    }
    return parse_scenario(doc)


def test_engine_names_map_to_profiles() -> None:
    assert engine_for("TensorRT-LLM 0.6.1") is TRTLLM_061
    assert engine_for("TensorRT-LLM 0.10.0") is TRTLLM_BENCH  # 0.10 > 0.7: XQA era
    assert engine_for("TensorRT-LLM 1.0") is TRTLLM_BENCH
    assert engine_for("vLLM (ROCm)") is VLLM
    assert engine_for(None) is MODERN and engine_for("SGLang") is MODERN


def test_per_query_head_kernel_reads_the_kv_cache_once_per_query_head() -> None:
    gqa = scenario("llama-3.1-8b")  # 32 query heads over 8 KV heads
    modern = serving_for(gqa, CATALOG, engine=MODERN)
    old = serving_for(gqa, CATALOG, engine=TRTLLM_061)
    assert old.attention_seconds is not None and modern.attention_seconds is not None
    assert 3.0 < old.attention_seconds / modern.attention_seconds <= 4.0  # ≈ 4× the KV bytes (new K/V writes not)
    mha = scenario("llama-2-7b")  # one KV head per query head: nothing to share
    assert (
        serving_for(mha, CATALOG, engine=TRTLLM_061).attention_seconds
        == serving_for(mha, CATALOG, engine=MODERN).attention_seconds
    )


def test_trtllm_sizes_the_kv_cache_from_free_memory_and_caps_the_batch() -> None:
    s = scenario("llama-3.1-8b", batch="max")
    vllm = serving_for(s, CATALOG, engine=VLLM)
    trt = serving_for(s, CATALOG, engine=TRTLLM_BENCH)
    assert trt.kv_cache_tokens > vllm.kv_cache_tokens  # 0.95 of the free memory against 0.9 of all of it
    short = parse_scenario(
        {
            "schema": 1,
            "model": {"preset": "llama-3.2-1b"},
            "workload": {"method": "inference", "input_len": 16, "output_len": 16, "batch": "max"},
            "hardware": {"gpu": "h200-sxm-141gb", "gpu_count": 1},
            "parallel": {"tp": 1, "pp": 1},
        }
    )
    assert serving_for(short, CATALOG, engine=TRTLLM_BENCH).batch_per_replica == 4096
    assert serving_for(short, CATALOG, engine=VLLM).batch_per_replica > 4096
