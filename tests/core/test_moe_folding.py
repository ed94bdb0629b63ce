"""Expert parallel folded over the TP ranks with whole experts (Megatron-Core MoE parallel folding,
core/moe_kernels.expert_tensor_parallel): EP 32 on TP 2 x DP 16, as Megatron-Bridge's Qwen3-235B-A22B H100 recipe
runs it (expert_tensor_parallel_size=1)."""

from __future__ import annotations

import numpy as np
import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.memory import training_components
from gpuplanner.core.model import ModelSpec
from gpuplanner.core.moe_kernels import expert_shards, expert_tensor_parallel
from gpuplanner.core.scenario_io import parse_scenario
from gpuplanner.core.throughput import step_times
from gpuplanner.core.training_time import hardware_rates

CATALOG = load_catalog(use_user_layer=False)
QWEN3_235B = dict(
    name="Qwen3-235B-A22B",
    layers=94,
    hidden=4096,
    heads=64,
    kv_heads=4,
    head_dim=128,
    ffn_hidden=12288,
    vocab=151936,
    experts=128,
    experts_active=8,
    expert_ffn_hidden=1536,
)


def _scenario(ep: int):  # type: ignore[no-untyped-def]
    return parse_scenario(
        {
            "schema": 1,
            "model": QWEN3_235B,
            "workload": {
                "method": "pretrain",
                "tokens": 1e9,
                "seq_len": 4096,
                "micro_batch": 1,
                "global_batch": 2048,
                "precision": "fp8-mixed",
                "framework": "megatron",
                "recompute": "none",
            },
            "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 256},
            "parallel": {"tp": 2, "pp": 8, "cp": 1, "ep": ep, "zero": 1, "vpp": 4},
        }
    )


def test_ep_beyond_dp_cp_folds_over_tp_with_whole_experts() -> None:
    assert float(expert_tensor_parallel(2, 16, 1, 32)) == 1.0  # EP 32 > dp·cp 16: whole experts
    assert float(expert_tensor_parallel(2, 16, 1, 16)) == 2.0  # EP within dp·cp: experts split over TP
    # either way each GPU holds routed / 32 of the experts and reduces them over a group of one
    assert float(expert_shards(2, 16, 1, 32)) == float(expert_shards(2, 16, 1, 16)) == 16.0


def test_the_scenario_accepts_ep_dividing_tp_dp_cp_and_names_both_rules() -> None:
    assert _scenario(32).parallel.ep == 32
    with pytest.raises(Exception, match=r"tp × dp × cp \(32\), got 64"):
        _scenario(64)


def _model() -> ModelSpec:
    return _scenario(32).model


def test_folded_experts_skip_the_moe_tp_collectives_and_keep_the_weights_per_gpu() -> None:
    m = _model()
    w = _scenario(32).workload
    gpu = CATALOG.gpu("h100-sxm-80gb")
    r = hardware_rates(gpu, CATALOG.default_node("h100-sxm-80gb"), 8, "fp8-mixed")
    kw = dict(tp=2, pp=8, cp=1, dp=16, zero=1, micro_batch=1, recompute=0, global_batch=2048, vpp=4)
    folded, split = step_times(m, w, r, ep=32, **kw), step_times(m, w, r, ep=16, **kw)
    assert folded.terms is not None and split.terms is not None
    # ETP 1: no all-gather / reduce-scatter over TP around the experts (Qwen3 has no shared expert)
    assert float(folded.terms.tp_comm_seconds) < float(split.terms.tp_comm_seconds)
    # the same expert parameters per GPU (routed / 32) and an expert-data-parallel group of one in both layouts
    mem = [
        training_components(m, w, tp=2, pp=8, cp=1, ep=ep, dp=16, zero=1, micro_batch=1, recompute=0, vpp=4)
        for ep in (32, 16)
    ]
    np.testing.assert_allclose(mem[0].weights, mem[1].weights)
    np.testing.assert_allclose(mem[0].optimizer, mem[1].optimizer)
