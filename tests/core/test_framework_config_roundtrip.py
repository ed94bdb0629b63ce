"""launch then import-config gives back the same run (issue #20): model, method, seq_len, micro/global batch,
precision, optimizer, recompute, compile, LoRA settings and TP/PP/CP/ZeRO; and the frameworks' own parsers
load what launch writes (skipped without them, a failure under CI=true)."""

from __future__ import annotations

import importlib.util
import os
import warnings
from pathlib import Path
from typing import Any

import pytest

from gpuplanner import __version__
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.framework_config import ImportOptions, import_config
from gpuplanner.core.framework_config.launch import launch_config
from gpuplanner.core.model import MODEL_FIELDS
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import parse_scenario

CI = os.environ.get("CI") == "true"


def _scenario(workload: dict[str, Any], parallel: dict[str, Any], gpus: int) -> Scenario:
    doc = {
        "schema": 1,
        "name": "round trip",
        "model": {"preset": "llama-3.1-8b"},
        "workload": {"tokens": 1e9, "optimizer": "adamw", **workload},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": gpus},
        "parallel": {"ep": 1, **parallel},
    }
    return parse_scenario(doc)


CASES: dict[str, tuple[Scenario, ImportOptions, str]] = {
    "torchtitan": (
        _scenario(
            {"method": "pretrain", "framework": "torchtitan", "seq_len": 4096, "micro_batch": 2, "global_batch": 32,
             "precision": "bf16-master", "recompute": "selective-op", "compile": True},
            {"tp": 2, "pp": 1, "cp": 1, "zero": 3},
            16,
        ),
        ImportOptions(),
        "toml",
    ),
    "torchtitan-registry": (
        _scenario(
            {"method": "pretrain", "framework": "torchtitan", "seq_len": 8192, "micro_batch": 1, "global_batch": 64,
             "precision": "bf16-master", "recompute": "full", "compile": False, "optimizer_impl": "foreach"},
            {"tp": 4, "pp": 1, "cp": 2, "zero": 2},
            64,
        ),
        ImportOptions(),
        "sh",
    ),
    "torchtune": (
        _scenario(
            {"method": "lora", "framework": "torchtune", "seq_len": 2048, "micro_batch": 4, "global_batch": 64,
             "precision": "bf16-true", "recompute": "full", "compile": True, "chunked_loss": True, "lora_rank": 16,
             "lora_targets": ["q", "k", "v", "o", "gate", "up", "down"]},
            {"tp": 1, "pp": 1, "cp": 1, "zero": 3},
            8,
        ),
        ImportOptions(),
        "yaml",
    ),
    "megatron": (
        _scenario(
            {"method": "pretrain", "framework": "megatron", "seq_len": 8192, "micro_batch": 1, "global_batch": 64,
             "precision": "bf16-master", "recompute": "selective"},
            {"tp": 2, "pp": 2, "cp": 1, "zero": 1},
            16,
        ),
        ImportOptions(framework="megatron"),
        "args",
    ),
    "deepspeed": (
        _scenario(
            {"method": "full", "framework": "deepspeed", "seq_len": 2048, "micro_batch": 2, "global_batch": 32,
             "precision": "bf16-master", "recompute": "none", "offload": "optimizer"},
            {"tp": 1, "pp": 1, "cp": 1, "zero": 2},
            8,
        ),
        ImportOptions(model="llama-3.1-8b"),
        "json",
    ),
    "accelerate": (
        _scenario(
            {"method": "full", "framework": "hf", "seq_len": 2048, "micro_batch": 8, "global_batch": 64,
             "precision": "bf16-mixed", "recompute": "full", "compile": True},
            {"tp": 1, "pp": 1, "cp": 1, "zero": 3},
            8,
        ),
        ImportOptions(model="llama-3.1-8b", framework="accelerate"),
        "yaml",
    ),
}  # fmt: skip
SAME = ("method", "seq_len", "micro_batch", "global_batch", "precision", "optimizer", "recompute", "compile")


def _launch(tmp_path: Path, framework: str) -> tuple[Scenario, Path, Any]:
    scenario, _, ext = CASES[framework]
    out = tmp_path / f"launch.{ext}"
    result = estimate(scenario, load_catalog(), limits=False)
    config = launch_config(scenario, result, framework, version=__version__, source="rt.gpuplan.toml", out=str(out))
    out.write_text(config.text)
    return scenario, out, config


@pytest.mark.parametrize("framework", list(CASES))
def test_launch_then_import_is_the_same_run(tmp_path: Path, framework: str) -> None:
    scenario, out, config = _launch(tmp_path, framework)
    assert config.notes == ()  # each case is one the framework can say exactly
    back = import_config(out, CASES[framework][1])
    s, w0 = back.scenario, scenario.workload
    # Megatron's flags rebuild the architecture (under another name); the others name the preset
    assert {k: getattr(s.model, k) for k in MODEL_FIELDS} == {k: getattr(scenario.model, k) for k in MODEL_FIELDS}
    assert s.model_preset == (None if framework == "megatron" else "llama-3.1-8b")
    assert s.workload.optimizer_impl == w0.optimizer_impl
    for key in SAME:
        assert getattr(s.workload, key) == getattr(w0, key), key
    for key in ("tp", "pp", "cp", "zero"):
        assert getattr(s.parallel, key) == getattr(scenario.parallel, key), key
    assert s.hardware.gpu_count == scenario.hardware.gpu_count
    if w0.is_lora:
        assert (s.workload.lora_rank, s.workload.lora_targets) == (w0.lora_rank, w0.lora_targets)
        assert back.lora_alpha == 2 * w0.lora_rank


def test_header_names_version_scenario_memory_and_speed(tmp_path: Path) -> None:
    _, out, config = _launch(tmp_path, "torchtitan")
    head = out.read_text().splitlines()[:4]
    assert __version__ in head[0] and "round trip" in head[0] and "rt.gpuplan.toml" in head[0]
    assert "GiB peak" in head[2] and "tokens/s" in head[2]
    assert head[3] == f"# Run: {config.command}"


def _needs(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        if CI:
            pytest.fail(f"{module} is not installed; CI=true needs it to check the launch configs")
        pytest.skip(f"{module} is not installed")


def test_torchtitan_config_manager_loads_launch_output(tmp_path: Path) -> None:
    _needs("torchtitan")
    _, out, _ = _launch(tmp_path, "torchtitan")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch/torchao import-time deprecations are not ours
        from torchtitan.config.manager import ConfigManager

        job = ConfigManager().parse_args(["--job.config_file", str(out)])
    assert (job.training.seq_len, job.training.local_batch_size, job.training.global_batch_size) == (4096, 2, 32)
    assert (job.parallelism.data_parallel_shard_degree, job.parallelism.tensor_parallel_degree) == (8, 2)
    assert job.activation_checkpoint.selective_ac_option == "op" and job.compile.enable


def test_torchtune_omegaconf_loads_launch_output(tmp_path: Path) -> None:
    _needs("torchtune")
    _, out, _ = _launch(tmp_path, "torchtune")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from omegaconf import OmegaConf
        from torchtune.config._utils import _get_component_from_path

        cfg = OmegaConf.load(out)
        for section in ("model", "tokenizer", "optimizer", "loss", "checkpointer", "dataset", "metric_logger"):
            assert callable(_get_component_from_path(cfg[section]["_component_"])), section
    assert cfg.batch_size == 4 and cfg.gradient_accumulation_steps == 2 and cfg.model.lora_rank == 16
