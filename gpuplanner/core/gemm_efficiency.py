"""Kernel times by shape: GEMMs from a fitted microbenchmark model, FlashAttention at its own published rates.

GEMM (M×K by K×N, `e` bytes per element):

    t = t_fixed + ( (F / (peak · mamf))^q + (bytes / (hbm · η))^q )^(1/q),   F = 2·M·N·K, bytes = e·(MK + KN + MN)

a smooth roofline: compute-bound at large shapes (approaching the catalog's MAMF), memory-bound when one dimension
is small (skinny TP shards, micro-batch 1), plus a fixed time per kernel that dominates tiny GEMMs. t_fixed, η and
q were fitted (log-space least squares) on the 122 single-batch bf16 shapes (256–4096 in each dimension) of
OpenXLA's measured H100 (sm_90) GEMM table (openxla/xla `xla/service/gpu/model/matmul_interpolator_data.h`,
mirrored in tensorflow/tensorflow `third_party/xla/...` at commit 372d578b), with mamf fixed at the H100 MAMF
(80.3%, stas00/ml-engineering `compute/accelerator/README.md`): t_fixed = 5.8 µs, η = 0.71, q = 4.0;
leave-one-out error median 4.8%, 90th percentile 13.9%, max 27.8% (docs/estimation_time.md). Other GPUs use
their own peak, MAMF and HBM bandwidth with the same shape constants (an assumption, stated in the doc).

FP8 GEMMs run at the fp8 peak times the fp8 MAMF, which is lower than the bf16 one (stas00 MAMF table FP8:
H100 70.9%, H200 73.4%, GH200 77.6%, B200 76.3%, B300 74.5%, GB200 72.3% of the fp8 peak).

Attention (FlashAttention-2/3, cuDNN) runs at a rate R(s) = R_sat · s / (s + s_half) in the kernels' own FLOP
convention (forward 4·s²·d per head, halved when causal; backward 2.5× forward: Dao-AILab/flash-attention
`benchmarks/benchmark_flash_attention.py` `flops`). R_sat and s_half come from the FlashAttention-3 paper's H100
forward sweeps (Shah et al. 2024, Fig. 5, head dim 128; FA2 and cuDNN columns) and, for the backward, the
FlashAttention-2 paper's ratio of backward to forward utilisation (Dao 2023 §4.1: up to 63% vs 73% of peak).
"""

from __future__ import annotations

import numpy as np

GEMM_FIXED_S = 5.8e-6
GEMM_HBM_EFFICIENCY = 0.71
GEMM_SMOOTH_MAX = 4.0
# fp8 MAMF / bf16 MAMF per architecture family (stas00 tables): Hopper 0.709/0.803, Blackwell 0.763/0.776
FP8_MAMF_RELATIVE = {"hopper": 0.88, "blackwell": 0.98}
FP8_MAMF_RELATIVE_DEFAULT = 0.9

# FlashAttention forward, fraction of the bf16 dense peak at long sequences and the half-rate sequence length,
# causal, head dim 128, H100 SXM (FA3 paper Fig. 5): FA2 191 TFLOP/s at 512 → 335 at 16k; cuDNN 315 → 539;
# FA3 292 → 616. Fitted R·s/(s + s_half) to the 512 and 16k points.
FLASH_RATES = {
    # kernel: (saturated fraction of bf16 peak, s_half tokens)
    "fa2-hopper": (345.0 / 989.0, 413.0),
    "cudnn-hopper": (555.0 / 989.0, 390.0),
    "fa3-hopper": (640.0 / 989.0, 610.0),
}
# Ampere: FlashAttention-2 reaches up to 73% of the A100 peak forward (Dao 2023 abstract and §4.1); same shape
FA2_AMPERE_FRACTION = 0.70
# other GPUs (Ada, Blackwell, AMD, Gaudi): no published sweep read here; 0.75 of their MAMF (the FA2/GEMM ratio
# on A100: 73% vs 87%)
FLASH_OTHER_RELATIVE_TO_MAMF = 0.75
FLASH_S_HALF_DEFAULT = 413.0
FLASH_BACKWARD_RELATIVE = 0.63 / 0.73  # FA2 paper: backward up to 63% of peak, forward up to 73%
FLASH_BACKWARD_FLOPS = 2.5  # × forward FLOPs in the kernels' convention (benchmark_flash_attention.py)
# head dim 64 runs slower than 128 (FA3 Fig. 5: 497 vs 648 at 16k non-causal)
HEAD_DIM_64_RELATIVE = 497.0 / 648.0


def gemm_seconds(
    m: object,
    n: object,
    k: object,
    *,
    peak_flops: float,
    mamf: float,
    hbm_bytes_per_s: float,
    bytes_per_element: float = 2.0,
) -> np.ndarray:
    """Seconds for one M×N×K GEMM (arrays broadcast)."""
    m, n, k = (np.asarray(x, dtype=float) for x in (m, n, k))
    flops = 2.0 * m * n * k
    moved = bytes_per_element * (m * k + k * n + m * n)
    compute = flops / (peak_flops * mamf)
    memory = moved / (hbm_bytes_per_s * GEMM_HBM_EFFICIENCY)
    q = GEMM_SMOOTH_MAX
    return GEMM_FIXED_S + (compute**q + memory**q) ** (1.0 / q)


def fp8_mamf(bf16_mamf: float, architecture: str) -> float:
    arch = architecture.lower()
    family = "blackwell" if ("blackwell" in arch or "gb" in arch[:2]) else ("hopper" if "hopper" in arch else "")
    return bf16_mamf * FP8_MAMF_RELATIVE.get(family, FP8_MAMF_RELATIVE_DEFAULT)


def flash_kernel(architecture: str, fused_kernels: bool) -> str:
    """Which published sweep applies: Megatron/TE use cuDNN fused attention on Hopper, PyTorch SDPA uses FA2."""
    arch = architecture.lower()
    if "hopper" in arch:
        return "cudnn-hopper" if fused_kernels else "fa2-hopper"
    if "ampere" in arch:
        return "fa2-ampere"
    return "other"


def flash_forward_rate(kernel: str, seq_len: object, head_dim: int, *, bf16_peak_flops: float, mamf: float):  # type: ignore[no-untyped-def]
    """Forward FLOP/s of the attention kernel at this sequence length (kernel convention, causal)."""
    s = np.asarray(seq_len, dtype=float)
    if kernel in FLASH_RATES:
        frac, s_half = FLASH_RATES[kernel]
    elif kernel == "fa2-ampere":
        frac, s_half = FA2_AMPERE_FRACTION, FLASH_S_HALF_DEFAULT
    else:
        frac, s_half = FLASH_OTHER_RELATIVE_TO_MAMF * mamf, FLASH_S_HALF_DEFAULT
    rate = bf16_peak_flops * frac * s / (s + s_half)
    return rate * (HEAD_DIM_64_RELATIVE if head_dim <= 64 else 1.0)
