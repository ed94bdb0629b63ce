"""fp8 training per recipe: which GEMMs run in fp8, at what achievable rate, and what the casts cost (issue 22).

Only the decoder blocks' linears run in fp8; attention (attention_kernels.py), norms, activations, the LM head and
the loss stay in 16 bits. torchao's `convert_to_float8_training` skips the output layer in torchtitan
(`torchtitan/components/quantization/float8.py`, `filter_fqns=["output"]`), and Megatron-Core keeps the output
layer out of `fp8_autocast` (Transformer Engine docs, "FP8 primer": first and last layers in higher precision).

- fp8 GEMM rate: the fp8 peak times the fp8 MAMF, which is a smaller fraction of its peak than bf16's
  (stas00/ml-engineering `compute/accelerator/README.md`, MAMF table: H100 SXM bf16 80.3%, fp8 70.9%;
  B200 bf16 77.6%, fp8 76.3%). Stated relative to the bf16 MAMF so that the calibration's factor applies.
- Casts, amax and transposes are memory-bound passes over each GEMM operand per micro-batch (input, weight,
  output gradient). Bytes per element: Transformer Engine (delayed or current scaling) casts with a fused
  cast+transpose (read 2, write 1 + 1 for the transposed copy Hopper's fp8 GEMMs need for dgrad/wgrad) = 4, and
  fuses the input casts of QKV and fc1 into the preceding LayerNorm (`LayerNormLinear`, `LayerNormMLP`);
  torchao dynamic scaling in eager mode runs a separate amax reduction (read 2), the cast (read 2, write 1) and
  a transposed cast (read 2, write 1) = 8; under torch.compile the amax and cast fuse into the producer kernel
  (torchao `float8/README.md`: "use torch.compile for best performance"), leaving cast + transposed cast
  (read 2, write 1, write 1) = 4.
- Transformer Engine's *current* scaling (`Float8CurrentScaling`, what the Megatron-Bridge performance recipes run
  as FP8-CS: `scripts/performance/utils/precision.py` `get_precision_config("fp8_cs")` →
  `bf16_with_fp8_current_scaling_mixed`) computes each tensor's amax in a kernel of its own before the cast
  (`Float8CurrentScalingQuantizer::quantize_impl`: `nvte_compute_amax_with_config`, then the scale, then
  `nvte_quantize_v2`; transformer_engine/pytorch/csrc/quantizer.cpp): read 2 + cast+transpose 4 = 6 bytes. Its
  norms do not write fp8: `rmsnorm_fwd`/`layernorm_fwd` (csrc/extensions/normalization.cpp) run
  `FUSED_NORM_AMAX_FP8` — the norm writes bf16 with its amax, then `quantize_with_amax` casts — so the QKV and
  fc1 input casts are not free: cast+transpose 4 plus the norm's bf16 write over an fp8 one (+1) = 5 bytes.
  Only delayed scaling (`IsFloat8Quantizers`: `FULLY_FUSED`) writes fp8 from the norm.
- MXFP8 (`MXFP8BlockScaling`, data-center Blackwell only) quantizes in one kernel (`cast_mxfp8_2D_kernel`,
  transformer_engine/common/util/cast_kernels.cuh at 70f5366): it reads the 16-bit tensor once and writes the
  rowwise copy (fprop) and the columnwise copy (dgrad/wgrad operands; no transpose) with one E8M0 scale byte per
  32 elements each: read 2 + write 1 + 1 + 2/32 bytes, no amax pass. Its norms run `UNFUSED` unless
  `NVTE_NORM_FWD_USE_CUDNN` is set (`rmsnorm_fwd`/`layernorm_fwd`, csrc/extensions/normalization.cpp): the norm
  writes bf16 (+1 over an fp8 write), then the quantizer runs as above.
- FP8 block scaling (`Float8BlockScaling`, DeepSeek-V3's 1×128 activation / 128×128 weight tiles, Hopper and
  newer) is one kernel too, with an fp32 scale per 128 elements for each copy (read 2 + write 1 + 1 + 8/128); its
  quantizer is none of the norm's fused kinds, so its norms run `UNFUSED` as MXFP8's.
- The GEMMs of the block-scaled recipes run at the per-tensor fp8 rate (assumption: no sweep of cuBLAS's
  block-scaled fp8 GEMMs at training shapes was found; Blackwell's tensor cores apply the block scales in the MMA
  instruction, `tcgen05.mma ... block_scale`, PTX ISA 8.7).
"""

from __future__ import annotations

from .gemm_layer_rate import data_center_blackwell
from .model import ModelSpec

# fp8 MAMF over bf16 MAMF per architecture family (stas00 MAMF table, see above)
FP8_MAMF_RELATIVE = {"hopper": 0.709 / 0.803, "blackwell": 0.763 / 0.776}
FP8_MAMF_RELATIVE_DEFAULT = 0.709 / 0.803  # Ada and others: no sweep read; Hopper's ratio (stated assumption)
_MXFP8_BYTES = 2.0 + 1.0 + 1.0 + 2.0 / 32.0  # read bf16; rowwise + columnwise fp8; an E8M0 scale per 32 each
_BLOCKWISE_BYTES = 2.0 + 1.0 + 1.0 + 2.0 * 4.0 / 128.0  # read bf16; two fp8 copies; an fp32 scale per 128 each
CAST_BYTES_PER_ELEMENT = {
    "te-delayed": 4.0,
    "te-current": 6.0,
    "te-blockwise": _BLOCKWISE_BYTES,
    "mxfp8": _MXFP8_BYTES,
    "torchao": 8.0,
    "torchao-compiled": 4.0,
}
# Norm-fed casts (QKV, fc1 inputs) over the recipe's other casts. Delayed scaling writes fp8 from the norm (free:
# cast_elements_per_token leaves them out); current scaling skips the amax pass but the norm writes bf16 (5 of
# 6 bytes); the block-scaled recipes' norms write bf16 (+1) before their one-kernel quantize.
NORM_FED_SHARE = {
    "te-current": 5.0 / 6.0,
    "te-blockwise": (_BLOCKWISE_BYTES + 1.0) / _BLOCKWISE_BYTES,
    "mxfp8": (_MXFP8_BYTES + 1.0) / _MXFP8_BYTES,
}
# recipes whose norms write fp8 themselves (`FULLY_FUSED`)
NORM_FUSED_RECIPES = frozenset({"te-delayed"})


def fp8_gemm_relative(architecture: str) -> float:
    arch = architecture.lower()
    if "blackwell" in arch:
        return FP8_MAMF_RELATIVE["blackwell"]
    if "hopper" in arch:
        return FP8_MAMF_RELATIVE["hopper"]
    return FP8_MAMF_RELATIVE_DEFAULT


def block_scaled_fp8(architecture: str) -> bool:
    """Whether the GPU runs MXFP8 GEMMs: data-center Blackwell (compute capability 10.x), not the 12.x workstation
    chips (GB20x), which TE refuses (`check_mxfp8_support`, transformer_engine/pytorch/quantization.py at 70f5366)."""
    return data_center_blackwell(architecture)


def cast_bytes_per_element(recipe: str, compiled: bool) -> float:
    if recipe == "torchao" and compiled:
        return CAST_BYTES_PER_ELEMENT["torchao-compiled"]
    return CAST_BYTES_PER_ELEMENT[recipe]  # a concrete recipe (framework.fp8_recipe_of), never "te"


def cast_elements_per_token(model: ModelSpec, recipe: str) -> tuple[float, float]:
    """(elements cast per token per layer that TP splits, elements that it does not), forward + backward.

    Operands of a Llama layer's linears: inputs of QKV (h), out-proj (q_width), fc1 (h) and fc2 (f); output
    gradients of QKV (q_width + 2·kv_width), out-proj (h), fc1 (2f gated, f otherwise) and fc2 (h). Inputs of
    QKV and fc1 and the output gradients of out-proj and fc2 are h wide on every TP rank (sequence-parallel
    all-gathers them first); TE fuses the two input casts into the LayerNorm."""
    f = model.expert_ffn_hidden * model.experts_active if model.is_moe else model.ffn_hidden
    fc1_out = 2.0 * f if model.gated_mlp else float(f)
    split = model.q_width + f + model.q_width + 2.0 * model.kv_width + fc1_out
    if model.is_moe:
        # routed experts' fc1 input and fc2 output gradient are the k permuted copies of each token (k·h), cast
        # by TE's GroupedLinear after the dispatcher's permutation, never fused into the LayerNorm
        # (Megatron-Core `moe/experts.py` TEGroupedMLP); averaged over the MoE share of the layers
        share = model.moe_layers / model.layers
        routed = share * 2.0 * model.experts_active * model.hidden
        norm_fed = NORM_FED_SHARE.get(recipe, 1.0)
        fused = recipe in NORM_FUSED_RECIPES
        qkv_in = 0.0 if fused else norm_fed * model.hidden
        dense_mlp = (1.0 - share) * model.hidden * (1.0 if fused else 1.0 + norm_fed)
        return split, qkv_in + model.hidden + routed + dense_mlp
    full_inputs = 0.0 if recipe in NORM_FUSED_RECIPES else 2.0 * model.hidden * NORM_FED_SHARE.get(recipe, 1.0)
    return split, full_inputs + 2.0 * model.hidden
