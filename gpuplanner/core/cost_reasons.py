"""Why a cost figure is unknown (issue #16 item 6): for each null figure of the cost block, the inputs it
needs that nobody gave or published, named with their source, so the app and the JSON can say which key to
fill in ("missing: node_price_usd (not published: node mi300x-8x-platform has no price_usd in the catalog)")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import NamedTuple

from . import cost_lines as cl
from .cost_inputs import CostInputs

_INPUT_NAMES = frozenset(f.name for f in fields(CostInputs))
_TIER_PRICE = (
    ("cloud_on_demand", "cloud_usd_per_gpu_hour"),
    ("breakeven_utilization", "cloud_usd_per_gpu_hour"),
    ("job_cloud_on_demand", "cloud_usd_per_gpu_hour"),
    ("cloud_reserved_1y", "reserved_1y_usd_per_gpu_hour"),
    ("cloud_reserved_3y", "reserved_3y_usd_per_gpu_hour"),
    ("cloud_spot", "spot_usd_per_gpu_hour"),
)


class UnknownFigure(NamedTuple):
    """Why a cost figure is null: the inputs it needs that nobody gave or published (issue #16 item 6)."""

    figure: str
    missing: tuple[str, ...]  # CostInputs names
    reason: str  # "missing: node_price_usd (not published: node … has no price_usd in the catalog)"


# The inputs each figure reads beyond its cost line (energy, residual and the priced extras are sums and curves
# computed outside the line table).
_ENERGY_INPUTS = ("node_power_idle_kw", "node_power_draw_kw", "pue", "electricity_usd_per_kwh")


def _needs(inp: CostInputs, figure: str) -> tuple[str, ...]:
    names: list[str] = []
    if figure in ("onprem_capex", "onprem_tco", "onprem_lease_tco", "per_million_tokens", "breakeven_utilization"):
        names += cl.references("capex")
    if figure in ("onprem_tco", "onprem_lease_tco", "per_million_tokens", "breakeven_utilization"):
        names += [*_ENERGY_INPUTS, *cl.references("colocation"), *cl.references("support")]
        names += cl.references("staff_software")
        if inp.lead_time_months > 0:
            names.append("cloud_usd_per_gpu_hour")
    if figure in ("onprem_tco", "per_million_tokens", "breakeven_utilization") and not inp.residual_curve:
        names.append("depreciation_years")
    if figure == "onprem_lease_tco":
        names.append("lease_usd_per_node_month")
    tier_price = next((price for f, price in _TIER_PRICE if f == figure), None)
    if tier_price:
        names.append(tier_price)
        if figure != "job_cloud_on_demand":
            if inp.cloud_storage_usd_per_tb_month:
                names.append("cloud_storage_tb")
            if inp.cloud_egress_usd_per_tb:
                names.append("cloud_egress_tb")
    if figure in ("onprem_tco_discounted", "owning_usd_per_gpu_hour"):
        return (*_needs(inp, "onprem_tco"), "discount_rate")
    return tuple(dict.fromkeys(n for n in names if n in _INPUT_NAMES))


def unknown_figures(
    inp: CostInputs, values: Mapping[str, float | None], outputs: Mapping[str, str]
) -> tuple[UnknownFigure, ...]:
    """For each None figure, the inputs it needs that are None, and one line naming them and their source.
    `outputs` names figures that are None for a reason other than an input (no time estimate, no crossing)."""
    out = []
    for figure, value in values.items():
        if value is not None:
            continue
        missing = tuple(n for n in _needs(inp, figure) if getattr(inp, n) is None)
        if missing:
            reason = "missing: " + "; ".join(f"{n} ({inp.source(n)})" for n in missing)
        else:
            reason = outputs.get(figure, "not applicable")
        out.append(UnknownFigure(figure, missing, reason))
    return tuple(out)
