"""Framework profiles: what a training step keeps in memory depends on the framework's code (spec §4.1).

A profile sets the defaults of every implementation behaviour the memory model distinguishes; the explicit
scenario keys (`recompute`, `chunked_loss`, `compile`, `optimizer_in_backward`, `fp8_recipe`, ...) override
it. Each behaviour cites the framework code it comes from; docs/estimation.md §"Framework profiles" has the
details and the truth-harness results that check them.

`generic` is the estimate for an unknown framework: it keeps the reading of the precision style that the
published Megatron and Hugging Face measurements support (master-weight styles run fused Megatron-style
kernels with a persistent gradient buffer; the other styles run eager PyTorch modules).
"""

from __future__ import annotations

from .memory_states import MASTER_STYLES
from .records import record

FRAMEWORKS = ("generic", "hf", "torchtune", "torchtitan", "megatron", "deepspeed", "llm-foundry")
# `workload.fp8_recipe` values. "te" is the framework's Transformer Engine recipe (fp8_recipe_of); the te-* values
# and "mxfp8" name one TE recipe each (transformer_engine/common/recipe/__init__.py at 70f5366: DelayedScaling,
# Float8CurrentScaling, Float8BlockScaling, MXFP8BlockScaling), the names Megatron-LM's `--fp8-recipe` gives them
# (`delayed`, `tensorwise`, `blockwise`, `mxfp8`; megatron/training/arguments.py); "torchao" is torchao's dynamic
# tensorwise float8 (`convert_to_float8_training`).
FP8_RECIPES = ("te", "te-delayed", "te-current", "te-blockwise", "mxfp8", "torchao")
TE_RECIPES = frozenset({"te-delayed", "te-current", "te-blockwise", "mxfp8"})
# recipes whose GEMMs need Blackwell's block-scaled tensor cores: TE refuses MXFP8 below SM100
# and on the 12.x workstation chips (`check_mxfp8_support`, transformer_engine/pytorch/quantization.py at 70f5366)
BLACKWELL_RECIPES = frozenset({"mxfp8"})


@record
class FrameworkProfile:
    """Implementation behaviours of one framework. Strings are small closed vocabularies (see each field); the
    defaults are those of eager PyTorch modules with `zero_grad(set_to_none=True)`, so a profile states only
    where its framework differs."""

    id: str
    label: str
    summary: str  # one line for the wizard
    # the precision style the framework's recipes use when the scenario gives none
    default_precision: str
    # generic only: kernels, loss and gradient lifetime follow the precision style (master-weight styles as
    # Megatron, the others as eager PyTorch), the reading the published Megatron and HF measurements support
    by_precision_style: bool = False
    # True: Megatron/Transformer Engine fused kernels; False: modules run op by op (HF, torchtune, torchtitan)
    fused_kernels: bool = False
    # "eager-fp32": cross_entropy on logits.float() (HF ForCausalLMLoss, torchtitan);
    # "fp32-logits": torchtune's decoder returns `output(h).float()` (torchtune/modules/transformer.py);
    # "vocab-parallel": Megatron's fused vocab-parallel cross-entropy (fp32 softmax of the local shard)
    loss: str = "eager-fp32"
    # gradients alive during forward: Megatron's persistent fp32 `main_grad` buffer; PyTorch's
    # `zero_grad(set_to_none=True)` (HF Trainer, torchtune, torchtitan) frees them before forward
    persistent_grads: bool = False
    # FSDP2 mixed precision keeps the sharded parameters in fp32 (they are the optimizer's master copy) and
    # gathers bf16 copies per unit (torch/distributed/fsdp/_fully_shard/_fsdp_param.py); Megatron and DeepSpeed
    # keep bf16 parameters plus a separate fp32 master copy
    fp32_sharded_params: bool = False
    # recompute policies the framework offers (spec §4.1 names)
    recompute_policies: tuple[str, ...] = ("none", "full")
    # what the framework's own "selective" means: "attention" = Korthikanti §5 (Megatron, DeepSpeed),
    # "op" = torchtitan's per-op policy (its default `selective_ac_option = "op"`)
    selective_means: str = "attention"
    fp8_recipe: str | None = None  # "te" | "torchao" | None (no fp8 path)
    # FSDP2 under pipeline parallelism: torchtitan sets reshard_after_forward=False when PP is on
    # (torchtitan/models/llama3/infra/parallelize.py `apply_fsdp`), and torch's pipelining defers resharding
    # and gradient reduce-scatter to the last micro-batch (torch/distributed/pipelining/stage.py)
    unsharded_under_pp: bool = False
    # FSDP2 `fully_shard` (torchtitan, torchtune's distributed recipes) copies each all-gathered parameter out of
    # the flat buffer and each gradient into the reduce-scatter buffer (time model, throughput.py)
    fsdp2: bool = False
    # torchtitan computes the loss with torch's loss_parallel when tensor parallel is on
    # (torchtitan/distributed/utils.py `get_train_context`, `enable_loss_parallel`)
    loss_parallel_under_tp: bool = False
    # peft keeps LoRA adapters in fp32 over a 16-bit base (`autocast_adapter_dtype=True`, peft/tuners/tuners_utils.py)
    # and casts each adapter's input to fp32 (peft/tuners/lora/layer.py `_cast_input_dtype`); torchtune's adapters
    # share the base dtype
    fp32_adapters: bool = False
    # Communication overlaps of the Megatron-Bridge performance recipes (time model only, core/comm_overlap.py;
    # Megatron-Bridge 00b7660 `src/megatron/bridge/training/comm_overlap.py`, `recipes/llama/llama3.py`):
    # TE userbuffers TP overlap (`tp_comm_overlap`, set whenever tp > 1 with sequence parallel)
    tp_comm_overlap: bool = False
    # pipeline p2p posted before and waited after each chunk under interleaving (`overlap_p2p_comm`, vpp > 1)
    p2p_overlap_under_vpp: bool = False
    # TE fp8 with current scaling (Float8CurrentScaling), as the Megatron-Bridge performance recipes' FP8-CS runs
    # (`scripts/performance/utils/precision.py`); TE's own default recipe is delayed scaling (fp8_kernels.py)
    te_current_scaling: bool = False
    # the distributed optimizer's reduce-scatter / all-gather overlapped chunk by chunk (`overlap_grad_reduce`,
    # `overlap_param_gather`, comm_overlap.dp_overlap_exposed_seconds); else throughput.py's generic DP overlap
    dp_overlap_chunked: bool = False
    # Gradients in the parameters' dtype: Megatron-Core's grad buffer, which `param.main_grad` views and the fused
    # wgrad GEMM accumulates into, is `torch.float if grad_reduce_in_fp32 else param.dtype` (Megatron-LM 92c8482
    # `distributed/distributed_data_parallel.py`), and every Megatron-Bridge performance recipe sets
    # `ddp.grad_reduce_in_fp32 = False` (00b7660 and 0a25f91 `scripts/performance/configs/*/*_llm_pretrain.py`):
    # bf16 main_grad traffic and bf16 DP reduction (wgrad_traffic.py, throughput.py)
    grads_in_param_dtype: bool = False
    # Megatron-LM of 2021–2022 under `--fp16` (Narayanan 2021, Korthikanti 2022: the generic profile's fp16-master):
    # without `--accumulate-allreduce-grads-in-fp32` (forced only for bf16) the gradients stay fp16 — `param.grad`
    # accumulated by autograd, or a contiguous fp16 `main_grad` (`_get_buffer_type` → `param.dtype`) — and
    # `allreduce_gradients()` runs in fp16 after `forward_backward_func` returns, not overlapped (Megatron-LM a8d172b,
    # April 2021: `megatron/arguments.py`, `megatron/model/distributed.py`, `megatron/training.py` `train_step`);
    # the fused wgrad accumulation arrived in 83b1e42 (Feb 2022) and ran in fp16 only from 07916bf (Sep 2022)
    legacy_fp16_grads: bool = False

    def _as_megatron(self, precision: str) -> bool:
        return self.by_precision_style and precision in MASTER_STYLES

    def uses_fused_kernels(self, precision: str) -> bool:
        return self.fused_kernels or self._as_megatron(precision)

    def grads_persist(self, precision: str) -> bool:
        return self.persistent_grads or self._as_megatron(precision)

    def grad_bytes(self, precision: str) -> float:
        """Bytes of one gradient element as accumulated and reduced: fp32 unless the framework keeps gradients in
        the parameters' dtype and the parameters are 16-bit (not under autocast over fp32 weights)."""
        if precision == "bf16-true" or (self.grads_in_param_dtype and precision in MASTER_STYLES):
            return 2.0
        if self.legacy_fp16_grads and precision == "fp16-master":
            return 2.0
        return 4.0

    def fp32_params(self, precision: str) -> bool:
        return self.fp32_sharded_params and precision in MASTER_STYLES

    def loss_kind(self, precision: str) -> str:
        return "vocab-parallel" if self._as_megatron(precision) else self.loss


PROFILES: dict[str, FrameworkProfile] = {
    p.id: p
    for p in (
        FrameworkProfile(
            id="generic",
            label="Unknown / other",
            summary="Best estimate when the framework is unknown: master-weight styles as Megatron, others as eager",
            default_precision="bf16-mixed",
            by_precision_style=True,
            recompute_policies=("none", "selective", "full"),
            fp8_recipe="te",
            legacy_fp16_grads=True,
        ),
        FrameworkProfile(
            id="hf",
            label="Hugging Face Trainer / PEFT / Accelerate",
            summary="transformers modules, autocast over fp32 weights, gradient checkpointing = full recompute",
            default_precision="bf16-mixed",
            fp32_adapters=True,
        ),
        FrameworkProfile(
            id="torchtune",
            label="torchtune",
            summary="torchtune recipes: pure bf16 weights and AdamW states, chunked loss, optimizer in backward",
            default_precision="bf16-true",
            loss="fp32-logits",
            fsdp2=True,
        ),
        FrameworkProfile(
            id="torchtitan",
            label="torchtitan",
            summary="FSDP2 with fp32 sharded weights and bf16 compute, per-op selective checkpointing, torchao fp8",
            default_precision="bf16-master",
            fp32_sharded_params=True,
            recompute_policies=("none", "selective-op", "full"),
            selective_means="op",
            fp8_recipe="torchao",
            unsharded_under_pp=True,
            fsdp2=True,
            loss_parallel_under_tp=True,
        ),
        FrameworkProfile(
            id="megatron",
            label="Megatron-Core / NeMo",
            summary="fused Transformer Engine kernels, persistent bf16 gradient buffer, distributed optimizer",
            default_precision="bf16-master",
            fused_kernels=True,
            loss="vocab-parallel",
            persistent_grads=True,
            recompute_policies=("none", "selective", "full"),
            fp8_recipe="te",
            tp_comm_overlap=True,
            p2p_overlap_under_vpp=True,
            te_current_scaling=True,
            dp_overlap_chunked=True,
            grads_in_param_dtype=True,
        ),
        FrameworkProfile(
            id="deepspeed",
            label="DeepSpeed ZeRO",
            summary="ZeRO stages over Hugging Face modules: bf16 weights with an fp32 master copy",
            default_precision="bf16-master",
            fp32_adapters=True,
        ),
        FrameworkProfile(
            id="llm-foundry",
            label="MosaicML llm-foundry / Composer",
            summary="Composer with FSDP and autocast (amp_bf16) over fp32 weights",
            default_precision="bf16-mixed",
            fp8_recipe="te",
            fp32_adapters=True,
        ),
    )
}


def profile(framework_id: str | None) -> FrameworkProfile:
    return PROFILES[framework_id or "generic"]


def fp8_recipe_of(recipe: str | None, framework_id: str | None) -> str | None:
    """The concrete fp8 recipe a run uses: the scenario's `fp8_recipe`, else its framework's; "te" is current
    scaling under a profile with `te_current_scaling` (the Megatron-Bridge recipes' FP8-CS) and TE's own default,
    delayed scaling, elsewhere. None: the framework has no fp8 path."""
    prof = profile(framework_id)
    chosen = recipe or prof.fp8_recipe
    if chosen == "te":
        return "te-current" if prof.te_current_scaling else "te-delayed"
    return chosen
