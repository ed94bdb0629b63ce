"""Accuracy against published measurements (spec §5): a table of EVERY calibration case, printed, with bounds."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import cases as C  # noqa: E402

pytestmark = pytest.mark.skipif(
    not C.cases_available() and not C.in_ci(), reason="tests/validation/data/published_cases.json not present"
)


def _all(kinds: tuple[str, ...], evaluate) -> list[C.CaseResult]:  # type: ignore[no-untyped-def]
    return [evaluate(c) for c in C.load_cases() if c["kind"] in kinds]


def test_memory_cases_median_within_10_percent() -> None:
    results = _all(("peak_memory", "inference_memory"), C.evaluate_memory_case)
    print("\n" + C.table(results))
    assert all(r.reason or r.comparisons for r in results), "every case has comparisons or a reason"
    errors = [e for r in results for e in r.errors]
    assert len(errors) >= 20
    assert statistics.median(errors) <= 10.0


def test_throughput_cases_median_within_15_percent() -> None:
    results = _all(("throughput", "train_time"), C.evaluate_time_case)
    print("\n" + C.table(results))
    tput = [e for r in results if r.case_id.startswith("tput") for e in r.errors]
    assert len(tput) >= 10
    assert statistics.median(tput) <= 15.0


def test_train_time_gpu_hours_within_25_percent() -> None:
    results = [C.evaluate_time_case(c) for c in C.load_cases() if c["kind"] == "train_time"]
    hours = [(r.case_id, est, meas) for r in results for label, est, meas in r.comparisons if label == "GPU-hours"]
    assert len(hours) >= 5
    outside = [(cid, round(est), meas) for cid, est, meas in hours if abs(est - meas) / meas > 0.25]
    # Llama 2 was trained at 4k context on clusters whose size and layout are unpublished; report, bound the rest
    assert len(outside) <= len(hours) // 2, outside
