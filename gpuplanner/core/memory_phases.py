"""Activation bytes of a training step at the moments that can hold its peak (docs/estimation.md §3).

The moments: (a) the start of backward with the loss buffers, (b) the backward of the last layer with a
recomputed layer rebuilt, (c) the end of backward, (e) the end of forward, when the loss is computed while
autocast's weight-cast cache is still alive. Arrays hold one value per layout (the planner's grid).
"""

from __future__ import annotations

import numpy as np

from . import activations as act
from .framework import FrameworkProfile
from .memory_states import AUTOCAST_STYLES, param_bytes
from .model import ModelSpec
from .recompute import FULL, SELECTIVE, SELECTIVE_OP
from .scenario import Workload


def _layer_params(model: ModelSpec) -> float:
    """Matmul weights of one average layer (routed experts a token uses), for autocast's cast copies."""
    return model.block_params(active=True) / model.layers


def activation_phases(
    model: ModelSpec,
    w: Workload,
    fw: FrameworkProfile,
    tp: np.ndarray,
    pp: np.ndarray,
    cp: np.ndarray,
    mb: np.ndarray,
    rc: np.ndarray,
    vpp: np.ndarray,
    sp: np.ndarray,
    accum: np.ndarray,
    *,
    first: bool,
    seq_len: object = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Activation bytes at the four activation phases: (a) loss backward, (b) backward of the last layer,
    (c) end of backward, (e) end of forward (the loss being computed while autocast's cache is alive)."""
    precision, lora = w.precision, w.is_lora
    # the sequence length is the only workload field that varies across the layouts of one call (the limit
    # search, core/memory_limits.py); everything else reads `w`
    seq_local = (w.seq_len if seq_len is None else np.asarray(seq_len, dtype=float)) / cp
    coef = act.layer_coefficients(
        model,
        precision,
        w.flash_attention,
        lora_targets=w.lora_targets if lora else None,
        lora_rank=w.lora_rank if lora else 0,
        lora_dropout=w.lora_dropout if lora else 0.0,
        dropout=w.dropout,
        framework=w.framework,
        compiled=w.compile,
    )
    full_layer = act.layer_bytes(coef, model, seq_local, mb, tp, sp)
    sel_layer = act.selective_layer_bytes(coef, model, seq_local, mb, tp, sp)
    ckpt = act.checkpoint_bytes(coef, model, seq_local, mb, tp, sp)
    op_sac = act.op_sac_layer_bytes(coef, model, precision, seq_local, mb, tp, sp, w.flash_attention)
    op_layer = np.minimum(op_sac, full_layer)
    # the framework's own "selective" may be its per-op policy (torchtitan)
    is_op = (rc == SELECTIVE_OP) | ((rc == SELECTIVE) & (fw.selective_means == "op"))
    every = w.recompute_every
    checkpointed = np.where(rc == FULL, ckpt / every + full_layer * (1 - 1 / every), 0.0)
    per_layer = np.where(
        rc == FULL, checkpointed, np.where(is_op, op_layer, np.where(rc == SELECTIVE, sel_layer, full_layer))
    )
    layers = np.ceil(model.layers / pp)
    # 1F1B: stage i keeps pp − i micro-batches in flight (the first stage pp, i.e. all L layers' worth,
    # Korthikanti §4.2.3); interleaving adds (pp−1)/(pp·vpp); fewer micro-batches than stages cap it.
    in_flight_first = np.minimum(pp, accum) * np.where(vpp > 1, 1 + (pp - 1) / (pp * vpp), 1.0)
    in_flight = in_flight_first if first else np.ones_like(pp)
    stored = per_layer * layers * in_flight
    if w.activation_offload:
        # torchtune OffloadActivations / DeepSpeed activation checkpoint offload: saved tensors go to CPU
        # memory; the GPU keeps the layer being computed and the one being prefetched back
        stored = np.minimum(stored, 2 * per_layer)
    kept_loss, bwd_loss, fwd_loss = act.loss_bytes(
        model, precision, seq_local, mb, tp, w.chunked_loss, kind=fw.loss_kind(precision), compiled=w.compile
    )
    if fw.loss_parallel_under_tp and not w.chunked_loss:
        lp = act.loss_bytes(model, precision, seq_local, mb, tp, False, kind="loss-parallel")
        split = np.asarray(tp) > 1
        plain = (kept_loss, bwd_loss, fwd_loss)
        kept_loss, bwd_loss, fwd_loss = (np.where(split, a, b) for a, b in zip(lp, plain, strict=True))
    is_last = (not first) | (pp == 1)
    # during backward a recomputed layer is rebuilt: in full (full recompute) or its unsaved part (op-SAC)
    working = np.where(rc == FULL, full_layer, np.where(is_op, full_layer - op_layer, 0.0))
    kept_copies, forward_copies = _autocast_copies(model, w, tp, rc, is_op, layers, is_last)
    loss_kept = np.where(is_last, kept_loss, 0.0)
    # with a chunked loss the chunks' 16-bit gradients are still alive when the LM head's matmul backward makes
    # the first weight gradient (full training; Megatron's persistent main_grad already holds it); an unchunked
    # loss has freed its fp32 buffers by then, so its peak is the loss buffers alone (both per the truth harness)
    grad_bytes = param_bytes(precision)  # the unsharded gradient is made in the parameters' compute dtype
    trains_head = not lora and not fw.grads_persist(precision) and w.chunked_loss
    head_grad = model.vocab * model.hidden / tp * grad_bytes if trains_head else 0.0
    act_a = stored + kept_copies + loss_kept + np.where(is_last, bwd_loss + head_grad, 0.0)
    act_b = stored + kept_copies + working
    act_c = working
    act_e = stored + forward_copies + loss_kept + np.where(is_last, fwd_loss, 0.0)
    return act_a, act_b, act_c, act_e


def _autocast_copies(
    model: ModelSpec,
    w: Workload,
    tp: np.ndarray,
    rc: np.ndarray,
    is_op: np.ndarray,
    layers: np.ndarray,
    is_last: np.ndarray | bool,
) -> tuple[np.ndarray | float, np.ndarray | float]:
    """16-bit weight copies autocast makes, (kept into backward, alive at the end of forward).

    torch.autocast caches the cast of every leaf weight that requires grad until the outermost autocast
    context exits (aten/src/ATen/autocast_mode.cpp `cached_cast`), and HF computes the loss inside it; a
    matmul's saved input weight keeps its copy into backward unless the layer is recomputed. Frozen LoRA base
    weights are not cached (not requiring grad) and live only while saved. The harness measures 2 bytes per
    weight, LM head included.
    """
    if w.precision not in AUTOCAST_STYLES:
        return 0.0, 0.0
    per_layer_copy = 2.0 * _layer_params(model) / tp
    head = np.where(is_last, 2.0 * model.vocab * model.hidden / tp, 0.0)
    recomputed = (rc == FULL) | is_op
    kept = np.where(recomputed, per_layer_copy, layers * per_layer_copy) + head
    forward = kept if w.is_lora else layers * per_layer_copy + head
    return kept, forward
