"""The fused wgrad GEMM's main_grad traffic (core/wgrad_traffic.py)."""

from __future__ import annotations

import numpy as np
import pytest

from gpuplanner.core import throughput
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.presets import preset
from gpuplanner.core.scenario import Workload
from gpuplanner.core.throughput import HBM_EFFICIENCY, step_times
from gpuplanner.core.training_time import hardware_rates
from gpuplanner.core.wgrad_traffic import wgrad_accumulation_seconds

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
