"""`deadline.smallest_counts` (a Plan's GPU types searched in lockstep, their layout searches sharing memory
calls) gives each GPU type the answer of its own `smallest_count`, and stops when asked to."""

from __future__ import annotations

import pytest

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.deadline import smallest_count, smallest_counts
from gpuplanner.core.plan import Cancelled
from gpuplanner.core.planner import CountMemo, MemoryMemo
from gpuplanner.core.scenario_io import parse_scenario

CATALOG = load_catalog(use_user_layer=False)
GPUS = ("h100-sxm-80gb", "a100-sxm-40gb", "l40s", "mi300x")


def _scenario(days: float):  # type: ignore[no-untyped-def]
    return parse_scenario(
        {
            "schema": 1,
            "name": "8B deadline",
            "model": {"preset": "llama-3.1-8b"},
            "workload": {"method": "pretrain", "seq_len": 8192, "tokens": 1e12, "deadline_days": days},
            "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 8, "candidates": list(GPUS)},
        }
    )


@pytest.mark.parametrize("days", [30.0, 2.0, 1e-4])
def test_lockstep_answers_are_each_search_alone(days: float) -> None:
    s = _scenario(days)
    shared = MemoryMemo()
    together = smallest_counts(s, CATALOG, days, {}, {g: CountMemo(g, shared) for g in GPUS})
    assert list(together) == list(GPUS)
    for g in GPUS:
        assert together[g] == smallest_count(s, CATALOG, g, days), g


def test_lockstep_stops_when_asked() -> None:
    s = _scenario(2.0)
    steps: list[int] = []

    def between() -> None:
        steps.append(1)
        if len(steps) == 3:
            raise Cancelled

    shared = MemoryMemo()
    with pytest.raises(Cancelled):
        smallest_counts(s, CATALOG, 2.0, {}, {g: CountMemo(g, shared) for g in GPUS}, between=between)


def test_a_pinned_layout_says_how_many_gpus_its_global_batch_allows() -> None:
    """With tp given and a global batch of 256 sequences at micro-batch 1, no more than 256 × 8 GPUs can work: the
    reason says so instead of only naming the search's ceiling (a user who copied an example's [parallel] block)."""
    from gpuplanner.core.catalog import load_catalog
    from gpuplanner.core.deadline import smallest_count
    from gpuplanner.core.scenario_io import parse_scenario

    s = parse_scenario(
        {
            "schema": 1,
            "model": {"preset": "llama-3.1-70b"},
            "workload": {
                "method": "pretrain",
                "seq_len": 8192,
                "micro_batch": 1,
                "global_batch": 256,
                "tokens": 1.4e12,
                "precision": "bf16-master",
            },
            "hardware": {"gpu": "a100-sxm-80gb", "gpu_count": 64},
            "parallel": {"tp": 8, "zero": 3},
        }
    )
    r = smallest_count(s, load_catalog(use_user_layer=False), "a100-sxm-80gb", 5.0)
    assert r.gpu_count is None and r.reason is not None
    assert "global batch 256" in r.reason and "at most 2,048 GPUs" in r.reason and "tp 8" in r.reason
