"""Fixed costs of a training step that do not scale with the work: kernels per layer, the CPU's dispatch of them,
and the fp8 casts (spec §4.3 `time.*`; docs/estimation_time.md §"Fixed costs").

A micro-batch runs its kernels on the GPU while the CPU issues the next ones asynchronously, so the micro-batch
takes max(GPU time, CPU dispatch time): eager PyTorch is CPU-bound when kernels are tiny (small models, TP-split,
micro-batch 1). Sources:
- CPU dispatch per eager op (Python → pybind → autograd → ATen dispatcher → cudaLaunchKernel): about 5–25 µs per
  op, of which the launch itself is 1–3 µs on CUDA 12 drivers (the PyTorch dispatch chain as measured in
  jiahuanglin.xyz "From PyTorch op to kernel launch"; PyTorch's CUDA-graphs blog, pytorch.org/blog/
  accelerating-pytorch-with-cuda-graphs, for launch overhead as the bottleneck of small kernels). We take 10 µs
  for forward ops (Python + autograd recording) and 5 µs for backward ops (issued by the C++ autograd engine).
- torch.compile (Inductor) fuses the element-wise chain between GEMMs into a few Triton kernels and runs the graph
  from C++ wrappers: about 3 µs per kernel (judgement within the launch-only range above).
- GPU-side minimum per element-wise kernel (launch latency + ramp and tail of a tiny grid): 2.5 µs (judgement;
  the GEMM table in gemm_efficiency.py has 5.8 µs for the smallest GEMMs, which also load tiles).
Kernel counts per decoder layer (forward; backward ≈ 2×), from the op lists of the layers' code:
- eager (HF/torchtitan/torchtune Llama): RMSNorm in 7 ops ×2, 3 QKV linears, RoPE ≈10 ops, SDPA with 3 layout
  copies, output projection, 2 residual adds, gate/up/SiLU/mul/down: ≈ 39 ops, 7 of them GEMMs and 1 attention.
- compiled: the 7 GEMMs, attention and ≈ 6 fused Triton kernels.
- fused (Megatron-Core with Transformer Engine): LayerNormLinear (2), fused RoPE, attention, projection,
  bias-dropout-add, LayerNormMLP (2), SwiGLU, fc2, bias-dropout-add: ≈ 12 kernels.
"""

from __future__ import annotations

from dataclasses import dataclass

CPU_FORWARD_OP_S = {"eager": 10e-6, "compiled": 3e-6, "fused": 10e-6}
CPU_BACKWARD_OP_S = {"eager": 5e-6, "compiled": 3e-6, "fused": 5e-6}
ELEMENTWISE_KERNEL_S = 2.5e-6
GEMMS_PER_LAYER = 7.0  # q, k, v, o, gate, up, down (fused QKV and gate/up count as 2 and 1 in Megatron)
FORWARD_OPS_PER_LAYER = {"eager": 39.0, "compiled": 14.0, "fused": 12.0}
BACKWARD_OPS_RATIO = 2.0
# ops outside the layers per micro-batch: embedding, final norm, LM head, loss (eager cross-entropy in fp32 ≈ 8)
OPS_OUTSIDE_LAYERS = {"eager": 14.0, "compiled": 6.0, "fused": 6.0}
# fp8 per linear per micro-batch: casts of the input, the weight and the output gradient (+ amax with torchao);
# TE fuses the input cast into its LayerNorm/activation kernels (TE `LayerNormLinear`, `fp8_autocast`)
FP8_OPS_PER_LINEAR = {"te": 2.0, "torchao": 4.0}
# bytes moved per element of each GEMM operand (input, weight, output gradient) per micro-batch for the casts:
# TE delayed/current scaling: cast (read 2, write 1) + the transposed copy Hopper's fp8 GEMMs need for wgrad and
# dgrad (read 1, write 1) = 5 (TE `cast_transpose` kernels); torchao dynamic tensorwise/rowwise in eager mode: a
# separate amax reduction (read 2), the cast (read 2, write 1) and the transposed cast (read 2, write 1) = 8; with
# torch.compile the amax fuses into the producer (torchao float8 README: "use torch.compile for best performance")
FP8_CAST_BYTES_PER_ELEMENT = {"te": 5.0, "torchao": 8.0, "torchao-compiled": 5.0}


@dataclass(frozen=True)
class KernelProfile:
    """Per-layer kernel counts and per-op CPU costs of one implementation."""

    forward_ops: float
    cpu_forward_op_seconds: float
    cpu_backward_op_seconds: float
    outside_ops: float

    @property
    def elementwise_kernels(self) -> float:
        """Non-GEMM, non-attention kernels per layer, forward + backward."""
        return (self.forward_ops - GEMMS_PER_LAYER - 1.0) * (1.0 + BACKWARD_OPS_RATIO)

    def cpu_seconds(self, layers: object, recompute_share: object = 0.0):  # type: ignore[no-untyped-def]
        """CPU dispatch per micro-batch for `layers` layers; recomputed forwards dispatch their ops again."""
        fwd = self.forward_ops * self.cpu_forward_op_seconds
        bwd = self.forward_ops * BACKWARD_OPS_RATIO * self.cpu_backward_op_seconds
        per_layer = fwd * (1.0 + recompute_share) + bwd
        return layers * per_layer + self.outside_ops * (self.cpu_forward_op_seconds + self.cpu_backward_op_seconds)


def kernel_profile(impl: str, compiled: bool) -> KernelProfile:
    key = "compiled" if (compiled and impl != "fused") else impl
    return KernelProfile(
        forward_ops=FORWARD_OPS_PER_LAYER[key],
        cpu_forward_op_seconds=CPU_FORWARD_OP_S[key],
        cpu_backward_op_seconds=CPU_BACKWARD_OP_S[key],
        outside_ops=OPS_OUTSIDE_LAYERS[key],
    )


def fp8_cast_bytes_per_element(recipe: str, compiled: bool) -> float:
    if recipe == "torchao" and compiled:
        return FP8_CAST_BYTES_PER_ELEMENT["torchao-compiled"]
    return FP8_CAST_BYTES_PER_ELEMENT[recipe]
