"""The recommendation's reason (core.plan.recommend) names GPUs by their catalog display names, as the app and
the workbook do, while `Recommendation.gpu` stays the catalog id; the verb agrees with the GPU count. Real
engine, real catalog."""

from __future__ import annotations

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.plan import plan
from gpuplanner.core.scenario_io import parse_scenario


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return load_catalog()


def _scenario(gpu_count: int, deadline_days: float | None = None, params_preset: str = "llama-3.1-8b"):  # type: ignore[no-untyped-def]
    wl: dict[str, object] = {"method": "pretrain", "seq_len": 4096, "tokens": 2e10}
    if deadline_days is not None:
        wl["deadline_days"] = deadline_days
    hw = {"gpu": "h100-sxm-80gb", "gpu_count": gpu_count, "candidates": ["h100-sxm-80gb", "mi300x"]}
    return parse_scenario(
        {"schema": 1, "name": "reason", "model": {"preset": params_preset}, "workload": wl, "hardware": hw}
    )


def test_reason_uses_display_names_and_keeps_the_id(catalog) -> None:  # type: ignore[no-untyped-def]
    rec = plan(_scenario(64), catalog, sweep=False).recommendation
    assert rec.gpu in ("h100-sxm-80gb", "mi300x")
    name = catalog.gpu(rec.gpu).name
    assert rec.reason.startswith(f"64 × {name} fit and run "), rec.reason
    assert rec.gpu not in rec.reason


def test_one_gpu_reads_in_the_singular(catalog) -> None:  # type: ignore[no-untyped-def]
    rec = plan(_scenario(1, params_preset="llama-3.2-1b"), catalog, sweep=False).recommendation
    assert rec.kind == "cheapest", rec.reason
    assert rec.reason.startswith(f"1 × {catalog.gpu(rec.gpu).name} fits and runs "), rec.reason


def test_deadline_reason_uses_display_names(catalog) -> None:  # type: ignore[no-untyped-def]
    rec = plan(_scenario(8, deadline_days=30.0), catalog).recommendation
    assert rec.kind in ("deadline", "none"), rec.reason
    if rec.kind == "deadline":
        assert rec.gpu is not None and rec.gpu_count is not None
        assert f"{rec.gpu_count:,} × {catalog.gpu(rec.gpu).name} meet" in rec.reason, rec.reason
    for gpu in ("h100-sxm-80gb", "mi300x"):
        assert f"{gpu}:" not in rec.reason and f"× {gpu} " not in rec.reason
