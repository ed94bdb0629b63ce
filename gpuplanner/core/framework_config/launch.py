"""A Plan's layout written as a framework's own config (spec §4.5 `gpuplanner launch`).

The layout is the estimate's (`engine.estimate(...).layout`: the planner's choice for every key the scenario
leaves out). Each writer emits only keys the framework's parser knows (torchtitan 0.2.2 job_config.py, torchtune
0.6.1 recipes, Megatron-LM arguments.py, DeepSpeed's config, accelerate's config_args.py), so `import-config`
reads the same run back; the header is comments the importers skip.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..framework import fp8_recipe_of
from ..results import Estimate
from ..scenario import Scenario
from .megatron import FP8_RECIPE_FLAGS
from .torchtitan import FLAVORS
from .torchtune_models import BUILDER_FOR_PRESET, TOKENIZER_FOR_FAMILY

LAUNCH_FORMATS = ("torchtitan", "torchtitan-registry", "torchtune", "megatron", "deepspeed", "accelerate")


@dataclass(frozen=True)
class LaunchConfig:
    text: str  # the file to write
    header: str  # the comment lines (inside `text` except for JSON, which has no comments)
    command: str  # the line that starts the run with it
    notes: tuple[str, ...]  # where the framework cannot say what the scenario says (nearest setting used)


@dataclass(frozen=True)
class _Run:
    s: Scenario
    e: Estimate
    global_batch: int
    grad_accum: int
    steps: int


def _run(s: Scenario, e: Estimate) -> _Run:
    lay, w = e.layout, s.workload
    global_batch = w.global_batch or lay.micro_batch * lay.dp
    accum = max(1, global_batch // (lay.micro_batch * lay.dp))
    steps = max(1, math.ceil((w.training_tokens or 0) / (global_batch * w.seq_len)))
    return _Run(s, e, global_batch, accum, steps)


def header(r: _Run, version: str, source: str, command: str, notes: list[str]) -> str:
    lay, m = r.e.layout, r.e.memory
    gib = 2**30
    memory = (
        f"{m.total / gib:.1f} GiB peak ({(m.total + m.overhead) / gib:.1f} GiB as nvidia-smi shows)" if m else "n/a"
    )
    tps = r.e.time.tokens_per_second if r.e.time and r.e.time.tokens_per_second else None
    speed = f"{tps:,.0f} tokens/s on all GPUs ({tps / r.s.hardware.gpu_count:,.0f} per GPU)" if tps else "n/a"
    lines = [
        f"Written by gpuplanner {version} from the scenario {r.s.name!r} ({source})",
        f"Layout: tp={lay.tp} pp={lay.pp} cp={lay.cp} dp={lay.dp} zero={lay.zero} micro_batch={lay.micro_batch} "
        f"global_batch={r.global_batch} recompute={lay.recompute} on {r.s.hardware.gpu_count} x {r.e.gpu}",
        f"Expected per GPU: {memory}; {speed}",
        f"Run: {command}",
        *[f"Note: {n}" for n in notes],
    ]
    return "".join(f"# {line}\n" for line in lines)


def _torchtitan_doc(r: _Run, notes: list[str]) -> tuple[dict[str, Any], tuple[str, str]]:
    s, lay, w = r.s, r.e.layout, r.s.workload
    flavor = next((k for k, v in FLAVORS.items() if v == s.model_preset), None)
    if flavor is None:
        raise InputError(f"torchtitan has no model flavor for {s.model.name!r}", key="model")
    pp = lay.pp > 1
    training = {
        "local_batch_size": r.global_batch // lay.dp if pp else lay.micro_batch,
        "global_batch_size": r.global_batch,
        "seq_len": w.seq_len,
        "steps": r.steps,
        "dtype": "bfloat16" if w.precision == "bf16-true" else "float32",
        "mixed_precision_param": "float32" if w.precision == "fp32" else "bfloat16",
        "enable_cpu_offload": w.offload == "full",
    }
    if w.precision not in ("bf16-true", "bf16-master", "fp32", "fp8-mixed"):
        notes.append(f"{w.precision} is written as torchtitan's FSDP2 mixed precision (bf16-master)")
    par = {
        "data_parallel_replicate_degree": 1 if lay.zero else lay.dp,
        "data_parallel_shard_degree": lay.dp if lay.zero else 1,
        "fsdp_reshard_after_forward": "never" if lay.zero == 2 else "default",
        "tensor_parallel_degree": lay.tp,
        "pipeline_parallel_degree": lay.pp,
        "context_parallel_degree": lay.cp,
        "expert_parallel_degree": lay.ep,
    }
    if w.moe_dispatcher == "deepep":
        par["expert_parallel_comm_backend"] = "deepep"
    if pp:
        par["pipeline_parallel_microbatch_size"] = lay.micro_batch
    ac = {"none": {"mode": "none"}, "full": {"mode": "full"}, "selective-op": {"mode": "selective",
          "selective_ac_option": "op"}}.get(lay.recompute)  # fmt: skip
    if lay.recompute == "full" and w.recompute_every > 1:
        ac = {"mode": "selective", "selective_ac_option": str(w.recompute_every)}
    if ac is None:
        ac = {"mode": "selective", "selective_ac_option": "op"}
        notes.append(f"recompute {lay.recompute} has no torchtitan policy: per-op selective written")
    model: dict[str, object] = {"name": flavor[0], "flavor": flavor[1]}
    if w.precision == "fp8-mixed":
        model["converters"] = ["quantize.linear.float8"]
        recipe = fp8_recipe_of(w.fp8_recipe, w.framework) or "torchao"
        if recipe != "torchao":
            notes.append(
                f"fp8 recipe {recipe} is Transformer Engine's: torchao float8 (quantize.linear.float8) written"
            )
    doc = {
        "job": {"description": s.name},
        "model": model,
        "optimizer": {
            "name": "AdamW",
            "implementation": "foreach" if w.optimizer_impl == "foreach" else "fused",
            "early_step_in_backward": w.optimizer_in_backward,
        },  # fmt: skip
        "training": training,
        "parallelism": par,
        "activation_checkpoint": ac,
        "compile": {"enable": w.compile, "components": ["model", "loss"]},
    }
    if w.optimizer != "adamw":
        notes.append(f"optimizer {w.optimizer}: torchtitan builds AdamW")
    return doc, flavor


def _torchtitan(r: _Run, notes: list[str]) -> tuple[str, str]:
    import tomli_w

    doc, _ = _torchtitan_doc(r, notes)
    n = r.s.hardware.gpu_count
    return tomli_w.dumps(doc), f"NGPU={n} CONFIG_FILE={{out}} ./run_train.sh   (torchrun --nproc_per_node {n})"


def _flag(key: str, value: Any) -> str:
    """One tyro flag as torchtitan's ConfigManager parses it: booleans `--x` / `--no-x`, lists `A,B`."""
    section, _, leaf = key.rpartition(".")
    if isinstance(value, bool):
        return f"--{key}" if value else f"--{section}.no-{leaf.replace('_', '-')}"
    if isinstance(value, list):
        value = ",".join(str(v) for v in value)
    return f"--{key} {value}"


def _torchtitan_registry(r: _Run, notes: list[str]) -> tuple[str, str]:
    """torchtitan after its config registry (commit 9810191): `--module M --config F` and every planned field as
    a flag, so the run does not depend on the registry function's own values."""
    from .torchtitan_registry import PINNED, installed_registry

    doc, (module, flavor) = _torchtitan_doc(r, notes)
    config = f"{module}_{flavor.lower()}"
    found = installed_registry(module)
    table = found[0] if found else PINNED.get(module, {})
    converters = table.get(config, {}).get("model", {}).get("converters", [])
    fp8 = "model" in doc and "converters" in doc["model"]
    if fp8 != any("float8" in c for c in converters):
        notes.append(f"{config}() {'has' if converters else 'has no'} Float8 converter and the registry's command "
                     f"line cannot change it: the run is {'fp8' if converters else 'bf16'}")  # fmt: skip
    if r.s.workload.optimizer_in_backward:
        notes.append("optimizer in backward: a registry config with OptimizersInBackwardContainer (*_opt_in_bwd)")
    flags = [f"--module {module} --config {config}"]
    for section in ("training", "parallelism", "activation_checkpoint", "compile"):
        flags += [_flag(f"{section}.{k}", v) for k, v in doc[section].items()]
    flags.append(_flag("optimizer.implementation", doc["optimizer"]["implementation"]))
    n = r.s.hardware.gpu_count
    line = f"NGPU={n} ./run_train.sh " + " \\\n  ".join(flags) + "\n"
    return line, f"sh {{out}}   (run_train.sh: torchrun --nproc_per_node {n} -m torchtitan.train)"


def _torchtune(r: _Run, notes: list[str]) -> tuple[str, str]:
    import yaml

    s, lay, w = r.s, r.e.layout, r.s.workload
    builder = BUILDER_FOR_PRESET.get(s.model_preset or "")
    if builder is None:
        raise InputError(f"torchtune has no model builder for {s.model.name!r}", key="model")
    family, func = builder.rsplit(".", 2)[-2:]
    model: dict[str, object] = {"_component_": builder}
    if w.is_lora:
        prefix = "qlora_" if w.method == "qlora" else "lora_"
        model = {
            "_component_": f"torchtune.models.{family}.{prefix}{func}",
            "lora_attn_modules": [
                m
                for t, m in (("q", "q_proj"), ("k", "k_proj"), ("v", "v_proj"), ("o", "output_proj"))
                if t in w.lora_targets
            ],  # fmt: skip
            "apply_lora_to_mlp": any(t in w.lora_targets for t in ("gate", "up", "down")),
            "apply_lora_to_output": False,
            "lora_rank": w.lora_rank,
            "lora_alpha": 2 * w.lora_rank,  # torchtune's configs: "usually alpha=2*rank"
            "lora_dropout": 0.0,
        }
    single = s.hardware.gpu_count == 1
    kind = "lora" if w.is_lora else "full"
    recipe = f"{kind}_finetune_{'single_device' if single else 'distributed'}"
    opt = {"adamw": "torch.optim.AdamW", "adamw8bit": "torchao.optim.AdamW8bit", "sgd": "torch.optim.SGD"}
    component = opt.get(w.optimizer, "torch.optim.AdamW")
    if w.optimizer_paged:
        component = (
            "bitsandbytes.optim.PagedAdamW8bit" if w.optimizer == "adamw8bit" else "bitsandbytes.optim.PagedAdamW"
        )
    optimizer: dict[str, object] = {"_component_": component, "lr": 2e-5}
    if component == "torch.optim.AdamW":
        optimizer["fused"] = w.optimizer_impl == "fused"
    if lay.recompute not in ("none", "full"):
        notes.append(f"recompute {lay.recompute}: torchtune checkpoints whole layers (full written)")
    cfg = {
        "output_dir": "/tmp/torchtune/gpuplanner",
        "tokenizer": {
            "_component_": TOKENIZER_FOR_FAMILY.get(family, "torchtune.models.llama3.llama3_tokenizer"),
            "path": "/tmp/model/original/tokenizer.model",
            "max_seq_len": w.seq_len,
        },  # fmt: skip
        "model": model,
        "checkpointer": {
            "_component_": "torchtune.training.FullModelHFCheckpointer",
            "checkpoint_dir": "/tmp/model",
            "checkpoint_files": ["model.safetensors"],
            "output_dir": "${output_dir}",
            "model_type": "LLAMA3",
        },  # fmt: skip
        "resume_from_checkpoint": False,
        "dataset": {"_component_": "torchtune.datasets.alpaca_cleaned_dataset", "packed": False},
        "seed": None,
        "shuffle": True,
        "batch_size": lay.micro_batch,
        "epochs": 1,
        "max_steps_per_epoch": r.steps,
        "gradient_accumulation_steps": r.grad_accum,
        "optimizer": optimizer,
        "optimizer_in_bwd": w.optimizer_in_backward,
        "loss": {
            "_component_": "torchtune.modules.loss.CEWithChunkedOutputLoss"
            if w.chunked_loss
            else "torch.nn.CrossEntropyLoss"
        },  # fmt: skip
        "compile": w.compile,
        "device": "cuda",
        "dtype": "fp32" if w.precision == "fp32" else "bf16",
        "enable_activation_checkpointing": lay.recompute != "none",
        "enable_activation_offloading": w.activation_offload,
        "metric_logger": {
            "_component_": "torchtune.training.metric_logging.DiskLogger",
            "log_dir": "${output_dir}/logs",
        },
        "log_every_n_steps": 1,
        "log_peak_memory_stats": True,
    }
    if not single:
        cfg.update(tensor_parallel_dim=lay.tp, fsdp_cpu_offload=w.offload == "full")
        if lay.tp > 1:
            cfg["tensor_parallel_plan"] = {"_component_": f"torchtune.models.{family}.base_llama_tp_plan"}
            notes.append("tensor_parallel_plan: check the TP plan your model family ships")
        if lay.zero == 2:
            cfg["fsdp_reshard_after_forward"] = False
    if w.precision not in ("bf16-true", "fp32"):
        notes.append(f"{w.precision}: torchtune trains in pure bf16 (bf16-true written)")
    nproc = "" if single else f"--nproc_per_node {s.hardware.gpu_count} "
    return yaml.safe_dump(cfg, sort_keys=False), f"tune run {nproc}{recipe} --config {{out}}"


def _megatron(r: _Run, notes: list[str]) -> tuple[str, str]:
    s, lay, w, m = r.s, r.e.layout, r.s.workload, r.s.model
    flags: list[tuple[str, object]] = [
        ("num-layers", m.layers), ("hidden-size", m.hidden), ("num-attention-heads", m.heads),
        ("ffn-hidden-size", m.ffn_hidden), ("vocab-size", m.vocab), ("seq-length", w.seq_len),
        ("max-position-embeddings", w.seq_len), ("micro-batch-size", lay.micro_batch),
        ("global-batch-size", r.global_batch), ("train-iters", r.steps),
        ("tensor-model-parallel-size", lay.tp), ("pipeline-model-parallel-size", lay.pp),
        ("context-parallel-size", lay.cp), ("normalization", "RMSNorm" if m.norm == "rmsnorm" else "LayerNorm"),
        ("optimizer", "sgd" if w.optimizer == "sgd" else "adam"),
    ]  # fmt: skip
    if m.kv_heads != m.heads:
        flags += [("group-query-attention", True), ("num-query-groups", m.kv_heads)]
    if m.head_dim != m.hidden // m.heads:
        flags.append(("kv-channels", m.head_dim))
    if m.gated_mlp:
        flags.append(("swiglu", True))
    if not m.tied_embeddings:
        flags.append(("untie-embeddings-and-output-weights", True))
    if not m.linear_bias:
        flags.append(("disable-bias-linear", True))
    if m.is_moe:
        flags += [("num-experts", m.experts), ("moe-router-topk", m.experts_active)]
        if w.moe_dispatcher == "deepep":
            flags += [("moe-token-dispatcher-type", "flex"), ("moe-flex-dispatcher-backend", "deepep")]
        else:
            flags.append(("moe-token-dispatcher-type", "alltoall"))
    if lay.ep > 1:
        flags.append(("expert-model-parallel-size", lay.ep))
    if w.precision.startswith("bf16") or w.precision == "fp8-mixed":
        flags.append(("bf16", True))
    elif w.precision.startswith("fp16"):
        flags.append(("fp16", True))
    if w.precision == "fp8-mixed":
        flags.append(("fp8-format", "hybrid"))
        recipe = fp8_recipe_of(w.fp8_recipe, w.framework) or "torchao"  # the casts the estimate priced
        flag = {v: k for k, v in FP8_RECIPE_FLAGS.items()}.get(recipe)
        if flag is None:
            flag = "tensorwise"
            notes.append(f"fp8 recipe {recipe} has no Megatron-LM flag: TE current scaling (tensorwise) written")
        flags.append(("fp8-recipe", flag))
    if lay.vpp > 1:
        flags.append(("num-layers-per-virtual-pipeline-stage", m.layers // (lay.pp * lay.vpp)))
    if lay.sequence_parallel and lay.tp > 1:
        flags.append(("sequence-parallel", True))
    if lay.zero >= 1:
        flags.append(("use-distributed-optimizer", True))
        if lay.zero > 1:
            notes.append(f"ZeRO-{lay.zero}: Megatron's distributed optimizer shards optimizer states only (ZeRO-1)")
    if lay.recompute in ("full", "selective"):
        flags.append(("recompute-granularity", lay.recompute))
        if lay.recompute == "full":
            flags += [("recompute-method", "uniform"), ("recompute-num-layers", 1)]
    elif lay.recompute != "none":
        flags.append(("recompute-granularity", "selective"))
        notes.append(f"recompute {lay.recompute}: Megatron's selective recompute written")
    text = "".join(f"--{k}\n" if v is True else f"--{k} {v}\n" for k, v in flags)
    nodes = max(1, s.hardware.gpu_count // 8)
    per_node = s.hardware.gpu_count // nodes
    return text, f"torchrun --nnodes {nodes} --nproc_per_node {per_node} pretrain_gpt.py $(grep -v '^#' {{out}})"


def _deepspeed_json(r: _Run, notes: list[str]) -> dict[str, object]:
    lay, w = r.e.layout, r.s.workload
    zero: dict[str, object] = {"stage": lay.zero, "overlap_comm": True, "contiguous_gradients": True}
    if w.offload in ("optimizer", "full"):
        zero["offload_optimizer"] = {"device": "cpu", "pin_memory": True}
    if w.offload == "full":
        zero["offload_param"] = {"device": "cpu", "pin_memory": True}
    if lay.tp > 1 or lay.pp > 1 or lay.cp > 1:
        notes.append("DeepSpeed ZeRO over HF modules: tp/pp/cp are not DeepSpeed config keys")
    return {
        "train_batch_size": r.global_batch,
        "train_micro_batch_size_per_gpu": lay.micro_batch,
        "gradient_accumulation_steps": r.grad_accum,
        "bf16": {"enabled": w.precision.startswith("bf16") or w.precision == "fp8-mixed"},
        "fp16": {"enabled": w.precision.startswith("fp16")},
        "zero_optimization": zero,
        "optimizer": {"type": "AdamW", "params": {"lr": 2e-5}},
        "gradient_clipping": 1.0,
    }


def _deepspeed(r: _Run, notes: list[str]) -> tuple[str, str]:
    doc = _deepspeed_json(r, notes)
    n = r.s.hardware.gpu_count
    return json.dumps(doc, indent=2) + "\n", f"deepspeed --num_gpus {n} train.py --deepspeed {{out}}"


def _accelerate(r: _Run, notes: list[str]) -> tuple[str, str]:
    import yaml

    lay, w = r.e.layout, r.s.workload
    mp = {"fp32": "no", "fp8-mixed": "fp8"}.get(w.precision, "fp16" if w.precision.startswith("fp16") else "bf16")
    cfg: dict[str, object] = {"compute_environment": "LOCAL_MACHINE", "num_machines": 1,
                              "num_processes": r.s.hardware.gpu_count, "mixed_precision": mp,
                              "machine_rank": 0, "main_training_function": "main"}  # fmt: skip
    if lay.zero == 0:
        cfg["distributed_type"] = "MULTI_GPU" if r.s.hardware.gpu_count > 1 else "NO"
    else:
        cfg["distributed_type"] = "FSDP"
        cfg["fsdp_config"] = {"fsdp_sharding_strategy": "FULL_SHARD" if lay.zero == 3 else "SHARD_GRAD_OP",
                              "fsdp_offload_params": w.offload == "full",
                              "fsdp_activation_checkpointing": lay.recompute != "none",
                              "fsdp_auto_wrap_policy": "TRANSFORMER_BASED_WRAP"}  # fmt: skip
        if lay.zero == 1:
            notes.append("ZeRO-1: FSDP has no optimizer-only sharding (SHARD_GRAD_OP written)")
    if w.compile:
        cfg["dynamo_config"] = {"dynamo_backend": "INDUCTOR"}
    args = (f"--per_device_train_batch_size {lay.micro_batch} --gradient_accumulation_steps {r.grad_accum} "
            f"--max_steps {r.steps}" + (" --gradient_checkpointing" if lay.recompute != "none" else ""))  # fmt: skip
    return yaml.safe_dump(cfg, sort_keys=False), f"accelerate launch --config_file {{out}} train.py {args}"


WRITERS = {"torchtitan": _torchtitan, "torchtitan-registry": _torchtitan_registry, "torchtune": _torchtune,
           "megatron": _megatron, "deepspeed": _deepspeed, "accelerate": _accelerate}  # fmt: skip


def launch_config(s: Scenario, e: Estimate, framework: str, *, version: str, source: str, out: str) -> LaunchConfig:
    """The config text for `framework`; InputError when that framework cannot run the scenario."""
    if framework not in WRITERS:
        raise InputError(f"must be one of {', '.join(LAUNCH_FORMATS)}, got {framework!r}", key="--framework")
    if not s.workload.is_training:
        raise InputError("launch writes training configs; this scenario is inference", key="workload.method")
    notes: list[str] = []
    r = _run(s, e)
    body, command = WRITERS[framework](r, notes)
    command = command.replace("{out}", out)
    head = header(r, version, source, command, notes)
    text = body if framework == "deepspeed" else head + body
    return LaunchConfig(text=text, header=head, command=command, notes=tuple(notes))
