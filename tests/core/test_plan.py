"""core.plan: one Plan with candidates, sweep, deadline answers, Pareto set and recommendation (spec §3, §4.5)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gpuplanner.core.deadline import smallest_count
from gpuplanner.core.engine import estimate, load_checked
from gpuplanner.core.plan import SWEEP_COLUMNS, Cancelled, pareto_front, plan, sweep_counts
from gpuplanner.core.scenario_io import parse_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def pretrain_70b(deadline_days: float | None = 30.0, candidates: list[str] | None = None):  # type: ignore[no-untyped-def]
    wl = {"method": "pretrain", "seq_len": 8192, "tokens": 1.4e12}
    if deadline_days is not None:
        wl["deadline_days"] = deadline_days
    hw = {"gpu": "h100-sxm-80gb", "gpu_count": 64}
    if candidates:
        hw["candidates"] = candidates
    return parse_scenario(
        {"schema": 1, "name": "70B", "model": {"preset": "llama-3.1-70b"}, "workload": wl, "hardware": hw}
    )


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    from gpuplanner.core.catalog import load_catalog

    return load_catalog()


def test_deadline_answer_is_the_planners_and_sits_in_the_sweep(catalog) -> None:  # type: ignore[no-untyped-def]
    s = pretrain_70b(30.0)
    p = plan(s, catalog)
    answer = p.deadline["h100-sxm-80gb"]
    direct = smallest_count(s, catalog, "h100-sxm-80gb", 30.0)
    assert answer.gpu_count == direct.gpu_count and answer.gpu_count is not None
    assert answer.wall_seconds is not None and answer.wall_seconds <= 30 * 86400
    counts = [r.gpu_count for r in p.sweep_for("h100-sxm-80gb")]
    assert answer.gpu_count in counts
    assert max(counts) >= 16_384  # not capped at 1,024
    assert p.recommendation.kind == "deadline" and p.recommendation.gpu_count == answer.gpu_count


def test_sweep_rows_agree_with_single_estimates(catalog) -> None:  # type: ignore[no-untyped-def]
    s = pretrain_70b(None)
    p = plan(s, catalog)
    for row in p.sweep_for("h100-sxm-80gb")[::4]:
        e = estimate(replace(s, hardware=replace(s.hardware, gpu_count=row.gpu_count)), catalog)
        assert row.wall_seconds == pytest.approx(e.time.wall_seconds)
        assert row.memory_total == pytest.approx(e.memory.total)
        assert row.fits == e.memory.fits
    frame = p.to_frame()
    assert tuple(frame.columns) == SWEEP_COLUMNS
    assert len(frame) == len(p.sweep)


def test_pareto_rows_are_not_dominated(catalog) -> None:  # type: ignore[no-untyped-def]
    p = plan(pretrain_70b(None, ["h100-sxm-80gb", "a100-sxm-80gb", "h200-sxm-141gb"]), catalog)
    front = pareto_front(p.sweep)
    assert front == p.pareto and front
    for a in front:
        for b in p.sweep:
            if b.fits and b.wall_seconds is not None and b.job_cloud_on_demand is not None:
                assert not (
                    b.wall_seconds < a.wall_seconds and b.job_cloud_on_demand < (a.job_cloud_on_demand or 1e300)
                )


def test_recommendation_of_a_workload_that_fits_nowhere_names_the_closest(catalog) -> None:  # type: ignore[no-untyped-def]
    s = pretrain_70b(None)
    s = replace(s, hardware=replace(s.hardware, gpu_count=1), parallel=replace(s.parallel, zero=0))
    p = plan(s, catalog, sweep=False)
    assert p.recommendation.kind == "closest"
    assert p.recommendation.shortfall_bytes and p.recommendation.shortfall_bytes > 0


def test_every_example_plans_and_the_primary_is_the_scenarios_estimate(catalog) -> None:  # type: ignore[no-untyped-def]
    for path in sorted(EXAMPLES.glob("*.gpuplan.toml")):
        s, cat = load_checked(str(path))
        p = plan(s, cat)
        assert p.primary is not None and p.primary.estimate is not None
        assert p.primary.estimate.memory.total == pytest.approx(estimate(s, cat).memory.total)
        assert p.recommendation.reason


def test_stop_cancels(catalog) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(Cancelled):
        plan(pretrain_70b(30.0), catalog, stop=lambda: True)


def test_sweep_counts_step_in_whole_nodes_and_keep_the_scenarios_count() -> None:
    s = pretrain_70b(None)
    counts = sweep_counts(s, 8, extra=(640,))
    assert counts[:4] == (1, 2, 4, 8) and 64 in counts and 640 in counts
    assert all(c % 8 == 0 for c in counts if c >= 8)
