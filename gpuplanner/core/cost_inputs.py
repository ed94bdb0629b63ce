"""The inputs of the cost model (spec §4.3.1): the scenario's `[cost]` table resolved against the catalog's site
profile, default offers and node type into one `CostInputs`, checked, with the source of every default."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace

from .catalog import DEFAULT_SITE, Catalog, CatalogError
from .errors import InputError
from .fabric import fabric
from .residual import Curve, parse_curve
from .scenario import COST_TIERS, CURRENCIES, CostSettings
from .suggest import did_you_mean

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
    "lead_time_months",
)
# Keys with no catalog default: None (leasing) or the stated default when the scenario leaves them out.
_OPTIONAL_KEYS: Mapping[str, tuple[float | None, str]] = {
    # A colocation rate is the provider's facility (building, cooling, power plant) priced per kW-month, so
    # a colocated or own-room cluster adds no one-off facility cost unless the scenario states one.
    "facility_usd_per_node": (0.0, "default 0: the facility is in the colocation rate (spec §4.3.1)"),
    # Renting beyond GPU-hours: off unless given, so a default rent-vs-buy compares list GPU-hour prices.
    # Published reference prices (docs/estimation_cost.md): egress $0.09/GB = $90/TB on AWS/Azure, $0.12/GB
    # on GCP (Thunder Compute, "Understanding Egress Fees On Cloud GPUs").
    "cloud_storage_usd_per_tb_month": (0.0, "default 0: cloud storage not counted unless given"),
    "cloud_egress_usd_per_tb": (0.0, "default 0: egress not counted unless given"),
    "cloud_support_fraction": (0.0, "default 0: no paid support plan unless given"),
    "lease_usd_per_node_month": (None, "not given: no lease price (onprem_lease_tco is null)"),
    "lease_term_months": (None, "not given: the lease runs the whole horizon"),
    "lease_buyout_fraction": (0.0, "default 0: no buy-out payment"),
}


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
    # issue #23 (spec §4.3.1)
    node_power_draw_kw: float | None = None  # one node drawing at full training load (P_draw); None: P_full
    residual_curve: Curve | None = None  # resale fraction by age; None: straight line over depreciation_years
    facility_usd_per_node: float | None = 0.0
    cloud_storage_usd_per_tb_month: float = 0.0
    cloud_egress_usd_per_tb: float = 0.0
    cloud_support_fraction: float = 0.0
    cloud_storage_tb: float | None = None  # data held in the cloud over the horizon (checkpoints, dataset)
    cloud_egress_tb: float | None = None  # data taken out once (the trained model)
    lease_usd_per_node_month: float | None = None
    lease_term_months: float | None = None
    lease_buyout_fraction: float = 0.0
    lead_time_months: float = 0.0
    site: str | None = None
    node: str | None = None
    sources: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sources", dict(self.sources))
        if self.node_power_draw_kw is None and self.node_power_full_kw is not None:
            # no training-draw figure: the node draws its rating (the pre-issue-#23 model)
            object.__setattr__(self, "node_power_draw_kw", self.node_power_full_kw)
        if self.residual_curve is not None:
            object.__setattr__(self, "residual_curve", tuple((float(a), float(f)) for a, f in self.residual_curve))
        _validate(self)

    def __hash__(self) -> int:
        """The dataclass hash (every compared field), computed once, when first asked for: the cost lines'
        cache looks the inputs up about 50 times per estimate (an eighth of a sweep row's cost estimate when
        hashed each time)."""
        found = self.__dict__.get("_hash")
        if found is None:
            found = hash(tuple(getattr(self, name) for name in _HASHED_FIELDS))
            object.__setattr__(self, "_hash", found)
        return int(found)

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

    def without_cloud_extras_but_egress(self) -> CostInputs:
        """A copy with no cloud support uplift and no storage (the egress alone, for the cash flows): zeros are
        always valid, so the copy is not validated again (validation was a sixth of a sweep row's cost)."""
        new = object.__new__(CostInputs)
        new.__dict__.update(self.__dict__, cloud_support_fraction=0.0, cloud_storage_usd_per_tb_month=0.0)
        new.__dict__.pop("_hash", None)  # other fields: hashed again when asked for
        return new


_HASHED_FIELDS = tuple(f.name for f in fields(CostInputs) if f.compare)
NUMBER_FIELDS = tuple(
    f.name for f in fields(CostInputs) if f.name not in ("currency", "site", "node", "sources", "residual_curve")
)

# Where a bad value is reported: the scenario key that sets it.
_KEY_OF: Mapping[str, str] = {
    "gpu_count": "hardware.gpu_count",
    "gpus_per_node": "hardware.gpus_per_node",
    "node_power_idle_kw": "hardware.node",
    "node_power_draw_kw": "hardware.node",
    "node_power_full_kw": "hardware.node",
    "residual_curve": "cost.residual_fraction",
    "cloud_storage_tb": "cluster.storage_bytes",
    "cloud_egress_tb": "goodput.checkpoint_bytes",
}


# Inputs whose scenario key differs from their name, when the scenario set them.
_SCENARIO_KEY_OF: Mapping[str, str] = {
    "node_power_idle_kw": "cost.node_idle_power_kw",
    "node_power_draw_kw": "cost.node_power_kw",
}


def key_of(name: str) -> str:
    """The scenario key that sets input `name` (for error messages and the workbook)."""
    return _KEY_OF.get(name, f"cost.{name}")


def _validate(inp: CostInputs) -> None:
    def bad(name: str, problem: str) -> InputError:
        src = inp.source(name)
        origin = "" if src in ("scenario", "input") else f" (from {src})"
        key = _SCENARIO_KEY_OF.get(name, key_of(name)) if src == "scenario" else key_of(name)
        return InputError(f"{problem}, got {getattr(inp, name)!r}{origin}", key=key)

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
        "cloud_support_fraction": (0, 1, True, "must be a fraction from 0 to 1"),
        "lease_buyout_fraction": (0, 1, True, "must be a fraction from 0 to 1"),
        "lease_term_months": (0, math.inf, False, "must be more than 0 months"),
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
        "node_power_draw_kw",
        "facility_usd_per_node",
        "cloud_storage_usd_per_tb_month",
        "cloud_egress_usd_per_tb",
        "cloud_storage_tb",
        "cloud_egress_tb",
        "lease_usd_per_node_month",
        "lead_time_months",
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
    if (
        inp.node_power_idle_kw is not None
        and inp.node_power_draw_kw is not None
        and inp.node_power_idle_kw > inp.node_power_draw_kw
    ):
        which = "node_power_idle_kw" if inp.source("node_power_idle_kw") == "scenario" else "node_power_draw_kw"
        raise bad(which, f"idle power {inp.node_power_idle_kw} kW must not exceed the training draw")
    if inp.residual_curve is not None and not all(
        a > 0 and 0 <= f <= 1 and math.isfinite(a) for a, f in inp.residual_curve
    ):
        raise bad("residual_curve", "must be ages above 0 with fractions from 0 to 1")
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
    storage_bytes: float | None = None,
    egress_bytes: float | None = None,
) -> CostInputs:
    """Scenario values win; else the catalog: site profile (`settings.site` or DEFAULT_SITE), the GPU's
    default offers per tier, its default node type (or `node_id`).

    The site's staff default is `staff_usd_per_year + nodes × staff_usd_per_node_year` (a fixed part and
    a part that scales with the cluster); a scenario `staff_usd_per_year` replaces both.

    When `gpus_per_node` differs from the node type's, the node's price and power are scaled by
    gpus_per_node / node.gpus_per_node (said so in the source); network and install stay per node.

    Network per node (spec §4.3.1 fabric): the scenario's `network_usd_per_node`, else the fabric model's cost
    of switch tiers and links for this node count divided by the nodes (fabric.py), else the node type's flat
    share. Power: P_draw = `node_power_kw`, else the node type's measured training draw, else its rating;
    colocation stays on the rating. Residual: `residual_fraction`, else the node type's resale curve, else the
    straight line. `storage_bytes`/`egress_bytes` (the estimate's storage and checkpoint) size the cloud extras.
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
    for name, (fallback, why) in _OPTIONAL_KEYS.items():
        scenario_or(name, fallback, why)
    for name, volume in (("cloud_storage_tb", storage_bytes), ("cloud_egress_tb", egress_bytes)):
        values[name] = None if volume is None else volume / 1e12
        sources[name] = "the estimate" if volume is not None else "not sized: no estimate given"
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
    if settings.node_idle_power_kw is not None:
        values["node_power_idle_kw"], sources["node_power_idle_kw"] = settings.node_idle_power_kw, "scenario"
    if settings.node_power_kw is not None:
        values["node_power_draw_kw"], sources["node_power_draw_kw"] = settings.node_power_kw, "scenario"
    elif node.power_draw_kw is not None:
        values["node_power_draw_kw"] = node.power_draw_kw * scale
        sources["node_power_draw_kw"] = f"{scaled_src}: measured training draw (power_draw_kw)"
    else:
        values["node_power_draw_kw"] = values["node_power_full_kw"]
        sources["node_power_draw_kw"] = f"{scaled_src}: no training-draw measurement, the rating (power_full_kw)"
    if settings.residual_fraction is not None:
        values["residual_curve"], sources["residual_curve"] = settings.residual_fraction, "scenario"
    else:
        curve = parse_curve(node.residual_by_age)  # validated by the catalog loader
        values["residual_curve"] = curve
        sources["residual_curve"] = (
            f"{node_src}: resale curve {node.residual_by_age}"
            if curve
            else f"straight line over depreciation_years: node {node.id} has no published resale curve"
        )
    n_nodes = -(-gpu_count // gpn) if isinstance(gpu_count, int) and gpn >= 1 else 0
    if settings.network_usd_per_node is None and n_nodes >= 1:
        gbits = None if node.network_gb_per_s_per_gpu is None else node.network_gb_per_s_per_gpu * 8
        fab = fabric(n_nodes, gpn, gbits)
        if fab is not None:
            values["network_usd_per_node"] = fab.fabric_usd / n_nodes
            sources["network_usd_per_node"] = f"{fab.describe()} / {n_nodes} node(s)"
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
