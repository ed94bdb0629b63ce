"""Read, validate and write scenario files (spec §4.1). Parsed as data only (tomllib), written atomically."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from typing import Any

from . import scenario as sc
from .errors import InputError
from .files import atomic_write_text, read_user_toml
from .framework import profile
from .model import MODEL_FIELDS, ModelSpec
from .presets import preset as lookup_preset

# Bounds (issue #18): counts are a few thousand times the largest published model or cluster (Llama 3.1 405B:
# 126 layers, hidden 16,384, vocab 128,256; DeepSeek-V3: 256 experts; 16,384-GPU jobs); money is in USD.
from .scenario_keys import (  # noqa: F401 - re-exported: the key tables are read through this module too
    CLUSTER_KEYS,
    COST_KEYS,
    GOODPUT_KEYS,
    HARDWARE_KEYS,
    INT_KEYS,
    MAX_GPU_HOUR_USD,
    MAX_GPUS,
    MAX_LAYERS,
    MAX_MONEY_USD,
    MAX_TOKENS,
    MAX_WIDTH,
    MAX_YEARS,
    MODEL_KEYS,
    PARALLEL_KEYS,
    TABLES,
    TOP_KEYS,
    WORKLOAD_KEYS,
    _applies,
)
from .suggest import did_you_mean
from .value_checks import (
    MAX_TEXT_CHARS,
    clean_name,
    fmt_value,
    range_problem,
)


def parse_scenario(doc: Mapping[str, Any], *, file: str | None = None) -> sc.Scenario:
    """Validate a parsed TOML document and build the Scenario. Raises InputError naming file and key."""

    def fail(key: str, message: str) -> InputError:
        return InputError(message, file=file, key=key)

    for key in doc:
        if key not in TABLES and key not in TOP_KEYS:
            raise fail(key, "unknown key" + did_you_mean(key, [*TABLES, *TOP_KEYS]))
    schema = doc.get("schema")
    if schema is None:
        raise fail("schema", f"missing; the first line must be 'schema = {sc.SCHEMA_VERSION}'")
    # type() is int: true and 1.0 compare equal to 1 but are not a schema version
    if type(schema) is not int or schema != sc.SCHEMA_VERSION:
        raise fail(
            "schema", f"unsupported version {fmt_value(schema)}; this gpuplanner reads schema {sc.SCHEMA_VERSION}"
        )
    name = doc.get("name", "Untitled scenario")
    if not isinstance(name, str):
        raise fail("name", f"must be a string, got {fmt_value(name)}")
    if len(name) > MAX_TEXT_CHARS:
        raise fail("name", f"must be at most {MAX_TEXT_CHARS} characters, got {len(name):,}")
    name = clean_name(name)  # control characters would reach the terminal as escapes

    tables: dict[str, dict[str, Any]] = {}
    for tname, keys in TABLES.items():
        raw = doc.get(tname, {})
        if not isinstance(raw, dict):
            raise fail(tname, "must be a table ([" + tname + "])")
        for key in raw:
            if key not in keys:
                raise fail(f"{tname}.{key}", "unknown key" + did_you_mean(key, keys))
        tables[tname] = dict(raw)

    wl = tables["workload"]
    if "method" not in wl:
        raise fail("workload.method", "missing; must be one of " + ", ".join(sc.METHODS))
    method = wl["method"]
    problem = WORKLOAD_KEYS["method"].check(method)
    if problem:
        raise fail("workload.method", f"{problem}, got {fmt_value(method)}")
    for tname, keys in TABLES.items():
        for key, value in tables[tname].items():
            if key == "name" and isinstance(value, str):  # a free-text name is cleaned, not refused
                tables[tname][key] = value = clean_name(value)
            problem = keys[key].check(value) or range_problem(keys[key], value)
            if problem:
                raise fail(f"{tname}.{key}", f"{problem}, got {fmt_value(value)}")
            if not _applies(keys[key].applies, method):
                raise fail(f"{tname}.{key}", f"does not apply to method {method!r}")
            if key in INT_KEYS and isinstance(value, float):
                tables[tname][key] = int(value)

    model, preset_id = _build_model(tables["model"], fail)
    workload = _build_workload(tables["workload"], fail)
    hw = tables["hardware"]
    for key in ("gpu", "gpu_count"):
        if key not in hw:
            raise fail(f"hardware.{key}", "missing")
    hardware = sc.Hardware(
        gpu=hw["gpu"],
        gpu_count=hw["gpu_count"],
        candidates=tuple(hw.get("candidates", ())),
        gpus_per_node=hw.get("gpus_per_node"),
        node=hw.get("node"),
        intra_node_gbytes_per_s=hw.get("intra_node_gbytes_per_s"),
        inter_node_gbits_per_s=hw.get("inter_node_gbits_per_s"),
    )
    if hardware.candidates and hardware.gpu not in hardware.candidates:
        hardware = dataclasses.replace(hardware, candidates=(hardware.gpu, *hardware.candidates))
    parallel = sc.Parallel(**tables["parallel"])
    scenario = sc.Scenario(
        name=name,
        model=model,
        model_preset=preset_id,
        workload=workload,
        hardware=hardware,
        parallel=parallel,
        goodput=sc.Goodput(**tables["goodput"]),
        cluster=sc.Cluster(**tables["cluster"]),
        cost=sc.CostSettings(**tables["cost"]),
    )
    issue = cross_key_problem(scenario) or layout_problem(scenario)
    if issue:
        raise fail(*issue)
    return scenario


MAX_PARAMS = 1e15  # ~2,500 × Llama 3.1 405B: far beyond any model, far inside float and int64 arithmetic


def cross_key_problem(s: sc.Scenario) -> tuple[str, str] | None:
    """Bounds that tie keys together, checked once the scenario is built; None when they hold."""
    m, w = s.model, s.workload
    if m.params > MAX_PARAMS:
        return "model", f"has {m.params:.3g} parameters; at most {MAX_PARAMS:.0e} are supported"
    if w.is_lora and w.lora_rank > m.hidden:
        return "workload.lora_rank", f"must be at most model.hidden ({m.hidden:,}), got {w.lora_rank:,}"
    if w.is_lora and m.lora_params(w.lora_rank, w.lora_targets) > m.params:
        return "workload.lora_rank", (
            f"gives more adapter parameters than the model has ({m.params:.3g}); choose a smaller rank, "
            f"got {w.lora_rank:,}"
        )
    if w.is_training and (w.training_tokens or 0) > MAX_TOKENS:
        return "workload.epochs", f"dataset_tokens × epochs must be at most {MAX_TOKENS:.0e}"
    if w.is_training and w.recompute_every > m.layers:
        return "workload.recompute_every", f"must be at most model.layers ({m.layers}), got {w.recompute_every}"
    return None


def _build_model(raw: dict[str, Any], fail: Callable[[str, str], InputError]) -> tuple[ModelSpec, str | None]:
    preset_id = raw.get("preset")
    fields = {k: v for k, v in raw.items() if k != "preset"}
    if preset_id is not None:
        try:
            base = lookup_preset(preset_id)
        except InputError as err:
            raise fail("model.preset", err.detail) from None
        model = base.with_overrides(**fields) if fields else base
        if fields and "name" not in fields:
            model = model.with_overrides(name=f"{base.name} (modified)")
    else:
        for key in ("layers", "hidden", "heads", "ffn_hidden", "vocab"):
            if key not in fields:
                raise fail(
                    f"model.{key}", "missing; give model.preset or all of layers, hidden, heads, ffn_hidden, vocab"
                )
        fields.setdefault("kv_heads", fields["heads"])
        fields.setdefault("name", "Custom model")
        model = ModelSpec(**fields)
    if model.heads % model.kv_heads:
        raise fail("model.kv_heads", f"must divide model.heads ({model.heads}), got {model.kv_heads}")
    if "head_dim" not in fields and model.hidden % model.heads:
        raise fail(
            "model.heads",
            f"must divide model.hidden ({model.hidden}) unless model.head_dim is given, got {model.heads}",
        )
    if model.experts_active > model.experts:
        raise fail(
            "model.experts_active", f"must be at most model.experts ({model.experts}), got {model.experts_active}"
        )
    if model.dense_layers >= model.layers and model.is_moe:
        raise fail("model.dense_layers", f"must be less than model.layers ({model.layers})")
    return model, preset_id


def _build_workload(raw: dict[str, Any], fail: Callable[[str, str], InputError]) -> sc.Workload:
    data = dict(raw)
    if "input_len" in data and "output_len" in data:  # spec §4.1: seq_len = input + output when both given
        total = data["input_len"] + data["output_len"]
        if data.setdefault("seq_len", total) != total:
            raise fail("workload.seq_len", f"must equal input_len + output_len ({total:,}), got {data['seq_len']:,}")
    if "seq_len" not in data:
        raise fail("workload.seq_len", "missing (inference: or give workload.input_len and workload.output_len)")
    if "precision" in data:
        data["precision"] = sc.PRECISION_ALIASES.get(data["precision"], data["precision"])
    elif data.get("method") in sc.TRAINING_METHODS:
        # an absent precision is the framework's own (torchtune trains in pure bf16, torchtitan with FSDP2
        # mixed precision), written back explicitly when the scenario is saved
        data["precision"] = profile(data.get("framework")).default_precision
    if "lora_targets" in data:
        data["lora_targets"] = tuple(data["lora_targets"])
    workload = sc.Workload(**data)
    if workload.is_training:
        if workload.tokens is not None and workload.dataset_tokens is not None:
            raise fail("workload.tokens", "give workload.tokens or workload.dataset_tokens × epochs, not both")
        if workload.epochs is not None and workload.dataset_tokens is None:
            raise fail("workload.epochs", "needs workload.dataset_tokens")
        if workload.training_tokens is None:
            raise fail("workload.tokens", "missing; give workload.tokens or workload.dataset_tokens (× epochs)")
        if workload.recompute_every > 1 and workload.recompute != "full":
            raise fail(
                "workload.recompute_every",
                f'needs workload.recompute = "full" (every N-th layer recomputed), got {workload.recompute!r}',
            )
        if workload.fp8_recipe is not None and workload.precision != "fp8-mixed":
            raise fail("workload.fp8_recipe", 'needs workload.precision = "fp8-mixed"')
        if workload.micro_batch and workload.global_batch and workload.global_batch % workload.micro_batch:
            raise fail(
                "workload.global_batch",
                f"must be a multiple of workload.micro_batch ({workload.micro_batch}), got {workload.global_batch}",
            )
    return workload


def layout_problem(s: sc.Scenario) -> tuple[str, str] | None:
    """The first impossible combination of layout keys, as (key, message); None when the given keys agree."""
    p, m, w, n = s.parallel, s.model, s.workload, s.hardware.gpu_count
    tp, pp, cp = p.tp or 1, p.pp or 1, p.cp or 1
    if n % (tp * pp * cp):
        return "parallel", (
            f"dp = gpu_count / (tp × pp × cp) = {n} / ({tp} × {pp} × {cp}) is not a whole number; "
            f"choose tp, pp and cp whose product divides hardware.gpu_count"
        )
    if p.tp and m.heads % p.tp:
        return "parallel.tp", f"must divide the attention heads ({m.heads}), got {p.tp}"
    if p.tp and m.kv_heads % p.tp and p.tp % m.kv_heads:
        return "parallel.tp", (f"must divide the KV heads ({m.kv_heads}) or be a multiple of them, got {p.tp}")
    if p.pp and p.pp > m.layers:
        return "parallel.pp", f"must be at most the number of layers ({m.layers}), got {p.pp}"
    if p.vpp > 1 and (p.pp or 1) < 2:
        return "parallel.vpp", "needs parallel.pp of 2 or more"
    if p.vpp > 1 and (p.pp or 1) * p.vpp > m.layers:
        return "parallel.vpp", f"pp × vpp must be at most the layers ({m.layers}), got {p.pp} × {p.vpp}"
    if p.cp and w.seq_len % p.cp:
        return "parallel.cp", f"must divide workload.seq_len ({w.seq_len}), got {p.cp}"
    if p.ep and p.ep > 1:
        if not m.is_moe:
            return "parallel.ep", "expert parallel needs an MoE model (model.experts > 1)"
        if m.experts % p.ep:
            return "parallel.ep", f"must divide model.experts ({m.experts}), got {p.ep}"
        # EP beyond dp × cp folds over the TP ranks with whole experts (Megatron-Core MoE parallel folding,
        # core/moe_kernels.expert_tensor_parallel): then it must divide tp × dp × cp
        dpcp = n // (tp * pp * cp) * cp
        if p.tp and p.pp and p.cp and dpcp % p.ep and (tp * dpcp) % p.ep:
            if tp == 1:
                return "parallel.ep", f"must divide dp × cp ({dpcp}), got {p.ep}"
            return "parallel.ep", f"must divide dp × cp ({dpcp}) or tp × dp × cp ({tp * dpcp}), got {p.ep}"
    if w.is_training and p.tp and p.pp and p.cp and w.micro_batch and w.global_batch:
        dp = n // (tp * pp * cp)
        if w.global_batch % (w.micro_batch * dp):
            return "workload.global_batch", (
                f"must be a multiple of micro_batch × dp = {w.micro_batch} × {dp} = "
                f"{w.micro_batch * dp}, got {w.global_batch}"
            )
    if s.hardware.gpus_per_node and p.tp and p.tp > s.hardware.gpus_per_node:
        return "parallel.tp", (
            f"tensor parallel stays within a node: at most hardware.gpus_per_node "
            f"({s.hardware.gpus_per_node}), got {p.tp}"
        )
    return None


def read_scenario(path: str | os.PathLike[str]) -> sc.Scenario:
    """Load a `.gpuplan.toml` file. InputError for bad content, FileAccessError when it cannot be read."""
    return parse_scenario(read_user_toml(path, "scenario file"), file=str(path))


# --- writing ----------------------------------------------------------------------------------------


def scenario_to_dict(s: sc.Scenario) -> dict[str, Any]:
    """The TOML document for a scenario: only keys that apply to its method, None (= absent) left out."""
    doc: dict[str, Any] = {"schema": s.schema, "name": s.name}
    doc["model"] = _model_dict(s)
    method = s.workload.method
    workload = {
        k: v for k, v in _asdict(s.workload).items() if v is not None and _applies(WORKLOAD_KEYS[k].applies, method)
    }
    doc["workload"] = workload
    hw = {k: v for k, v in _asdict(s.hardware).items() if v not in (None, [])}
    doc["hardware"] = hw
    for tname, obj in (("parallel", s.parallel), ("goodput", s.goodput), ("cluster", s.cluster), ("cost", s.cost)):
        keys = TABLES[tname]
        defaults = _asdict(type(obj)())
        table = {
            k: v
            for k, v in _asdict(obj).items()
            if v is not None
            and _applies(keys[k].applies, method)
            and (v != defaults[k] or tname in ("parallel", "cost"))
        }
        if tname == "parallel" and table.get("vpp") == 1:
            table.pop("vpp")
        if table:
            doc[tname] = table
    return doc


def _asdict(obj: Any) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


def _model_dict(s: sc.Scenario) -> dict[str, Any]:
    current = {k: getattr(s.model, k) for k in MODEL_FIELDS}
    if s.model_preset:
        base = lookup_preset(s.model_preset)
        table: dict[str, Any] = {"preset": s.model_preset}
        table.update({k: v for k, v in current.items() if getattr(base, k) != v})
        if s.model.name != base.name:
            table["name"] = s.model.name
        return table
    blank = ModelSpec(
        name="",
        layers=1,
        hidden=s.model.hidden,
        heads=s.model.heads,
        kv_heads=1,
        ffn_hidden=s.model.ffn_hidden,
        vocab=1,
    )
    table = {"name": s.model.name}
    for k, v in current.items():
        if k in ("layers", "hidden", "heads", "kv_heads", "ffn_hidden", "vocab") or getattr(blank, k) != v:
            table[k] = v
    if s.model.expert_ffn_hidden == s.model.ffn_hidden:
        table.pop("expert_ffn_hidden", None)
    if s.model.hidden % s.model.heads:
        table["head_dim"] = s.model.head_dim  # not derivable: the file must say it
    return table


def scenario_to_toml(s: sc.Scenario) -> str:
    import tomli_w

    return tomli_w.dumps(scenario_to_dict(s))


def write_scenario(s: sc.Scenario, path: str | os.PathLike[str]) -> None:
    """Save atomically (core.files.atomic_write_text: through symlinks, mode kept, special files refused)."""
    atomic_write_text(path, scenario_to_toml(s), example="plan.gpuplan.toml")
