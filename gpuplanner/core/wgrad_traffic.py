"""The weight-gradient GEMM's `main_grad` traffic of Megatron/TE (`gradient_accumulation_fusion`).

With `gradient_accumulation_fusion` (on by default in Megatron-LM's training arguments,
`--no-gradient-accumulation-fusion` turns it off; Megatron-Bridge
enables it where the kernel is installed, `fusions.can_enable_gradient_accumulation_fusion`) the weight-gradient
GEMM writes straight into the fp32 `main_grad`: Megatron-LM `megatron/core/tensor_parallel/layers.py`
(`LinearWithGradAccumulationAndAsyncCommunication.backward`: `fused_weight_gradient_mlp_cuda.wgrad_gemm_accum_fp32
(total_input, grad_output, weight.main_grad)`, NVIDIA/Megatron-LM d98e8a64dd), Transformer Engine
`transformer_engine/pytorch/module/linear.py` (`wgrad_gemm_kwargs`: `out=main_grad`, `out_dtype=main_grad.dtype`,
`accumulate = fuse_wgrad_accumulation and not is_first_microbatch`, NVIDIA/TransformerEngine d0067d0da). So the
epilogue stores 4 bytes per weight on the first micro-batch of a step and reads + writes 8 on every later one
(cuBLAS reads C when beta = 1): 8 bytes per local weight per micro-batch, at HBM speed (the first micro-batch's
4 fewer, once a step, are left out); a 16-bit main_grad (the Megatron-Bridge recipes' `grad_reduce_in_fp32 =
False`, FrameworkProfile.grad_bytes) moves half. That an epilogue's store is not hidden by the main loop is measured
(OpenXLA's H100 cuBLAS table, docs/estimation_time.md round 5). The unfused
path (Megatron-LM of 2021: bf16 `.grad` then `main_grad.add_`) moves at least as much (2 + 4 + 4 + 2 bytes), so the
term is a lower bound for the 2021/2022 A100 runs of the `generic` profile too. LoRA's frozen base has no wgrad.

A per-shape GEMM model (tile and wave quantization, the epilogue's output store) was measured and rejected by
the acceptance rule; it is recorded with its numbers in docs/estimation_time.md (code in commit 9a7f35a).
"""

from __future__ import annotations

import numpy as np

MAIN_GRAD_BYTES = 4.0  # fp32 main_grad element; the wgrad epilogue reads and writes it


def wgrad_accumulation_seconds(
    weights: object, hbm_bytes_per_s: float, main_grad_bytes: float = MAIN_GRAD_BYTES
) -> np.ndarray:
    """Seconds per micro-batch of the fused wgrad epilogue's main_grad traffic (read + write): `weights` local
    weights whose gradients this GPU computes, achievable HBM bytes/s; `main_grad_bytes` 4 (fp32, master-weight
    styles) or 2 (pure 16-bit training). The first micro-batch of a step only writes (4 bytes fewer per weight once
    a step, ≤ 1/(2m) of the term): left out, so that every micro-batch of a step costs the same (the bubble and
    data-parallel scaling stay exact)."""
    return np.asarray(weights, dtype=float) * 2.0 * main_grad_bytes / hbm_bytes_per_s
