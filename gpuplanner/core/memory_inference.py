"""Per-GPU memory of an inference server: quantised weights, the KV cache and the prefill workspace."""

from __future__ import annotations

from .model import ModelSpec
from .scenario import Workload

# Group-quantised int4 (GPTQ/AWQ, group 128 with fp16 scale and 4-bit zero) and int8 with per-channel scales.
INT4_BYTES = 0.5 + (16 + 4) / 128 / 8
INT8_BYTES = 1.0
# fp8 (E4M3) with per-tensor or per-channel scales (ModelOpt/llm-compressor checkpoints): 1 byte per weight.
FP8_BYTES = 1.0
# NVFP4: 4-bit E2M1 values with one E4M3 scale per 16 values (NVIDIA technical blog "Introducing NVFP4 for
# efficient and accurate low-precision inference", 2025) = 4 + 8/16 bits.
FP4_BYTES = 0.5 + 1.0 / 16

# vLLM's KV-cache sizing (vllm/worker/gpu_worker.py `determine_available_memory`, vllm/config.py CacheConfig):
# the engine may use gpu_memory_utilization (default 0.9) of the device; the KV cache gets what is left after
# the weights, the activation peak of a profiling pass over max_num_batched_tokens tokens and the memory outside
# PyTorch (CUDA context, NCCL), cut into blocks of block_size (default 16) tokens.
GPU_MEMORY_UTILIZATION = 0.9
KV_BLOCK_TOKENS = 16
# vLLM V1 default max_num_batched_tokens for the OpenAI server (vllm/engine/arg_utils.py
# `default_max_num_batched_tokens`); the profiling pass runs this many tokens at once.
PROFILE_TOKENS = 8192
PROFILE_SEQS = 256  # max_num_seqs of vLLM V0 (config.py): the sampler's fp32 logits of that many sequences


def weight_bytes_per_param(weight_precision: str) -> float:
    return {"bf16": 2.0, "fp8": FP8_BYTES, "int8": INT8_BYTES, "int4": INT4_BYTES, "fp4": FP4_BYTES}[weight_precision]


def batch_for_memory(w: Workload) -> int:
    """Sequences per replica in the memory breakdown: `"max"` is checked with one sequence (the layout fits when
    one does; the engine then fills the breakdown with the largest batch, spec §4.1)."""
    return 1 if w.batch == "max" else int(w.batch)


def kv_cache_bytes(model: ModelSpec, seq_len: float, batch: float, tp: float, kv_precision: str) -> float:
    """2·L·n_kv·d·s·b·bytes, KV heads split over TP but never below one (llm-analysis
    `get_memory_kv_cache_per_layer`); MLA caches the latent (kv_rank + rope) per token (DeepSeek-V2 §2.1)."""
    b = 1.0 if kv_precision == "fp8" else 2.0
    if model.is_mla:
        return model.layers * (model.mla_kv_rank + model.mla_rope_dim) * seq_len * batch * b
    heads = max(model.kv_heads / tp, 1.0)
    return 2 * model.layers * heads * model.head_dim * seq_len * batch * b


def inference_parts(model: ModelSpec, w: Workload, tp: float, pp: float) -> tuple[float, float, float]:
    """(weights, kv cache, activation workspace) bytes per GPU for serving."""
    wb = weight_bytes_per_param(w.weight_precision)
    emb = model.embedding_params() + model.output_params()
    body = model.params - emb
    weights = (body * wb + emb * 2.0) / (tp * pp)
    batch = batch_for_memory(w)
    kv = kv_cache_bytes(model, w.seq_len, batch, tp, w.kv_precision) / pp
    # prefill workspace of one layer: QKV, attention output and the MLP's inner tensors for the whole prompt
    # (buffers are reused between layers, llm-analysis `get_memory_activation_per_layer` inference path),
    # plus fp32 logits of the last position only
    e = 2.0
    f = model.expert_ffn_hidden * model.experts_active if model.is_moe else model.ffn_hidden
    width = model.q_width + 2 * model.kv_width + model.hidden + (3 if model.gated_mlp else 2) * f
    workspace = e * w.seq_len * batch * width / tp + 4.0 * batch * model.vocab / tp
    if not w.flash_attention:
        workspace += 4.0 * batch * (model.heads / tp) * w.seq_len**2
    return weights, kv, workspace


def layer_width(model: ModelSpec) -> int:
    """Elements per token of one layer's prefill tensors (QKV, attention output, MLP inner)."""
    f = model.expert_ffn_hidden * model.experts_active if model.is_moe else model.ffn_hidden
    return model.q_width + 2 * model.kv_width + model.hidden + (3 if model.gated_mlp else 2) * f


def kv_bytes_per_token(model: ModelSpec, tp: float, pp: float, kv_precision: str) -> float:
    """KV-cache bytes of one token on one GPU of the deepest pipeline stage (ceil(L/pp) layers)."""
    stage_layers = -(-model.layers // int(pp))
    return kv_cache_bytes(model, 1, 1, tp, kv_precision) * stage_layers / model.layers


def profile_workspace_bytes(model: ModelSpec, tp: float) -> float:
    """vLLM's profiled activation peak: one layer's tensors for PROFILE_TOKENS tokens (buffers reused between
    layers) and the sampler's fp32 logits for PROFILE_SEQS sequences."""
    return 2.0 * PROFILE_TOKENS * layer_width(model) / tp + 4.0 * PROFILE_SEQS * model.vocab


def kv_cache_blocks(
    model: ModelSpec, w: Workload, tp: int, pp: int, capacity_bytes: float, outside_torch_bytes: float
) -> int:
    """Paged KV blocks per GPU (the same on every GPU of a replica): gpu_memory_utilization × capacity − weights −
    profiled activations − memory outside PyTorch, in blocks of KV_BLOCK_TOKENS tokens (vLLM, see above)."""
    weights, _, _ = inference_parts(model, w, tp, pp)
    free = GPU_MEMORY_UTILIZATION * capacity_bytes - weights - profile_workspace_bytes(model, tp) - outside_torch_bytes
    block = KV_BLOCK_TOKENS * kv_bytes_per_token(model, tp, pp, w.kv_precision)
    return max(0, int(free // block))


def sequences_in_blocks(blocks: int, seq_len: int) -> int:
    """Sequences of seq_len tokens the blocks hold: each takes ceil(seq_len / block) whole blocks (PagedAttention,
    Kwon et al. 2023 §4.2)."""
    return blocks // -(-seq_len // KV_BLOCK_TOKENS)
