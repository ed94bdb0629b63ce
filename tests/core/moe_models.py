"""MoE architectures the core tests share, as scenario `[model]` tables (spec §4.1 keys)."""

# GPT-OSS-120B (openai/gpt-oss-120b config.json: 36 layers, hidden 2880, 64 query / 8 KV heads of 64, 128 experts,
# top-4, expert hidden 2880, vocabulary 201,088)
GPT_OSS_120B = {
    "name": "GPT-OSS-120B",
    "layers": 36,
    "hidden": 2880,
    "heads": 64,
    "kv_heads": 8,
    "head_dim": 64,
    "ffn_hidden": 2880,
    "vocab": 201088,
    "experts": 128,
    "experts_active": 4,
    "expert_ffn_hidden": 2880,
}
