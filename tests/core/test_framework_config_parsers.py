"""The configs `launch` writes, loaded by each framework's own parser (issue #20): torchtune's OmegaConf loading
and `torchtune.config.validate`, torchtitan's ConfigManager, DeepSpeed's `DeepSpeedConfig`, accelerate's config
loader, and Megatron-LM's flags checked against a committed copy of its argument list. The framework versions are
pinned in tests/validation/harness/requirements-frameworks.txt; each check skips when its framework is absent and
fails under CI=true."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from test_framework_config_roundtrip import CASES, _scenario

from gpuplanner import __version__
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.framework_config.launch import launch_config
from gpuplanner.core.framework_config.megatron import READ, SWITCHES
from gpuplanner.core.scenario import Scenario

CI = os.environ.get("CI") == "true"
HERE = Path(__file__).parent
MEGATRON_FLAGS = HERE.parent / "data" / "configs" / "megatron" / "arguments-core_v0.17.1.txt"


def _needs(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        if CI:
            pytest.fail(f"{module} is not installed; CI=true needs it to check the launch configs")
        pytest.skip(f"{module} is not installed")


def _write(tmp_path: Path, scenario: Scenario, framework: str, name: str) -> tuple[Path, Any]:
    out = tmp_path / name
    result = estimate(scenario, load_catalog(), limits=False)
    config = launch_config(scenario, result, framework, version=__version__, source="t.gpuplan.toml", out=str(out))
    out.write_text(config.text)
    return out, result


# --- torchtune --------------------------------------------------------------------------------------------
TORCHTUNE = {
    "lora-8": CASES["torchtune"][0],
    "full-zero2-8": _scenario(
        {"method": "full", "framework": "torchtune", "seq_len": 4096, "micro_batch": 2, "global_batch": 32,
         "precision": "bf16-true", "recompute": "full", "optimizer_impl": "foreach"},
        {"tp": 1, "pp": 1, "cp": 1, "zero": 2},
        8,
    ),
    "qlora-1": _scenario(
        {"method": "qlora", "framework": "torchtune", "seq_len": 2048, "micro_batch": 2, "global_batch": 16,
         "precision": "bf16-true", "recompute": "full", "lora_rank": 8, "lora_targets": ["q", "v"],
         "optimizer": "adamw8bit"},
        {"tp": 1, "pp": 1, "cp": 1, "zero": 0},
        1,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(TORCHTUNE))
def test_torchtune_validates_launch_output(tmp_path: Path, case: str) -> None:
    _needs("torchtune")
    scenario = TORCHTUNE[case]
    out, _ = _write(tmp_path, scenario, "torchtune", "train.yaml")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch/torchao import-time deprecations are not ours
        from omegaconf import OmegaConf
        from torchtune import config as tt_config

        cfg = OmegaConf.load(out)
        # every _component_ resolves and its keys bind to the builder's signature (torchtune/config/_validate.py)
        tt_config.validate(cfg)
    assert cfg.batch_size == scenario.workload.micro_batch and cfg.tokenizer.max_seq_len == scenario.workload.seq_len
    if scenario.workload.is_lora:
        assert cfg.model.lora_rank == scenario.workload.lora_rank


# --- torchtitan -------------------------------------------------------------------------------------------
def test_torchtitan_config_manager_reads_pipeline_and_fp8(tmp_path: Path) -> None:
    _needs("torchtitan")
    scenario = _scenario(
        {"method": "pretrain", "framework": "torchtitan", "seq_len": 8192, "micro_batch": 1, "global_batch": 64,
         "precision": "fp8-mixed", "fp8_recipe": "torchao", "recompute": "full"},
        {"tp": 2, "pp": 2, "cp": 1, "zero": 3},
        16,
    )  # fmt: skip
    out, _ = _write(tmp_path, scenario, "torchtitan", "train.toml")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torchtitan.config.manager import ConfigManager

        job = ConfigManager().parse_args(["--job.config_file", str(out)])
    par = job.parallelism
    assert (par.tensor_parallel_degree, par.pipeline_parallel_degree, par.data_parallel_shard_degree) == (2, 2, 4)
    assert par.pipeline_parallel_microbatch_size == 1 and job.training.global_batch_size == 64
    assert "quantize.linear.float8" in job.model.converters and job.activation_checkpoint.mode == "full"


# --- DeepSpeed --------------------------------------------------------------------------------------------
DEEPSPEED = {
    "zero2-offload-optimizer": CASES["deepspeed"][0],
    "zero3-offload-all-fp16": _scenario(
        {"method": "full", "framework": "deepspeed", "seq_len": 2048, "micro_batch": 1, "global_batch": 64,
         "precision": "fp16-master", "recompute": "full", "offload": "full"},
        {"tp": 1, "pp": 1, "cp": 1, "zero": 3},
        16,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(DEEPSPEED))
def test_deepspeed_config_class_loads_launch_output(tmp_path: Path, case: str) -> None:
    _needs("deepspeed")
    scenario = DEEPSPEED[case]
    out, result = _write(tmp_path, scenario, "deepspeed", "ds_config.json")
    run = subprocess.run(
        [sys.executable, str(HERE / "deepspeed_config_check.py"), str(out), str(result.layout.dp)],
        capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    w = scenario.workload
    assert got["stage"] == scenario.parallel.zero
    assert (got["train_batch_size"], got["micro"]) == (w.global_batch, w.micro_batch)
    assert got["accum"] == w.global_batch // (w.micro_batch * result.layout.dp)
    assert (got["bf16"], got["fp16"]) == (w.precision.startswith("bf16"), w.precision.startswith("fp16"))
    assert got["offload_optimizer"] == ("cpu" if w.offload in ("optimizer", "full") else "none")
    assert got["offload_param"] == ("cpu" if w.offload == "full" else "none")
    assert got["optimizer"] == "adamw"


# --- accelerate -------------------------------------------------------------------------------------------
ACCELERATE = {
    "fsdp-full-shard": CASES["accelerate"][0],
    "ddp": _scenario(
        {"method": "full", "framework": "hf", "seq_len": 1024, "micro_batch": 4, "global_batch": 32,
         "precision": "fp16-mixed", "recompute": "none"},
        {"tp": 1, "pp": 1, "cp": 1, "zero": 0},
        8,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(ACCELERATE))
def test_accelerate_loader_reads_launch_output(tmp_path: Path, case: str) -> None:
    _needs("accelerate")
    scenario = ACCELERATE[case]
    out, _ = _write(tmp_path, scenario, "accelerate", "accelerate_config.yaml")
    from accelerate.commands.config.config_args import load_config_from_file

    cfg = load_config_from_file(str(out))  # refuses unknown keys ("had unknown keys")
    assert cfg.num_processes == scenario.hardware.gpu_count
    assert str(cfg.mixed_precision) == {"bf16-mixed": "bf16", "fp16-mixed": "fp16"}[scenario.workload.precision]
    if scenario.parallel.zero:
        assert cfg.distributed_type.value == "FSDP"
        assert cfg.fsdp_config["fsdp_sharding_strategy"] == "FULL_SHARD"
        assert cfg.fsdp_config["fsdp_activation_checkpointing"] is (scenario.workload.recompute != "none")
    else:
        assert cfg.distributed_type.value == "MULTI_GPU"
    assert bool(cfg.dynamo_config) is scenario.workload.compile


# --- Megatron-LM ------------------------------------------------------------------------------------------
def _megatron_flags() -> dict[str, tuple[str, tuple[str, ...]]]:
    flags: dict[str, tuple[str, tuple[str, ...]]] = {}
    for line in MEGATRON_FLAGS.read_text().splitlines():
        if line.startswith("--"):
            name, kind, *choices = line.split()
            flags[name[2:]] = (kind, tuple(choices[0].split(",")) if choices else ())
    return flags


MEGATRON = {
    "dense-tp-pp": CASES["megatron"][0],
    "moe-gqa-vpp-fp8": _scenario(
        {"method": "pretrain", "framework": "megatron", "seq_len": 4096, "micro_batch": 1, "global_batch": 256,
         "precision": "fp8-mixed", "fp8_recipe": "te", "recompute": "full"},
        {"tp": 4, "pp": 4, "cp": 2, "zero": 1, "ep": 1, "vpp": 2, "sequence_parallel": True},
        64,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(MEGATRON))
def test_megatron_flags_are_megatrons(tmp_path: Path, case: str) -> None:
    known = _megatron_flags()
    assert len(known) > 700
    out, _ = _write(tmp_path, MEGATRON[case], "megatron", "megatron_args.txt")
    lines = [ln for ln in out.read_text().splitlines() if ln and not ln.startswith("#")]
    assert lines
    for line in lines:
        name, *value = line[2:].split()
        assert name in known, f"--{name} is not a Megatron-LM flag"
        kind, choices = known[name]
        assert (kind == "switch") == (not value), f"--{name}: Megatron's flag is a {kind}"
        if choices:
            assert value[0] in choices, f"--{name} {value[0]}: Megatron accepts {choices}"


def test_the_megatron_importer_reads_megatrons_flag_names() -> None:
    known = _megatron_flags()
    unknown = sorted(f for f in READ if f not in known)
    assert unknown == []
    wrong = sorted(f for f in SWITCHES if known[f][0] != "switch")
    assert wrong == []


def test_a_valued_flag_the_importer_does_not_read_keeps_its_value(tmp_path: Path) -> None:
    # --transformer-impl takes a value in Megatron (local | transformer_engine): it must not swallow the next flag
    from gpuplanner.core.framework_config import ImportOptions, import_config

    assert _megatron_flags()["transformer-impl"][0] == "value"
    args = tmp_path / "args.txt"
    args.write_text("--transformer-impl transformer_engine --num-layers 32 --hidden-size 4096 --num-attention-heads 32 "
                    "--seq-length 4096 --max-position-embeddings 4096 --micro-batch-size 1 --global-batch-size 8 "
                    "--bf16 --swiglu --ffn-hidden-size 11008 --vocab-size 32000\n")  # fmt: skip
    s = import_config(args, ImportOptions(framework="megatron", gpu_count=8)).scenario
    assert (s.model.layers, s.workload.seq_len, s.workload.global_batch) == (32, 4096, 8)


def test_torchtitan_registry_flags_parse_with_torchtitans_tyro_rules(tmp_path: Path) -> None:
    """The registry-era line keeps the `--section.key` flags of the sections gpuplanner writes (torchtitan
    9810191 config/configs.py, the same fields as 0.2.2): torchtitan 0.2.2's own ConfigManager (tyro, its
    comma-list rule, `--x` / `--no-x` booleans) parses them; `--module/--config` are the registry's two extra
    arguments, which its ConfigManager strips before tyro (config/manager.py `_load_config`)."""
    _needs("torchtitan")
    import shlex

    scenario = CASES["torchtitan-registry"][0]
    out, _ = _write(tmp_path, scenario, "torchtitan-registry", "train.sh")
    tokens = shlex.split(out.read_text().replace("\\\n", " "), comments=True)
    start = tokens.index("./run_train.sh") + 1
    assert tokens[start : start + 4] == ["--module", "llama3", "--config", "llama3_8b"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torchtitan.config.manager import ConfigManager

        job = ConfigManager().parse_args(tokens[start + 4 :])
    par, w = job.parallelism, scenario.workload
    assert (par.tensor_parallel_degree, par.context_parallel_degree, par.data_parallel_shard_degree) == (4, 2, 8)
    assert par.fsdp_reshard_after_forward == "never"  # ZeRO-2
    assert (job.training.seq_len, job.training.local_batch_size, job.training.global_batch_size) == (8192, 1, 64)
    assert job.activation_checkpoint.mode == "full" and not job.compile.enable
    assert job.compile.components == ["model", "loss"] and job.optimizer.implementation == w.optimizer_impl
