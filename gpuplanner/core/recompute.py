"""Activation-recompute policies as vectorisable codes, and how much of the forward each one runs again.

Codes (the planner searches arrays of them): 0 none, 1 selective (Korthikanti et al. 2022 §5: the attention
core is recomputed), 2 full (each checkpointed layer keeps only its input; with `recompute_every = N` one layer in
N is checkpointed, torchtitan's per-layer rule), 3 selective-op (torchtitan's per-op policy: the outputs of every
second matmul and of SDPA are saved, everything else is recomputed; torchtitan
`torchtitan/distributed/activation_checkpoint.py` `_get_custom_policy`, `_save_list`).
"""

from __future__ import annotations

import numpy as np

NONE, SELECTIVE, FULL, SELECTIVE_OP = 0, 1, 2, 3
RECOMPUTE_CODES = {"none": NONE, "selective": SELECTIVE, "full": FULL, "selective-op": SELECTIVE_OP}
RECOMPUTE_NAMES = {code: name for name, code in RECOMPUTE_CODES.items()}
# op-SAC saves every second matmul output; over the seven matmuls of a Llama block the recomputed ones carry
# about half of the block's matmul FLOPs (the parity alternates from step to step), so half is recomputed
OP_SAC_RECOMPUTED_MATMUL_SHARE = 0.5


def codes(rc: object) -> np.ndarray:
    return np.asarray(rc, dtype=float)


def checkpointed_share(rc: object, every: int = 1) -> np.ndarray:
    """Share of layers that keep only their input (full recompute on one layer in `every`)."""
    return np.where(codes(rc) == FULL, 1.0 / every, 0.0)


def recomputed_matmul_share(rc: object, every: int = 1) -> np.ndarray:
    """Share of a layer's forward matmul FLOPs that backward runs again."""
    r = codes(rc)
    return np.where(r == FULL, 1.0 / every, np.where(r == SELECTIVE_OP, OP_SAC_RECOMPUTED_MATMUL_SHARE, 0.0))


def recomputed_elementwise_share(rc: object, every: int = 1) -> np.ndarray:
    """Share of a layer's element-wise passes (norms, activations, RoPE) that backward runs again."""
    r = codes(rc)
    return np.where(r == FULL, 1.0 / every, np.where(r == SELECTIVE_OP, 1.0, 0.0))


def recomputes_attention(rc: object, flash: bool, every: int = 1) -> np.ndarray:
    """Share of attention-core work recomputed: full recompute always, selective only where the scores are
    materialised (with FlashAttention the core keeps just its output); op-SAC saves SDPA's output."""
    r = codes(rc)
    return np.where(r == FULL, 1.0 / every, np.where((r == SELECTIVE) & (not flash), 1.0, 0.0))
