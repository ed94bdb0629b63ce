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
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING

from .catalog import DEFAULT_SITE, Catalog, CatalogError
from .errors import InputError
from .scenario import COST_TIERS, CURRENCIES, CostSettings
from .suggest import did_you_mean

if TYPE_CHECKING:  # cost_analysis imports this module; estimate_cost imports it at call time
    from .cost_analysis import CashFlows, HorizonCost, TornadoBar, UtilizationPoint

HOURS_PER_YEAR = 8760.0
MONTHS_PER_YEAR = 12.0

# Scenario [cost] key of each cloud tier's price.
TIER_KEYS: Mapping[str, str] = {
    "on_demand": "cloud_usd_per_gpu_hour",
    "reserved_1y": "reserved_1y_usd_per_gpu_hour",
    "reserved_3y": "reserved_3y_usd_per_gpu_hour",
    "spot": "spot_usd_per_gpu_hour",
}
_SITE_KEYS = (
    "electricity_usd_per_kwh",
    "pue",
    "colocation_usd_per_kw_month",
    "support_fraction_per_year",
    "staff_usd_per_year",
    "software_usd_per_year",
    "depreciation_years",
    "discount_rate",
    "usd_to_krw",
)
_NODE_KEYS: Mapping[str, str] = {
    "node_price_usd": "price_usd",
    "network_usd_per_node": "network_usd_per_node",
    "install_usd_per_node": "install_usd_per_node",
}
_PLAIN_KEYS = (
    "horizon_years",
    "utilization",
    "spot_lost_fraction",
    "electricity_escalation_per_year",
    "import_tax_fraction",
)


@dataclass(frozen=True)
class CostInputs:
    """Every input of spec §4.3.1 resolved to a number (money in USD), with where each came from.

    None = nobody published it (no spot offer, no node price): the outputs that need it are None.
    `sources[name]` says where `name` came from ("scenario", "site us-colo (catalog)", ...); the Excel
    exporter writes it as the Source column. Construction validates every value (InputError names the key).
    """

    gpu_count: int
    gpus_per_node: int
    node_power_idle_kw: float | None  # one node, idle (P_idle)
    node_power_full_kw: float | None  # one node, full training load (P_full)
    horizon_years: float = 3.0
    utilization: float = 0.7
    currency: str = "USD"
    usd_to_krw: float | None = None
    cloud_usd_per_gpu_hour: float | None = None  # on-demand
    reserved_1y_usd_per_gpu_hour: float | None = None
    reserved_3y_usd_per_gpu_hour: float | None = None
    spot_usd_per_gpu_hour: float | None = None
    spot_lost_fraction: float = 0.1
    node_price_usd: float | None = None
    network_usd_per_node: float | None = None
    install_usd_per_node: float | None = None
    import_tax_fraction: float = 0.0
    electricity_usd_per_kwh: float | None = None
    electricity_escalation_per_year: float = 0.0
    pue: float | None = None
    colocation_usd_per_kw_month: float | None = None
    support_fraction_per_year: float | None = None
    staff_usd_per_year: float | None = None
    software_usd_per_year: float | None = None
    discount_rate: float | None = None
    depreciation_years: float | None = None
    site: str | None = None
    node: str | None = None
    sources: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sources", dict(self.sources))
        _validate(self)

    def source(self, name: str) -> str:
        return self.sources.get(name, "input")

    @property
    def rate(self) -> float:
        """Multiplier from USD to the output currency (1 for USD)."""
        if self.currency == "KRW":
            assert self.usd_to_krw is not None  # validated
            return self.usd_to_krw
        return 1.0

    def with_(self, **changes: object) -> CostInputs:
        """A copy with some inputs changed (validated again)."""
        return replace(self, **changes)  # type: ignore[arg-type]


NUMBER_FIELDS = tuple(f.name for f in fields(CostInputs) if f.name not in ("currency", "site", "node", "sources"))

# Where a bad value is reported: the scenario key that sets it.
_KEY_OF: Mapping[str, str] = {
    "gpu_count": "hardware.gpu_count",
    "gpus_per_node": "hardware.gpus_per_node",
    "node_power_idle_kw": "hardware.node",
    "node_power_full_kw": "hardware.node",
}


def key_of(name: str) -> str:
    """The scenario key that sets input `name` (for error messages and the workbook)."""
    return _KEY_OF.get(name, f"cost.{name}")


def _validate(inp: CostInputs) -> None:
    def bad(name: str, problem: str) -> InputError:
        src = inp.source(name)
        origin = "" if src in ("scenario", "input") else f" (from {src})"
        return InputError(f"{problem}, got {getattr(inp, name)!r}{origin}", key=key_of(name))

    for name in NUMBER_FIELDS:
        v = getattr(inp, name)
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            raise bad(name, "must be a finite number")
    for name in ("gpu_count", "gpus_per_node"):
        v = getattr(inp, name)
        if not isinstance(v, int) or v < 1:
            raise bad(name, "must be a whole number of at least 1")
    if inp.currency not in CURRENCIES:
        choices = ", ".join(CURRENCIES)
        raise bad("currency", f"must be one of {choices}" + did_you_mean(inp.currency, CURRENCIES))
    rules: dict[str, tuple[float, float, bool, str]] = {  # low, high, low inclusive, problem
        "horizon_years": (0, math.inf, False, "must be more than 0 years"),
        "utilization": (0, 1, True, "must be a fraction from 0 to 1"),
        "spot_lost_fraction": (0, 1, True, "must be a fraction from 0 up to (not including) 1"),
        "support_fraction_per_year": (0, 1, True, "must be a fraction from 0 to 1 per year"),
        "pue": (1, math.inf, True, "must be at least 1 (1 = no cooling overhead)"),
        "depreciation_years": (0, math.inf, False, "must be more than 0 years"),
        "usd_to_krw": (0, math.inf, False, "must be more than 0 (KRW per USD)"),
        "electricity_escalation_per_year": (-1, math.inf, False, "must be more than -1 (-100% per year)"),
        "discount_rate": (-1, math.inf, False, "must be more than -1 (-100% per year)"),
    }
    for name in (
        "cloud_usd_per_gpu_hour",
        "reserved_1y_usd_per_gpu_hour",
        "reserved_3y_usd_per_gpu_hour",
        "spot_usd_per_gpu_hour",
        "node_price_usd",
        "network_usd_per_node",
        "install_usd_per_node",
        "import_tax_fraction",
        "electricity_usd_per_kwh",
        "colocation_usd_per_kw_month",
        "staff_usd_per_year",
        "software_usd_per_year",
        "node_power_idle_kw",
        "node_power_full_kw",
    ):
        rules[name] = (0, math.inf, True, "must not be negative")
    for name, (lo, hi, lo_incl, problem) in rules.items():
        v = getattr(inp, name)
        if v is None:
            continue
        if v < lo or (v == lo and not lo_incl) or v > hi or (name == "spot_lost_fraction" and v >= 1):
            raise bad(name, problem)
    if (
        inp.node_power_idle_kw is not None
        and inp.node_power_full_kw is not None
        and inp.node_power_idle_kw > inp.node_power_full_kw
    ):
        raise bad("node_power_idle_kw", f"idle power must not exceed full power {inp.node_power_full_kw} kW")
    if inp.currency == "KRW" and inp.usd_to_krw is None:
        raise bad("usd_to_krw", "is needed for currency KRW")


# ---------------------------------------------------------------------------------------------------------
# Resolving the scenario's [cost] table against the catalog


def resolve_cost_inputs(
    settings: CostSettings,
    catalog: Catalog,
    gpu_id: str,
    *,
    gpu_count: int,
    gpus_per_node: int | None,
    node_id: str | None,
) -> CostInputs:
    """Scenario values win; else the catalog: site profile (`settings.site` or DEFAULT_SITE), the GPU's
    default offers per tier, its default node type (or `node_id`).

    The site's staff default is `staff_usd_per_year + nodes × staff_usd_per_node_year` (a fixed part and
    a part that scales with the cluster); a scenario `staff_usd_per_year` replaces both.

    When `gpus_per_node` differs from the node type's, the node's price and power are scaled by
    gpus_per_node / node.gpus_per_node (said so in the source); network and install stay per node.
    """
    site_id = settings.site or DEFAULT_SITE
    try:
        site = catalog.site(site_id)
    except CatalogError:
        raise InputError(f"unknown site {site_id!r}" + did_you_mean(site_id, catalog.sites), key="cost.site") from None
    try:
        node = catalog.node(node_id) if node_id else catalog.default_node(gpu_id)
    except CatalogError as err:
        raise InputError(err.detail, key="hardware.node" if node_id else "hardware.gpu") from None

    values: dict[str, object] = {}
    sources: dict[str, str] = {}
    defaults = CostSettings()

    def scenario_or(name: str, fallback: object, fallback_source: str) -> None:
        given = getattr(settings, name)
        if given is not None:
            values[name], sources[name] = given, "scenario"
        else:
            values[name], sources[name] = fallback, fallback_source

    for name in _PLAIN_KEYS:
        v = getattr(settings, name)
        values[name] = v
        sources[name] = "scenario" if v != getattr(defaults, name) else "default (spec §4.3.1)"
    values["currency"], sources["currency"] = settings.currency, "scenario"
    site_src = f"site {site.id} (catalog)"
    for name in _SITE_KEYS:
        scenario_or(name, getattr(site, name), site_src)
    for tier in COST_TIERS:
        offer = catalog.default_offer(gpu_id, tier)
        if offer is None:
            scenario_or(TIER_KEYS[tier], None, f"not published: no default {tier} offer for {gpu_id} in the catalog")
        else:
            scenario_or(TIER_KEYS[tier], offer.usd_per_gpu_hour, f"offer {offer.id} {tier} (catalog)")

    if gpus_per_node is not None:
        gpn, sources["gpus_per_node"] = gpus_per_node, "scenario"
    else:
        gpn, sources["gpus_per_node"] = node.gpus_per_node, f"node {node.id} (catalog)"
    scale = gpn / node.gpus_per_node
    node_src = f"node {node.id} (catalog)"
    scaled_src = node_src if scale == 1 else f"{node_src}, scaled ×{gpn}/{node.gpus_per_node} GPUs per node"
    for name, attr in _NODE_KEYS.items():
        v = getattr(node, attr)
        src = scaled_src if name == "node_price_usd" else node_src
        if v is None:
            scenario_or(name, None, f"not published: node {node.id} has no {attr} in the catalog")
        else:
            scenario_or(name, v * scale if name == "node_price_usd" else v, src)
    for name, attr in (("node_power_idle_kw", "power_idle_kw"), ("node_power_full_kw", "power_full_kw")):
        v = getattr(node, attr)
        values[name] = None if v is None else v * scale
        sources[name] = scaled_src if v is not None else f"not published: node {node.id} has no {attr}"
    # The site's staff cost has a fixed part and a part per node: staff = fixed + nodes × per_node.
    per_node_staff = getattr(site, "staff_usd_per_node_year", None)
    if settings.staff_usd_per_year is None and per_node_staff:
        n = -(-gpu_count // gpn) if isinstance(gpu_count, int) and gpn >= 1 else 0
        values["staff_usd_per_year"] = site.staff_usd_per_year + n * per_node_staff
        sources["staff_usd_per_year"] = (
            f"{site_src}: {site.staff_usd_per_year:g} fixed + {n} node(s) × {per_node_staff:g} per node-year"
        )
    sources["gpu_count"] = "scenario"
    return CostInputs(gpu_count=gpu_count, gpus_per_node=gpn, site=site.id, node=node.id, sources=sources, **values)  # type: ignore[arg-type]


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


def estimate_cost(inputs: CostInputs, *, tokens_per_second: float | None, gpu_hours: float | None) -> CostEstimate:
    """Every cost output for `inputs`; `tokens_per_second` (whole cluster) and `gpu_hours` come from the
    time estimate (None when unknown: per_million_tokens / job_cloud_on_demand are then None)."""
    from . import cost_analysis as ca

    rate = inputs.rate

    def m(v: float | None) -> float | None:
        return None if v is None else v * rate

    flows = ca.cash_flows(inputs)
    pv_own, pv_rent, npv = ca.present_values(inputs, flows)
    tornado_base, tornado = ca.tornado(inputs)
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
        tco_by_horizon=ca.tco_by_horizon(inputs, rate),
        utilization_curve=ca.utilization_curve(inputs, rate=rate),
        tornado_base=m(tornado_base),
        tornado=tuple(ca.TornadoBar(b.input, b.low * rate, b.high * rate) for b in tornado),
        inputs=inputs,
    )
