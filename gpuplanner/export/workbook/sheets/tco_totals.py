"""End of a TCO block: totals at the comparison horizons (1, 3, 5 years), conditional formats, the cells other
sheets point at, the defined names of the main option (spec §4.4), and the block's reconciliation checks."""

from __future__ import annotations

from openpyxl.formatting.rule import CellIsRule

from ...cells import FILL_BAD, FONT_BAD, F, col, put, sheet_ref
from ..layout import COMPARISON_HORIZONS
from .tco_block import SHEET, TcoBlock
from .tco_lines import default_var
from .tco_onprem import residual_formula
from .tco_results import extra_line

TIERS = (
    ("On-prem TCO", "onprem"),
    ("Cloud on-demand", "od"),
    ("Cloud reserved 1 year", "r1"),
    ("Cloud reserved 3 years", "r3"),
    ("Cloud spot", "spot"),
)
# Cells of the block that other sheets read (Option.cells); the crossover cell itself is filled by tco_months.
SHARED_CELLS = (
    "capex",
    "onprem_tco",
    "cloud_on_demand",
    "cloud_reserved_1y",
    "cloud_reserved_3y",
    "cloud_spot",
    "breakeven",
    "per_million_tokens",
    "job_cloud_on_demand",
    "pv_own",
    "pv_rent",
    "npv_own_minus_rent",
    "npv_buy",
    "irr",
    "payback",
    "eac",
    "owning_per_gpu_hour",
    "onprem_at_zero",
    "energy_slope",
    "cloud_at_full",
    "cloud_at_zero",
    "onprem_lease_tco",
    "nodes",
    "known",
    "od_known",
    "residual",
    "power_kw",
    "crossover",
)
# Defined names of the main option -> block row.
MAIN_NAMES = (
    ("out_cloud_on_demand", "cloud_on_demand"),
    ("out_cloud_reserved_1y", "cloud_reserved_1y"),
    ("out_cloud_reserved_3y", "cloud_reserved_3y"),
    ("out_onprem_tco", "onprem_tco"),
    ("out_per_million_tokens", "per_million_tokens"),
    ("out_breakeven_utilization", "breakeven"),
    ("calc_capex", "capex"),
    ("calc_cloud_spot", "cloud_spot"),
    ("calc_job_cloud_on_demand", "job_cloud_on_demand"),
    ("calc_pv_own", "pv_own"),
    ("calc_pv_rent", "pv_rent"),
    ("calc_npv_own_minus_rent", "npv_own_minus_rent"),
    ("calc_irr", "irr"),
    ("calc_payback_years", "payback"),
    ("calc_crossover_month", "crossover"),
    ("calc_equivalent_annual_cost", "eac"),
    ("calc_onprem_tco_discounted", "pv_own"),  # CostEstimate.onprem_tco_discounted is PV(own)
    ("calc_owning_usd_per_gpu_hour", "owning_per_gpu_hour"),
    ("calc_onprem_lease_tco", "onprem_lease_tco"),  # "not given" without a lease price
)


def write(blk: TcoBlock) -> None:
    _horizon_totals(blk)
    _conditional_formats(blk)
    _publish(blk)
    _checks(blk)


def _tier_formulas(blk: TcoBlock, weight_row: int, hc: str) -> dict[str, str]:
    """The five tiers' totals over the horizon in cell `hc`, with that horizon's year weights: the same cost
    lines rendered at Y = hc (core/cost_analysis.py tco_by_horizon)."""
    n, c_, K = blk.n, blk.c_, blk.known
    y0c, yNc, wr, opex = blk.y0c, blk.yNc, weight_row, blk.rows["opex_full"]

    def at_h(v: str) -> str:
        return hc if v == "Y" else default_var(v)

    def tier(line: str, price: str) -> str:
        """The GPU-hour line at Y = hc (hours written out) with the extras at Y = hc."""
        gpu = blk.line(line, var=at_h, inline=("hours",))
        storage = extra_line(blk, "cloud_storage", "cloud_storage_usd_per_tb_month", "cloud_storage_tb", var=at_h)
        sf = n("cloud_support_fraction")
        return (
            f"IF(AND(ISNUMBER({n(price)}),ISNUMBER({storage}),ISNUMBER({c_('cloud_egress')})),"
            f'{gpu}*(1+{sf})+{storage}+{c_("cloud_egress")},"")'
        )

    return {
        "onprem": f"IF({K},{c_('capex')}-{residual_formula(blk, hc, c_('capex'))}"
        f"+SUMPRODUCT(${y0c}${wr}:${yNc}${wr},${y0c}${opex}:${yNc}${opex})+{c_('lead_if_any')}," + '"")',
        "od": tier("cloud_on_demand_gpu", "cloud_usd_per_gpu_hour"),
        "r1": tier("cloud_reserved_1y_gpu", "reserved_1y_usd_per_gpu_hour"),
        "r3": tier("cloud_reserved_3y_gpu", "reserved_3y_usd_per_gpu_hour"),
        "spot": tier("cloud_spot_gpu", "spot_usd_per_gpu_hour"),
    }


def _horizon_totals(blk: TcoBlock) -> None:
    ws, rows, ycols, b = blk.ws, blk.rows, blk.ycols, blk.b
    hdr = rows["totals_header"]
    put(ws, hdr, 1, "Totals at 1, 3 and 5 years (at the utilization above)", "section")
    put(ws, hdr, 3, "Horizon (years)", "header")
    for i, (label, _) in enumerate(TIERS):
        put(ws, hdr, ycols[i], b.t(label), "header")
    for h, key in zip(COMPARISON_HORIZONS, ("total_1", "total_3", "total_5"), strict=True):
        rr = rows[key]
        wr = blk.weight_rows[h]
        hc = f"$C${wr}"
        put(ws, rr, 1, "Totals over the horizon in column C", "text")
        put(ws, rr, 2, blk.cur, "text")
        put(ws, rr, 3, F(hc), "link", "0")
        formulas = _tier_formulas(blk, wr, hc)
        for i, (_, tier) in enumerate(TIERS):
            put(ws, rr, ycols[i], F(formulas[tier]), "calc", b.fmt["money"])
        b.check(
            f"Option {blk.opt.k}: the {h:g}-year total equals the on-prem TCO when the horizon is {h:g} years",
            f"IF(AND({blk.known},in_horizon_years={hc}),{b.close(f'{col(ycols[0])}{rr}', blk.c_('onprem_tco'))},TRUE)",
            SHEET,
        )


def _conditional_formats(blk: TcoBlock) -> None:
    """Negative NPV of buying, owning dearer than renting, and negative cumulative gains in red."""
    ws, rows = blk.ws, blk.rows
    ws.conditional_formatting.add(
        f"C{rows['npv_buy']}", CellIsRule(operator="lessThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD)
    )
    ws.conditional_formatting.add(
        f"C{rows['npv_own_minus_rent']}",
        CellIsRule(operator="greaterThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD),
    )
    ws.conditional_formatting.add(
        f"{blk.y0c}{rows['inc_cum']}:{blk.yNc}{rows['inc_cum']}",
        CellIsRule(operator="lessThan", formula=["0"], font=FONT_BAD),
    )


def _publish(blk: TcoBlock) -> None:
    for key in SHARED_CELLS:
        blk.opt.cells[key] = sheet_ref(SHEET, blk.rows[key], 3)
    if blk.opt.main:
        for out, key in MAIN_NAMES:
            blk.b.define(out, SHEET, blk.rows[key], 3)


def _checks(blk: TcoBlock) -> None:
    b, c_, K, OD, both = blk.b, blk.c_, blk.known, blk.od_known, blk.both
    label = f"Option {blk.opt.k}"
    b.check(
        f"{label}: Σ own cash flows equals the on-prem TCO line",
        f"IF({K},{b.close(c_('own'), c_('onprem_tco'))},TRUE)",
        SHEET,
    )
    b.check(
        f"{label}: the on-prem TCO line equals its closed form a + b × u",
        f"IF({K},{b.close(c_('onprem_tco'), c_('onprem_closed'))},TRUE)",
        SHEET,
    )
    b.check(
        f"{label}: Σ rent cash flows equals cloud on-demand (GPU-hours and cloud extras)",
        f"IF({OD},{b.close(c_('rent'), c_('cloud_on_demand'))},TRUE)",
        SHEET,
    )
    b.check(
        f"{label}: PV(own) − PV(rent) equals −NPV(rent − own)",
        f"IF(AND({both},{blk.has_rate}),{b.close(c_('npv_own_minus_rent'), '-' + c_('npv_buy'))},TRUE)",
        SHEET,
    )
    b.check(
        f"{label}: Σ (rent − own) equals cloud on-demand − on-prem TCO",
        f"IF({both},{b.close(c_('inc'), c_('cloud_on_demand') + '-' + c_('onprem_tco'))},TRUE)",
        SHEET,
    )
