"""Import of real training configs (issue #20): torchtune's shipped recipes, torchtitan, DeepSpeed and axolotl
examples copied into tests/data/configs/ (see SOURCE.md there), and the errors a user gets for bad ones."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.errors import InputError
from gpuplanner.core.framework_config import ImportOptions, import_config

DATA = Path(__file__).parents[1] / "data" / "configs"
CI = os.environ.get("CI") == "true"


def _torchtune_configs() -> list[Path]:
    import importlib.util

    # find_spec locates the installed wheel without importing torchtune (and torch with it)
    spec = importlib.util.find_spec("torchtune")
    if spec is None or spec.origin is None:
        if CI:
            raise RuntimeError("torchtune is not installed; CI=true needs it for the recipe-config tests")
        return []
    root = Path(spec.origin).parents[1] / "recipes" / "configs"
    return sorted(root.rglob("*.yaml"))


TORCHTUNE = _torchtune_configs()
UNSUPPORTED_WORDS = ("dpo", "ppo", "kd", "vision", "generation", "evaluation", "quantization")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_torchtune_ships_configs() -> None:
    if not TORCHTUNE:
        pytest.skip("torchtune is not installed (CI=true makes this a failure)")
    assert len(TORCHTUNE) > 100


@pytest.mark.parametrize("path", TORCHTUNE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_torchtune_recipe_config(path: Path, catalog) -> None:
    """Text full/LoRA/QLoRA configs import, estimate, and keep the file's model, batch, seq and method; the
    others (DPO, PPO, distillation, vision, generation, evaluation, quantization) say they are not supported."""
    cfg = yaml.safe_load(path.read_text())
    name = str(path.relative_to(path.parents[1])).lower()
    unsupported = any(w in name for w in UNSUPPORTED_WORDS) or "vision" in str(cfg.get("model"))
    if unsupported:
        with pytest.raises(InputError, match="not a supported recipe"):
            import_config(path)
        return
    imported = import_config(path)
    s = imported.scenario
    w = s.workload
    builder = cfg["model"]["_component_"].rsplit(".", 1)[-1]
    quantized = builder.startswith("qlora") or cfg["model"].get("quantize_base")  # QDoRA: lora_ builder, NF4 base
    expected = "qlora" if quantized else "lora" if builder.startswith("lora") else "full"
    assert w.method == expected
    assert w.micro_batch == cfg["batch_size"]
    assert w.framework == "torchtune"
    seq = cfg["tokenizer"].get("max_seq_len")
    assert w.seq_len == (seq if seq is not None else 2048)
    if expected != "full":
        assert w.lora_rank == cfg["model"]["lora_rank"]
        assert imported.lora_alpha == cfg["model"]["lora_alpha"]
    checkpointed = cfg.get("enable_activation_checkpointing") or cfg.get("ac_mode") == "selective"
    assert w.recompute == ("full" if checkpointed else "none")
    assert w.global_batch == w.micro_batch * cfg.get("gradient_accumulation_steps", 1) * (
        s.hardware.gpu_count // (s.parallel.tp or 1)
    )
    result = estimate(s, catalog, limits=False)
    assert result.memory.total > 0 and result.time.tokens_per_second > 0


def test_torchtune_lora_targets_and_single_device() -> None:
    if not TORCHTUNE:
        pytest.skip("torchtune is not installed")
    path = next(p for p in TORCHTUNE if p.parent.name == "llama3_1" and p.name == "8B_qlora_single_device.yaml")
    imported = import_config(path)
    s = imported.scenario
    assert s.model_preset == "llama-3.1-8b" and s.workload.method == "qlora"
    assert s.workload.lora_targets == ("q", "v", "o", "gate", "up", "down")
    assert s.hardware.gpu_count == 1 and s.parallel.zero == 0
    assert s.workload.precision == "bf16-true" and s.workload.chunked_loss
    with pytest.raises(InputError, match="--gpu-count"):
        import_config(path, ImportOptions(gpu_count=8))


def test_torchtitan_llama3_8b() -> None:
    imported = import_config(DATA / "torchtitan" / "llama3_8b.toml", ImportOptions(gpu_count=64))
    s = imported.scenario
    assert s.model_preset == "llama-3.1-8b" and s.workload.method == "pretrain"
    assert (s.workload.seq_len, s.workload.micro_batch, s.workload.global_batch) == (8192, 1, 64)
    assert s.workload.recompute == "selective-op" and s.workload.precision == "bf16-master"
    assert (s.hardware.gpu_count, s.parallel.zero, s.parallel.tp) == (64, 3, 1)
    assert s.workload.tokens == 1000 * 64 * 8192


def test_torchtitan_405b_fp8_compile_tp() -> None:
    s = import_config(DATA / "torchtitan" / "llama3_405b.toml", ImportOptions(gpu_count=128)).scenario
    assert s.workload.precision == "fp8-mixed" and s.workload.fp8_recipe == "torchao"
    assert s.workload.compile and s.workload.recompute == "full"
    assert (s.parallel.tp, s.parallel.zero, s.workload.global_batch) == (8, 3, 2 * 16)


def test_torchtitan_shard_minus_one_is_an_assumption() -> None:
    imported = import_config(DATA / "torchtitan" / "llama3_70b.toml")
    assert imported.scenario.hardware.gpu_count == 8
    assert any("data_parallel_shard_degree = -1" in a for a in imported.assumptions)


def test_torchtitan_unknown_key_names_it(tmp_path: Path) -> None:
    bad = tmp_path / "x.toml"
    bad.write_text((DATA / "torchtitan" / "llama3_8b.toml").read_text().replace("seq_len", "seq_length"))
    with pytest.raises(InputError, match=r"training\.seq_length: unknown key; did you mean seq_len"):
        import_config(bad)


def test_deepspeed_with_model_option() -> None:
    opts = ImportOptions(model="llama-3.1-8b", gpu_count=16)
    s = import_config(DATA / "deepspeed" / "zero3_bf16_cpuoffload_all.json", opts).scenario
    assert (s.parallel.zero, s.workload.offload, s.workload.precision) == (3, "full", "bf16-master")
    assert s.workload.framework == "deepspeed"
    s2 = import_config(DATA / "deepspeed" / "zero2.json", opts).scenario
    assert (s2.parallel.zero, s2.workload.offload) == (2, "optimizer")


def test_deepspeed_without_model_asks_for_one() -> None:
    with pytest.raises(InputError, match="--model"):
        import_config(DATA / "deepspeed" / "zero2.json")


def test_axolotl_qlora(catalog) -> None:
    imported = import_config(DATA / "axolotl" / "qlora-1b.yml")
    s = imported.scenario
    assert s.model_preset == "llama-3.2-1b" and s.workload.method == "qlora" and s.workload.framework == "hf"
    assert (s.workload.lora_rank, imported.lora_alpha, s.workload.seq_len) == (32, 16.0, 2048)
    assert set(s.workload.lora_targets) == {"q", "k", "v", "o", "gate", "up", "down"}
    assert s.workload.optimizer == "adamw8bit" and s.workload.recompute == "full"
    assert estimate(s, catalog, limits=False).memory.total > 0


def test_yaml_object_tags_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "evil.yaml"
    bad.write_text("model: !!python/object/apply:os.system ['true']\n")
    with pytest.raises(InputError, match="not valid YAML"):
        import_config(bad, ImportOptions(framework="torchtune"))


def test_contradictory_torchtune_keys(tmp_path: Path) -> None:
    if not TORCHTUNE:
        pytest.skip("torchtune is not installed")
    src = next(p for p in TORCHTUNE if p.parent.name == "llama3_1" and p.name == "8B_full.yaml")
    cfg = yaml.safe_load(src.read_text())
    cfg.update(optimizer_in_bwd=True, gradient_accumulation_steps=4)
    bad = tmp_path / "8B_full.yaml"
    bad.write_text(yaml.safe_dump(cfg))
    with pytest.raises(InputError, match="optimizer_in_bwd: needs gradient_accumulation_steps = 1"):
        import_config(bad)
    cfg.pop("optimizer_in_bwd")
    cfg["enable_activation_chekpointing"] = True
    bad.write_text(yaml.safe_dump(cfg))
    with pytest.raises(InputError, match="enable_activation_chekpointing: unknown key; did you mean"):
        import_config(bad)


def test_unknown_format_is_one_clear_line(tmp_path: Path) -> None:
    other = tmp_path / "notes.yaml"
    other.write_text("hello: world\n")
    with pytest.raises(InputError, match="cannot tell which framework"):
        import_config(other)
