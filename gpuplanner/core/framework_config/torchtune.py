"""torchtune recipe YAML → scenario (torchtune 0.6.1 recipes and configs).

Defaults for keys a config leaves out are the recipes' own `cfg.get(key, default)` calls
(`recipes/full_finetune_distributed.py`, `recipes/lora_finetune_single_device.py`, 0.6.1):
`enable_activation_checkpointing` False, `enable_activation_offloading` False, `compile` False,
`optimizer_in_bwd` False, `gradient_accumulation_steps` 1, `fsdp_cpu_offload` False, `tensor_parallel_dim` 1,
`fsdp_reshard_after_forward` True. The LoRA builders' defaults (`lora_rank` 8, `lora_alpha` 16, no MLP or output
adapters) are the signatures of `torchtune/models/<family>/_model_builders.py`. A config has no GPU count: the
`tune run --nproc_per_node N <recipe>` line that torchtune's configs carry in their comments gives it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .common import DEFAULT_SEQ_LEN, Draft, as_bool, as_int, check_keys, load_yaml, set_preset
from .torchtune_models import ARCH_BUILDERS, PRESET_BUILDERS, split_builder

# every top-level key of the configs torchtune 0.6.1 ships (recipes/configs/**.yaml); the ones not read here
# (logging, checkpointing, data loading, evaluation) change neither memory nor time
KNOWN_KEYS = frozenset(
    """output_dir checkpointer seed device dtype model tokenizer batch_size resume_from_checkpoint
    gradient_accumulation_steps optimizer loss compile enable_activation_checkpointing metric_logger
    log_every_n_steps log_peak_memory_stats dataset shuffle epochs max_steps_per_epoch profiler
    enable_activation_offloading clip_grad_norm lr_scheduler save_adapter_weights_only optimizer_in_bwd quantizer
    enable_kv_cache low_cpu_ram tasks limit max_seq_length custom_sharded_layers collate_fn temperature top_k prompt
    max_new_tokens log_level tensor_parallel_plan fsdp_cpu_offload teacher_model teacher_checkpointer kd_loss
    kd_ratio fsdp tensor_parallel_dim dataloader datasets ac_mode ac_option memory_efficient_fsdp_wrap
    ref_checkpointer policy_model reward_and_value_model ref_policy_checkpointer value_checkpointer
    reward_checkpointer num_steps ppo_epochs ppo_batch_size forward_batch_size max_generated_tokens
    min_response_length penalise_no_eos reward_penalty stop_token_ids whiten_rewards gamma lmbda kl_coeff
    fsdp_reshard_after_forward enable_async_checkpointing cudnn_deterministic_mode compile_loss
    enable_fp8_training fp8_recipe_name parallelism validation
    """.split()
)
MODEL_KEYS = frozenset(
    """_component_ lora_attn_modules apply_lora_to_mlp apply_lora_to_output lora_rank lora_alpha lora_dropout
    use_dora quantize_base decoder_trainable encoder_trainable fusion_trainable image_size""".split()
)
LORA_ATTN = {"q_proj": "q", "k_proj": "k", "v_proj": "v", "output_proj": "o"}
# bitsandbytes optimizers (bitsandbytes/optim/adamw.py): paged = states in CUDA unified memory
OPTIMIZERS: dict[str, tuple[str, bool]] = {
    "torch.optim.AdamW": ("adamw", False),
    "torch.optim.Adam": ("adamw", False),
    "torch.optim.SGD": ("sgd", False),
    "bitsandbytes.optim.AdamW": ("adamw", False),
    "bitsandbytes.optim.PagedAdamW": ("adamw", True),
    "bitsandbytes.optim.AdamW8bit": ("adamw8bit", False),
    "bitsandbytes.optim.PagedAdamW8bit": ("adamw8bit", True),
    "torchao.optim.AdamW8bit": ("adamw8bit", False),
    "torchao.prototype.low_bit_optim.AdamW8bit": ("adamw8bit", False),
}
CHUNKED_LOSSES = ("torchtune.modules.loss.CEWithChunkedOutputLoss", "torchtune.modules.loss.LinearCrossEntropyLoss")
PLAIN_LOSSES = ("torch.nn.CrossEntropyLoss",)
TUNE_RUN = re.compile(r"tune\s+run\s+(?:--nnodes\s+\S+\s+)?(?:--nproc_per_node\s+(\d+)\s+)?([a-z_]+)")


def _table(cfg: dict[str, Any], key: str) -> dict[str, Any]:
    value = cfg.get(key)
    return value if isinstance(value, dict) else {}


def unsupported_recipe(cfg: dict[str, Any], recipe: str | None) -> str | None:
    """Why this config is not a full/LoRA/QLoRA fine-tune of a text model; None when it is one."""
    model = _table(cfg, "model")
    component = str(model.get("_component_", ""))
    loss = str((cfg.get("loss") or {}).get("_component_", "")) if isinstance(cfg.get("loss"), dict) else ""
    if "policy_model" in cfg or "ppo_epochs" in cfg or (recipe or "").startswith("ppo"):
        return "PPO (policy, value and reward models)"
    if "DPOLoss" in loss or "dpo" in (recipe or ""):
        return "DPO (a reference model beside the policy)"
    if "teacher_model" in cfg or "kd_loss" in cfg:
        return "knowledge distillation (a teacher model beside the student)"
    if "vision" in component or "vision" in str(cfg.get("tokenizer", "")):
        return "a vision model (image encoder and fusion layers)"
    if "tasks" in cfg:
        return "evaluation (EleutherAI harness)"
    if "max_new_tokens" in cfg or "prompt" in cfg:
        return "generation"
    if "optimizer" not in cfg:
        return "quantization" if "quantizer" in cfg else "no training (no optimizer)"
    return None


def import_torchtune(d: Draft, text: str) -> None:
    cfg = load_yaml(text, file=d.file)
    if not isinstance(cfg, dict):
        raise d.fail("file", "must be a YAML mapping of torchtune config keys")
    match = TUNE_RUN.search(text)
    recipe = match.group(2) if match else None
    why = unsupported_recipe(cfg, recipe)
    if why:
        raise d.fail(
            "file", f"not a supported recipe: {why}; gpuplanner imports full, LoRA and QLoRA fine-tuning of text models"
        )
    check_keys(d, cfg, KNOWN_KEYS, "")
    d.workload["framework"] = "torchtune"
    _model(d, cfg)
    _batch_and_sequence(d, cfg)
    _precision_and_optimizer(d, cfg)
    _memory_switches(d, cfg)
    _layout(d, cfg, match)
    if "quantizer" in cfg:
        d.assume("quantizer: quantization-aware training's fake-quantize ops are not counted; estimated without them")


def _model(d: Draft, cfg: dict[str, Any]) -> None:
    model = check_keys(d, cfg.get("model"), MODEL_KEYS, "model.")
    component = model.get("_component_")
    if not isinstance(component, str):
        raise d.fail(
            "model._component_", "missing; a torchtune model builder such as torchtune.models.llama3_1.llama3_1_8b"
        )
    family, kind, base = split_builder(component)
    if base in PRESET_BUILDERS:
        set_preset(d, PRESET_BUILDERS[base], "")
    elif base in ARCH_BUILDERS:
        d.model = dict(ARCH_BUILDERS[base])
        d.assume(f"model {d.model['name']}: architecture of torchtune's {base} builder (no gpuplanner preset)")
    elif not d.options.model:
        raise d.fail("model._component_", f"builder {base!r} is not in gpuplanner's torchtune table; give --model")
    method = "qlora" if kind == "qlora" or model.get("quantize_base") else "lora" if kind == "lora" else "full"
    d.workload["method"] = method
    if kind:
        _lora(d, model)
    elif any(k.startswith("lora") or k.startswith("apply_lora") for k in model):
        raise d.fail("model.lora_rank", f"LoRA settings on the full-model builder {base}; use lora_{base}")


def _lora(d: Draft, model: dict[str, Any]) -> None:
    d.workload["lora_rank"] = as_int(d, "model.lora_rank", model.get("lora_rank", 8))
    alpha = model.get("lora_alpha", 16)
    if isinstance(alpha, bool) or not isinstance(alpha, int | float):
        raise d.fail("model.lora_alpha", f"must be a number, got {alpha!r}")
    d.lora_alpha = float(alpha)
    modules = model.get("lora_attn_modules", [])
    if not isinstance(modules, list) or any(m not in LORA_ATTN for m in modules):
        raise d.fail("model.lora_attn_modules", f"must be a list of {', '.join(LORA_ATTN)}, got {modules!r}")
    targets = [LORA_ATTN[m] for m in modules]
    if as_bool(d, "model.apply_lora_to_mlp", model.get("apply_lora_to_mlp", False)):
        targets += ["gate", "up", "down"]  # w1, w3, w2 of torchtune's FeedForward
    if not targets:
        raise d.fail("model.lora_attn_modules", "no module gets an adapter")
    d.workload["lora_targets"] = targets
    if as_bool(d, "model.apply_lora_to_output", model.get("apply_lora_to_output", False)):
        d.assume("apply_lora_to_output: the output projection's adapter is not counted (not a scenario target)")
    if model.get("use_dora"):
        d.assume("use_dora: DoRA's magnitude vectors (one per output feature) are not counted; estimated as LoRA")


def _batch_and_sequence(d: Draft, cfg: dict[str, Any]) -> None:
    d.workload["micro_batch"] = as_int(d, "batch_size", cfg.get("batch_size", 1))
    if "batch_size" not in cfg:
        d.assume("batch_size 1 (not in the file)")
    d.grad_accum = as_int(d, "gradient_accumulation_steps", cfg.get("gradient_accumulation_steps", 1))
    tok = _table(cfg, "tokenizer")
    seq = tok.get("max_seq_len")
    if seq is None:
        d.workload["seq_len"] = DEFAULT_SEQ_LEN
        d.assume(
            f"seq_len {DEFAULT_SEQ_LEN}: tokenizer.max_seq_len is null, so torchtune pads each batch to its longest "
            "sample (padded_collate_sft); set tokenizer.max_seq_len for the worst case"
        )
    else:
        d.workload["seq_len"] = as_int(d, "tokenizer.max_seq_len", seq)
    epochs = cfg.get("epochs", 1)
    steps = cfg.get("max_steps_per_epoch")
    if steps is not None:
        d.steps = as_int(d, "max_steps_per_epoch", steps) * as_int(d, "epochs", epochs)


def _precision_and_optimizer(d: Draft, cfg: dict[str, Any]) -> None:
    dtype = cfg.get("dtype")
    if dtype in ("bf16", "bfloat16"):
        d.workload["precision"] = "bf16-true"  # torchtune casts the model to bf16, no fp32 master copy
    elif dtype in ("fp32", "float32", None):
        d.workload["precision"] = "fp32"
        if dtype is None:
            d.assume("dtype fp32 (absent: torchtune/training/precision.py get_dtype(None) is float32)")
    else:
        raise d.fail("dtype", f"must be bf16 or fp32 (torchtune trains no fp16), got {dtype!r}")
    if cfg.get("enable_fp8_training"):
        d.workload["precision"] = "fp8-mixed"
        d.workload["fp8_recipe"] = "torchao"
    opt = cfg.get("optimizer")
    if not isinstance(opt, dict) or not isinstance(opt.get("_component_"), str):
        raise d.fail("optimizer._component_", "missing")
    component = opt["_component_"]
    if component not in OPTIMIZERS:
        raise d.fail("optimizer._component_", f"unknown optimizer {component!r}; known: {', '.join(OPTIMIZERS)}")
    d.workload["optimizer"], paged = OPTIMIZERS[component]
    if paged:
        d.workload["optimizer_paged"] = True
    if component.startswith("torch.optim.Adam"):
        # torch/optim/adamw.py: fused=None defaults to the foreach implementation on CUDA
        d.workload["optimizer_impl"] = "fused" if opt.get("fused") else "foreach"


def _memory_switches(d: Draft, cfg: dict[str, Any]) -> None:
    ac = as_bool(d, "enable_activation_checkpointing", cfg.get("enable_activation_checkpointing", False))
    d.workload["recompute"] = "full" if ac else "none"
    mode, option = cfg.get("ac_mode"), cfg.get("ac_option")
    if mode == "selective" and option is not None:
        every = as_int(d, "ac_option", option)
        d.workload["recompute"] = "full"
        if every > 1:
            d.workload["recompute_every"] = every
    elif mode not in (None, "full"):
        raise d.fail("ac_mode", f"must be full or selective, got {mode!r}")
    if as_bool(d, "enable_activation_offloading", cfg.get("enable_activation_offloading", False)):
        d.workload["activation_offload"] = True
    compile_ = cfg.get("compile", False)
    d.workload["compile"] = any(compile_.values()) if isinstance(compile_, dict) else as_bool(d, "compile", compile_)
    in_bwd = as_bool(d, "optimizer_in_bwd", cfg.get("optimizer_in_bwd", False))
    if in_bwd and (d.grad_accum or 1) > 1:
        raise d.fail("optimizer_in_bwd", "needs gradient_accumulation_steps = 1 (torchtune refuses both)")
    if in_bwd:
        d.workload["optimizer_in_backward"] = True
    loss = _table(cfg, "loss")
    loss_component = loss.get("_component_")
    if loss_component in CHUNKED_LOSSES:
        d.workload["chunked_loss"] = True
    elif loss_component not in (None, *PLAIN_LOSSES):
        raise d.fail("loss._component_", f"unknown loss {loss_component!r}")
    if as_bool(d, "fsdp_cpu_offload", cfg.get("fsdp_cpu_offload", False)):
        d.workload["offload"] = "full"  # FSDP CPUOffload: parameters, gradients and optimizer states on the host


def _layout(d: Draft, cfg: dict[str, Any], match: re.Match[str] | None) -> None:
    recipe = match.group(2) if match else ""
    nproc = int(match.group(1)) if match and match.group(1) else None
    single = "single_device" in recipe or "single_device" in Path(d.file).name
    tp = as_int(d, "tensor_parallel_dim", cfg.get("tensor_parallel_dim", 1))
    d.parallel.update(tp=tp, pp=1, cp=1)
    if single:
        d.hardware["gpu_count"] = 1
        d.gpu_count_fixed = True
        d.parallel["zero"] = 0
        d.name = d.name or f"torchtune {recipe or 'single-device recipe'}"
        return
    if nproc is not None and d.options.gpu_count is None:
        d.hardware["gpu_count"] = nproc
        d.assume(f"{nproc} GPUs from the config's `tune run --nproc_per_node {nproc}` line")
    reshard = as_bool(d, "fsdp_reshard_after_forward", cfg.get("fsdp_reshard_after_forward", True))
    d.parallel["zero"] = 3 if reshard else 2  # FSDP2 fully_shard; without resharding parameters stay gathered
    d.name = d.name or f"torchtune {recipe or 'distributed recipe'}"
