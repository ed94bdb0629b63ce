"""torchtitan TOML (or its `--section.key value` command line) → scenario.

Keys and defaults are those of torchtitan 0.2.2, `torchtitan/config/job_config.py` (commit 73a0e69, tag v0.2.2):
`training.local_batch_size` 8, `training.global_batch_size` -1 (= local × data-parallel degree),
`training.seq_len` 2048, `training.steps` 10000, `training.dtype` "float32" with `mixed_precision_param`
"bfloat16" (FSDP2 mixed precision: fp32 sharded parameters, bf16 compute), `parallelism.data_parallel_shard_degree`
-1 (= every GPU left over), `activation_checkpoint.mode` "selective" with `selective_ac_option` "2" (every 2nd
layer), `compile.enable` False, `optimizer.name` "AdamW", `pipeline_parallel_microbatch_size` 1. Model flavors
are `torchtitan/models/llama3/__init__.py` `llama3_args` and `torchtitan/models/deepseek_v3/__init__.py`.
Older releases' `[float8]` section and `training.batch_size` are read as their 0.2.2 successors.
"""

from __future__ import annotations

import copy
import shlex
from pathlib import Path
from typing import Any

from .common import Draft, as_bool, as_int, load_toml, set_preset

_FIELDS = {
    "job": "config_file dump_folder description print_config save_config_file custom_config_module "
    "use_for_integration_test",
    "profiling": "enable_profiling save_traces_folder profile_freq profiler_active profiler_warmup "
    "enable_memory_snapshot save_memory_snapshot_folder",
    "metrics": "log_freq enable_tensorboard disable_color_printing save_tb_folder save_for_all_ranks enable_wandb "
    "rank_0_only",
    "model": "name flavor hf_assets_path tokenizer_path converters print_after_conversion norm_type",
    "optimizer": "name lr beta1 beta2 eps weight_decay implementation early_step_in_backward",
    "lr_scheduler": "warmup_steps total_steps decay_ratio decay_type min_lr_factor lr_min",
    "training": "dataset dataset_path local_batch_size global_batch_size seq_len max_norm steps enable_cpu_offload "
    "dtype mixed_precision_param mixed_precision_reduce gc_freq gc_debug batch_size seed deterministic",
    "training.dataloader": "num_workers persistent_workers pin_memory prefetch_factor",
    "parallelism": "data_parallel_replicate_degree data_parallel_shard_degree fsdp_reshard_after_forward "
    "tensor_parallel_degree disable_loss_parallel enable_async_tensor_parallel pipeline_parallel_degree "
    "module_fqns_per_model_part pipeline_parallel_first_stage_less_layers "
    "pipeline_parallel_last_stage_less_layers pipeline_parallel_layers_per_stage "
    "pipeline_parallel_schedule pipeline_parallel_schedule_csv pipeline_parallel_microbatch_size "
    "pipeline_parallel_expert_parallel_overlap context_parallel_degree context_parallel_load_balancer "
    "context_parallel_rotate_method expert_parallel_degree expert_tensor_parallel_degree "
    "expert_parallel_comm_backend pipeline_parallel_split_points enable_compiled_autograd",
    "checkpoint": "enable enable_ft_dataloader_checkpoints folder interval initial_load_path initial_load_model_only "
    "initial_load_in_hf initial_load_in_hf_quantized last_save_model_only last_save_in_hf export_dtype "
    "async_mode keep_latest_k load_step exclude_from_loading enable_first_step_checkpoint "
    "create_seed_checkpoint load_only enable_checkpoint model_weights_only",
    "activation_checkpoint": "mode selective_ac_option per_op_sac_force_recompute_mm_shapes_by_fqns early_stop "
    "memory_budget visualize_memory_budget_pareto preserve_rng_state determinism_check debug",
    "compile": "enable components backend",
    "quantize.linear.float8": "enable_fsdp_float8_all_gather precompute_float8_dynamic_scale_for_fsdp recipe_name "
    "filter_fqns emulate",
    "quantize.linear.mx": "mxfp8_dim1_cast_kernel_choice recipe_name filter_fqns",
    "quantize.grouped_mm.float8": "fqns",
    "quantize.grouped_mm.mx": "recipe_name fqns",
    "float8": "enable_fsdp_float8_all_gather precompute_float8_dynamic_scale_for_fsdp recipe_name filter_fqns "
    "emulate enable_float8_linear force_recompute_fp8_weight_in_bwd",
    "comm": "init_timeout_seconds train_timeout_seconds trace_buf_size save_traces_folder save_traces_file_prefix mode",
    "memory_estimation": "enable disable_fake_mode",
    "fault_tolerance": "enable process_group process_group_timeout_ms replica_id group_size min_replica_size "
    "semi_sync_method",
    "experimental": "custom_import custom_args_module",
    "validation": "enable dataset dataset_path local_batch_size seq_len freq steps",
    "validation.dataloader": "num_workers persistent_workers pin_memory prefetch_factor",
    "debug": "seed deterministic deterministic_warn_only moe_force_load_balance",
}  # fmt: skip
FIELDS = {section: frozenset(names.split()) for section, names in _FIELDS.items()}
FLAVORS = {
    ("llama3", "8B"): "llama-3.1-8b",
    ("llama3", "70B"): "llama-3.1-70b",
    ("llama3", "405B"): "llama-3.1-405b",
    ("deepseek_v3", "671B"): "deepseek-v3",
}
# llama3_args["debugmodel"]: dim 256, 6 layers, 16 heads, vocab 2048; FFN 4·dim·2/3 rounded up to multiple_of 256
DEBUG_MODEL = {"name": "torchtitan llama3 debugmodel", "layers": 6, "hidden": 256, "heads": 16, "kv_heads": 16,
               "ffn_hidden": 768, "vocab": 2048}  # fmt: skip
FLOAT8_CONVERTERS = ("float8", "quantize.linear.float8")


def _check(d: Draft, doc: dict[str, Any], prefix: str = "") -> None:
    for key, value in doc.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and (path in FIELDS or any(s.startswith(path + ".") for s in FIELDS)):
            _check(d, value, path + ".")
            continue
        section = prefix.rstrip(".")
        if section not in FIELDS:
            raise d.fail(path, "unknown section of a torchtitan config (torchtitan 0.2.2 job_config.py)")
        if key not in FIELDS[section]:
            from ..suggest import did_you_mean

            raise d.fail(path, "unknown key" + did_you_mean(key, FIELDS[section]))


def _check_registry(d: Draft, doc: dict[str, Any]) -> None:
    """Registry-era fields: the sections gpuplanner reads keep their 0.2.2 keys (torchtitan/config/configs.py at
    9810191); Trainer.Config's other sections change neither memory nor time and are listed, not refused."""
    from .torchtitan_registry import OTHER_SECTIONS, READ_SECTIONS

    unread = []
    for section, table in doc.items():
        if section in READ_SECTIONS or section == "model":
            _check(d, {section: table})
        elif section in OTHER_SECTIONS:
            unread.append(section)
        else:
            from ..suggest import did_you_mean

            known = set(READ_SECTIONS) | OTHER_SECTIONS
            raise d.fail(section, "unknown field of torchtitan's Trainer.Config" + did_you_mean(section, known))
    if unread:
        d.assume("torchtitan sections not read (no effect on memory or time): " + ", ".join(sorted(unread)))


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if "," in text:
        return [p for p in text.split(",") if p]
    return text


def command_line_doc(d: Draft, text: str) -> dict[str, Any]:
    """`--section.key value` / `--section.key=value` arguments (torchtitan's tyro command line) as a TOML document;
    with `--module M --config F` (or run_train.sh's MODULE= CONFIG=) the registry function's fields come first."""
    try:
        tokens = shlex.split(text.replace("\\\n", " "), comments=True)  # a line continued with a backslash
    except ValueError as err:
        raise d.fail("file", f"cannot split the command line ({err})") from None
    doc: dict[str, Any] = {}
    named: dict[str, str] = {}  # module / config (the registry) and the launcher's process counts
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        i += 1
        env, eq, env_value = tok.partition("=")
        if eq and env in ("MODULE", "CONFIG", "NGPU"):
            named[env.lower()] = env_value
            continue
        flag = tok[2:].partition("=")[0].replace("-", "_") if tok.startswith("--") else ""
        if flag in ("module", "config", "nproc_per_node", "nnodes"):
            value = tok.partition("=")[2]
            if not value and i < len(tokens):
                value, i = tokens[i], i + 1
            named[flag] = value
            continue
        if not tok.startswith("--") or "." not in tok:
            continue
        key, _, value = tok[2:].partition("=")
        *sections, leaf = key.replace("-", "_").split(".")
        if leaf.startswith("no_") and not value:  # tyro's `--section.no-flag`: the boolean set to false
            leaf, value = leaf[3:], "false"
        elif not value:
            if i < len(tokens) and not tokens[i].startswith("--"):
                value, i = tokens[i], i + 1
            else:
                value = "true"  # a bare flag: tyro's boolean switch
        table = doc
        for s in sections:
            table = table.setdefault(s, {})
        table[leaf] = _value(value)
    _launcher_count(d, named)
    if "module" in named or "config" in named:
        d.registry = True
        base = registry_doc(d, named.get("module", "llama3"), named.get("config", "llama3_debugmodel"))
        for section, table in doc.items():
            if isinstance(table, dict) and isinstance(base.get(section), dict):
                base[section].update(table)
            else:
                base[section] = table
        return base
    if "config_file" in doc.get("job", {}):
        from .common import read_text

        base_path = Path(d.file).parent / str(doc["job"]["config_file"])
        base = load_toml(read_text(base_path, "torchtitan TOML"), file=str(base_path))
        for section, table in doc.items():
            if isinstance(table, dict):
                base.setdefault(section, {}).update(table)
        doc = base
    return doc


def _launcher_count(d: Draft, named: dict[str, str]) -> None:
    """NGPU=N (run_train.sh) or torchrun's --nproc_per_node N [--nnodes M]: the GPUs the launcher starts."""
    per_node = named.get("ngpu") or named.get("nproc_per_node")
    if per_node is None:
        return
    nodes = named.get("nnodes", "1")
    if not (per_node.isdigit() and nodes.isdigit() and int(per_node) > 0 and int(nodes) > 0):
        raise d.fail("--nproc_per_node", f"must be a number of GPUs, got {per_node!r} × {nodes!r} nodes")
    d.launcher_gpu_count = int(per_node) * int(nodes)


def registry_doc(d: Draft, module: str, config: str) -> dict[str, Any]:
    """The fields of torchtitan's registry function `config` in `module`: the installed torchtitan's, else the
    pinned table (torchtitan_registry.py, torchtitan commit 9810191)."""
    from .torchtitan_registry import PINNED, REGISTRY_COMMIT, installed_registry

    found = installed_registry(module)
    if found is not None:
        table, where = found
    elif module in PINNED:
        table, where = PINNED[module], f"torchtitan {REGISTRY_COMMIT[:7]} models/{module}/config_registry.py (pinned)"
    else:
        from ..suggest import did_you_mean

        raise d.fail("--module", f"{module!r} has no config registry gpuplanner knows" + did_you_mean(module, PINNED))
    if config not in table:
        from ..suggest import did_you_mean

        raise d.fail("--config", f"{config!r} is not a function of {where}" + did_you_mean(config, table))
    doc = copy.deepcopy(table[config])
    doc.setdefault("model", {})["name"] = module
    d.assume(f"defaults of {config}() from {where}; the command line's --section.key values override them")
    return doc


def import_torchtitan(d: Draft, text: str) -> None:
    is_toml = Path(d.file).suffix.lower() == ".toml"
    doc = load_toml(text, file=d.file) if is_toml else command_line_doc(d, text)
    _check_registry(d, doc) if d.registry else _check(d, doc)
    d.workload["framework"] = "torchtitan"
    d.workload["method"] = "pretrain"
    model, training, par = doc.get("model", {}), doc.get("training", {}), doc.get("parallelism", {})
    _model(d, model)
    local = as_int(d, "training.local_batch_size", training.get("local_batch_size", training.get("batch_size", 8)))
    d.workload["seq_len"] = as_int(d, "training.seq_len", training.get("seq_len", 2048))
    d.steps = as_int(d, "training.steps", training.get("steps", 10000))
    _parallel(d, par, local, training)
    _precision(d, doc, training)
    _recompute(d, doc.get("activation_checkpoint", {}))
    compile_ = doc.get("compile", {})
    if as_bool(d, "compile.enable", compile_.get("enable", False)):
        components = compile_.get("components", ["model", "loss"])
        d.workload["compile"] = "model" in components
        if "model" not in components:
            d.assume("compile.components without 'model': estimated without torch.compile (only the loss compiles)")
    else:
        d.workload["compile"] = False
    opt = doc.get("optimizer", {})
    name = opt.get("name", "AdamW")
    if name not in ("AdamW", "Adam"):
        raise d.fail("optimizer.name", f"must be AdamW or Adam (torchtitan's build_optimizers), got {name!r}")
    d.workload["optimizer"] = "adamw"
    impl = opt.get("implementation", "fused")  # 0.2.2 Optimizer.implementation default "fused"
    d.workload["optimizer_impl"] = "foreach" if impl in ("foreach", "for-loop") else "fused"
    if as_bool(d, "optimizer.early_step_in_backward", opt.get("early_step_in_backward", False)):
        d.workload["optimizer_in_backward"] = True
    if as_bool(d, "training.enable_cpu_offload", training.get("enable_cpu_offload", False)):
        d.workload["offload"] = "full"
    d.name = f"torchtitan {model.get('name', 'llama3')} {model.get('flavor', 'debugmodel')}"


def _model(d: Draft, model: dict[str, Any]) -> None:
    name, flavor = model.get("name", "llama3"), str(model.get("flavor", "debugmodel"))
    if (name, flavor) in FLAVORS:
        set_preset(d, FLAVORS[(name, flavor)], "")
    elif name == "llama3" and flavor.startswith("debugmodel"):  # _flex_attn/_varlen_attn: same shapes
        d.model = dict(DEBUG_MODEL)
    elif not d.options.model:
        raise d.fail("model.flavor", f"{name} {flavor} is not in gpuplanner's torchtitan table; give --model")


def _parallel(d: Draft, par: dict[str, Any], local: int, training: dict[str, Any]) -> None:
    deg = {
        k: as_int(d, f"parallelism.{k}_degree", par.get(f"{k}_degree", 1))
        for k in ("tensor_parallel", "pipeline_parallel", "context_parallel", "expert_parallel")
    }
    replicate = as_int(d, "parallelism.data_parallel_replicate_degree", par.get("data_parallel_replicate_degree", 1))
    shard = par.get("data_parallel_shard_degree", -1)
    tp, pp, cp = deg["tensor_parallel"], deg["pipeline_parallel"], deg["context_parallel"]
    d.parallel.update(tp=tp, pp=pp, cp=cp)
    if deg["expert_parallel"] > 1:
        d.parallel["ep"] = deg["expert_parallel"]
    backend = par.get("expert_parallel_comm_backend", "standard")
    if backend not in ("standard", "deepep"):
        raise d.fail("parallelism.expert_parallel_comm_backend", f"must be standard or deepep, got {backend!r}")
    if backend == "deepep":
        d.workload["moe_dispatcher"] = "deepep"
    if shard == -1:
        n = d.options.gpu_count or d.launcher_gpu_count
        if n is None:
            from .common import DEFAULT_GPU_COUNT

            n = DEFAULT_GPU_COUNT
            d.assume(f"{n} GPUs: data_parallel_shard_degree = -1 takes every GPU the launcher starts; give --gpu-count")
        d.hardware["gpu_count"] = n
        if n % (tp * pp * cp * replicate):
            raise d.fail("--gpu-count", f"{n} GPUs are not a multiple of tp × pp × cp × replicate")
        shard = n // (tp * pp * cp * replicate)
    else:
        shard = as_int(d, "parallelism.data_parallel_shard_degree", shard)
        d.hardware["gpu_count"] = shard * replicate * tp * pp * cp
        d.gpu_count_fixed = True
    dp = shard * replicate
    if shard > 1:
        d.parallel["zero"] = 3 if par.get("fsdp_reshard_after_forward", "default") != "never" else 2
        if replicate > 1:
            d.assume(f"HSDP ({replicate} replicas × {shard} shards): states sharded over all {dp} data-parallel ranks")
    else:
        d.parallel["zero"] = 0
    micro = as_int(d, "parallelism.pipeline_parallel_microbatch_size", par.get("pipeline_parallel_microbatch_size", 1))
    d.workload["micro_batch"] = micro if pp > 1 else local
    global_ = training.get("global_batch_size", -1)
    if global_ == -1:
        d.workload["global_batch"] = local * dp
    else:
        d.workload["global_batch"] = as_int(d, "training.global_batch_size", global_)
        if d.workload["global_batch"] % (local * dp):
            raise d.fail("training.global_batch_size", f"must be a multiple of local_batch_size × dp = {local * dp}")


def _precision(d: Draft, doc: dict[str, Any], training: dict[str, Any]) -> None:
    dtype = training.get("dtype", "float32")
    param = training.get("mixed_precision_param", "bfloat16")
    if dtype == "bfloat16":
        d.workload["precision"] = "bf16-true"
    elif dtype == "float32":
        d.workload["precision"] = "bf16-master" if param == "bfloat16" else "fp32"
    else:
        raise d.fail("training.dtype", f"must be bfloat16 or float32, got {dtype!r}")
    converters = doc.get("model", {}).get("converters", [])
    if isinstance(converters, str):
        converters = [c for c in converters.split(",") if c]
    if any(c in FLOAT8_CONVERTERS for c in converters) or doc.get("float8", {}).get("enable_float8_linear"):
        d.workload["precision"] = "fp8-mixed"
        d.workload["fp8_recipe"] = "torchao"
    unknown = [c for c in converters if c not in (*FLOAT8_CONVERTERS, "quantize.grouped_mm.float8")]
    if unknown:
        raise d.fail("model.converters", f"unknown converter {unknown[0]!r} (gpuplanner reads float8 only)")


def _recompute(d: Draft, ac: dict[str, Any]) -> None:
    mode = ac.get("mode", "selective")
    if mode == "none":
        d.workload["recompute"] = "none"
    elif mode == "full":
        d.workload["recompute"] = "full"
    elif mode == "selective":
        option = str(ac.get("selective_ac_option", "2"))
        if option == "op":
            d.workload["recompute"] = "selective-op"
        elif option.isdigit() and int(option) >= 1:
            d.workload["recompute"] = "full"  # torchtitan: every N-th block wrapped in full checkpointing
            if int(option) > 1:
                d.workload["recompute_every"] = int(option)
            if "selective_ac_option" not in ac:
                d.assume("selective_ac_option '2' (torchtitan 0.2.2 default): every 2nd layer recomputed")
        else:
            raise d.fail(
                "activation_checkpoint.selective_ac_option", f"must be 'op' or a positive integer, got {option!r}"
            )
    elif mode == "memory_budget":
        d.workload["recompute"] = "selective-op"
        d.assume("activation_checkpoint.mode memory_budget: estimated as torchtitan's per-op selective policy")
    else:
        raise d.fail("activation_checkpoint.mode", f"must be none, selective, full or memory_budget, got {mode!r}")
