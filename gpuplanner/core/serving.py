"""Serving (spec §4.3 `serving`): KV-cache capacity, steady-state throughput and latency of an inference
deployment under continuous batching, and its cost per million output tokens. Sources: docs/estimation_serving.md.

One replica is a tp × pp group of GPUs serving `batch` sequences at once; the deployment has
dp = gpu_count / (tp · pp) replicas. A steady-state step gives every running sequence one output token and runs,
amortised, the prefill of the requests that replace the finished ones (batch / output_len requests per step):
continuous batching with chunked prefill (Yu et al. 2022, Orca §3; Agrawal et al. 2024, Sarathi-Serve §4).
Each step is a roofline of its kernels (Williams et al. 2009): GEMMs take the longer of reading the weights and
computing at achievable GEMM throughput; attention the longer of reading the live KV cache and computing at
FlashAttention's rate; tensor-parallel all-reduces and pipeline hand-offs come on top (decode is one kernel after
another: nothing overlaps them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .memory import CUDA_CONTEXT_BYTES, FRAGMENTATION, NCCL_BYTES
from .memory_inference import (
    KV_BLOCK_TOKENS,
    inference_parts,
    kv_bytes_per_token,
    kv_cache_blocks,
    profile_workspace_bytes,
    sequences_in_blocks,
    weight_bytes_per_param,
)
from .model import ModelSpec
from .scenario import Workload
from .serving_engines import MODERN, EngineProfile
from .throughput import GEMM_HALF_WIDTH, HardwareRates

if TYPE_CHECKING:
    from .catalog import GpuSpec
    from .cost import CostEstimate
    from .results import Layout, MemoryBreakdown

# Achievable fraction of HBM bandwidth for streaming reads (weights, paged KV): STREAM-like copies reach 80–90%
# of the datasheet on A100/H100 (docs/estimation.md §4, stas00/ml-engineering compute/accelerator); 0.8.
HBM_EFFICIENCY = 0.8
# NCCL bus bandwidth over NVLink/PCIe ≈ 0.8 of one direction (A100 all-reduce 235 of 300 GB/s, stas00
# network/README.md); InfiniBand ≈ 0.85–0.9 of line rate (calculon `systems/a100_80g.json`).
INTRA_LINK_EFFICIENCY = 0.8
NETWORK_EFFICIENCY = 0.85
# FlashAttention forward on the causal pairs it computes: 50–73% of the 16-bit peak on A100 (Dao 2023,
# FlashAttention-2 §4.1, Fig. 5), 75% on H100 with FlashAttention-3 (Shah et al. 2024 §4.1); 0.6.
FLASH_FRACTION_OF_PEAK = 0.6
# Small-message all-reduce inside an NVLink node: NCCL's ring latency is 10–20 µs (calculon
# `systems/a100_80g.json`, docs/estimation.md §5); the engines' one-shot custom all-reduce kernels for decode-sized
# messages (vLLM csrc/custom_all_reduce.cuh, TensorRT-LLM `AllReduceStrategy.ONESHOT`) take about half of that
# (judgement from their design: one write and one read of peer memory instead of 2(n−1) ring steps).
DECODE_ALLREDUCE_LATENCY_S = 8e-6
# Element-wise passes per token per layer in an inference forward (two RMSNorms, two residual adds, RoPE on q/k:
# ≈ 10 passes over h; SwiGLU reads gate and up and writes the product: 3 over f), in 16-bit; judgement from the op
# list of a Llama layer as vLLM/TensorRT-LLM run it (norm + residual fused, activation fused into one kernel).
ELEMENTWISE_PASSES_H = 10.0
ELEMENTWISE_PASSES_F = 3.0
ACTIVATION_BYTES = 2.0  # 16-bit activations between kernels and in the all-reduces
# FP4 tensor cores (Blackwell) run at twice the FP8 rate (NVIDIA B200 datasheet: 9 PF FP4 vs 4.5 PF FP8 dense).
FP4_OVER_FP8 = 2.0


@dataclass(frozen=True)
class ServingEstimate:
    """Spec §4.3 `serving` for the whole deployment, with the workings of one steady-state step."""

    kv_cache_tokens: int  # all replicas
    max_concurrent_sequences: int  # all replicas, at seq_len tokens each
    replicas: int
    batch_per_replica: int  # concurrent sequences per replica used for the figures below
    output_tokens_per_second: float | None  # None without input_len/output_len
    ttft_seconds: float | None
    tpot_seconds: float | None
    requests_per_second: float | None
    cost_per_million_output_tokens: float | None  # in the estimate's currency
    cost_per_million_output_tokens_owned: float | None
    gemm_seconds: float | None = None  # per step, per replica
    attention_seconds: float | None = None
    elementwise_seconds: float | None = None
    comm_seconds: float | None = None
    prefill_seconds: float | None = None  # one request's prompt, alone
    bound: str = ""  # what limits the GEMMs of a step: "memory" (weights) or "compute"
    fits: bool = True  # at least one sequence of seq_len tokens fits the KV cache


# Achievable fp8 GEMM rate as a fraction of the fp8 peak (maximum achievable matmul FLOPS, stas00/ml-engineering
# compute/accelerator/README.md MAMF table: H100 SXM fp8 70.9% against bf16 80.3%; B200 fp8 76.3% against 77.6%).
FP8_MAMF = {"hopper": 0.709, "blackwell": 0.763}


def gemm_efficiency(gpu: GpuSpec, weight_precision: str) -> float:
    """The catalog's bf16 MAMF fraction, or the fp8 one where fp8/fp4 tensor cores run the GEMMs."""
    arch = gpu.architecture.lower()
    if weight_precision in ("fp8", "fp4") and gpu.fp8_dense_tflops:
        for family, eff in FP8_MAMF.items():
            if family in arch:
                return eff
    return gpu.gemm_efficiency


def matmul_peak_flops(gpu: GpuSpec, weight_precision: str) -> float:
    """Dense peak of the GEMMs: fp8 weights run fp8 tensor cores where the GPU has them (W8A8, as TensorRT-LLM and
    vLLM do on Hopper/Ada), fp4 the FP4 cores of Blackwell; int8/int4 weight-only kernels (AWQ/GPTQ/Marlin)
    dequantise to 16-bit and compute at the bf16 rate."""
    bf16 = gpu.bf16_dense_tflops
    fp8 = gpu.fp8_dense_tflops
    if weight_precision == "fp8" and fp8:
        return fp8 * 1e12
    if weight_precision == "fp4" and fp8:
        return fp8 * (FP4_OVER_FP8 if "blackwell" in gpu.architecture.lower() else 1.0) * 1e12
    return bf16 * 1e12


@dataclass(frozen=True)
class _Shape:
    """Per-GPU quantities of one replica that do not depend on the batch."""

    read_bytes: float  # dense weights read by every step (all but the embedding table)
    expert_bytes: float  # routed experts' weights (read in proportion to the experts the step touches)
    block_params: float  # active matmul parameters of the transformer blocks, whole model
    head_params: float  # LM head
    kv_token_bytes: float  # one token's K and V on this GPU
    kv_read_factor: float  # times a decode step reads each cached KV byte (query heads per KV head, or 1)
    attn_flops_per_ctx: float  # forward attention FLOPs per (query token × context token), whole model


def _shape(model: ModelSpec, w: Workload, tp: int, pp: int, engine: EngineProfile = MODERN) -> _Shape:
    weights, _, _ = inference_parts(model, w, tp, pp)
    emb = 0.0 if model.tied_embeddings else model.embedding_params() * 2.0 / (tp * pp)
    experts = model.moe_layers * model.experts * model.expert_params() if model.is_moe else 0.0
    expert_bytes = experts * weight_bytes_per_param(w.weight_precision) / (tp * pp)
    d_qk = model.head_dim + (model.mla_rope_dim if model.is_mla else 0)
    return _Shape(
        read_bytes=weights - emb - expert_bytes,
        expert_bytes=expert_bytes,
        block_params=float(model.block_params(active=True)),
        head_params=float(model.vocab * model.hidden),
        kv_token_bytes=kv_bytes_per_token(model, tp, pp, w.kv_precision),
        kv_read_factor=model.heads / model.kv_heads if engine.kv_read_per_query_head and not model.is_mla else 1.0,
        # QKᵀ and AV: 2·a·(d_qk + d_v) FLOPs per query per context token per layer (PaLM App. B, forward third)
        attn_flops_per_ctx=2.0 * model.layers * model.heads * (d_qk + model.head_dim),
    )


def gemm_roofline(memory_seconds: float, compute_seconds: float) -> float:
    return max(memory_seconds, compute_seconds)


def experts_touched(model: ModelSpec, tokens: float) -> float:
    """Expected share of a layer's routed experts that `tokens` tokens use, each choosing top-k of E uniformly
    (load-balanced routing, Fedus et al. 2022 Switch §2.2): 1 − (1 − k/E)^tokens."""
    if not model.is_moe:
        return 0.0
    return 1.0 - (1.0 - model.experts_active / model.experts) ** tokens


def _allreduce_seconds(n: int, size_bytes: float, bw: float) -> float:
    """Ring all-reduce 2(n−1)/n·S/B (nccl-tests PERFORMANCE.md) plus the small-message latency; 0 when n = 1."""
    if n <= 1:
        return 0.0
    return 2.0 * (n - 1) / n * size_bytes / bw + DECODE_ALLREDUCE_LATENCY_S


@dataclass(frozen=True)
class _Step:
    gemm: float
    attention: float
    elementwise: float
    comm: float
    memory_bound: bool

    @property
    def seconds(self) -> float:
        return self.gemm + self.attention + self.elementwise + self.comm


def links_used(tp: int, pp: int, gpus_per_node: int) -> tuple[bool, bool]:
    """(intra-node, inter-node): the links one replica's step runs over. TP all-reduces stay in the node; the pp
    hand-offs cross nodes once the replica's tp × pp GPUs outgrow one."""
    across = pp > 1 and tp * pp > gpus_per_node
    return tp > 1 or (pp > 1 and not across), across


def step_seconds(
    model: ModelSpec,
    sh: _Shape,
    rates: HardwareRates,
    attention_peak_flops: float,
    *,
    tp: int,
    pp: int,
    decode_seqs: float,
    context_tokens: float,
    prefill_tokens: float,
    prefill_attn_pairs: float,
    head_tokens: float,
    pipelined: bool = True,
) -> _Step:
    """One pass of every sequence of a replica through all layers (pp micro-batches of decode_seqs/pp through
    each stage): decode_seqs tokens that attend to context_tokens each, plus prefill_tokens prompt tokens whose
    causal attention covers prefill_attn_pairs (query, key) pairs; head_tokens go through the LM head (every
    decode token, and only the last token of a prompt). Not `pipelined` (one prompt alone): the stages run one
    after another, so the work divides by tp only."""
    hbm = rates.hbm_bytes_per_s * HBM_EFFICIENCY
    gemm_rate = rates.peak_flops * rates.gemm_efficiency
    # attention runs in 16 bits at FlashAttention's achieved share of the peak
    attn_rate = attention_peak_flops * FLASH_FRACTION_OF_PEAK
    tokens = decode_seqs + prefill_tokens
    gpus = tp * pp if pipelined else tp
    # GEMMs: each stage reads its weights once per micro-batch, so pp micro-batches read them pp times per step;
    touched = experts_touched(model, tokens / pp)
    weight_read = pp * (sh.read_bytes + sh.expert_bytes * touched)
    # tile quantisation along the tokens (M): a GEMM of M rows computes at M/(M + GEMM_HALF_WIDTH) of its large-GEMM
    # rate — the same term, constant and judgement the training model applies to narrow per-GPU widths
    # (throughput.GEMM_HALF_WIDTH, CUTLASS tiles of 128; NVIDIA "Matrix Multiplication Background" user's guide,
    # tile and wave quantisation); each of the pp micro-batches pays it
    micro_batches = pp if pipelined else 1
    rows, head_rows = tokens + GEMM_HALF_WIDTH * micro_batches, head_tokens + GEMM_HALF_WIDTH * micro_batches
    gemm_flops = 2.0 * (sh.block_params * rows + sh.head_params * head_rows) / gpus
    gemm = gemm_roofline(weight_read / hbm, gemm_flops / gemm_rate)
    # decode attention reads the live KV cache (paged attention is bandwidth-bound); prefill attention is compute
    kv_read = (decode_seqs * context_tokens * sh.kv_read_factor + tokens) * sh.kv_token_bytes  # + new K/V written
    decode_attn = max(kv_read / hbm, sh.attn_flops_per_ctx * decode_seqs * context_tokens / gpus / attn_rate)
    prefill_attn = sh.attn_flops_per_ctx * prefill_attn_pairs / gpus / attn_rate
    f = model.expert_ffn_hidden * model.experts_active if model.is_moe else model.ffn_hidden
    passes = ELEMENTWISE_PASSES_H * model.hidden + ELEMENTWISE_PASSES_F * f
    elementwise = tokens * passes * ACTIVATION_BYTES * model.layers / gpus / hbm
    # Megatron TP: two all-reduces of the hidden state per layer (Shoeybi et al. 2019 §3), each micro-batch
    intra = rates.intra_bytes_per_s * INTRA_LINK_EFFICIENCY
    per_layer = 2 * _allreduce_seconds(tp, tokens / pp * model.hidden * ACTIVATION_BYTES, intra)
    comm = model.layers * per_layer
    if pp > 1:  # pp hand-offs of the micro-batch's hidden state per step, over the node's links or the network
        across = links_used(tp, pp, rates.gpus_per_node)[1]
        bw = rates.inter_bytes_per_s * NETWORK_EFFICIENCY if across else intra
        comm += pp * (tokens / pp * model.hidden * ACTIVATION_BYTES / bw + DECODE_ALLREDUCE_LATENCY_S)
    return _Step(
        gemm=gemm,
        attention=decode_attn + prefill_attn,
        elementwise=elementwise,
        comm=comm,
        memory_bound=weight_read / hbm >= gemm_flops / gemm_rate,
    )


def kv_capacity(
    model: ModelSpec,
    w: Workload,
    tp: int,
    pp: int,
    capacity_bytes: float,
    gpu_count: int,
    engine: EngineProfile = MODERN,
) -> tuple[int, int]:
    """(KV-cache tokens, sequences of seq_len) per replica as vLLM sizes them (memory_inference.kv_cache_blocks),
    or, for an engine that takes a fraction of the free memory (TensorRT-LLM), that fraction of what the weights,
    the runtime buffers (the same profiled workspace) and the memory outside PyTorch leave; the scheduler's cap on
    running sequences last."""
    outside = CUDA_CONTEXT_BYTES + (NCCL_BYTES if gpu_count > 1 else 0.0)
    if engine.kv_free_fraction is None:
        blocks = kv_cache_blocks(model, w, tp, pp, capacity_bytes, outside)
    else:
        weights, _, _ = inference_parts(model, w, tp, pp)
        free = capacity_bytes - weights - profile_workspace_bytes(model, tp) - outside
        block = KV_BLOCK_TOKENS * kv_bytes_per_token(model, tp, pp, w.kv_precision)
        blocks = max(0, int(engine.kv_free_fraction * free // block))
    seqs = sequences_in_blocks(blocks, w.seq_len)
    if engine.max_batch is not None:
        seqs = min(seqs, engine.max_batch)
    return blocks * KV_BLOCK_TOKENS, seqs


def estimate_serving(
    model: ModelSpec,
    w: Workload,
    layout: Layout,
    gpu: GpuSpec,
    rates: HardwareRates,
    gpu_count: int,
    cost: CostEstimate | None = None,
    engine: EngineProfile = MODERN,
) -> ServingEstimate:
    """The serving block for one deployment (w.batch per replica; "max" = as many as the KV cache holds)."""
    tp, pp = layout.tp, layout.pp
    replicas = max(1, layout.dp)
    kv_tokens, max_seqs = kv_capacity(model, w, tp, pp, float(gpu.memory_bytes), gpu_count, engine)
    batch = max_seqs if w.batch == "max" else int(w.batch)
    base = ServingEstimate(
        kv_cache_tokens=kv_tokens * replicas,
        max_concurrent_sequences=max_seqs * replicas,
        replicas=replicas,
        batch_per_replica=batch,
        output_tokens_per_second=None,
        ttft_seconds=None,
        tpot_seconds=None,
        requests_per_second=None,
        cost_per_million_output_tokens=None,
        cost_per_million_output_tokens_owned=None,
        fits=max_seqs >= 1,
    )
    if w.input_len is None or w.output_len is None or batch < 1:
        return base
    sh = _shape(model, w, tp, pp, engine)
    peak = matmul_peak_flops(gpu, w.weight_precision)
    rates = replace(rates, peak_flops=peak, gemm_efficiency=gemm_efficiency(gpu, w.weight_precision))
    attn_peak = gpu.bf16_dense_tflops * 1e12
    i_len, o_len = float(w.input_len), float(w.output_len)
    # steady state: a sequence is on average half-way through its output; batch/o_len new prompts per step
    new_requests = batch / o_len
    step = step_seconds(
        model,
        sh,
        rates,
        attn_peak,
        tp=tp,
        pp=pp,
        decode_seqs=batch,
        context_tokens=i_len + o_len / 2,
        prefill_tokens=new_requests * i_len,
        prefill_attn_pairs=new_requests * i_len * i_len / 2,
        head_tokens=batch + new_requests,
    )
    prefill = step_seconds(
        model,
        sh,
        rates,
        attn_peak,
        tp=tp,
        pp=pp,
        decode_seqs=0.0,
        context_tokens=0.0,
        prefill_tokens=i_len,
        prefill_attn_pairs=i_len * i_len / 2,
        head_tokens=1.0,
        pipelined=False,
    ).seconds
    tpot = step.seconds
    per_replica = batch / tpot
    tokens_per_second = per_replica * replicas
    # a new request waits for the running step, then its prompt runs beside the batch's decodes
    ttft = prefill + tpot
    return replace(
        base,
        output_tokens_per_second=tokens_per_second,
        ttft_seconds=ttft,
        tpot_seconds=tpot,
        requests_per_second=tokens_per_second / o_len,
        cost_per_million_output_tokens=_per_million(cost, "on_demand", gpu_count, tokens_per_second),
        cost_per_million_output_tokens_owned=_per_million(cost, "owned", gpu_count, tokens_per_second),
        gemm_seconds=step.gemm,
        attention_seconds=step.attention,
        elementwise_seconds=step.elementwise,
        comm_seconds=step.comm,
        prefill_seconds=prefill,
        bound="memory" if step.memory_bound else "compute",
    )


def _per_million(cost: CostEstimate | None, tier: str, gpu_count: int, tokens_per_second: float) -> float | None:
    """Spec §4.3: price per GPU-hour × gpu_count / (output tokens/s × 3600) × 1e6 at full load, in the estimate's
    currency (on-demand: the cloud price; owned: owning_usd_per_gpu_hour, already in the currency)."""
    if cost is None or tokens_per_second <= 0 or not math.isfinite(tokens_per_second):
        return None
    if tier == "on_demand":
        price = cost.inputs.cloud_usd_per_gpu_hour
        price = None if price is None else price * cost.rate
    else:
        price = getattr(cost, "owning_usd_per_gpu_hour", None)
    if price is None:
        return None
    return price * gpu_count / (tokens_per_second * 3600.0) * 1e6


def server_memory(
    model: ModelSpec, w: Workload, layout: Layout, memory: MemoryBreakdown, batch: int
) -> MemoryBreakdown:
    """The breakdown as a paged-KV server holds it (batch = "max"): the blocks of `batch` sequences of seq_len
    tokens and the profiled activation peak of one chunk of prompt tokens (memory_inference.PROFILE_TOKENS), not
    the whole batch's prompts at once."""
    blocks = batch * -(-w.seq_len // KV_BLOCK_TOKENS)
    kv = blocks * KV_BLOCK_TOKENS * kv_bytes_per_token(model, layout.tp, layout.pp, w.kv_precision)
    workspace = profile_workspace_bytes(model, layout.tp)
    slack = FRAGMENTATION * workspace
    outside = memory.overhead - memory.allocator_slack
    return replace(memory, activations=workspace, kv_cache=kv, allocator_slack=slack, overhead=outside + slack)
