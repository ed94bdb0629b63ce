"""llm-foundry train YAMLs (copied from mosaicml/llm-foundry, see tests/data/configs/SOURCE.md) import into the
`llm-foundry` profile and estimate; interpolations, MPT architectures, LoRA and bad keys."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.errors import InputError
from gpuplanner.core.framework_config import ImportOptions, import_config

DATA = Path(__file__).parents[1] / "data" / "configs" / "llm-foundry"
FILES = sorted(DATA.glob("*.yaml"))
# files that name an HF model gpuplanner has no preset for need --model
NEEDS_MODEL = {"dbrx-lora-ft.yaml": ImportOptions(model="mixtral-8x22b", gpu_count=16)}


def test_the_copied_configs_are_there() -> None:
    assert len(FILES) == 5


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_llmfoundry_config_imports_and_estimates(path: Path) -> None:
    imported = import_config(path, NEEDS_MODEL.get(path.name))
    s, w = imported.scenario, imported.scenario.workload
    raw = yaml.safe_load(path.read_text())
    assert imported.source_format == "llm-foundry" and w.framework == "llm-foundry"
    assert w.global_batch == raw["global_train_batch_size"]
    assert w.micro_batch == raw["device_train_microbatch_size"]
    expected_seq = raw["variables"]["max_seq_len"]  # the files set max_seq_len: ${variables.max_seq_len}
    assert w.seq_len == expected_seq
    assert w.recompute == ("full" if raw["fsdp_config"]["activation_checkpointing"] else "none")
    assert s.parallel.zero == 3 and w.precision == "bf16-mixed"
    result = estimate(s, load_catalog(), limits=False)
    assert result.memory.total > 0 and result.time.tokens_per_second > 0


def test_mpt_7b_architecture_and_duration() -> None:
    s = import_config(DATA / "mpt-7b.yaml", ImportOptions(gpu_count=64)).scenario
    m = s.model
    assert (m.layers, m.hidden, m.heads, m.ffn_hidden, m.vocab) == (32, 4096, 32, 16384, 50368)
    assert not m.gated_mlp and m.tied_embeddings and m.linear_bias and m.norm == "layernorm"
    assert s.workload.method == "pretrain" and s.workload.tokens == 63900 * 1024 * 2048
    # 1024 sequences over 64 GPUs = 16 per GPU, micro batch 8: two accumulation steps
    assert s.workload.micro_batch == 8 and s.hardware.gpu_count == 64


def test_hf_model_lora_from_peft_config() -> None:
    imported = import_config(DATA / "dbrx-lora-ft.yaml", NEEDS_MODEL["dbrx-lora-ft.yaml"])
    w = imported.scenario.workload
    assert (w.method, w.lora_rank, imported.lora_alpha, w.lora_targets) == ("lora", 64, 128.0, ("q", "k", "v"))
    assert w.optimizer == "sgd" and any("decoupled_lionw" in a for a in imported.assumptions)
    with pytest.raises(InputError, match="databricks/dbrx-instruct.*--model"):
        import_config(DATA / "dbrx-lora-ft.yaml")


def test_llama_finetune_is_full_and_preset() -> None:
    s = import_config(DATA / "llama-3-8b_domain_adapt.yaml").scenario
    assert s.model_preset == "llama-3.1-8b" and s.workload.method == "full" and s.workload.seq_len == 4096


def test_unknown_key_and_missing_interpolation(tmp_path: Path) -> None:
    text = (DATA / "mpt-125m.yaml").read_text()
    bad = tmp_path / "a.yaml"
    bad.write_text(text.replace("global_train_batch_size", "global_batch_size"))
    with pytest.raises(InputError, match=r"global_batch_size: unknown key; did you mean global_train_batch_size"):
        import_config(bad, ImportOptions(framework="llm-foundry"))
    bad.write_text(text.replace("${variables.max_seq_len}", "${variables.seq_len}"))
    with pytest.raises(InputError, match=r"variables\.seq_len: is used as"):
        import_config(bad)
