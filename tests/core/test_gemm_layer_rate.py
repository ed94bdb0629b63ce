"""Blackwell layer GEMM rate (core/gemm_layer_rate.py): the model passes through TE's measured B300 layer."""

from gpuplanner.core.gemm_layer_rate import (
    B300_MAMF_TFLOPS,
    GUIDE_B300_SECONDS,
    GUIDE_LAYER_FLOPS,
    GUIDE_WIDTH,
    layer_gemm_relative,
)


def test_model_reproduces_the_measured_b300_layer() -> None:
    tile = GUIDE_WIDTH / (GUIDE_WIDTH + 128.0)
    for dtype, fp8 in (("fp8", True), ("bf16", False)):
        model_rate = B300_MAMF_TFLOPS[dtype] * 1e12 * tile * layer_gemm_relative("Blackwell Ultra", fp8=fp8)
        assert abs(GUIDE_LAYER_FLOPS / model_rate - GUIDE_B300_SECONDS[dtype]) < 1e-9


def test_only_data_center_blackwell() -> None:
    assert layer_gemm_relative("Blackwell (2 dies)", fp8=True) < 0.9
    assert layer_gemm_relative("Blackwell (Grace Blackwell superchip)", fp8=False) < 0.9
    for arch in ("Hopper (GH100)", "Ampere (GA100)", "Blackwell (GB202)", ""):
        assert layer_gemm_relative(arch, fp8=True) == 1.0


def test_b200_and_gb200_8b_runs_within_8_percent() -> None:
    """At the MAMF rate these Megatron-Bridge runs were +12.3% / +12.8% too fast; with the layer rate +4.2/+4.7%."""
    import json

    from gpuplanner.core.engine import estimate
    from tests.validation.test_throughput_regimes import CATALOG, DATA, _scenario

    cases = {c["id"]: c for c in json.loads(DATA.read_text())["cases"]}
    for cid in ("mb_b200_8b_fp8_8", "mb_gb200_8b_fp8_8"):
        case = cases[cid]
        est = estimate(_scenario(case), CATALOG).time.tokens_per_second / case["gpu_count"]
        assert abs(est / case["measured"]["tokens_per_second_per_gpu"] - 1.0) < 0.08, cid
