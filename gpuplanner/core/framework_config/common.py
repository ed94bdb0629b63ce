"""What every importer shares: the options, the typed result, a draft of the scenario's tables that collects
every assumption, safe parsing of YAML/JSON/TOML and the model lookup (preset, HF id or config.json).

The importers fill a `Draft`; `finish` applies the command-line options and the printed defaults, computes the
global batch from the gradient accumulation and the data-parallel degree, and validates the result with
`scenario_io.parse_scenario`, so an imported scenario is exactly as strict as a hand-written one.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..files import decode_user_text, parse_toml, read_user_file
from ..model import MODEL_FIELDS, ModelSpec
from ..presets import presets
from ..scenario import Scenario
from ..suggest import did_you_mean

# What a training config never says (spec §4.5 "a printed default"): one H100 node, the most common target of
# the frameworks' own example configs (torchtitan's llama3 TOMLs are "a preset for 64 A100/128 H100 GPUs",
# torchtune's distributed recipes say "on 2+ GPUs").
DEFAULT_GPU = "h100-sxm-80gb"
DEFAULT_GPU_COUNT = 8
DEFAULT_TOKENS = 1e9
DEFAULT_SEQ_LEN = 2048
HEADER_MARK = "gpuplanner"  # launch writes its header as comments; importers skip comments anyway


@dataclass(frozen=True)
class ImportOptions:
    """The command line's `--framework --gpu --gpu-count --model --tokens`; None = from the file or a default."""

    framework: str | None = None
    gpu: str | None = None
    gpu_count: int | None = None
    model: str | None = None  # a preset id, or a path to an HF config.json (or its folder)
    tokens: float | None = None


@dataclass(frozen=True)
class Imported:
    """A training config read into a scenario, with every assumption made on the way."""

    scenario: Scenario
    source_format: str  # torchtune | torchtitan | deepspeed | hf | axolotl | accelerate | megatron
    assumptions: tuple[str, ...]
    lora_alpha: float | None = None  # not a scenario key (memory and time do not depend on it)
    grad_accum: int | None = None


@dataclass
class Draft:
    """The scenario tables an importer is filling (mutable while one file is read; never leaves the import)."""

    file: str
    source_format: str
    options: ImportOptions
    name: str = ""
    model: dict[str, Any] = field(default_factory=dict)
    workload: dict[str, Any] = field(default_factory=dict)
    hardware: dict[str, Any] = field(default_factory=dict)
    parallel: dict[str, Any] = field(default_factory=dict)
    assumptions: list[str] = field(default_factory=list)
    grad_accum: int | None = None
    lora_alpha: float | None = None
    # a tokens budget the file implies (steps × batch × seq_len), used when --tokens is absent
    steps: int | None = None
    gpu_count_fixed: bool = False  # the file's own degrees fix the GPU count: a different --gpu-count is an error
    launcher_gpu_count: int | None = None  # NGPU= / --nproc_per_node × --nnodes on a command line
    registry: bool = False  # a torchtitan command line naming a config-registry function (--module/--config)

    def fail(self, key: str, message: str) -> InputError:
        return InputError(message, file=self.file, key=key)

    def assume(self, text: str) -> None:
        if text not in self.assumptions:
            self.assumptions.append(text)


# --- parsing ------------------------------------------------------------------------------------------


def read_text(path: str | os.PathLike[str], what: str) -> str:
    return decode_user_text(read_user_file(path, what), file=str(path), what=what)


def load_yaml(textual: str, *, file: str) -> Any:
    """PyYAML's safe loader only: tags that build Python objects (`!!python/object`) are refused."""
    import yaml

    try:
        return yaml.safe_load(textual)
    except yaml.YAMLError as err:
        where = getattr(err, "problem_mark", None)
        at = f" at line {where.line + 1}" if where is not None else ""
        problem = getattr(err, "problem", None) or type(err).__name__
        raise InputError(f"not valid YAML{at} ({' '.join(str(problem).split())})", file=file) from None
    except RecursionError:
        raise InputError("not valid YAML (nested too deeply)", file=file) from None


def load_json(textual: str, *, file: str) -> Any:
    try:
        return json.loads(textual)
    except json.JSONDecodeError as err:
        raise InputError(f"not valid JSON (line {err.lineno}: {err.msg})", file=file) from None
    except RecursionError:
        raise InputError("not valid JSON (nested too deeply)", file=file) from None


def load_toml(textual: str, *, file: str) -> dict[str, Any]:
    return parse_toml(textual, file=file)


def check_keys(d: Draft, table: Any, known: set[str] | frozenset[str], prefix: str) -> dict[str, Any]:
    """`table` as a dict whose keys are all in `known`; InputError naming the first unknown key."""
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise d.fail(prefix.rstrip(".") or "file", "must be a table of keys")
    for key in table:
        if not isinstance(key, str) or key not in known:
            raise d.fail(f"{prefix}{key}", "unknown key" + did_you_mean(str(key), known))
    return table


def as_int(d: Draft, key: str, value: Any, *, minimum: int = 1) -> int:
    if isinstance(value, bool) or not (
        isinstance(value, int) or (isinstance(value, float) and math.isfinite(value) and value.is_integer())
    ):
        raise d.fail(key, f"must be an integer, got {value!r}")
    if value < minimum:
        raise d.fail(key, f"must be at least {minimum}, got {value!r}")
    return int(value)


def as_bool(d: Draft, key: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    raise d.fail(key, f"must be true or false, got {value!r}")


# --- models -------------------------------------------------------------------------------------------


def model_table(spec: ModelSpec) -> dict[str, Any]:
    """A ModelSpec as architecture fields of a scenario's [model] table."""
    table: dict[str, Any] = {"name": spec.name}
    for key in MODEL_FIELDS:
        table[key] = getattr(spec, key)
    return table


def set_preset(d: Draft, preset_id: str, why: str) -> None:
    if preset_id not in presets():
        raise d.fail("model", f"unknown preset {preset_id!r}{did_you_mean(preset_id, presets())}")
    d.model = {"preset": preset_id}
    d.assume(why) if why else None


_HF_SUFFIXES = re.compile(r"(-instruct|-chat|-hf|-base|-it|-v0\.\d+|-v\d+)+$")


def preset_for_hf_id(hf_id: str) -> str | None:
    """The preset of a Hugging Face model id (`meta-llama/Llama-3.1-8B-Instruct` → `llama-3.1-8b`), if any."""
    name = hf_id.rstrip("/").split("/")[-1].lower()
    name = _HF_SUFFIXES.sub("", name.removeprefix("meta-"))
    candidates = [name, name.replace("llama-3-", "llama-3.1-"), name.replace("llama3", "llama-3")]
    return next((c for c in candidates if c in presets()), None)


def resolve_model_option(d: Draft) -> bool:
    """Apply `--model` (a preset id or a config.json path); True when it decided the model."""
    given = d.options.model
    if not given:
        return False
    if given in presets():
        d.model = {"preset": given}
        return True
    path = Path(given)
    if path.suffix == ".json" or path.is_dir() or path.exists():
        from ..hf_config import model_from_config_json

        d.model = model_table(model_from_config_json(path))
        return True
    raise InputError(f"not a preset id and not a config.json file{did_you_mean(given, presets())}", key="--model")


def neighbour_config_json(d: Draft, *names: str) -> bool:
    """A Hugging Face config.json beside the training config (or in a folder it names); True when found."""
    from ..hf_config import model_from_config_json

    folder = Path(d.file).parent
    for candidate in [folder / n for n in names] + [folder / "config.json"]:
        if candidate.is_file() and candidate.name == "config.json" and candidate != Path(d.file):
            d.model = model_table(model_from_config_json(candidate))
            d.assume(f"model from {candidate} (the Hugging Face config.json beside the file)")
            return True
    return False
