"""Megatron-Core's eager per-expert fc2 bias add (TEGroupedMLP._apply_bias) in the time model
(core/moe_kernels.expert_bias_bytes_per_token, docs/estimation_time.md round 10): GPT-OSS-120B's experts carry
biases (Megatron-Bridge gpt_oss_provider.py `add_bias_linear=True`), so the step has 14 more element passes over
the k·h expert-output elements per token per MoE layer."""

from __future__ import annotations

import dataclasses

import numpy as np

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.model import ModelSpec
from gpuplanner.core.moe_kernels import EXPERT_BIAS_ELEMENT_PASSES, expert_bias_bytes_per_token
from gpuplanner.core.scenario import Workload
from gpuplanner.core.throughput import HBM_EFFICIENCY, step_times
from gpuplanner.core.training_time import hardware_rates
from tests.core.moe_models import GPT_OSS_120B as MODEL

CATALOG = load_catalog(use_user_layer=False)

GPT_OSS_120B = ModelSpec(**{**MODEL, "name": "gpt-oss-120b", "linear_bias": True})


def test_bias_add_counts_fourteen_passes_over_the_expert_outputs() -> None:
    m = GPT_OSS_120B
    assert EXPERT_BIAS_ELEMENT_PASSES == 14.0
    assert expert_bias_bytes_per_token(m, 2.0, fused_kernels=True) == 14.0 * 4 * 2880 * 2.0
    assert expert_bias_bytes_per_token(dataclasses.replace(m, linear_bias=False), 2.0, fused_kernels=True) == 0.0
    assert expert_bias_bytes_per_token(m, 2.0, fused_kernels=False) == 0.0  # not Megatron's TEGroupedMLP


def _memory_bound_seconds(model: ModelSpec):  # type: ignore[no-untyped-def]
    gpu = CATALOG.gpu("h100-sxm-80gb")
    hw = hardware_rates(gpu, CATALOG.default_node("h100-sxm-80gb"), 64, "bf16-master")
    w = Workload(method="pretrain", seq_len=4096, precision="bf16-master", framework="megatron")
    t = step_times(model, w, hw, tp=1, pp=4, cp=1, ep=8, dp=16, zero=1, micro_batch=1, recompute=0, global_batch=1280)
    assert t.terms is not None
    return float(np.asarray(t.terms.memory_bound_seconds).ravel()[0]), hw


def test_the_bias_add_is_in_the_megatron_step_at_memory_speed() -> None:
    with_bias, hw = _memory_bound_seconds(GPT_OSS_120B)
    without, _ = _memory_bound_seconds(dataclasses.replace(GPT_OSS_120B, linear_bias=False))
    # the 26.02 H100 layout: 80 micro-batches of 4,096 tokens, 9 MoE layers on the slowest stage
    expected = 80 * 4096 * 9 * 14.0 * 4 * 2880 * 2.0 / (hw.hbm_bytes_per_s * HBM_EFFICIENCY)
    assert with_bias - without > 0.9 * expected  # the dense biases add a little traffic of their own
    assert with_bias - without < 1.1 * expected
