"""Import of a local Hugging Face config.json (gpuplanner/core/hf_config.py).

The fixtures in tests/fixtures/hf/<model>/config.json reproduce the config.json files published on the Hugging
Face Hub for those models. Each import must give exactly the preset of the same model, or, for models
without a preset, the count their authors publish.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuplanner.core.errors import FileAccessError, InputError
from gpuplanner.core.hf_config import FAMILIES, MAX_CONFIG_BYTES, model_from_config_json
from gpuplanner.core.model import ModelSpec
from gpuplanner.core.presets import preset

HF = Path(__file__).resolve().parents[1] / "fixtures" / "hf"

# qwen3-30b-a3b and gpt-oss-120b: the architecture keys of Qwen/Qwen3-30B-A3B's and openai/gpt-oss-120b's
# config.json (gpt-oss's quantization_config, which describes the released MXFP4 weights, left out)
WITH_PRESET = [
    "llama-3.1-8b",
    "mistral-7b",
    "mixtral-8x7b",
    "qwen2.5-7b",
    "gemma-2-9b",
    "deepseek-v3",
    "qwen3-30b-a3b",
    "gpt-oss-120b",
]

# Published totals without a preset: GPT-2 small 124M (openai-community/gpt2 model card; 124,439,808 tensors' sum);
# Pythia-1B 1.01B (EleutherAI/pythia README model table: 1,011,781,632 total, 805,736,448 non-embedding).
PUBLISHED = {"gpt2": (124e6, 124_439_808), "pythia-1b": (1.01e9, 1_011_781_632)}


def load(name: str) -> dict[str, Any]:
    return json.loads((HF / name / "config.json").read_text(encoding="utf-8"))


def write(tmp_path: Path, doc: Any, name: str = "config.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return path


_TMP: list[Path] = []


def write_tmp(doc: Any) -> Path:
    """A config.json in a fresh temporary folder (hypothesis tests cannot use the function-scoped tmp_path)."""
    folder = Path(tempfile.mkdtemp(prefix="hfcfg-"))
    _TMP.append(folder)
    return write(folder, doc)


@pytest.fixture(autouse=True, scope="module")
def _cleanup_tmp() -> Any:
    yield
    for folder in _TMP:
        shutil.rmtree(folder, ignore_errors=True)


# --- the real configs ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", WITH_PRESET)
def test_import_equals_preset(name: str) -> None:
    spec = model_from_config_json(HF / name / "config.json")
    ref = preset(name)
    assert spec.params == ref.params
    assert spec.active_params == ref.active_params
    # Every architecture field agrees with the preset, not only the total.
    assert dataclasses.replace(spec, name=ref.name) == ref


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_import_matches_published_count(name: str) -> None:
    published, exact = PUBLISHED[name]
    spec = model_from_config_json(HF / name / "config.json")
    assert spec.params == pytest.approx(published, rel=0.005)
    assert spec.params == exact


def test_gpt2_fields() -> None:
    spec = model_from_config_json(HF / "gpt2" / "config.json")
    assert (spec.layers, spec.hidden, spec.heads, spec.kv_heads, spec.vocab) == (12, 768, 12, 12, 50257)
    assert spec.ffn_hidden == 4 * 768  # n_inner absent: 4·n_embd
    assert spec.learned_positions == 1024
    assert (spec.norm, spec.linear_bias, spec.tied_embeddings, spec.gated_mlp) == ("layernorm", True, True, False)


def test_gpt2_n_inner_given() -> None:
    doc = {**load("gpt2"), "n_inner": 1000}
    assert model_from_config_json(write_tmp(doc)).ffn_hidden == 1000


def test_pythia_fields() -> None:
    spec = model_from_config_json(HF / "pythia-1b" / "config.json")
    assert (spec.norm, spec.linear_bias, spec.tied_embeddings, spec.gated_mlp) == ("layernorm", True, False, False)
    assert spec.learned_positions == 0  # rotary


def test_gemma2_defaults_to_tied_and_extra_norms() -> None:
    doc = load("gemma-2-9b")
    assert "tie_word_embeddings" not in doc  # Gemma2Config's default (True) applies
    spec = model_from_config_json(HF / "gemma-2-9b" / "config.json")
    assert spec.tied_embeddings and spec.extra_norms_per_layer == 2 and spec.head_dim == 256


def test_gemma_head_dim_default() -> None:
    doc = load("gemma-2-9b")
    del doc["head_dim"]
    assert model_from_config_json(write_tmp(doc)).head_dim == 256  # Gemma2Config default
    gemma1 = {**doc, "model_type": "gemma", "architectures": ["GemmaForCausalLM"]}
    spec = model_from_config_json(write_tmp(gemma1))
    assert (spec.head_dim, spec.extra_norms_per_layer, spec.tied_embeddings) == (256, 0, True)


def test_deepseek_v3_fields() -> None:
    spec = model_from_config_json(HF / "deepseek-v3" / "config.json")
    assert (spec.mla_kv_rank, spec.mla_q_rank, spec.mla_rope_dim, spec.head_dim) == (512, 1536, 64, 128)
    assert (spec.experts, spec.experts_active, spec.shared_experts, spec.expert_ffn_hidden, spec.dense_layers) == (
        256,
        8,
        1,
        2048,
        3,
    )


def test_deepseek_without_q_compression() -> None:
    """DeepSeek-V2-Lite style: q_lora_rank null means queries are projected directly."""
    doc = {**load("deepseek-v3"), "q_lora_rank": None}
    assert model_from_config_json(write_tmp(doc)).mla_q_rank == 0


def test_qwen2_has_qkv_bias_and_llama_not() -> None:
    assert model_from_config_json(HF / "qwen2.5-7b" / "config.json").qkv_bias
    assert not model_from_config_json(HF / "llama-3.1-8b" / "config.json").qkv_bias


def test_llama_kv_heads_default_to_heads() -> None:
    doc = load("llama-3.1-8b")
    del doc["num_key_value_heads"]
    assert model_from_config_json(write_tmp(doc)).kv_heads == 32


def test_llama_attention_and_mlp_bias() -> None:
    base = model_from_config_json(HF / "llama-3.1-8b" / "config.json")
    both = model_from_config_json(write_tmp({**load("llama-3.1-8b"), "attention_bias": True, "mlp_bias": True}))
    assert both.linear_bias
    h, f, kv = 4096, 14336, 8 * 128
    assert both.params - base.params == 32 * (4096 + 2 * kv + h + 2 * f + h)


def test_folder_name_and_explicit_name() -> None:
    folder = HF / "mistral-7b"
    assert model_from_config_json(folder).name == "mistral-7b"  # a model folder holding config.json
    assert model_from_config_json(folder / "config.json", name="My Mistral").name == "My Mistral"
    doc = {**load("mistral-7b"), "_name_or_path": "mistralai/Mistral-7B-v0.1"}
    assert model_from_config_json(write_tmp(doc)).name == "mistralai/Mistral-7B-v0.1"


def test_model_type_from_architectures() -> None:
    doc = load("mixtral-8x7b")
    del doc["model_type"]
    assert model_from_config_json(write_tmp(doc)).params == preset("mixtral-8x7b").params
    # A derivative with its own model_type but a known architecture class is read as that class.
    doc["model_type"] = "my-mixtral-finetune"
    assert model_from_config_json(write_tmp(doc)).params == preset("mixtral-8x7b").params


def test_text_config_of_a_multimodal_wrapper() -> None:
    doc = {
        "model_type": "llava",
        "architectures": ["LlavaForConditionalGeneration"],
        "text_config": load("llama-3.1-8b"),
        "vision_config": {"hidden_size": 1024},
    }
    assert model_from_config_json(write_tmp(doc)).params == preset("llama-3.1-8b").params


def test_fixtures_cover_the_families() -> None:
    covered = {load(n)["model_type"] for n in [*WITH_PRESET, *PUBLISHED]}
    assert covered >= set(FAMILIES) - {"gemma", "deepseek_v2"}


# --- bad input ---------------------------------------------------------------------------------------


def without(name: str, key: str) -> dict[str, Any]:
    doc = load(name)
    del doc[key]
    return doc


def test_missing_field_message_names_file_field_and_family(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, without("llama-3.1-8b", "num_hidden_layers"))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError) as err:
        model_from_config_json("config.json")
    assert str(err.value) == "config.json: num_hidden_layers: missing (needed for model_type 'llama')"
    assert err.value.key == "num_hidden_layers"


BAD_FIELDS = [
    # (fixture, changes, key, fragment)
    ("llama-3.1-8b", {"hidden_size": None}, "hidden_size", "missing (needed for model_type 'llama')"),
    ("llama-3.1-8b", {"num_hidden_layers": "32"}, "num_hidden_layers", 'must be an integer, got "32"'),
    ("llama-3.1-8b", {"num_hidden_layers": True}, "num_hidden_layers", "must be an integer, got true"),
    ("llama-3.1-8b", {"num_hidden_layers": 32.5}, "num_hidden_layers", "must be an integer, got 32.5"),
    ("llama-3.1-8b", {"num_hidden_layers": 0}, "num_hidden_layers", "must be at least 1, got 0"),
    ("llama-3.1-8b", {"vocab_size": -5}, "vocab_size", "must be at least 1"),
    ("llama-3.1-8b", {"intermediate_size": [14336]}, "intermediate_size", "must be an integer"),
    ("llama-3.1-8b", {"tie_word_embeddings": "false"}, "tie_word_embeddings", "must be true or false"),
    ("llama-3.1-8b", {"tie_word_embeddings": 0}, "tie_word_embeddings", "must be true or false"),
    ("llama-3.1-8b", {"head_dim": "128"}, "head_dim", "must be an integer"),
    ("llama-3.1-8b", {"num_key_value_heads": 5}, "num_key_value_heads", "must divide the attention heads (32)"),
    (
        "llama-3.1-8b",
        {"num_attention_heads": 24, "num_key_value_heads": 8},
        "num_attention_heads",
        "must divide the hidden size (4096)",
    ),
    (
        "llama-3.1-8b",
        {"model_type": "lama", "architectures": None},
        "model_type",
        "unsupported model_type 'lama'; did you mean llama?",
    ),
    (
        "llama-3.1-8b",
        {"model_type": "mamba", "architectures": ["MambaForCausalLM"]},
        "model_type",
        "unsupported model_type 'mamba'",
    ),
    ("llama-3.1-8b", {"model_type": 7}, "model_type", "must be a string, got 7"),
    (
        "llama-3.1-8b",
        {"model_type": None, "architectures": "LlamaForCausalLM"},
        "architectures",
        "must be a list of class names",
    ),
    (
        "llama-3.1-8b",
        {"model_type": None, "architectures": ["FooModel"]},
        "model_type",
        "missing, and architectures names no supported family",
    ),
    ("mixtral-8x7b", {"num_experts_per_tok": 9}, "num_experts_per_tok", "must be at most the number of experts (8)"),
    ("mixtral-8x7b", {"num_local_experts": "8"}, "num_local_experts", "must be an integer"),
    ("deepseek-v3", {"v_head_dim": 64}, "v_head_dim", "must equal qk_nope_head_dim (128)"),
    ("deepseek-v3", {"qk_rope_head_dim": None}, "qk_rope_head_dim", "missing (needed for model_type 'deepseek_v3')"),
    ("deepseek-v3", {"moe_intermediate_size": None}, "moe_intermediate_size", "missing"),
    ("deepseek-v3", {"first_k_dense_replace": 61}, "first_k_dense_replace", "must be less than num_hidden_layers"),
    ("deepseek-v3", {"first_k_dense_replace": -1}, "first_k_dense_replace", "must be at least 0"),
    ("deepseek-v3", {"moe_layer_freq": 2}, "moe_layer_freq", "only 1"),
    ("gpt2", {"n_embd": None}, "n_embd", "missing (needed for model_type 'gpt2')"),
    ("gpt2", {"n_positions": 1024.5}, "n_positions", "must be an integer"),
    ("pythia-1b", {"attention_bias": "yes"}, "attention_bias", "must be true or false"),
    ("gemma-2-9b", {"num_attention_heads": {}}, "num_attention_heads", "must be an integer, got {}"),
]


@pytest.mark.parametrize(
    ("fixture", "changes", "key", "fragment"),
    BAD_FIELDS,
    ids=[f"{f}-{k}-{i}" for i, (f, _, k, _) in enumerate(BAD_FIELDS)],
)
def test_bad_field(tmp_path: Path, fixture: str, changes: dict[str, Any], key: str, fragment: str) -> None:
    doc = {**load(fixture), **changes}
    path = write(tmp_path, doc)
    with pytest.raises(InputError) as err:
        model_from_config_json(path)
    message = str(err.value)
    assert err.value.key == key
    assert message.startswith(f"{path}: {key}: ")
    assert fragment in message
    assert "\n" not in message


BAD_FILES = [
    ("not json", b"model_type = 'llama'\n", "not valid JSON (Expecting value at line 1, column 1)"),
    ("truncated", b'{"model_type": "llama",', "not valid JSON"),
    ("empty", b"", "not valid JSON"),
    ("nan", b'{"model_type": "llama", "hidden_size": NaN}', "not valid JSON (NaN is not a number JSON allows)"),
    ("infinity", b'{"hidden_size": -Infinity}', "not valid JSON"),
    ("array", b"[1, 2]", "must hold a JSON object ({...}), got a list"),
    ("string", b'"llama"', "must hold a JSON object ({...}), got a str"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary content"),
    ("safetensors", b'\x08\x00\x00\x00\x00\x00\x00\x00{"a":1}', "binary content"),
    ("latin-1", '{"model_type": "llama", "name": "Café"}'.encode("latin-1"), "not UTF-8 text"),
    ("deep", b"[" * 200_000, "not valid JSON"),
]


@pytest.mark.parametrize(("content", "fragment"), [(c, f) for _, c, f in BAD_FILES], ids=[i for i, _, _ in BAD_FILES])
def test_bad_file_gives_one_clear_line(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "config.json"
    path.write_bytes(content)
    with pytest.raises(InputError) as err:
        model_from_config_json(path)
    message = str(err.value)
    assert message.startswith(f"{path}: ")
    assert fragment in message
    assert "\n" not in message


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_bytes(b"\xef\xbb\xbf" + (HF / "gpt2" / "config.json").read_bytes())
    assert model_from_config_json(path).params == PUBLISHED["gpt2"][1]


def test_weights_file_opened_by_mistake(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    with path.open("wb") as fh:
        fh.truncate(MAX_CONFIG_BYTES + 1)  # sparse: nothing is read
    with pytest.raises(InputError, match="too large for a config.json"):
        model_from_config_json(path)


def test_missing_file_and_folder_without_config(tmp_path: Path) -> None:
    with pytest.raises(FileAccessError, match="no such file"):
        model_from_config_json(tmp_path / "nope" / "config.json")
    with pytest.raises(FileAccessError, match="is a folder without a config.json"):
        model_from_config_json(tmp_path)


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, load("gpt2"))

    def refuse(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", refuse)  # CI runs as root: inject the failure
    with pytest.raises(FileAccessError, match="cannot be read \\(Permission denied\\)"):
        model_from_config_json(path)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fixture=st.sampled_from([*WITH_PRESET, *PUBLISHED]), data=st.data())
def test_any_mutated_config_gives_a_model_or_an_input_error(fixture: str, data: st.DataObject) -> None:
    doc = load(fixture)
    keys = data.draw(st.lists(st.sampled_from(sorted(doc)), min_size=1, max_size=3, unique=True))
    for key in keys:
        doc[key] = data.draw(JSON_VALUES)
    path = write_tmp(doc)
    try:
        spec = model_from_config_json(path)
    except InputError as err:
        assert "\n" not in str(err) and str(err).startswith(str(path))
    else:
        assert isinstance(spec, ModelSpec) and spec.params > 0
