"""Model parameter counts (spec §5): presets against their published counts, hand counts for small configs."""

from __future__ import annotations

import pytest

from gpuplanner.core.model import MODEL_FIELDS, ModelSpec
from gpuplanner.core.presets import preset, presets

SPEC_IDS = (
    "llama-3.1-8b",
    "llama-3.1-70b",
    "llama-3.1-405b",
    "llama-3.2-1b",
    "llama-3.2-3b",
    "llama-3.3-70b",
    "llama-2-7b",
    "llama-2-13b",
    "llama-2-70b",
    "mistral-7b",
    "mixtral-8x7b",
    "mixtral-8x22b",
    "qwen2.5-7b",
    "qwen2.5-14b",
    "qwen2.5-32b",
    "qwen2.5-72b",
    "gemma-2-9b",
    "gemma-2-27b",
    "gpt-3-175b",
    "deepseek-v3",
)


def test_every_spec_preset_is_shipped() -> None:
    assert set(SPEC_IDS) <= set(presets())


@pytest.mark.parametrize("pid", sorted(presets()))
def test_preset_matches_published_count(pid: str) -> None:
    m = preset(pid)
    assert m.published_params is not None, f"{pid}: no published_params"
    assert m.params_source.strip(), f"{pid}: no params_source"
    assert m.params == pytest.approx(m.published_params, rel=0.005)


@pytest.mark.parametrize(
    ("pid", "published"),
    [
        ("llama-3.1-8b", 8.03e9),
        ("llama-3.1-70b", 70.6e9),
        ("llama-3.1-405b", 405.9e9),
        ("mixtral-8x7b", 46.7e9),
    ],
)
def test_spec_section_5_examples(pid: str, published: float) -> None:
    assert preset(pid).params == pytest.approx(published, rel=0.005)


def test_mixtral_active() -> None:
    # Jiang et al. 2024 §2: 12.9B active parameters per token (2 of 8 experts).
    assert preset("mixtral-8x7b").active_params == pytest.approx(12.9e9, rel=0.005)
    # Mistral's Mixtral 8x22B announcement: 39B active of 141B.
    assert preset("mixtral-8x22b").active_params == pytest.approx(39e9, rel=0.005)


def test_deepseek_v3_active() -> None:
    # DeepSeek-V3 README: 37B activated of 671B (the router's e_score_correction_bias and norms are the slack).
    m = preset("deepseek-v3")
    assert m.active_params == pytest.approx(37e9, rel=0.02)
    assert m.is_moe and m.is_mla and m.moe_layers == 58


def test_dense_active_equals_total() -> None:
    for pid in ("llama-3.1-8b", "gemma-2-9b", "gpt-3-175b"):
        m = preset(pid)
        assert m.active_params == m.params


# --- hand counts ---------------------------------------------------------------------------------------


def tiny(**changes: object) -> ModelSpec:
    """2 layers, hidden 64, 4 query heads of 16, 2 KV heads, gated MLP of 128, vocab 100."""
    fields: dict[str, object] = dict(name="tiny", layers=2, hidden=64, heads=4, kv_heads=2, ffn_hidden=128, vocab=100)
    fields.update(changes)
    return ModelSpec(**fields)  # type: ignore[arg-type]


def test_tiny_shapes() -> None:
    m = tiny()
    assert (m.head_dim, m.q_width, m.kv_width) == (16, 64, 32)
    assert not m.is_moe and not m.is_mla and m.moe_layers == 0


def test_tiny_dense_count() -> None:
    m = tiny()
    attention = 64 * 64 * 2 + 64 * 32 * 2  # q and o: h·h each; k and v: h·(2·16) each
    mlp = 3 * 64 * 128  # gate, up, down
    norms = 2 * 64  # two RMSNorm weights per layer
    assert m.attention_params() == attention == 12_288
    assert m.mlp_params() == mlp == 24_576
    assert m.layer_norms() == norms
    embeddings, head, final_norm = 100 * 64, 100 * 64, 64
    assert m.params == 2 * (attention + mlp + norms) + embeddings + head + final_norm == 86_848
    assert tiny(tied_embeddings=True).params == 86_848 - 6_400


def test_tiny_gpt_style_count() -> None:
    """LayerNorm (weight + bias), biases on every linear, plain 2-matrix MLP, learned positions, tied head."""
    m = tiny(
        kv_heads=4, gated_mlp=False, norm="layernorm", linear_bias=True, learned_positions=32, tied_embeddings=True
    )
    attention = 4 * 64 * 64 + (3 * 64 + 64)  # qkv and o weights; qkv and o biases
    mlp = 2 * 64 * 128 + (128 + 64)
    norms = 2 * (2 * 64)
    embeddings = 100 * 64 + 32 * 64
    assert m.params == 2 * (attention + mlp + norms) + embeddings + 2 * 64


def test_tiny_qkv_bias_and_extra_norms() -> None:
    assert tiny(qkv_bias=True).params - tiny().params == 2 * (64 + 32 + 32)
    assert tiny(extra_norms_per_layer=2).params - tiny().params == 2 * 2 * 64


def test_tiny_head_dim_wider_than_hidden() -> None:
    m = tiny(head_dim=32)  # Gemma-style: 4 × 32 = 128 query width over hidden 64
    assert m.attention_params() == 64 * 128 * 2 + 64 * 64 * 2


def test_tiny_moe_count() -> None:
    m = tiny(experts=4, experts_active=2, shared_experts=1, expert_ffn_hidden=32, dense_layers=1)
    attention, norms = 12_288, 128
    expert = 3 * 64 * 32
    router = 64 * 4
    dense_layer = attention + 3 * 64 * 128 + norms
    moe_layer_all = attention + norms + router + (1 + 4) * expert
    moe_layer_active = attention + norms + router + (1 + 2) * expert
    rest = 2 * 100 * 64 + 64
    assert m.moe_layers == 1
    assert m.params == dense_layer + moe_layer_all + rest
    assert m.active_params == dense_layer + moe_layer_active + rest


def test_tiny_mla_count() -> None:
    """DeepSeek-V2 §2.1 projections: q down/up with a norm, joint KV down (+ shared rope key) with a norm, KV up."""
    m = tiny(kv_heads=4, head_dim=16, mla_kv_rank=8, mla_q_rank=24, mla_rope_dim=4)
    h, a, d, dr, ckv, cq = 64, 4, 16, 4, 8, 24
    q = h * cq + cq + cq * a * (d + dr)
    kv = h * (ckv + dr) + ckv + ckv * a * (d + d)
    o = a * d * h
    assert m.attention_params() == q + kv + o
    assert tiny(kv_heads=4, head_dim=16, mla_kv_rank=8, mla_rope_dim=4).attention_params() == (
        h * a * (d + dr) + kv + o
    )  # no q compression


# --- LoRA ------------------------------------------------------------------------------------------------

R = 8
ATTN = ("q", "k", "v", "o")
ALL = ("q", "k", "v", "o", "gate", "up", "down")


def test_lora_attention_by_hand() -> None:
    # r·(d_in + d_out): q 64→64, k 64→32, v 64→32, o 64→64
    per_layer = R * (64 + 64) + R * (64 + 32) + R * (64 + 32) + R * (64 + 64)
    assert per_layer == 3_584
    assert tiny().lora_params(R, ATTN) == 2 * per_layer == 7_168


def test_lora_all_linear_by_hand() -> None:
    mlp = 3 * R * (64 + 128)
    assert tiny().lora_params(R, ALL) == 2 * (3_584 + mlp) == 16_384
    assert tiny().lora_params(R, ("q", "v")) == 2 * (R * 128 + R * 96) == 3_584
    assert tiny().lora_params(1, ("down",)) == 2 * (128 + 64)


def test_lora_plain_mlp_has_no_gate() -> None:
    assert tiny(gated_mlp=False).lora_params(R, ALL) == 2 * (3_584 + 2 * R * (64 + 128)) == 13_312


def test_lora_moe_experts_each_get_adapters() -> None:
    """Mixtral-style: every expert's gate/up/down gets its own adapter (PEFT on all expert linears)."""
    m = tiny(experts=4, experts_active=2)
    assert m.lora_params(R, ATTN) == tiny().lora_params(R, ATTN)
    assert m.lora_params(R, ALL) == 2 * (3_584 + 4 * 3 * R * (64 + 128)) == 44_032


def test_lora_scales_linearly_with_rank() -> None:
    m = preset("llama-3.1-8b")
    assert m.lora_params(32, ALL) == 2 * m.lora_params(16, ALL)


def test_lora_llama_8b_published() -> None:
    # PEFT print_trainable_parameters for Llama-3-8B, r=16 on q,k,v,o: 13,631,488; on all 7: 41,943,040.
    m = preset("llama-3.1-8b")
    assert m.lora_params(16, ATTN) == 13_631_488
    assert m.lora_params(16, ALL) == 41_943_040


def test_lora_moe_with_dense_layers_and_narrow_experts() -> None:
    m = tiny(experts=4, experts_active=2, shared_experts=1, expert_ffn_hidden=32, dense_layers=1)
    dense_layer = 3_584 + 3 * R * (64 + 128)
    moe_layer = 3_584 + (4 + 1) * 3 * R * (64 + 32)
    assert m.lora_params(R, ALL) == dense_layer + moe_layer == 23_296


# --- misc ------------------------------------------------------------------------------------------------


def test_model_fields_exclude_metadata() -> None:
    assert "name" not in MODEL_FIELDS and "published_params" not in MODEL_FIELDS
    assert {"layers", "hidden", "heads", "kv_heads", "ffn_hidden", "vocab", "head_dim"} <= set(MODEL_FIELDS)


def test_published_params_do_not_affect_equality() -> None:
    assert tiny(published_params=1.0) == tiny(published_params=2.0)
