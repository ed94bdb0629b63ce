"""Yearly cash flows of a TCO block: owning (capex, energy, colocation, support, staff, residual), renting on
demand, and buying instead of renting with its payback candidates (docs/estimation_cost.md §4.1)."""

from __future__ import annotations

from ...cells import col
from .tco_block import FX, RESIDUAL_FLAG_ROW, TcoBlock

OWN_PARTS = ("cf_capex", "cf_energy", "cf_colo", "cf_support", "cf_staff", "cf_lead")


def write(blk: TcoBlock) -> None:
    _own(blk)
    _rent(blk)
    _buy_instead_of_rent(blk)


def _cumulative(blk: TcoBlock, key: str, c: int) -> str:
    return f"SUM(${blk.y0c}{blk.rows[key]}:{col(c)}{blk.rows[key]})"


def _own(blk: TcoBlock) -> None:
    c_, y_, yr, w, K, cur = blk.c_, blk.y_, blk.yr, blk.w, blk.known, blk.cur
    blk.across("cf_capex", "Capex (year 0)", cur, lambda c: f"IF({yr(c)}=0,{c_('capex')},0)", guard=K)
    blk.across("cf_energy", "Energy (w_y × full year)", cur, lambda c: f"{w(c)}*{y_('energy_full', c)}", guard=K)
    blk.across("cf_colo", "Colocation", cur, lambda c: f"{w(c)}*{c_('colo_py')}", guard=K)
    blk.across("cf_support", "Support and maintenance", cur, lambda c: f"{w(c)}*{c_('support_py')}", guard=K)
    blk.across("cf_staff", "Staff and software", cur, lambda c: f"{w(c)}*{c_('staff_py')}", guard=K)
    # core/cost_analysis.py lead_time_series: year y holds MIN(12, MAX(0, L − 12 (y − 1))) months of renting
    L, per_month = blk.n("lead_time_months"), "eng_gpu_count*in_hours_per_year/in_months_per_year*in_utilization"
    blk.across(
        "cf_lead",
        "Lead time rented on demand (months in the year × GPUs × 730 h × u × price)",
        cur,
        lambda c: (
            f"IF(OR({yr(c)}=0,{L}=0),0,MIN(in_months_per_year,MAX(0,{L}-in_months_per_year*({yr(c)}-1)))"
            f"*{per_month}*{blk.od_price}*{FX})"
        ),
        guard=K,
    )
    blk.across(
        "cf_residual",
        "Residual value (sale value, subtracted)",
        cur,
        lambda c: f"{col(c)}${RESIDUAL_FLAG_ROW}*{c_('residual')}",
        guard=K,
    )
    blk.across(
        "own",
        "Own: cash out",
        cur,
        lambda c: "+".join(y_(k, c) for k in OWN_PARTS) + f"-{y_('cf_residual', c)}",
        guard=K,
    )
    blk.across(
        "own_cum",
        "Own: cumulative, resale credited at the horizon",
        cur,
        lambda c: _cumulative(blk, "own", c),
        total=False,
        guard=K,
    )


def _rent(blk: TcoBlock) -> None:
    """core/cost_analysis.py rent_series: w_y × (GPU-hours × (1 + cloud support) + a year of storage), and the
    egress once, in the year the horizon ends."""
    w, c_, OD, cur = blk.w, blk.c_, blk.od_known, blk.cur
    sf = blk.n("cloud_support_fraction")
    blk.across(
        "rent",
        "Rent on demand = w_y × (GPUs × 8760 × u × price × (1 + cloud support) + storage a year) + egress",
        cur,
        lambda c: (
            f"{w(c)}*(eng_gpu_count*in_hours_per_year*in_utilization*{blk.od_price}*{FX}*(1+{sf})"
            f"+{c_('cloud_storage_py')})+{col(c)}${RESIDUAL_FLAG_ROW}*{c_('cloud_egress')}"
        ),
        guard=OD,
    )
    blk.across("rent_cum", "Rent: cumulative", cur, lambda c: _cumulative(blk, "rent", c), total=False, guard=OD)


def _buy_instead_of_rent(blk: TcoBlock) -> None:
    y_, yr, both, cur, rows = blk.y_, blk.yr, blk.both, blk.cur, blk.rows
    blk.across(
        "inc", "Buying instead of renting: rent − own", cur, lambda c: f"{y_('rent', c)}-{y_('own', c)}", guard=both
    )
    blk.across(
        "inc_cum",
        "Buying instead of renting: cumulative",
        cur,
        lambda c: _cumulative(blk, "inc", c),
        total=False,
        guard=both,
    )
    # The previous-year cell of year 0 is the spacer column D (empty = 0): no payback candidate there.
    blk.across(
        "payback_c",
        "Payback if reached in this year: (y − 1) + −cumulative(y − 1) / flow(y)",
        "years",
        lambda c: (
            f"IF(AND({col(c - 1)}{rows['inc_cum']}<0,{y_('inc_cum', c)}>=0),"
            f'({yr(c)}-1)+(-{col(c - 1)}{rows["inc_cum"]})/{y_("inc", c)},"")'
        ),
        "num2",
        total=False,
        guard=both,
    )
