"""Activation memory of one transformer layer and of the loss, in bytes, per GPU.

The layer is summed tensor by tensor as autograd saves it for backward, following Korthikanti et al. 2022
("Reducing Activation Recomputation in Large Transformer Models", §4.1, Table 2), generalised to
FlashAttention (no s² term: only the output and the log-sum-exp are kept, Dao et al. 2022 §3.1), grouped-query
attention (K and V are n_kv·d wide), gated MLPs and two implementation families:

- ``fused``: Megatron-LM / Transformer Engine kernels (fused norm saves only its input; fused SwiGLU saves
  the fc1 output and the fc2 input). Used for the master-weight styles.
- ``eager``: Hugging Face modules run op by op (LlamaRMSNorm upcasts to fp32 and autograd keeps the fp32
  copy; SiLU and the gate product each keep their inputs; the attention output is copied by
  ``transpose(...).contiguous()`` before o_proj). Under autocast the residual stream stays fp32 because the
  residual add promotes bf16 + fp32 to fp32 (PyTorch type promotion), so norms keep fp32 tensors.

Tensor parallel splits what lives inside the TP region by t; the norm inputs and outputs are replicated unless
sequence parallel splits them too (Korthikanti §4.2.2). Context parallel splits the sequence (Llama 3 §3.3.2).
Every function accepts numpy arrays for the layout so that the planner evaluates many layouts at once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .memory_states import AUTOCAST_STYLES, MASTER_STYLES
from .model import ModelSpec

Array = np.ndarray | float


@dataclass(frozen=True)
class LayerCoefficients:
    """Saved bytes of one layer = s·b·h·(rep + split/t) + s·b·a·s·attn_sq/t (eager attention only)."""

    replicated: float  # bytes per token per hidden unit, replicated across TP ranks without SP
    split: float  # bytes per token per hidden unit inside the TP region
    attention_square: float  # bytes per (token × key × head) for materialised attention scores
    residual: float  # bytes per token per hidden unit of the layer input (the full-recompute checkpoint)


def implementation(precision: str) -> str:
    return "fused" if precision in MASTER_STYLES else "eager"


def layer_coefficients(
    model: ModelSpec,
    precision: str,
    flash: bool,
    *,
    lora_targets: tuple[str, ...] | None = None,
    lora_rank: int = 0,
    dropout: bool = False,
) -> LayerCoefficients:
    """Per-layer saved-activation coefficients.

    ``lora_targets`` set means the base weights are frozen: autograd then keeps a linear layer's input only
    when an adapter on that layer needs it, and a norm's normalised tensor only for a trainable norm weight.
    """
    e = 4.0 if precision == "fp32" else 2.0
    h = model.hidden
    q, kv = model.q_width / h, model.kv_width / h
    if model.is_moe:
        frac_moe = model.moe_layers / model.layers
        f_tokens = (1 - frac_moe) * model.ffn_hidden + frac_moe * (
            model.experts_active + model.shared_experts
        ) * model.expert_ffn_hidden
    else:
        f_tokens = model.ffn_hidden
    f = f_tokens / h
    frozen = lora_targets is not None
    targets = set(lora_targets or ())

    if implementation(precision) == "fused":
        # Megatron/TE: fused norm keeps its input (+ fp32 stats, negligible); the following linear keeps the
        # norm output. Two norms per layer.
        norm = e + e
        rep = 2 * norm
        split = e * (q + 2 * kv)  # Q, K, V kept by the attention kernel
        split += e * q  # attention output = o_proj input
        split += (3 * e * f) if model.gated_mlp else (2 * e * f)  # fc1 output (gate|up) + fc2 input
        attn_sq = 0.0 if flash else 2.0  # Korthikanti §4.1: the softmax output (dropout adds its mask and output)
        residual = e
    else:
        autocast = precision in AUTOCAST_STYLES
        fp32 = precision == "fp32"
        stream = 4.0 if (autocast or fp32) else e  # residual stream dtype
        # LlamaRMSNorm: x.float() kept by pow/mul (4), the normalised tensor kept by the weight multiply
        # (stream dtype, only when the norm weight trains), the output kept by the next linear (its input, only
        # when that linear or an adapter on it needs it). Under autocast the ground-truth harness
        # (tests/validation/harness, MemTracker on HF Llama) finds 2 more bytes per hidden unit per norm (1 with
        # a frozen base) than this op list explains; we carry that measured term rather than guess its op.
        normalised = 0.0 if frozen else stream
        upcast = 4.0  # x.float(): a new fp32 tensor in 16-bit styles, the fp32 input itself otherwise
        autocast_extra = (1.0 if frozen else 2.0) if autocast else 0.0
        linear_in = e
        if frozen:
            qkv_in = linear_in if targets & {"q", "k", "v"} else 0.0
            mlp_in = linear_in if targets & {"gate", "up"} else 0.0
        else:
            qkv_in = mlp_in = linear_in
        rep = (upcast + normalised + qkv_in + autocast_extra) + (upcast + normalised + mlp_in + autocast_extra)
        # SDPA keeps Q, K, V (after RoPE) and its output; in 16-bit the output is copied by
        # transpose().contiguous() for o_proj (the harness finds no copy in fp32)
        split = e * (q + 2 * kv) + e * q
        if (not frozen or "o" in targets) and not fp32:
            split += e * q
        if model.gated_mlp:
            # gate output (kept by SiLU), up output and SiLU output (kept by the product), product (down input)
            split += e * f * (3 + (1 if (not frozen or "down" in targets) else 0))
        else:
            split += e * f * (1 + (1 if (not frozen or "down" in targets) else 0))
        attn_sq = 0.0 if flash else 6.0  # eager softmax in fp32 (4) and its bf16 copy for AV (2)
        residual = stream
    if flash:
        split += 4.0 * model.heads / h  # fp32 log-sum-exp per head and token (FlashAttention's backward input)
    if frozen and lora_rank:
        # each adapter keeps its down-projection output (r values) for the up-projection's weight gradient
        split += e * lora_rank * len(targets) / h
    if dropout:
        # one-byte masks after attention and after the MLP (Korthikanti §4.1), and on the attention
        # probabilities when they are materialised (FlashAttention regenerates its mask from the RNG state)
        rep += 2.0
        attn_sq += 0.0 if flash else 3.0  # mask (1) and the dropped-out probabilities (2): 5as²b in total
    if model.is_moe:
        # router logits (fp32) and the permuted token copies sent to top-k experts
        split += 4.0 * model.experts / h + e * model.experts_active
    return LayerCoefficients(replicated=rep, split=split, attention_square=attn_sq, residual=residual)


def layer_bytes(
    coef: LayerCoefficients, model: ModelSpec, seq_local: Array, micro_batch: Array, tp: Array, sequence_parallel: Array
) -> Array:
    """Bytes one layer keeps for backward without recompute."""
    sbh = np.asarray(seq_local, dtype=float) * micro_batch * model.hidden
    tp = np.asarray(tp, dtype=float)
    rep_div = np.where(sequence_parallel, tp, 1.0)
    heads_local = model.heads / tp
    square = coef.attention_square * np.asarray(seq_local, dtype=float) ** 2 * micro_batch * heads_local
    return sbh * (coef.replicated / rep_div + coef.split / tp) + square


def selective_layer_bytes(
    coef: LayerCoefficients, model: ModelSpec, seq_local: Array, micro_batch: Array, tp: Array, sequence_parallel: Array
) -> Array:
    """Selective recompute drops exactly the s² attention term (Korthikanti §5)."""
    no_square = LayerCoefficients(coef.replicated, coef.split, 0.0, coef.residual)
    return layer_bytes(no_square, model, seq_local, micro_batch, tp, sequence_parallel)


def checkpoint_bytes(
    coef: LayerCoefficients, model: ModelSpec, seq_local: Array, micro_batch: Array, tp: Array, sequence_parallel: Array
) -> Array:
    """Full recompute keeps only each layer's input (Korthikanti Table 2: 2sbh, /t with SP)."""
    div = np.where(sequence_parallel, np.asarray(tp, dtype=float), 1.0)
    return coef.residual * np.asarray(seq_local, dtype=float) * micro_batch * model.hidden / div


def loss_bytes(
    model: ModelSpec, precision: str, seq_local: Array, micro_batch: Array, tp: Array, chunked: bool
) -> tuple[Array, Array]:
    """(kept at the end of forward, extra at the start of backward) for the LM head output and the loss.

    Eager (HF ``ForCausalLMLoss``): ``logits.float()`` feeds log_softmax, which keeps its fp32 output; the
    16-bit logits are freed once the caller keeps only the loss; backward adds an fp32 gradient of that output
    and the fp32 gradient of the logits before it is cast back (4 kept + 8, as the harness measures).
    Fused vocab-parallel cross-entropy (Megatron ``vocab_parallel_cross_entropy``) keeps an fp32 softmax of its
    vocabulary shard. Chunked loss (torchtune ``CEWithChunkedOutputLoss``, 8 chunks) keeps the 16-bit logits
    chunks and upcasts one chunk at a time.
    """
    e = 4.0 if precision == "fp32" else 2.0
    tokens_v = np.asarray(seq_local, dtype=float) * micro_batch * model.vocab / np.asarray(tp, dtype=float)
    if chunked:
        return tokens_v * e, tokens_v * (4.0 + 4.0) / 8
    if implementation(precision) == "fused":
        return tokens_v * (e + 4.0), tokens_v * 4.0
    # the harness measures 4·b·s·V kept (the fp32 log-softmax; the logits are dropped by the caller) and
    # 8·b·s·V more at the start of backward (fp32 gradients of the log-probabilities and of the logits)
    return tokens_v * 4.0, tokens_v * 8.0
