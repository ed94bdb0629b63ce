"""Gradient dtype per framework in the time model (issue 22 round 6): Megatron-Bridge's recipes accumulate and
reduce bf16 gradients (`grad_reduce_in_fp32 = False`), Megatron-LM of 2021–2022 under --fp16 kept fp16 gradients,
accumulated by autograd and all-reduced after the pipeline flush; everything else stays fp32."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gpuplanner.core import framework, throughput
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.framework import profile
from gpuplanner.core.presets import preset
from gpuplanner.core.scenario import Workload
from gpuplanner.core.throughput import HBM_EFFICIENCY, INTRA_LINK_EFFICIENCY, step_times
from gpuplanner.core.training_time import hardware_rates

CATALOG = load_catalog(use_user_layer=False)
KW = dict(tp=2, pp=2, cp=1, ep=1, dp=2, zero=1, micro_batch=1, recompute=0, global_batch=16)


def _rates(precision: str):  # type: ignore[no-untyped-def]
    return hardware_rates(CATALOG.gpu("h100-sxm-80gb"), CATALOG.default_node("h100-sxm-80gb"), 8, precision)


def _without(monkeypatch: pytest.MonkeyPatch, framework_id: str, **fields: bool) -> None:
    prof = dataclasses.replace(framework.PROFILES[framework_id], **fields)
    monkeypatch.setitem(framework.PROFILES, framework_id, prof)


def test_gradient_bytes_per_framework_and_precision() -> None:
    megatron, generic, titan = profile("megatron"), profile("generic"), profile("torchtitan")
    assert megatron.grad_bytes("bf16-master") == megatron.grad_bytes("fp8-mixed") == 2.0
    assert megatron.grad_bytes("bf16-mixed") == 4.0  # autocast over fp32 weights: fp32 parameters, fp32 grads
    assert generic.grad_bytes("bf16-master") == 4.0  # Megatron-LM forces fp32 accumulation for bf16 (2021 too)
    assert generic.grad_bytes("fp16-master") == 2.0  # 2021 --fp16 without --accumulate-allreduce-grads-in-fp32
    assert titan.grad_bytes("bf16-master") == 4.0 and titan.grad_bytes("bf16-true") == 2.0


def test_megatron_bf16_gradients_halve_main_grad_traffic_and_shrink_the_reduction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m = preset("llama-3.1-8b")
    w = Workload(method="pretrain", seq_len=4096, precision="fp8-mixed", framework="megatron", fp8_recipe="te")
    r = _rates("fp8-mixed")
    wide = {**KW, "dp": 16}  # one micro-batch per step, the reduction over the network: exposed
    kept = step_times(m, w, r, **wide).terms
    _without(monkeypatch, "megatron", grads_in_param_dtype=False)
    fp32 = step_times(m, w, r, **wide).terms
    assert kept is not None and fp32 is not None
    weights = (m.block_params(active=False) * np.ceil(m.layers / 2) / m.layers + m.vocab * m.hidden) / 2
    saved = weights * (8.0 - 4.0) / (r.hbm_bytes_per_s * HBM_EFFICIENCY)  # 4 bytes fewer per weight
    assert float(fp32.memory_bound_seconds) - float(kept.memory_bound_seconds) == pytest.approx(saved, rel=1e-9)
    assert 0.0 < float(kept.dp_exposed_seconds) < float(fp32.dp_exposed_seconds)


def test_megatron_lm_2021_fp16_gradients(monkeypatch: pytest.MonkeyPatch) -> None:
    """generic under fp16-master: the fp16 all-reduce fully exposed after the flush, in-place fp16 accumulation
    (6 bytes per weight per micro-batch) instead of the fused fp32 epilogue (8)."""
    m = preset("llama-3.1-8b")
    w = Workload(method="pretrain", seq_len=4096, precision="fp16-master")
    r = _rates("fp16-master")
    kept = step_times(m, w, r, **KW).terms
    assert kept is not None
    grads = m.params / (2 * 2) * 2.0  # per TP×PP shard, fp16
    bw = r.intra_bytes_per_s * INTRA_LINK_EFFICIENCY
    all_reduce = float(throughput._ring(np.asarray(2.0), 2.0, np.asarray(grads), np.asarray(bw)))
    assert float(kept.dp_exposed_seconds) == pytest.approx(all_reduce, rel=1e-9)
    _without(monkeypatch, "generic", legacy_fp16_grads=False)
    modern = step_times(m, w, r, **KW).terms
    assert modern is not None
    weights = (m.block_params(active=False) * np.ceil(m.layers / 2) / m.layers + m.vocab * m.hidden) / 2
    saved = 8 * weights * (8.0 - 6.0) / (r.hbm_bytes_per_s * HBM_EFFICIENCY)
    assert float(modern.memory_bound_seconds) - float(kept.memory_bound_seconds) == pytest.approx(saved, rel=1e-9)
    assert float(modern.dp_exposed_seconds) < float(kept.dp_exposed_seconds)
