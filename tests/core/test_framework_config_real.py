"""Every real config copied into tests/data/configs/ (sources and licences in SOURCE.md there) imports and
estimates: torchtitan v0.2.2 train_configs, DeepSpeed configs (axolotl's and DeepSpeedExamples'), axolotl and
llm-foundry examples. What a file cannot say is given the way a user gives it (--model, --gpu-count)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.errors import InputError
from gpuplanner.core.framework_config import ImportOptions, import_config

DATA = Path(__file__).parents[1] / "data" / "configs"
FOLDERS = (
    "torchtitan",
    "deepspeed",
    "deepspeed-examples",
    "axolotl",
    "llm-foundry",
    "accelerate",
    "alignment-handbook",
)
FILES = sorted(
    p for folder in FOLDERS for p in (DATA / folder).rglob("*") if p.suffix in (".toml", ".json", ".yaml", ".yml")
)
# a DeepSpeed JSON names no model; these name a model gpuplanner has no preset for
OPTIONS = {
    "deepspeed": ImportOptions(model="llama-3.1-8b", gpu_count=8),
    "deepspeed-examples": ImportOptions(model="llama-3.1-8b", gpu_count=8),
    "deepspeed_config_templates": ImportOptions(model="llama-3.1-8b", gpu_count=8),
    # an accelerate config holds the launch only
    "config_yaml_templates": ImportOptions(model="llama-3.1-8b"),
    "accelerate_configs_ddp.yaml": ImportOptions(model="mistral-7b"),
    "accelerate_configs_fsdp.yaml": ImportOptions(model="mistral-7b"),
    "accelerate_configs_zero3.yaml": ImportOptions(model="mistral-7b"),
    "alignment-handbook": ImportOptions(),
    "dbrx-lora-ft.yaml": ImportOptions(model="mixtral-8x22b", gpu_count=16),
    "llm-foundry": ImportOptions(),  # their global batches are sized for one 8-GPU node (the printed default)
}
NEEDS_MODEL = {"deepseek_v3_16b.toml"}  # torchtitan's 16B DeepSeek flavor: no gpuplanner preset
FORMAT = {"torchtitan": "torchtitan", "deepspeed": "deepspeed", "deepspeed-examples": "deepspeed",
          "deepspeed_config_templates": "deepspeed", "axolotl": "axolotl", "llm-foundry": "llm-foundry",
          "config_yaml_templates": "accelerate", "accelerate_configs_ddp.yaml": "accelerate",
          "accelerate_configs_fsdp.yaml": "accelerate", "accelerate_configs_zero3.yaml": "accelerate",
          "alignment-handbook": "hf"}  # fmt: skip
# the profile each source format estimates with (spec §4.5: axolotl and accelerate configs → hf)
# (a DeepSpeed setup inside them estimates with the deepspeed profile)
PROFILES = {"axolotl": {"hf"}, "accelerate": {"hf", "deepspeed"}, "hf": {"hf", "deepspeed"}}


def test_the_copies_are_there() -> None:
    assert len(FILES) == 32


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_real_config_imports_and_estimates(path: Path) -> None:
    options = OPTIONS.get(path.name) or OPTIONS.get(path.parent.name) or ImportOptions(gpu_count=64)
    if path.name in NEEDS_MODEL:
        with pytest.raises(InputError, match="give --model"):
            import_config(path, options)
        return
    imported = import_config(path, options)
    fmt = FORMAT.get(path.name) or FORMAT[path.parent.name]
    assert imported.source_format == fmt
    assert imported.scenario.workload.framework in PROFILES.get(fmt, {fmt})
    assert imported.assumptions  # at least the GPU type, which no training config names
    result = estimate(imported.scenario, load_catalog(), limits=False)
    assert result.memory.total > 0 and result.time.tokens_per_second > 0
