"""The Grand Teton H100 of the torchtitan benchmarks runs at a 500 W power limit (issue 22). Its source puts the peak
"between SXM and NVL", so its test-only catalog row carries the dense peaks at 500 W, linear in board power between
the rated peaks of those two boards in the shipped catalog (H100 NVL at 400 W, H100 SXM at 700 W). Only the compute
peaks change; HBM bandwidth stays the source's 2.4 TB/s. These tests fail if the row goes back to the 700 W SXM peak
(docs/estimation_time.md, "The 500 W power limit")."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.training_time import hardware_rates

GRAND_TETON = Path(__file__).resolve().parents[1] / "validation" / "data" / "catalog_grand_teton"


def _at_watts(low_watts: float, low: float, high_watts: float, high: float, watts: float) -> float:
    return low + (high - low) * (watts - low_watts) / (high_watts - low_watts)


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return load_catalog(user_dir=GRAND_TETON)


def test_grand_teton_peaks_are_the_rated_gh100_peaks_at_its_power_limit(catalog) -> None:  # type: ignore[no-untyped-def]
    gt, sxm, nvl = (catalog.gpu(g) for g in ("h100-gt-96gb-500w", "h100-sxm-80gb", "h100-nvl-94gb"))
    assert (gt.tdp_watts, sxm.tdp_watts, nvl.tdp_watts) == (500, 700, 400)
    bf16 = _at_watts(nvl.tdp_watts, nvl.bf16_dense_tflops, sxm.tdp_watts, sxm.bf16_dense_tflops, gt.tdp_watts)
    assert gt.bf16_dense_tflops == pytest.approx(bf16, abs=0.1)  # 886.5
    assert gt.peak_tflops("fp16") == pytest.approx(bf16, abs=0.1)
    # fp8 is twice the 16-bit dense rate on both boards (NVIDIA datasheets), so the same interpolation
    assert gt.peak_tflops("fp8") == pytest.approx(2 * bf16, abs=0.2)
    assert gt.bf16_dense_tflops < sxm.bf16_dense_tflops


def test_power_limit_slows_compute_not_memory(catalog) -> None:  # type: ignore[no-untyped-def]
    """Compute-bound rates (GEMMs, and attention through the 16-bit peak) scale with the derated peak; the
    matmul efficiency and the HBM bandwidth are those of the part (a power cap lowers the SM clock)."""
    gt, sxm = catalog.gpu("h100-gt-96gb-500w"), catalog.gpu("h100-sxm-80gb")
    node = catalog.default_node("h100-gt-96gb-500w")
    r_gt = hardware_rates(gt, node, 8, "fp8-mixed")
    r_sxm = hardware_rates(sxm, node, 8, "fp8-mixed")
    assert r_gt.peak_flops / r_sxm.peak_flops == pytest.approx(1773.0 / 1978.9, rel=1e-3)
    assert r_gt.attention_peak_flops / r_sxm.attention_peak_flops == pytest.approx(886.5 / 989.4, rel=1e-3)
    assert r_gt.gemm_efficiency == r_sxm.gemm_efficiency
    assert r_gt.hbm_bytes_per_s == 2400e9
