"""The MoE and context-parallel ring terms of the time model (core/moe_kernels.py, attention_kernels.ring_merge_bytes)
and the step breakdown (throughput.StepTerms) that scripts/time_breakdown.py prints."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gpuplanner.core import moe_kernels
from gpuplanner.core.attention_kernels import ring_merge_bytes
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.flops import routed_expert_params
from gpuplanner.core.framework import fp8_recipe_of
from gpuplanner.core.moe_kernels import (
    EXPERT_GEMM_CALL_S,
    EXPERT_QUANTIZE_CALL_S,
    expert_gemm_width,
    permutation_bytes_per_token,
    quantize_calls_per_expert,
    routed_gemm_seconds,
    rows_per_expert,
)
from gpuplanner.core.presets import preset
from gpuplanner.core.scenario import Workload
from gpuplanner.core.throughput import step_times
from gpuplanner.core.training_time import hardware_rates

CATALOG = load_catalog(use_user_layer=False)


def _rates(gpu_id: str = "h100-sxm-80gb", precision: str = "bf16-master"):  # type: ignore[no-untyped-def]
    gpu = CATALOG.gpu(gpu_id)
    return hardware_rates(gpu, CATALOG.default_node(gpu_id), 8, precision)


def test_rows_per_expert_follow_balanced_routing() -> None:
    m = preset("mixtral-8x7b")  # 8 experts, top-2
    assert float(rows_per_expert(m, 4096, 1)) == 4096 * 2 / 8
    assert float(rows_per_expert(m, 4096, 8)) == 4096 * 2  # each rank's one expert sees every rank's tokens
    assert float(expert_gemm_width(m, 64, 1, 1)) == 16  # few rows: the row count is the narrow side


def test_permutation_passes_scale_with_top_k_and_drop_the_sorts_for_one_local_expert() -> None:
    m = preset("mixtral-8x7b")
    many, one = permutation_bytes_per_token(m, 1, 2.0), permutation_bytes_per_token(m, 8, 2.0)
    assert float(many) > float(one) > 0


def test_experts_split_over_ep_shrink_the_data_parallel_reduction() -> None:
    m = preset("mixtral-8x7b")
    assert 0 < routed_expert_params(m) < m.params
    w = Workload(method="pretrain", seq_len=4096, precision="bf16-master")
    kw = dict(tp=1, pp=1, cp=1, dp=16, zero=1, micro_batch=1, recompute=0, global_batch=16)
    r = _rates()
    slow = dataclasses.replace(r, inter_bytes_per_s=1e9, intra_bytes_per_s=1e9)
    t1 = step_times(m, w, slow, ep=1, **kw)
    t8 = step_times(m, w, slow, ep=8, **kw)
    assert t1.terms is not None and t8.terms is not None
    assert float(t8.terms.dp_exposed_seconds) < float(t1.terms.dp_exposed_seconds) / 3


def test_ring_passes_vanish_without_context_parallel_and_grow_with_its_steps() -> None:
    b = [float(ring_merge_bytes(1e6, 2.5e5, cp, fused=False, recomputed_share=1.0)) for cp in (1, 2, 4, 8)]
    assert b[0] == 0.0 and b[1] < b[2] < b[3]
    fused = float(ring_merge_bytes(1e6, 2.5e5, 8, fused=True, recomputed_share=1.0))
    assert 0 < fused < b[3]


def test_breakdown_terms_add_up_to_the_step() -> None:
    m = preset("llama-3.1-8b")
    w = Workload(method="pretrain", seq_len=8192, precision="bf16-master", framework="megatron")
    t = step_times(
        m,
        w,
        _rates(),
        tp=np.array([1, 2, 8]),
        pp=np.array([1, 2, 4]),
        cp=1,
        ep=1,
        dp=np.array([8, 4, 2]),
        zero=1,
        micro_batch=1,
        recompute=0,
        global_batch=64,
    )
    assert t.terms is not None
    parts = sum(np.asarray(getattr(t.terms, f.name), dtype=float) for f in dataclasses.fields(t.terms))
    np.testing.assert_allclose(parts, t.step_seconds, rtol=1e-9)


def test_te_per_expert_gemm_calls_floor_the_grouped_gemms_of_fine_grained_experts() -> None:
    # DeepSeek-V3 on EP 8: 32 local experts, 6 grouped calls (fc1, fc2 x fprop, dgrad, wgrad) per MoE layer
    m = preset("deepseek-v3")
    tiny = 1e-6  # math far below the per-call floor
    floored = float(routed_gemm_seconds(m, tiny, 8, lora=False, recomputed_forward=0.0, per_expert_calls=True))
    assert floored == pytest.approx(6 * 32 * EXPERT_GEMM_CALL_S)
    # the recomputed forward repeats the two fprop calls; LoRA's frozen experts have no weight-gradient call
    redo = float(routed_gemm_seconds(m, tiny, 8, lora=False, recomputed_forward=1.0, per_expert_calls=True))
    assert redo == pytest.approx(8 * 32 * EXPERT_GEMM_CALL_S)
    lora = float(routed_gemm_seconds(m, tiny, 8, lora=True, recomputed_forward=0.0, per_expert_calls=True))
    assert lora == pytest.approx(4 * 32 * EXPERT_GEMM_CALL_S)
    # big math is not floored, and without TE's per-expert loop the math alone counts
    assert float(routed_gemm_seconds(m, 1.0, 8, lora=False, recomputed_forward=0.0, per_expert_calls=True)) == 1.0
    assert float(routed_gemm_seconds(m, tiny, 8, lora=False, recomputed_forward=0.0, per_expert_calls=False)) == tiny


def test_megatron_moe_step_pays_the_per_expert_gemm_calls() -> None:
    m = preset("deepseek-v3")
    kw = dict(tp=1, pp=16, cp=1, ep=8, dp=16, zero=1, micro_batch=1, recompute=0, global_batch=256)
    r = _rates("b200-sxm-180gb")
    te = step_times(m, Workload(method="pretrain", seq_len=512, precision="bf16-master", framework="megatron"), r, **kw)
    titan = step_times(
        m, Workload(method="pretrain", seq_len=512, precision="bf16-master", framework="torchtitan"), r, **kw
    )
    assert te.terms is not None and titan.terms is not None
    # short sequences: the math is far below the floor of 16 micro-batches x 4 layers x 6 calls x 32 experts x 33 us
    floor = 16 * 4 * 6 * 32 * EXPERT_GEMM_CALL_S
    assert float(te.terms.fixed_seconds) > 0.5 * floor  # the calls' time above their math, as a fixed cost
    assert float(titan.terms.fixed_seconds) == 0.0
    assert float(te.terms.gemm_seconds) == pytest.approx(float(titan.terms.gemm_seconds))  # the same math
    assert float(te.step_seconds) > float(titan.step_seconds)


def test_fp8_per_expert_quantize_calls_add_to_the_fprop_and_dgrad_calls() -> None:
    # DeepSeek-V3 on EP 8: 32 local experts; fc1 and fc2 each quantize per expert in fprop and dgrad, not in wgrad
    m = preset("deepseek-v3")
    tiny = 1e-6
    kw = dict(lora=False, per_expert_calls=True, quantize_calls=1.0)
    fp8 = float(routed_gemm_seconds(m, tiny, 8, recomputed_forward=0.0, **kw))
    assert fp8 == pytest.approx(6 * 32 * EXPERT_GEMM_CALL_S + 4 * 32 * EXPERT_QUANTIZE_CALL_S)
    redo = float(routed_gemm_seconds(m, tiny, 8, recomputed_forward=1.0, **kw))  # the recomputed fprop quantizes again
    assert redo == pytest.approx(8 * 32 * EXPERT_GEMM_CALL_S + 6 * 32 * EXPERT_QUANTIZE_CALL_S)
    # TE's current scaling and the one-kernel quantizers: one call per expert; delayed scaling fuses all experts
    assert quantize_calls_per_expert("te-current") == 1.0
    assert quantize_calls_per_expert(fp8_recipe_of("te", "megatron")) == 1.0  # the megatron profile: current scaling
    assert quantize_calls_per_expert(fp8_recipe_of("te", "generic")) == 0.0  # TE's default, delayed scaling
    assert quantize_calls_per_expert("mxfp8") == 1.0 and quantize_calls_per_expert(None) == 0.0


def test_megatron_fp8_moe_step_pays_the_per_expert_quantize_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    m = preset("deepseek-v3")
    kw = dict(tp=1, pp=16, cp=1, ep=8, dp=16, zero=1, micro_batch=1, recompute=0, global_batch=256)
    r = _rates("b200-sxm-180gb", "fp8-mixed")
    w = Workload(method="pretrain", seq_len=512, precision="fp8-mixed", framework="megatron")
    with_calls = step_times(m, w, r, **kw)
    monkeypatch.setattr(moe_kernels, "EXPERT_QUANTIZE_CALL_S", 0.0)
    without = step_times(m, w, r, **kw)
    assert with_calls.terms is not None and without.terms is not None
    # 16 micro-batches x 4 layers per stage (their MoE share) x 4 quantizing calls x 32 experts, all host-bound
    extra = 16 * 4 * (m.moe_layers / m.layers) * 4 * 32 * EXPERT_QUANTIZE_CALL_S
    gained = float(with_calls.terms.fixed_seconds) - float(without.terms.fixed_seconds)
    assert gained == pytest.approx(extra, rel=1e-6)
