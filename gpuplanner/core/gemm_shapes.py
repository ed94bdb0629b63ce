"""GEMM time beyond the large-shape rate: the fp32 weight-gradient accumulation of Megatron/TE (applied), and
a per-shape GEMM model (tile/wave quantization and the output write; measured and rejected, not applied).

**Applied — fp32 main_grad accumulation in the wgrad GEMM's epilogue.** With `gradient_accumulation_fusion` (on by
default in Megatron-LM's training arguments, `--no-gradient-accumulation-fusion` turns it off; Megatron-Bridge
enables it where the kernel is installed, `fusions.can_enable_gradient_accumulation_fusion`) the weight-gradient
GEMM writes straight into the fp32 `main_grad`: Megatron-LM `megatron/core/tensor_parallel/layers.py`
(`LinearWithGradAccumulationAndAsyncCommunication.backward`: `fused_weight_gradient_mlp_cuda.wgrad_gemm_accum_fp32
(total_input, grad_output, weight.main_grad)`, NVIDIA/Megatron-LM d98e8a64dd), Transformer Engine
`transformer_engine/pytorch/module/linear.py` (`wgrad_gemm_kwargs`: `out=main_grad`, `out_dtype=main_grad.dtype`,
`accumulate = fuse_wgrad_accumulation and not is_first_microbatch`, NVIDIA/TransformerEngine d0067d0da). So the
epilogue stores 4 bytes per weight on the first micro-batch of a step and reads + writes 8 on every later one
(cuBLAS reads C when beta = 1): 8 bytes per local weight per micro-batch, at HBM speed (the first micro-batch's
4 fewer, once a step, are left out). Before, the
`fused` weight style moved nothing (throughput.WEIGHT_BYTES_PER_MICRO_BATCH), as if fusion made the traffic free.
That an epilogue's store is not hidden by the main loop is measured (below: OpenXLA's H100 table). The unfused
path (Megatron-LM of 2021: bf16 `.grad` then `main_grad.add_`) moves at least as much (2 + 4 + 4 + 2 bytes), so the
term is a lower bound for the 2021/2022 A100 runs of the `generic` profile too. LoRA's frozen base has no wgrad.

**Not applied — GEMM efficiency by shape** (rejected by the acceptance rule, docs/estimation_time.md). One
M×N×K GEMM (output M×N, reduction over K) on one GPU:

    t = max( 2·M·N·K / MAMF,  2·M·N·K / (R∞ · η_wave(M, N)) + b_out · M·N / (HBM · HBM_EFFICIENCY) )
* **Main loop at R∞ with wave quantization** (NVIDIA, "Matrix Multiplication Background User's Guide",
  docs.nvidia.com/deeplearning/performance/dl-performance-matrix-multiplication, §"Dimension Quantization
  Effects"): the output is cut into tiles of 128×128 (the smallest tile of CUTLASS's SM90/SM100 bf16 defaults,
  the `TileShape = Shape<_128,_128,_64>` of CUTLASS's SM90 warp-specialized GEMM examples; cuBLAS's heuristics
  also pick 128×256 and 256×128), one thread block per tile per SM; `tiles = ⌈M/128⌉·⌈N/128⌉` run in
  `waves = ⌈tiles/SMs⌉`, so the SMs do useful work `η = M·N / (waves · SMs · 128²)` of the time (tile and wave
  quantization together). With the thousands of tokens of a training micro-batch there are many waves and
  η ≈ 1 − 1/(2·waves); η matters for narrow TP shards, weight gradients of small weights and small models.
* **Epilogue not hidden by the main loop**: each tile's output is stored after its K loop, so writing the M×N
  output (`b_out` bytes per element: 2 for 16-bit outputs, also of fp8 GEMMs, which write bf16; 8 for a weight
  gradient accumulated into fp32 in place, Megatron's `gradient_accumulation_fusion`, read 4 + write 4) adds
  its HBM time. Measured: OpenXLA's H100 (sm_90) cuBLAS table (openxla/xla
  `xla/service/gpu/model/matmul_interpolator_data.h`, tensorflow/tensorflow 372d578b), M = N = 4096 bf16:
  K = 256 / 512 / 1024 / 2048 / 4096 take 21.9 / 31.6 / 50.7 / 93.0 / 175.4 µs — linear in K (9.6–10.6 µs per
  256) with a 12 µs intercept, the 33.5 MB output at 3.35 TB/s being 10 µs. So a narrow K (out-proj and fc2
  under TP, the input gradients of QKV and fc1) runs far below the MAMF: 4096×4096×512 at 543 TFLOP/s.
* **R∞**: the catalog's MAMF is the best shape of a sweep and includes its own epilogue; R∞ is the main-loop rate
  that gives back the MAMF at the sweep's best shape (stas00/ml-engineering `compute/accelerator/README.md`:
  A100 SXM 6912×16384×2048, H100 SXM 6144×17920×2816; other GPUs take the H100's K, a stated assumption):
  `1/R∞ = 1/MAMF − 2 / (2·K_best · HBM · HBM_EFFICIENCY)` (bf16 output, η = 1 there). The MAMF caps every shape
  (it is the best of the sweep; large GEMMs are power-limited, thonking.ai 2024).

Not modelled: split-K / stream-K for a single partial wave (the XLA table shows none at 4096×256×4096: 376 TFLOP/s,
half the SMs idle as 64 tiles of 128×128 on 132 SMs predict), kernel launch (the fixed-cost piece of 7e04bf2 was
rejected). Checked against 19 single-batch bf16 points of the XLA H100 table (tests/core/test_gemm_shapes.py):
within 3% at M = N = 4096 for K = 256–4096, too fast at small shapes (1024³: 372 against 236 TFLOP/s; launch and
pipeline fill, not modelled). Everything is vectorised over layouts (numpy arrays broadcast).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

TILE_ELEMENTS = 128  # side of the output tile (CUTLASS SM90/SM100 default 128×128×64)
# Streaming fraction of the HBM bandwidth, as throughput.HBM_EFFICIENCY (STREAM-like copies reach 80–90%)
HBM_EFFICIENCY = 0.8
OUTPUT_BYTES = 2.0  # 16-bit output, also of fp8 GEMMs (TE and torchao write bf16)
FUSED_WGRAD_BYTES = 8.0  # fp32 main_grad read + write (Megatron gradient_accumulation_fusion, beta = 1)
MAIN_GRAD_BYTES = 4.0  # fp32 main_grad element; the wgrad epilogue reads and writes it (FUSED_WGRAD_BYTES)
# K of the MAMF sweep's best shape (stas00/ml-engineering compute/accelerator/README.md MAMF table)
MAMF_BEST_K = {"ampere": 2048.0, "hopper": 2816.0}
MAMF_BEST_K_DEFAULT = 2816.0
# SMs per GPU by family (NVIDIA datasheets / architecture whitepapers: A100 108, H100 SXM and H200 132, B200 148,
# B300 160); a count written in the catalog's architecture string ("114 SMs") wins. Unknown: no wave term.
SM_COUNTS = (("blackwell ultra", 160), ("blackwell (gb202", 170), ("blackwell", 148), ("hopper", 132), ("ga100", 108))


def sm_count(architecture: str) -> int:
    """SMs of the GPU, 0 where not known (AMD, Gaudi, TPU, consumer parts without a count in the catalog)."""
    arch = architecture.lower()
    written = re.search(r"(\d+)\s*sms", arch)
    if written:
        return int(written.group(1))
    return next((n for key, n in SM_COUNTS if key in arch), 0)


def _family(architecture: str) -> str:
    arch = architecture.lower()
    return "ampere" if "ga100" in arch else ("hopper" if "hopper" in arch else "")


def wave_efficiency(m: object, n: object, sms: int) -> np.ndarray:
    """Useful share of the SMs' time for an M×N output in 128×128 tiles (tile and wave quantization)."""
    m, n = (np.asarray(x, dtype=float) for x in (m, n))
    if sms <= 0:
        return np.ones(np.broadcast(m, n).shape)
    tiles = np.ceil(m / TILE_ELEMENTS) * np.ceil(n / TILE_ELEMENTS)
    waves = np.ceil(tiles / sms)
    return m * n / (waves * sms * TILE_ELEMENTS**2)


@dataclass(frozen=True)
class GemmDevice:
    """Rates of one GPU for one GEMM dtype."""

    mainloop_flops: float  # R∞
    ceiling_flops: float  # the MAMF: no shape runs faster (the sweep's best)
    hbm_bytes_per_s: float  # achievable streaming rate
    sms: int


def gemm_device(mamf_flops: float, hbm_bytes_per_s: float, architecture: str) -> GemmDevice:
    """R∞ from the MAMF (the large-shape ceiling) less its own epilogue at the sweep's best K."""
    bw = hbm_bytes_per_s * HBM_EFFICIENCY
    k_best = MAMF_BEST_K.get(_family(architecture), MAMF_BEST_K_DEFAULT)
    inverse = 1.0 / mamf_flops - OUTPUT_BYTES / (2.0 * k_best * bw)
    return GemmDevice(1.0 / inverse, mamf_flops, bw, sm_count(architecture))


def gemm_seconds(m: object, n: object, k: object, dev: GemmDevice, out_bytes: float = OUTPUT_BYTES) -> np.ndarray:
    """Seconds of one M×N×K GEMM (output M×N, reduction K)."""
    m, n, k = (np.asarray(x, dtype=float) for x in (m, n, k))
    flops = 2.0 * m * n * k
    main = flops / (dev.mainloop_flops * wave_efficiency(m, n, dev.sms))
    return np.maximum(flops / dev.ceiling_flops, main + out_bytes * m * n / dev.hbm_bytes_per_s)


def linear_seconds(
    tokens: object, n_out: object, k_in: object, dev: GemmDevice, *, weight_grad: bool, fused_wgrad: bool
) -> tuple[np.ndarray, np.ndarray]:
    """(seconds, FLOPs) of one linear Y = X·W (X tokens×K, W K×N): forward T×N×K, input gradient T×K×N and,
    when trained, weight gradient K×N×T (Narayanan et al. 2021 §3.2: backward = 2× forward)."""
    t = gemm_seconds(tokens, n_out, k_in, dev) + gemm_seconds(tokens, k_in, n_out, dev)
    flops = 4.0 * np.asarray(tokens, dtype=float) * np.asarray(n_out, dtype=float) * np.asarray(k_in, dtype=float)
    if weight_grad:
        t = t + gemm_seconds(k_in, n_out, tokens, dev, FUSED_WGRAD_BYTES if fused_wgrad else OUTPUT_BYTES)
        flops = flops * 1.5
    return t, flops


def shape_rate(
    linears: list[tuple[object, object]],
    tokens: object,
    dev: GemmDevice,
    *,
    weight_grad: bool,
    fused_wgrad: bool,
) -> np.ndarray:
    """Effective FLOP/s of a set of linears (N_out, K_in per GPU) over forward and backward: the FLOP count
    stays throughput.py's; only the rate at which it runs depends on the shapes."""
    seconds: np.ndarray | float = 0.0
    flops: np.ndarray | float = 0.0
    for n_out, k_in in linears:
        t, f = linear_seconds(tokens, n_out, k_in, dev, weight_grad=weight_grad, fused_wgrad=fused_wgrad)
        seconds, flops = seconds + t, flops + f
    return np.asarray(flops / seconds)


def wgrad_accumulation_seconds(
    weights: object, hbm_bytes_per_s: float, main_grad_bytes: float = MAIN_GRAD_BYTES
) -> np.ndarray:
    """Seconds per micro-batch of the fused wgrad epilogue's main_grad traffic (read + write): `weights` local
    weights whose gradients this GPU computes, achievable HBM bytes/s; `main_grad_bytes` 4 (fp32, master-weight
    styles) or 2 (pure 16-bit training). The first micro-batch of a step only writes (4 bytes fewer per weight once
    a step, ≤ 1/(2m) of the term): left out, so that every micro-batch of a step costs the same (the bubble and
    data-parallel scaling stay exact)."""
    return np.asarray(weights, dtype=float) * 2.0 * main_grad_bytes / hbm_bytes_per_s
