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

from .framework import profile
from .memory_states import AUTOCAST_STYLES
from .model import ModelSpec

Array = np.ndarray | float


@dataclass(frozen=True)
class LayerCoefficients:
    """Saved bytes of one layer = s·b·h·(rep + split/t) + s·b·a·s·attn_sq/t (eager attention only)."""

    replicated: float  # bytes per token per hidden unit, replicated across TP ranks without SP
    split: float  # bytes per token per hidden unit inside the TP region
    attention_square: float  # bytes per (token × key × head) for materialised attention scores
    residual: float  # bytes per token per hidden unit of the layer input (the full-recompute checkpoint)


def implementation(precision: str, framework: str = "generic") -> str:
    """Kernel family of the framework: "fused" (Megatron/Transformer Engine) or "eager" (PyTorch modules)."""
    return "fused" if profile(framework).uses_fused_kernels(precision) else "eager"


def layer_coefficients(
    model: ModelSpec,
    precision: str,
    flash: bool,
    *,
    lora_targets: tuple[str, ...] | None = None,
    lora_rank: int = 0,
    dropout: bool = False,
    framework: str = "generic",
    compiled: bool = False,
    lora_dropout: float = 0.0,
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

    if implementation(precision, framework) == "fused":
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
        silu_out = 1.0
        if compiled:
            # torch.compile (Inductor, min-cut rematerialisation partitioner, torch/_functorch/partitioners.py)
            # saves the inputs of a fused element-wise chain and recomputes the chain in backward: the norm's
            # fp32 upcast (a tensor private to the chain) and the SiLU output inside SiLU(gate)·up are not kept;
            # tensors that feed a matmul stay saved. In fp32 the upcast is the input itself, kept either way.
            upcast = 0.0 if not fp32 else upcast
            autocast_extra = 0.0
            silu_out = 0.0
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
            split += e * f * (2 + silu_out + (1 if (not frozen or "down" in targets) else 0))
        else:
            split += e * f * (1 + (1 if (not frozen or "down" in targets) else 0))
        attn_sq = 0.0 if flash else 6.0  # eager softmax in fp32 (4) and its bf16 copy for AV (2)
        residual = stream
    if flash:
        split += 4.0 * model.heads / h  # fp32 log-sum-exp per head and token (FlashAttention's backward input)
    if frozen and lora_rank:
        # each adapter keeps its down-projection output (r values) for the up-projection's weight gradient
        split += e * lora_rank * len(targets) / h
    if frozen and lora_rank and profile(framework).fp32_adapters and e == 2.0 and precision not in AUTOCAST_STYLES:
        # fp32 adapters over a 16-bit base: each adapter saves its own fp32 copy of its input and an fp32
        # down-projection output (truth harness, peft 0.21 on a bf16 Llama: +0.77 GiB over the shared input)
        in_widths = {"q": 1.0, "k": 1.0, "v": 1.0, "gate": 1.0, "up": 1.0, "o": q, "down": f}
        split += sum(4.0 * w_ for t, w_ in in_widths.items() if t in targets)
        split += (4.0 - e) * lora_rank * len(targets) / h
    if frozen and lora_dropout > 0:
        # peft applies its own nn.Dropout to each adapter's input (peft/tuners/lora/layer.py `lora_dropout`):
        # a one-byte mask and the dropped copy (lora_A's saved input) per adapter, in the input's dtype — the
        # norm output (fp32 under autocast, the residual stream's dtype) for q/k/v/gate/up, 16-bit for o/down
        norm_in = 4.0 if (precision in AUTOCAST_STYLES or precision == "fp32") else e
        widths: dict[str, tuple[float, float]] = {t: (1.0, norm_in) for t in ("q", "k", "v", "gate", "up")}
        widths.update(o=(q, e), down=(f, e))
        split += sum(width * (1.0 + nbytes) for t, (width, nbytes) in widths.items() if t in targets)
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
    model: ModelSpec,
    precision: str,
    seq_local: Array,
    micro_batch: Array,
    tp: Array,
    chunked: bool,
    *,
    kind: str = "",
    compiled: bool = False,
) -> tuple[Array, Array, Array]:
    """(kept at the end of forward, extra at the start of backward, extra while the loss is computed in forward)
    for the LM head output and the loss, bytes per GPU.

    Eager (HF ``ForCausalLMLoss``, torchtune's ``output(h).float()``): ``logits.float()`` feeds log_softmax,
    which keeps its fp32 output; the 16-bit logits are freed once the caller keeps only the loss; backward adds
    an fp32 gradient of that output and the fp32 gradient of the logits before it is cast back (4 kept + 8, as
    the harness measures); computing it holds the 16-bit logits, their fp32 copy and the log-softmax (10).
    torchtune's ``TransformerDecoder`` upcasts the logits itself (``output(h).float()``, kind "fp32-logits");
    eager, that holds the same tensors as HF's loss. Compiled (Inductor fuses the upcast, log-softmax and
    NLL): the 16-bit logits are saved with a per-token log-sum-exp, and backward writes one 16-bit gradient.
    Fused vocab-parallel cross-entropy (Megatron ``vocab_parallel_cross_entropy``) keeps an fp32 softmax of
    its vocabulary shard. Chunked loss (torchtune ``CEWithChunkedOutputLoss``, 8 chunks) keeps each chunk's
    fp32 log-softmax (or, compiled, its 16-bit input) and upcasts one chunk at a time.
    """
    e = 4.0 if precision == "fp32" else 2.0
    tokens_v = np.asarray(seq_local, dtype=float) * micro_batch * model.vocab / np.asarray(tp, dtype=float)
    kind = kind or ("vocab-parallel" if implementation(precision) == "fused" else "eager-fp32")
    if chunked:
        # autograd runs every chunk's loss backward before the LM head's matmul backward (nodes run in reverse
        # creation order), so the 16-bit gradients of all chunks exist together while the saved log-softmax
        # outputs are still held (the truth harness: +2 bytes per logit beyond the 4 kept, torchtune 0.6.1)
        if compiled:
            # a compiled chunk's backward releases its saved 16-bit input as it writes the chunk's gradient, so
            # beyond what is kept only one chunk's working set is added (not checkable under fake tensors)
            return tokens_v * e, tokens_v * (e + 4.0) / 8, tokens_v * 4.0 / 8
        return tokens_v * 4.0, tokens_v * e, tokens_v * (e + 4.0 / 8)
    if kind == "loss-parallel":
        # torch.distributed.tensor.parallel.loss_parallel (torchtitan under TP): `_log_softmax` on the local
        # vocabulary shard materialises the fp32 copy, the shifted logits, their exp and the result beside the
        # 16-bit input (≈20 bytes per local logit in forward), keeps the 16-bit input, and its backward holds
        # ≈16 more (truth harness, torchtitan 0.2.2 at TP 2: 19.9, 1.9 and 16.0 bytes per logit)
        return tokens_v * e, tokens_v * 16.0, tokens_v * 18.0
    if kind == "vocab-parallel":
        return tokens_v * (e + 4.0), tokens_v * 4.0, tokens_v * 4.0
    if compiled and kind == "fp32-logits":
        # torchtune's decoder returns `output(h).float()` outside the compiled layers: the compiled loss keeps
        # its fp32 input, backward writes the fp32 gradient and casts it to 16 bits
        return tokens_v * 4.0, tokens_v * (4.0 + e), tokens_v * e
    if compiled:
        return tokens_v * e, tokens_v * e, tokens_v * 4.0
    # the harness measures 4·b·s·V kept (the fp32 log-softmax; the logits are dropped by the caller) and
    # 8·b·s·V more at the start of backward (fp32 gradients of the log-probabilities and of the logits); the
    # forward peak holds the 16-bit logits and the fp32 copy beside the log-softmax (10·b·s·V in all)
    return tokens_v * 4.0, tokens_v * 8.0, tokens_v * (e + 4.0)


def op_sac_layer_bytes(
    coef: LayerCoefficients,
    model: ModelSpec,
    precision: str,
    seq_local: Array,
    micro_batch: Array,
    tp: Array,
    sequence_parallel: Array,
    flash: bool,
) -> Array:
    """Bytes one layer keeps under torchtitan's per-op selective checkpointing.

    The policy (torchtitan ``_get_custom_policy``) saves the outputs of ops in ``_save_list`` — every second
    ``aten.mm`` counted in call order, SDPA (output and log-sum-exp), reduce-scatter — and recomputes the rest
    from the block input, which the checkpoint keeps. In a Llama block the matmuls run as wq, wk, wv, wo, w1,
    w3, w2; the counter runs on across steps, so a step saves {wq, wv, w1, w2} or {wk, wo, w3}. The peak over a
    run is the larger of the two sets. Under tensor parallel the column-parallel outputs (wq, wk, wv, w1, w3)
    are split, a row-parallel output (wo, w2) is a full-width partial sum before its reduce-scatter, and with
    sequence parallel both reduce-scatter outputs are saved too (truth harness, torchtitan 0.2.2, TP 2: the
    saved set is 0.69 of TP 1's, as this rule gives).
    """
    e = 4.0 if precision == "fp32" else 2.0
    h = model.hidden
    f = model.expert_ffn_hidden * model.experts_active if model.is_moe else model.ffn_hidden
    q, kv = model.q_width, model.kv_width
    tp = np.asarray(tp, dtype=float)
    sp = np.asarray(sequence_parallel, dtype=bool)
    if model.gated_mlp:
        set_a = (q + kv + f) / tp + h  # wq, wv, w1 | w2
        set_b = (kv + f) / tp + h  # wk, w3 | wo
    else:  # six matmuls: {wq, wv, fc1} or {wk | wo, fc2}
        set_a = (q + kv + f) / tp
        set_b = kv / tp + 2 * h
    saved = e * np.maximum(set_a, set_b) + e * q / tp  # matmul outputs + SDPA output
    saved = saved + np.where((tp > 1) & sp, e * 2 * h / tp, 0.0)  # the two reduce-scatter outputs
    if flash:
        saved = saved + 4.0 * model.heads / tp
    sbh = np.asarray(seq_local, dtype=float) * micro_batch
    block_input = coef.residual * h / np.where(sp, tp, 1.0)
    square = 0.0 if flash else 2.0 * np.asarray(seq_local, dtype=float) * model.heads / tp
    return sbh * (block_input + saved + square)
