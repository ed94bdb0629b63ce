"""Import a model architecture from a local Hugging Face `config.json` (spec §2 workload, §6 bad input/safe files).

Offline and data-only: the file is parsed with `json` (no `transformers`, no remote code, no pickle). Field names
follow the `transformers` configuration classes of each family (`LlamaConfig`, `MistralConfig`, `MixtralConfig`,
`Qwen2Config`, `GemmaConfig`, `Gemma2Config`, `GPT2Config`, `GPTNeoXConfig`) and DeepSeek's own
`configuration_deepseek.py` (DeepSeek-V2/V3); a default below is the configuration class's default for a field the
file may leave out. Every problem is an InputError naming the file and the field, e.g.
`config.json: num_hidden_layers: missing (needed for model_type 'llama')`.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import FileAccessError, InputError
from .model import ModelSpec
from .suggest import did_you_mean

MAX_CONFIG_BYTES = 8 * 2**20  # a config.json is a few KB; a larger file is a weights file opened by mistake

_MISSING = object()


@dataclass(frozen=True)
class Family:
    """How one `model_type` maps onto ModelSpec."""

    label: str
    build: Callable[[_Reader], dict[str, Any]]


class _Reader:
    """Typed access to the config's fields; every failure names the file and the field."""

    def __init__(self, data: dict[str, Any], file: str, model_type: str) -> None:
        self.data = data
        self.file = file
        self.model_type = model_type

    def fail(self, key: str, message: str) -> InputError:
        return InputError(message, file=self.file, key=key)

    def _get(self, key: str, default: Any) -> Any:
        value = self.data.get(key, _MISSING)
        if value is _MISSING or value is None:
            if default is _MISSING:
                raise self.fail(key, f"missing (needed for model_type {self.model_type!r})")
            return default
        return value

    def get_int(self, key: str, default: Any = _MISSING, *, minimum: int = 1) -> int:
        value = self._get(key, default)
        ok = (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and math.isfinite(value) and value.is_integer()
        )
        if not ok:
            raise self.fail(key, f"must be an integer, got {json.dumps(value)}")
        if value < minimum:
            raise self.fail(key, f"must be at least {minimum}, got {json.dumps(value)}")
        return int(value)

    def opt_int(self, key: str, *, minimum: int = 1) -> int | None:
        """An optional integer: None when absent or null."""
        if self.data.get(key) is None:
            return None
        return self.get_int(key, minimum=minimum)

    def get_bool(self, key: str, default: Any = _MISSING) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, got {json.dumps(value)}")
        return value

    def first_int(self, keys: tuple[str, ...], default: Any = _MISSING, *, minimum: int = 1) -> int:
        """The first of several alternative names that is present (older and newer spellings)."""
        for key in keys:
            if self.data.get(key) is not None:
                return self.get_int(key, minimum=minimum)
        if default is _MISSING:
            raise self.fail(keys[0], f"missing (needed for model_type {self.model_type!r})")
        return default


# --- families --------------------------------------------------------------------------------------


def _llama_like(
    r: _Reader, *, tied_default: bool, qkv_bias: bool = False, head_dim_default: int | None = None
) -> dict[str, Any]:
    """Llama / Mistral / Qwen2 / Gemma: RMSNorm, RoPE, gated MLP, optional GQA and head_dim."""
    heads = r.get_int("num_attention_heads")
    fields: dict[str, Any] = dict(
        layers=r.get_int("num_hidden_layers"),
        hidden=r.get_int("hidden_size"),
        heads=heads,
        kv_heads=r.get_int("num_key_value_heads", heads),
        ffn_hidden=r.get_int("intermediate_size"),
        vocab=r.get_int("vocab_size"),
        tied_embeddings=r.get_bool("tie_word_embeddings", tied_default),
        qkv_bias=qkv_bias,
    )
    head_dim = r.opt_int("head_dim") or head_dim_default
    if head_dim is not None:
        fields["head_dim"] = head_dim
    # LlamaConfig/MistralConfig `attention_bias` (q, k, v and o) and `mlp_bias`; ModelSpec has q/k/v biases or
    # biases on every linear, so the o-projection bias (hidden per layer) is left out when only attention has one.
    attention_bias = r.get_bool("attention_bias", False)
    mlp_bias = r.get_bool("mlp_bias", False)
    if attention_bias and mlp_bias:
        fields["linear_bias"] = True
    elif attention_bias:
        fields["qkv_bias"] = True
    return fields


def _llama(r: _Reader) -> dict[str, Any]:
    return _llama_like(r, tied_default=False)


def _mixtral(r: _Reader) -> dict[str, Any]:
    fields = _llama_like(r, tied_default=False)
    experts = r.get_int("num_local_experts", 8)
    if experts > 1:
        fields.update(experts=experts, experts_active=r.get_int("num_experts_per_tok", 2))
    return fields


def _qwen2(r: _Reader) -> dict[str, Any]:
    # Qwen2Attention: bias on q, k and v (not o); tie_word_embeddings defaults to False in Qwen2Config.
    return _llama_like(r, tied_default=False, qkv_bias=True)


def _qwen3_moe(r: _Reader) -> dict[str, Any]:
    """Qwen3-MoE: every layer's MLP is routed (`decoder_sparse_step` 1, no `mlp_only_layers`), no shared expert;
    `num_experts` in the Hub's config.json (transformers 5 writes `num_local_experts`). Qwen3Attention has no
    q/k/v bias and a per-head RMSNorm on q and k (2·head_dim weights per layer, left out: < 0.01%)."""
    fields = _llama_like(r, tied_default=False)
    experts = r.first_int(("num_experts", "num_local_experts"), 1)
    if experts > 1:
        step = r.get_int("decoder_sparse_step", 1)
        if step != 1:
            raise r.fail("decoder_sparse_step", f"only 1 (every layer is MoE) is supported, got {step}")
        if r.data.get("mlp_only_layers"):
            raise r.fail("mlp_only_layers", "only an empty list (no dense layers among the MoE ones) is supported")
        fields.update(
            experts=experts,
            experts_active=r.get_int("num_experts_per_tok"),
            expert_ffn_hidden=r.get_int("moe_intermediate_size"),
        )
    return fields


def _gpt_oss(r: _Reader) -> dict[str, Any]:
    """gpt-oss: biases on q, k, v, o (`attention_bias`) and on every expert's gate_up and down projection
    (GptOssExperts `gate_up_proj_bias`, `down_proj_bias`): a bias on every linear; `intermediate_size` is the
    expert width, every layer routed."""
    fields = _llama_like(r, tied_default=False)
    fields.pop("qkv_bias", None)
    width = r.get_int("intermediate_size")
    fields.update(
        linear_bias=True,
        experts=r.get_int("num_local_experts"),
        experts_active=r.first_int(("num_experts_per_tok", "experts_per_token")),
        expert_ffn_hidden=width,
    )
    return fields


def _gemma(r: _Reader) -> dict[str, Any]:
    # GemmaConfig: tie_word_embeddings defaults to True, head_dim to 256.
    return _llama_like(r, tied_default=True, head_dim_default=256)


def _gemma2(r: _Reader) -> dict[str, Any]:
    # Gemma2DecoderLayer: input, post-attention, pre-feedforward and post-feedforward RMSNorm (2 beyond the usual 2).
    # Gemma2Config: tie_word_embeddings defaults to True, head_dim to 256.
    return {**_llama_like(r, tied_default=True, head_dim_default=256), "extra_norms_per_layer": 2}


def _deepseek(r: _Reader) -> dict[str, Any]:
    """DeepSeek-V2/V3: multi-head latent attention, routed + shared experts, leading dense layers."""
    heads = r.get_int("num_attention_heads")
    layers = r.get_int("num_hidden_layers")
    fields: dict[str, Any] = dict(
        layers=layers,
        hidden=r.get_int("hidden_size"),
        heads=heads,
        kv_heads=r.get_int("num_key_value_heads", heads),
        ffn_hidden=r.get_int("intermediate_size"),
        vocab=r.get_int("vocab_size"),
        tied_embeddings=r.get_bool("tie_word_embeddings", False),
    )
    kv_rank = r.opt_int("kv_lora_rank")
    if kv_rank is not None:
        nope = r.get_int("qk_nope_head_dim")
        v_dim = r.get_int("v_head_dim")
        if v_dim != nope:
            raise r.fail("v_head_dim", f"must equal qk_nope_head_dim ({nope}) for gpuplanner's MLA model, got {v_dim}")
        fields.update(
            mla_kv_rank=kv_rank,
            mla_q_rank=r.opt_int("q_lora_rank") or 0,
            mla_rope_dim=r.get_int("qk_rope_head_dim"),
            head_dim=nope,
        )
    experts = r.opt_int("n_routed_experts")
    if experts is not None and experts > 1:
        freq = r.get_int("moe_layer_freq", 1)
        if freq != 1:
            raise r.fail("moe_layer_freq", f"only 1 (every layer after the dense ones is MoE) is supported, got {freq}")
        dense = r.get_int("first_k_dense_replace", 0, minimum=0)
        if dense >= layers:
            raise r.fail("first_k_dense_replace", f"must be less than num_hidden_layers ({layers}), got {dense}")
        fields.update(
            experts=experts,
            experts_active=r.get_int("num_experts_per_tok"),
            shared_experts=r.get_int("n_shared_experts", 0, minimum=0),
            expert_ffn_hidden=r.get_int("moe_intermediate_size"),
            dense_layers=dense,
        )
    return fields


def _gpt2(r: _Reader) -> dict[str, Any]:
    # GPT2Config: LayerNorm, biases on every linear, learned positions, tied LM head, n_inner = 4·n_embd if null.
    hidden = r.get_int("n_embd")
    return dict(
        layers=r.get_int("n_layer"),
        hidden=hidden,
        heads=r.get_int("n_head"),
        kv_heads=r.get_int("n_head"),
        ffn_hidden=r.get_int("n_inner", 4 * hidden),
        vocab=r.get_int("vocab_size"),
        gated_mlp=False,
        tied_embeddings=r.get_bool("tie_word_embeddings", True),
        norm="layernorm",
        linear_bias=True,
        learned_positions=r.get_int("n_positions"),
    )


def _gpt_neox(r: _Reader) -> dict[str, Any]:
    # GPTNeoXConfig: LayerNorm, rotary, biases on every linear (attention_bias defaults to True), untied.
    heads = r.get_int("num_attention_heads")
    bias = r.get_bool("attention_bias", True)
    return dict(
        layers=r.get_int("num_hidden_layers"),
        hidden=r.get_int("hidden_size"),
        heads=heads,
        kv_heads=heads,
        ffn_hidden=r.get_int("intermediate_size"),
        vocab=r.get_int("vocab_size"),
        gated_mlp=False,
        tied_embeddings=r.get_bool("tie_word_embeddings", False),
        norm="layernorm",
        linear_bias=bias,
    )


FAMILIES: dict[str, Family] = {
    "llama": Family("Llama", _llama),
    "mistral": Family("Mistral", _llama),
    "mixtral": Family("Mixtral", _mixtral),
    "qwen2": Family("Qwen2", _qwen2),
    "qwen3_moe": Family("Qwen3-MoE", _qwen3_moe),
    "gpt_oss": Family("gpt-oss", _gpt_oss),
    "gemma": Family("Gemma", _gemma),
    "gemma2": Family("Gemma 2", _gemma2),
    "deepseek_v2": Family("DeepSeek-V2", _deepseek),
    "deepseek_v3": Family("DeepSeek-V3", _deepseek),
    "gpt2": Family("GPT-2", _gpt2),
    "gpt_neox": Family("GPT-NeoX", _gpt_neox),
}

ARCHITECTURES: dict[str, str] = {
    "LlamaForCausalLM": "llama",
    "MistralForCausalLM": "mistral",
    "MixtralForCausalLM": "mixtral",
    "Qwen2ForCausalLM": "qwen2",
    "GemmaForCausalLM": "gemma",
    "Gemma2ForCausalLM": "gemma2",
    "DeepseekV2ForCausalLM": "deepseek_v2",
    "DeepseekV3ForCausalLM": "deepseek_v3",
    "GPT2LMHeadModel": "gpt2",
    "GPTNeoXForCausalLM": "gpt_neox",
}


# --- reading ---------------------------------------------------------------------------------------


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _load_json(path: Path, file: str) -> dict[str, Any]:
    try:
        size = path.stat().st_size
        if size > MAX_CONFIG_BYTES:
            raise InputError(
                f"too large for a config.json ({size:,} bytes); open the model folder's config.json, "
                "not a weights file",
                file=file,
            )
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileAccessError("no such file", file=file) from None
    except IsADirectoryError:
        raise FileAccessError("is a folder without a config.json", file=file) from None
    except OSError as err:
        raise FileAccessError(f"cannot be read ({err.strerror or err})", file=file) from None
    if b"\x00" in data[:4096]:
        raise InputError("not a config.json (binary content); expected JSON text", file=file)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text; a Hugging Face config.json is UTF-8 JSON", file=file) from None
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as err:
        raise InputError(f"not valid JSON ({err.msg} at line {err.lineno}, column {err.colno})", file=file) from None
    except (ValueError, RecursionError) as err:
        raise InputError(f"not valid JSON ({err})", file=file) from None
    if not isinstance(doc, dict):
        raise InputError(f"must hold a JSON object ({{...}}), got a {type(doc).__name__}", file=file)
    return doc


def _family(doc: dict[str, Any], file: str) -> tuple[str, dict[str, Any]]:
    """The family key and the table holding the text model's fields (a multimodal config's text_config)."""
    model_type = doc.get("model_type")
    if model_type is not None and not isinstance(model_type, str):
        raise InputError(f"must be a string, got {json.dumps(model_type)}", file=file, key="model_type")
    if model_type in FAMILIES:
        return model_type, doc
    architectures = doc.get("architectures")
    if architectures is not None:
        if not isinstance(architectures, list) or not all(isinstance(a, str) for a in architectures):
            raise InputError("must be a list of class names", file=file, key="architectures")
        for arch in architectures:
            if arch in ARCHITECTURES:
                return ARCHITECTURES[arch], doc
    text_config = doc.get("text_config")
    if isinstance(text_config, dict) and text_config.get("model_type") in FAMILIES:
        return text_config["model_type"], text_config
    supported = ", ".join(FAMILIES)
    if model_type is None:
        raise InputError(
            f"missing, and architectures names no supported family; supported model_type: {supported}",
            file=file,
            key="model_type",
        )
    raise InputError(
        f"unsupported model_type {model_type!r}{did_you_mean(model_type, FAMILIES)} (supported: {supported})",
        file=file,
        key="model_type",
    )


def _check(spec: ModelSpec, r: _Reader) -> None:
    if spec.heads % spec.kv_heads:
        raise r.fail("num_key_value_heads", f"must divide the attention heads ({spec.heads}), got {spec.kv_heads}")
    if "head_dim" not in r.data and not spec.is_mla and spec.hidden % spec.heads:
        raise r.fail(
            "num_attention_heads",
            f"must divide the hidden size ({spec.hidden}) unless head_dim is given, got {spec.heads}",
        )
    if spec.experts_active > spec.experts:
        key = "num_experts_per_tok"
        raise r.fail(key, f"must be at most the number of experts ({spec.experts}), got {spec.experts_active}")


def _default_name(doc: dict[str, Any], path: Path, family: str) -> str:
    name = doc.get("_name_or_path")
    if isinstance(name, str) and name.strip():
        return name.strip()
    folder = path.parent.name
    if folder and folder not in (".", "snapshots") and not (len(folder) == 40 and folder.isalnum()):
        return folder
    return f"{FAMILIES[family].label} (config.json)"


def model_from_config_json(path: str | os.PathLike[str], name: str | None = None) -> ModelSpec:
    """The ModelSpec of a local Hugging Face `config.json` (or of a model folder holding one).

    Raises InputError (the file and the field) for content gpuplanner cannot use and FileAccessError when the file
    cannot be read.
    """
    p = Path(path)
    if p.is_dir() and (p / "config.json").is_file():
        p = p / "config.json"
    file = str(p)
    doc = _load_json(p, file)
    family, table = _family(doc, file)
    reader = _Reader(table, file, family)
    fields = FAMILIES[family].build(reader)
    label = name if name and name.strip() else _default_name(doc, p, family)
    spec = ModelSpec(name=label, **fields)
    _check(spec, reader)
    return spec
