"""Training configs in, launch configs out (spec §4.5, issue #20): `import_config` reads a framework's config into
a scenario with the list of assumptions it made; `launch.launch_config` writes a Plan's layout back as that
framework's config. Pure core: files are read with the shared reader, YAML with PyYAML's safe loader only.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import InputError
from .assemble import finish
from .common import Draft, Imported, ImportOptions, load_json, load_toml, load_yaml, read_text

__all__ = ["FORMATS", "ImportOptions", "Imported", "detect_format", "import_config"]

# source formats; `accelerate` and `axolotl` configs estimate with the `hf` profile (spec §4.5)
FORMATS = ("torchtitan", "torchtune", "megatron", "deepspeed", "hf", "axolotl", "accelerate", "llm-foundry")
FRAMEWORK_ALIASES = {"transformers": "hf", "trainer": "hf", "megatron-lm": "megatron", "nemo": "megatron",
                     "llmfoundry": "llm-foundry", "composer": "llm-foundry"}  # fmt: skip


# a torchtitan command line: its dotted `--section.key` flags, run_train.sh and the registry's MODULE/--module
_TORCHTITAN_MARKS = ("--model.name", "--parallelism.", "--training.", "--job.config", "--activation_checkpoint.",
                     "torchtitan", "run_train.sh", "--module ", "--module=", "MODULE=")  # fmt: skip


def _yaml_format(doc: Any) -> str | None:
    if not isinstance(doc, dict):
        return None
    model = doc.get("model")
    if isinstance(model, dict) and str(model.get("_component_", "")).startswith("torchtune"):
        return "torchtune"
    if any(isinstance(v, dict) and str(v.get("_component_", "")).startswith("torchtune") for v in doc.values()):
        return "torchtune"
    if "base_model" in doc:
        return "axolotl"
    if "distributed_type" in doc or "compute_environment" in doc:
        return "accelerate"
    if "global_train_batch_size" in doc or "device_train_microbatch_size" in doc:
        return "llm-foundry"
    if "per_device_train_batch_size" in doc or "gradient_checkpointing" in doc or "optim" in doc:
        return "hf"
    return None


def _json_format(doc: Any) -> str | None:
    if not isinstance(doc, dict):
        return None
    if "model_type" in doc and "num_hidden_layers" in doc:
        return "model-config"
    if "per_device_train_batch_size" in doc or "gradient_checkpointing" in doc or "optim" in doc:
        return "hf"
    if {"zero_optimization", "train_micro_batch_size_per_gpu", "train_batch_size", "bf16", "fp16"} & set(doc):
        return "deepspeed"
    return None


def detect_format(path: str | os.PathLike[str], text: str) -> str:
    """The source format of a config file, from its extension and content; InputError when it cannot tell."""
    file = str(path)
    suffix = Path(path).suffix.lower()
    found: str | None = None
    if suffix == ".toml":
        doc = load_toml(text, file=file)
        found = "torchtitan" if {"training", "parallelism", "model"} & set(doc) else None
    elif suffix in (".yaml", ".yml"):
        found = _yaml_format(load_yaml(text, file=file))
    elif suffix == ".json":
        found = _json_format(load_json(text, file=file))
    elif any(m in text for m in _TORCHTITAN_MARKS):
        found = "torchtitan"
    elif "--num-layers" in text or "--tensor-model-parallel-size" in text or "pretrain_gpt.py" in text:
        found = "megatron"
    if found == "model-config":
        raise InputError("is a model's config.json, not a training config; give it as --model", file=file)
    if found is None:
        raise InputError(
            "cannot tell which framework wrote this config; give --framework " + " | ".join(FORMATS), file=file
        )
    return found


def _importers() -> dict[str, Callable[[Draft, str], None]]:
    from .axolotl import import_axolotl
    from .deepspeed import import_deepspeed
    from .hf import import_accelerate, import_hf
    from .llmfoundry import import_llmfoundry
    from .megatron import import_megatron
    from .torchtitan import import_torchtitan
    from .torchtune import import_torchtune

    return {
        "torchtune": import_torchtune,
        "torchtitan": import_torchtitan,
        "deepspeed": import_deepspeed,
        "hf": import_hf,
        "axolotl": import_axolotl,
        "accelerate": import_accelerate,
        "megatron": import_megatron,
        "llm-foundry": import_llmfoundry,
    }


def import_config(path: str | os.PathLike[str], options: ImportOptions | None = None) -> Imported:
    """Read one training config into a validated scenario. InputError (file and key) for what it cannot use,
    FileAccessError when the file cannot be read."""
    options = options or ImportOptions()
    text = read_text(path, "training config")
    fmt = options.framework
    if fmt:
        fmt = FRAMEWORK_ALIASES.get(fmt.lower(), fmt.lower())
        if fmt not in FORMATS:
            raise InputError(f"unknown framework {options.framework!r}; one of {', '.join(FORMATS)}", key="--framework")
    else:
        fmt = detect_format(path, text)
    draft = Draft(file=str(path), source_format=fmt, options=options)
    _importers()[fmt](draft, text)
    return finish(draft)
