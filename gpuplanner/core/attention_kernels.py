"""FlashAttention at its own published rates, by kernel, sequence length and head dimension (issue 22).

Attention is not a GEMM: its achieved rate depends on the sequence length (short sequences leave the kernel's
tiles and pipeline half empty) and on the head dimension, and it runs in 16 bits in every fp8 recipe
(Transformer Engine keeps dot-product attention in bf16 unless NVTE_FP8_DPA is set; torchao converts only
nn.Linear). Forward rate, in the kernels' own FLOP convention (forward 4·s²·d per head, halved when causal;
Dao-AILab/flash-attention `benchmarks/benchmark_flash_attention.py` `flops`):

    R_fwd(s) = P16 · mamf · (f_sat / mamf_ref) · s / (s + s_half)

with f_sat and s_half read off the FlashAttention-3 paper's H100 SXM forward sweeps (Shah et al. 2024, Fig. 5,
causal, head dim 128: FA2 191 TFLOP/s at s = 512 and 335 at 16k; cuDNN 315 → 539; FA3 292 → 616) by solving the
two-parameter curve through the 512 and 16k points. The rate is stated relative to the MAMF of the GPU it was
measured on (mamf_ref, H100 0.803, stas00/ml-engineering `compute/accelerator/README.md`) so that the
calibration's efficiency factor, which scales the GPU's MAMF, scales attention too. Ampere: FlashAttention-2
reaches 73% of the A100 peak forward at long sequences (Dao 2023, abstract and Fig. 4, head dim 128) with the same
shape. Blackwell with Transformer Engine (which prefers cuDNN FusedAttention on sm ≥ 9.0: TE
`dot_product_attention/utils.py` `get_attention_backend`, "give FusedAttention preference on Hopper+"): NVIDIA's
own cuDNN sweep on a B200 (NVIDIA/cudnn-frontend `benchmark/sdpa_benchmark_training/artifacts/
sdpa_bf16_benchmark_results_NVIDIA_B200.csv` at bb37575, cuDNN 9.10.2, causal, head dim 128, 128 query / 8 K/V
heads, batch 1): forward 856 TFLOP/s at 4k and 1,332 at 16k, the curve's two points (the sweep's short points
are launch-bound at batch 1: 84 TFLOP/s at 512; the curve gives 1,124 at 8k and 1,468 at 32k against 1,171 and
1,419 measured), and its backward at 0.81 of the forward (701/856 at 4k, 1,075/1,332 at 16k), below the 63/73
of Ampere/Hopper. Other architectures: 0.75 of their MAMF (the FA2-to-GEMM ratio on A100, 73% vs 87%) with the
FA2 shape.

Backward: 2.5× the forward FLOPs (five matmuls against two, same benchmark script) at 63/73 of the forward rate
(Dao 2023 §4.1: backward up to 63% of peak, forward up to 73%). Head dim 64 runs slower than 128 (FA3 paper
Fig. 5, non-causal, 16k: FA2 324 vs 370, cuDNN 413 vs 595, FA3 497 vs 648).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

H100_MAMF = 0.803
H100_BF16_PEAK_TFLOPS = 989.4
A100_MAMF = 0.869
B200_MAMF = 0.776  # stas00/ml-engineering MAMF table, BF16 (catalog gpus.csv)
B200_BF16_PEAK_TFLOPS = 2250.0
BACKWARD_FLOPS_RELATIVE = 2.5
BACKWARD_RATE_RELATIVE = 0.63 / 0.73


@dataclass(frozen=True)
class FlashCurve:
    saturated_fraction_of_mamf: float  # f_sat / mamf_ref
    half_rate_seq_len: float  # s_half, tokens
    head_dim_64_relative: float
    backward_rate_relative: float = BACKWARD_RATE_RELATIVE  # backward FLOP/s over forward FLOP/s


def _through(
    r512_tflops: float,
    r16k_tflops: float,
    peak_tflops: float,
    mamf: float,
    hd64: float,
    *,
    points: tuple[float, float] = (512.0, 16384.0),
    backward: float = BACKWARD_RATE_RELATIVE,
) -> FlashCurve:
    """R·s/(s + s_half) through the two published points (s = 512 and 16384 unless `points` says otherwise)."""
    s1, s2 = points
    ratio = r16k_tflops / r512_tflops  # = (s2/(s2 + h)) / (s1/(s1 + h))
    s_half = s1 * s2 * (ratio - 1.0) / (s2 - s1 * ratio)
    r_sat = r16k_tflops * (s2 + s_half) / s2
    return FlashCurve(r_sat / peak_tflops / mamf, s_half, hd64, backward)


FLASH_CURVES = {
    "fa2-hopper": _through(191.0, 335.0, H100_BF16_PEAK_TFLOPS, H100_MAMF, 324.0 / 370.0),
    "cudnn-hopper": _through(315.0, 539.0, H100_BF16_PEAK_TFLOPS, H100_MAMF, 413.0 / 595.0),
    "fa3-hopper": _through(292.0, 616.0, H100_BF16_PEAK_TFLOPS, H100_MAMF, 497.0 / 648.0),
}
_FA2_SHAPE = FLASH_CURVES["fa2-hopper"]
FLASH_CURVES["cudnn-blackwell"] = _through(
    856.0,
    1332.0,
    B200_BF16_PEAK_TFLOPS,
    B200_MAMF,
    _FA2_SHAPE.head_dim_64_relative,  # no head-dim-64 sweep on Blackwell read: FA2's ratio (stated assumption)
    points=(4096.0, 16384.0),
    backward=(701.0 / 856.0 + 1075.0 / 1332.0) / 2.0,
)
FLASH_CURVES["fa2-ampere"] = FlashCurve(0.73 / A100_MAMF, _FA2_SHAPE.half_rate_seq_len, _FA2_SHAPE.head_dim_64_relative)
FLASH_CURVES["other"] = FlashCurve(0.75, _FA2_SHAPE.half_rate_seq_len, _FA2_SHAPE.head_dim_64_relative)


def flash_kernel(architecture: str, fused_kernels: bool) -> str:
    """The published sweep that applies: Megatron-Core with Transformer Engine runs cuDNN fused attention on
    Hopper (TE `DotProductAttention` backend order), PyTorch SDPA's flash backend is FlashAttention-2."""
    arch = architecture.lower()
    if "hopper" in arch:
        return "cudnn-hopper" if fused_kernels else "fa2-hopper"
    if "blackwell" in arch and fused_kernels:
        return "cudnn-blackwell"
    if "ampere" in arch:
        return "fa2-ampere"
    return "other"


def flash_forward_flops_per_s(
    kernel: str, seq_len: object, head_dim: int, *, peak16_flops: float, gemm_efficiency: float
) -> np.ndarray:
    """Forward FLOP/s of the kernel at this (per-rank) sequence length, in the kernels' FLOP convention."""
    c = FLASH_CURVES[kernel]
    s = np.asarray(seq_len, dtype=float)
    rate = peak16_flops * gemm_efficiency * c.saturated_fraction_of_mamf * s / (s + c.half_rate_seq_len)
    return rate * (c.head_dim_64_relative if head_dim <= 64 else 1.0)


def flash_seconds(
    causal_forward_flops: object,
    *,
    kernel: str,
    seq_len: object,
    head_dim: int,
    peak16_flops: float,
    gemm_efficiency: float,
    recomputed_share: object,
) -> np.ndarray:
    """Seconds of forward + backward (+ the recomputed share of the forward) for `causal_forward_flops` of
    attention forward work, counted with the causal mask (half the full score matrix)."""
    fwd, bwd = flash_pass_seconds(
        causal_forward_flops,
        kernel=kernel,
        seq_len=seq_len,
        head_dim=head_dim,
        peak16_flops=peak16_flops,
        gemm_efficiency=gemm_efficiency,
    )
    return fwd * (1.0 + np.asarray(recomputed_share, dtype=float)) + bwd


def flash_pass_seconds(
    causal_forward_flops: object,
    *,
    kernel: str,
    seq_len: object,
    head_dim: int,
    peak16_flops: float,
    gemm_efficiency: float,
) -> tuple[np.ndarray, np.ndarray]:
    """(one forward pass, the backward pass) in seconds for `causal_forward_flops` of forward work."""
    r_fwd = flash_forward_flops_per_s(
        kernel, seq_len, head_dim, peak16_flops=peak16_flops, gemm_efficiency=gemm_efficiency
    )
    f = np.asarray(causal_forward_flops, dtype=float)
    backward = FLASH_CURVES[kernel].backward_rate_relative
    return f / r_fwd, BACKWARD_FLOPS_RELATIVE * f / (r_fwd * backward)


# Context-parallel ring attention outside the kernels: merging the per-step partial outputs, accumulating the
# gradients and packing the K/V buffers are memory-bound passes that grow with the ring's cp − 1 steps.
# PyTorch's ring attention (torch/distributed/tensor/experimental/_attention.py, `_templated_ring_attention`,
# `_SDPAMerger`, `_templated_ring_attention_backward`, `_cp_options.convert_to_f32 = True`), per element of the
# rank's output (q side) and of its K/V (kv side), bytes read + written:
# - forward, each of the cp − 1 later steps: the block output cast to fp32 (2 + 4), the merge
#   `out − sigmoid(lse_b − lse)·(out − out_b)` in three eager ops (12 + 8 + 12), and on the steps that use only
#   the second half of the queries a `torch.cat` rebuild of the whole fp32 output (8) at half the merge: on
#   average 32.5; once per call the first block's cast (6) and the final cast to bf16 (6); the K/V packed into one
#   send buffer each step (`torch.cat`, 2 + 2 for K and for V = 8 per kv element);
# - backward, each later step: dq accumulated in fp32 (`+=`, 4 + 2 + 4 = 10, plus 2 for the half-query rebuild
#   on average), dk and dv accumulated (10 each) and packed into the fp32 all-to-all buffer (8 each), the K/V send
#   buffer again (8): 12 per q element, 44 per kv element; once: the fp32 zeros and final casts (6 + 12).
# Transformer Engine's ring (transformer_engine/pytorch/attention context_parallel.py,
# `AttnFuncWithCPAndKVP2P`) corrects the output and accumulates dq/dkv in fused fp32 kernels: one fp32 read +
# write of the output per step forward (8), of dq per step backward (8 + 2) and of dk, dv (10 each).
RING_BYTES = {
    # (fwd per q elem per step, fwd per kv elem per step, fwd per q elem once,
    #  bwd per q elem per step, bwd per kv elem per step, bwd per q elem once, bwd per kv elem once)
    "eager": (32.5, 8.0, 12.0, 12.0, 44.0, 6.0, 12.0),
    "fused": (8.0, 0.0, 0.0, 10.0, 20.0, 0.0, 0.0),
}


def ring_merge_bytes(
    q_elements: object, kv_elements: object, cp: object, *, fused: bool, recomputed_share: object
) -> np.ndarray:
    """Bytes of the ring's merge/accumulate/pack passes per layer per micro-batch on one rank (zero at cp = 1).
    `q_elements`, `kv_elements`: the rank's output and K/V elements (tokens/cp × width per TP rank)."""
    fq, fkv, fq1, bq, bkv, bq1, bkv1 = RING_BYTES["fused" if fused else "eager"]
    c = np.asarray(cp, dtype=float)
    steps = c - 1.0
    q, kv = np.asarray(q_elements, dtype=float), np.asarray(kv_elements, dtype=float)
    fwd = q * (fq * steps + fq1) + kv * fkv * steps
    bwd = q * (bq * steps + bq1) + kv * (bkv * steps + bkv1)
    total = fwd * (1.0 + np.asarray(recomputed_share, dtype=float)) + bwd
    return np.where(c > 1, total, 0.0)
