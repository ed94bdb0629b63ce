"""MosaicML llm-foundry train YAML → scenario with the `llm-foundry` profile (Composer with FSDP and autocast).

Keys and defaults are llm-foundry's `TrainConfig` (`llmfoundry/utils/config_utils.py`, mosaicml/llm-foundry at
8c8dd48f72168c5d51e2f7b151595892a8fba43d): `precision` "amp_bf16", `device_train_microbatch_size` "auto",
`global_train_batch_size` (the batch over all GPUs), `max_seq_len`, `max_duration` ("Nba" batches, "Ntok" tokens),
`fsdp_config`, `tp_config.tensor_parallel_degree`, `compile_config`. Composer's FSDP `sharding_strategy` default
is FULL_SHARD (`composer/utils/parallelism.py` FSDPConfig). MPT architectures are read with the defaults of
`llmfoundry/models/mpt/configuration_mpt.py` (`expansion_ratio` 4, `no_bias` False, `learned_pos_emb` True,
`tie_word_embeddings` True, LayerNorm, `ffn_type` "mptmlp" = GELU MLP, "mptglu" = gated). Values like
`${variables.max_seq_len}` are OmegaConf interpolations, resolved here against the file's own keys.
"""

from __future__ import annotations

import re
from typing import Any

from .common import (
    DEFAULT_GPU_COUNT,
    Draft,
    as_bool,
    as_int,
    check_keys,
    load_yaml,
    neighbour_config_json,
    preset_for_hf_id,
    set_preset,
)

TRAIN_CONFIG_KEYS = frozenset(
    """model tokenizer optimizer scheduler train_loader device_train_batch_size device_eval_batch_size max_duration
    max_seq_len seed precision code_paths max_split_size_mb expandable_segments cuda_load_lazy dist_timeout
    fsdp_config tp_config accumulate_train_batch_on_tokens eval_interval eval_loader eval_loaders icl_tasks
    icl_tasks_str eval_gauntlet eval_gauntlet_str icl_subset_num_batches icl_seq_len loggers progress_bar
    log_to_console python_log_level console_log_interval log_config callbacks algorithms save_folder
    save_latest_filename save_overwrite save_weights_only save_filename save_interval save_num_checkpoints_to_keep
    load_path load_weights_only load_strict_model_weights load_ignore_keys save_ignore_keys only_hf_checkpoint
    only_composer_checkpoint train_subset_num_batches device_train_microbatch_size global_train_batch_size
    spin_dataloaders eval_subset_num_batches eval_first compile_config metadata flatten_metadata run_name
    autoresume profiler variables n_gpus device_train_grad_accum""".split()
)
PRECISION = {"amp_bf16": "bf16-mixed", "amp_fp16": "fp16-mixed", "fp32": "fp32", "amp_fp8": "fp8-mixed"}
SHARDING = {"FULL_SHARD": 3, "HYBRID_SHARD": 3, "SHARD_GRAD_OP": 2, "_HYBRID_SHARD_ZERO2": 2, "NO_SHARD": 0}
OPTIMIZERS = {"decoupled_adamw": "adamw", "adamw": "adamw", "adam": "adamw", "decoupled_sgdw": "sgd", "sgd": "sgd",
              "decoupled_lionw": "sgd", "decoupled_lionw_8b": "sgd"}  # fmt: skip
LION = ("decoupled_lionw", "decoupled_lionw_8b")
# HF (Llama) and MPT/DBRX module names of peft's target_modules
PEFT_TARGETS = {"q_proj": ("q",), "k_proj": ("k",), "v_proj": ("v",), "o_proj": ("o",), "gate_proj": ("gate",),
                "up_proj": ("up",), "down_proj": ("down",), "Wqkv": ("q", "k", "v"), "out_proj": ("o",)}  # fmt: skip
_WHOLE = re.compile(r"^\$\{([\w.]+)\}$")
_PART = re.compile(r"\$\{([\w.]+)\}")


def _lookup(d: Draft, root: dict[str, Any], path: str, depth: int) -> Any:
    value: Any = root
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise d.fail(path, "is used as ${" + path + "} but the file does not set it")
        value = value[part]
    return _resolve(d, root, value, depth + 1)


def _resolve(d: Draft, root: dict[str, Any], value: Any, depth: int = 0) -> Any:
    """OmegaConf's `${a.b}` interpolation: a whole-string reference keeps the value's type."""
    if depth > 20:
        raise d.fail("variables", "interpolations refer to each other in a loop")
    if isinstance(value, dict):
        return {k: _resolve(d, root, v, depth) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(d, root, v, depth) for v in value]
    if isinstance(value, str):
        whole = _WHOLE.match(value)
        if whole:
            return _lookup(d, root, whole.group(1), depth)
        return _PART.sub(lambda m: str(_lookup(d, root, m.group(1), depth)), value)
    return value


def _mpt(d: Draft, model: dict[str, Any], seq_len: int) -> None:
    attn = model.get("attn_config") or {}
    ffn = model.get("ffn_config") or {}
    hidden = as_int(d, "model.d_model", model.get("d_model", 2048))
    heads = as_int(d, "model.n_heads", model.get("n_heads", 16))
    gqa = attn.get("attn_type", "multihead_attention") == "grouped_query_attention"
    kv_heads = as_int(d, "model.attn_config.kv_n_heads", attn.get("kv_n_heads", heads)) if gqa else heads
    ratio = model.get("expansion_ratio", 4)
    if isinstance(ratio, bool) or not isinstance(ratio, (int, float)) or ratio <= 0:
        raise d.fail("model.expansion_ratio", f"must be a positive number, got {ratio!r}")
    ffn_type = ffn.get("ffn_type", "mptmlp")
    if ffn_type not in ("mptmlp", "mptglu"):
        raise d.fail("model.ffn_config.ffn_type", f"gpuplanner reads mptmlp and mptglu, got {ffn_type!r}")
    learned = as_bool(d, "model.learned_pos_emb", model.get("learned_pos_emb", True))
    d.model = {
        "name": f"MPT d_model {hidden}, {model.get('n_layers', 24)} layers",
        "layers": as_int(d, "model.n_layers", model.get("n_layers", 24)),
        "hidden": hidden,
        "heads": heads,
        "kv_heads": kv_heads,
        "ffn_hidden": int(ffn.get("ffn_hidden_size") or ratio * hidden),
        "vocab": as_int(d, "model.vocab_size", model.get("vocab_size", 50368)),
        "gated_mlp": ffn_type == "mptglu",
        "tied_embeddings": as_bool(d, "model.tie_word_embeddings", model.get("tie_word_embeddings", True)),
        "norm": "rmsnorm" if "rms" in str(model.get("norm_type", "low_precision_layernorm")) else "layernorm",
        "linear_bias": not as_bool(d, "model.no_bias", model.get("no_bias", False)),
        "learned_positions": as_int(d, "model.max_seq_len", model.get("max_seq_len", seq_len)) if learned else 0,
    }
    if "head_dim" in model and model["head_dim"] is not None:
        d.model["head_dim"] = as_int(d, "model.head_dim", model["head_dim"])


def _model(d: Draft, model: dict[str, Any], seq_len: int) -> None:
    name = model.get("name")
    if name == "mpt_causal_lm":
        if not d.options.model:
            _mpt(d, model, seq_len)
    elif name == "hf_causal_lm":
        hf_id = model.get("pretrained_model_name_or_path")
        preset = preset_for_hf_id(str(hf_id)) if hf_id else None
        if d.options.model:
            pass
        elif preset:
            set_preset(d, preset, f"model {preset} (the preset for {hf_id})")
        elif not neighbour_config_json(d, f"{hf_id}/config.json"):
            raise d.fail("model.pretrained_model_name_or_path",
                         f"{hf_id!r} is no gpuplanner preset; give --model PRESET or --model config.json")  # fmt: skip
    elif not d.options.model:
        raise d.fail("model.name", f"gpuplanner reads mpt_causal_lm and hf_causal_lm, got {name!r}; give --model")
    peft = model.get("peft_config")
    if peft:
        if str(peft.get("peft_type", "LORA")).upper() != "LORA":
            raise d.fail("model.peft_config.peft_type", f"gpuplanner estimates LoRA, got {peft.get('peft_type')!r}")
        d.workload["method"] = "lora"
        d.workload["lora_rank"] = as_int(d, "model.peft_config.r", peft.get("r", 8))  # peft LoraConfig.r = 8
        d.lora_alpha = float(peft.get("lora_alpha", 8))  # peft LoraConfig.lora_alpha = 8
        targets = peft.get("target_modules") or []
        targets = [targets] if isinstance(targets, str) else targets
        unknown = [t for t in targets if t not in PEFT_TARGETS]
        if unknown:
            raise d.fail("model.peft_config.target_modules", f"unknown module {unknown[0]!r}; one of "
                         + ", ".join(PEFT_TARGETS))  # fmt: skip
        if targets:
            d.workload["lora_targets"] = sorted({x for t in targets for x in PEFT_TARGETS[t]},
                                                key=("q", "k", "v", "o", "gate", "up", "down").index)  # fmt: skip


def _duration(d: Draft, value: Any, global_batch: int, seq_len: int) -> None:
    text = str(value).replace("_", "")
    match = re.fullmatch(r"(\d+(?:\.\d+)?(?:e\d+)?)(ba|tok|ep|sp)?", text)
    if not match:
        raise d.fail("max_duration", f"must be like 1000ba or 2e9tok, got {value!r}")
    count, unit = float(match.group(1)), match.group(2) or "ep"
    if unit == "ba":
        d.steps = int(count)
    elif unit == "tok" and d.options.tokens is None:
        d.steps = max(1, round(count / (global_batch * seq_len)))
    elif unit == "sp":
        d.steps = max(1, round(count / global_batch))
    else:
        d.assume(f"max_duration {value} counts epochs; the token budget is not in the file")


def import_llmfoundry(d: Draft, text: str) -> None:
    raw = load_yaml(text, file=d.file)
    raw = check_keys(d, raw, TRAIN_CONFIG_KEYS, "")
    cfg = _resolve(d, raw, raw)
    w = d.workload
    w["framework"] = "llm-foundry"
    loader = (cfg.get("train_loader") or {}).get("name", "text")
    # a fine-tune starts from pretrained weights (model.pretrained) or reads instruction data (finetuning loader)
    tuned = loader == "finetuning" or as_bool(d, "model.pretrained", (cfg.get("model") or {}).get("pretrained", False))
    w["method"] = "full" if tuned else "pretrain"
    seq = cfg.get("max_seq_len")
    if seq is None:
        raise d.fail("max_seq_len", "is required by llm-foundry's TrainConfig")
    w["seq_len"] = as_int(d, "max_seq_len", seq)
    _model(d, cfg.get("model") or {}, w["seq_len"])

    precision = cfg.get("precision", "amp_bf16")
    if precision not in PRECISION:
        raise d.fail("precision", f"must be one of {', '.join(PRECISION)}, got {precision!r}")
    w["precision"] = PRECISION[precision]
    if precision == "amp_fp8":
        w["fp8_recipe"] = "te"  # Composer's amp_fp8 is Transformer Engine's fp8_autocast
    opt = (cfg.get("optimizer") or {}).get("name", "decoupled_adamw")
    if opt not in OPTIMIZERS:
        raise d.fail("optimizer.name", f"gpuplanner estimates {', '.join(OPTIMIZERS)}, got {opt!r}")
    w["optimizer"] = OPTIMIZERS[opt]
    if opt in LION:
        d.assume(f"optimizer {opt}: one momentum state per weight (llmfoundry/optim/lion.py), estimated as SGD "
                 "with momentum")  # fmt: skip
    w["compile"] = bool(cfg.get("compile_config"))

    tp = as_int(d, "tp_config.tensor_parallel_degree", (cfg.get("tp_config") or {}).get("tensor_parallel_degree", 1))
    d.parallel.update(tp=tp, pp=1, cp=1)
    n = d.options.gpu_count
    if n is None:
        n = DEFAULT_GPU_COUNT
        d.assume(f"{n} GPUs (composer starts one process per GPU the launcher sees; give --gpu-count)")
    d.hardware["gpu_count"] = n
    fsdp = cfg.get("fsdp_config")
    if fsdp is not None:
        strategy = str(fsdp.get("sharding_strategy", "FULL_SHARD")).upper()
        if strategy not in SHARDING:
            raise d.fail("fsdp_config.sharding_strategy", f"must be one of {', '.join(SHARDING)}, got {strategy!r}")
        d.parallel["zero"] = SHARDING[strategy]
        w["recompute"] = "full" if fsdp.get("activation_checkpointing") else "none"
        if fsdp.get("activation_cpu_offload"):
            w["activation_offload"] = True
        if fsdp.get("cpu_offload"):
            w["offload"] = "full"
        if fsdp.get("mixed_precision", "DEFAULT") in ("PURE", "DEFAULT") and precision == "amp_bf16":
            d.assume(f"fsdp_config.mixed_precision {fsdp.get('mixed_precision', 'DEFAULT')}: bf16 compute over "
                     "fp32 sharded weights (the llm-foundry profile's autocast)")  # fmt: skip
    else:
        d.parallel["zero"] = 0
        w["recompute"] = "none"

    dp = max(1, n // tp)
    global_ = cfg.get("global_train_batch_size")
    if global_ is None:
        raise d.fail("global_train_batch_size", "is required (llm-foundry divides it over the GPUs)")
    global_batch = as_int(d, "global_train_batch_size", global_)
    if global_batch % dp:
        raise d.fail("global_train_batch_size", f"{global_batch} does not divide over {dp} data-parallel GPUs")
    per_gpu = global_batch // dp
    micro = cfg.get("device_train_microbatch_size", "auto")
    if micro == "auto":
        micro = per_gpu
        d.assume(f"device_train_microbatch_size auto: the whole per-GPU batch {per_gpu} in one micro batch "
                 "(Composer lowers it only when it runs out of memory)")  # fmt: skip
    micro = as_int(d, "device_train_microbatch_size", micro)
    if per_gpu % micro:
        raise d.fail("device_train_microbatch_size", f"{micro} does not divide the per-GPU batch {per_gpu}")
    w["micro_batch"] = micro
    w["global_batch"] = global_batch
    d.grad_accum = per_gpu // micro
    if "max_duration" in cfg:
        _duration(d, cfg["max_duration"], global_batch, w["seq_len"])
    d.name = f"llm-foundry {cfg.get('model', {}).get('name', 'model')} {w['method']}"
