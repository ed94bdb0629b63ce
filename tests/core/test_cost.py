"""Cost model (spec §4.3.1): hand-worked cases, invariants, bad inputs, the real catalog."""

from __future__ import annotations

import math
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuplanner.core import cost_analysis as ca
from gpuplanner.core.catalog import DEFAULT_SITE, load_catalog
from gpuplanner.core.cost import (
    SPEC_FIELDS,
    breakeven_utilization,
    capex,
    cloud_on_demand,
    cloud_reserved,
    cloud_spot,
    energy,
    energy_in_year,
    estimate_cost,
    onprem_tco,
    per_million_tokens,
    year_weight,
)
from gpuplanner.core.cost_inputs import CostInputs, resolve_cost_inputs
from gpuplanner.core.errors import InputError
from gpuplanner.core.scenario import CostSettings


def h100_node(**changes: object) -> CostInputs:
    """One 8× H100 node, 3 years, 70 % utilization, every number explicit (no catalog)."""
    values: dict[str, object] = dict(
        gpu_count=8,
        gpus_per_node=8,
        node_power_idle_kw=2.0,
        node_power_full_kw=10.2,
        horizon_years=3.0,
        utilization=0.7,
        currency="USD",
        usd_to_krw=1400.0,
        cloud_usd_per_gpu_hour=3.90,
        reserved_1y_usd_per_gpu_hour=2.50,
        reserved_3y_usd_per_gpu_hour=2.00,
        spot_usd_per_gpu_hour=2.25,
        spot_lost_fraction=0.1,
        node_price_usd=300_000.0,
        network_usd_per_node=30_000.0,
        install_usd_per_node=5_000.0,
        import_tax_fraction=0.0,
        electricity_usd_per_kwh=0.08,
        electricity_escalation_per_year=0.0,
        pue=1.5,
        colocation_usd_per_kw_month=184.0,
        support_fraction_per_year=0.1,
        staff_usd_per_year=20_000.0,
        software_usd_per_year=5_000.0,
        discount_rate=0.08,
        depreciation_years=5.0,
    )
    values.update(changes)
    return CostInputs(**values)  # type: ignore[arg-type]


approx = pytest.approx


# ---------------------------------------------------------------------------------------------------------
# Hand-worked case


def test_hand_worked_h100_node_three_years_70_percent() -> None:
    est = estimate_cost(h100_node(), tokens_per_second=100_000.0, gpu_hours=1_000.0)
    # H = 8760 × 3
    assert est.hours == 26_280
    # nodes = ceil(8 / 8)
    assert est.nodes == 1
    # capex = 1 × (300,000 + 30,000 + 5,000) × (1 + 0)
    assert est.onprem_capex == approx(335_000.0)
    # residual = 335,000 × max(0, 1 − 3/5) = 335,000 × 0.4
    assert est.residual == approx(134_000.0)
    # power_kw = 1 × (2.0 + 0.7 × (10.2 − 2.0)) = 2.0 + 5.74
    assert est.power_kw == approx(7.74)
    # energy = 7.74 × 1.5 × 8760 × (0.08 + 0.08 + 0.08) = 8,136.288 × 3
    assert est.energy == approx(24_408.864)
    # colocation = 1 × 10.2 × 12 × 3 × 184
    assert est.colocation == approx(67_564.8)
    # support = 0.1 × 335,000 × 3
    assert est.support == approx(100_500.0)
    # (staff + software) × Y = (20,000 + 5,000) × 3
    assert est.staff_software == approx(75_000.0)
    # onprem_tco = 335,000 − 134,000 + 24,408.864 + 67,564.8 + 100,500 + 75,000
    assert est.onprem_tco == approx(468_473.664)
    # cloud_on_demand = 8 × 26,280 × 0.7 × 3.90 = 147,168 used GPU-hours × 3.90
    assert est.cloud_on_demand == approx(573_955.2)
    # reserved = 8 × 26,280 × price (every hour): 210,240 × 2.50 and × 2.00
    assert est.cloud_reserved_1y == approx(525_600.0)
    assert est.cloud_reserved_3y == approx(420_480.0)
    # spot = 147,168 × 2.25 / (1 − 0.1)
    assert est.cloud_spot == approx(367_920.0)
    # break-even: onprem(u) = a + b·u, cloud(u) = c·u
    #   a = 335,000 − 134,000 + (2.0 × 1.5 × 8760 × 0.08 × 3 = 6,307.2) + 67,564.8 + 100,500 + 75,000
    #     = 450,372
    #   b = 8.2 × 1.5 × 8760 × 0.08 × 3 = 25,859.52;  c = 210,240 × 3.90 = 819,936
    #   u* = 450,372 / (819,936 − 25,859.52)
    assert est.breakeven_utilization == approx(450_372 / (819_936 - 25_859.52))
    assert est.breakeven_utilization == approx(0.5671645, abs=1e-7)
    # per_million_tokens = 468,473.664 / (100,000 × 3600 × 26,280 × 0.7) × 1e6
    assert est.per_million_tokens == approx(468_473.664 / (1e5 * 3600 * 26_280 * 0.7) * 1e6)
    # job_cloud_on_demand = 1,000 GPU-hours × 3.90
    assert est.job_cloud_on_demand == approx(3_900.0)
    assert set(est.spec_fields()) == set(SPEC_FIELDS)


def test_hand_worked_cash_flows_npv_irr_payback() -> None:
    est = estimate_cost(h100_node(), tokens_per_second=None, gpu_hours=None)
    cf = est.cash_flows
    assert cf.years == (0, 1, 2, 3, 4, 5)  # max(5, ceil(5 years depreciation), ceil(3))
    assert cf.weights == (0.0, 1.0, 1.0, 1.0, 0.0, 0.0)
    # opex per year = 8,136.288 energy + (10.2 × 12 × 184 = 22,521.6) colocation + 33,500 support
    #                 + 25,000 staff and software
    opex = 8_136.288 + 22_521.6 + 33_500 + 25_000
    assert opex == approx(89_157.888)
    assert cf.own == approx((335_000, opex, opex, opex - 134_000, 0, 0))
    assert cf.rent == approx((0, 191_318.4, 191_318.4, 191_318.4, 0, 0))  # 8 × 8760 × 0.7 × 3.90
    assert sum(cf.own) == approx(est.onprem_tco)
    assert sum(cf.rent) == approx(est.cloud_on_demand)
    # PV at 8 %: year 0 undiscounted (Excel: NPV(r, yr1:yrN) + yr0)
    pv_own = 335_000 + opex / 1.08 + opex / 1.08**2 + (opex - 134_000) / 1.08**3
    pv_rent = 191_318.4 * (1 / 1.08 + 1 / 1.08**2 + 1 / 1.08**3)
    assert est.pv_own == approx(pv_own)
    assert est.pv_rent == approx(pv_rent)
    assert est.npv_own_minus_rent == approx(pv_own - pv_rent)
    # EAC = PV(own) × r / (1 − (1 + r)^−Y)
    assert est.equivalent_annual_cost == approx(pv_own * 0.08 / (1 - 1.08**-3))
    # IRR of buying instead of renting: flows −335,000, +102,160.512, +102,160.512, +236,160.512
    inc = est.cash_flows.incremental
    assert inc is not None
    assert inc[:4] == approx((-335_000, 102_160.512, 102_160.512, 236_160.512))
    assert est.irr is not None and ca.npv(est.irr, inc) == approx(0, abs=1e-6)
    assert est.irr == approx(0.1286, abs=1e-4)
    # payback: cumulative after year 2 = −335,000 + 2 × 102,160.512 = −130,678.976
    #          → 2 + 130,678.976 / 236,160.512 years
    assert est.payback_years == approx(2 + 130_678.976 / 236_160.512)
    # crossover: owning only catches up when the residual comes back at the end of month 36
    assert est.crossover_month == 36


def test_crossover_month_at_full_utilization() -> None:
    inp = h100_node(utilization=1.0)
    # per month: rent = 8 × 8760 × 3.90 / 12 = 22,776
    #            own  = (10.2 × 1.5 × 8760 × 0.08 + 22,521.6 + 33,500 + 25,000) / 12
    own_month = (10.2 * 1.5 * 8760 * 0.08 + 22_521.6 + 33_500 + 25_000) / 12
    rent_month = 8 * 8760 * 3.90 / 12
    expected = math.ceil(335_000 / (rent_month - own_month))  # first m with 335,000 + m·own ≤ m·rent
    assert expected == 23
    assert ca.crossover_month(inp) == expected


def test_irr_and_payback_simple_flows() -> None:
    assert ca.irr([-100.0, 110.0]) == approx(0.10)
    assert ca.irr([-100.0, 60.0, 60.0]) == approx(0.130662, abs=1e-6)
    # loses money: −100 + 10x + 10x² = 0 with x = 1/(1 + r) → x = (−1 + √41) / 2, a negative IRR
    assert ca.irr([-100.0, 10.0, 10.0]) == approx(2 / (-1 + 41**0.5) - 1)
    assert ca.irr([100.0, 10.0]) is None  # no sign change
    assert ca.irr([0.0, 0.0]) is None
    assert ca.payback_years([-100.0, 60.0, 60.0]) == approx(1 + 40 / 60)
    assert ca.payback_years([-100.0, 10.0, 10.0]) is None
    assert ca.payback_years([0.0, 5.0]) == 0.0


def test_electricity_escalation_per_year() -> None:
    inp = h100_node(electricity_escalation_per_year=0.05)
    first = 7.74 * 1.5 * 8760 * 0.08
    assert energy_in_year(inp, 1) == approx(first)
    assert energy_in_year(inp, 3) == approx(first * 1.05**2)
    # energy = power_kw × pue × 8760 × Σ_{y=1..3} 0.08 × 1.05^(y−1)
    assert energy(inp) == approx(first * (1 + 1.05 + 1.05**2))
    assert sum(ca.cash_flows(inp).energy or ()) == approx(energy(inp))


def test_fractional_horizon_weights_the_last_year() -> None:
    inp = h100_node(horizon_years=2.5)
    assert [year_weight(2.5, y) for y in (1, 2, 3, 4)] == [1.0, 1.0, 0.5, 0.0]
    assert energy(inp) == approx(8_136.288 * 2.5)
    cf = ca.cash_flows(inp)
    assert cf.residual == approx((0, 0, 0, 335_000 * 0.5, 0, 0))  # 1 − 2.5/5, landing in year ceil(2.5) = 3
    assert sum(cf.own or ()) == approx(onprem_tco(inp))
    assert ca.crossover_month(inp) is not None


def test_year_columns_cover_depreciation_and_horizon() -> None:
    assert ca.cash_flows(h100_node(depreciation_years=7.0)).years[-1] == 7
    assert ca.cash_flows(h100_node(horizon_years=6.0)).years[-1] == 6
    assert ca.cash_flows(h100_node(depreciation_years=3.0)).years[-1] == 5
    # horizon past depreciation: nothing left
    assert ca.cash_flows(h100_node(horizon_years=5.0, depreciation_years=3.0)).residual == approx((0,) * 6)


def test_tco_by_horizon_one_three_five_years() -> None:
    est = estimate_cost(h100_node(), tokens_per_second=None, gpu_hours=None)
    by = {h.years: h for h in est.tco_by_horizon}
    assert set(by) == {1.0, 3.0, 5.0}
    assert by[3.0].onprem_tco == approx(est.onprem_tco)
    # 5 years: residual 0; opex × 5
    assert by[5.0].onprem_tco == approx(335_000 + 89_157.888 * 5)
    # 1 year: residual 335,000 × 0.8
    assert by[1.0].onprem_tco == approx(335_000 - 268_000 + 89_157.888)
    assert by[5.0].cloud_on_demand == approx(8 * 8760 * 5 * 0.7 * 3.90)


def test_tornado_sorted_by_swing_with_hand_checked_bar() -> None:
    est = estimate_cost(h100_node(), tokens_per_second=None, gpu_hours=None)
    assert est.tornado_base == approx(468_473.664 - 573_955.2)
    swings = [b.swing for b in est.tornado]
    assert swings == sorted(swings, reverse=True)
    bars = {b.input: b for b in est.tornado}
    # node price ±60,000 moves capex; tco moves by Δ × (1 − 0.4 residual + 0.1 × 3 support) = Δ × 0.9
    assert bars["node_price_usd"].low == approx(est.tornado_base - 54_000)
    assert bars["node_price_usd"].high == approx(est.tornado_base + 54_000)
    # on-demand price ±20 %: cloud moves by ±114,791.04
    assert bars["cloud_usd_per_gpu_hour"].low == approx(est.tornado_base + 0.2 * 573_955.2)
    assert bars["electricity_escalation_per_year"].swing == 0  # 0 × 1.2 = 0
    assert "discount_rate" not in bars
    low, high = ca.tornado_values(h100_node(utilization=0.9), "utilization") or (0, 0)
    assert (low, high) == approx((0.72, 1.0))  # clamped at 1
    assert ca.tornado_values(h100_node(pue=1.1), "pue") == approx((1.0, 1.32))


def test_utilization_curve_has_101_points() -> None:
    est = estimate_cost(h100_node(), tokens_per_second=None, gpu_hours=None)
    curve = est.utilization_curve
    assert len(curve) == 101 and curve[0].utilization == 0 and curve[-1].utilization == 1
    assert curve[0].onprem_per_used_gpu_hour is None
    assert curve[0].reserved_1y_per_used_gpu_hour is None
    assert curve[70].onprem_tco == approx(est.onprem_tco)
    assert curve[70].onprem_per_used_gpu_hour == approx(468_473.664 / (8 * 26_280 * 0.7))
    assert curve[50].on_demand_per_used_gpu_hour == approx(3.90)
    assert curve[50].spot_per_used_gpu_hour == approx(2.25 / 0.9)
    assert curve[50].reserved_3y_per_used_gpu_hour == approx(2.00 / 0.5)
    for p in curve:
        assert p.onprem_tco == approx(onprem_tco(h100_node(), p.utilization))


# ---------------------------------------------------------------------------------------------------------
# Invariants


def test_krw_is_usd_times_rate() -> None:
    usd = estimate_cost(h100_node(), tokens_per_second=1e5, gpu_hours=500.0)
    krw = estimate_cost(h100_node(currency="KRW", usd_to_krw=1_380.0), tokens_per_second=1e5, gpu_hours=500.0)
    assert krw.currency == "KRW" and krw.rate == 1_380.0
    for name in (
        "cloud_on_demand",
        "cloud_reserved_1y",
        "cloud_reserved_3y",
        "cloud_spot",
        "onprem_capex",
        "onprem_tco",
        "per_million_tokens",
        "job_cloud_on_demand",
        "residual",
        "energy",
        "colocation",
        "support",
        "staff_software",
        "pv_own",
        "pv_rent",
        "npv_own_minus_rent",
        "equivalent_annual_cost",
        "tornado_base",
    ):
        assert getattr(krw, name) == approx(getattr(usd, name) * 1_380.0), name
    for name in ("breakeven_utilization", "irr", "payback_years", "crossover_month", "power_kw", "hours"):
        assert getattr(krw, name) == approx(getattr(usd, name)), name
    assert krw.cash_flows.own == approx([v * 1_380.0 for v in usd.cash_flows.own or ()])
    assert krw.utilization_curve[40].onprem_per_used_gpu_hour == approx(
        (usd.utilization_curve[40].onprem_per_used_gpu_hour or 0) * 1_380.0
    )
    assert krw.tornado[0].low == approx(usd.tornado[0].low * 1_380.0)
    assert krw.tco_by_horizon[2].onprem_tco == approx((usd.tco_by_horizon[2].onprem_tco or 0) * 1_380.0)


def test_npv_at_zero_rate_is_the_undiscounted_sum() -> None:
    est = estimate_cost(h100_node(discount_rate=0.0), tokens_per_second=None, gpu_hours=None)
    assert est.npv_own_minus_rent == approx(est.onprem_tco - est.cloud_on_demand)  # type: ignore[operator]
    assert est.pv_own == approx(est.onprem_tco)
    assert est.equivalent_annual_cost == approx(est.onprem_tco / 3)  # type: ignore[operator]


def test_unknown_prices_give_none_not_zero() -> None:
    inp = h100_node(spot_usd_per_gpu_hour=None, node_price_usd=None)
    est = estimate_cost(inp, tokens_per_second=1e5, gpu_hours=10.0)
    assert est.cloud_spot is None
    assert est.onprem_capex is None and est.onprem_tco is None and est.breakeven_utilization is None
    assert est.per_million_tokens is None and est.residual is None and est.support is None
    assert est.cash_flows.own is None and est.npv_own_minus_rent is None and est.irr is None
    assert est.payback_years is None and est.crossover_month is None and est.tornado == ()
    assert est.cloud_on_demand == approx(573_955.2)  # what is known is still there
    assert est.job_cloud_on_demand == approx(39.0)
    point = est.utilization_curve[10]
    assert point.onprem_tco is None and point.spot_per_used_gpu_hour is None
    none_od = estimate_cost(h100_node(cloud_usd_per_gpu_hour=None), tokens_per_second=None, gpu_hours=10.0)
    assert none_od.cloud_on_demand is None and none_od.job_cloud_on_demand is None
    assert none_od.breakeven_utilization is None and none_od.cash_flows.rent is None
    assert none_od.onprem_tco == approx(468_473.664)
    assert none_od.per_million_tokens is None  # no tokens_per_second


def test_breakeven_none_when_owning_never_pays() -> None:
    assert breakeven_utilization(h100_node(cloud_usd_per_gpu_hour=0.5)) is None  # needs u > 1
    assert breakeven_utilization(h100_node(cloud_usd_per_gpu_hour=0.0)) is None  # cloud is free
    assert (
        breakeven_utilization(
            h100_node(
                node_price_usd=0.0,
                network_usd_per_node=0.0,
                install_usd_per_node=0.0,
                colocation_usd_per_kw_month=0.0,
                staff_usd_per_year=0.0,
                software_usd_per_year=0.0,
                node_power_idle_kw=0.0,
            )
        )
        == 0.0
    )


money = st.floats(min_value=0.0, max_value=1e6, allow_nan=False)
fraction = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


@st.composite
def cost_inputs(draw: st.DrawFn) -> CostInputs:
    idle = draw(st.floats(min_value=0.0, max_value=5.0))
    return h100_node(
        gpu_count=draw(st.integers(1, 1024)),
        gpus_per_node=draw(st.sampled_from([1, 4, 8])),
        node_power_idle_kw=idle,
        node_power_full_kw=idle + draw(st.floats(min_value=0.0, max_value=15.0)),
        horizon_years=draw(st.floats(min_value=0.25, max_value=8.0)),
        utilization=draw(fraction),
        cloud_usd_per_gpu_hour=draw(st.floats(min_value=0.0, max_value=20.0)),
        node_price_usd=draw(money),
        network_usd_per_node=draw(st.floats(0.0, 1e5)),
        electricity_usd_per_kwh=draw(st.floats(0.0, 0.5)),
        electricity_escalation_per_year=draw(st.floats(-0.1, 0.2)),
        pue=draw(st.floats(1.0, 2.0)),
        colocation_usd_per_kw_month=draw(st.floats(0.0, 400.0)),
        support_fraction_per_year=draw(st.floats(0.0, 0.3)),
        import_tax_fraction=draw(st.floats(0.0, 0.3)),
        discount_rate=draw(st.floats(0.0, 0.3)),
        depreciation_years=draw(st.floats(min_value=0.5, max_value=10.0)),
    )


@settings(max_examples=150, deadline=None)
@given(inp=cost_inputs(), u1=fraction, u2=fraction)
def test_property_utilization_shapes(inp: CostInputs, u1: float, u2: float) -> None:
    lo, hi = min(u1, u2), max(u1, u2)
    # on-demand linear in u (through 0); reserved independent of u; owning non-decreasing in u
    od1, od_hi = cloud_on_demand(inp, 1.0), cloud_on_demand(inp, hi)
    assert od1 is not None and od_hi == approx(hi * od1, rel=1e-12, abs=1e-6)
    assert cloud_on_demand(inp, 0.0) == 0
    assert cloud_reserved(inp, "1y") == cloud_reserved(inp.with_(utilization=hi), "1y")
    a, b = onprem_tco(inp, lo), onprem_tco(inp, hi)
    assert a is not None and b is not None and a <= b * (1 + 1e-12) + 1e-9
    spot = cloud_spot(inp, hi)
    assert spot is not None and spot >= (cloud_spot(inp, lo) or 0)


@settings(max_examples=150, deadline=None)
@given(inp=cost_inputs())
def test_property_breakeven_agrees_within_a_tenth_of_a_percent(inp: CostInputs) -> None:
    u = breakeven_utilization(inp)
    if u is None:
        return
    own, cloud = onprem_tco(inp, u), cloud_on_demand(inp, u)
    assert own is not None and cloud is not None
    assert own == approx(cloud, rel=1e-3, abs=1e-6)


@settings(max_examples=150, deadline=None)
@given(inp=cost_inputs())
def test_property_flows_sum_to_totals_and_npv_zero_rate(inp: CostInputs) -> None:
    cf = ca.cash_flows(inp)
    tco, cloud = onprem_tco(inp), cloud_on_demand(inp)
    assert tco is not None and cloud is not None
    assert sum(cf.own or ()) == approx(tco, rel=1e-9, abs=1e-6)
    assert sum(cf.rent or ()) == approx(cloud, rel=1e-9, abs=1e-6)
    _, _, diff = ca.present_values(inp.with_(discount_rate=0.0), cf)
    assert diff == approx(tco - cloud, rel=1e-9, abs=1e-6)
    rate = ca.irr(cf.incremental)
    if rate is not None:
        flows = cf.incremental or ()
        scale = sum(abs(v) for v in flows) or 1.0
        # the NPV is zero at the rate, or changes sign within a hair of it (near −99% the NPV is so steep that
        # the last representable rates still leave a large residual)
        step = 1e-9 * max(1.0, abs(rate))
        lo, hi = ca.npv(rate - step, flows), ca.npv(rate + step, flows)
        assert abs(ca.npv(rate, flows)) <= 1e-6 * scale or lo * hi <= 0


@settings(max_examples=60, deadline=None)
@given(inp=cost_inputs(), rate=st.floats(min_value=1.0, max_value=5_000.0))
def test_property_currency_is_a_pure_scale(inp: CostInputs, rate: float) -> None:
    usd = estimate_cost(inp, tokens_per_second=1e4, gpu_hours=100.0)
    krw = estimate_cost(inp.with_(currency="KRW", usd_to_krw=rate), tokens_per_second=1e4, gpu_hours=100.0)
    for name in SPEC_FIELDS:
        a, b = getattr(usd, name), getattr(krw, name)
        if name == "breakeven_utilization":
            assert a == b
        elif a is None:
            assert b is None
        else:
            assert b == approx(a * rate, rel=1e-9, abs=1e-6)


# ---------------------------------------------------------------------------------------------------------
# Bad inputs


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        ({"cloud_usd_per_gpu_hour": -1.0}, "cost.cloud_usd_per_gpu_hour", "negative"),
        ({"node_price_usd": -5.0}, "cost.node_price_usd", "negative"),
        ({"utilization": 1.2}, "cost.utilization", "from 0 to 1"),
        ({"utilization": -0.1}, "cost.utilization", "from 0 to 1"),
        ({"horizon_years": 0.0}, "cost.horizon_years", "more than 0"),
        ({"depreciation_years": 0.0}, "cost.depreciation_years", "more than 0"),
        ({"pue": 0.9}, "cost.pue", "at least 1"),
        ({"spot_lost_fraction": 1.0}, "cost.spot_lost_fraction", "fraction"),
        ({"support_fraction_per_year": 1.5}, "cost.support_fraction_per_year", "fraction"),
        ({"electricity_usd_per_kwh": math.nan}, "cost.electricity_usd_per_kwh", "finite"),
        ({"discount_rate": -1.0}, "cost.discount_rate", "more than -1"),
        ({"currency": "EUR"}, "cost.currency", "USD, KRW"),
        ({"currency": "KRW", "usd_to_krw": None}, "cost.usd_to_krw", "KRW"),
        ({"usd_to_krw": 0.0}, "cost.usd_to_krw", "more than 0"),
        ({"gpu_count": 0}, "hardware.gpu_count", "at least 1"),
        ({"gpus_per_node": 0}, "hardware.gpus_per_node", "at least 1"),
        ({"node_power_idle_kw": 12.0}, "hardware.node", "idle power"),
    ],
)
def test_bad_inputs_name_the_key(change: dict[str, object], key: str, words: str) -> None:
    with pytest.raises(InputError) as info:
        h100_node(**change)
    assert info.value.key == key
    assert words in str(info.value)
    assert str(info.value).startswith(key + ":")


# ---------------------------------------------------------------------------------------------------------
# The real catalog


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return load_catalog(use_user_layer=False)


GPU = "h100-sxm-80gb"


def test_resolve_from_the_real_catalog(catalog) -> None:  # type: ignore[no-untyped-def]
    inp = resolve_cost_inputs(CostSettings(), catalog, GPU, gpu_count=8, gpus_per_node=None, node_id=None)
    site = catalog.site(DEFAULT_SITE)
    node = catalog.default_node(GPU)
    assert inp.site == DEFAULT_SITE and inp.node == node.id
    for name in (
        "electricity_usd_per_kwh",
        "pue",
        "colocation_usd_per_kw_month",
        "support_fraction_per_year",
        "software_usd_per_year",
        "depreciation_years",
        "discount_rate",
        "usd_to_krw",
    ):
        assert getattr(inp, name) == getattr(site, name)
        assert inp.sources[name] == f"site {DEFAULT_SITE} (catalog)"
    # staff = the site's fixed part + nodes × its per-node part (1 node here)
    per_node = getattr(site, "staff_usd_per_node_year", None) or 0.0
    assert inp.staff_usd_per_year == approx(site.staff_usd_per_year + 1 * per_node)
    assert inp.sources["staff_usd_per_year"].startswith(f"site {DEFAULT_SITE} (catalog)")
    assert inp.gpus_per_node == node.gpus_per_node
    assert inp.node_power_full_kw == node.power_full_kw and inp.node_power_idle_kw == node.power_idle_kw
    assert inp.node_price_usd == node.price_usd
    tiers = (
        ("on_demand", "cloud_usd_per_gpu_hour"),
        ("reserved_1y", "reserved_1y_usd_per_gpu_hour"),
        ("reserved_3y", "reserved_3y_usd_per_gpu_hour"),
        ("spot", "spot_usd_per_gpu_hour"),
    )
    for tier, name in tiers:
        offer = catalog.default_offer(GPU, tier)
        if offer is None:
            assert getattr(inp, name) is None and inp.sources[name].startswith("not published")
        else:
            assert getattr(inp, name) == offer.usd_per_gpu_hour
            assert inp.sources[name] == f"offer {offer.id} {tier} (catalog)"
    assert inp.sources["utilization"].startswith("default") and inp.horizon_years == 3.0
    every = {f.name for f in fields(CostInputs)} - {"sources", "site", "node"}
    assert every <= set(inp.sources)
    est = estimate_cost(inp, tokens_per_second=1e5, gpu_hours=100.0)
    assert est.hours == 26_280 and est.nodes == 1
    for name in SPEC_FIELDS:  # a value or None (never NaN, never a made-up 0 for a missing price)
        v = getattr(est, name)
        assert v is None or math.isfinite(v)
    if inp.spot_usd_per_gpu_hour is None:
        assert est.cloud_spot is None
    if inp.node_price_usd is None:
        assert est.onprem_tco is None


def test_scenario_values_win_over_the_catalog(catalog) -> None:  # type: ignore[no-untyped-def]
    settings_ = CostSettings(
        site="us-colo",
        electricity_usd_per_kwh=0.12,
        pue=1.3,
        node_price_usd=310_000.0,
        network_usd_per_node=25_000.0,
        install_usd_per_node=4_000.0,
        cloud_usd_per_gpu_hour=3.5,
        spot_usd_per_gpu_hour=2.0,
        currency="KRW",
        usd_to_krw=1_350.0,
    )
    inp = resolve_cost_inputs(settings_, catalog, GPU, gpu_count=16, gpus_per_node=None, node_id=None)
    assert (inp.electricity_usd_per_kwh, inp.pue, inp.node_price_usd) == (0.12, 1.3, 310_000.0)
    assert inp.sources["pue"] == inp.sources["node_price_usd"] == "scenario"
    est = estimate_cost(inp, tokens_per_second=None, gpu_hours=None)
    assert est.currency == "KRW" and est.nodes == 2
    tco = onprem_tco(inp)
    assert tco is not None and est.onprem_tco == approx(tco * 1_350.0)
    assert capex(inp) == approx(2 * 339_000.0)
    assert est.cloud_spot == approx(16 * 26_280 * 0.7 * 2.0 / 0.9 * 1_350.0)
    assert per_million_tokens(inp, 1e5) == approx(tco / (1e5 * 3600 * 26_280 * 0.7) * 1e6)


def test_site_staff_scales_with_nodes_unless_the_scenario_sets_it(catalog) -> None:  # type: ignore[no-untyped-def]
    site = catalog.site(DEFAULT_SITE)
    per_node = getattr(site, "staff_usd_per_node_year", None) or 0.0
    inp = resolve_cost_inputs(CostSettings(), catalog, GPU, gpu_count=17, gpus_per_node=8, node_id=None)
    assert inp.staff_usd_per_year == approx(site.staff_usd_per_year + 3 * per_node)  # ceil(17 / 8) = 3 nodes
    given = resolve_cost_inputs(
        CostSettings(staff_usd_per_year=50_000.0), catalog, GPU, gpu_count=17, gpus_per_node=8, node_id=None
    )
    assert given.staff_usd_per_year == 50_000.0 and given.sources["staff_usd_per_year"] == "scenario"


def test_gpus_per_node_scales_node_price_and_power(catalog) -> None:  # type: ignore[no-untyped-def]
    node = catalog.default_node(GPU)
    inp = resolve_cost_inputs(CostSettings(), catalog, GPU, gpu_count=8, gpus_per_node=4, node_id=node.id)
    factor = 4 / node.gpus_per_node
    if node.power_full_kw is not None:
        assert inp.node_power_full_kw == approx(node.power_full_kw * factor)
        assert "scaled" in inp.sources["node_power_full_kw"] or factor == 1
    assert inp.sources["gpus_per_node"] == "scenario"


def test_unknown_site_and_node_are_input_errors(catalog) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as info:
        resolve_cost_inputs(CostSettings(site="us-colo2"), catalog, GPU, gpu_count=8, gpus_per_node=None, node_id=None)
    assert info.value.key == "cost.site"
    assert "did you mean" in str(info.value) and "us-colo" in str(info.value)
    with pytest.raises(InputError) as info:
        resolve_cost_inputs(CostSettings(), catalog, GPU, gpu_count=8, gpus_per_node=None, node_id="no-such-node")
    assert info.value.key == "hardware.node"
    with pytest.raises(InputError) as info:
        resolve_cost_inputs(CostSettings(utilization=1.5), catalog, GPU, gpu_count=8, gpus_per_node=None, node_id=None)
    assert info.value.key == "cost.utilization"
