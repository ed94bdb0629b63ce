"""Finance views of the cost model: yearly cash flows, NPV, IRR, payback, crossover month, equivalent annual
cost, totals at 1/3/5 years, the utilization curve and the tornado (spec §2 "export", §4.3.1 last line).

All built from the per-year formulas of `cost.py`, in USD unless a `rate` is given; `cost.estimate_cost`
calls these and converts. Each docstring gives the expression the workbook writes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from .cost import (
    HOURS_PER_YEAR,
    CostInputs,
    capex,
    cloud_extras,
    cloud_on_demand,
    cloud_reserved,
    cloud_spot,
    colocation_per_year,
    energy_in_year,
    horizon_year_count,
    hours,
    onprem_tco,
    opex_in_year,
    residual,
    staff_software_per_year,
    support_per_year,
    year_weight,
)


@dataclass(frozen=True)
class CashFlows:
    """Yearly flows, years 0..N with N = max(5, ceil(depreciation_years), ceil(Y)); costs positive.

    Owning: capex in year 0; year y ≥ 1 = w_y × opex_in_year(y) − residual in year ceil(Y).
    Renting on-demand: year y ≥ 1 = w_y × gpu_count × 8760 × u × on_demand_price.
    incremental = rent − own: the cash flow of buying instead of renting (−capex, then savings).
    Σ own = onprem_tco and Σ rent = cloud_on_demand exactly. A tuple is None when an input is unknown.
    """

    years: tuple[int, ...]
    weights: tuple[float, ...]  # w_y (0 for year 0)
    capex: tuple[float, ...] | None
    energy: tuple[float, ...] | None
    colocation: tuple[float, ...] | None
    support: tuple[float, ...] | None
    staff_software: tuple[float, ...] | None
    residual: tuple[float, ...] | None  # positive value, subtracted in own
    own: tuple[float, ...] | None
    rent: tuple[float, ...] | None
    incremental: tuple[float, ...] | None
    lead_time_rent: tuple[float, ...] | None = None  # in own: the lead time's months rented on demand


@dataclass(frozen=True)
class HorizonCost:
    """Totals at one horizon (1, 3 or 5 years) at the scenario's utilization."""

    years: float
    onprem_tco: float | None
    cloud_on_demand: float | None
    cloud_reserved_1y: float | None
    cloud_reserved_3y: float | None
    cloud_spot: float | None


@dataclass(frozen=True)
class UtilizationPoint:
    """Totals over the horizon and cost per used GPU-hour (= total / (gpu_count × H × u)) at utilization u."""

    utilization: float
    onprem_tco: float | None
    cloud_on_demand: float | None
    cloud_reserved_1y: float | None
    cloud_reserved_3y: float | None
    cloud_spot: float | None
    onprem_per_used_gpu_hour: float | None  # None at u = 0
    on_demand_per_used_gpu_hour: float | None
    reserved_1y_per_used_gpu_hour: float | None  # None at u = 0
    reserved_3y_per_used_gpu_hour: float | None
    spot_per_used_gpu_hour: float | None


class TornadoBar(NamedTuple):
    """(onprem_tco − cloud_on_demand) with one input at 80% and at 120% of its value."""

    input: str
    low: float
    high: float

    @property
    def swing(self) -> float:
        return abs(self.high - self.low)


TCO_HORIZONS = (1.0, 3.0, 5.0)
UTILIZATION_GRID = tuple(i / 100 for i in range(101))
TORNADO_STEP = 0.2  # ±20 %
# Inputs the tornado varies (those that move onprem_tco − cloud_on_demand; discount_rate does not).
TORNADO_INPUTS = (
    "utilization",
    "horizon_years",
    "cloud_usd_per_gpu_hour",
    "node_price_usd",
    "network_usd_per_node",
    "install_usd_per_node",
    "import_tax_fraction",
    "electricity_usd_per_kwh",
    "electricity_escalation_per_year",
    "pue",
    "colocation_usd_per_kw_month",
    "support_fraction_per_year",
    "staff_usd_per_year",
    "software_usd_per_year",
    "depreciation_years",
    "node_power_full_kw",
    "node_power_draw_kw",
    "node_power_idle_kw",
)  # the workbook's Tornado sheet varies the same inputs (export/workbook/sheets/tornado.py GAP_INPUTS)


def year_columns(inp: CostInputs) -> int:
    """N = MAX(5, CEILING(depreciation_years), CEILING(Y)): the last year column (years run 0..N)."""
    dep = math.ceil(inp.depreciation_years) if inp.depreciation_years is not None else 0
    return max(5, dep, horizon_year_count(inp.horizon_years))


def _series(n: int, per_year: float | None, weights: Sequence[float]) -> tuple[float, ...] | None:
    if per_year is None:
        return None
    return tuple(0.0 if y == 0 else weights[y] * per_year for y in range(n + 1))


def cash_flows(inp: CostInputs) -> CashFlows:
    """Years 0..N (costs positive):
    own_0 = capex;
    own_y = w_y × (energy_in_year(y) + colocation_per_year + support_per_year + staff + software)
            − (y = CEILING(Y)) × residual
    rent_0 = 0;     rent_y = w_y × gpu_count × 8760 × u × on_demand_price
    incremental_y = rent_y − own_y."""
    n = year_columns(inp)
    years = tuple(range(n + 1))
    weights = tuple(0.0 if y == 0 else year_weight(inp.horizon_years, y) for y in years)
    c = capex(inp)
    cap = None if c is None else tuple(c if y == 0 else 0.0 for y in years)
    yearly = [energy_in_year(inp, y) for y in years[1:]]
    en = None
    if all(e is not None for e in yearly):
        en = (0.0, *(weights[y] * (e or 0.0) for y, e in zip(years[1:], yearly, strict=True)))
    colo = _series(n, colocation_per_year(inp), weights)
    sup = _series(n, support_per_year(inp), weights)
    staff = _series(n, staff_software_per_year(inp), weights)
    r = residual(inp)
    last = horizon_year_count(inp.horizon_years)
    res = None if r is None else tuple(r if y == last else 0.0 for y in years)
    lead = lead_time_series(inp, n)
    parts = (cap, en, colo, sup, staff, res, lead)
    own = None
    if all(p is not None for p in parts):
        own = tuple(
            cap[y] + en[y] + colo[y] + sup[y] + staff[y] - res[y] + lead[y]  # type: ignore[index]
            for y in years
        )
    rent = rent_series(inp, n, weights)
    inc = None if own is None or rent is None else tuple(b - a for a, b in zip(own, rent, strict=True))
    return CashFlows(years, weights, cap, en, colo, sup, staff, res, own, rent, inc, lead)


def lead_time_series(inp: CostInputs, n: int) -> tuple[float, ...] | None:
    """Years 0..N of the lead time rented on demand: year y holds MIN(12, MAX(0, L − 12·(y − 1))) of its
    months at gpu_count × 730 × u × on_demand_price a month; zeros without a lead time."""
    months = inp.lead_time_months
    if months == 0:
        return tuple(0.0 for _ in range(n + 1))
    p = inp.cloud_usd_per_gpu_hour
    if p is None:
        return None
    per_month = inp.gpu_count * HOURS_PER_YEAR / 12 * inp.utilization * p
    return tuple(0.0 if y == 0 else min(12.0, max(0.0, months - 12 * (y - 1))) * per_month for y in range(n + 1))


def rent_series(inp: CostInputs, n: int, weights: Sequence[float]) -> tuple[float, ...] | None:
    """Years 0..N of renting on demand with the cloud extras: w_y × (gpu_count × 8760 × u × price ×
    (1 + cloud_support_fraction) + storage per year), and the egress in year CEILING(Y)."""
    p = inp.cloud_usd_per_gpu_hour
    if p is None:
        return None
    gpu_year = inp.gpu_count * HOURS_PER_YEAR * inp.utilization * p
    one_year = cloud_extras(inp, gpu_year, 1.0)  # support uplift + one year of storage + the egress
    egress = cloud_extras(inp.without_cloud_extras_but_egress(), 0.0, 1.0)
    if one_year is None or egress is None:
        return None
    last = horizon_year_count(inp.horizon_years)
    return tuple(
        0.0 if y == 0 else weights[y] * (gpu_year + one_year - egress) + (egress if y == last else 0.0)
        for y in range(n + 1)
    )


def scale_flows(flows: CashFlows, rate: float) -> CashFlows:
    """The same flows in another currency (every money tuple × rate)."""

    def s(t: tuple[float, ...] | None) -> tuple[float, ...] | None:
        return None if t is None else tuple(v * rate for v in t)

    return replace(
        flows,
        capex=s(flows.capex),
        energy=s(flows.energy),
        colocation=s(flows.colocation),
        support=s(flows.support),
        staff_software=s(flows.staff_software),
        residual=s(flows.residual),
        lead_time_rent=s(flows.lead_time_rent),
        own=s(flows.own),
        rent=s(flows.rent),
        incremental=s(flows.incremental),
    )


def npv(rate: float, flows: Sequence[float]) -> float:
    """Σ_y flow_y / (1 + rate)^y, year 0 undiscounted (Excel: =NPV(rate, yr1:yrN) + yr0)."""
    return sum(f / (1 + rate) ** y for y, f in enumerate(flows))


def present_values(inp: CostInputs, flows: CashFlows) -> tuple[float | None, float | None, float | None]:
    """(PV(own), PV(rent), PV(own) − PV(rent)) at discount_rate; the last is < 0 when owning is cheaper.
    At a 0 % rate the last is exactly onprem_tco − cloud_on_demand."""
    r = inp.discount_rate
    if r is None:
        return None, None, None
    pv_own = None if flows.own is None else npv(r, flows.own)
    pv_rent = None if flows.rent is None else npv(r, flows.rent)
    diff = None if pv_own is None or pv_rent is None else pv_own - pv_rent
    return pv_own, pv_rent, diff


_IRR_GRID = (
    -0.99,
    -0.9,
    -0.75,
    -0.5,
    -0.25,
    -0.1,
    0.0,
    0.05,
    0.1,
    0.2,
    0.35,
    0.5,
    0.75,
    1.0,
    1.5,
    2.0,
    3.0,
    5.0,
    10.0,
    20.0,
    50.0,
    100.0,
    1000.0,
)


def irr(flows: Sequence[float] | None) -> float | None:
    """The rate where npv(rate, flows) = 0 (Excel: =IRR(yr0:yrN)), by bracketing on a grid from −99 % to
    100 000 % and bisection; the root nearest 0 if several; None if the NPV never changes sign."""
    if flows is None or not any(flows):
        return None
    values = [npv(r, flows) for r in _IRR_GRID]
    roots: list[float] = []
    for i in range(len(_IRR_GRID) - 1):
        lo, hi, f_lo, f_hi = _IRR_GRID[i], _IRR_GRID[i + 1], values[i], values[i + 1]
        if f_lo == 0:
            roots.append(lo)
            continue
        if f_lo * f_hi > 0:
            continue
        for _ in range(200):
            mid = (lo + hi) / 2
            f_mid = npv(mid, flows)
            if f_mid == 0 or hi - lo < 1e-14:
                break
            if (f_mid < 0) == (f_lo < 0):
                lo, f_lo = mid, f_mid
            else:
                hi = mid
        roots.append((lo + hi) / 2)
    if values[-1] == 0:
        roots.append(_IRR_GRID[-1])
    return min(roots, key=abs) if roots else None


def payback_years(incremental: Sequence[float] | None) -> float | None:
    """Years until the cumulative incremental flow (rent − own) reaches 0, linear within the year:
    (y − 1) + (−cum_{y−1}) / incremental_y for the first y with cum_y ≥ 0; 0 if cum_0 ≥ 0; None if never."""
    if incremental is None:
        return None
    cum = incremental[0]
    if cum >= 0:
        return 0.0
    for y in range(1, len(incremental)):
        nxt = cum + incremental[y]
        if nxt >= 0:
            return (y - 1) + (-cum) / incremental[y]
        cum = nxt
    return None


def crossover_month(inp: CostInputs) -> int | None:
    """The first month m (0..12·N) at whose end cumulative owning cost ≤ cumulative on-demand cost.

    Month m lies in year CEILING(m/12) and counts with v_m = MAX(0, MIN(1, 12·Y − (m − 1))):
    own(m) = capex + Σ_{k≤m} v_k × opex_in_year(year of k) / 12 − (m ≥ CEILING(12·Y)) × residual,
    rent(m) = Σ_{k≤m} v_k × gpu_count × 8760 × u × on_demand_price / 12. None if it never happens."""
    c, r, p = capex(inp), residual(inp), inp.cloud_usd_per_gpu_hour
    if c is None or r is None or p is None:
        return None
    opex = [opex_in_year(inp, y) for y in range(1, year_columns(inp) + 1)]
    if None in opex:
        return None
    gpu_month = inp.gpu_count * HOURS_PER_YEAR * inp.utilization * p / 12
    one_year = cloud_extras(inp, gpu_month * 12, 1.0)
    egress = cloud_extras(inp.without_cloud_extras_but_egress(), 0.0, 1.0)
    if one_year is None or egress is None:
        return None
    rent_month = gpu_month + (one_year - egress) / 12  # GPU-hours, support uplift and storage
    months = 12 * inp.horizon_years
    residual_month = max(1, math.ceil(months))
    own, rent = c, 0.0
    if own <= rent:
        return 0
    for m in range(1, residual_month + 1):
        v = max(0.0, min(1.0, months - (m - 1)))
        own += v * opex[(m - 1) // 12] / 12  # type: ignore[operator]
        own += max(0.0, min(1.0, inp.lead_time_months - (m - 1))) * gpu_month  # lead time rented
        rent += v * rent_month
        if m == residual_month:
            own -= r
            rent += egress
        if own <= rent + 1e-9 * max(1.0, abs(rent)):
            return m
    return None


def equivalent_annual_cost(inp: CostInputs, pv_own: float | None) -> float | None:
    """EAC = PV(own) × r / (1 − (1 + r)^−Y) (Excel: =PMT(r, Y, −PV)); PV(own) / Y at r = 0."""
    r = inp.discount_rate
    if pv_own is None or r is None:
        return None
    y = inp.horizon_years
    denominator = -math.expm1(-y * math.log1p(r))  # 1 − (1 + r)^−Y, exact for tiny r
    if r == 0 or denominator == 0:
        return pv_own / y
    return pv_own * r / denominator


def tco_by_horizon(
    inp: CostInputs, rate: float = 1.0, horizons: Sequence[float] = TCO_HORIZONS
) -> tuple[HorizonCost, ...]:
    """onprem_tco and each cloud tier at horizons 1, 3, 5 years (the scenario's utilization), × rate."""

    def m(v: float | None) -> float | None:
        return None if v is None else v * rate

    return tuple(
        HorizonCost(
            y,
            m(onprem_tco(inp, None, y)),
            m(cloud_on_demand(inp, None, y)),
            m(cloud_reserved(inp, "1y", y)),
            m(cloud_reserved(inp, "3y", y)),
            m(cloud_spot(inp, None, y)),
        )
        for y in horizons
    )


def utilization_curve(
    inp: CostInputs, utilizations: Sequence[float] = UTILIZATION_GRID, *, rate: float | None = None
) -> tuple[UtilizationPoint, ...]:
    """Totals and cost per used GPU-hour at each u (default 0, 0.01, …, 1) over the horizon, × rate
    (default: the inputs' currency). Per used GPU-hour = total / (gpu_count × H × u); None at u = 0 where
    the total does not vanish with u (on-prem, reserved). onprem_tco(u) = a + b·u is evaluated from its two
    ends (it is linear in u)."""
    k = inp.rate if rate is None else rate
    a = onprem_tco(inp, 0.0)
    one = onprem_tco(inp, 1.0)
    r1, r3 = cloud_reserved(inp, "1y"), cloud_reserved(inp, "3y")
    # cloud_on_demand(u) and cloud_spot(u) are linear in u (storage and egress at u = 0): two ends each
    od0, od1 = cloud_on_demand(inp, 0.0), cloud_on_demand(inp, 1.0)
    sp0, sp1 = cloud_spot(inp, 0.0), cloud_spot(inp, 1.0)
    h = hours(inp)
    points = []
    for u in utilizations:
        used = inp.gpu_count * h * u

        def per_used(total: float | None, used: float = used) -> float | None:
            return None if total is None or used <= 0 else total / used * k

        tco = None if a is None or one is None else a + (one - a) * u
        od = None if od0 is None or od1 is None else od0 + (od1 - od0) * u
        sp = None if sp0 is None or sp1 is None else sp0 + (sp1 - sp0) * u
        points.append(
            UtilizationPoint(
                utilization=u,
                onprem_tco=None if tco is None else tco * k,
                cloud_on_demand=None if od is None else od * k,
                cloud_reserved_1y=None if r1 is None else r1 * k,
                cloud_reserved_3y=None if r3 is None else r3 * k,
                cloud_spot=None if sp is None else sp * k,
                onprem_per_used_gpu_hour=per_used(tco),
                on_demand_per_used_gpu_hour=_per_used_linear(od0, od1, inp.gpu_count * h, k),
                reserved_1y_per_used_gpu_hour=per_used(r1),
                reserved_3y_per_used_gpu_hour=per_used(r3),
                spot_per_used_gpu_hour=_per_used_linear(sp0, sp1, inp.gpu_count * h, k),
            )
        )
    return tuple(points)


def _per_used_linear(at0: float | None, at1: float | None, hours_at_full: float, k: float) -> float | None:
    """Price per used GPU-hour of a figure linear in u: the slope (at1 − at0) / (gpu_count × H), which is the
    list price with its support uplift; the fixed storage and egress (at0) are not per used hour."""
    if at0 is None or at1 is None or hours_at_full <= 0:
        return None
    return (at1 - at0) / hours_at_full * k


def tornado_values(inp: CostInputs, name: str) -> tuple[float, float] | None:
    """The low and high value of input `name` for the tornado: value × 0.8 and × 1.2, clamped to the valid
    range (utilization and support_fraction ≤ 1, pue ≥ 1, idle ≤ full power). None if the input is unknown."""
    v = getattr(inp, name)
    if v is None:
        return None
    lo, hi = v * (1 - TORNADO_STEP), v * (1 + TORNADO_STEP)
    if name in ("utilization", "support_fraction_per_year"):
        lo, hi = min(1.0, lo), min(1.0, hi)
    elif name == "pue":
        lo, hi = max(1.0, lo), max(1.0, hi)
    elif name == "node_power_idle_kw":
        caps = [p for p in (inp.node_power_full_kw, inp.node_power_draw_kw) if p is not None]
        if caps:
            lo, hi = min(min(caps), lo), min(min(caps), hi)
    elif name in ("node_power_full_kw", "node_power_draw_kw") and inp.node_power_idle_kw is not None:
        lo, hi = max(inp.node_power_idle_kw, lo), max(inp.node_power_idle_kw, hi)
    return lo, hi


def _gap(inp: CostInputs) -> float | None:
    tco, cloud = onprem_tco(inp), cloud_on_demand(inp)
    return None if tco is None or cloud is None else tco - cloud


def tornado(inp: CostInputs) -> tuple[float | None, tuple[TornadoBar, ...]]:
    """(base, bars): base = onprem_tco − cloud_on_demand (USD); one bar per TORNADO_INPUTS entry that is
    known, with the gap at the input's low and high value, sorted by swing |high − low|, largest first."""
    base = _gap(inp)
    if base is None:
        return None, ()
    bars = []
    for name in TORNADO_INPUTS:
        values = tornado_values(inp, name)
        if values is None:
            continue
        low, high = (_gap(inp.with_(**{name: v})) for v in values)
        if low is not None and high is not None:
            bars.append(TornadoBar(name, low, high))
    bars.sort(key=lambda b: -b.swing)
    return base, tuple(bars)
