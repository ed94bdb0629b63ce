"""Model architectures and their parameter counts.

Counting follows NVIDIA/Megatron-LM `megatron/training/theoretical_memory_usage.py` (attention
`2·h·h_q·(1 + n_kv/a)`, gated MLP `3·h·f`, plain MLP `2·h·f`), extended with biases, learned positions,
MoE routed/shared experts with a router, and DeepSeek's multi-head latent attention (DeepSeek-V2 paper §2.1,
projection shapes from `deepseek-ai/DeepSeek-V3: inference/model.py`). See docs/estimation.md §1.
"""

from __future__ import annotations

from dataclasses import field, fields, replace

from .records import record


@record
class ModelSpec:
    """A decoder-only transformer, as the scenario's `[model]` table describes it."""

    name: str
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn_hidden: int
    vocab: int
    head_dim: int = 0  # 0 = hidden / heads
    gated_mlp: bool = True
    tied_embeddings: bool = False
    experts: int = 1
    experts_active: int = 1
    shared_experts: int = 0
    expert_ffn_hidden: int = 0  # 0 = ffn_hidden
    dense_layers: int = 0  # leading layers with a dense MLP in an MoE model (DeepSeek-V3: 3)
    mla_kv_rank: int = 0  # 0 = standard attention
    mla_q_rank: int = 0
    mla_rope_dim: int = 0
    norm: str = "rmsnorm"  # or "layernorm" (weight + bias)
    qkv_bias: bool = False
    linear_bias: bool = False  # every linear has a bias (GPT-2/3, OPT, BLOOM)
    learned_positions: int = 0  # size of a learned position table (GPT-3: 2048); 0 = RoPE/ALiBi
    extra_norms_per_layer: int = 0  # Gemma 2 post-attention/post-MLP norms
    published_params: float | None = field(default=None, compare=False)
    params_source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.head_dim == 0:
            object.__setattr__(self, "head_dim", self.hidden // self.heads if self.heads else 0)
        if self.expert_ffn_hidden == 0:
            object.__setattr__(self, "expert_ffn_hidden", self.ffn_hidden)

    # --- shape helpers --------------------------------------------------------------------------
    @property
    def is_moe(self) -> bool:
        return self.experts > 1

    @property
    def is_mla(self) -> bool:
        return self.mla_kv_rank > 0

    @property
    def moe_layers(self) -> int:
        return self.layers - self.dense_layers if self.is_moe else 0

    @property
    def q_width(self) -> int:
        """Width of the concatenated query heads (a·d), which may differ from hidden."""
        return self.heads * self.head_dim

    @property
    def kv_width(self) -> int:
        return self.kv_heads * self.head_dim

    def with_overrides(self, **changes: object) -> ModelSpec:
        """A copy with some fields changed; head_dim and expert_ffn_hidden follow hidden/heads and ffn_hidden
        when they were derived from them and are not changed themselves (spec §4.1 defaults)."""
        if "head_dim" not in changes and self.head_dim == self.hidden // max(self.heads, 1):
            changes["head_dim"] = 0
        if "expert_ffn_hidden" not in changes and self.expert_ffn_hidden == self.ffn_hidden:
            changes["expert_ffn_hidden"] = 0
        return replace(self, **changes)  # type: ignore[arg-type]

    # --- parameter counts -----------------------------------------------------------------------
    def norm_params(self) -> int:
        return self.hidden * (2 if self.norm == "layernorm" else 1)

    def attention_params(self) -> int:
        h = self.hidden
        if self.is_mla:
            d_nope, d_v, d_rope = self.head_dim, self.head_dim, self.mla_rope_dim
            a = self.heads
            q = (
                h * self.mla_q_rank + self.mla_q_rank + self.mla_q_rank * a * (d_nope + d_rope)
                if self.mla_q_rank
                else h * a * (d_nope + d_rope)
            )
            kv = h * (self.mla_kv_rank + d_rope) + self.mla_kv_rank + self.mla_kv_rank * a * (d_nope + d_v)
            o = a * d_v * h
            return q + kv + o
        weights = h * self.q_width * 2 + h * self.kv_width * 2
        bias = 0
        if self.linear_bias:
            bias = self.q_width + 2 * self.kv_width + h
        elif self.qkv_bias:
            bias = self.q_width + 2 * self.kv_width
        return weights + bias

    def mlp_params(self, ffn: int | None = None) -> int:
        f = self.ffn_hidden if ffn is None else ffn
        mats = 3 if self.gated_mlp else 2
        bias = (f * (mats - 1) + self.hidden) if self.linear_bias else 0
        return mats * self.hidden * f + bias

    def expert_params(self) -> int:
        """One routed expert's MLP."""
        return self.mlp_params(self.expert_ffn_hidden)

    def layer_norms(self) -> int:
        return (2 + self.extra_norms_per_layer) * self.norm_params()

    def dense_layer_params(self) -> int:
        return self.attention_params() + self.mlp_params() + self.layer_norms()

    def moe_layer_params(self, experts: int) -> int:
        router = self.hidden * self.experts
        shared = self.shared_experts * self.expert_params()
        return self.attention_params() + self.layer_norms() + router + shared + experts * self.expert_params()

    def embedding_params(self) -> int:
        return self.vocab * self.hidden + self.learned_positions * self.hidden

    def output_params(self) -> int:
        """The LM head when untied (0 when tied to the input embedding)."""
        return 0 if self.tied_embeddings else self.vocab * self.hidden

    def block_params(self, active: bool = False) -> int:
        """All transformer blocks, with all experts or (active=True) only the routed ones a token uses."""
        dense = (self.layers - self.moe_layers) * self.dense_layer_params()
        if not self.is_moe:
            return dense
        per_token = self.experts_active if active else self.experts
        return dense + self.moe_layers * self.moe_layer_params(per_token)

    @property
    def params(self) -> int:
        return self.block_params() + self.embedding_params() + self.output_params() + self.norm_params()

    @property
    def active_params(self) -> int:
        return self.block_params(active=True) + self.embedding_params() + self.output_params() + self.norm_params()

    def lora_params(self, rank: int, targets: tuple[str, ...]) -> int:
        """Adapter parameters r·(d_in + d_out) per targeted matrix (Hu et al. 2021, §4). MLP targets adapt
        every expert (routed and shared) in MoE layers. MLA projections are counted as if standard attention
        (q/k/v/o widths), which over-counts slightly for DeepSeek-style models."""
        h = self.hidden
        attn_shapes = {"q": (h, self.q_width), "k": (h, self.kv_width), "v": (h, self.kv_width), "o": (self.q_width, h)}
        attention = sum(rank * (a + b) for name, (a, b) in attn_shapes.items() if name in targets)

        def mlp(ffn: int) -> int:
            names = ("gate", "up", "down") if self.gated_mlp else ("up", "down")
            return sum(rank * (h + ffn) for name in names if name in targets)

        dense_layers = self.layers - self.moe_layers
        experts = self.experts + self.shared_experts
        return (
            self.layers * attention
            + dense_layers * mlp(self.ffn_hidden)
            + self.moe_layers * experts * mlp(self.expert_ffn_hidden)
        )


MODEL_FIELDS: tuple[str, ...] = tuple(
    f.name for f in fields(ModelSpec) if f.name not in ("name", "published_params", "params_source")
)
