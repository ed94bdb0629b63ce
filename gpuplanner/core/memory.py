"""Per-GPU memory of a training step or an inference server (spec §4.3 `memory.*`).

`total` is the peak of live tensors (what `torch.cuda.max_memory_allocated()` reports). The step is followed
through its phases on each pipeline stage: the end of forward / start of backward (all saved activations, the
loss buffers, gradients that already exist) and the end of backward (every gradient, a recomputed layer).
The peak is the largest of them, and each component is reported at that moment. `overhead` is what
`nvidia-smi` shows on top: CUDA context, NCCL buffers and the caching allocator's fragmentation.

All layout arguments may be numpy arrays: `training_components` evaluates thousands of layouts at once for the
planner, and the scalar API below wraps it. Formulas and sources: docs/estimation.md §2–3.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .framework import TE_RECIPES, fp8_recipe_of, profile
from .memory_inference import inference_parts
from .memory_phases import activation_phases
from .memory_states import param_bytes, state_bytes
from .model import ModelSpec
from .moe_kernels import expert_shards
from .recompute import RECOMPUTE_CODES
from .results import Layout, MemoryBreakdown, MemoryTerm
from .scenario import Workload

GIB = 2**30
# CUDA context with lazy module loading: 0.47–0.92 GiB on A100, torch 2.1 (stas00/ml-engineering,
# training/performance/README.md); we take the middle of that range.
CUDA_CONTEXT_BYTES = 0.7 * GIB
# NCCL communicators and their buffers once torch.distributed is initialised: "expect ~1–2 GiB" (same source).
NCCL_BYTES = 1.0 * GIB
# Caching-allocator fragmentation on the dynamic part (activations, gathered weights): judgement, reference
# estimation.md §2.6 (8%); not fitted to any published case.
FRAGMENTATION = 0.08
# QLoRA NF4 with double quantization: 4 + 0.5 + 0.127 bits per weight (Dettmers et al. 2023, §3).
NF4_BYTES = (4 + 8 / 64 + 32 / (64 * 256)) / 8
PEAK_PHASES = ("loss backward", "backward of the last layer", "end of backward", "optimizer step", "end of forward")
__all__ = ["RECOMPUTE_CODES", "PEAK_PHASES", "Components", "training_components", "memory_for"]


@dataclass(frozen=True)
class Components:
    """Arrays (one value per layout) of the peak and its parts, bytes per GPU, worst pipeline stage."""

    weights: np.ndarray
    gradients: np.ndarray
    optimizer: np.ndarray
    activations: np.ndarray
    overhead: np.ndarray
    stage_first: np.ndarray
    stage_last: np.ndarray
    phase: np.ndarray  # index into PEAK_PHASES
    allocator_slack: np.ndarray  # caching-allocator reserve on top of `total` (in max_memory_reserved)
    unified: np.ndarray  # CUDA unified memory outside the allocator (paged optimizer states)

    @property
    def total(self) -> np.ndarray:
        return self.weights + self.gradients + self.optimizer + self.activations


def _as(x: object) -> np.ndarray:
    return np.asarray(x, dtype=float)


def trainable_params(model: ModelSpec, w: Workload) -> int:
    if w.is_lora:
        return model.lora_params(w.lora_rank, w.lora_targets)
    if w.method == "inference":
        return 0
    return model.params


def _stage_params(
    model: ModelSpec, tp: np.ndarray, pp: np.ndarray, ep: np.ndarray, *, first: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(dense params, expert params, largest gathered set) per GPU on the first or last stage.

    FSDP gathers one block and prefetches the next (two blocks at once), while the embedding or the LM head
    (with the final norm, torchtitan keeps it unsharded through the loss) is gathered on its own: the larger of
    the two is what a ZeRO-3 rank holds unsharded at its peak (truth harness, torchtitan 0.2.2 with 64 ranks)."""
    layers = np.ceil(model.layers / pp)
    frac_moe = model.moe_layers / model.layers
    attn = model.attention_params() + model.layer_norms()
    dense_mlp = model.mlp_params() * (1 - frac_moe)
    moe_shared = frac_moe * (model.shared_experts * model.expert_params() + model.hidden * model.experts)
    experts = frac_moe * model.experts * model.expert_params()
    per_layer_dense = (attn + dense_mlp + moe_shared) / tp
    per_layer_expert = experts / (ep * tp)
    dense = layers * per_layer_dense
    single = pp == 1
    emb = model.embedding_params() / tp
    head = (model.vocab * model.hidden / tp) if not model.tied_embeddings else np.where(single, 0.0, emb)
    if first:
        dense = dense + emb + np.where(single, head + model.hidden, 0.0)
    else:
        dense = dense + head + model.hidden
    unit = np.maximum(2 * (per_layer_dense + per_layer_expert), emb)
    return dense, layers * per_layer_expert, unit


def _foreach_temp(w: Workload) -> float:
    """Bytes per parameter of the temporaries of PyTorch's foreach AdamW (`torch._foreach_sqrt` of the second
    moment for the whole parameter group, torch/optim/adamw.py `_multi_tensor_adamw`); fused kernels have none."""
    if w.optimizer_impl != "foreach" or w.optimizer != "adamw":
        return 0.0
    return 2.0 if w.precision == "bf16-true" else 4.0


def _largest_tensor(model: ModelSpec, tp: np.ndarray) -> np.ndarray:
    """The largest single parameter tensor per GPU (optimizer-in-backward frees each gradient after its step)."""
    biggest = max(model.vocab * model.hidden, model.hidden * model.ffn_hidden, model.hidden * model.q_width)
    return biggest / tp


def training_components(
    model: ModelSpec,
    w: Workload,
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
    sequence_parallel: object = None,
    gpu_count: object = 1,
    seq_len: object = None,
) -> Components:
    """Vectorised training memory. `recompute` holds the codes of core/recompute.py; `seq_len` (an array, one
    value per layout) stands in for `w.seq_len` where the largest sequence length that fits is searched
    (core/memory_limits.py)."""
    tp, pp, cp, ep, dp = _as(tp), _as(pp), _as(cp), _as(ep), _as(dp)
    zero, mb, rc, vpp = _as(zero), _as(micro_batch), _as(recompute), _as(vpp)
    sp = tp > 1 if sequence_parallel is None else np.asarray(sequence_parallel, dtype=bool)
    gpus = _as(gpu_count)
    precision = w.precision
    lora = w.is_lora
    fw = profile(w.framework)
    fp32_params = fw.fp32_params(precision)
    # the gradient's element size is the profile's, the same number the time model accumulates and reduces
    sb = state_bytes(
        precision,
        w.optimizer,
        fp32_params=fp32_params,
        fp8_weight_cache=fp8_recipe_of(w.fp8_recipe, w.framework) in TE_RECIPES,
        grad_bytes=fw.grad_bytes(precision),
    )
    shard = dp * cp
    # the experts' split beyond TP: ep, or ep / tp when EP folds over the TP ranks with whole experts
    # (moe_kernels.expert_shards, Megatron-Core MoE parallel folding)
    eps = expert_shards(tp, dp, cp, ep) if model.is_moe else ep
    # bitsandbytes paged optimizers allocate their states with cudaMallocManaged, outside PyTorch's caching
    # allocator (bitsandbytes/functional.py `get_paged`): they count in `unified`, not in `total`
    paged = 0.0 if w.optimizer_paged else 1.0

    global_batch = w.global_batch
    accum = np.maximum(1.0, (global_batch / (mb * dp)) if global_batch else 1.0)
    stages = {}
    for first in (True, False):
        dense, expert, unit = _stage_params(model, tp, pp, eps, first=first)
        expert_shard = np.maximum(shard / eps, 1.0)
        if lora:
            base_b = param_bytes(precision)  # the frozen base in the style's parameter dtype (fp32 under autocast)
            if w.method == "qlora":
                emb_share = (model.embedding_params() + model.output_params()) / max(model.params, 1)
                base_b = NF4_BYTES * (1 - emb_share) + 2.0 * emb_share
            base = (dense + expert) * base_b
            adapters = trainable_params(model, w) / (tp * pp)
            ab = param_bytes(precision) if precision != "bf16-true" else 2.0
            # FSDP shards the adapters like any other parameter (torchtune/torchtitan fully_shard per layer)
            adapters_here = np.where(zero >= 3, adapters / shard, adapters)
            weights = np.where(zero >= 3, base / shard, base) + adapters_here * ab
            grads = np.where(zero >= 2, adapters / shard, adapters) * sb.grad
            opt_states = np.where(zero >= 1, adapters / shard, adapters) * (sb.master + sb.optimizer * paged)
            unified = np.where(zero >= 1, adapters / shard, adapters) * sb.optimizer * (1.0 - paged)
            if w.method == "qlora":
                # bitsandbytes dequantises one Linear weight to bf16 at a time (Dettmers et al. 2023 §3)
                biggest_linear = max(model.hidden * model.ffn_hidden, model.hidden * model.q_width) / tp
                weights = weights + biggest_linear * 2.0
            gathered = np.where(zero >= 3, unit * base_b, 0.0)
            g_fwd = grads
            opt_temp = adapters * _foreach_temp(w) + np.where(zero >= 1, adapters / shard, adapters) * sb.step_grad_copy
        else:
            p_local = dense + expert
            p_sharded = dense / shard + expert / expert_shard
            weight_b = sb.weight
            weights = np.where(zero >= 3, p_sharded * weight_b, p_local * weight_b)
            # FSDP gathers the 16-bit copy of the current block and prefetches the next one
            gather_b = param_bytes(precision if precision != "fp32" else "fp32")
            gathered = np.where((zero >= 3) | fp32_params, unit * gather_b, 0.0)
            grad_b = sb.grad
            master_b = sb.master
            opt_b = sb.optimizer
            if w.offload in ("optimizer", "full"):
                # ZeRO-Offload keeps fp32 master, moments and fp32 gradients on the CPU; the GPU keeps the 16-bit
                # gradient it reduces (Ren et al. 2021, §4; DeepSpeed memory.rst estimators)
                master_b, opt_b = 0.0, 0.0
                grad_b = min(grad_b, 2.0 if precision != "fp32" else 4.0)
            grads = np.where(zero >= 2, p_sharded * grad_b, p_local * grad_b)
            if fw.unsharded_under_pp:
                # FSDP2 under pipeline parallelism (torchtitan): reshard_after_forward=False and the reduce-scatter
                # deferred to the last micro-batch, so a stage keeps its 16-bit weights unsharded and accumulates
                # unsharded fp32 gradients (torch/distributed/pipelining/stage.py; _fsdp_param.py
                # `to_accumulated_grad_if_needed`)
                held = (pp > 1) & (zero >= 3)
                weights = weights + np.where(held, p_local * gather_b, 0.0)
                gathered = np.where(held, 0.0, gathered)
                grads = np.where(held, p_local * 4.0, grads)
            if w.optimizer_in_backward:
                grads = _largest_tensor(model, tp) * grad_b
            sharded_states = np.where(zero >= 1, p_sharded, p_local)
            optim = sharded_states * (master_b + opt_b * paged) + p_local * sb.fp8_cache
            unified = sharded_states * opt_b * (1.0 - paged)
            if w.optimizer == "adafactor" and w.offload == "none":
                factored = 4.0 * model.lora_params(1, ("q", "k", "v", "o", "gate", "up", "down")) / (tp * pp)
                optim = optim + np.where(zero >= 1, factored / shard, factored)
            if w.offload == "full":
                weights = np.where(zero >= 3, 0.0, weights)
            opt_states = optim
            # the optimizer's temporaries: foreach AdamW's, and the fp32 copy of a 16-bit gradient shard that the
            # fp32 master is stepped with (memory_states.py `step_grad_copy`); offloaded optimizers step on the CPU
            opt_temp = sharded_states * (_foreach_temp(w) + sb.step_grad_copy) * (w.offload == "none")
            # gradients exist during forward when buffers are persistent (Megatron main_grad) or when earlier
            # micro-batches of the step have accumulated them; `zero_grad(set_to_none=True)` frees them otherwise
            persistent = fw.grads_persist(precision)
            g_fwd = np.where(persistent | (accum > 1) | (pp > 1), grads, 0.0)
            if w.optimizer_in_backward:
                g_fwd = 0.0 * grads

        act_parts = activation_phases(model, w, fw, tp, pp, cp, mb, rc, vpp, sp, accum, first=first, seq_len=seq_len)
        act_a, act_b, act_c, act_e = act_parts
        if model.tied_embeddings and not lora and first:
            # tied embeddings: the embedding backward builds a dense V×h gradient and adds it to the LM head's,
            # so one more gradient-sized V×h tensor exists at the end of backward (torch embedding_dense_backward)
            act_c = act_c + model.vocab * model.hidden / tp * sb.grad
        if fp32_params and not lora:
            # FSDP2 with reduce_dtype=fp32: after the last unit's backward its gathered parameters are resharded,
            # while its unsharded 16-bit gradient and the fp32 copy that is reduce-scattered exist together
            # (torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py `foreach_reduce`; truth harness,
            # torchtitan 0.2.2)
            act_c = act_c + np.where(zero >= 3, unit * (param_bytes(precision) + 4.0) - gathered, 0.0)
        states_fwd = weights + opt_states + g_fwd + gathered
        states_all = weights + opt_states + grads + gathered
        totals = np.stack(
            np.broadcast_arrays(
                states_fwd + act_a,
                states_fwd + act_b,
                states_all + act_c,
                states_all + opt_temp,
                states_fwd + act_e,
            )
        )
        phase = np.argmax(totals, axis=0)
        activ = np.choose(phase, np.broadcast_arrays(act_a, act_b, act_c, 0.0 * act_c, act_e))
        in_forward = (phase <= 1) | (phase == 4)
        grad_now = np.where(in_forward, g_fwd, grads) * np.ones_like(weights)
        opt_now = opt_states + np.where(phase == 3, opt_temp, 0.0)
        stages[first] = (
            weights + gathered,
            grad_now,
            opt_now * np.ones_like(weights),
            activ,
            np.max(totals, axis=0),
            gathered,
            phase * np.ones_like(weights),
            unified * np.ones_like(weights),
        )
    f, last = stages[True], stages[False]
    worst_first = f[4] >= last[4]
    pick = [np.where(worst_first, a, b) for a, b in zip(f, last, strict=True)]
    weights, grads, opt, activ, _, gathered, phase, unified = pick
    dynamic = FRAGMENTATION * (activ + gathered)
    overhead = CUDA_CONTEXT_BYTES + np.where(gpus > 1, NCCL_BYTES, 0.0) + dynamic
    return Components(
        weights=weights,
        gradients=grads,
        optimizer=opt,
        activations=activ,
        overhead=overhead,
        stage_first=f[4],
        stage_last=last[4],
        phase=phase.astype(int),
        allocator_slack=dynamic,
        unified=unified,
    )


def _breakdown_training(
    model: ModelSpec, w: Workload, layout: Layout, capacity: float, gpu_count: int
) -> MemoryBreakdown:
    c = training_components(
        model,
        w,
        **layout.arguments(),
        sequence_parallel=layout.sequence_parallel,
        gpu_count=gpu_count,
    )
    return _breakdown_of(model, w, layout, capacity, c, ())


def training_breakdowns(
    model: ModelSpec, w: Workload, layouts: list[Layout], gpu_counts: list[int], capacity: float = 0.0
) -> list[MemoryBreakdown]:
    """`memory_for(..., solve_limits=False)` of a training workload for many (layout, GPU count) pairs in one
    vectorised call (a Plan's sweep rows): the same elementwise arithmetic, so the same numbers bit for bit."""
    if not layouts:
        return []
    rows = [lay.arguments() for lay in layouts]
    args = {k: np.array([r[k] for r in rows], dtype=float) for k in rows[0]}
    c = training_components(
        model,
        w,
        **args,
        sequence_parallel=np.array([lay.sequence_parallel for lay in layouts], dtype=bool),
        gpu_count=np.array(gpu_counts, dtype=float),
    )
    return [_breakdown_of(model, w, lay, capacity, c, (i,)) for i, lay in enumerate(layouts)]


def _breakdown_of(
    model: ModelSpec, w: Workload, layout: Layout, capacity: float, c: Components, i: tuple[int, ...]
) -> MemoryBreakdown:
    """The breakdown of layout `c[i]` (`i` = (): scalar components)."""
    first = float(c.stage_first[i])
    stages = (first, float(c.stage_last[i])) if layout.pp > 1 else (first,)
    worst = int(np.argmax(stages)) * (layout.pp - 1)
    return MemoryBreakdown(
        weights=float(c.weights[i]),
        gradients=float(c.gradients[i]),
        optimizer=float(c.optimizer[i]),
        activations=float(c.activations[i]),
        kv_cache=0.0,
        overhead=float(c.overhead[i]),
        capacity=capacity,
        stage=worst,
        stages=stages,
        terms=_terms(model, w, layout),
        peak_phase=PEAK_PHASES[int(c.phase[i])],
        allocator_slack=float(c.allocator_slack[i]),
        unified=float(c.unified[i]) if w.optimizer_paged else None,
    )


def _terms(model: ModelSpec, w: Workload, layout: Layout) -> tuple[MemoryTerm, ...]:
    fw = profile(w.framework)
    sb = state_bytes(
        w.precision,
        w.optimizer,
        fp32_params=fw.fp32_params(w.precision),
        fp8_weight_cache=fp8_recipe_of(w.fp8_recipe, w.framework) in TE_RECIPES,
        grad_bytes=fw.grad_bytes(w.precision),
    )
    shard = layout.shard_degree
    return (
        MemoryTerm(
            "weights",
            sb.weight,
            f"{sb.weight:g} B/param × params on this GPU"
            + (f" / (dp·cp = {shard}) + gathered layers" if layout.zero >= 3 else ""),
        ),
        MemoryTerm("gradients", sb.grad, f"{sb.grad:g} B/param" + (f" / {shard}" if layout.zero >= 2 else "")),
        MemoryTerm(
            "optimizer",
            sb.master + sb.optimizer,
            f"{sb.master + sb.optimizer:g} B/param" + (f" / {shard}" if layout.zero >= 1 else ""),
        ),
        MemoryTerm(
            "activations",
            0.0,
            f"per layer × {math_layers(model, layout)} layers × in-flight micro-batches"
            f" (recompute {layout.recompute}) + logits/loss",
        ),
        MemoryTerm(
            "overhead",
            0.0,
            f"CUDA context {CUDA_CONTEXT_BYTES / GIB:.1f} GiB + NCCL "
            f"{NCCL_BYTES / GIB:.1f} GiB (more than one GPU) + {FRAGMENTATION:.0%} fragmentation",
        ),
    )


def math_layers(model: ModelSpec, layout: Layout) -> int:
    return -(-model.layers // layout.pp)


def memory_for(
    model: ModelSpec, w: Workload, layout: Layout, capacity: float, gpu_count: int, *, solve_limits: bool = True
) -> MemoryBreakdown:
    """The breakdown for one layout, with the largest micro-batch and sequence length that still fit."""
    if w.method == "inference":
        weights, kv, workspace = inference_parts(model, w, layout.tp, layout.pp)
        overhead = CUDA_CONTEXT_BYTES + (NCCL_BYTES if gpu_count > 1 else 0.0) + FRAGMENTATION * workspace
        br = MemoryBreakdown(
            weights=weights,
            gradients=0.0,
            optimizer=0.0,
            activations=workspace,
            kv_cache=kv,
            overhead=overhead,
            capacity=capacity,
            allocator_slack=FRAGMENTATION * workspace,
        )
    else:
        br = _breakdown_training(model, w, layout, capacity, gpu_count)
    if not solve_limits:
        return br
    from dataclasses import replace

    return replace(
        br,
        max_micro_batch=max_micro_batch(model, w, layout, capacity, gpu_count),
        max_seq_len=max_seq_len(model, w, layout, capacity, gpu_count),
    )


def _fits(model: ModelSpec, w: Workload, layout: Layout, capacity: float, gpu_count: int) -> bool:
    return memory_for(model, w, layout, capacity, gpu_count, solve_limits=False).fits


def _largest(ok: object, lo: int, hi: int) -> int | None:
    """Largest n in [lo, hi] with ok(n) true, for ok monotone (true then false): bisection, O(log hi)."""
    from collections.abc import Callable

    test: Callable[[int], bool] = ok  # type: ignore[assignment]
    if not test(lo):
        return None
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if test(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def max_micro_batch(model: ModelSpec, w: Workload, layout: Layout, capacity: float, gpu_count: int) -> int | None:
    """Largest micro-batch (inference: concurrent sequences) that fits; memory grows monotonically with it."""
    from dataclasses import replace

    if w.method == "inference":
        return _largest(lambda b: _fits(model, replace(w, batch=b), layout, capacity, gpu_count), 1, 1 << 16)
    w_free = replace(w, global_batch=None)
    return _largest(lambda b: _fits(model, w_free, replace(layout, micro_batch=b), capacity, gpu_count), 1, 1 << 14)


def max_seq_len(model: ModelSpec, w: Workload, layout: Layout, capacity: float, gpu_count: int) -> int | None:
    """Largest sequence length (a multiple of cp) that fits."""
    from dataclasses import replace

    step = layout.cp
    best = _largest(
        lambda k: _fits(model, replace(w, seq_len=k * step), layout, capacity, gpu_count), 1, (1 << 23) // step
    )
    return None if best is None else best * step
