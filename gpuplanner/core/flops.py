"""FLOPs per token of a training step: the count the step time, the MFU and the planner's estimates share.

Matmul FLOPs are 6 per parameter per token for full training (forward 2, backward 4: Kaplan et al. 2020 §2.1;
Narayanan et al. 2021, eq. 3 without recompute), over the parameters a token passes through (routed experts used,
the LM head, not the embedding lookup); attention adds QKᵀ and AV over the full score matrix (Korthikanti et al.
2022, §4 counts). LoRA: the frozen base skips the weight gradient (Hu et al. 2021).
"""

from __future__ import annotations

from .model import ModelSpec
from .scenario import Workload

__all__ = [
    "attention_flops_per_token",
    "lora_flops_per_token",
    "matmul_params",
    "model_flops_per_token",
    "routed_expert_params",
    "training_flops_per_token",
]


def matmul_params(model: ModelSpec) -> float:
    """Parameters that take part in a matmul for one token: routed experts used, LM head, no embedding lookup."""
    return model.block_params(active=True) + model.vocab * model.hidden


def attention_flops_per_token(model: ModelSpec, seq_len: float) -> float:
    """Forward+backward QKᵀ and AV: 6·L·a·(d_qk + d_v)·s (counts the full, unmasked score matrix)."""
    d_qk = model.head_dim + (model.mla_rope_dim if model.is_mla else 0)
    return 6.0 * model.layers * model.heads * (d_qk + model.head_dim) * seq_len


def model_flops_per_token(model: ModelSpec, seq_len: float) -> float:
    return 6.0 * matmul_params(model) + attention_flops_per_token(model, seq_len)


def training_flops_per_token(model: ModelSpec, w: Workload) -> float:
    """Model FLOPs per token of the method: 6N for full training, the LoRA count for adapters."""
    return lora_flops_per_token(model, w) if w.is_lora else model_flops_per_token(model, w.seq_len)


def lora_flops_per_token(model: ModelSpec, w: Workload) -> float:
    """Frozen base: forward 2N, backward only the input gradient 2N (no weight gradient), adapters 6·N_lora."""
    base = 4.0 * matmul_params(model) + attention_flops_per_token(model, w.seq_len)
    return base + 6.0 * model.lora_params(w.lora_rank, w.lora_targets)


def routed_expert_params(model: ModelSpec) -> float:
    """Parameters of all routed experts: the part of the model that expert parallelism splits over ep ranks."""
    return float(model.moe_layers * model.experts * model.expert_params()) if model.is_moe else 0.0
