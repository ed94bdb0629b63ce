"""core.plan with the 80% bands (issue #19): sweep rows carry the estimate's bands and fit probability, and the
recommendation prefers configurations that fit with high probability (spec §4.3 fit_probability)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gpuplanner.core.engine import estimate
from gpuplanner.core.plan import FIT_SURE_PROBABILITY, Candidate, plan, recommend
from gpuplanner.core.scenario_io import parse_scenario


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    from gpuplanner.core.catalog import load_catalog

    return load_catalog()


def pretrain_70b(deadline_days: float | None = None):  # type: ignore[no-untyped-def]
    wl: dict[str, object] = {"method": "pretrain", "seq_len": 8192, "tokens": 1.4e12}
    if deadline_days is not None:
        wl["deadline_days"] = deadline_days
    hw = {"gpu": "h100-sxm-80gb", "gpu_count": 64, "candidates": ["h100-sxm-80gb", "a100-sxm-80gb"]}
    return parse_scenario(
        {"schema": 1, "name": "70B", "model": {"preset": "llama-3.1-70b"}, "workload": wl, "hardware": hw}
    )


def test_sweep_rows_carry_bands_that_hold_the_point_estimate(catalog) -> None:  # type: ignore[no-untyped-def]
    p = plan(pretrain_70b(30.0), catalog)
    assert p.sweep
    for r in p.sweep:
        assert r.fit_probability is not None and 0.0 <= r.fit_probability <= 1.0
        assert r.memory_total_band is not None and r.memory_total is not None
        assert r.memory_total_band.low <= r.memory_total <= r.memory_total_band.high
        if r.wall_seconds is not None:
            assert r.wall_seconds_band is not None
            assert r.wall_seconds_band.low <= r.wall_seconds <= r.wall_seconds_band.high
        if r.job_cloud_on_demand is not None:
            assert r.job_cloud_on_demand_band is not None
            assert r.job_cloud_on_demand_band.low <= r.job_cloud_on_demand <= r.job_cloud_on_demand_band.high
    # the primary's row is the candidate's own estimate
    e = p.primary.estimate if p.primary else None
    assert e is not None and e.bands is not None
    row = next(r for r in p.sweep_for("h100-sxm-80gb") if r.gpu_count == 64)
    assert row.fit_probability == e.bands.fit_probability
    for d in p.deadline.values():
        if d.gpu_count is not None:
            at = next(r for r in p.sweep_for(d.gpu) if r.gpu_count == d.gpu_count)
            assert d.fit_probability == at.fit_probability


def _with_probability(c: Candidate, probability: float) -> Candidate:
    e = c.estimate
    assert e is not None and e.bands is not None
    return replace(c, estimate=replace(e, bands=replace(e.bands, fit_probability=probability)))


def test_recommendation_prefers_a_sure_fit_over_a_cheaper_gamble(catalog) -> None:  # type: ignore[no-untyped-def]
    s = pretrain_70b()
    real = tuple(Candidate(g, g, estimate(s, catalog, g)) for g in s.hardware.compared_gpus)
    assert all(c.fits for c in real)
    cands = tuple(_with_probability(c, 0.99) for c in real)
    cheapest = recommend(s, cands, {})
    assert cheapest.kind == "cheapest" and cheapest.unsure is False
    other = next(c.gpu for c in cands if c.gpu != cheapest.gpu)
    # the cheaper configuration now fits only on its point estimate: the other one, which fits surely, wins
    gamble = tuple(_with_probability(c, 0.5) if c.gpu == cheapest.gpu else c for c in cands)
    assert FIT_SURE_PROBABILITY > 0.5
    rec = recommend(s, gamble, {})
    assert rec.gpu == other and rec.unsure is False
    # when nothing fits surely, the cheapest still wins, and the reason says how likely it is to fit
    both = tuple(_with_probability(c, 0.5) for c in cands)
    rec = recommend(s, both, {})
    assert rec.gpu == cheapest.gpu and rec.unsure is True
    assert "only 50% likely to fit" in rec.reason
