"""torchtune's `_component_` model builders → gpuplanner presets or architecture fields.

Every entry is read from the builder of torchtune 0.6.1, `torchtune/models/<family>/_model_builders.py` (the
keyword arguments of the component call: vocab_size, num_layers, num_heads, num_kv_heads, embed_dim,
intermediate_dim, head_dim, tie_word_embeddings). A builder whose architecture equals a preset's maps to the
preset; the others carry their fields. `lora_X` and `qlora_X` builders share X's architecture
(torchtune/models/<family>/_component_builders.py builds the same decoder with LoRA linears).
"""

from __future__ import annotations

from typing import Any

# builder → preset id (architecture identical to the preset's catalog/models.toml entry)
PRESET_BUILDERS: dict[str, str] = {
    "llama3_8b": "llama-3.1-8b",  # Llama 3 8B: Llama 3.1 8B's shapes (rope scaling differs, memory does not)
    "llama3_1_8b": "llama-3.1-8b",
    "llama3_70b": "llama-3.1-70b",
    "llama3_1_70b": "llama-3.1-70b",
    "llama3_1_405b": "llama-3.1-405b",
    "llama3_2_1b": "llama-3.2-1b",
    "llama3_2_3b": "llama-3.2-3b",
    "llama3_3_70b": "llama-3.3-70b",
    "llama2_7b": "llama-2-7b",
    "llama2_13b": "llama-2-13b",
    "llama2_70b": "llama-2-70b",
    "mistral_7b": "mistral-7b",
    "qwen2_5_7b_base": "qwen2.5-7b",
    "qwen2_5_7b_instruct": "qwen2.5-7b",
    "qwen2_5_14b_base": "qwen2.5-14b",
    "qwen2_5_14b_instruct": "qwen2.5-14b",
    "qwen2_5_32b_base": "qwen2.5-32b",
    "qwen2_5_32b_instruct": "qwen2.5-32b",
    "qwen2_5_72b_base": "qwen2.5-72b",
    "qwen2_5_72b_instruct": "qwen2.5-72b",
    "gemma2_9b": "gemma-2-9b",
    "gemma2_27b": "gemma-2-27b",
}


def _arch(name: str, layers: int, hidden: int, heads: int, kv: int, ffn: int, vocab: int, **kw: Any) -> dict[str, Any]:
    return {"name": name, "layers": layers, "hidden": hidden, "heads": heads, "kv_heads": kv, "ffn_hidden": ffn,
            "vocab": vocab, **kw}  # fmt: skip


_QWEN2 = {"qkv_bias": True}  # torchtune/models/qwen2/_component_builders.py: q/k/v projections with bias
_QWEN2_TIED = {**_QWEN2, "tied_embeddings": True}
# torchtune/models/gemma/_component_builders.py: GeGLU MLP (3 matrices), output tied to the embedding
_GEMMA = {"head_dim": 256, "tied_embeddings": True}
# torchtune/models/gemma2/_component_builders.py: pre/post norms around attention and MLP
_GEMMA2 = {**_GEMMA, "extra_norms_per_layer": 2}

ARCH_BUILDERS: dict[str, dict[str, Any]] = {
    "code_llama2_7b": _arch("Code Llama 2 7B", 32, 4096, 32, 32, 11008, 32016),
    "gemma_2b": _arch("Gemma 2B", 18, 2048, 8, 1, 16384, 256000, **_GEMMA),
    "gemma_7b": _arch("Gemma 7B", 28, 3072, 16, 16, 24576, 256000, **_GEMMA),
    "gemma2_2b": _arch("Gemma 2 2B", 26, 2304, 8, 4, 9216, 256000, **_GEMMA2),
    "phi3_mini": _arch("Phi-3 mini", 32, 3072, 32, 32, 8192, 32064),
    "phi4_14b": _arch("Phi-4 14B", 40, 5120, 40, 10, 17920, 100352),
    "qwen2_0_5b": _arch("Qwen2 0.5B", 24, 896, 14, 2, 4864, 151936, **_QWEN2_TIED),
    "qwen2_1_5b": _arch("Qwen2 1.5B", 28, 1536, 12, 2, 8960, 151936, **_QWEN2_TIED),
    "qwen2_7b": _arch("Qwen2 7B", 28, 3584, 28, 4, 18944, 152064, **_QWEN2),
    "qwen2_5_0_5b": _arch("Qwen2.5 0.5B", 24, 896, 14, 2, 4864, 151936, **_QWEN2_TIED),
    "qwen2_5_1_5b_base": _arch("Qwen2.5 1.5B", 28, 1536, 12, 2, 8960, 151936, **_QWEN2_TIED),
    "qwen2_5_1_5b_instruct": _arch("Qwen2.5 1.5B Instruct", 28, 1536, 12, 2, 8960, 151936, **_QWEN2_TIED),
    "qwen2_5_3b": _arch("Qwen2.5 3B", 36, 2048, 16, 2, 11008, 151936, **_QWEN2_TIED),
}

# the builder torchtune's own `launch` output names for a preset (the inverse of PRESET_BUILDERS)
BUILDER_FOR_PRESET: dict[str, str] = {
    "llama-3.1-8b": "torchtune.models.llama3_1.llama3_1_8b",
    "llama-3.1-70b": "torchtune.models.llama3_1.llama3_1_70b",
    "llama-3.1-405b": "torchtune.models.llama3_1.llama3_1_405b",
    "llama-3.2-1b": "torchtune.models.llama3_2.llama3_2_1b",
    "llama-3.2-3b": "torchtune.models.llama3_2.llama3_2_3b",
    "llama-3.3-70b": "torchtune.models.llama3_3.llama3_3_70b",
    "llama-2-7b": "torchtune.models.llama2.llama2_7b",
    "llama-2-13b": "torchtune.models.llama2.llama2_13b",
    "llama-2-70b": "torchtune.models.llama2.llama2_70b",
    "mistral-7b": "torchtune.models.mistral.mistral_7b",
    "qwen2.5-7b": "torchtune.models.qwen2_5.qwen2_5_7b_instruct",
    "qwen2.5-14b": "torchtune.models.qwen2_5.qwen2_5_14b_instruct",
    "qwen2.5-32b": "torchtune.models.qwen2_5.qwen2_5_32b_instruct",
    "qwen2.5-72b": "torchtune.models.qwen2_5.qwen2_5_72b_instruct",
    "gemma-2-9b": "torchtune.models.gemma2.gemma2_9b",
    "gemma-2-27b": "torchtune.models.gemma2.gemma2_27b",
}
# the tokenizer component each model family's configs use (torchtune/models/<family>/__init__.py)
TOKENIZER_FOR_FAMILY: dict[str, str] = {
    "llama3_1": "torchtune.models.llama3.llama3_tokenizer",
    "llama3_2": "torchtune.models.llama3.llama3_tokenizer",
    "llama3_3": "torchtune.models.llama3.llama3_tokenizer",
    "llama2": "torchtune.models.llama2.llama2_tokenizer",
    "mistral": "torchtune.models.mistral.mistral_tokenizer",
    "qwen2_5": "torchtune.models.qwen2_5.qwen2_5_tokenizer",
    "gemma2": "torchtune.models.gemma.gemma_tokenizer",
}


def split_builder(component: str) -> tuple[str, str, str]:
    """`torchtune.models.llama3_1.qlora_llama3_1_8b` → ("llama3_1", "qlora", "llama3_1_8b")."""
    parts = component.split(".")
    family, func = (parts[-2], parts[-1]) if len(parts) >= 2 else ("", parts[-1])
    for prefix in ("qlora", "lora"):
        if func.startswith(prefix + "_"):
            return family, prefix, func[len(prefix) + 1 :]
    return family, "", func
