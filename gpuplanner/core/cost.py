"""Cloud against on-premises cost (spec §4.3.1): inputs, the contract formulas, and the estimate.

Every formula here is a closed-form expression over the numbers in `CostInputs`, written in the docstring
exactly as the Excel exporter writes it as a cell formula (`docs/estimation_cost.md` lists them all with the
sources of the defaults). The helpers work in USD; `estimate_cost` converts every money field into the
scenario's currency at the end (KRW = USD × usd_to_krw). A price nobody published stays None, and every
output that needs it is None too (JSON null), never 0.

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

from .cost_inputs import HOURS_PER_YEAR, MONTHS_PER_YEAR, CostInputs

# ---------------------------------------------------------------------------------------------------------
# The contract formulas (spec §4.3.1), in USD. `utilization`/`horizon_years` default to the inputs' own.


def _u(inp: CostInputs, utilization: float | None) -> float:
    return inp.utilization if utilization is None else utilization


def _y(inp: CostInputs, horizon_years: float | None) -> float:
    return inp.horizon_years if horizon_years is None else horizon_years


def _known(*values: float | None) -> bool:
    return all(v is not None for v in values)


def year_weight(horizon_years: float, year: int) -> float:
    """w_y = MAX(0, MIN(1, Y − (y − 1))): the part of year y (1-based) inside the horizon."""
    return max(0.0, min(1.0, horizon_years - (year - 1)))


def horizon_year_count(horizon_years: float) -> int:
    """ceil(Y): the number of year columns that carry any weight (the residual lands in the last)."""
    return max(1, math.ceil(horizon_years))


def hours(inp: CostInputs, horizon_years: float | None = None) -> float:
    """H = 8760 × Y."""
    return HOURS_PER_YEAR * _y(inp, horizon_years)


def nodes(inp: CostInputs) -> int:
    """nodes = ceil(gpu_count / gpus_per_node)."""
    return -(-inp.gpu_count // inp.gpus_per_node)


def capex(inp: CostInputs) -> float | None:
    """capex = nodes × (node_price + network + install) × (1 + import_tax_fraction)."""
    if not _known(inp.node_price_usd, inp.network_usd_per_node, inp.install_usd_per_node):
        return None
    per_node = inp.node_price_usd + inp.network_usd_per_node + inp.install_usd_per_node  # type: ignore[operator]
    return nodes(inp) * per_node * (1 + inp.import_tax_fraction)


def residual(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """residual = capex × MAX(0, 1 − Y / depreciation_years): straight line, lands at the horizon's end."""
    c = capex(inp)
    if c is None or inp.depreciation_years is None:
        return None
    return c * max(0.0, 1 - _y(inp, horizon_years) / inp.depreciation_years)


def power_kw(inp: CostInputs, utilization: float | None = None) -> float | None:
    """power_kw = nodes × (P_idle + u × (P_full − P_idle)), IT power of the whole cluster."""
    if not _known(inp.node_power_idle_kw, inp.node_power_full_kw):
        return None
    idle, full = inp.node_power_idle_kw, inp.node_power_full_kw
    return nodes(inp) * (idle + _u(inp, utilization) * (full - idle))  # type: ignore[operator]


def energy_in_year(inp: CostInputs, year: int, utilization: float | None = None) -> float | None:
    """A full year's energy bill in year y (1-based), before the weight w_y:
    power_kw × pue × 8760 × electricity × (1 + escalation)^(y − 1)."""
    p = power_kw(inp, utilization)
    if p is None or not _known(inp.pue, inp.electricity_usd_per_kwh):
        return None
    growth = (1 + inp.electricity_escalation_per_year) ** (year - 1)
    return p * inp.pue * HOURS_PER_YEAR * inp.electricity_usd_per_kwh * growth  # type: ignore[operator]


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
    """nodes × P_full × 12 × colocation_rate: contracted IT kW, no PUE."""
    if not _known(inp.node_power_full_kw, inp.colocation_usd_per_kw_month):
        return None
    return nodes(inp) * inp.node_power_full_kw * MONTHS_PER_YEAR * inp.colocation_usd_per_kw_month  # type: ignore[operator]


def colocation(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """colocation = nodes × P_full × 12 × Y × colocation_rate."""
    c = colocation_per_year(inp)
    return None if c is None else c * _y(inp, horizon_years)


def support_per_year(inp: CostInputs) -> float | None:
    """support_fraction × capex."""
    c = capex(inp)
    return None if c is None or inp.support_fraction_per_year is None else inp.support_fraction_per_year * c


def support(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """support = support_fraction × capex × Y."""
    s = support_per_year(inp)
    return None if s is None else s * _y(inp, horizon_years)


def staff_software_per_year(inp: CostInputs) -> float | None:
    """staff + software (per year, whole cluster)."""
    if not _known(inp.staff_usd_per_year, inp.software_usd_per_year):
        return None
    return inp.staff_usd_per_year + inp.software_usd_per_year  # type: ignore[operator]


def staff_software(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """(staff + software) × Y."""
    s = staff_software_per_year(inp)
    return None if s is None else s * _y(inp, horizon_years)


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


def onprem_tco(inp: CostInputs, utilization: float | None = None, horizon_years: float | None = None) -> float | None:
    """onprem_tco = capex − residual + energy + colocation + support + (staff + software) × Y
    (undiscounted)."""
    parts = (
        capex(inp),
        residual(inp, horizon_years),
        energy(inp, utilization, horizon_years),
        colocation(inp, horizon_years),
        support(inp, horizon_years),
        staff_software(inp, horizon_years),
    )
    if None in parts:
        return None
    c, r, e, co, s, ss = parts
    return c - r + e + co + s + ss  # type: ignore[operator]


def cloud_on_demand(
    inp: CostInputs, utilization: float | None = None, horizon_years: float | None = None
) -> float | None:
    """cloud_on_demand = gpu_count × H × u × on_demand_price."""
    p = inp.cloud_usd_per_gpu_hour
    return None if p is None else inp.gpu_count * hours(inp, horizon_years) * _u(inp, utilization) * p


def cloud_reserved(inp: CostInputs, term: str, horizon_years: float | None = None) -> float | None:
    """cloud_reserved_{1y,3y} = gpu_count × H × reserved_price (paid for every hour, used or not)."""
    p = inp.reserved_1y_usd_per_gpu_hour if term == "1y" else inp.reserved_3y_usd_per_gpu_hour
    return None if p is None else inp.gpu_count * hours(inp, horizon_years) * p


def cloud_spot(inp: CostInputs, utilization: float | None = None, horizon_years: float | None = None) -> float | None:
    """cloud_spot = gpu_count × H × u × spot_price / (1 − spot_lost_fraction)."""
    p = inp.spot_usd_per_gpu_hour
    if p is None:
        return None
    used = inp.gpu_count * hours(inp, horizon_years) * _u(inp, utilization)
    return used * p / (1 - inp.spot_lost_fraction)


def breakeven_utilization(inp: CostInputs, horizon_years: float | None = None) -> float | None:
    """The u in [0, 1] where onprem_tco(u) = cloud_on_demand(u); None if none.

    Both are linear in u: onprem_tco(u) = a + b·u with a = onprem_tco(0), b = onprem_tco(1) − onprem_tco(0)
    (the energy slope), cloud_on_demand(u) = c·u with c = gpu_count × H × on_demand_price.
    So u* = a / (c − b).
    """
    a = onprem_tco(inp, 0.0, horizon_years)
    one = onprem_tco(inp, 1.0, horizon_years)
    c = cloud_on_demand(inp, 1.0, horizon_years)
    if a is None or one is None or c is None:
        return None
    b = one - a
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
    tco = onprem_tco(inp, utilization, horizon_years)
    u = _u(inp, utilization)
    if tco is None or tokens_per_second is None or tokens_per_second <= 0 or u <= 0:
        return None
    return tco / (tokens_per_second * 3600 * hours(inp, horizon_years) * u) * 1e6


def job_cloud_on_demand(inp: CostInputs, gpu_hours: float | None) -> float | None:
    """job_cloud_on_demand = gpu_hours × on_demand_price."""
    p = inp.cloud_usd_per_gpu_hour
    return None if p is None or gpu_hours is None else gpu_hours * p


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
    leaves out the sensitivity views (tornado, utilization curve, TCO by horizon), which a sweep row does not
    show; every §4.3 figure is the same either way."""
    from . import cost_analysis as ca

    rate = inputs.rate

    def m(v: float | None) -> float | None:
        return None if v is None else v * rate

    flows = ca.cash_flows(inputs)
    pv_own, pv_rent, npv = ca.present_values(inputs, flows)
    tornado_base, tornado = ca.tornado(inputs) if detail else (None, ())
    return CostEstimate(
        currency=inputs.currency,
        rate=rate,
        cloud_on_demand=m(cloud_on_demand(inputs)),
        cloud_reserved_1y=m(cloud_reserved(inputs, "1y")),
        cloud_reserved_3y=m(cloud_reserved(inputs, "3y")),
        cloud_spot=m(cloud_spot(inputs)),
        onprem_capex=m(capex(inputs)),
        onprem_tco=m(onprem_tco(inputs)),
        breakeven_utilization=breakeven_utilization(inputs),
        per_million_tokens=m(per_million_tokens(inputs, tokens_per_second)),
        job_cloud_on_demand=m(job_cloud_on_demand(inputs, gpu_hours)),
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
        irr=ca.irr(flows.incremental) if flows.incremental is not None else None,
        payback_years=ca.payback_years(flows.incremental),
        crossover_month=ca.crossover_month(inputs),
        equivalent_annual_cost=m(ca.equivalent_annual_cost(inputs, pv_own)),
        tco_by_horizon=ca.tco_by_horizon(inputs, rate) if detail else (),
        utilization_curve=ca.utilization_curve(inputs, rate=rate) if detail else (),
        tornado_base=m(tornado_base),
        tornado=tuple(ca.TornadoBar(b.input, b.low * rate, b.high * rate) for b in tornado),
        inputs=inputs,
    )
