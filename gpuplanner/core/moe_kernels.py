"""Mixture-of-experts kernels outside the dense roofline (issue 22): the routed experts' grouped GEMMs at their own
(narrow) shape, and the token permutation around the expert-parallel all-to-all as memory-bound passes.

- Grouped expert GEMMs: each local expert multiplies the rows routed to it, T·k·ep/E per micro-batch under
  balanced routing (T tokens per rank, top-k of E experts, ep ranks; Megatron-Bridge's published MoE benchmarks
  force-balance the routing, `docs/performance-summary.md` note), against its own width (expert_ffn_hidden / tp,
  expert tensor parallel = tp, Megatron-Core `expert_tensor_parallel_size` default). Both narrow dimensions
  take the same tile penalty w/(w + 128) as the dense GEMMs (throughput.py `GEMM_HALF_WIDTH`).
- Permutation: Megatron-Core's `MoEAlltoAllTokenDispatcher` (`megatron/core/transformer/moe/token_dispatcher.py`)
  gathers each token's k copies before the all-to-all (`permute`), regroups the received rows by local expert
  (`sort_chunks_by_idxs`, only when a rank holds more than one expert), and undoes both after the experts
  (`sort_chunks_by_idxs`, then `unpermute` with the routing weights). Each is a gather/scatter that reads and
  writes k·h elements per token; the backward runs the mirror image. So 2 (read + write) × (2 or 4 ops) × k·h
  elements per token per MoE layer per direction.
- Router: the h×E logits GEMM is counted with the block's matmuls (model.py `moe_layer_params`); its fp32
  softmax, top-k, routing-map scatter and the auxiliary loss (`megatron/core/transformer/moe/router.py`
  TopKRouter, `moe_router_dtype` fp32) read and write the T×E scores: ROUTER_PASSES passes of 4 bytes.
- Per-expert GEMM calls (Megatron-Core with Transformer Engine only): `TEGroupedMLP` runs each expert linear
  through TE's `GroupedLinear`, whose `general_grouped_gemm` (TE v2.9, commit 70f5366, the version the
  Megatron-Bridge 25.11 container pins: `transformer-engine ... rev=release_v2.9` in its uv.lock) calls
  `nvte_multi_tensor_gemm` -> `multi_stream_cublas_gemm` (`transformer_engine/common/gemm/cublaslt_gemm.cu`):
  one cuBLASLt matmul per local expert, each building its descriptors and querying
  `cublasLtMatmulAlgoGetHeuristic`, round-robin over 4 streams (CUTLASS grouped GEMM only behind
  `NVTE_USE_CUTLASS_GROUPED_GEMM` on Hopper). The one published timing of that path, TE PR #3134 (SM100,
  `benchmarks/linear/benchmark_grouped_linear.py`, 8 experts × 128 tokens, N = K = 2048, GEMM only): 0.267 ms
  for the 8 per-expert GEMMs against 0.069 ms for one CUTLASS grouped kernel, i.e. EXPERT_GEMM_CALL_S = 33 µs
  per expert GEMM where the math takes well under 1 µs. So each grouped call (fc1 and fc2, each forward,
  input-gradient and weight-gradient: GroupedLinear's forward and its two `general_grouped_gemm` calls in
  backward) takes at least local_experts × 33 µs; the dropless dispatcher copies the token counts to the host
  every layer (`MoEAlltoAllTokenDispatcher._maybe_dtoh_and_synchronize`, sync before the EP all-to-all), so
  the CPU has no lead to hide this behind earlier GPU work. Assumption: the SM100 NVFP4 figure holds for the
  other GPUs and dtypes of the same cuBLASLt loop; on H100 a sequential per-expert cuBLAS loop at Qwen3-30B-A3B's
  up_proj shape (128 experts × 512 rows, K 2048, N 1536, bf16) runs at 129.5 TFLOP/s, 25 µs per expert GEMM
  (tgale96/grouped_gemm PR #37), which agrees.
- Per-expert fp8 quantize calls (same TE path): with fp8, `GroupedLinear` quantizes each expert's slice of the
  fprop input and of the output gradient on its own (`tex.split_quantize` -> `multi_tensor_quantize_impl`,
  transformer_engine/pytorch/csrc/extensions/cast.cpp at 70f5366: only delayed scaling has the fused
  `nvte_multi_cast_transpose`; every other quantizer runs "Quantize kernels individually", one `quantize` call
  per expert). The one published timing of that per-tensor loop: ROCm/TransformerEngine PR #598 ("Mxfp8 grouped
  and multi quantize", grouped-quantize table, Qwen3 128 experts, I = 1536, balanced), 615 µs for the loop of
  per-tensor MXFP8 quantizes (one kernel each) against 96 µs for one grouped kernel over the same data:
  (615 - 96) / 128 = EXPERT_QUANTIZE_CALL_S = 4.1 µs per expert above the data movement. So the fprop and dgrad
  calls of each grouped linear take at least local_experts × (EXPERT_GEMM_CALL_S + 4.1 µs); the wgrad call
  reuses the dgrad's quantized gradient and the saved input. One call per expert is the count of the one-kernel
  quantizers (MXFP8, which the Megatron-Bridge B200 MoE runs use, and FP8 blockwise); current scaling
  (`Float8CurrentScalingQuantizer::quantize_impl`, csrc/quantizer.cpp) launches three kernels per call (amax,
  scale, cast), so for FP8-CS runs this is a lower bound (the scenario's `te` recipe cannot tell them apart; a
  three-launch count was measured and rejected, docs/estimation_time.md). Assumptions: the figure (an AMD GPU,
  HIP) holds for CUDA; `create_tensor`'s per-expert allocations are left out. The casts' bytes stay with the
  memory-bound passes (fp8_kernels.py); the floor is compared with the GEMM math only.
- Expert biases (models with linear biases, GPT-OSS): TEGroupedMLP adds fc2's bias per local expert in eager
  PyTorch (`_apply_bias`), 14 element passes over the k·h expert outputs per token per MoE layer
  (EXPERT_BIAS_ELEMENT_PASSES, below); fc1's bias is in TE's GEMM epilogue.
"""

from __future__ import annotations

import numpy as np

from .model import ModelSpec

# fp32 score passes of the router per token per MoE layer, forward + backward: logits cast, softmax, top-k,
# scatter into the routing map, aux-loss softmax and sum, and their gradients (op count of TopKRouter)
ROUTER_PASSES = 12.0
# wall time of one expert's GEMM in TE's per-expert grouped GEMM loop at small shapes (module docstring)
EXPERT_GEMM_CALL_S = 33e-6
# host time of one per-expert quantize call in TE's split_quantize loop (ROCm/TransformerEngine PR #598, docstring)
EXPERT_QUANTIZE_CALL_S = 4.1e-6
# quantize calls per expert per split_quantize: one for every TE quantizer but delayed scaling, which quantizes all
# experts in one fused multi-tensor launch (cast.cpp); recipes as framework.fp8_recipe_of resolves them
QUANTIZE_CALLS_PER_EXPERT = {"te-current": 1.0, "te-blockwise": 1.0, "mxfp8": 1.0, "te-delayed": 0.0}


def quantize_calls_per_expert(recipe: str | None) -> float:
    """Quantize calls per local expert of one TE `split_quantize` for a concrete fp8 recipe
    (framework.fp8_recipe_of); 0 outside Transformer Engine."""
    return QUANTIZE_CALLS_PER_EXPERT.get(recipe or "", 0.0)


def expert_tensor_parallel(tp: object, dp: object, cp: object, ep: object) -> np.ndarray:
    """Expert tensor parallel degree of a layout (Megatron-Core MoE parallel folding, Liu et al. 2025,
    arXiv 2504.14960 §3: the experts' EP × ETP × EDP grid folds over the attention's TP × CP × DP ranks). EP ranks
    drawn from dp·cp keep the experts split over TP (ETP = tp, Megatron-Core's default: `ModelParallelConfig`
    sets `expert_tensor_parallel_size` to the TP size when unset, megatron/core/model_parallel_config.py at
    92c8482; the dispatcher then gathers over that expert-TP group, `pg_collection.expt_tp` in
    token_dispatcher.py); an EP that does not divide dp·cp must span TP ranks too, which the scenario can only
    mean with whole experts per rank (ETP = 1, what every Megatron-Bridge MoE
    recipe sets: `expert_tensor_parallel_size=1` in 00b7660 `qwen3_workload_base_configs.py`,
    `deepseek_workload_base_configs.py`, `gpt_oss_workload_base_configs.py`)."""
    tp_, dp_, cp_, ep_ = (np.asarray(x, dtype=float) for x in (tp, dp, cp, ep))
    return np.where(np.mod(dp_ * cp_, ep_) == 0, tp_, 1.0)


def expert_shards(tp: object, dp: object, cp: object, ep: object) -> np.ndarray:
    """How many ways the routed experts' parameters are split beyond TP: ep under ETP = tp, ep / tp when EP folds
    over the TP ranks with whole experts (each GPU then holds routed / ep parameters, routed / (ep·tp) before),
    so the expert-data-parallel group is dp·cp / expert_shards = tp·dp·cp / (ep·etp) ranks either way."""
    etp = expert_tensor_parallel(tp, dp, cp, ep)
    return np.asarray(ep, dtype=float) * etp / np.asarray(tp, dtype=float)


def rows_per_expert(model: ModelSpec, tokens_per_rank: object, ep: object) -> np.ndarray:
    """Rows each local expert's GEMM sees per micro-batch under balanced routing: T·k·ep/E."""
    t = np.asarray(tokens_per_rank, dtype=float)
    return t * model.experts_active * np.asarray(ep, dtype=float) / model.experts


def expert_gemm_width(model: ModelSpec, tokens_per_rank: object, ep: object, tp: object) -> np.ndarray:
    """The narrowest dimension of the experts' grouped GEMMs: expert width per TP rank, rows per expert, or h."""
    width = np.minimum(model.expert_ffn_hidden / np.asarray(tp, dtype=float), model.hidden)
    return np.minimum(width, rows_per_expert(model, tokens_per_rank, ep))


def routed_flops_per_token(model: ModelSpec, lora: bool) -> float:
    """Matmul FLOPs per token of the routed experts a token uses (all MoE layers), forward + backward."""
    if not model.is_moe:
        return 0.0
    return (4.0 if lora else 6.0) * model.moe_layers * model.experts_active * model.expert_params()


def permutation_bytes_per_token(model: ModelSpec, ep: object, element_bytes: float) -> np.ndarray:
    """Bytes of the dispatcher's permute/sort/unpermute passes and the router's score passes per token per MoE
    layer, forward + backward (module docstring)."""
    local_experts = model.experts / np.asarray(ep, dtype=float)
    ops = np.where(local_experts > 1, 4.0, 2.0)  # permute + unpermute, plus the two sorts when > 1 local expert
    moved = 2.0 * ops * model.experts_active * model.hidden * element_bytes * 2.0  # read + write, fwd + bwd
    return moved + ROUTER_PASSES * model.experts * 4.0


# Megatron-Core `TEGroupedMLP._apply_bias` (megatron/core/transformer/moe/experts.py at 92c8482): with
# `add_bias_linear` (GPT-OSS: Megatron-Bridge 00b7660 `gpt_oss_provider.py`) fc1's bias is applied inside TE's
# GroupedLinear (`skip_bias_add=False`: GEMM epilogue, its gradient in the wgrad epilogue), but fc2 returns its
# bias (`skip_bias_add=True`) and the layer adds it per local expert in eager PyTorch:
# `torch.cat([t + b * p for t, b, p in zip(split(out), biases, split(probs))])`, the routing weight p scaling the
# bias. Each eager op reads its inputs and writes its output once (element bytes e, the probs and bias vectors
# negligible): forward `b * p` writes the k·h rows (1e), `t + ·` reads two and writes one (3e), `cat` reads and
# writes (2e); backward (torch/csrc/autograd derivatives.yaml: mul, add, cat, split) the split's gradient is a
# `cat` of the per-expert gradients (2e), the bias gradient `(g * p).sum(0)` and the probs gradient
# `(g * b).sum(-1)` each a product and a reduction (3e + 3e; the probs come from the router's softmax, so they
# require grad). The probs are in the logits' dtype (`TopKRouter` softmax `.type_as(logits)`, no
# `moe_router_dtype` in the GPT-OSS recipes), so nothing is promoted to fp32. 14 element passes over the k·h
# elements per token per MoE layer, at memory speed.
EXPERT_BIAS_ELEMENT_PASSES = 14.0


def expert_bias_bytes_per_token(model: ModelSpec, element_bytes: float, *, fused_kernels: bool) -> float:
    """Bytes of Megatron-Core's eager per-expert fc2 bias add per token per MoE layer, forward + backward (zero
    without linear biases, and outside the Megatron/TE kernel family, whose TEGroupedMLP this is)."""
    if not (model.linear_bias and fused_kernels and model.is_moe):
        return 0.0
    return EXPERT_BIAS_ELEMENT_PASSES * model.experts_active * model.hidden * element_bytes


def routed_gemm_seconds(
    model: ModelSpec,
    compute_seconds: object,
    ep: object,
    *,
    lora: bool,
    recomputed_forward: object,
    per_expert_calls: bool,
    quantize_calls: float = 0.0,
) -> np.ndarray:
    """Seconds of the routed experts' grouped GEMMs per MoE layer per micro-batch. `compute_seconds` is their
    math at the expert rate without recomputation; with TE's per-expert calls (module docstring) each grouped call
    (fc1, fc2 × forward, input gradient and, unless LoRA freezes the experts, weight gradient; the recomputed
    forward again) takes at least local_experts × EXPERT_GEMM_CALL_S; with fp8, the fprop and dgrad calls also
    make `quantize_calls` quantize calls per expert (quantize_calls_per_expert) of EXPERT_QUANTIZE_CALL_S each."""
    base = np.asarray(compute_seconds, dtype=float)
    redo = np.asarray(recomputed_forward, dtype=float)
    passes = 2.0 if lora else 3.0  # forward, dgrad (, wgrad): equal FLOPs each
    if not per_expert_calls:
        return base * (1.0 + redo / passes)
    local = np.maximum(1.0, model.experts / np.asarray(ep, dtype=float))
    floor = local * EXPERT_GEMM_CALL_S
    # fprop (input) and dgrad (output gradient) quantize per expert; wgrad reuses both quantized operands
    quantized = local * (EXPERT_GEMM_CALL_S + quantize_calls * EXPERT_QUANTIZE_CALL_S)
    mats = 3.0 if model.gated_mlp else 2.0
    total = 0.0 * base
    for share in ((mats - 1.0) / mats, 1.0 / mats):  # fc1 (gate + up), fc2
        math = base * share / passes
        # fprop (+ the recomputed forward's repeat) and dgrad pay the quantizes; the wgrad call (absent under
        # LoRA's frozen experts) only its GEMMs
        total = total + np.maximum(math, quantized) * (1.0 + redo + 1.0)
        if passes > 2.0:
            total = total + np.maximum(math, floor)
    return total
