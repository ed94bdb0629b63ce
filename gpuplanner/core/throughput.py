"""Training time: FLOPs, step time from a roofline of the step's kernels, exposed communication and the
pipeline bubble (spec §4.3 `time.*`). Sources: docs/estimation.md §4–5.

- Model FLOPs per token: 6·N_matmul + 6·L·a·(d_qk + d_v)·s (PaLM, Chowdhery et al. 2022, App. B;
  torchtitan `torchtitan/models/utils.py`); N_matmul counts the LM head but not the embedding lookup, and
  only the routed experts a token uses. Recompute adds forward work to hardware FLOPs only.
- GEMMs run at the catalog's achievable matmul efficiency (MAMF, stas00/ml-engineering compute/accelerator),
  reduced for narrow per-GPU shapes; FlashAttention at its published rate against sequence length and head
  dimension, in 16 bits (attention_kernels.py).
- Element-wise kernels (norms, residual adds, activations, RoPE, softmax, cross-entropy) are bound by HBM
  bandwidth: bytes moved / achievable bandwidth (Williams et al. 2009, roofline).
- Communication: NCCL ring costs all-reduce 2(n−1)/n·S/B, all-gather and reduce-scatter (n−1)/n·S/B
  (nccl-tests PERFORMANCE.md); TP all-reduces per layer (Narayanan et al. 2021 §3.2), DP gradient reduction
  once per step (ZeRO-3: parameters gathered for every micro-batch, ZeRO paper §7), pipeline point-to-point,
  context-parallel K/V exchange, expert all-to-all; bubble (p−1)/(v·m) (Narayanan §2.2).
Every function takes numpy arrays for the layout so that the planner scores many layouts at once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .activations import implementation
from .attention_kernels import flash_kernel, flash_pass_seconds, flash_seconds, ring_merge_bytes
from .comm_overlap import (
    DP_BUCKET_PARAMS,
    dp_overlap_exposed_seconds,
    overlapped_p2p_seconds,
    tp_overlap_exposed_seconds,
)
from .context_parallel import torch_ring_exposed_seconds
from .elementwise_kernels import block_traffic, loss_bytes_per_logit
from .flops import attention_flops_per_token, matmul_params, routed_expert_params, training_flops_per_token
from .fp8_kernels import cast_bytes_per_element, cast_elements_per_token
from .framework import fp8_recipe_of, profile
from .gemm_layer_rate import layer_gemm_relative, recipe_gemm_relative
from .memory_states import AUTOCAST_STYLES, compute_bytes
from .model import ModelSpec
from .moe_dispatch import a2a_seconds, all_to_all_link_efficiency, token_dispatch_seconds
from .moe_kernels import (
    expert_bias_bytes_per_token,
    expert_gemm_width,
    expert_shards,
    expert_tensor_parallel,
    permutation_bytes_per_token,
    quantize_calls_per_expert,
    routed_flops_per_token,
    routed_gemm_seconds,
)
from .recompute import checkpointed_share, recomputed_elementwise_share, recomputed_matmul_share, recomputes_attention
from .scenario import Workload
from .wgrad_traffic import wgrad_accumulation_seconds

# Achievable fraction of the link's one-way bandwidth for NCCL collectives ("bus bandwidth"): A100 NVLink
# all-reduce reaches 235 of 300 GB/s (stas00/ml-engineering network/README.md) = 0.78; InfiniBand ~0.9 of line
# rate (calculon `systems/a100_80g.json`). We take 0.8 for NVLink/PCIe and 0.85 for the network.
INTRA_LINK_EFFICIENCY = 0.8
NETWORK_EFFICIENCY = 0.85
COLLECTIVE_LATENCY_S = 15e-6  # per collective step; calculon uses 10–20 µs
# Achievable fraction of HBM bandwidth for streaming kernels (STREAM-like copies reach 80–90% on A100/H100).
HBM_EFFICIENCY = 0.8
# Weight traffic per parameter per micro-batch outside the matmuls: autocast re-casts fp32 weights to 16 bits
# (read 4, write 2) and accumulates 16-bit weight gradients into fp32 .grad (read 2+4, write 4, with the cast);
# pure-16-bit training accumulates in place (read 2+2, write 2); Megatron fuses the accumulation into the wgrad
# GEMM (gradient_accumulation_fusion), so master-weight styles move nothing extra here; the fused epilogue's own
# main_grad read + write is added after t_weights (wgrad_traffic.py) (PyTorch autocast docs,
# torch/csrc/autograd/functions/accumulate_grad.h).
WEIGHT_BYTES_PER_MICRO_BATCH = {"autocast": 24.0, "pure16": 6.0, "fused": 0.0}
QLORA_DEQUANT_BYTES = 2.5
# Non-flash attention runs as batched GEMMs with k = head_dim (64–128): about half the large-GEMM rate.
BATCHED_GEMM_RELATIVE = 0.5
# Width at which a GEMM loses half its efficiency to tile/wave quantisation (judgement; CUTLASS tiles are 128).
GEMM_HALF_WIDTH = 128
# Element passes over the hidden state (h) and the MLP inner state (f) per token per layer, forward+backward:
# fused kernels (Megatron/TE) and eager modules (HF: RMSNorm in 5 fp32 ops, unfused SiLU·mul, RoPE, casts).
ELEMENTWISE_PASSES = {"fused": (60.0, 9.0), "eager": (200.0, 16.0)}
# Softmax over the attention scores without FlashAttention: bytes per score element forward+backward
# (fused scale-mask-softmax reads and writes 16-bit scores, dropout mask), Korthikanti et al. 2022 Table 1 ops.
SOFTMAX_BYTES_PER_SCORE = 20.0
# Share of the hidden-size element passes that lie outside the TP region (two norms, two residual adds and their
# dropouts against RoPE, biases and casts inside it): judgement from the op list of a Megatron GPT layer.
REPLICATED_HIDDEN_SHARE = 2.0 / 3.0
# Cross-entropy over the vocabulary, bytes per logit forward+backward (16-bit logits, fp32 softmax and grad).
LOSS_BYTES_PER_LOGIT = {"fused": 16.0, "eager": 28.0}
# Fraction of the data-parallel reduction that hides under the last micro-batch's backward (DDP buckets,
# Megatron --overlap-grad-reduce); judgement: buckets start only once their gradients are ready.
DP_OVERLAP = 0.7
CP_OVERLAP = 0.5  # ring attention overlaps the K/V exchange with the attention of the previous block


@dataclass(frozen=True)
class HardwareRates:
    peak_flops: float  # dense, per GPU, for the precision's matmuls
    gemm_efficiency: float
    hbm_bytes_per_s: float
    intra_bytes_per_s: float  # one direction, per GPU
    inter_bytes_per_s: float  # one direction, per GPU
    gpus_per_node: int
    # 16-bit dense peak: attention runs in 16 bits in every fp8 recipe (attention_kernels.py); 0 = peak_flops
    attention_peak_flops: float = 0.0
    architecture: str = ""
    # fp8 MAMF / bf16 MAMF for the blocks' fp8 GEMMs (fp8_kernels.py); 1 outside fp8
    fp8_gemm_relative: float = 1.0


@dataclass(frozen=True)
class StepTimes:
    """Arrays, one value per layout."""

    step_seconds: np.ndarray
    compute_seconds: np.ndarray
    exposed_comm_seconds: np.ndarray
    bubble_fraction: np.ndarray
    hardware_flops_per_step: np.ndarray  # whole cluster
    model_flops_per_step: np.ndarray
    terms: StepTerms | None = None


@dataclass(frozen=True)
class StepTerms:
    """The step's seconds term by term (arrays, one value per layout), for the breakdown a user reads
    (scripts/time_breakdown.py): per step, on the slowest pipeline stage; they add up to step_seconds (the bubble
    is its own term)."""

    gemm_seconds: np.ndarray
    attention_seconds: np.ndarray
    memory_bound_seconds: np.ndarray  # element-wise passes, softmax, loss, weight casts, main_grad, fp8 casts
    tp_comm_seconds: np.ndarray
    pp_comm_seconds: np.ndarray
    cp_comm_seconds: np.ndarray
    ep_comm_seconds: np.ndarray
    zero3_exposed_seconds: np.ndarray
    dp_exposed_seconds: np.ndarray
    optimizer_seconds: np.ndarray
    fixed_seconds: np.ndarray  # per-kernel launch and framework overheads
    bubble_seconds: np.ndarray


def _ring(n: np.ndarray, factor: float, size: np.ndarray, bw: np.ndarray) -> np.ndarray:
    """NCCL ring: factor·(n−1)/n·S/B plus a latency per step; zero when n == 1."""
    n = np.asarray(n, dtype=float)
    t = factor * (n - 1) / np.maximum(n, 1) * size / bw + np.where(n > 1, 2 * (n - 1) * COLLECTIVE_LATENCY_S, 0.0)
    return np.where(n > 1, t, 0.0)


def _fp8_cast_seconds(
    model: ModelSpec, w: Workload, tokens: np.ndarray, tp: np.ndarray, layers: np.ndarray, params: object, hbm: float
) -> np.ndarray:
    """Casts, amax and transposes of every fp8 GEMM operand per micro-batch, at memory speed (fp8_kernels.py);
    recomputed forwards cast their inputs again, which we leave out (a few percent of the casts)."""
    recipe = fp8_recipe_of(w.fp8_recipe, w.framework) or "torchao"
    per_byte = cast_bytes_per_element(recipe, w.compile)
    split, full = cast_elements_per_token(model, recipe)
    elements = tokens * layers * (split / tp + full) + np.asarray(params, dtype=float)
    return elements * per_byte / hbm


def _tp_overlap_layer(
    model: ModelSpec,
    tok: np.ndarray,
    gemm_rate: np.ndarray,
    act_bytes: np.ndarray,
    tp: np.ndarray,
    bw: np.ndarray,
    recomputed: np.ndarray,
    moe_tp: object = True,
) -> np.ndarray:
    """Exposed TP seconds of one layer per micro-batch with TE userbuffers: each all-gather/reduce-scatter
    ((tp−1)/tp of the activations, one latency per ring step) against its layer GEMM on this GPU. MoE experts run
    outside userbuffers (TE GroupedLinear): their two all-reduce equivalents stay exposed."""
    h, q, kv = model.hidden, model.q_width, model.kv_width
    coll = (tp - 1) / tp * act_bytes / bw + (tp - 1) * COLLECTIVE_LATENCY_S
    f = model.ffn_hidden
    qkv, proj, fc1, fc2 = (
        tok * 2.0 * params / gemm_rate
        for params in (h * (q + 2 * kv), q * h, h * f * (2 if model.gated_mlp else 1), f * h)
    )
    attention, mlp = tp_overlap_exposed_seconds(coll, qkv, proj, fc1, fc2, tp, recomputed_share=recomputed)
    if model.is_moe:
        # whole experts per rank (ETP = 1, EP folded over TP) gather nothing over TP; shared experts still do
        gathers = np.logical_or(np.asarray(moe_tp, dtype=bool), model.shared_experts > 0)
        mlp = np.where(gathers, (2.0 + recomputed) * _ring(tp, 2.0, act_bytes, bw), 0.0)
    return attention + mlp


def step_times(
    model: ModelSpec,
    w: Workload,
    hw: HardwareRates,
    *,
    tp: object,
    pp: object,
    cp: object,
    ep: object,
    dp: object,
    zero: object,
    micro_batch: object,
    recompute: object,
    vpp: object = 1,
    global_batch: object = None,
    sequence_parallel: object = None,
) -> StepTimes:
    """Seconds per optimizer step for each layout. `recompute`: codes of core/recompute.py."""
    tp, pp, cp, ep, dp = (np.asarray(x, dtype=float) for x in (tp, pp, cp, ep, dp))
    zero, mb, rc, vpp = (np.asarray(x, dtype=float) for x in (zero, micro_batch, recompute, vpp))
    gb = np.asarray(global_batch if global_batch is not None else mb * dp, dtype=float)
    m = np.maximum(1.0, gb / (mb * dp))  # micro-batches per step per pipeline
    s = float(w.seq_len)
    e = compute_bytes(w.precision)
    impl = implementation(w.precision, w.framework)
    h, L = model.hidden, model.layers
    tokens_mb = mb * s  # tokens per micro-batch per data-parallel replica

    # --- compute per micro-batch per GPU ------------------------------------------------------------
    lora = w.is_lora
    dense_flops = (4.0 if lora else 6.0) * matmul_params(model)
    if lora:
        dense_flops += 6.0 * model.lora_params(w.lora_rank, w.lora_targets)
    attn_flops = attention_flops_per_token(model, s)
    fwd_share = 1.0 / 3.0 if not lora else 0.5
    every = w.recompute_every
    mm_share = recomputed_matmul_share(rc, every)
    recompute_dense = mm_share * fwd_share * dense_flops * (1 - model.vocab * h / matmul_params(model))
    recompute_attn = recomputes_attention(rc, w.flash_attention, every) * attn_flops / 3.0
    width = np.minimum(np.minimum(model.q_width, model.ffn_hidden) / tp, h)
    gemm_eff = hw.gemm_efficiency * width / (width + GEMM_HALF_WIDTH)
    fp8 = w.precision == "fp8-mixed"
    # the blocks' linears run in fp8 at the fp8 MAMF, the LM head stays in 16 bits (fp8_kernels.py)
    # Blackwell's cuBLAS GEMMs at a layer's shapes run below the MAMF (gemm_layer_rate.py); 1 elsewhere
    block_rel, head_rel = (layer_gemm_relative(hw.architecture, fp8=x) for x in (fp8, False))
    if fp8:  # block-scaled recipes' GEMMs on Blackwell below the per-tensor rate (gemm_layer_rate.py)
        block_rel = block_rel * recipe_gemm_relative(fp8_recipe_of(w.fp8_recipe, w.framework), hw.architecture)
    gemm_rate = hw.peak_flops * gemm_eff * (hw.fp8_gemm_relative if fp8 else 1.0) * block_rel
    head_rate = (hw.attention_peak_flops or hw.peak_flops) * gemm_eff * head_rel if fp8 else gemm_rate
    peak16 = hw.attention_peak_flops or hw.peak_flops
    attn_rate = peak16 * hw.gemm_efficiency * BATCHED_GEMM_RELATIVE
    # The pipeline runs at the pace of its slowest stage: ceil(L/p) layers plus, on the last stage, the LM head
    # and the loss (Narayanan et al. 2021 §2.2 assume balanced stages; Megatron places the head on the last).
    stage_layers = np.ceil(L / pp)
    head_params = model.vocab * h
    layer_flops = (dense_flops - (4.0 if lora else 6.0) * head_params) / L
    head_flops = (4.0 if lora else 6.0) * head_params
    tok = tokens_mb / (tp * cp)  # tokens of a micro-batch each GPU of a stage works on, per TP shard
    # the routed experts' grouped GEMMs run at their own narrow shape (moe_kernels.py); the rest at the block's
    routed_layer = routed_flops_per_token(model, lora) / L
    # expert tensor parallel: tp, or 1 when EP folds over the TP ranks (moe_kernels.expert_tensor_parallel)
    etp = expert_tensor_parallel(tp, dp, cp, ep) if model.is_moe else tp
    expert_w = expert_gemm_width(model, tok, ep, etp)
    expert_rate = gemm_rate / gemm_eff * hw.gemm_efficiency * expert_w / (expert_w + GEMM_HALF_WIDTH)
    redo = 1.0 + mm_share * fwd_share
    t_gemm = tok * stage_layers * (layer_flops - routed_layer) * redo / gemm_rate
    if model.is_moe:
        # per MoE layer: the math at the experts' shape, floored by TE's per-expert GEMM calls (moe_kernels.py)
        routed_compute = tok * routed_flops_per_token(model, lora) / model.moe_layers / expert_rate
        # fp8: TE's per-expert quantize calls in the fprop and dgrad calls, per the recipe (moe_kernels.py)
        q = quantize_calls_per_expert(fp8_recipe_of(w.fp8_recipe, w.framework)) * fp8
        math, floored = (
            routed_gemm_seconds(
                model, routed_compute, ep, lora=lora, recomputed_forward=mm_share, per_expert_calls=c, quantize_calls=q
            )
            for c in (False, impl == "fused")
        )
        t_gemm = t_gemm + stage_layers * model.moe_layers / L * math
        t_fixed = stage_layers * model.moe_layers / L * (floored - math)  # the calls' time above their math
    else:
        t_fixed = 0.0 * tp
    t_gemm = t_gemm + tok * head_flops / head_rate
    if w.flash_attention:
        # the kernel's own causal work (half the counted full-matrix forward) at its published rate for the
        # per-rank sequence length (load-balanced context parallelism: s/cp queries per rank, Llama 3 §3.3.2)
        kernel = flash_kernel(hw.architecture, impl == "fused")
        causal_fwd = tok * stage_layers / L * attn_flops / 3.0 / 2.0
        rec_share = recomputes_attention(rc, True, every) * np.ones_like(tp)
        t_attn = flash_seconds(
            causal_fwd,
            kernel=kernel,
            seq_len=s / cp,
            head_dim=model.head_dim,
            peak16_flops=peak16,
            gemm_efficiency=hw.gemm_efficiency,
            recomputed_share=rec_share,
        )
        # one layer's forward and backward kernels, for the ring's overlap (context_parallel.py)
        attn_pass = flash_pass_seconds(
            causal_fwd / stage_layers,
            kernel=kernel,
            seq_len=s / cp,
            head_dim=model.head_dim,
            peak16_flops=peak16,
            gemm_efficiency=hw.gemm_efficiency,
        )
        # torchtitan's Llama repeats the K/V heads to the query heads before SDPA (`repeat_kv` in
        # torchtitan/models/llama3/model.py), so PyTorch's ring packs and exchanges query-width K/V
        kv_ring = model.q_width if w.framework == "torchtitan" else model.kv_width
        ring_bytes = ring_merge_bytes(
            tok * model.q_width, tok * kv_ring, cp, fused=impl == "fused", recomputed_share=rec_share
        )
        t_attn = t_attn + stage_layers * ring_bytes / (hw.hbm_bytes_per_s * HBM_EFFICIENCY)
    else:
        t_attn = tok * stage_layers / L * (attn_flops + recompute_attn) / attn_rate
    hbm = hw.hbm_bytes_per_s * HBM_EFFICIENCY
    passes_h, passes_f = ELEMENTWISE_PASSES[impl]
    f_tokens = model.expert_ffn_hidden * model.experts_active if model.is_moe else model.ffn_hidden
    # norms, residual adds and dropout act on the full hidden state on every TP rank unless sequence parallel
    # splits them (Korthikanti §4.2.2); the MLP and attention internals are split by TP
    sp = tp > 1 if sequence_parallel is None else np.asarray(sequence_parallel, dtype=bool)
    rep_div = np.where(sp, tp, 1.0)
    split_h = REPLICATED_HIDDEN_SHARE / rep_div + (1 - REPLICATED_HIDDEN_SHARE) / tp
    recorded = block_traffic(w.framework, w.compile)
    if recorded is None:
        layer_bytes = (e * passes_h * h * split_h + e * passes_f * f_tokens / tp) * (
            1.0 + recomputed_elementwise_share(rc, every) / 3.0
        )
    else:
        # torchtitan/torchtune blocks as their own code moves bytes, eager or compiled (elementwise_kernels.py;
        # recorded in bf16, scaled to the activations' element size); a recomputed forward moves its share again
        kv, scale = model.kv_width, e / 2.0
        layer_bytes = (
            scale
            * (recorded.hidden_bytes(h) * split_h + recorded.inner_bytes(kv, f_tokens) / tp)
            * (1.0 + recomputed_elementwise_share(rc, every) * recorded.forward_share(h, kv, f_tokens))
        )
    t_elem = tokens_mb / cp * stage_layers * layer_bytes / hbm
    softmax = 0.0 if w.flash_attention else SOFTMAX_BYTES_PER_SCORE * model.heads * s
    t_softmax = np.asarray(tok * stage_layers * softmax / hbm * (1.0 + 0.5 * recomputes_attention(rc, False, every)))
    loss_per_logit = loss_bytes_per_logit(w.framework, w.compile, w.chunked_loss)  # elementwise_kernels.py
    t_loss = tok * model.vocab * (LOSS_BYTES_PER_LOGIT[impl] if loss_per_logit is None else loss_per_logit) / hbm
    style = (
        "fused"
        if impl == "fused"
        else ("autocast" if w.precision in AUTOCAST_STYLES or w.precision == "fp32" else "pure16")
    )
    # Megatron-LM of 2021–2022 under --fp16: fp16 .grad accumulated by autograd in place, no fused wgrad
    # accumulation, all-reduced in fp16 after the pipeline flush (framework.py `legacy_fp16_grads`)
    legacy16 = profile(w.framework).legacy_fp16_grads and w.precision == "fp16-master"
    if legacy16:
        style = "pure16"
    # each rank holds 1/ep of the routed experts (Megatron-Core expert parallel, Lepikhin et al. 2020 §2.2): the
    # weights it re-casts, the gradients it reduces and the optimizer states it steps are the local ones
    routed = routed_expert_params(model)
    epf = expert_shards(tp, dp, cp, ep) if model.is_moe else np.ones_like(tp)  # ep, or ep / tp when folded
    blocks_local = model.block_params(active=False) - routed + routed / epf
    stage_params = (blocks_local * stage_layers / L + head_params) / tp
    weights_local = stage_params if not lora else model.lora_params(w.lora_rank, w.lora_targets) / (tp * pp)
    per_weight = np.full_like(tp, WEIGHT_BYTES_PER_MICRO_BATCH[style])
    if profile(w.framework).fsdp2 and not lora:
        # FSDP2 copies every gathered parameter out of the all-gather buffer (fsdp.split_with_sizes_copy: read 2,
        # write 2) in the forward and again in the backward, and each 16-bit gradient into the reduce-scatter
        # buffer in the reduce dtype (fsdp.chunk_cat: read 2, write 4 in fp32); torch/distributed/fsdp/
        # _fully_shard/_fsdp_collectives.py `foreach_all_gather_copy_out`, `foreach_reduce_scatter_copy_in`
        fsdp2_bytes = 2 * 4.0 + 2.0 + (2.0 if w.precision == "bf16-true" else 4.0)
        per_weight = np.where(zero >= 3, fsdp2_bytes, per_weight)
    t_weights = weights_local * per_weight / hbm
    if impl == "fused" and not lora and not legacy16:
        # Megatron/TE wgrad GEMMs accumulate into main_grad in their epilogue, read + write (wgrad_traffic.py)
        # in the gradients' dtype: bf16 under the Megatron-Bridge recipes' grad_reduce_in_fp32 = False (framework.py)
        t_weights = t_weights + wgrad_accumulation_seconds(
            stage_params, hbm, profile(w.framework).grad_bytes(w.precision)
        )
    if w.method == "qlora":
        # NF4 weights are dequantised to bf16 before every matmul: read 0.5 + write 2 bytes per weight, in the
        # forward, the backward and the recomputed forward (bitsandbytes `dequantize_4bit`)
        passes = 2.0 + checkpointed_share(rc, every)
        t_weights = t_weights + model.block_params(active=True) / (tp * pp) * QLORA_DEQUANT_BYTES * passes / hbm
    # weights cast once per micro-batch: the stage's block weights on this rank (experts split over ep ranks)
    fp8_weights = blocks_local * stage_layers / L / tp
    t_fp8 = _fp8_cast_seconds(model, w, tokens_mb / cp, tp, stage_layers, fp8_weights, hbm) if fp8 else 0.0 * tp
    if model.is_moe:
        moe_share = model.moe_layers / L
        moe_bytes = permutation_bytes_per_token(model, ep, e)
        moe_bytes = moe_bytes + expert_bias_bytes_per_token(model, e, fused_kernels=impl == "fused")
        t_perm = tok * stage_layers * moe_share * moe_bytes / hbm
    else:
        t_perm = 0.0 * tp
    t_mb = t_gemm + t_attn + t_elem + t_softmax + t_loss + t_weights + t_fp8 + t_perm + t_fixed
    per_gpu = tokens_mb / (tp * pp * cp)

    # --- communication per micro-batch (exposed) -----------------------------------------------------
    node = float(hw.gpus_per_node)
    tp_bw = np.where(
        tp <= node, hw.intra_bytes_per_s * INTRA_LINK_EFFICIENCY, hw.inter_bytes_per_s * NETWORK_EFFICIENCY
    )
    act_bytes = tokens_mb / cp * h * e
    tp_ops = 4.0 + 2.0 * checkpointed_share(rc, every)  # 2 forward + 2 backward all-reduces (+2 when recomputed)
    t_tp = L / pp * tp_ops * _ring(tp, 2.0, act_bytes, tp_bw)
    prof = profile(w.framework)
    if prof.tp_comm_overlap:
        # TE userbuffers: each gather/reduce-scatter pipelined under its GEMM (comm_overlap.py); NVLink only
        overlapped = _tp_overlap_layer(
            model, tok, gemm_rate, act_bytes, tp, tp_bw, checkpointed_share(rc, every), moe_tp=etp > 1
        )
        t_tp = np.where(sp & (tp > 1) & (tp <= node), L / pp * overlapped, t_tp)
    inter = hw.inter_bytes_per_s * NETWORK_EFFICIENCY
    # pipeline neighbours are tp·cp·dp ranks apart (Megatron-Core's rank order puts pp outermost): every hop stays on
    # NVLink when the whole job fits in one node, otherwise the node-crossing hop sets the pace
    pp_bw = np.where(tp * cp * dp * pp <= node, hw.intra_bytes_per_s * INTRA_LINK_EFFICIENCY, inter)
    hop = np.where(pp > 1, 2.0 * act_bytes / tp / pp_bw + 2 * COLLECTIVE_LATENCY_S, 0.0)
    t_pp = hop * vpp
    if prof.p2p_overlap_under_vpp:  # overlap_p2p_comm under interleaving (comm_overlap.py)
        t_pp = overlapped_p2p_seconds(hop, t_mb / vpp, vpp)
    kv_bytes = tokens_mb / cp * model.kv_width * e * 2
    cp_bw = np.where(tp * cp <= node, hw.intra_bytes_per_s * INTRA_LINK_EFFICIENCY, inter)
    if w.framework == "torchtitan" and w.flash_attention:
        # PyTorch's ring attention: one K/V all-gather hidden only by the first block, fp32 dK/dV ring in the
        # backward with its last hop exposed, query-width K/V (context_parallel.py)
        t_cp = stage_layers * torch_ring_exposed_seconds(
            tok * model.q_width * e * 2,
            cp,
            cp_bw,
            forward_seconds=attn_pass[0],
            backward_seconds=attn_pass[1],
            recomputed_share=rec_share,
            latency_s=COLLECTIVE_LATENCY_S,
            compiled=w.compile,
        )
    else:
        t_cp = (1 - CP_OVERLAP) * L / pp * 3.0 * _ring(cp, 1.0, kv_bytes * cp, cp_bw) / tp
    if model.is_moe:  # dispatch, combine and their backward per MoE layer: NVLink and NIC at once (moe_dispatch.py)
        a2a_efficiency = all_to_all_link_efficiency(hw.architecture, INTRA_LINK_EFFICIENCY)  # moe_dispatch.py
        intra, a2a = hw.intra_bytes_per_s * a2a_efficiency, act_bytes * model.experts_active / tp
        if w.moe_dispatcher == "deepep":  # one copy per GPU and per remote node (moe_dispatch.py)
            one = token_dispatch_seconds(
                act_bytes / tp, model.experts, model.experts_active, ep, etp, node, intra, inter
            )
        else:
            one = a2a_seconds(a2a, ep, etp, node, intra, inter)
        t_ep = model.moe_layers / pp * 4.0 * one
    else:
        t_ep = 0.0 * tp
    # ZeRO-3 gathers the parameters for every micro-batch (forward and backward) and reduce-scatters gradients
    params_local = (model.params - routed + routed / epf) / (tp * pp)
    shard = dp * cp
    dp_bw = np.where(tp * shard <= node, hw.intra_bytes_per_s * INTRA_LINK_EFFICIENCY, inter)
    t_zero3 = np.where(zero >= 3, _ring(shard, 3.0, params_local * 2.0, dp_bw), 0.0)
    t_zero3_exposed = np.maximum(0.0, t_zero3 - 0.9 * t_mb)
    t_mb_total = t_mb + t_tp + t_pp + t_cp + t_ep + t_zero3_exposed

    # --- per step ----------------------------------------------------------------------------------
    bubble = (pp - 1) / (vpp * m)
    grad_bytes = prof.grad_bytes(w.precision)  # fp32 unless in the parameters' dtype (framework.py)
    trainable = model.lora_params(w.lora_rank, w.lora_targets) if lora else model.params
    # dense gradients are reduced over dp·cp ranks, expert gradients over the expert-data-parallel group of
    # dp·cp/ep ranks (Megatron-Core `expert_data_parallel_group`)
    expert_trainable = 0.0 if lora else routed
    grad_dense = (trainable - expert_trainable) / (tp * pp) * grad_bytes
    grad_expert = expert_trainable / epf / (tp * pp) * grad_bytes
    # no expert collective (nor its latency) for a dense model
    expert_shard = np.maximum(1.0, shard / epf) if expert_trainable > 0 else np.ones_like(shard)
    t_dp = np.where(zero >= 3, 0.0, _ring(shard, 2.0, grad_dense, dp_bw) + _ring(expert_shard, 2.0, grad_expert, dp_bw))
    t_dp_exposed = t_dp if legacy16 else np.maximum(0.0, t_dp - DP_OVERLAP * (2.0 / 3.0) * t_mb)
    if prof.dp_overlap_chunked:
        # the recipes' distributed-optimizer collectives overlapped chunk by chunk (comm_overlap.py): bf16/fp32
        # gradient reduce-scatter under the backward, 16-bit parameter all-gather under the next forward
        rs = _ring(shard, 1.0, grad_dense, dp_bw) + _ring(expert_shard, 1.0, grad_expert, dp_bw)
        ag = _ring(shard, 1.0, (grad_dense + grad_expert) / grad_bytes * 2.0, dp_bw)
        buckets = np.ceil(stage_params / np.maximum(vpp, 1.0) / DP_BUCKET_PARAMS)
        chunked = dp_overlap_exposed_seconds(rs, 2.0 / 3.0 * t_mb_total, pp, vpp, buckets)
        chunked = chunked + dp_overlap_exposed_seconds(ag, 1.0 / 3.0 * t_mb_total, pp, vpp, buckets)
        t_dp_exposed = np.where((shard > 1) & (zero >= 1) & (zero <= 2), chunked, t_dp_exposed)
    # optimizer: a streaming pass over the local states (param, grad, moments, master: ~36 bytes/param moved)
    states_local = (trainable - expert_trainable + expert_trainable / epf) / (tp * pp) / np.where(zero >= 1, shard, 1.0)
    t_opt = states_local * 36.0 / hbm
    step = m * t_mb_total * (1 + bubble) + t_dp_exposed + t_opt
    comm = m * (t_tp + t_pp + t_cp + t_ep + t_zero3_exposed) + t_dp_exposed
    gpus = tp * pp * cp * dp
    tokens_step = gb * s
    model_step = tokens_step * training_flops_per_token(model, w)
    hw_step = gpus * m * per_gpu * (dense_flops + recompute_dense + attn_flops + recompute_attn)
    return StepTimes(
        step_seconds=step,
        compute_seconds=m * t_mb * (1 + bubble),
        exposed_comm_seconds=comm,
        bubble_fraction=bubble,
        hardware_flops_per_step=hw_step,
        model_flops_per_step=model_step,
        terms=StepTerms(
            gemm_seconds=m * t_gemm,
            attention_seconds=m * t_attn,
            memory_bound_seconds=m * (t_elem + t_softmax + t_loss + t_weights + t_fp8 + t_perm),
            tp_comm_seconds=m * t_tp,
            pp_comm_seconds=m * t_pp,
            cp_comm_seconds=m * t_cp,
            ep_comm_seconds=m * t_ep,
            zero3_exposed_seconds=m * t_zero3_exposed,
            dp_exposed_seconds=t_dp_exposed,
            optimizer_seconds=t_opt,
            fixed_seconds=m * t_fixed,
            bubble_seconds=m * t_mb_total * bubble,
        ),
    )
