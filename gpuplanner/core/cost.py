"""Cloud against on-premises cost (spec §4.3.1): inputs, the contract formulas, and the estimate.

Every formula here is a closed-form expression over the numbers in `CostInputs`. The lines themselves are
defined once, as data, in `cost_lines.py` (which a renderer can write as Excel formulas); the functions here
evaluate them and add what is not a single expression (sums over years, the resale curve, break-even, the
lease). `docs/estimation_cost.md` lists them all with the sources of the defaults. The helpers work in USD;
`estimate_cost` converts every money field into the scenario's currency at the end (KRW = USD × usd_to_krw).
A price nobody published stays None, and every output that needs it is None too (JSON null), never 0.

Horizons need not be whole years. Year y (1-based) counts with the weight
    w_y = MAX(0, MIN(1, Y − (y − 1)))
so Σ_y w_y = Y, and for a whole Y every sum below is exactly the spec's Σ_{y=1..Y}.

The yearly cash flows, NPV, IRR, payback, crossover month, utilization curve and tornado live in
`cost_analysis.py` (same formulas, laid out per year).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # cost_analysis imports this module; estimate_cost imports it at call time
    from .cost_analysis import CashFlows, HorizonCost, TornadoBar, UtilizationPoint

from . import cost_lines as cl
from .cost_inputs import HOURS_PER_YEAR, MONTHS_PER_YEAR, CostInputs  # noqa: F401  (HOURS_PER_YEAR: re-exported)
from .cost_reasons import UnknownFigure, unknown_figures
from .residual import fraction_at, straight_line

# ---------------------------------------------------------------------------------------------------------
# The contract formulas (spec §4.3.1), in USD. `utilization`/`horizon_years` default to the inputs' own.


def _u(inp: CostInputs, utilization: float | None) -> float:
    return inp.utilization if utilization is None else utilization


def _y(inp: CostInputs, horizon_years: float | None) -> float:
    return inp.horizon_years if horizon_years is None else horizon_years


def year_weight(horizon_years: float, year: int) -> float:
    """w_y = MAX(0, MIN(1, Y − (y − 1))): the part of year y (1-based) inside the horizon."""
    return max(0.0, min(1.0, horizon_years - (year - 1)))


def horizon_year_count(horizon_years: float) -> int:
    """ceil(Y): the number of year columns that carry any weight (the residual lands in the last)."""
    return max(1, math.ceil(horizon_years))


def hours(inp: CostInputs, horizon_years: float | None = None) -> float:
    """H = 8760 × Y."""
    return cl.evaluate("hours", inp, horizon_years=horizon_years) or 0.0


def nodes(inp: CostInputs) -> int:
    """nodes = ceil(gpu_count / gpus_per_node)."""
    return int(cl.evaluate("nodes", inp) or 0)


def capex(inp: CostInputs) -> float | None:
    """capex = (nodes × (node_price + install + facility) + fabric) × (1 + import_tax_fraction), fabric =
    nodes × network_usd_per_node (the fabric model's per-node cost when the scenario gives none)."""
    return cl.evaluate("capex", inp)


def residual_fraction(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """The resale fraction at age Y: the residual curve (residual.py) if any, else the straight line
    MAX(0, 1 − Y / depreciation_years); None when neither is known."""
    y = _y(inp, horizon_years)
    if inp.residual_curve:
        return fraction_at(inp.residual_curve, y)
    if inp.depreciation_years is None:
        return None
    return straight_line(y, inp.depreciation_years)


def residual(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """residual = capex × residual_fraction(Y), landing at the horizon's end (the cost line
    residual_straight_line without a curve)."""
    if not inp.residual_curve:
        return cl.evaluate("residual_straight_line", inp, horizon_years=horizon_years)
    c, f = capex(inp), residual_fraction(inp, horizon_years)
    return None if c is None or f is None else c * f


def power_kw(inp: CostInputs, utilization: float | None = None) -> float | None:
    """power_kw = nodes × (P_idle + u × (P_draw − P_idle)), IT power drawn by the whole cluster (P_draw: the
    training draw, not the rating)."""
    return cl.evaluate("power_kw", inp, utilization=utilization)


def energy_in_year(inp: CostInputs, year: int, utilization: float | None = None) -> float | None:
    """A full year's energy bill in year y (1-based), before the weight w_y:
    power_kw × pue × 8760 × electricity × (1 + escalation)^(y − 1)."""
    return cl.evaluate("energy_in_year", inp, utilization=utilization, year=year)


def energy(inp: CostInputs, utilization: float | None = None, horizon_years: float | None = None) -> float | None:
    """energy = Σ_{y=1..ceil(Y)} w_y × energy_in_year(y)
    (= power_kw × pue × 8760 × Σ_{y=1..Y} electricity × (1 + escalation)^(y−1) for a whole Y)."""
    y_total = _y(inp, horizon_years)
    total = 0.0
    for year in range(1, horizon_year_count(y_total) + 1):
        e = energy_in_year(inp, year, utilization)
        if e is None:
            return None
        total += year_weight(y_total, year) * e
    return total


def colocation_per_year(inp: CostInputs) -> float | None:
    """nodes × P_full × 12 × colocation_rate: contracted IT kW (the rating), no PUE."""
    return cl.evaluate("colocation_per_year", inp)


def colocation(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """colocation = nodes × P_full × 12 × Y × colocation_rate."""
    return cl.evaluate("colocation", inp, horizon_years=horizon_years)


def support_per_year(inp: CostInputs) -> float | None:
    """support_fraction × capex."""
    return cl.evaluate("support_per_year", inp)


def support(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """support = support_fraction × capex × Y."""
    return cl.evaluate("support", inp, horizon_years=horizon_years)


def staff_software_per_year(inp: CostInputs) -> float | None:
    """staff + software (per year, whole cluster)."""
    return cl.evaluate("staff_software_per_year", inp)


def staff_software(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """(staff + software) × Y."""
    return cl.evaluate("staff_software", inp, horizon_years=horizon_years)


def opex_in_year(inp: CostInputs, year: int, utilization: float | None = None) -> float | None:
    """A full year's operating cost in year y, before w_y: energy_in_year(y) + colocation_per_year +
    support_per_year + staff + software."""
    parts = (
        energy_in_year(inp, year, utilization),
        colocation_per_year(inp),
        support_per_year(inp),
        staff_software_per_year(inp),
    )
    return None if None in parts else sum(parts)  # type: ignore[arg-type]


def lead_time_rent(inp: CostInputs, utilization: float | None = None) -> float | None:
    """The lead time's months rented on demand: lead_time_months × 730 h × gpu_count × u × on_demand_price
    (0 without a lead time; None when there is one and no on-demand price)."""
    if inp.lead_time_months == 0:
        return 0.0
    return cl.evaluate("lead_time_rent", inp, utilization=utilization)


def _lines(inp: CostInputs, utilization: float | None, horizon_years: float | None) -> dict[str, float | None]:
    return {
        "residual": residual(inp, horizon_years),
        "energy": energy(inp, utilization, horizon_years),
        "lead_time_rent_if_any": lead_time_rent(inp, utilization),
    }


def onprem_tco(inp: CostInputs, utilization: float | None = None, horizon_years: float | None = None) -> float | None:
    """onprem_tco = capex − residual + energy + colocation + support + (staff + software) × Y
    + the lead time rented on demand (undiscounted)."""
    lines = _lines(inp, utilization, horizon_years)
    return cl.evaluate("onprem_tco", inp, utilization=utilization, horizon_years=horizon_years, lines=lines)


def lease_payments(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """nodes × lease_usd_per_node_month × min(12·Y, lease_term_months) + the buy-out
    (lease_buyout_fraction × capex) when the term ends inside the horizon; None without a lease price."""
    rate = inp.lease_usd_per_node_month
    if rate is None:
        return None
    months = MONTHS_PER_YEAR * _y(inp, horizon_years)
    term = months if inp.lease_term_months is None else inp.lease_term_months
    paid = nodes(inp) * rate * min(months, term)
    if inp.lease_buyout_fraction > 0 and term <= months:
        c = capex(inp)
        if c is None:
            return None
        paid += inp.lease_buyout_fraction * c
    return paid


def onprem_lease_tco(
    inp: CostInputs, utilization: float | None = None, horizon_years: float | None = None
) -> float | None:
    """onprem_lease_tco = lease payments (+ buy-out) + energy + colocation + support + (staff + software) × Y
    + the lead time rented on demand; None without a lease price (spec §4.3.1)."""
    parts = (
        lease_payments(inp, horizon_years),
        energy(inp, utilization, horizon_years),
        colocation(inp, horizon_years),
        support(inp, horizon_years),
        staff_software(inp, horizon_years),
        lead_time_rent(inp, utilization),
    )
    return None if None in parts else math.fsum(parts)  # type: ignore[arg-type]


def cloud_extras(inp: CostInputs, gpu_figure: float | None, horizon_years: float | None = None) -> float | None:
    """cloud_extras = storage + egress + cloud_support_fraction × the tier's GPU-hour figure, with
    storage = storage_tb × cloud_storage_usd_per_tb_month × 12 × Y and egress = egress_tb × cloud_egress_usd_per_tb
    (a line with a price of 0 is 0; a priced line whose volume is unknown makes the figure unknown)."""
    if gpu_figure is None:
        return None
    total = inp.cloud_support_fraction * gpu_figure
    priced = (("cloud_storage", inp.cloud_storage_usd_per_tb_month), ("cloud_egress", inp.cloud_egress_usd_per_tb))
    for line, price in priced:
        if price == 0:
            continue
        v = cl.evaluate(line, inp, horizon_years=horizon_years)
        if v is None:
            return None
        total += v
    return total


def _with_extras(inp: CostInputs, gpu_figure: float | None, horizon_years: float | None) -> float | None:
    extras = cloud_extras(inp, gpu_figure, horizon_years)
    return None if gpu_figure is None or extras is None else gpu_figure + extras


def cloud_on_demand(
    inp: CostInputs, utilization: float | None = None, horizon_years: float | None = None
) -> float | None:
    """cloud_on_demand = gpu_count × H × u × on_demand_price + cloud_extras."""
    gpu = cl.evaluate("cloud_on_demand_gpu", inp, utilization=utilization, horizon_years=horizon_years)
    return _with_extras(inp, gpu, horizon_years)


def cloud_reserved(inp: CostInputs, term: str, horizon_years: float | None = None) -> float | None:
    """cloud_reserved_{1y,3y} = gpu_count × H × reserved_price (paid for every hour, used or not) + cloud_extras."""
    gpu = cl.evaluate(f"cloud_reserved_{term}_gpu", inp, horizon_years=horizon_years)
    return _with_extras(inp, gpu, horizon_years)


def cloud_spot(inp: CostInputs, utilization: float | None = None, horizon_years: float | None = None) -> float | None:
    """cloud_spot = gpu_count × H × u × spot_price / (1 − spot_lost_fraction) + cloud_extras."""
    gpu = cl.evaluate("cloud_spot_gpu", inp, utilization=utilization, horizon_years=horizon_years)
    return _with_extras(inp, gpu, horizon_years)


def breakeven_utilization(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """The u in [0, 1] where onprem_tco(u) = cloud_on_demand(u); None if none.

    Both are linear in u: onprem_tco(u) = a + b·u with a = onprem_tco(0), b = onprem_tco(1) − onprem_tco(0)
    (the energy slope, and the lead time's rent), cloud_on_demand(u) = d + c·u with d = cloud_on_demand(0)
    (storage and egress) and c = cloud_on_demand(1) − d. So u* = (a − d) / (c − b).
    """
    a = onprem_tco(inp, 0.0, horizon_years)
    one = onprem_tco(inp, 1.0, horizon_years)
    d = cloud_on_demand(inp, 0.0, horizon_years)
    c1 = cloud_on_demand(inp, 1.0, horizon_years)
    if a is None or one is None or c1 is None or d is None:
        return None
    b, c = one - a, c1 - d
    a -= d
    if c - b <= 0:
        return 0.0 if a == 0 and c == b else None
    u = a / (c - b)
    if -1e-12 <= u <= 1 + 1e-12:
        return min(1.0, max(0.0, u))
    return None


def per_million_tokens(
    inp: CostInputs,
    tokens_per_second: float | None,
    utilization: float | None = None,
    horizon_years: float | None = None,
) -> float | None:
    """per_million_tokens = onprem_tco / (tokens_per_second × 3600 × H × u) × 1e6 (None when no tokens)."""
    return _per_million(inp, onprem_tco(inp, utilization, horizon_years), tokens_per_second, utilization, horizon_years)


def _per_million(
    inp: CostInputs,
    tco: float | None,
    tokens_per_second: float | None,
    utilization: float | None,
    horizon_years: float | None,
) -> float | None:
    u = _u(inp, utilization)
    if tco is None or tokens_per_second is None or tokens_per_second <= 0 or u <= 0:
        return None
    return tco / (tokens_per_second * 3600 * hours(inp, horizon_years) * u) * 1e6


def job_cloud_on_demand(inp: CostInputs, gpu_hours: float | None) -> float | None:
    """job_cloud_on_demand = gpu_hours × on_demand_price."""
    return cl.evaluate("job_cloud_on_demand", inp, lines={"gpu_hours": gpu_hours})


# ---------------------------------------------------------------------------------------------------------
# The estimate (money in the scenario's currency)


# The §4.3 JSON `cost` block, in order.
SPEC_FIELDS = (
    "cloud_on_demand",
    "cloud_reserved_1y",
    "cloud_reserved_3y",
    "cloud_spot",
    "onprem_capex",
    "onprem_tco",
    "breakeven_utilization",
    "per_million_tokens",
    "job_cloud_on_demand",
)


@dataclass(frozen=True)
class CostEstimate:
    """Spec §4.3 `cost` (SPEC_FIELDS) plus the workings. Money in `currency`; None = not known."""

    currency: str
    rate: float  # USD → currency multiplier used
    cloud_on_demand: float | None
    cloud_reserved_1y: float | None
    cloud_reserved_3y: float | None
    cloud_spot: float | None
    onprem_capex: float | None
    onprem_tco: float | None
    breakeven_utilization: float | None
    per_million_tokens: float | None
    job_cloud_on_demand: float | None
    # intermediate lines of §4.3.1
    hours: float
    nodes: int
    residual: float | None
    power_kw: float | None
    energy: float | None
    colocation: float | None
    support: float | None
    staff_software: float | None
    # beyond the JSON (cost_analysis.py)
    cash_flows: CashFlows
    pv_own: float | None
    pv_rent: float | None
    npv_own_minus_rent: float | None  # PV(own) − PV(rent) at discount_rate; < 0: owning is cheaper
    irr: float | None  # of `incremental` (buying instead of renting)
    payback_years: float | None
    crossover_month: int | None
    equivalent_annual_cost: float | None
    tco_by_horizon: tuple[HorizonCost, ...]
    utilization_curve: tuple[UtilizationPoint, ...]
    tornado_base: float | None  # onprem_tco − cloud_on_demand at the inputs
    tornado: tuple[TornadoBar, ...]
    inputs: CostInputs = field(repr=False)
    # issue #23 (spec §4.3.1)
    onprem_lease_tco: float | None = None
    lead_time_rent: float | None = None  # the lead time's months rented on demand (in onprem_tco)
    cloud_extras_on_demand: float | None = None  # storage + egress + support uplift in cloud_on_demand
    fabric: float | None = None  # nodes × network_usd_per_node (the fabric model's when none was given)
    residual_fraction: float | None = None  # resale fraction at the horizon
    unknown: tuple[UnknownFigure, ...] = ()  # why each null figure is null

    def missing_reason(self, figure: str) -> str | None:
        """Why `figure` is null ("missing: node_price_usd (…)"); None when it is known."""
        return next((u.reason for u in self.unknown if u.figure == figure), None)

    @property
    def capex(self) -> float | None:
        return self.onprem_capex

    @property
    def onprem_tco_discounted(self) -> float | None:
        """Spec §4.3.1: the owning cash flows discounted at discount_rate (capex at year 0, running costs at the
        end of each year, residual at year Y)."""
        return self.pv_own

    @property
    def owning_usd_per_gpu_hour(self) -> float | None:
        """Spec §4.3.1: onprem_tco_discounted / Σ_{y=1..Y} gpu_count·8760·u/(1+r)^y — a levelized price per used
        GPU-hour, comparable with an on-demand price (in `currency`)."""
        inp, pv = self.inputs, self.pv_own
        r = inp.discount_rate
        if pv is None or r is None or inp.utilization <= 0:
            return None
        years = max(1, math.ceil(inp.horizon_years))
        hours = sum(inp.gpu_count * 8760.0 * inp.utilization / (1 + r) ** y for y in range(1, years + 1))
        return pv / hours if hours > 0 else None

    def spec_fields(self) -> dict[str, float | None]:
        """The §4.3 `cost` block as plain values (the CLI turns it into JSON)."""
        return {name: getattr(self, name) for name in SPEC_FIELDS}


def estimate_cost(
    inputs: CostInputs, *, tokens_per_second: float | None, gpu_hours: float | None, detail: bool = True
) -> CostEstimate:
    """Every cost output for `inputs`; `tokens_per_second` (whole cluster) and `gpu_hours` come from the
    time estimate (None when unknown: per_million_tokens / job_cloud_on_demand are then None). `detail=False`
    leaves out the sensitivity views (tornado, utilization curve, TCO by horizon) and the workings of the TCO
    pages (IRR, payback, crossover month, equivalent annual cost: None), which a sweep row does not show (a third
    of a row's cost estimate); every §4.3 figure and every cost line is the same either way."""
    from . import cost_analysis as ca

    rate = inputs.rate

    def m(v: float | None) -> float | None:
        return None if v is None else v * rate

    flows = ca.cash_flows(inputs)
    pv_own, pv_rent, npv = ca.present_values(inputs, flows)
    tco = onprem_tco(inputs)
    figures: dict[str, float | None] = {
        "cloud_on_demand": cloud_on_demand(inputs),
        "cloud_reserved_1y": cloud_reserved(inputs, "1y"),
        "cloud_reserved_3y": cloud_reserved(inputs, "3y"),
        "cloud_spot": cloud_spot(inputs),
        "onprem_capex": capex(inputs),
        "onprem_tco": tco,
        "onprem_lease_tco": onprem_lease_tco(inputs),
        "onprem_tco_discounted": pv_own,
        "owning_usd_per_gpu_hour": pv_own if inputs.utilization > 0 else None,
        "breakeven_utilization": breakeven_utilization(inputs),
        "per_million_tokens": _per_million(inputs, tco, tokens_per_second, None, None),
        "job_cloud_on_demand": job_cloud_on_demand(inputs, gpu_hours),
    }
    unknown = unknown_figures(
        inputs,
        figures,
        {
            "breakeven_utilization": "no utilization from 0 to 1 where owning and renting on demand cost the same",
            "per_million_tokens": "no training throughput (tokens/s) for this method",
            "job_cloud_on_demand": "no GPU-hours for this method",
            "owning_usd_per_gpu_hour": "no used GPU-hours at utilization 0",
        },
    )
    tornado_base, tornado = ca.tornado(inputs) if detail else (None, ())
    f = figures
    return CostEstimate(
        currency=inputs.currency,
        rate=rate,
        cloud_on_demand=m(f["cloud_on_demand"]),
        cloud_reserved_1y=m(f["cloud_reserved_1y"]),
        cloud_reserved_3y=m(f["cloud_reserved_3y"]),
        cloud_spot=m(f["cloud_spot"]),
        onprem_capex=m(f["onprem_capex"]),
        onprem_tco=m(f["onprem_tco"]),
        breakeven_utilization=f["breakeven_utilization"],
        per_million_tokens=m(f["per_million_tokens"]),
        job_cloud_on_demand=m(f["job_cloud_on_demand"]),
        hours=hours(inputs),
        nodes=nodes(inputs),
        residual=m(residual(inputs)),
        power_kw=power_kw(inputs),
        energy=m(energy(inputs)),
        colocation=m(colocation(inputs)),
        support=m(support(inputs)),
        staff_software=m(staff_software(inputs)),
        cash_flows=ca.scale_flows(flows, rate),
        pv_own=m(pv_own),
        pv_rent=m(pv_rent),
        npv_own_minus_rent=m(npv),
        irr=ca.irr(flows.incremental) if detail and flows.incremental is not None else None,
        payback_years=ca.payback_years(flows.incremental) if detail else None,
        crossover_month=ca.crossover_month(inputs) if detail else None,
        equivalent_annual_cost=m(ca.equivalent_annual_cost(inputs, pv_own)) if detail else None,
        tco_by_horizon=ca.tco_by_horizon(inputs, rate) if detail else (),
        utilization_curve=ca.utilization_curve(inputs, rate=rate) if detail else (),
        tornado_base=m(tornado_base),
        tornado=tuple(ca.TornadoBar(b.input, b.low * rate, b.high * rate) for b in tornado),
        inputs=inputs,
        onprem_lease_tco=m(f["onprem_lease_tco"]),
        lead_time_rent=m(lead_time_rent(inputs)),
        cloud_extras_on_demand=m(cloud_extras(inputs, cl.evaluate("cloud_on_demand_gpu", inputs))),
        fabric=m(cl.evaluate("fabric", inputs)),
        residual_fraction=residual_fraction(inputs),
        unknown=unknown,
    )
