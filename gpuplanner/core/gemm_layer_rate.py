"""Blackwell GEMMs at the shapes of a transformer layer run below the MAMF (issue 22, round 8).

The block GEMM rate of throughput.py is `peak × MAMF × w/(w + 128)`: the MAMF (stas00/ml-engineering
`compute/accelerator/README.md`) is the best shape of a brute-force sweep. On Hopper the shapes of these runs are at
the MAMF (round 5: OpenXLA's H100 cuBLAS table, 4096³ bf16 in 175.4 µs = 784 of 794.5 TFLOP/s). On Blackwell they
are not:

* Transformer Engine's GEMM profiling guide (NVIDIA/TransformerEngine 1609c890e,
  `docs/examples/gemm_profiling/gemm_profiling.rst`, `benchmarks/gemm/benchmark_gemm.py --pre-quantize`, i.e. the
  GEMM kernels alone, CUDA events over 100 iterations) times the 12 GEMMs of one layer — fprop, dgrad and wgrad of
  QKV 15872×4096×12288, out-proj 15872×4096×4096, MLP 15872×4096×16384 and 15872×16384×4096, 19.17 TFLOP — on an
  NVIDIA B300 SXM6: **6.812 ms in fp8 current scaling (2,814 TFLOP/s) and 13.102 ms in bf16 (1,463 TFLOP/s)**,
  83.9% and 82.7% of the B300's MAMF (fp8 3,353.3, bf16 1,769.0 TFLOP/s, stas00 table).
* Cross-check on the B200 itself (sm_100): OpenXLA's cuBLAS table (`xla/backends/gpu/cost_model/
  matmul_interpolator_data.h`, entry "sm_100", b 1, m = n = k = 4096) gives bf16 1,417 and fp8 (e4m3 × e4m3 → bf16)
  2,765 TFLOP/s: 81.2% and 80.6% of the B200's MAMF (1,745.0 and 3,432.5), where the same shape is at 98.7% on
  H100.

Applied as a factor on the Blackwell GEMM rate that makes the model's rate at the guide's layer (w = 4096, tile
penalty 4096/4224) exactly the measured one, for each GPU against its own MAMF — no fit to any training table.
Stated assumptions: the B300 (sm_103) ratio holds for B200/GB200 (sm_100), which the OpenXLA point supports; it
holds at the wider 8B/405B shapes of the validation runs (K = 4096–16384, M ≥ 8192); the LM head (bf16 under fp8)
takes the bf16 ratio; grouped expert GEMMs take the same factor on their own shape. Not applied to Hopper: the same
guide's H200 NVL run (fp8 16.785 ms, 1,142 TFLOP/s; bf16 31.968 ms, 600 TFLOP/s) has no MAMF of that 600 W board to
compare with (the H100/H200 SXM MAMF is a 700 W figure), and OpenXLA's H100 table puts these shapes at the MAMF.

MXFP8 GEMMs (round 12): the same guide's pre-quantized B300 run times the layer's 12 GEMMs at **7.161 ms in MXFP8**
against 6.812 ms in FP8 current scaling (per-tensor scales), so block-scaled GEMMs run at 6.812 / 7.161 = 0.951 of
the per-tensor fp8 rate on Blackwell. TE's FP8 block scaling is emulated through MXFP8 there (the guide's note:
"On Blackwell (SM100+), FP8 Block is emulated via MXFP8"), so it takes the same factor. On Hopper the guide's H200
run excludes FP8 block scaling from the pre-quantized mode (cuBLAS there has no 2D-by-2D block-scaled inputs) and
its autocast figures include the quantization, which the model counts as casts (fp8_kernels.py): block scaling
keeps the per-tensor rate there (assumption).
"""

from __future__ import annotations

# the guide's layer: per-layer FLOPs (fprop + dgrad + wgrad) and kernel times on B300, and the B300 MAMF
GUIDE_LAYER_FLOPS = 3 * 2 * 15872 * (4096 * 12288 + 4096 * 4096 + 2 * 4096 * 16384)
GUIDE_B300_SECONDS = {"fp8": 6.812e-3, "bf16": 13.102e-3}
GUIDE_B300_MXFP8_SECONDS = 7.161e-3  # the same 12 GEMMs in MXFP8, pre-quantized
# block-scaled fp8 GEMMs over per-tensor fp8 GEMMs on data-center Blackwell (docstring)
BLOCK_SCALED_GEMM_RELATIVE = GUIDE_B300_SECONDS["fp8"] / GUIDE_B300_MXFP8_SECONDS
BLOCK_SCALED_RECIPES = frozenset({"mxfp8", "te-blockwise"})  # FP8 block scaling runs through MXFP8 on Blackwell
B300_MAMF_TFLOPS = {"fp8": 3353.3, "bf16": 1769.0}
GUIDE_WIDTH = 4096.0
GEMM_HALF_WIDTH = 128.0  # throughput.GEMM_HALF_WIDTH: the tile penalty w/(w + 128) the model already applies


def _relative(dtype: str) -> float:
    """Measured layer rate over (MAMF × the model's tile penalty at the guide's width)."""
    measured = GUIDE_LAYER_FLOPS / GUIDE_B300_SECONDS[dtype] / 1e12
    tile = GUIDE_WIDTH / (GUIDE_WIDTH + GEMM_HALF_WIDTH)
    return measured / (B300_MAMF_TFLOPS[dtype] * tile)


BLACKWELL_LAYER_GEMM_RELATIVE = {dtype: _relative(dtype) for dtype in GUIDE_B300_SECONDS}


def data_center_blackwell(architecture: str) -> bool:
    """B200, GB200, B300, GB300 (sm_100/sm_103); not the GB20x workstation chips (sm_120: RTX 5090 / PRO 6000),
    which neither the guide nor TE's block-scaled recipes cover."""
    arch = architecture.lower()
    return "blackwell" in arch and "gb20" not in arch


def layer_gemm_relative(architecture: str, *, fp8: bool) -> float:
    """Factor on the MAMF-based GEMM rate for a transformer layer's GEMMs on this architecture: the data-center
    Blackwell parts (sm_100/sm_103: B200, GB200, B300, GB300); 1 elsewhere, the GB20x workstation chips (sm_120,
    RTX 5090 / PRO 6000) included, which neither measurement covers."""
    if not data_center_blackwell(architecture):
        return 1.0
    return BLACKWELL_LAYER_GEMM_RELATIVE["fp8" if fp8 else "bf16"]


def recipe_gemm_relative(recipe: str | None, architecture: str) -> float:
    """Factor on the fp8 GEMM rate for an fp8 recipe's scaling: MXFP8, and FP8 block scaling (emulated through
    MXFP8), on data-center Blackwell run at BLOCK_SCALED_GEMM_RELATIVE of the per-tensor rate; 1 otherwise."""
    blocked = recipe in BLOCK_SCALED_RECIPES and data_center_blackwell(architecture)
    return BLOCK_SCALED_GEMM_RELATIVE if blocked else 1.0
