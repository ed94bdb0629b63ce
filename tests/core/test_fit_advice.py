"""core.fit_advice: concrete changes that make a workload fit, each re-estimated through the engine."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.engine import estimate
from gpuplanner.core.fit_advice import KINDS, fit_changes
from gpuplanner.core.scenario import Parallel
from gpuplanner.core.scenario_io import read_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return load_catalog()


@pytest.fixture(scope="module")
def stuck():  # type: ignore[no-untyped-def]
    """QLoRA 8B on one RTX 4090 without recompute and a given layout: does not fit (issue #16 item 1)."""
    s = read_scenario(EXAMPLES / "llama-3.1-8b-qlora-rtx4090.gpuplan.toml")
    return replace(s, workload=replace(s.workload, recompute="none"), parallel=Parallel(tp=1, pp=1, cp=1, zero=0))


def test_the_scenario_does_not_fit_as_given(stuck, catalog) -> None:  # type: ignore[no-untyped-def]
    assert not estimate(stuck, catalog, "rtx-4090").memory.fits


def test_every_change_fits_when_estimated_again(stuck, catalog) -> None:  # type: ignore[no-untyped-def]
    changes = fit_changes(stuck, catalog, "rtx-4090")
    assert changes
    for c in changes:
        assert c.kind in KINDS
        again = estimate(c.scenario, catalog, "rtx-4090")  # the change, applied, is a scenario that fits
        assert again.memory.fits and c.memory_bytes <= c.capacity_bytes
    kinds = [c.kind for c in changes]
    assert "recompute-full" in kinds or "recompute-auto" in kinds


def test_no_change_repeats_what_is_set(stuck, catalog) -> None:  # type: ignore[no-untyped-def]
    full = replace(stuck, workload=replace(stuck.workload, recompute="full", chunked_loss=True))
    kinds = [c.kind for c in fit_changes(full, catalog, "rtx-4090")]
    assert "recompute-full" not in kinds and "chunked-loss" not in kinds


def test_more_gpus_is_the_smallest_doubling_that_fits(catalog) -> None:  # type: ignore[no-untyped-def]
    s = read_scenario(EXAMPLES / "llama-3.1-70b-full-64xh100.gpuplan.toml")
    small = replace(s, hardware=replace(s.hardware, gpu_count=8), parallel=Parallel(tp=8, pp=1, cp=1, zero=3))
    assert not estimate(small, catalog, "h100-sxm-80gb").memory.fits
    more = [c for c in fit_changes(small, catalog, "h100-sxm-80gb") if c.kind == "more-gpus"]
    assert more
    n = more[0].value
    assert n is not None and n > 8 and more[0].scenario.hardware.gpu_count == n
    if n > 16:
        half = replace(small, hardware=replace(small.hardware, gpu_count=n // 2))
        assert not estimate(half, catalog, "h100-sxm-80gb").memory.fits


def test_inference_gets_no_training_advice(catalog) -> None:  # type: ignore[no-untyped-def]
    s = read_scenario(EXAMPLES / "mixtral-8x7b-inference-2xh100.gpuplan.toml")
    assert fit_changes(s, catalog, "h100-sxm-80gb") == ()


def test_stop_returns_early(stuck, catalog) -> None:  # type: ignore[no-untyped-def]
    assert fit_changes(stuck, catalog, "rtx-4090", stop=lambda: True) == ()
