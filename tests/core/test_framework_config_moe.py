"""The MoE token dispatcher through the framework configs: Megatron's `--moe-token-dispatcher-type` and torchtitan's
`parallelism.expert_parallel_comm_backend` read into `workload.moe_dispatcher` and written back by `launch`."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gpuplanner import __version__
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.errors import InputError
from gpuplanner.core.framework_config import ImportOptions, import_config
from gpuplanner.core.framework_config.launch import launch_config
from gpuplanner.core.scenario_io import parse_scenario

CATALOG = load_catalog()
MEGATRON_MOE = (
    "torchrun pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --ffn-hidden-size 14336 "
    "--seq-length 4096 --micro-batch-size 1 --global-batch-size 64 --bf16 --swiglu --num-experts 8 "
    "--moe-router-topk 2 --expert-model-parallel-size 8"
)


def _import(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "run.sh"
    path.write_text(text + "\n")
    return import_config(path, ImportOptions(framework="megatron", gpu="h100-sxm-80gb", gpu_count=8))


@pytest.mark.parametrize(
    ("flags", "dispatcher"),
    [
        (" --moe-token-dispatcher-type alltoall", "alltoall"),
        (" --moe-token-dispatcher-type flex --moe-flex-dispatcher-backend hybridep", "deepep"),
        (" --moe-token-dispatcher-type flex --moe-flex-dispatcher-backend deepep", "deepep"),
        (" --moe-enable-deepep", "deepep"),
    ],
)
def test_megatron_dispatcher_flags_are_read(tmp_path: Path, flags: str, dispatcher: str) -> None:
    assert _import(tmp_path, MEGATRON_MOE + flags).scenario.workload.moe_dispatcher == dispatcher


def test_megatrons_default_allgather_is_estimated_as_alltoall_and_said(tmp_path: Path) -> None:
    imported = _import(tmp_path, MEGATRON_MOE)
    assert imported.scenario.workload.moe_dispatcher == "alltoall"
    assert any("allgather" in a for a in imported.assumptions)
    with pytest.raises(InputError, match="--moe-token-dispatcher-type"):
        _import(tmp_path, MEGATRON_MOE + " --moe-token-dispatcher-type ring")


def _moe_scenario(dispatcher: str) -> Any:
    return parse_scenario(
        {
            "schema": 1,
            "model": {"preset": "deepseek-v3"},
            "workload": {
                "method": "pretrain",
                "framework": "torchtitan",
                "seq_len": 4096,
                "micro_batch": 1,
                "global_batch": 64,
                "tokens": 1e10,
                "precision": "bf16-master",
                "recompute": "full",
                "moe_dispatcher": dispatcher,
            },
            "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 64},
            "parallel": {"tp": 1, "pp": 1, "cp": 1, "ep": 8, "zero": 3},
        }  # fmt: skip
    )


@pytest.mark.parametrize("framework", ["megatron", "torchtitan"])
@pytest.mark.parametrize("dispatcher", ["alltoall", "deepep"])
def test_launch_writes_the_dispatcher_and_import_reads_it_back(tmp_path: Path, framework: str, dispatcher: str) -> None:
    s = _moe_scenario(dispatcher)
    out = tmp_path / ("launch.sh" if framework == "megatron" else "launch.toml")
    config = launch_config(
        s, estimate(s, CATALOG, limits=False), framework, version=__version__, source="x", out=str(out)
    )
    if framework == "megatron":
        assert ("--moe-token-dispatcher-type flex" in config.text) == (dispatcher == "deepep")
    else:
        assert ('expert_parallel_comm_backend = "deepep"' in config.text) == (dispatcher == "deepep")
    out.write_text(config.text)
    back = import_config(out, ImportOptions(framework=framework, model="deepseek-v3")).scenario
    assert (back.workload.moe_dispatcher or "alltoall") == dispatcher


def test_older_megatrons_alltoall_seq_is_estimated_as_alltoall_and_said(tmp_path: Path) -> None:
    imported = _import(tmp_path, MEGATRON_MOE + " --moe-token-dispatcher-type alltoall_seq")
    assert imported.scenario.workload.moe_dispatcher == "alltoall"
    assert any("alltoall_seq" in a for a in imported.assumptions)


def test_torchtitan_launch_says_a_te_recipe_is_written_as_torchao(tmp_path: Path) -> None:
    s = _moe_scenario("alltoall")
    s = replace(s, workload=replace(s.workload, precision="fp8-mixed", fp8_recipe="te-current"))
    out = tmp_path / "launch.toml"
    config = launch_config(
        s, estimate(s, CATALOG, limits=False), "torchtitan", version=__version__, source="x", out=str(out)
    )
    assert "fp8 recipe te-current is Transformer Engine's" in config.text
