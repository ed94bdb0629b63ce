"""What a serving engine decides that the hardware does not: how its decode-attention kernel reads a grouped KV
cache, how it sizes the KV cache, and the largest batch its scheduler runs. Sources: docs/estimation_serving.md.

The default (`MODERN`) is what vLLM ≥ 0.5 (FlashAttention/FlashInfer decode), SGLang and TensorRT-LLM ≥ 0.7 (XQA)
do; the others describe the engines of the published validation cases, so that each case is evaluated with the
kernels and memory rules its engine had (issue 21: carry each case's inputs right).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# TensorRT-LLM (tensorrt_llm/bench/build/tuning.py `finetune_setting`): trtllm-bench caps the engine's batch at
# 4096 sequences ("to avoid decoder buffer size becoming too large").
TRTLLM_BENCH_MAX_BATCH = 4096
# TensorRT-LLM KV cache: `kv_cache_free_gpu_mem_fraction` of the memory left free after the weights and the
# runtime buffers (default 0.9, KvCacheConfig); NVIDIA's perf-overview runs "in many cases" at 0.95
# (docs/source/performance/perf-overview.md @00f3768, "Running the Benchmark").
TRTLLM_KV_FREE_FRACTION = 0.9
TRTLLM_BENCH_KV_FREE_FRACTION = 0.95


@dataclass(frozen=True)
class EngineProfile:
    name: str
    # Decode attention reads a KV head once per *query* head (one thread block per (sequence, query head), no
    # sharing inside a GQA group): TensorRT-LLM ≤ 0.6 masked MHA (docs/source/gpt_attention.md @138f96d:
    # "the generation phase is implemented using a single kernel, called the masked multihead attention ...
    # a single CUDA thread-block per head"; the XQA kernel for MQA/GQA arrived after 0.6). Modern kernels load
    # each KV head once for its whole query group (FlashAttention-2 decode packs the group into the M dimension;
    # FlashInfer Ye et al. 2025 §3.2; TensorRT-LLM XQA).
    kv_read_per_query_head: bool = False
    # KV cache from a fraction of the *free* memory after loading (TensorRT-LLM), instead of vLLM's
    # gpu_memory_utilization × capacity − weights − profiled activations (memory_inference.kv_cache_blocks).
    kv_free_fraction: float | None = None
    max_batch: int | None = None  # the scheduler's cap on running sequences, None = the KV cache's


MODERN = EngineProfile("modern")
VLLM = EngineProfile("vLLM")
TRTLLM_061 = EngineProfile("TensorRT-LLM 0.6", kv_read_per_query_head=True, kv_free_fraction=TRTLLM_KV_FREE_FRACTION)
TRTLLM_BENCH = EngineProfile(
    "TensorRT-LLM trtllm-bench", kv_free_fraction=TRTLLM_BENCH_KV_FREE_FRACTION, max_batch=TRTLLM_BENCH_MAX_BATCH
)


def engine_for(name: str | None) -> EngineProfile:
    """The profile of an engine as the validation cases name it ("TensorRT-LLM 0.6.1", "vLLM (ROCm)", ...)."""
    text = (name or "").lower()
    version = re.search(r"tensorrt-llm (\d+)\.(\d+)", text)
    if version:
        return TRTLLM_061 if (int(version[1]), int(version[2])) < (0, 7) else TRTLLM_BENCH
    if "vllm" in text:
        return VLLM
    return MODERN
