"""Memory model: hand-checked terms and the monotonicity properties of issue #4."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuplanner.core.memory import GIB, memory_for, training_components
from gpuplanner.core.memory_states import state_bytes
from gpuplanner.core.presets import preset
from gpuplanner.core.results import Layout
from gpuplanner.core.scenario import Workload

LLAMA8 = preset("llama-3.1-8b")
CAP = 80 * GIB


def wl(**kw: object) -> Workload:
    base = dict(method="pretrain", seq_len=4096, micro_batch=1, tokens=1e9, precision="bf16-master")
    base.update(kw)
    return Workload(**base)  # type: ignore[arg-type]


def total(w: Workload, lay: Layout, gpus: int = 8) -> float:
    return memory_for(LLAMA8, w, lay, CAP, gpus, solve_limits=False).total


def test_bytes_per_param_match_sources() -> None:
    assert state_bytes("bf16-master", "adamw").total == 18  # Megatron bf16 + fp32 main_grad
    assert state_bytes("bf16-mixed", "adamw").total == 16  # fp32 params/grads + m, v
    assert state_bytes("bf16-true", "adamw").total == 8  # torchtune pure bf16
    assert state_bytes("fp32", "sgd").total == 12


def test_zero_stages_shard_states_over_dp_times_cp() -> None:
    w = wl(recompute="full")
    states = []
    for zero in range(4):
        c = training_components(
            LLAMA8, w, tp=1, pp=1, cp=2, ep=1, dp=4, zero=zero, micro_batch=1, recompute=2, gpu_count=8
        )
        states.append(float(c.weights + c.gradients + c.optimizer))
    assert states == sorted(states, reverse=True)
    # ZeRO-1: optimizer (master 4 + moments 8) divided by dp·cp = 8
    c1 = training_components(LLAMA8, w, tp=1, pp=1, cp=2, ep=1, dp=4, zero=1, micro_batch=1, recompute=2)
    assert float(c1.optimizer) == pytest.approx(LLAMA8.params * 12 / 8, rel=1e-6)


def test_full_recompute_le_selective_le_none() -> None:
    vals = [total(wl(flash_attention=False), Layout(dp=8, recompute=r)) for r in ("full", "selective", "none")]
    assert vals[0] <= vals[1] <= vals[2]


def test_korthikanti_table2_closed_forms() -> None:
    """Per-layer activations reproduce sbh(34 + 5as/h) without parallelism (fp16, dropout, no flash, f = 4h)."""
    from gpuplanner.core import activations as act
    from gpuplanner.core.model import ModelSpec

    m = ModelSpec(
        name="gpt",
        layers=1,
        hidden=4096,
        heads=32,
        kv_heads=32,
        ffn_hidden=16384,
        vocab=1000,
        gated_mlp=False,
        norm="layernorm",
    )
    coef = act.layer_coefficients(m, "fp16-master", False, dropout=True)
    s, b, h, a = 2048, 1, 4096, 32
    got = float(act.layer_bytes(coef, m, s, b, 1, False))
    assert got == pytest.approx(s * b * h * (34 + 5 * a * s / h), rel=1e-9)
    sp = float(act.layer_bytes(coef, m, s, b, 8, True))
    assert sp == pytest.approx(s * b * h / 8 * (34 + 5 * a * s / h), rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    seq=st.sampled_from([512, 1024, 2048, 4096]),
    mb=st.integers(1, 4),
    rc=st.sampled_from(["none", "selective", "full"]),
    zero=st.integers(0, 3),
    precision=st.sampled_from(["bf16-mixed", "bf16-master", "bf16-true", "fp32"]),
)
def test_monotone_in_seq_and_micro_batch(seq: int, mb: int, rc: str, zero: int, precision: str) -> None:
    w = wl(seq_len=seq, precision=precision)
    lay = Layout(dp=8, zero=zero, micro_batch=mb, recompute=rc)
    t = total(w, lay)
    assert t > 0
    assert total(dataclasses.replace(w, seq_len=seq * 2), lay) >= t
    assert total(w, dataclasses.replace(lay, micro_batch=mb + 1)) >= t


def test_more_dp_with_zero3_never_more_memory() -> None:
    w = wl(recompute="full")
    small = total(w, Layout(dp=8, zero=3), 8)
    big = total(w, Layout(dp=64, zero=3), 64)
    assert big <= small


def test_more_params_more_memory() -> None:
    w = wl()
    lay = Layout(dp=8, zero=1)
    small = memory_for(preset("llama-3.2-3b"), w, lay, CAP, 8, solve_limits=False).total
    big = memory_for(LLAMA8, w, lay, CAP, 8, solve_limits=False).total
    assert big > small


def test_max_micro_batch_and_seq_len_are_the_largest_that_fit() -> None:
    w = wl(recompute="selective")
    lay = Layout(dp=8, zero=3)
    br = memory_for(LLAMA8, w, lay, CAP, 8)
    assert br.max_micro_batch and br.max_seq_len
    fit = memory_for(LLAMA8, w, dataclasses.replace(lay, micro_batch=br.max_micro_batch), CAP, 8, solve_limits=False)
    over = memory_for(
        LLAMA8, w, dataclasses.replace(lay, micro_batch=br.max_micro_batch + 1), CAP, 8, solve_limits=False
    )
    assert fit.fits and not over.fits
    over_seq = memory_for(LLAMA8, dataclasses.replace(w, seq_len=br.max_seq_len + 1), lay, CAP, 8, solve_limits=False)
    assert not over_seq.fits


def test_inference_kv_cache_formula() -> None:
    """2·L·n_kv·d·s·b·bytes for Llama 3.1 8B at 8k tokens, batch 4: 2·32·8·128·8192·4·2 bytes = 4 GiB."""
    w = Workload(method="inference", seq_len=8192, batch=4)
    br = memory_for(LLAMA8, w, Layout(), CAP, 1, solve_limits=False)
    assert br.kv_cache == 2 * 32 * 8 * 128 * 8192 * 4 * 2
    assert br.weights == pytest.approx(LLAMA8.params * 2, rel=1e-9)


def test_qlora_weights_near_half_byte_per_param() -> None:
    w = wl(method="qlora", precision="bf16-true", recompute="full", lora_rank=16)
    br = memory_for(LLAMA8, w, Layout(), CAP, 1, solve_limits=False)
    assert 0.5 * LLAMA8.params < br.weights < 0.9 * LLAMA8.params
