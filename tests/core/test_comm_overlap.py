"""Megatron-Core's communication overlaps in the time model (core/comm_overlap.py): TE userbuffers TP overlap and
pipeline p2p under interleaving, both on in the `megatron` profile as the Megatron-Bridge recipes set them, and
off for the `generic` profile that the 2021 Megatron-LM A100 runs use."""

from __future__ import annotations

import numpy as np

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.comm_overlap import overlapped_p2p_seconds, tp_overlap_exposed_seconds
from gpuplanner.core.framework import profile
from gpuplanner.core.presets import preset
from gpuplanner.core.scenario import Workload
from gpuplanner.core.throughput import step_times
from gpuplanner.core.training_time import hardware_rates

CATALOG = load_catalog(use_user_layer=False)


def _rates():  # type: ignore[no-untyped-def]
    gpu = CATALOG.gpu("h100-sxm-80gb")
    return hardware_rates(gpu, CATALOG.default_node("h100-sxm-80gb"), 8, "fp8-mixed")


def test_pairs_hide_the_collective_under_a_larger_gemm_except_one_chunk() -> None:
    c, big, none = 1e-3, 1.0, 0.0
    attn, mlp = tp_overlap_exposed_seconds(c, big, big, big, big, 8)
    # four chunked pairs per half expose one chunk each (c/8); the bulk pairs cost the comm kernel's SMs
    assert 0 < float(attn) < 10 * c and 0 < float(mlp) < 10 * c
    attn0, mlp0 = tp_overlap_exposed_seconds(c, none, none, none, none, 8)
    assert float(attn0) == float(mlp0) == 5 * c  # nothing to hide under: every collective exposed
    assert float(sum(tp_overlap_exposed_seconds(c, big, big, big, big, 1))) == 0.0


def test_p2p_hides_under_the_chunk_only_when_interleaved() -> None:
    assert float(overlapped_p2p_seconds(1e-3, 1.0, 4)) == 0.0
    assert float(overlapped_p2p_seconds(1e-3, 1.0, 1)) == 1e-3  # batched, blocking p2p without interleaving
    assert float(overlapped_p2p_seconds(3e-3, 1e-3, 2)) == 2 * 2e-3


def test_megatron_profile_overlaps_tp_and_p2p_and_generic_does_not() -> None:
    assert profile("megatron").tp_comm_overlap and profile("megatron").p2p_overlap_under_vpp
    assert not profile("generic").tp_comm_overlap and not profile("generic").p2p_overlap_under_vpp
    m = preset("llama-3.1-70b")
    kw = dict(tp=4, pp=8, cp=1, ep=1, dp=2, zero=1, micro_batch=1, recompute=0, global_batch=128, vpp=5)
    times = {}
    for fw in ("megatron", "generic"):
        w = Workload(method="pretrain", seq_len=8192, precision="fp8-mixed", framework=fw, fp8_recipe="te")
        t = step_times(m, w, _rates(), **kw)
        assert t.terms is not None
        times[fw] = t.terms
    mg, gen = times["megatron"], times["generic"]
    assert float(mg.tp_comm_seconds) < 0.5 * float(gen.tp_comm_seconds)  # 70B: QKV and proj ~ their collectives
    assert float(mg.pp_comm_seconds) < 0.1 * float(gen.pp_comm_seconds)
    np.testing.assert_allclose(float(mg.gemm_seconds), float(gen.gemm_seconds))


def test_te_current_scaling_pays_the_amax_pass_and_the_unfused_norm_casts() -> None:
    """Megatron-Bridge's FP8-CS runs TE current scaling: a separate amax read per cast (6 bytes per element) and no
    fp8 output from the norms (QKV/fc1 input casts cost 5 of the 6 bytes); the generic TE recipe stays delayed."""
    from gpuplanner.core.fp8_kernels import cast_bytes_per_element, cast_elements_per_token

    assert cast_bytes_per_element("te-current", False) == 6.0 > cast_bytes_per_element("te-delayed", False)
    m = preset("llama-3.1-8b")
    assert cast_elements_per_token(m, "te-current")[1] > cast_elements_per_token(m, "te-delayed")[1]
    assert profile("megatron").te_current_scaling and not profile("generic").te_current_scaling
    kw = dict(tp=1, pp=1, cp=1, ep=1, dp=8, zero=1, micro_batch=1, recompute=0, global_batch=8)
    mem = {}
    for fw in ("megatron", "generic"):
        w = Workload(method="pretrain", seq_len=8192, precision="fp8-mixed", framework=fw, fp8_recipe="te")
        t = step_times(m, w, _rates(), **kw)
        assert t.terms is not None
        mem[fw] = float(t.terms.memory_bound_seconds)
    assert mem["megatron"] > mem["generic"]
