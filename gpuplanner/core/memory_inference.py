"""Per-GPU memory of an inference server: quantised weights, the KV cache and the prefill workspace."""

from __future__ import annotations

from .model import ModelSpec
from .scenario import Workload

# Group-quantised int4 (GPTQ/AWQ, group 128 with fp16 scale and 4-bit zero) and int8 with per-channel scales.
INT4_BYTES = 0.5 + (16 + 4) / 128 / 8
INT8_BYTES = 1.0


def weight_bytes_per_param(weight_precision: str) -> float:
    return {"bf16": 2.0, "int8": INT8_BYTES, "int4": INT4_BYTES}[weight_precision]


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
    kv = kv_cache_bytes(model, w.seq_len, w.batch, tp, w.kv_precision) / pp
    # prefill workspace of one layer: QKV, attention output and the MLP's inner tensors for the whole prompt
    # (buffers are reused between layers, llm-analysis `get_memory_activation_per_layer` inference path),
    # plus fp32 logits of the last position only
    e = 2.0
    f = model.expert_ffn_hidden * model.experts_active if model.is_moe else model.ffn_hidden
    width = model.q_width + 2 * model.kv_width + model.hidden + (3 if model.gated_mlp else 2) * f
    workspace = e * w.seq_len * w.batch * width / tp + 4.0 * w.batch * model.vocab / tp
    if not w.flash_attention:
        workspace += 4.0 * w.batch * (model.heads / tp) * w.seq_len**2
    return weights, kv, workspace
