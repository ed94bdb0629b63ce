"""Scenario files (spec §4.1): round trip, every validation message, corrupt files, atomic save."""

from __future__ import annotations

import copy
import errno
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gpuplanner.core import files
from gpuplanner.core import scenario as sc
from gpuplanner.core import scenario_io as sio
from gpuplanner.core import value_checks as vc
from gpuplanner.core.errors import FileAccessError, InputError, is_unsafe_char
from gpuplanner.core.model import ModelSpec
from gpuplanner.core.presets import presets
from gpuplanner.core.scenario_io import (
    atomic_write_text,
    cross_key_problem,
    layout_problem,
    parse_scenario,
    read_scenario,
    scenario_to_dict,
    scenario_to_toml,
    write_scenario,
)

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.gpuplan.toml"))
DELETE = object()
CUSTOM = {"layers": 2, "hidden": 64, "heads": 4, "ffn_hidden": 128, "vocab": 100}

BASE: dict[str, Any] = {
    "schema": 1,
    "name": "test scenario",
    "model": {"preset": "llama-3.1-8b"},
    "workload": {"method": "pretrain", "seq_len": 4096, "micro_batch": 1, "global_batch": 64, "tokens": 1e9},
    "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 8},
    "parallel": {"tp": 1, "pp": 1, "cp": 1, "zero": 1},
    "cost": {"horizon_years": 3, "utilization": 0.7},
}
LORA = {"workload.method": "lora", "workload.lora_rank": 8}
INFER = {
    "workload.method": "inference",
    "workload.micro_batch": DELETE,
    "workload.global_batch": DELETE,
    "workload.tokens": DELETE,
    "parallel.cp": DELETE,
    "parallel.zero": DELETE,
    "workload.batch": 8,
}


def make(*changes: dict[str, Any]) -> dict[str, Any]:
    """BASE with dotted-key changes applied in order (DELETE removes a key; a value for a table replaces it)."""
    doc = copy.deepcopy(BASE)
    for change in changes:
        for dotted, value in change.items():
            *path, last = dotted.split(".")
            table = doc
            for part in path:
                table = table.setdefault(part, {})
            if value is DELETE:
                table.pop(last, None)
            else:
                table[last] = value
    return doc


def test_base_document_is_valid() -> None:
    s = parse_scenario(make())
    assert s.model == presets()["llama-3.1-8b"] and s.model_preset == "llama-3.1-8b"
    assert parse_scenario(make(LORA)).workload.lora_rank == 8
    assert parse_scenario(make(INFER)).workload.batch == 8


# --- the examples ----------------------------------------------------------------------------------


def test_examples_exist() -> None:
    assert {p.name for p in EXAMPLES} >= {
        "llama-3.1-8b-qlora-rtx4090.gpuplan.toml",
        "llama-3.1-70b-full-64xh100.gpuplan.toml",
        "llama-3.1-405b-pretrain-16384xh100.gpuplan.toml",
        "mixtral-8x7b-inference-2xh100.gpuplan.toml",
    }


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_reads_and_round_trips(path: Path, tmp_path: Path) -> None:
    s = read_scenario(path)
    out = tmp_path / path.name
    write_scenario(s, out)
    assert read_scenario(out) == s


def test_llama3_405b_example_is_the_paper_layout() -> None:
    s = read_scenario(next(p for p in EXAMPLES if "405b" in p.name))
    p, w = s.parallel, s.workload
    assert (p.tp, p.pp, p.cp, p.zero) == (8, 16, 1, 1)
    assert s.hardware.gpu_count // (p.tp * p.pp * p.cp) == 128
    assert (w.seq_len, w.global_batch, w.tokens, w.precision) == (8192, 2048, 15.6e12, "bf16-master")


def test_70b_example_candidates() -> None:
    s = read_scenario(next(p for p in EXAMPLES if "70b" in p.name))
    assert s.hardware.compared_gpus == ("h100-sxm-80gb", "h200-sxm-141gb", "a100-sxm-80gb", "mi300x")
    assert s.workload.method == "full" and s.hardware.gpu_count == 64


# --- round trip ------------------------------------------------------------------------------------

GPU_IDS = ("h100-sxm-80gb", "h200-sxm-141gb", "a100-sxm-80gb", "mi300x", "rtx-4090", "l40s")
# control characters (but line breaks and tabs) and non-characters are replaced on loading (issue #18)
SAFE_CHARS = st.characters(blacklist_categories=("Cs", "Cc")).filter(lambda ch: not is_unsafe_char(ch))
NAME_CHARS = SAFE_CHARS | st.sampled_from("\n\t")
NAMES = st.text(NAME_CHARS, max_size=20)
NONEMPTY = st.text(NAME_CHARS, min_size=1, max_size=12).filter(str.strip)


def least(table: str, key: str) -> float:
    """The key's documented lower bound (scenario_io.TABLES), or the smallest positive float."""
    return sio.TABLES[table][key].at_least or 5e-324


def floats(lo: float, hi: float, *, exclude_lo: bool = False) -> st.SearchStrategy[float]:
    return st.floats(min_value=lo, max_value=hi, exclude_min=exclude_lo, allow_nan=False, allow_infinity=False)


def optional(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.none() | strategy


@st.composite
def preset_models(draw: st.DrawFn) -> tuple[ModelSpec, str]:
    pid = draw(st.sampled_from(sorted(presets())))
    base = presets()[pid]
    overrides = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "layers": st.integers(base.dense_layers + 1, 160),
                "vocab": st.integers(1, 300_000),
                "tied_embeddings": st.booleans(),
                "ffn_hidden": st.integers(1, 70_000),
            },
        )
    )
    overrides = {k: v for k, v in overrides.items() if getattr(base, k) != v}
    if not overrides:
        return base, pid
    name = draw(st.sampled_from([f"{base.name} (modified)", "My variant"]))
    return base.with_overrides(name=name, **overrides), pid


@st.composite
def custom_models(draw: st.DrawFn) -> ModelSpec:
    kv_heads = draw(st.integers(1, 8))
    heads = kv_heads * draw(st.integers(1, 8))
    hidden = draw(st.integers(1, 64)) * draw(st.sampled_from([heads, 1]))
    fields: dict[str, Any] = dict(
        name=draw(NONEMPTY),
        layers=draw(st.integers(1, 100)),
        hidden=hidden,
        heads=heads,
        kv_heads=kv_heads,
        ffn_hidden=draw(st.integers(1, 50_000)),
        vocab=draw(st.integers(1, 300_000)),
        gated_mlp=draw(st.booleans()),
        tied_embeddings=draw(st.booleans()),
        norm=draw(st.sampled_from(["rmsnorm", "layernorm"])),
        qkv_bias=draw(st.booleans()),
        linear_bias=draw(st.booleans()),
        learned_positions=draw(st.integers(0, 9000)),
        extra_norms_per_layer=draw(st.integers(0, 2)),
    )
    if hidden % heads or draw(st.booleans()):
        head_dim = draw(st.integers(1, 256))
        # A head_dim equal to hidden // heads while heads does not divide hidden does not round-trip: see
        # test_custom_head_dim_equal_to_floor_round_trips (xfail) below.
        assume(not (hidden % heads and head_dim == hidden // heads))
        fields["head_dim"] = head_dim
    if draw(st.booleans()):
        experts = draw(st.integers(2, 64))
        fields.update(
            experts=experts,
            experts_active=draw(st.integers(1, experts)),
            shared_experts=draw(st.integers(0, 2)),
            # expert_ffn_hidden = 1 is lost on writing: see test_custom_expert_ffn_of_one_round_trips
            expert_ffn_hidden=draw(st.integers(2, 9000)),
            dense_layers=draw(st.integers(0, fields["layers"] - 1)),
        )
    if draw(st.booleans()):
        fields.update(
            mla_kv_rank=draw(st.integers(1, 1024)),
            mla_q_rank=draw(st.integers(0, 2048)),
            mla_rope_dim=draw(st.integers(0, 128)),
        )
    return ModelSpec(**fields)


@st.composite
def scenarios(draw: st.DrawFn) -> sc.Scenario:
    method = draw(st.sampled_from(sc.METHODS))
    training = method in sc.TRAINING_METHODS
    if draw(st.booleans()):
        model, preset_id = draw(preset_models())
    else:
        model, preset_id = draw(custom_models()), None

    tp = draw(optional(st.sampled_from([1, 2, 4, 8])))
    pp = draw(optional(st.integers(1, 4)))
    cp = draw(optional(st.sampled_from([1, 2]))) if training else None
    dp = draw(st.integers(1, 16))
    gpu_count = (tp or 1) * (pp or 1) * (cp or 1) * dp
    seq_len = draw(st.integers(1, 64)) * 256

    w: dict[str, Any] = {"method": method, "seq_len": seq_len, "flash_attention": draw(st.booleans())}
    if training:
        micro = draw(optional(st.integers(1, 8)))
        if micro is not None:
            w["micro_batch"] = micro
            w["global_batch"] = draw(optional(st.integers(1, 64).map(lambda k: k * micro * dp)))
        else:
            w["global_batch"] = draw(optional(st.integers(1, 4096)))
        if draw(st.booleans()):
            w["tokens"] = draw(floats(1.0, 1e16))
        else:
            w["dataset_tokens"] = draw(floats(1.0, 1e14))
            w["epochs"] = draw(optional(st.integers(1, 10)))
        w.update(
            precision=draw(st.sampled_from(sc.PRECISIONS)),
            optimizer=draw(st.sampled_from(sc.OPTIMIZERS)),
            optimizer_in_backward=draw(st.booleans()),
            offload=draw(st.sampled_from(sc.OFFLOADS)),
            recompute=draw(optional(st.sampled_from(sc.RECOMPUTES))),
            chunked_loss=draw(st.booleans()),
            mfu=draw(optional(floats(least("workload", "mfu"), 1.0))),
            deadline_days=draw(optional(floats(0.0, 1e4, exclude_lo=True))),
        )
        for key, spec in sio.WORKLOAD_KEYS.items():  # boolean switches added since (activation_offload, dropout…)
            if key not in w and spec.check is vc.boolean and spec.applies == vc.TRAIN:
                w[key] = draw(st.booleans())
        if method in ("lora", "qlora"):
            w["lora_rank"] = draw(st.integers(1, 512))
            w["lora_targets"] = tuple(draw(st.lists(st.sampled_from(sc.LORA_TARGETS), min_size=1, unique=True)))
    else:
        w.update(
            batch=draw(st.integers(1, 256)),
            weight_precision=draw(st.sampled_from(sc.WEIGHT_PRECISIONS)),
            kv_precision=draw(st.sampled_from(sc.KV_PRECISIONS)),
        )
    workload = sc.Workload(**w)

    gpu = draw(st.sampled_from(GPU_IDS))
    candidates: tuple[str, ...] = ()
    if draw(st.booleans()):
        others = draw(st.lists(st.sampled_from(GPU_IDS), unique=True, max_size=3))
        candidates = tuple(dict.fromkeys(draw(st.permutations([gpu, *[o for o in others if o != gpu]]))))
    hardware = sc.Hardware(
        gpu=gpu,
        gpu_count=gpu_count,
        candidates=candidates,
        gpus_per_node=draw(optional(st.sampled_from([8, 16]))),
        node=draw(optional(st.sampled_from(["dgx-h100", "custom-node"]))),
    )

    if training:
        vpp = 1
        if pp and pp >= 2 and draw(st.booleans()):
            vpp = draw(st.integers(2, 4))
        parallel = sc.Parallel(
            tp=tp,
            pp=pp,
            cp=cp,
            ep=draw(optional(st.just(1))),
            vpp=vpp,
            zero=draw(optional(st.integers(0, 3))),
            sequence_parallel=draw(optional(st.booleans())),
        )
        goodput = sc.Goodput(
            failures_per_gpu_hour=draw(floats(0.0, 1e-2)),
            checkpoint_write_gbps=draw(optional(floats(least("goodput", "checkpoint_write_gbps"), 1e3))),
            restart_minutes=draw(optional(floats(0.0, 600.0))),
        )
    else:
        parallel, goodput = sc.Parallel(tp=tp, pp=pp), sc.Goodput()

    money = floats(0.0, 1e4)  # within every money key's range (the per-GPU-hour prices: at most 10,000 USD)
    cost = sc.CostSettings(
        horizon_years=draw(floats(least("cost", "horizon_years"), 10.0)),
        utilization=draw(floats(0.0, 1.0)),
        currency=draw(st.sampled_from(sc.CURRENCIES)),
        usd_to_krw=draw(optional(floats(0.0, 5000.0, exclude_lo=True))),
        site=draw(optional(st.sampled_from(["us-colo", "kr-colo"]))),
        cloud_usd_per_gpu_hour=draw(optional(money)),
        reserved_1y_usd_per_gpu_hour=draw(optional(money)),
        reserved_3y_usd_per_gpu_hour=draw(optional(money)),
        spot_usd_per_gpu_hour=draw(optional(money)),
        spot_lost_fraction=draw(floats(0.0, 0.99)),
        node_price_usd=draw(optional(money)),
        network_usd_per_node=draw(optional(money)),
        install_usd_per_node=draw(optional(money)),
        electricity_usd_per_kwh=draw(optional(floats(0.0, 2.0))),
        electricity_escalation_per_year=draw(floats(0.0, 0.5)),
        pue=draw(optional(floats(1.0, 5.0))),
        colocation_usd_per_kw_month=draw(optional(money)),
        support_fraction_per_year=draw(optional(floats(0, 1))),
        staff_usd_per_year=draw(optional(money)),
        software_usd_per_year=draw(optional(money)),
        import_tax_fraction=draw(floats(0.0, 1.0)),
        discount_rate=draw(optional(floats(0.0, 0.5))),
        depreciation_years=draw(optional(floats(least("cost", "depreciation_years"), 20.0))),
    )

    s = sc.Scenario(
        name=draw(NAMES),
        model=model,
        model_preset=preset_id,
        workload=workload,
        hardware=hardware,
        parallel=parallel,
        goodput=goodput,
        cluster=sc.Cluster(kw_per_rack=draw(floats(least("cluster", "kw_per_rack"), 500.0))),
        cost=cost,
    )
    assume(layout_problem(s) is None and cross_key_problem(s) is None)
    return s


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(scenarios())
def test_round_trip(s: sc.Scenario) -> None:
    text = scenario_to_toml(s)
    again = parse_scenario(tomllib.loads(text))
    assert again == s
    assert scenario_to_dict(again) == scenario_to_dict(s)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture],
)
@given(s=scenarios())
def test_round_trip_through_a_file(s: sc.Scenario, tmp_path: Path) -> None:
    path = tmp_path / "s.gpuplan.toml"
    write_scenario(s, path)
    assert read_scenario(path) == s


@pytest.mark.parametrize(
    "model",
    [
        {"preset": "llama-3.1-8b", "name": "Our Llama"},
        {"preset": "llama-3.1-8b", "tied_embeddings": False},  # parsed name 'Llama 3.1 8B (modified)'
    ],
    ids=["renamed", "override-equal-to-preset"],
)
def test_preset_name_round_trips(model: dict[str, Any]) -> None:
    s = parse_scenario(make({"model": model}))
    assert parse_scenario(tomllib.loads(scenario_to_toml(s))) == s


def test_custom_head_dim_equal_to_floor_round_trips() -> None:
    model = {
        "name": "odd",
        "layers": 2,
        "hidden": 100,
        "heads": 3,
        "kv_heads": 1,
        "head_dim": 33,
        "ffn_hidden": 256,
        "vocab": 1000,
    }
    s = parse_scenario(make({"model": model, "parallel": {}}))
    assert parse_scenario(tomllib.loads(scenario_to_toml(s))) == s


def test_custom_expert_ffn_of_one_round_trips() -> None:
    model = {**CUSTOM, "experts": 2, "expert_ffn_hidden": 1}
    s = parse_scenario(make({"model": model, "parallel": {}}))
    assert s.model.expert_ffn_hidden == 1
    assert parse_scenario(tomllib.loads(scenario_to_toml(s))).model.expert_ffn_hidden == 1


# --- accepted spellings ------------------------------------------------------------------------------


def test_normalisation() -> None:
    s = parse_scenario(
        make(
            {
                "workload.precision": "bf16",
                "workload.seq_len": 4096.0,
                "model.layers": 16.0,
                "hardware.candidates": ["mi300x"],
            }
        )
    )
    assert s.workload.precision == "bf16-mixed"
    assert s.workload.seq_len == 4096 and isinstance(s.workload.seq_len, int)
    assert s.model.layers == 16 and isinstance(s.model.layers, int)
    assert s.model.name == "Llama 3.1 8B (modified)"
    assert s.hardware.compared_gpus == ("h100-sxm-80gb", "mi300x")  # hardware.gpu is always compared


def test_defaults() -> None:
    s = parse_scenario(
        {
            "schema": 1,
            "model": {"preset": "mistral-7b"},
            "workload": {"method": "full", "seq_len": 2048, "dataset_tokens": 1e8, "epochs": 3},
            "hardware": {"gpu": "a100-sxm-80gb", "gpu_count": 8},
        }
    )
    assert s.name == "Untitled scenario"
    assert s.workload.training_tokens == 3e8
    assert (s.workload.precision, s.workload.optimizer, s.workload.offload) == ("bf16-mixed", "adamw", "none")
    assert s.parallel == sc.Parallel() and s.cost == sc.CostSettings()
    assert s.goodput.failures_per_gpu_hour == pytest.approx(419 / (54 * 24 * 16_384))


def test_custom_model_kv_heads_default_to_heads() -> None:
    model = {"layers": 2, "hidden": 64, "heads": 4, "ffn_hidden": 128, "vocab": 100}
    s = parse_scenario(make({"model": model, "parallel": {}}))
    assert (s.model.kv_heads, s.model.head_dim, s.model.name) == (4, 16, "Custom model")


@pytest.mark.parametrize(
    ("model", "field", "expected"),
    [
        ({"preset": "llama-3.1-8b", "hidden": 2048}, "head_dim", 64),
        ({"preset": "mixtral-8x7b", "ffn_hidden": 8192}, "expert_ffn_hidden", 8192),
    ],
    ids=["head_dim", "expert_ffn_hidden"],
)
def test_preset_override_rederives_defaults(model: dict[str, Any], field: str, expected: int) -> None:
    s = parse_scenario(make({"model": model}))
    assert getattr(s.model, field) == expected


# --- every validation message -------------------------------------------------------------------------

INVALID: list[tuple[str, list[dict[str, Any]], str, str]] = [
    # (id, changes, key, message fragment)
    # document level
    ("unknown-top-key", [{"modle": {}}], "modle", "unknown key; did you mean model?"),
    ("unknown-top-key-2", [{"hardwear": {}}], "hardwear", "unknown key; did you mean hardware?"),
    ("schema-missing", [{"schema": DELETE}], "schema", "missing; the first line must be 'schema = 1'"),
    ("schema-2", [{"schema": 2}], "schema", "unsupported version 2; this gpuplanner reads schema 1"),
    ("schema-string", [{"schema": "1"}], "schema", "unsupported version '1'"),
    ("name-int", [{"name": 5}], "name", "must be a string, got 5"),
    ("table-not-table", [{"model": 3}], "model", "must be a table ([model])"),
    ("array-of-tables", [{"cost": [{"utilization": 0.5}]}], "cost", "must be a table ([cost])"),
    # unknown keys with suggestions
    ("unknown-workload-key", [{"workload.seqlen": 4096}], "workload.seqlen", "unknown key; did you mean seq_len?"),
    ("unknown-model-key", [{"model.layer": 32}], "model.layer", "unknown key; did you mean layers"),
    ("unknown-cost-key", [{"cost.utilisation": 0.5}], "cost.utilisation", "unknown key; did you mean utilization?"),
    ("unknown-hw-key", [{"hardware.gpus": 8}], "hardware.gpus", "unknown key; did you mean gpu"),
    ("unknown-parallel-key", [{"parallel.dp": 8}], "parallel.dp", "unknown key"),
    ("unknown-goodput-key", [{"goodput.mtbf": 3}], "goodput.mtbf", "unknown key"),
    # missing required keys
    (
        "method-missing",
        [{"workload.method": DELETE}],
        "workload.method",
        "missing; must be one of pretrain, full, lora, qlora, inference",
    ),
    ("workload-table-missing", [{"workload": DELETE}], "workload.method", "missing"),
    ("seq-len-missing", [{"workload.seq_len": DELETE}], "workload.seq_len", "missing"),
    (
        "tokens-missing",
        [{"workload.tokens": DELETE}],
        "workload.tokens",
        "missing; give workload.tokens or workload.dataset_tokens",
    ),
    ("gpu-missing", [{"hardware.gpu": DELETE}], "hardware.gpu", "missing"),
    ("gpu-count-missing", [{"hardware.gpu_count": DELETE}], "hardware.gpu_count", "missing"),
    (
        "custom-vocab-missing",
        [{"model": {k: v for k, v in CUSTOM.items() if k != "vocab"}}],
        "model.vocab",
        "missing; give model.preset or all of layers, hidden, heads, ffn_hidden, vocab",
    ),
    ("model-table-missing", [{"model": DELETE}], "model.layers", "missing; give model.preset"),
    # wrong types and ranges
    ("seq-len-string", [{"workload.seq_len": "4096"}], "workload.seq_len", "must be a positive integer, got '4096'"),
    ("seq-len-zero", [{"workload.seq_len": 0}], "workload.seq_len", "must be a positive integer, got 0"),
    ("seq-len-negative", [{"workload.seq_len": -8}], "workload.seq_len", "must be a positive integer, got -8"),
    ("seq-len-fraction", [{"workload.seq_len": 4096.5}], "workload.seq_len", "must be a positive integer, got 4096.5"),
    ("seq-len-bool", [{"workload.seq_len": True}], "workload.seq_len", "must be a positive integer, got true"),
    ("gpu-count-zero", [{"hardware.gpu_count": 0}], "hardware.gpu_count", "must be a positive integer, got 0"),
    ("gpu-count-list", [{"hardware.gpu_count": [8]}], "hardware.gpu_count", "must be a positive integer"),
    ("layers-string", [{"model.layers": "32"}], "model.layers", "must be a positive integer, got '32'"),
    ("shared-experts-negative", [{"model.shared_experts": -1}], "model.shared_experts", "must be an integer ≥ 0"),
    ("gated-mlp-string", [{"model.gated_mlp": "yes"}], "model.gated_mlp", "must be true or false, got 'yes'"),
    ("preset-empty", [{"model.preset": " "}], "model.preset", "must be a non-empty string"),
    (
        "preset-unknown",
        [{"model.preset": "llama-3-8b"}],
        "model.preset",
        "unknown preset 'llama-3-8b'; did you mean llama-3.1-8b",
    ),
    ("norm", [{"model.norm": "batchnorm"}], "model.norm", "must be one of rmsnorm, layernorm"),
    (
        "method-typo",
        [{"workload.method": "pretrian"}],
        "workload.method",
        "must be one of pretrain, full, lora, qlora, inference; did you mean pretrain?",
    ),
    ("method-int", [{"workload.method": 1}], "workload.method", "must be one of pretrain"),
    ("precision", [{"workload.precision": "bf17"}], "workload.precision", "must be one of fp32, bf16-mixed"),
    ("optimizer", [{"workload.optimizer": "adam"}], "workload.optimizer", "did you mean adamw"),
    (
        "recompute",
        [{"workload.recompute": "partial"}],
        "workload.recompute",
        "must be one of none, selective, selective-op, full",
    ),
    ("offload", [{"workload.offload": "cpu"}], "workload.offload", "must be one of none, optimizer, full"),
    ("tokens-string", [{"workload.tokens": "1e9"}], "workload.tokens", "must be a positive number, got '1e9'"),
    ("tokens-zero", [{"workload.tokens": 0}], "workload.tokens", "must be a positive number, got 0"),
    ("tokens-nan", [{"workload.tokens": float("nan")}], "workload.tokens", "must be a positive number, got nan"),
    ("tokens-inf", [{"workload.tokens": float("inf")}], "workload.tokens", "must be a positive number, got inf"),
    ("epochs-fraction", [{"workload.epochs": 1.5}], "workload.epochs", "must be a positive integer"),
    ("mfu-zero", [{"workload.mfu": 0}], "workload.mfu", "must be a fraction above 0 and at most 1, got 0"),
    ("mfu-above-1", [{"workload.mfu": 1.5}], "workload.mfu", "must be a fraction above 0 and at most 1, got 1.5"),
    ("deadline-negative", [{"workload.deadline_days": -1}], "workload.deadline_days", "must be a positive number"),
    ("flash-int", [{"workload.flash_attention": 1}], "workload.flash_attention", "must be true or false, got 1"),
    ("zero-4", [{"parallel.zero": 4}], "parallel.zero", "must be one of 0, 1, 2, 3, got 4"),
    ("zero-string", [{"parallel.zero": "3"}], "parallel.zero", "must be one of 0, 1, 2, 3, got '3'"),
    ("tp-zero", [{"parallel.tp": 0}], "parallel.tp", "must be a positive integer, got 0"),
    ("vpp-zero", [{"parallel.vpp": 0}], "parallel.vpp", "must be a positive integer"),
    ("sp-string", [{"parallel.sequence_parallel": "on"}], "parallel.sequence_parallel", "must be true or false"),
    (
        "candidates-empty",
        [{"hardware.candidates": []}],
        "hardware.candidates",
        "must be a non-empty list of catalog GPU ids",
    ),
    ("candidates-string", [{"hardware.candidates": "mi300x"}], "hardware.candidates", "must be a non-empty list"),
    ("candidates-int", [{"hardware.candidates": [1]}], "hardware.candidates", "must be a non-empty list"),
    (
        "candidates-repeat",
        [{"hardware.candidates": ["mi300x", "mi300x"]}],
        "hardware.candidates",
        "must not repeat a GPU id",
    ),
    ("gpu-int", [{"hardware.gpu": 5}], "hardware.gpu", "must be a non-empty string, got 5"),
    ("gpus-per-node-zero", [{"hardware.gpus_per_node": 0}], "hardware.gpus_per_node", "must be a positive integer"),
    (
        "failures-negative",
        [{"goodput.failures_per_gpu_hour": -1e-6}],
        "goodput.failures_per_gpu_hour",
        "must be a number ≥ 0",
    ),
    (
        "checkpoint-zero",
        [{"goodput.checkpoint_write_gbps": 0}],
        "goodput.checkpoint_write_gbps",
        "must be a positive number",
    ),
    ("restart-negative", [{"goodput.restart_minutes": -5}], "goodput.restart_minutes", "must be a number ≥ 0"),
    ("kw-per-rack-zero", [{"cluster.kw_per_rack": 0}], "cluster.kw_per_rack", "must be a positive number"),
    # cost
    ("utilization-above-1", [{"cost.utilization": 1.5}], "cost.utilization", "must be a number from 0 to 1, got 1.5"),
    ("utilization-negative", [{"cost.utilization": -0.1}], "cost.utilization", "must be a number from 0 to 1"),
    ("utilization-percent-string", [{"cost.utilization": "70%"}], "cost.utilization", "got '70%'"),
    ("pue-below-1", [{"cost.pue": 0.9}], "cost.pue", "must be a number from 1 to 5 (1 = no cooling overhead), got 0.9"),
    ("pue-above-5", [{"cost.pue": 6}], "cost.pue", "must be a number from 1 to 5"),
    ("depreciation-0", [{"cost.depreciation_years": 0}], "cost.depreciation_years", "must be more than 0 years, got 0"),
    (
        "price-negative",
        [{"cost.cloud_usd_per_gpu_hour": -1}],
        "cost.cloud_usd_per_gpu_hour",
        "must be a number ≥ 0, got -1",
    ),
    ("node-price-negative", [{"cost.node_price_usd": -250000.0}], "cost.node_price_usd", "must be a number ≥ 0"),
    (
        "electricity-negative",
        [{"cost.electricity_usd_per_kwh": -0.1}],
        "cost.electricity_usd_per_kwh",
        "must be a number ≥ 0",
    ),
    ("discount-negative", [{"cost.discount_rate": -0.05}], "cost.discount_rate", "must be a number ≥ 0"),
    (
        "spot-lost-1",
        [{"cost.spot_lost_fraction": 1}],
        "cost.spot_lost_fraction",
        "must be a number from 0 up to (not including) 1",
    ),
    (
        "support-above-1",
        [{"cost.support_fraction_per_year": 2}],
        "cost.support_fraction_per_year",
        "must be a number from 0 to 1",
    ),
    ("currency", [{"cost.currency": "EUR"}], "cost.currency", "must be one of USD, KRW"),
    ("horizon-zero", [{"cost.horizon_years": 0}], "cost.horizon_years", "must be a positive number"),
    ("usd-to-krw-zero", [{"cost.usd_to_krw": 0}], "cost.usd_to_krw", "must be a positive number"),
    ("site-empty", [{"cost.site": ""}], "cost.site", "must be a non-empty string"),
    # LoRA and inference values
    ("lora-rank-zero", [LORA, {"workload.lora_rank": 0}], "workload.lora_rank", "must be a positive integer"),
    (
        "lora-targets-unknown",
        [LORA, {"workload.lora_targets": ["q", "x"]}],
        "workload.lora_targets",
        "must be a non-empty list of 'q', 'k', 'v', 'o', 'gate', 'up', 'down'",
    ),
    ("lora-targets-empty", [LORA, {"workload.lora_targets": []}], "workload.lora_targets", "must be a non-empty list"),
    (
        "lora-targets-string",
        [LORA, {"workload.lora_targets": "q"}],
        "workload.lora_targets",
        "must be a non-empty list",
    ),
    (
        "lora-targets-repeat",
        [LORA, {"workload.lora_targets": ["q", "q"]}],
        "workload.lora_targets",
        "must not repeat an entry",
    ),
    ("batch-zero", [INFER, {"workload.batch": 0}], "workload.batch", "must be a positive integer"),
    (
        "weight-precision",
        [INFER, {"workload.weight_precision": "int3"}],
        "workload.weight_precision",
        "must be one of bf16, fp8, int8, int4, fp4",
    ),
    ("kv-precision", [INFER, {"workload.kv_precision": "int8"}], "workload.kv_precision", "must be one of bf16, fp8"),
    # keys that do not apply to the method
    ("lora-rank-on-pretrain", [{"workload.lora_rank": 8}], "workload.lora_rank", "does not apply to method 'pretrain'"),
    (
        "lora-targets-on-full",
        [{"workload.method": "full", "workload.lora_targets": ["q"]}],
        "workload.lora_targets",
        "does not apply to method 'full'",
    ),
    ("batch-on-pretrain", [{"workload.batch": 4}], "workload.batch", "does not apply to method 'pretrain'"),
    (
        "weight-precision-on-qlora",
        [LORA, {"workload.method": "qlora", "workload.weight_precision": "int4"}],
        "workload.weight_precision",
        "does not apply to method 'qlora'",
    ),
    (
        "micro-batch-on-inference",
        [INFER, {"workload.micro_batch": 1}],
        "workload.micro_batch",
        "does not apply to method 'inference'",
    ),
    (
        "tokens-on-inference",
        [INFER, {"workload.tokens": 1e9}],
        "workload.tokens",
        "does not apply to method 'inference'",
    ),
    (
        "precision-on-inference",
        [INFER, {"workload.precision": "bf16-mixed"}],
        "workload.precision",
        "does not apply to method 'inference'",
    ),
    (
        "recompute-on-inference",
        [INFER, {"workload.recompute": "full"}],
        "workload.recompute",
        "does not apply to method 'inference'",
    ),
    ("zero-on-inference", [INFER, {"parallel.zero": 3}], "parallel.zero", "does not apply to method 'inference'"),
    ("cp-on-inference", [INFER, {"parallel.cp": 1}], "parallel.cp", "does not apply to method 'inference'"),
    ("ep-on-inference", [INFER, {"parallel.ep": 1}], "parallel.ep", "does not apply to method 'inference'"),
    (
        "sp-on-inference",
        [INFER, {"parallel.sequence_parallel": True}],
        "parallel.sequence_parallel",
        "does not apply to method 'inference'",
    ),
    (
        "goodput-on-inference",
        [INFER, {"goodput.restart_minutes": 5}],
        "goodput.restart_minutes",
        "does not apply to method 'inference'",
    ),
    # workload consistency
    (
        "tokens-and-dataset",
        [{"workload.dataset_tokens": 1e9}],
        "workload.tokens",
        "give workload.tokens or workload.dataset_tokens × epochs, not both",
    ),
    ("epochs-without-dataset", [{"workload.epochs": 2}], "workload.epochs", "needs workload.dataset_tokens"),
    (
        "global-not-multiple-of-micro",
        [{"workload.micro_batch": 2, "workload.global_batch": 63}],
        "workload.global_batch",
        "must be a multiple of workload.micro_batch (2), got 63",
    ),
    # model consistency
    ("kv-heads-not-dividing", [{"model.kv_heads": 5}], "model.kv_heads", "must divide model.heads (32), got 5"),
    (
        "heads-not-dividing-hidden",
        [{"model": {**CUSTOM, "hidden": 100, "heads": 3}, "parallel": {}}],
        "model.heads",
        "must divide model.hidden (100) unless model.head_dim is given, got 3",
    ),
    (
        "experts-active-above-experts",
        [{"model": {**CUSTOM, "experts": 2, "experts_active": 3}}],
        "model.experts_active",
        "must be at most model.experts (2), got 3",
    ),
    (
        "dense-layers-all",
        [{"model.preset": "mixtral-8x7b", "model.dense_layers": 32}],
        "model.dense_layers",
        "must be less than model.layers (32)",
    ),
    # layout
    (
        "dp-not-whole",
        [{"hardware.gpu_count": 12, "parallel.tp": 8}],
        "parallel",
        "dp = gpu_count / (tp × pp × cp) = 12 / (8 × 1 × 1) is not a whole number",
    ),
    ("dp-not-whole-pp-cp", [{"hardware.gpu_count": 8, "parallel.pp": 3}], "parallel", "is not a whole number"),
    (
        "global-not-multiple-of-micro-dp",
        [{"workload.micro_batch": 2, "workload.global_batch": 20}],
        "workload.global_batch",
        "must be a multiple of micro_batch × dp = 2 × 8 = 16, got 20",
    ),
    (
        "tp-not-dividing-heads",
        [{"model.preset": "qwen2.5-7b", "parallel.tp": 8}],
        "parallel.tp",
        "must divide the attention heads (28), got 8",
    ),
    (
        "tp-vs-kv-heads",
        [{"model.preset": "llama-3.2-3b", "parallel.tp": 12, "hardware.gpu_count": 12}],
        "parallel.tp",
        "must divide the KV heads (8) or be a multiple of them, got 12",
    ),
    (
        "pp-above-layers",
        [{"model.preset": "llama-3.2-1b", "parallel.pp": 32, "hardware.gpu_count": 32}],
        "parallel.pp",
        "must be at most the number of layers (16), got 32",
    ),
    ("vpp-without-pp", [{"parallel.vpp": 2}], "parallel.vpp", "needs parallel.pp of 2 or more"),
    (
        "pp-vpp-above-layers",
        [{"parallel.pp": 2, "parallel.vpp": 20}],
        "parallel.vpp",
        "pp × vpp must be at most the layers (32), got 2 × 20",
    ),
    (
        "cp-not-dividing-seq",
        [{"workload.seq_len": 4100, "parallel.cp": 8}],
        "parallel.cp",
        "must divide workload.seq_len (4100), got 8",
    ),
    ("ep-dense-model", [{"parallel.ep": 2}], "parallel.ep", "expert parallel needs an MoE model"),
    (
        "ep-not-dividing-experts",
        [{"model.preset": "mixtral-8x7b", "parallel.ep": 3, "hardware.gpu_count": 12}],
        "parallel.ep",
        "must divide model.experts (8), got 3",
    ),
    (
        "ep-not-dividing-dp-cp",
        [{"model.preset": "mixtral-8x7b", "parallel.ep": 8, "hardware.gpu_count": 4}],
        "parallel.ep",
        "must divide dp × cp (4), got 8",
    ),
    (
        "tp-above-node",
        [{"hardware.gpus_per_node": 4, "parallel.tp": 8}],
        "parallel.tp",
        "tensor parallel stays within a node: at most hardware.gpus_per_node (4), got 8",
    ),
    (
        "inference-tp-not-dividing-heads",
        [INFER, {"model.preset": "qwen2.5-7b", "parallel.tp": 8}],
        "parallel.tp",
        "must divide the attention heads (28)",
    ),
]


@pytest.mark.parametrize(("changes", "key", "fragment"), [c[1:] for c in INVALID], ids=[c[0] for c in INVALID])
def test_validation_message(changes: list[dict[str, Any]], key: str, fragment: str) -> None:
    with pytest.raises(InputError) as err:
        parse_scenario(make(*changes), file="s.gpuplan.toml")
    assert err.value.key == key
    assert fragment in err.value.detail
    message = str(err.value)
    assert message.startswith(f"s.gpuplan.toml: {key}: ")
    assert "\n" not in message


def test_invalid_table_has_unique_ids() -> None:
    ids = [c[0] for c in INVALID]
    assert len(ids) == len(set(ids))


def test_misspelt_method_reported_before_keys_that_depend_on_it() -> None:
    doc = make({"workload": {"lora_rank": 8, "method": "lroa", "seq_len": 2048, "tokens": 1e9}})
    with pytest.raises(InputError) as err:
        parse_scenario(doc)
    assert err.value.key == "workload.method"
    assert "did you mean lora" in err.value.detail


# --- files -------------------------------------------------------------------------------------------

GOOD_TOML = scenario_to_toml(parse_scenario(BASE))

BAD_FILES = [
    ("binary", b"\x00\x01\x02\x03gpuplan\xff\xfe", "not a scenario file (binary content)"),
    ("xlsx", b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00", "binary content"),
    ("latin-1", 'schema = 1\nname = "Café"\n'.encode("latin-1"), "not UTF-8 text"),
    ("not-toml", b"this is not a scenario\n", "not valid TOML"),
    ("json", b'{"schema": 1}', "not valid TOML"),
    ("truncated", GOOD_TOML.encode()[: GOOD_TOML.index("[workload]") + 5], "not valid TOML"),
    ("duplicate-key", b"schema = 1\nschema = 1\n", "not valid TOML"),
    ("empty", b"", "schema: missing"),
]


@pytest.mark.parametrize(("content", "fragment"), [c[1:] for c in BAD_FILES], ids=[c[0] for c in BAD_FILES])
def test_corrupt_file_gives_one_clear_line(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "bad.gpuplan.toml"
    path.write_bytes(content)
    with pytest.raises(InputError) as err:
        read_scenario(path)
    message = str(err.value)
    assert message.startswith(str(path))
    assert fragment in message
    assert "\n" not in message


def test_validation_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "s.gpuplan.toml"
    path.write_text(GOOD_TOML.replace("utilization = 0.7", "utilization = 7"), encoding="utf-8")
    with pytest.raises(InputError, match="^" + str(path).replace("\\", "\\\\") + ": cost.utilization: "):
        read_scenario(path)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(FileAccessError, match="no such file"):
        read_scenario(tmp_path / "nope.gpuplan.toml")
    with pytest.raises(FileAccessError, match="is a folder"):
        read_scenario(tmp_path)


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.gpuplan.toml"
    path.write_text(GOOD_TOML, encoding="utf-8")

    real_open = os.open

    def refuse(file: Any, *args: Any, **kwargs: Any) -> int:
        if Path(file) == path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)  # CI runs as root: inject the failure
    with pytest.raises(FileAccessError, match="cannot be read \\(Permission denied\\)"):
        read_scenario(path)


# --- atomic save --------------------------------------------------------------------------------------


def _no_temp_files(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_write_and_read_back(tmp_path: Path) -> None:
    s = parse_scenario(BASE)
    path = tmp_path / "s.gpuplan.toml"
    write_scenario(s, path)
    assert read_scenario(path) == s
    assert path.read_text(encoding="utf-8").startswith("schema = 1\n")
    assert _no_temp_files(tmp_path)


def test_failed_replace_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.gpuplan.toml"
    path.write_text("old content\n", encoding="utf-8")

    def disk_full(src: Any, dst: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(FileAccessError) as err:
        write_scenario(parse_scenario(BASE), path)
    assert str(path) in str(err.value) and "No space left on device" in str(err.value)
    assert "previous file is unchanged" in str(err.value)
    assert path.read_text(encoding="utf-8") == "old content\n"
    assert _no_temp_files(tmp_path)


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.gpuplan.toml"
    path.write_text("old content\n", encoding="utf-8")

    def fail_fsync(fd: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", fail_fsync)
    with pytest.raises(FileAccessError, match="Input/output error"):
        atomic_write_text(path, "new content\n")
    assert path.read_text(encoding="utf-8") == "old content\n"
    assert _no_temp_files(tmp_path)


def test_cannot_create_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.gpuplan.toml"
    path.write_text("old content\n", encoding="utf-8")

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(files.tempfile, "mkstemp", refuse)
    with pytest.raises(FileAccessError, match="cannot be written \\(Permission denied\\)"):
        atomic_write_text(path, "new content\n")
    assert path.read_text(encoding="utf-8") == "old content\n"


def test_write_into_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(FileAccessError, match="cannot be written"):
        write_scenario(parse_scenario(BASE), tmp_path / "missing" / "s.gpuplan.toml")
