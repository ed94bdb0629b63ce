"""torchtitan's Python config registry as a command line (`--module llama3 --config llama3_8b --parallelism.…`):
the registry functions' fields, read from torchtitan's own `config_registry.py` (committed copies at the pinned
commit, tests/data/configs/SOURCE.md), then the command line's overrides."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.errors import InputError
from gpuplanner.core.framework_config import ImportOptions, import_config
from gpuplanner.core.framework_config.torchtitan import FLAVORS
from gpuplanner.core.framework_config.torchtitan_registry import PINNED, installed_registry, read_registry

REGISTRY = Path(__file__).parents[1] / "data" / "configs" / "torchtitan-registry"


@pytest.mark.parametrize("module", ["llama3", "deepseek_v3"])
def test_pinned_table_is_torchtitans_registry_read(module: str) -> None:
    source = (REGISTRY / module / "config_registry.py").read_text()
    assert read_registry(source) == PINNED[module]


def test_the_venv_torchtitan_has_no_registry() -> None:
    # torchtitan 0.2.2 (requirements-frameworks.txt) predates the registry: the pinned table answers
    import importlib.util

    if importlib.util.find_spec("torchtitan") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("torchtitan is not installed; CI=true needs it")
        pytest.skip("torchtitan is not installed")
    assert installed_registry("llama3") is None


def test_an_installed_registry_is_read_from_its_source(tmp_path: Path) -> None:
    package = tmp_path / "torchtitan"
    (package / "models" / "llama3").mkdir(parents=True)
    shutil.copy(REGISTRY / "llama3" / "config_registry.py", package / "models" / "llama3" / "config_registry.py")
    found = installed_registry("llama3", roots=[str(package)])
    assert found is not None and found[0] == PINNED["llama3"] and found[1].endswith("config_registry.py")


def _cli(tmp_path: Path, line: str) -> Path:
    path = tmp_path / "train.sh"
    path.write_text(f"#!/bin/sh\n{line}\n")
    return path


def test_llama3_8b_with_overrides(tmp_path: Path) -> None:
    line = ("NGPU=16 MODULE=llama3 CONFIG=llama3_8b ./run_train.sh --parallelism.tensor_parallel_degree 2 "
            "--training.local_batch_size=2 --compile.enable --dataloader.dataset c4")  # fmt: skip
    imported = import_config(_cli(tmp_path, line))
    s, w = imported.scenario, imported.scenario.workload
    assert imported.source_format == "torchtitan" and s.model_preset == "llama-3.1-8b"
    # from llama3_8b(): seq_len 8192, steps 1000, per-op selective AC; overridden: TP 2, local batch 2, compile
    assert (w.seq_len, w.micro_batch, w.recompute, w.compile) == (8192, 2, "selective-op", True)
    assert (s.hardware.gpu_count, s.parallel.tp, s.parallel.zero, w.global_batch) == (16, 2, 3, 2 * 8)
    assert w.tokens == 1000 * 16 * 8192 and w.precision == "bf16-master"
    assert any("llama3_8b() from torchtitan 9810191" in a for a in imported.assumptions)
    assert any("dataloader" in a for a in imported.assumptions)


def test_llama3_405b_flags_form(tmp_path: Path) -> None:
    line = "torchrun --nproc_per_node 8 --nnodes 16 -m torchtitan.train --module llama3 --config llama3_405b"
    s = import_config(_cli(tmp_path, line)).scenario
    assert s.model_preset == "llama-3.1-405b" and s.hardware.gpu_count == 128
    assert (s.workload.precision, s.workload.fp8_recipe, s.workload.compile) == ("fp8-mixed", "torchao", True)
    assert (s.parallel.tp, s.workload.recompute, s.workload.seq_len) == (8, "full", 8192)


CONFIGS = [(m, c) for m, table in PINNED.items() for c in table]


@pytest.mark.parametrize(("module", "config"), CONFIGS, ids=lambda x: str(x))
def test_every_pinned_registry_config_imports_and_estimates(tmp_path: Path, module: str, config: str) -> None:
    path = _cli(tmp_path, f"--module {module} --config {config}")
    flavor = PINNED[module][config]["model"]["flavor"]
    if (module, flavor) not in FLAVORS and not (module == "llama3" and flavor.startswith("debugmodel")):
        with pytest.raises(InputError, match="give --model"):
            import_config(path)
        return
    s = import_config(path, ImportOptions(gpu_count=64)).scenario
    assert s.workload.seq_len == PINNED[module][config]["training"]["seq_len"]
    result = estimate(s, load_catalog(), limits=False)
    assert result.memory.total > 0 and result.time.tokens_per_second > 0


def test_registry_errors_name_the_key(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"--config: 'llama3_8B' is not a function.*did you mean llama3_8b"):
        import_config(_cli(tmp_path, "--module llama3 --config llama3_8B"))
    with pytest.raises(InputError, match=r"--module: 'llama' has no config registry"):
        import_config(_cli(tmp_path, "--module llama --config llama3_8b"))
    with pytest.raises(InputError, match=r"parallelism\.tensor_parallel: unknown key"):
        import_config(_cli(tmp_path, "--module llama3 --config llama3_8b --parallelism.tensor_parallel 2"))
    with pytest.raises(InputError, match=r"validation: unknown field of torchtitan's Trainer.Config"):
        import_config(_cli(tmp_path, "--module llama3 --config llama3_8b --validation.freq 5"))
