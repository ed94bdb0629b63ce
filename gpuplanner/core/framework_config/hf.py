"""Hugging Face TrainingArguments (JSON or YAML, also TRL's SFTConfig/ModelConfig fields) and accelerate
config YAML → scenario, with the `hf` profile (or `deepspeed` when the arguments name a DeepSpeed config).

Defaults are TrainingArguments' own (transformers 5.24.0, `transformers/training_args.py`):
`per_device_train_batch_size` 8, `gradient_accumulation_steps` 1, `bf16`/`fp16` False (fp32),
`gradient_checkpointing` off, `optim` "adamw_torch_fused", `torch_compile` False, `max_steps` -1. TRL's
`SFTConfig.max_length` is 1024 (trl/trainer/sft_config.py). accelerate's keys are those `accelerate config`
writes (accelerate/commands/config/config_args.py); `mixed_precision` "no" by default.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .common import (
    DEFAULT_SEQ_LEN,
    Draft,
    as_bool,
    as_int,
    check_keys,
    load_json,
    load_yaml,
    neighbour_config_json,
    preset_for_hf_id,
    read_text,
    set_preset,
)
from .deepspeed import apply_deepspeed

TRAINING_ARGUMENTS = frozenset(
    """output_dir per_device_train_batch_size num_train_epochs max_steps learning_rate lr_scheduler_type
    lr_scheduler_kwargs warmup_steps optim optim_args weight_decay adam_beta1 adam_beta2 adam_epsilon
    optim_target_modules gradient_accumulation_steps average_tokens_across_devices max_grad_norm
    label_smoothing_factor bf16 fp16 bf16_full_eval fp16_full_eval tf32 activation_checkpointing
    activation_checkpointing_kwargs gradient_checkpointing gradient_checkpointing_kwargs torch_compile
    torch_compile_backend torch_compile_mode use_liger_kernel liger_kernel_config use_cache neftune_noise_alpha
    torch_empty_cache_steps auto_find_batch_size logging_strategy logging_steps logging_first_step log_on_each_node
    logging_nan_inf_filter include_num_input_tokens_seen log_level log_level_replica disable_tqdm report_to run_name
    project trackio_space_id trackio_bucket_id trackio_static_space_id eval_strategy eval_steps eval_delay
    per_device_eval_batch_size prediction_loss_only eval_on_start eval_do_concat_batches eval_use_gather_object
    eval_accumulation_steps include_for_metrics batch_eval_metrics save_only_model save_strategy save_steps
    save_on_each_node save_total_limit enable_jit_checkpoint push_to_hub hub_token hub_private_repo hub_model_id
    hub_strategy hub_always_push hub_revision load_best_model_at_end metric_for_best_model greater_is_better
    ignore_data_skip restore_callback_states_from_checkpoint full_determinism seed data_seed use_cpu
    accelerator_config parallelism_config dataloader_drop_last dataloader_num_workers dataloader_pin_memory
    dataloader_persistent_workers dataloader_prefetch_factor dataloader_multiprocessing_context dataloader_in_order
    remove_unused_columns label_names train_sampling_strategy length_column_name ddp_find_unused_parameters
    ddp_bucket_cap_mb ddp_broadcast_buffers ddp_static_graph ddp_backend ddp_timeout fsdp fsdp_config deepspeed
    debug skip_memory_metrics do_train do_eval do_predict resume_from_checkpoint local_rank"""
    # transformers 4.x names (removed or renamed in 5.0)
    """ overwrite_output_dir evaluation_strategy per_gpu_train_batch_size per_gpu_eval_batch_size warmup_ratio
    fp16_opt_level half_precision_backend save_safetensors no_cuda tpu_num_cores logging_dir group_by_length
    fsdp_min_num_params fsdp_transformer_layer_cls_to_wrap save_on_each_node hub_private_repo
    torchdynamo ray_scope gradient_checkpointing_kwargs include_tokens_per_second split_batches dispatch_batches
    jit_mode_eval use_ipex bf16_full_eval past_index dataloader_drop_last mp_parameters"""
    # TRL SFTConfig / ModelConfig / ScriptArguments fields seen in recipe YAMLs (trl/trainer/sft_config.py,
    # trl/trainer/model_config.py)
    """ max_seq_length max_length packing dataset_text_field model_init_kwargs dataset_num_proc
    completion_only_loss assistant_only_loss padding_free dataset_kwargs eos_token pad_token model_name_or_path
    model_revision torch_dtype dtype attn_implementation use_peft lora_r lora_alpha lora_dropout lora_target_modules
    lora_task_type load_in_4bit load_in_8bit bnb_4bit_quant_type use_bnb_nested_quant dataset_name
    dataset_config dataset_train_split dataset_test_split trust_remote_code chat_template_path"""
    # alignment-handbook's SFTConfig/ScriptArguments (src/alignment/configs.py at 925acdf): recipe YAMLs use them
    """ chat_template dataset_mixture""".split()
)
ACCELERATE_KEYS = frozenset(
    """compute_environment distributed_type num_processes num_machines machine_rank mixed_precision fsdp_config
    deepspeed_config megatron_lm_config dynamo_config gpu_ids main_training_function downcast_bf16 rdzv_backend
    same_network tpu_env tpu_use_cluster tpu_use_sudo use_cpu debug enable_cpu_affinity main_process_ip
    main_process_port ipex_config mpirun_config parallelism_config fp8_config""".split()
)
SHARDING = {"FULL_SHARD": 3, "1": 3, "SHARD_GRAD_OP": 2, "2": 2, "NO_SHARD": 0, "3": 0, "HYBRID_SHARD": 3, "4": 3}


def _optim(d: Draft, name: str) -> None:
    n = name.lower()
    if n == "adafactor":
        d.workload["optimizer"] = "adafactor"
    elif n.startswith("sgd"):
        d.workload["optimizer"] = "sgd"
    elif "adamw" in n or n.startswith("paged_adam") or n == "adam":
        d.workload["optimizer"] = "adamw8bit" if "8bit" in n else "adamw"
        if n.startswith("paged"):
            d.workload["optimizer_paged"] = True
        if n in ("adamw_torch", "adamw_hf"):
            d.workload["optimizer_impl"] = "foreach"  # torch.optim.AdamW without fused=True: foreach on CUDA
    else:
        raise d.fail("optim", f"gpuplanner estimates AdamW (incl. 8-bit and paged), Adafactor and SGD, got {name!r}")


def _model_from_name(d: Draft, name: Any, key: str) -> None:
    if d.options.model:
        return
    if not name:
        neighbour_config_json(d)
        return
    preset = preset_for_hf_id(str(name))
    if preset:
        set_preset(d, preset, f"model {preset} (the preset for {name})")
    elif not neighbour_config_json(d, f"{name}/config.json"):
        raise d.fail(key, f"{name!r} is no gpuplanner preset; give --model PRESET or --model config.json")


def apply_hf(d: Draft, args: dict[str, Any]) -> None:
    """TrainingArguments (and TRL) values into the draft; shared with axolotl."""
    d.workload.setdefault("framework", "hf")
    d.workload["micro_batch"] = as_int(d, "per_device_train_batch_size", args.get("per_device_train_batch_size", 8))
    d.grad_accum = as_int(d, "gradient_accumulation_steps", args.get("gradient_accumulation_steps", 1))
    bf16, fp16 = as_bool(d, "bf16", args.get("bf16", False)), as_bool(d, "fp16", args.get("fp16", False))
    if bf16 and fp16:
        raise d.fail("fp16", "and bf16 are both true; TrainingArguments refuses both")
    d.workload["precision"] = "bf16-mixed" if bf16 else "fp16-mixed" if fp16 else "fp32"
    _optim(d, str(args.get("optim", "adamw_torch_fused")))
    gc = args.get("gradient_checkpointing") or args.get("activation_checkpointing")
    d.workload["recompute"] = "full" if gc else "none"  # HF gradient checkpointing: every decoder layer
    d.workload["compile"] = as_bool(d, "torch_compile", args.get("torch_compile", False))
    seq = args.get("max_seq_length") or args.get("max_length")
    if seq is None:
        seq = DEFAULT_SEQ_LEN
        d.assume(f"seq_len {DEFAULT_SEQ_LEN} (no max_length / max_seq_length in the file)")
    d.workload["seq_len"] = as_int(d, "max_length", seq)
    steps = args.get("max_steps", -1)
    if isinstance(steps, int) and steps > 0:
        d.steps = steps
    fsdp = args.get("fsdp") or ""
    options = fsdp.split() if isinstance(fsdp, str) else list(fsdp)
    d.parallel.update(tp=1, pp=1, cp=1, zero=0)
    if "full_shard" in options or "hybrid_shard" in options:
        d.parallel["zero"] = 3
    elif "shard_grad_op" in options:
        d.parallel["zero"] = 2
    if "offload" in options:
        d.workload["offload"] = "full"
    ds = args.get("deepspeed")
    if not ds and not options:
        d.assume("no fsdp and no deepspeed key: plain DDP (ZeRO 0); a launch through an accelerate or DeepSpeed "
                 "config may shard it (import that config to see)")  # fmt: skip
    if ds:
        if options:
            raise d.fail("deepspeed", "and fsdp are both set; the Trainer takes one")
        d.workload["framework"] = "deepspeed"
        if isinstance(ds, str):
            path = Path(d.file).parent / ds
            ds = load_json(read_text(path, "DeepSpeed config"), file=str(path))
        apply_deepspeed(d, ds, hf=args, prefix="deepspeed.")
        if bf16 or fp16:  # DeepSpeed keeps 16-bit weights with an fp32 master copy
            d.workload["precision"] = "bf16-master" if bf16 else "fp16-master"
    r = args.get("lora_r")
    if args.get("use_peft") or r:
        d.workload["method"] = "qlora" if args.get("load_in_4bit") else "lora"
        d.workload["lora_rank"] = as_int(d, "lora_r", r or 16)
        d.lora_alpha = float(args.get("lora_alpha", 32))  # trl ModelConfig.lora_alpha default 32
        targets = args.get("lora_target_modules")
        if targets:
            d.workload["lora_targets"] = hf_targets(d, targets, "lora_target_modules")
    else:
        d.workload.setdefault("method", "full")


HF_MODULES = {"q_proj": "q", "k_proj": "k", "v_proj": "v", "o_proj": "o", "gate_proj": "gate", "up_proj": "up",
              "down_proj": "down"}  # fmt: skip


def hf_targets(d: Draft, targets: Any, key: str) -> list[str]:
    if targets == "all-linear":
        return list(HF_MODULES.values())
    if isinstance(targets, str):
        targets = [targets]
    if not isinstance(targets, list) or any(t not in HF_MODULES for t in targets):
        raise d.fail(key, f"must be a list of {', '.join(HF_MODULES)} or 'all-linear', got {targets!r}")
    return [HF_MODULES[t] for t in targets]


def import_hf(d: Draft, text: str) -> None:
    is_json = Path(d.file).suffix.lower() == ".json"
    args = load_json(text, file=d.file) if is_json else load_yaml(text, file=d.file)
    args = check_keys(d, args, TRAINING_ARGUMENTS, "")
    apply_hf(d, args)
    if d.workload["method"] == "full":
        d.assume("method full (TrainingArguments do not say pretraining or fine-tuning)")
    _model_from_name(d, args.get("model_name_or_path"), "model_name_or_path")
    d.name = "Hugging Face Trainer"


def import_accelerate(d: Draft, text: str) -> None:
    cfg = check_keys(d, load_yaml(text, file=d.file), ACCELERATE_KEYS, "")
    d.workload.update(framework="hf", method="full", micro_batch=8, seq_len=DEFAULT_SEQ_LEN, optimizer="adamw")
    d.assume("an accelerate config holds the launch only: micro batch 8 (TrainingArguments' default), "
             f"seq_len {DEFAULT_SEQ_LEN}, AdamW, method full")  # fmt: skip
    n = as_int(d, "num_processes", cfg.get("num_processes", 1))
    d.hardware["gpu_count"] = n
    d.gpu_count_fixed = "num_processes" in cfg
    mp = cfg.get("mixed_precision", "no")
    styles = {"no": "fp32", "bf16": "bf16-mixed", "fp16": "fp16-mixed", "fp8": "fp8-mixed"}
    if mp not in styles:
        raise d.fail("mixed_precision", f"must be no, bf16, fp16 or fp8, got {mp!r}")
    d.workload["precision"] = styles[mp]
    kind = str(cfg.get("distributed_type", "NO")).upper()
    d.parallel.update(tp=1, pp=1, cp=1, zero=0)
    d.workload["recompute"] = "none"
    if kind == "FSDP":
        fsdp = cfg.get("fsdp_config") or {}
        strategy = str(fsdp.get("fsdp_sharding_strategy", fsdp.get("fsdp_reshard_after_forward", "FULL_SHARD")))
        d.parallel["zero"] = 2 if strategy in ("false", "False") else SHARDING.get(strategy.upper(), 3)
        if fsdp.get("fsdp_offload_params"):
            d.workload["offload"] = "full"
        if fsdp.get("fsdp_activation_checkpointing"):
            d.workload["recompute"] = "full"
    elif kind == "DEEPSPEED" and (cfg.get("deepspeed_config") or {}).get("deepspeed_config_file"):
        _accelerate_deepspeed_file(d, cfg, str(cfg["deepspeed_config"]["deepspeed_config_file"]))
    elif kind == "DEEPSPEED":
        ds = cfg.get("deepspeed_config") or {}
        d.workload["framework"] = "deepspeed"
        d.parallel["zero"] = as_int(d, "deepspeed_config.zero_stage", ds.get("zero_stage", 0), minimum=0)
        if ds.get("offload_param_device") in ("cpu", "nvme"):
            d.workload["offload"] = "full"
        elif ds.get("offload_optimizer_device") in ("cpu", "nvme"):
            d.workload["offload"] = "optimizer"
        if "gradient_accumulation_steps" in ds:
            d.grad_accum = as_int(d, "deepspeed_config.gradient_accumulation_steps", ds["gradient_accumulation_steps"])
        if d.workload["precision"] in ("bf16-mixed", "fp16-mixed"):
            d.workload["precision"] = d.workload["precision"].replace("mixed", "master")
    elif kind not in ("NO", "MULTI_GPU"):
        raise d.fail("distributed_type", f"must be NO, MULTI_GPU, FSDP or DEEPSPEED, got {kind!r}")
    dynamo = cfg.get("dynamo_config") or {}
    d.workload["compile"] = str(dynamo.get("dynamo_backend", "NO")).upper() not in ("NO", "")
    if d.workload["precision"] == "fp8-mixed":
        d.workload["fp8_recipe"] = "te"
    if not d.options.model:
        neighbour_config_json(d)
    d.name = f"accelerate {kind}"


def _accelerate_deepspeed_file(d: Draft, cfg: dict[str, Any], name: str) -> None:
    """`deepspeed_config.deepspeed_config_file`: the DeepSpeed JSON holds the whole DeepSpeed setup (accelerate's
    DeepSpeedPlugin, accelerate/utils/dataclasses.py); its "auto" values come from the launch's TrainingArguments,
    here their defaults and the accelerate config's mixed_precision."""
    path = Path(d.file).parent / name
    d.workload["framework"] = "deepspeed"
    if not path.is_file():
        d.assume(f"deepspeed_config_file {name} not found beside the file: ZeRO stage 0 assumed")
        return
    mp = cfg.get("mixed_precision", "no")
    hf = {
        "per_device_train_batch_size": 8,
        "gradient_accumulation_steps": 1,
        "bf16": mp == "bf16",
        "fp16": mp == "fp16",
    }
    apply_deepspeed(d, load_json(read_text(path, "DeepSpeed config"), file=str(path)), hf=hf,
                    prefix="deepspeed_config_file.")  # fmt: skip
    d.assume(f"DeepSpeed setup from {name}")
