"""Model states per parameter: weights, gradients and optimizer bytes for each precision style and optimizer.

Sources (details in docs/estimation.md §2.1):
- ZeRO paper (Rajbhandari et al. 2020) §3: mixed-precision Adam keeps 2Ψ + 2Ψ + 12Ψ bytes (K = 12).
- NVIDIA/Megatron-LM README (distributed optimizer table) and `megatron/training/theoretical_memory_usage.py`:
  bf16 parameters with an fp32 `main_grad` buffer = 18 bytes/param, `6 + 12/d` with the distributed optimizer.
  The buffer is `torch.float if grad_reduce_in_fp32 else param.dtype` (Megatron-LM 92c8482
  `megatron/core/distributed/distributed_data_parallel.py`): the gradient's element size is the framework
  profile's (`FrameworkProfile.grad_bytes`, the number the time model reduces and accumulates), so the
  Megatron-Bridge recipes' bf16 buffer gives `4 + 12/d`.
- torchtune `recipes/full_finetune_single_device.py`: bf16 parameters and bf16 AdamW states (8 bytes/param).
- bitsandbytes 8-bit optimizers (Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization" §2):
  one byte per state plus an fp32 absmax per block of 2048 values.
- Adafactor (Shazeer & Stern 2018, §3): the second moment of an n×m matrix is stored as n + m values.
"""

from __future__ import annotations

from .records import record

# Styles whose parameters live in fp32 and whose matmuls run under autocast (PyTorch AMP, HF Trainer).
AUTOCAST_STYLES = ("bf16-mixed", "fp16-mixed")
# Styles with 16-bit parameters and an fp32 master copy in the optimizer (Megatron, DeepSpeed, FSDP MP).
MASTER_STYLES = ("bf16-master", "fp16-master", "fp8-mixed")
BNB_BLOCK = 2048  # bitsandbytes block size for 8-bit optimizer states


@record
class StateBytes:
    """Bytes per trainable parameter, split by what can be sharded and when."""

    weight: float  # the copy the matmuls read (sharded only by ZeRO-3)
    grad: float  # the gradient buffer (sharded from ZeRO-2)
    master: float  # fp32 master copy kept by the optimizer (sharded from ZeRO-1)
    optimizer: float  # optimizer moments (sharded from ZeRO-1)
    fp8_cache: float = 0.0  # fp8 transposed weight copies (Transformer Engine), per parameter
    # fp32 copy of a 16-bit gradient that the optimizer steps the fp32 master with, sharded like the master and
    # alive only from the optimizer step to the next step's zero_grad (so not in `total`)
    step_grad_copy: float = 0.0

    @property
    def total(self) -> float:
        return self.weight + self.grad + self.master + self.optimizer + self.fp8_cache


def param_bytes(precision: str) -> float:
    """Bytes of one parameter as the matmuls read it."""
    if precision == "fp32" or precision in AUTOCAST_STYLES:
        return 4.0
    return 2.0


def compute_bytes(precision: str) -> float:
    """Bytes of one activation element."""
    return 4.0 if precision == "fp32" else 2.0


def optimizer_moment_bytes(optimizer: str, precision: str) -> float:
    """Moments per parameter: AdamW m and v, SGD momentum; Adafactor's factored term is added per matrix."""
    pure16 = precision == "bf16-true"
    if optimizer == "adamw":
        return 4.0 if pure16 else 8.0
    if optimizer == "adamw8bit":
        return 2.0 + 2 * 4.0 / BNB_BLOCK
    if optimizer == "sgd":
        return 2.0 if pure16 else 4.0
    if optimizer == "adafactor":
        return 0.0  # no first moment by default; the factored second moment is counted per matrix
    raise ValueError(optimizer)


def state_bytes(
    precision: str,
    optimizer: str,
    *,
    fp32_params: bool = False,
    fp8_weight_cache: bool = True,
    grad_bytes: float | None = None,
) -> StateBytes:
    """`fp32_params`: FSDP2 mixed precision (torchtitan), whose sharded fp32 parameters are the master copy.
    `fp8_weight_cache`: every Transformer Engine recipe keeps an fp8 copy of each weight between steps
    (framework.TE_RECIPES); torchao's dynamic scaling casts on the fly and keeps none
    (torchao/float8/float8_linear.py).
    `grad_bytes`: the framework's gradient element size (`FrameworkProfile.grad_bytes`); None: fp32 for the
    master-weight styles."""
    moments = optimizer_moment_bytes(optimizer, precision)
    if precision in MASTER_STYLES:
        # Megatron accumulates into its main_grad buffer, fp32 unless the profile keeps it in the parameters'
        # dtype; FSDP2/torchtitan reduce in fp32 (reduce_dtype).
        fp8 = 1.0 if precision == "fp8-mixed" and fp8_weight_cache else 0.0
        if fp32_params:
            return StateBytes(weight=4.0, grad=4.0, master=0.0, optimizer=moments, fp8_cache=fp8)
        grad = 4.0 if grad_bytes is None else grad_bytes
        # the optimizer steps the fp32 master on `main_grad.float()`: a copy when the buffer is 16-bit, the buffer
        # itself when fp32 (Megatron-Core `distrib_optimizer.py` `_copy_model_grads_to_main_grads`:
        # `shard_main_param.grad = shard_model_grad.float()`, the DP rank's shard; `optimizer.py`
        # Float16OptimizerWithFloat16Params: `main_param.grad = model_param.main_grad.float()`, whole; Megatron-LM
        # 0011998). The master copy itself is `shard_model_param.clone().float()` whatever the gradient dtype.
        copy = 4.0 if grad < 4.0 else 0.0
        return StateBytes(weight=2.0, grad=grad, master=4.0, optimizer=moments, fp8_cache=fp8, step_grad_copy=copy)
    if precision == "bf16-true":
        return StateBytes(weight=2.0, grad=2.0, master=0.0, optimizer=moments)
    # fp32 and autocast: fp32 parameters, fp32 gradients, no separate master copy
    return StateBytes(weight=4.0, grad=4.0, master=0.0, optimizer=moments)
