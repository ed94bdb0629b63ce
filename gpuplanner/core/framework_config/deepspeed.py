"""DeepSpeed JSON (the `ds_config` of `deepspeed.initialize` or of HF Trainer's `--deepspeed`) → scenario.

Keys and defaults follow DeepSpeed's config classes: `deepspeed/runtime/config.py` (fp16 and bf16 disabled by
default, so fp32; `gradient_accumulation_steps` 1; `train_batch_size = micro × accumulation × data-parallel
ranks`) and `deepspeed/runtime/zero/config.py` (`stage` 0; `offload_optimizer` / `offload_param` device "none").
A DeepSpeed config names no model and no sequence length: the model comes from `--model` or a config.json beside
the file. `"auto"` values are HF Trainer's to fill (transformers/integrations/deepspeed.py): they take the
TrainingArguments values when the JSON came from one, else the defaults above.
"""

from __future__ import annotations

from typing import Any

from .common import DEFAULT_SEQ_LEN, Draft, as_int, check_keys, load_json, neighbour_config_json

TOP_KEYS = frozenset(
    """train_batch_size train_micro_batch_size_per_gpu gradient_accumulation_steps optimizer scheduler fp16 bf16
    zero_optimization gradient_clipping steps_per_print wall_clock_breakdown activation_checkpointing
    flops_profiler tensorboard wandb csv_monitor comms_logger zero_allow_untested_optimizer communication_data_type
    prescale_gradients gradient_predivide_factor sparse_gradients amp aio data_efficiency curriculum_learning
    compression_training elasticity autotuning checkpoint data_types dump_state monitor_config pipeline
    load_universal_checkpoint memory_breakdown seq_parallel_communication_data_type zero_force_ds_cpu_optimizer
    torch_autocast nebula sequence_parallel_size tensor_parallel compile weight_quantization hybrid_engine
    disable_allgather sparse_attention eigenvalue progressive_layer_drop quantize_training""".split()
)
ZERO_KEYS = frozenset(
    """stage offload_optimizer offload_param overlap_comm contiguous_gradients reduce_bucket_size
    allgather_bucket_size allgather_partitions reduce_scatter sub_group_size stage3_prefetch_bucket_size
    stage3_param_persistence_threshold stage3_max_live_parameters stage3_max_reuse_distance
    stage3_gather_16bit_weights_on_model_save stage3_gather_fp16_weights_on_model_save round_robin_gradients
    cpu_offload cpu_offload_params cpu_offload_use_pin_memory elastic_checkpoint ignore_unused_parameters
    legacy_stage1 load_from_fp32_weights zero_hpz_partition_size zero_quantized_weights zero_quantized_gradients
    mics_shard_size mics_hierarchical_params_gather memory_efficient_linear pipeline_loading_checkpoint
    override_module_apply zeropp_loco_param log_trace_cache_warnings use_multi_rank_bucket_allreduce
    stage3_module_granularity_threshold module_granularity_threshold use_all_reduce_for_fetch_params
    offload_optimizer_device offload_param_device max_live_parameters max_reuse_distance prefetch_bucket_size
    gather_16bit_weights_on_model_save param_persistence_threshold model_persistence_threshold""".split()
)
# deepspeed/ops/adam (FusedAdam, DeepSpeedCPUAdam), deepspeed/runtime/fp16/onebit: all keep AdamW's two moments
ADAM_TYPES = ("adam", "adamw", "fusedadam", "cpuadam", "onebitadam", "zerooneadam", "lamb", "onebitlamb", "fusedlamb")


def _auto(value: Any, fallback: Any) -> Any:
    return fallback if value == "auto" or value is None else value


def _enabled(section: Any) -> bool:
    return isinstance(section, dict) and section.get("enabled") in (True, "auto", "true")


def apply_deepspeed(d: Draft, cfg: Any, *, hf: dict[str, Any] | None = None, prefix: str = "") -> None:
    """DeepSpeed's keys into the draft; `hf`: the TrainingArguments values that fill `"auto"`."""
    hf = hf or {}
    cfg = check_keys(d, cfg, TOP_KEYS, prefix)
    zero = check_keys(d, cfg.get("zero_optimization"), ZERO_KEYS, f"{prefix}zero_optimization.")
    stage = _auto(zero.get("stage"), 0)
    if stage not in (0, 1, 2, 3):
        raise d.fail(f"{prefix}zero_optimization.stage", f"must be 0, 1, 2 or 3, got {stage!r}")
    d.parallel.update(zero=stage, pp=1, cp=1)
    d.parallel.setdefault("tp", 1)
    opt_dev = (zero.get("offload_optimizer") or {}).get("device", zero.get("offload_optimizer_device", "none"))
    par_dev = (zero.get("offload_param") or {}).get("device", zero.get("offload_param_device", "none"))
    if par_dev in ("cpu", "nvme"):
        if stage != 3:
            raise d.fail(
                f"{prefix}zero_optimization.offload_param", "needs stage 3 (DeepSpeed offloads parameters only then)"
            )
        d.workload["offload"] = "full"
    elif opt_dev in ("cpu", "nvme") or zero.get("cpu_offload"):
        d.workload["offload"] = "optimizer"
    bf16, fp16 = _enabled(cfg.get("bf16")), _enabled(cfg.get("fp16"))
    if bf16 and fp16 and cfg["bf16"].get("enabled") is True and cfg["fp16"].get("enabled") is True:
        raise d.fail(f"{prefix}fp16.enabled", "and bf16.enabled are both true; DeepSpeed takes one")
    if cfg.get("bf16", {}).get("enabled") == "auto" or cfg.get("fp16", {}).get("enabled") == "auto":
        if hf:
            bf16, fp16 = bool(hf.get("bf16")), bool(hf.get("fp16")) and not hf.get("bf16")
        else:
            bf16, fp16 = True, False
            d.assume('bf16 "auto" without TrainingArguments: bf16 assumed (the Trainer fills it from --bf16)')
    # DeepSpeed keeps 16-bit parameters and an fp32 master copy in its optimizer (deepspeed/runtime/bf16_optimizer.py)
    d.workload["precision"] = "bf16-master" if bf16 else "fp16-master" if fp16 else "fp32"
    if not (bf16 or fp16) and "bf16" not in cfg and "fp16" not in cfg:
        d.assume("fp32 training: the DeepSpeed config enables neither bf16 nor fp16 (both off by default)")

    micro = _auto(cfg.get("train_micro_batch_size_per_gpu"), hf.get("per_device_train_batch_size"))
    accum = _auto(cfg.get("gradient_accumulation_steps"), hf.get("gradient_accumulation_steps", 1))
    total = _auto(cfg.get("train_batch_size"), None)
    if micro is None:
        micro = 1
        auto = cfg.get("train_micro_batch_size_per_gpu") == "auto"
        said = "auto (the HF Trainer fills it)" if auto else "not in the file"
        d.assume(f"train_micro_batch_size_per_gpu 1 ({said}; edit workload.micro_batch in the scenario)")
    d.workload["micro_batch"] = as_int(d, f"{prefix}train_micro_batch_size_per_gpu", micro)
    d.grad_accum = as_int(d, f"{prefix}gradient_accumulation_steps", accum)
    if total is not None:
        total = as_int(d, f"{prefix}train_batch_size", total)
        per_rank = d.workload["micro_batch"] * d.grad_accum
        if total % per_rank:
            raise d.fail(f"{prefix}train_batch_size", f"must be a multiple of micro batch × accumulation = {per_rank}")
        d.workload["global_batch"] = total
        d.hardware["gpu_count"] = total // per_rank * d.parallel.get("tp", 1)
        d.gpu_count_fixed = True
    opt = cfg.get("optimizer")
    if isinstance(opt, dict):
        kind = str(opt.get("type", "")).lower()
        if kind not in ADAM_TYPES:
            raise d.fail(f"{prefix}optimizer.type", f"unknown optimizer {opt.get('type')!r}; Adam, AdamW or Lamb")
        d.workload["optimizer"] = "adamw"
        if "lamb" in kind:
            d.assume("LAMB keeps AdamW's two moments: estimated as AdamW")


def import_deepspeed(d: Draft, text: str) -> None:
    cfg = load_json(text, file=d.file)
    if not isinstance(cfg, dict):
        raise d.fail("file", "must be a JSON object of DeepSpeed config keys")
    d.workload["framework"] = "deepspeed"
    d.workload["method"] = "full"
    d.assume("method full (a DeepSpeed config does not say pretraining or fine-tuning)")
    apply_deepspeed(d, cfg)
    d.workload.setdefault("optimizer", "adamw")
    d.workload["seq_len"] = DEFAULT_SEQ_LEN
    d.assume(f"seq_len {DEFAULT_SEQ_LEN} (a DeepSpeed config has no sequence length)")
    d.workload["recompute"] = "full" if "activation_checkpointing" in cfg else "none"
    d.assume(
        f"recompute {d.workload['recompute']}: "
        + ("the file configures activation checkpointing" if "activation_checkpointing" in cfg else
           "no activation_checkpointing section")
    )  # fmt: skip
    if not d.options.model:
        neighbour_config_json(d)
    d.name = "DeepSpeed ZeRO-" + str(d.parallel["zero"])
