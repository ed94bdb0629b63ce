"""GEMM terms beyond the large-shape rate (core/gemm_shapes.py): the fused wgrad GEMM's fp32 main_grad traffic
(applied) and the per-shape model (not applied; checked against OpenXLA's measured H100 cuBLAS table)."""

from __future__ import annotations

import numpy as np
import pytest

from gpuplanner.core import throughput
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.gemm_shapes import gemm_device, gemm_seconds, sm_count, wave_efficiency, wgrad_accumulation_seconds
from gpuplanner.core.presets import preset
from gpuplanner.core.scenario import Workload
from gpuplanner.core.throughput import HBM_EFFICIENCY, step_times
from gpuplanner.core.training_time import hardware_rates

CATALOG = load_catalog(use_user_layer=False)
KW = dict(tp=2, pp=2, cp=1, ep=1, dp=2, zero=1, micro_batch=1, recompute=0, global_batch=16)


def _rates(gpu_id: str = "h100-sxm-80gb", precision: str = "bf16-master"):  # type: ignore[no-untyped-def]
    return hardware_rates(CATALOG.gpu(gpu_id), CATALOG.default_node(gpu_id), 8, precision)


def test_main_grad_traffic_is_a_read_and_a_write_per_micro_batch() -> None:
    hbm = 1e12
    assert float(wgrad_accumulation_seconds(1e9, hbm)) == pytest.approx(8e9 / hbm)  # fp32: read 4 + write 4
    assert float(wgrad_accumulation_seconds(1e9, hbm, 2.0)) == pytest.approx(4e9 / hbm)  # 16-bit main_grad


@pytest.mark.parametrize(("framework", "main_grad_bytes"), [("generic", 4.0), ("megatron", 2.0)])
def test_fused_steps_carry_the_wgrad_epilogue_traffic(
    monkeypatch: pytest.MonkeyPatch, framework: str, main_grad_bytes: float
) -> None:
    """Removing the term changes the memory-bound seconds of a fused run by exactly the main_grad traffic of the
    stage's local weights (a read and a write per micro-batch: fp32 for the generic Megatron-style reading, bf16
    under the Megatron-Bridge recipes' grad_reduce_in_fp32 = False); an eager framework and LoRA never see it."""
    m = preset("llama-3.1-8b")
    w = Workload(method="pretrain", seq_len=4096, precision="bf16-master", framework=framework)
    r = _rates()
    with_term = step_times(m, w, r, **KW).terms
    monkeypatch.setattr(throughput, "wgrad_accumulation_seconds", lambda *a, **k: 0.0)
    without = step_times(m, w, r, **KW).terms
    assert with_term is not None and without is not None
    micro_batches = 16 / 2  # global batch over micro-batch × dp
    weights = (m.block_params(active=False) * np.ceil(m.layers / 2) / m.layers + m.vocab * m.hidden) / 2
    expected = micro_batches * weights * 2.0 * main_grad_bytes / (r.hbm_bytes_per_s * HBM_EFFICIENCY)
    added = float(with_term.memory_bound_seconds) - float(without.memory_bound_seconds)
    assert added == pytest.approx(expected, rel=1e-9)
    monkeypatch.undo()
    eager = Workload(method="pretrain", seq_len=4096, precision="bf16-mixed", framework="hf")
    lora = Workload(method="lora", seq_len=4096, precision="bf16-master", framework="megatron", lora_rank=16)
    for wl in (eager, lora):
        a = step_times(m, wl, r, **KW).terms
        monkeypatch.setattr(throughput, "wgrad_accumulation_seconds", lambda *a, **k: 0.0)
        b = step_times(m, wl, r, **KW).terms
        monkeypatch.undo()
        assert a is not None and b is not None
        assert float(a.memory_bound_seconds) == float(b.memory_bound_seconds)


# OpenXLA's measured H100 (sm_90) bf16 table, batch 1: (M, N, K) -> TFLOP/s (openxla/xla
# xla/service/gpu/model/matmul_interpolator_data.h, as mirrored in tensorflow/tensorflow 372d578b)
XLA_H100 = {
    (4096, 4096, 256): 392.2,
    (4096, 4096, 512): 543.1,
    (4096, 4096, 1024): 677.4,
    (4096, 4096, 2048): 738.7,
    (4096, 4096, 4096): 783.3,
    (4096, 256, 4096): 376.2,
    (256, 4096, 4096): 412.0,
}


def test_shape_model_reproduces_the_measured_h100_k_sweep_and_a_partial_wave() -> None:
    gpu = CATALOG.gpu("h100-sxm-80gb")
    dev = gemm_device(gpu.bf16_dense_tflops * 1e12 * gpu.gemm_efficiency, gpu.memory_bandwidth_gb_per_s * 1e9, "Hopper")
    for (mm, n, k), measured in XLA_H100.items():
        rate = 2.0 * mm * n * k / float(gemm_seconds(mm, n, k, dev)) / 1e12
        tolerance = 0.05 if n == mm else 0.12  # the one-wave shapes: no split-K in the model
        assert rate == pytest.approx(measured, rel=tolerance), (mm, n, k)
    assert sm_count("Hopper (GH100)") == 132 and sm_count("Hopper (GH100, 114 SMs)") == 114
    assert sm_count("CDNA 3") == 0 and float(wave_efficiency(4096, 256, 0)) == 1.0
    assert float(wave_efficiency(4096, 256, 132)) == pytest.approx(64 / 132)
