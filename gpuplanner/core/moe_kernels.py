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
"""

from __future__ import annotations

import numpy as np

from .model import ModelSpec

# fp32 score passes of the router per token per MoE layer, forward + backward: logits cast, softmax, top-k,
# scatter into the routing map, aux-loss softmax and sum, and their gradients (op count of TopKRouter)
ROUTER_PASSES = 12.0


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
