"""The scenario file's keys (spec §4.1): for each table, every key with its check, the methods it applies to and
its documented range — the one place where keys are declared."""

from __future__ import annotations

from . import scenario as sc
from .framework import FP8_RECIPES, FRAMEWORKS
from .value_checks import (
    ALL,
    INFER,
    LORA,
    TRAIN,
    TRAIN_OR_TP_PP,
    Key,
    boolean,
    fraction,
    id_list,
    int_in,
    is_num,
    list_of,
    name_text,
    nonneg_int,
    nonneg_num,
    one_of,
    open_fraction,
    pos_int,
    pos_num,
    text,
)

# Bounds (issue #18): counts are a few thousand times the largest published model or cluster (Llama 3.1 405B:
# 126 layers, hidden 16,384, vocab 128,256; DeepSeek-V3: 256 experts; 16,384-GPU jobs); money is in USD.
MAX_GPUS = 10**7
MAX_LAYERS = 4096
MAX_WIDTH = 2**20  # hidden, ffn_hidden, head_dim, MLA ranks
MAX_TOKENS = 1e16  # 1,000 × Llama 3.1's 15.6T
MAX_YEARS = 50
MAX_MONEY_USD = 1e12  # any one price, per unit it is quoted in
MAX_GPU_HOUR_USD = 1e4
MAX_NODE_KW = 1e4  # 80 × the largest catalog node (a 120 kW GB200 NVL72 rack)
MAX_RESIDUAL_POINTS = 100


def residual_table_problem(v: object) -> str | None:
    """`cost.residual_fraction`: an inline table of age in years → fraction of capex ({"1" = 0.7, "3" = 0.35}) or
    a list of [age, fraction] pairs; ages above 0 and at most MAX_YEARS, each once; fractions from 0 to 1."""
    shape = 'must be a table of age in years → fraction of capex ({"1" = 0.7, "3" = 0.35}) or [[1, 0.7], [3, 0.35]]'
    if isinstance(v, dict):
        try:
            items = [(float(k), f) for k, f in v.items()]
        except ValueError:
            return shape + " (each key an age in years)"
    elif isinstance(v, list) and all(isinstance(p, list) and len(p) == 2 for p in v):
        items = [(a, f) for a, f in v]
    else:
        return shape
    if not 0 < len(items) <= MAX_RESIDUAL_POINTS:
        return shape + f" with 1 to {MAX_RESIDUAL_POINTS} ages"
    ages = [a for a, _ in items]
    if not all(is_num(a) and 0 < a <= MAX_YEARS for a in ages):
        return shape + f" (ages above 0 and at most {MAX_YEARS} years)"
    if len(set(ages)) != len(ages):
        return shape + " (each age once)"
    if not all(is_num(f) and 0 <= f <= 1 for _, f in items):
        return shape + " (fractions from 0 to 1)"
    return None


MODEL_KEYS: dict[str, Key] = {
    "preset": Key(text),
    "name": Key(name_text),
    "layers": Key(pos_int, at_most=MAX_LAYERS),
    "hidden": Key(pos_int, at_most=MAX_WIDTH),
    "heads": Key(pos_int, at_most=2**16),
    "kv_heads": Key(pos_int, at_most=2**16),
    "ffn_hidden": Key(pos_int, at_most=MAX_WIDTH * 4),
    "vocab": Key(pos_int, at_most=2**24),
    "head_dim": Key(pos_int, at_most=MAX_WIDTH),
    "experts": Key(pos_int, at_most=2**16),
    "experts_active": Key(pos_int, at_most=2**16),
    "expert_ffn_hidden": Key(pos_int, at_most=MAX_WIDTH * 4),
    "shared_experts": Key(nonneg_int, at_most=2**10),
    "dense_layers": Key(nonneg_int, at_most=MAX_LAYERS),
    **{k: Key(nonneg_int, at_most=MAX_WIDTH) for k in ("mla_kv_rank", "mla_q_rank", "mla_rope_dim")},
    "learned_positions": Key(nonneg_int, at_most=2**24),
    "extra_norms_per_layer": Key(nonneg_int, at_most=64),
    **{k: Key(boolean) for k in ("gated_mlp", "tied_embeddings", "qkv_bias", "linear_bias")},
    "norm": Key(one_of("rmsnorm", "layernorm")),
}
WORKLOAD_KEYS: dict[str, Key] = {
    "method": Key(one_of(*sc.METHODS)),
    "seq_len": Key(pos_int, at_most=2**24),
    "flash_attention": Key(boolean),
    "micro_batch": Key(pos_int, TRAIN, at_most=2**16),
    "global_batch": Key(pos_int, TRAIN, at_most=2**31),
    "tokens": Key(pos_num, TRAIN, at_most=MAX_TOKENS, at_least=1),
    "dataset_tokens": Key(pos_num, TRAIN, at_most=MAX_TOKENS, at_least=1),
    "epochs": Key(pos_int, TRAIN, at_most=10**4),
    "precision": Key(one_of(*sc.PRECISIONS, aliases=sc.PRECISION_ALIASES), TRAIN),
    "optimizer": Key(one_of(*sc.OPTIMIZERS), TRAIN),
    "optimizer_in_backward": Key(boolean, TRAIN),
    "optimizer_impl": Key(one_of(*sc.OPTIMIZER_IMPLS), TRAIN),
    "offload": Key(one_of(*sc.OFFLOADS), TRAIN),
    "activation_offload": Key(boolean, TRAIN),
    "recompute": Key(one_of(*sc.RECOMPUTES), TRAIN),
    "recompute_every": Key(pos_int, TRAIN, at_most=MAX_LAYERS),
    "framework": Key(one_of(*FRAMEWORKS), TRAIN),
    "compile": Key(boolean, TRAIN),
    "optimizer_paged": Key(boolean, TRAIN),
    "fp8_recipe": Key(one_of(*FP8_RECIPES), TRAIN),
    "moe_dispatcher": Key(one_of(*sc.MOE_DISPATCHERS), TRAIN),
    "chunked_loss": Key(boolean, TRAIN),
    "dropout": Key(boolean, TRAIN),
    # below 1e-6 of the peak no job ends within the horizon, and the time model divides by it
    "mfu": Key(
        lambda v: None if is_num(v) and 0 < v <= 1 else "must be a fraction above 0 and at most 1",
        TRAIN,
        at_least=1e-6,
    ),
    "deadline_days": Key(pos_num, TRAIN, at_most=MAX_YEARS * 366),
    "lora_rank": Key(pos_int, LORA, at_most=MAX_WIDTH),  # and at most model.hidden: cross_key_problem
    "lora_targets": Key(list_of(sc.LORA_TARGETS), LORA),
    "lora_dropout": Key(open_fraction, LORA),
    "batch": Key(
        lambda v: None if v == "max" else pos_int(v) and 'must be a positive integer or "max"', INFER, at_most=2**20
    ),
    "weight_precision": Key(one_of(*sc.WEIGHT_PRECISIONS), INFER),
    "kv_precision": Key(one_of(*sc.KV_PRECISIONS), INFER),
    **{k: Key(pos_int, INFER, at_most=2**23) for k in ("input_len", "output_len")},  # their sum is a seq_len
    "target_output_tokens_per_second": Key(pos_num, INFER, at_most=1e12, at_least=1e-6),
    **{k: Key(pos_num, INFER, at_most=1e8, at_least=1e-3) for k in ("ttft_slo_ms", "tpot_slo_ms")},
}
HARDWARE_KEYS: dict[str, Key] = {
    "gpu": Key(text),
    "gpu_count": Key(pos_int, at_most=MAX_GPUS),
    "candidates": Key(id_list),
    "gpus_per_node": Key(pos_int, at_most=2**12),
    "node": Key(text),
    "intra_node_gbytes_per_s": Key(pos_num, at_most=1e6, at_least=1e-3),
    "inter_node_gbits_per_s": Key(pos_num, at_most=1e7, at_least=1e-3),
}
PARALLEL_KEYS: dict[str, Key] = {
    **{k: Key(pos_int, TRAIN_OR_TP_PP, at_most=MAX_GPUS) for k in ("tp", "pp")},
    **{k: Key(pos_int, TRAIN, at_most=MAX_GPUS) for k in ("cp", "ep")},
    "vpp": Key(pos_int, TRAIN, at_most=MAX_LAYERS),
    "zero": Key(int_in(0, 1, 2, 3), TRAIN),
    "sequence_parallel": Key(boolean, TRAIN),
}
GOODPUT_KEYS: dict[str, Key] = {
    "failures_per_gpu_hour": Key(nonneg_num, TRAIN, at_most=1),
    "checkpoint_write_gbps": Key(pos_num, TRAIN, at_most=1e6, at_least=1e-3),
    "restart_minutes": Key(nonneg_num, TRAIN, at_most=7 * 24 * 60),
}
CLUSTER_KEYS: dict[str, Key] = {"kw_per_rack": Key(pos_num, at_most=10**4, at_least=0.01)}
COST_KEYS: dict[str, Key] = {
    "horizon_years": Key(pos_num, at_most=MAX_YEARS, at_least=0.01),
    "utilization": Key(fraction),
    "currency": Key(one_of(*sc.CURRENCIES)),
    "usd_to_krw": Key(pos_num, at_most=1e6),
    "site": Key(text),
    **{
        k: Key(nonneg_num, at_most=MAX_GPU_HOUR_USD)
        for k in (
            "cloud_usd_per_gpu_hour",
            "reserved_1y_usd_per_gpu_hour",
            "reserved_3y_usd_per_gpu_hour",
            "spot_usd_per_gpu_hour",
        )
    },
    **{
        k: Key(nonneg_num, at_most=MAX_MONEY_USD)
        for k in (
            "node_price_usd",
            "network_usd_per_node",
            "install_usd_per_node",
            "staff_usd_per_year",
            "software_usd_per_year",
        )
    },
    "electricity_usd_per_kwh": Key(nonneg_num, at_most=100),
    "colocation_usd_per_kw_month": Key(nonneg_num, at_most=1e5),
    **{k: Key(nonneg_num, at_most=10) for k in ("import_tax_fraction", "discount_rate")},
    "electricity_escalation_per_year": Key(nonneg_num, at_most=1),
    "spot_lost_fraction": Key(open_fraction),
    "support_fraction_per_year": Key(fraction),
    "pue": Key(
        lambda v: None if is_num(v) and 1 <= v <= 5 else "must be a number from 1 to 5 (1 = no cooling overhead)"
    ),
    "depreciation_years": Key(
        lambda v: None if is_num(v) and v > 0 else "must be more than 0 years", at_most=MAX_YEARS, at_least=0.01
    ),
    # issue #23 (spec §4.3.1). A node's draw: the largest catalog node is a 120 kW NVL72 rack.
    "node_power_kw": Key(pos_num, at_most=MAX_NODE_KW, at_least=0.001),
    "node_idle_power_kw": Key(nonneg_num, at_most=MAX_NODE_KW),
    "residual_fraction": Key(lambda v: residual_table_problem(v)),
    "facility_usd_per_node": Key(nonneg_num, at_most=MAX_MONEY_USD),
    "lease_usd_per_node_month": Key(nonneg_num, at_most=MAX_MONEY_USD),
    "cloud_storage_usd_per_tb_month": Key(nonneg_num, at_most=1e5),
    "cloud_egress_usd_per_tb": Key(nonneg_num, at_most=1e5),
    "cloud_support_fraction": Key(fraction),
    "lease_buyout_fraction": Key(fraction),
    "lease_term_months": Key(pos_num, at_most=MAX_YEARS * 12, at_least=1),
    "lead_time_months": Key(nonneg_num, at_most=MAX_YEARS * 12),
}
TABLES: dict[str, dict[str, Key]] = {
    "model": MODEL_KEYS,
    "workload": WORKLOAD_KEYS,
    "hardware": HARDWARE_KEYS,
    "parallel": PARALLEL_KEYS,
    "goodput": GOODPUT_KEYS,
    "cluster": CLUSTER_KEYS,
    "cost": COST_KEYS,
}
TOP_KEYS = ("schema", "name")
INT_KEYS = {k for t in TABLES.values() for k, spec in t.items() if spec.check in (pos_int, nonneg_int)} | {
    "zero",
    "batch",
}


def _applies(applies: str, method: str) -> bool:
    if applies == ALL:
        return True
    if applies == INFER:
        return method == "inference"
    if applies == LORA:
        return method in ("lora", "qlora")
    if applies == TRAIN_OR_TP_PP:
        return True
    return method in sc.TRAINING_METHODS
