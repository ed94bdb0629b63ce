"""Properties of the throughput model the planner ranks by (throughput.step_times), over many layouts."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuplanner.core import throughput
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import resolve_target
from gpuplanner.core.planner import search
from gpuplanner.core.presets import preset, presets
from gpuplanner.core.scenario import Hardware, Scenario, Workload
from gpuplanner.core.throughput import HardwareRates, step_times
from gpuplanner.core.training_time import hardware_rates

CATALOG = load_catalog(use_user_layer=False)
DENSE = ("llama-3.2-1b", "llama-3.1-8b", "qwen2.5-14b", "llama-3.1-70b", "gemma-2-27b")
MODELS = (*DENSE, "mixtral-8x7b")
GPUS = ("a100-sxm-80gb", "h100-sxm-80gb", "h200-sxm-141gb", "mi300x", "l40s", "rtx-4090")
PRECISIONS = ("bf16-mixed", "bf16-master", "bf16-true", "fp16-mixed", "fp8-mixed", "fp32")
HUGE = 1e30  # bytes/s: communication costs nothing
POW2 = st.sampled_from([1, 2, 4, 8])
ALL_MODELS = tuple(presets())
ALL_GPUS = tuple(CATALOG.gpus)


def _rates(gpu_id: str, precision: str, *, free_comm: bool = False) -> HardwareRates:
    gpu = CATALOG.gpu(gpu_id)
    rates = hardware_rates(gpu, CATALOG.default_node(gpu_id), 8, precision)
    if free_comm:
        rates = dataclasses.replace(rates, intra_bytes_per_s=HUGE, inter_bytes_per_s=HUGE)
    return rates


@settings(max_examples=60, deadline=None)
@given(
    model_id=st.sampled_from(MODELS),
    gpu_id=st.sampled_from(GPUS),
    precision=st.sampled_from(PRECISIONS),
    zero=st.sampled_from([1, 2, 3]),
    mb=POW2,
    recompute=st.sampled_from([0, 1, 2]),
    seq=st.sampled_from([1024, 4096]),
    dp_max_log=st.integers(1, 8),
)
def test_pure_data_parallel_scales_as_one_over_gpus_when_communication_is_free(
    model_id, gpu_id, precision, zero, mb, recompute, seq, dp_max_log
):
    """tp = pp = cp = 1, fixed global batch: the step's compute splits evenly over the replicas, and with
    ZeRO ≥ 1 so does the optimizer step. (With ZeRO-0 every replica repeats the whole optimizer step, which does not
    shrink; that is the model's intent, not a scaling defect.)"""
    model = preset(model_id)
    w = Workload(method="pretrain", seq_len=seq, precision=precision)
    dp = 2.0 ** np.arange(dp_max_log + 1)
    gb = mb * dp[-1] * 2
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(throughput, "COLLECTIVE_LATENCY_S", 0.0)
        t = step_times(
            model,
            w,
            _rates(gpu_id, precision, free_comm=True),
            tp=1,
            pp=1,
            cp=1,
            ep=1,
            dp=dp,
            zero=zero,
            micro_batch=mb,
            recompute=recompute,
            global_batch=gb,
        )
    gpu_seconds = np.asarray(t.step_seconds) * dp  # step time × GPUs is constant
    np.testing.assert_allclose(gpu_seconds, gpu_seconds[0], rtol=1e-9)
    assert np.all(np.asarray(t.exposed_comm_seconds) < 1e-12)


@settings(max_examples=60, deadline=None)
@given(
    model_id=st.sampled_from(MODELS),
    gpu_id=st.sampled_from(GPUS),
    pp=st.sampled_from([1, 2, 4, 8, 16]),
    vpp=st.sampled_from([1, 2]),
    mb=POW2,
    tp=POW2,
    dp=POW2,
)
def test_pipeline_bubble_shrinks_as_micro_batches_grow(model_id, gpu_id, pp, vpp, mb, tp, dp):
    model = preset(model_id)
    w = Workload(method="pretrain", seq_len=2048, precision="bf16-master")
    micro_batches = np.array([1, 2, 4, 8, 16, 32, 64, 128], dtype=float)
    t = step_times(
        model,
        w,
        _rates(gpu_id, "bf16-master"),
        tp=tp,
        pp=pp,
        cp=1,
        ep=1,
        dp=dp,
        zero=1,
        micro_batch=mb,
        recompute=1,
        vpp=vpp,
        global_batch=micro_batches * mb * dp,
    )
    bubble = np.asarray(t.bubble_fraction) * np.ones_like(micro_batches)
    np.testing.assert_allclose(bubble, (pp - 1) / (vpp * micro_batches))
    if pp == 1:
        assert np.all(bubble == 0)
    else:
        assert np.all(np.diff(bubble) < 0)
        # the share of the step spent idle in the bubble shrinks with it
        idle = np.asarray(t.compute_seconds) * bubble / (1 + bubble) / np.asarray(t.step_seconds)
        assert np.all(np.diff(idle) < 0)


def _mfu(
    model_id: str,
    gpu_id: str,
    w: Workload,
    *,
    tp: int,
    pp: int,
    cp: int,
    dp: int,
    zero: int,
    mb: int,
    recompute: int,
    accum: int,
    free_comm: bool = False,
) -> tuple[float, HardwareRates]:
    rates = _rates(gpu_id, w.precision, free_comm=free_comm)
    gb = mb * dp * accum
    t = step_times(
        preset(model_id),
        w,
        rates,
        tp=tp,
        pp=pp,
        cp=cp,
        ep=1,
        dp=dp,
        zero=zero,
        micro_batch=mb,
        recompute=recompute,
        global_batch=gb,
    )
    step = float(np.asarray(t.step_seconds))
    model_flops = float(np.asarray(t.model_flops_per_step))
    assert model_flops <= float(np.asarray(t.hardware_flops_per_step)) * (1 + 1e-12)
    return model_flops / step / (rates.peak_flops * tp * pp * cp * dp), rates


@settings(max_examples=150, deadline=None)
@given(
    model_id=st.sampled_from(ALL_MODELS),
    gpu_id=st.sampled_from(ALL_GPUS),
    precision=st.sampled_from(PRECISIONS),
    method=st.sampled_from(["pretrain", "full"]),
    seq=st.sampled_from([512, 2048, 8192, 32768]),
    tp=POW2,
    pp=st.sampled_from([1, 2, 4, 8]),
    cp=st.sampled_from([1, 2, 4]),
    dp=st.sampled_from([1, 2, 8, 64]),
    zero=st.sampled_from([0, 1, 2, 3]),
    mb=POW2,
    recompute=st.sampled_from([0, 1, 2]),
    accum=st.sampled_from([1, 4, 32]),
    free_comm=st.booleans(),
)
def test_mfu_never_exceeds_the_gemm_efficiency(
    model_id, gpu_id, precision, method, seq, tp, pp, cp, dp, zero, mb, recompute, accum, free_comm
):
    """Attention as batched GEMMs (no FlashAttention): every model FLOP is executed and timed at or below the
    GPU's achievable GEMM rate, so MFU stays at or below `gemm_efficiency`, whatever the layout."""
    w = Workload(method=method, seq_len=seq, precision=precision, flash_attention=False)
    mfu, rates = _mfu(
        model_id,
        gpu_id,
        w,
        tp=tp,
        pp=pp,
        cp=cp,
        dp=dp,
        zero=zero,
        mb=mb,
        recompute=recompute,
        accum=accum,
        free_comm=free_comm,
    )
    assert 0 < mfu <= rates.gemm_efficiency


@pytest.mark.parametrize("seq", [32768, 1 << 20])
def test_mfu_with_causal_flash_attention_stays_below_the_gemm_efficiency(seq):
    w = Workload(method="pretrain", seq_len=seq, precision="bf16-master", flash_attention=True)
    mfu, rates = _mfu("llama-3.2-1b", "h100-sxm-80gb", w, tp=1, pp=1, cp=1, dp=1, zero=1, mb=1, recompute=0, accum=64)
    assert mfu <= rates.gemm_efficiency


@pytest.mark.parametrize("gpu_id", ["h100-sxm-80gb", "a100-sxm-80gb", "mi300x"])
@pytest.mark.parametrize("model_id", ["llama-3.1-8b", "mixtral-8x7b"])
def test_every_planned_layout_stays_below_the_gemm_efficiency(gpu_id, model_id):
    model = preset(model_id)
    s = Scenario(
        name="t",
        model=model,
        model_preset=model_id,
        workload=Workload(method="pretrain", seq_len=4096, global_batch=512, tokens=1e11),
        hardware=Hardware(gpu=gpu_id, gpu_count=64),
    )
    target = resolve_target(s, CATALOG)
    found = search(s, target)
    assert found.size > 0
    assert np.all(found.mfu > 0)
    assert np.all(found.mfu <= target.gpu.gemm_efficiency)


def test_more_gpus_never_slow_the_best_plan_when_communication_is_free(monkeypatch):
    """With free communication, doubling the GPUs at least keeps the planner's best tokens/s (dp doubles)."""
    monkeypatch.setattr(throughput, "COLLECTIVE_LATENCY_S", 0.0)
    model = preset("llama-3.1-8b")
    w = Workload(method="pretrain", seq_len=4096, global_batch=1024, tokens=1e11, precision="bf16-master")
    best = []
    for count in (8, 16, 32, 64, 128):
        hw = Hardware(gpu="h100-sxm-80gb", gpu_count=count)
        s = Scenario(name="t", model=model, workload=w, hardware=hw)
        target = resolve_target(s, CATALOG)
        node = dataclasses.replace(target.node, network_gb_per_s_per_gpu=HUGE / 1e9)
        gpu = dataclasses.replace(target.gpu, intra_node_gb_per_s=HUGE / 1e9)
        found = search(s, dataclasses.replace(target, node=node, gpu=gpu))
        best.append(float(np.max(found.tokens_per_second[found.fits])))
    assert all(b >= a * (1 - 1e-9) for a, b in zip(best, best[1:], strict=False))


def _step_seconds(precision: str, seq: int) -> float:
    """Step seconds of one 8B sequence on one H100 with FlashAttention."""
    model = preset("llama-3.1-8b")
    rates = _rates("h100-sxm-80gb", precision, free_comm=True)
    kw = dict(tp=1, pp=1, cp=1, ep=1, dp=1, zero=1, micro_batch=1, recompute=0, global_batch=1)
    t = step_times(model, Workload(method="pretrain", seq_len=seq, precision=precision), rates, **kw)
    return float(t.step_seconds)


def test_attention_runs_in_16_bits_under_fp8() -> None:
    """fp8 recipes convert the linears only: at 128k tokens, where attention dominates, fp8 cannot come near the
    2× of the fp8 peak (FA3 paper Fig. 5 rates are bf16; TE keeps DotProductAttention in bf16 by default)."""
    bf16 = _step_seconds("bf16-master", 131072)
    fp8 = _step_seconds("fp8-mixed", 131072)
    assert 1.0 < bf16 / fp8 < 1.3


@pytest.mark.parametrize("kernel", ["fa2-hopper", "cudnn-hopper", "fa3-hopper"])
def test_flash_curves_pass_through_their_published_points(kernel) -> None:
    """The FA3 paper's H100 forward sweep, causal, head dim 128, at 512 and 16k tokens (Shah et al. 2024 Fig. 5)."""
    from gpuplanner.core import attention_kernels as ak

    points = {"fa2-hopper": (191.0, 335.0), "cudnn-hopper": (315.0, 539.0), "fa3-hopper": (292.0, 616.0)}[kernel]
    rates = ak.flash_forward_flops_per_s(
        kernel, np.array([512.0, 16384.0]), 128, peak16_flops=989.4e12, gemm_efficiency=ak.H100_MAMF
    )
    assert rates / 1e12 == pytest.approx(points, rel=1e-6)


def test_blackwell_cudnn_curve_passes_through_nvidias_b200_sweep() -> None:
    """cuDNN 9.10.2 on a B200, causal, head dim 128 (NVIDIA/cudnn-frontend sdpa_benchmark_training artifacts): forward
    856 and 1,332 TFLOP/s at 4k and 16k, backward at 0.81 of it; Megatron/TE on Blackwell reads this curve."""
    from gpuplanner.core import attention_kernels as ak

    rates = ak.flash_forward_flops_per_s(
        "cudnn-blackwell", np.array([4096.0, 16384.0]), 128, peak16_flops=2250e12, gemm_efficiency=ak.B200_MAMF
    )
    assert rates / 1e12 == pytest.approx((856.0, 1332.0), rel=1e-6)
    assert ak.FLASH_CURVES["cudnn-blackwell"].backward_rate_relative == pytest.approx(0.813, abs=1e-3)
    assert ak.flash_kernel("Blackwell (2 dies)", True) == "cudnn-blackwell"
    assert ak.flash_kernel("Blackwell (2 dies)", False) == "other"


def test_flash_attention_rate_rises_with_sequence_length_and_head_dim() -> None:
    """Short sequences leave the kernel's tiles idle; head dim 64 runs below 128 (FA3 paper Fig. 5)."""
    from gpuplanner.core import attention_kernels as ak

    for kernel in ak.FLASH_CURVES:
        s = np.array([256.0, 512.0, 4096.0, 32768.0, 262144.0])
        r128 = ak.flash_forward_flops_per_s(kernel, s, 128, peak16_flops=1.0, gemm_efficiency=1.0)
        r64 = ak.flash_forward_flops_per_s(kernel, s, 64, peak16_flops=1.0, gemm_efficiency=1.0)
        assert np.all(np.diff(r128) > 0), kernel
        assert np.all(r64 < r128), kernel
        assert np.all(r128 < 1.0), kernel  # never above the GPU's MAMF


def _fp8_step(recipe: str | None, *, compiled: bool, precision: str = "fp8-mixed") -> float:
    model = preset("llama-3.1-8b")
    w = Workload(method="pretrain", seq_len=8192, precision=precision, fp8_recipe=recipe, compile=compiled)
    kw = dict(tp=1, pp=1, cp=1, ep=1, dp=1, zero=1, micro_batch=1, recompute=0, global_batch=1)
    return float(step_times(model, w, _rates("h100-sxm-80gb", precision, free_comm=True), **kw).step_seconds)


def test_fp8_gain_falls_out_of_the_gemm_rate_and_the_casts() -> None:
    """fp8 speeds up only the blocks' GEMMs at the lower fp8 MAMF and pays for its casts: an 8B layer at 8k on
    H100 gains far less than the 2× of the peaks (torchtitan and Megatron publish 1.2–1.5×), and torchao's eager
    casts (separate amax, cast, transposed cast) cost more than compiled or Transformer Engine's fused ones."""
    bf16 = _fp8_step(None, compiled=True, precision="bf16-master")
    compiled = _fp8_step("torchao", compiled=True)
    eager = _fp8_step("torchao", compiled=False)
    te = _fp8_step("te", compiled=False)
    assert 1.1 < bf16 / compiled < 1.6
    assert eager > compiled
    assert te < eager
