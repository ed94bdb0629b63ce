"""Per-layer kernel times of one micro-batch on one GPU, by shape (used by throughput.step_times).

The layer's linears are timed one by one with gemm_efficiency.gemm_seconds at their per-GPU shapes (tensor-parallel
shards, tokens of the micro-batch, grouped expert GEMMs); the layer's FLOPs counted by throughput.py are then run at
the resulting effective rate, so the FLOP count stays the single source of truth and only the rate depends on shape.
Forward: Y = X·W (M×N×K); backward: dgrad (M×K×N) and wgrad (K×N×M) (Narayanan et al. 2021 §3.2's 2× backward).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .fixed_costs import ELEMENTWISE_KERNEL_S
from .gemm_efficiency import FLASH_BACKWARD_FLOPS, FLASH_BACKWARD_RELATIVE, flash_forward_rate, gemm_seconds
from .model import ModelSpec


@dataclass(frozen=True)
class GemmRates:
    """Arrays over layouts: effective FLOP/s of a layer's GEMMs and of the LM head, fp8 cast seconds per layer."""

    layer_flops_per_s: np.ndarray
    head_flops_per_s: np.ndarray
    fp8_cast_seconds_per_layer: np.ndarray


def _linear(m, n, k, *, weight_grad: bool, count=1.0, **rate):  # type: ignore[no-untyped-def]
    """(seconds, FLOPs) of forward + backward of `count` M×N×K linears run as one (grouped) kernel each."""
    fixed = rate.pop("fixed_s")
    t = gemm_seconds(m, n, k, **rate) - fixed
    t_dgrad = gemm_seconds(m, k, n, **rate) - fixed
    seconds = 2 * fixed + count * (t + t_dgrad)
    flops = 4.0 * m * n * k * count
    if weight_grad:
        seconds = seconds + fixed + count * (gemm_seconds(k, n, m, **rate) - fixed)
        flops = flops + 2.0 * m * n * k * count
    return seconds, flops


def gemm_rates(
    model: ModelSpec,
    *,
    tokens: np.ndarray,
    tp: np.ndarray,
    ep: np.ndarray,
    peak_flops: float,
    mamf: float,
    hbm_bytes_per_s: float,
    bytes_per_element: float,
    weight_grad: bool,
    fp8_cast_bytes: float = 0.0,
) -> GemmRates:
    """`tokens`: tokens of a micro-batch one GPU's GEMMs see (TP ranks see all tokens of their group)."""
    from .gemm_efficiency import GEMM_FIXED_S

    rate = {
        "peak_flops": peak_flops,
        "mamf": mamf,
        "hbm_bytes_per_s": hbm_bytes_per_s,
        "bytes_per_element": bytes_per_element,
        "fixed_s": GEMM_FIXED_S,
    }
    h = float(model.hidden)
    gate = 2.0 if model.gated_mlp else 1.0
    shapes = [
        (tokens, (model.q_width + 2 * model.kv_width) / tp, h, 1.0),
        (tokens, h, model.q_width / tp, 1.0),
    ]
    if model.is_moe:
        f = float(model.expert_ffn_hidden or model.ffn_hidden)
        local_experts = model.experts / ep
        # an EP rank holds E/ep experts and receives the routed tokens of the ep ranks of its group
        per_expert = tokens * model.experts_active * ep / model.experts
        shapes += [(per_expert, gate * f / tp, h, local_experts), (per_expert, h, f / tp, local_experts)]
        if model.shared_experts:
            fs = f * model.shared_experts
            shapes += [(tokens, gate * fs / tp, h, 1.0), (tokens, h, fs / tp, 1.0)]
    else:
        f = float(model.ffn_hidden)
        shapes += [(tokens, gate * f / tp, h, 1.0), (tokens, h, f / tp, 1.0)]
    seconds = 0.0
    flops = 0.0
    cast_elements = 0.0
    for m, n, k, count in shapes:
        t, fl = _linear(m, n, k, weight_grad=weight_grad, count=count, **dict(rate))
        seconds = seconds + t
        flops = flops + fl
        cast_elements = cast_elements + count * (m * k + k * n + m * n)
    head_t, head_f = _linear(tokens, model.vocab / tp, h, weight_grad=weight_grad, **dict(rate))
    # fp8 casts are streaming kernels: bytes at the achievable HBM rate, one small kernel per operand
    cast = fp8_cast_bytes * cast_elements / (hbm_bytes_per_s * 0.8) + 3.0 * len(shapes) * ELEMENTWISE_KERNEL_S
    return GemmRates(
        layer_flops_per_s=np.asarray(flops / seconds),
        head_flops_per_s=np.asarray(head_f / head_t),
        fp8_cast_seconds_per_layer=np.asarray(cast if fp8_cast_bytes else 0.0 * cast),
    )


def flash_attention_seconds(
    model: ModelSpec,
    *,
    kernel: str,
    seq_len: float,
    micro_batch: np.ndarray,
    tp: np.ndarray,
    cp: np.ndarray,
    recomputed_share: np.ndarray,
    bf16_peak_flops: float,
    mamf: float,
) -> np.ndarray:
    """Seconds of causal FlashAttention per layer per micro-batch on one GPU, forward + backward (+ recompute).

    Work per head and sequence in the kernels' convention: forward 4·s²·d / 2 (causal), backward 2.5× that; context
    parallelism splits it evenly over cp ranks (load-balanced causal sharding, Llama 3 §3.3.2), each running blocks
    of s/cp queries."""
    d = (model.head_dim + (model.mla_rope_dim if model.is_mla else 0) + model.head_dim) / 2.0
    s_local = seq_len / cp
    fwd_flops = 4.0 * seq_len * seq_len * d / 2.0 / cp  # per head per sequence on one CP rank
    r_fwd = flash_forward_rate(kernel, s_local, model.head_dim, bf16_peak_flops=bf16_peak_flops, mamf=mamf)
    r_bwd = r_fwd * FLASH_BACKWARD_RELATIVE
    per_head = fwd_flops / r_fwd * (1.0 + recomputed_share) + FLASH_BACKWARD_FLOPS * fwd_flops / r_bwd
    heads_local = model.heads / tp
    # one kernel launch each for forward and backward (+ recompute)
    return micro_batch * heads_local * per_head + ELEMENTWISE_KERNEL_S * (2.0 + recomputed_share)
