"""Results of a TCO block in column C: on-prem TCO (summed and in closed form a + b × u), the cloud tiers,
break-even utilization, cost per million tokens, and the finance view (PV, NPV, IRR, payback, equivalent
annual cost). Formulas of spec §4.3.1 and gpuplanner/core/cost.py, cost_analysis.py."""

from __future__ import annotations

from collections.abc import Callable

from ...cells import put
from .tco_block import FX, WEIGHT_ROW, YEAR_HEADER_ROW, TcoBlock
from .tco_lines import default_var


def write(blk: TcoBlock) -> None:
    _onprem(blk)
    _cloud(blk)
    _per_unit(blk)
    _finance(blk)


def _energy_weighted(blk: TcoBlock) -> str:
    """Σ w_y × price_y over years 1..N (the energy of one kW-year at the horizon's weights)."""
    pf = blk.rows["price_factor"]
    return f"SUMPRODUCT(${blk.y1c}${WEIGHT_ROW}:${blk.yNc}${WEIGHT_ROW},{blk.y1c}{pf}:{blk.yNc}{pf})"


def _onprem(blk: TcoBlock) -> None:
    n, c_, K, cur = blk.n, blk.c_, blk.known, blk.cur
    IDLE, DRAW = n("node_power_idle_kw"), n("node_power_draw_kw")
    blk.scalar(
        "onprem_tco",
        "On-prem TCO = capex − residual + energy + colocation + support + staff/software + lead time (undiscounted)",
        cur,
        f'IF({K},{blk.line("onprem_tco")},"")',
        style="bold",
    )
    _lease(blk)
    lead_slope = f"IF({n('lead_time_months')}=0,0,{blk.line('lead_time_rent', var=_at_u(1))})"
    blk.scalar(
        "energy_slope",
        "b: added by utilization = nodes × (P_draw − P_idle) × PUE × 8760 × Σ w_y × price_y + lead time at u = 1",
        cur,
        f'IF({K},{c_("nodes")}*({DRAW}-{IDLE})*{n("pue")}*in_hours_per_year*{_energy_weighted(blk)}+{lead_slope},"")',
    )
    blk.scalar(
        "onprem_at_zero",
        "a: on-prem TCO at 0 % utilization (idle power)",
        cur,
        f"IF({K},{c_('capex')}-{c_('residual')}+{c_('nodes')}*{IDLE}*{n('pue')}*in_hours_per_year"
        f"*{_energy_weighted(blk)}"
        f'+{c_("colocation")}+{c_("support")}+{c_("staff_software")},"")',
    )
    blk.scalar(
        "onprem_closed",
        "On-prem TCO, closed form a + b × u",
        cur,
        f'IF({K},{c_("onprem_at_zero")}+{c_("energy_slope")}*in_utilization,"")',
    )


def _at_u(u: float) -> Callable[[str], str]:
    return lambda v: repr(u) if v == "u" else default_var(v)


def _lease(blk: TcoBlock) -> None:
    """core/cost.py lease_payments and onprem_lease_tco (spec §4.3.1): a row only when a lease price is given."""
    n, c_, K, cur = blk.n, blk.c_, blk.known, blk.cur
    label = "Lease payments = nodes × lease × MIN(12 Y, term) + buy-out × capex if the term ends in the horizon"
    tco_label = "Leased on-prem TCO = lease payments + energy + colocation + support + staff/software + lead time"
    if blk.opt.inputs.lease_usd_per_node_month is None:
        for key, text in (("lease_payments", label), ("onprem_lease_tco", tco_label)):
            put(blk.ws, blk.rows[key], 1, blk.b.t(text), "text")
            put(blk.ws, blk.rows[key], 2, blk.b.t(cur), "text")
            put(blk.ws, blk.rows[key], 3, blk.b.t("not given"), "text")
        return
    months, term = "in_months_per_year*in_horizon_years", n("lease_term_months")
    term_or_all = f"IF(ISNUMBER({term}),{term},{months})"
    bo = n("lease_buyout_fraction")
    blk.scalar(
        "lease_payments",
        label,
        cur,
        f"IF({K},{c_('nodes')}*{n('lease_usd_per_node_month')}*{FX}*MIN({months},{term_or_all})"
        f'+IF(AND({bo}>0,{term_or_all}<={months}),{bo}*{c_("capex")},0),"")',
    )
    blk.scalar(
        "onprem_lease_tco",
        tco_label,
        cur,
        f"IF({K},{c_('lease_payments')}+{c_('cf_energy')}+{c_('colocation')}+{c_('support')}"
        f'+{c_("staff_software")}+{c_("lead_if_any")},"")',
        style="bold",
    )


def with_extras(blk: TcoBlock, gpu: str) -> str:
    """A tier's GPU-hour figure plus the cloud extras (core/cost.py cloud_extras): × (1 + cloud support) +
    storage + egress."""
    return f"{gpu}*(1+{blk.n('cloud_support_fraction')})+{blk.c_('cloud_storage')}+{blk.c_('cloud_egress')}"


def extra_line(blk: TcoBlock, line: str, price: str, volume: str, **kw: object) -> str:
    """A cloud extra: 0 when its price is 0, unknown when priced without a volume (core/cost.py cloud_extras)."""
    p, vol = blk.n(price), blk.n(volume)
    return f'IF({p}=0,0,IF(ISNUMBER({vol}),{blk.line(line, **kw)},""))'


def _cloud(blk: TcoBlock) -> None:
    n, c_, OD, OD_P, cur = blk.n, blk.c_, blk.od_known, blk.od_price, blk.cur
    r1, r3, sp = n("reserved_1y_usd_per_gpu_hour"), n("reserved_3y_usd_per_gpu_hour"), n("spot_usd_per_gpu_hour")
    extras = f"ISNUMBER({c_('cloud_storage')}),ISNUMBER({c_('cloud_egress')})"
    for key, label, price in (
        ("cloud_on_demand_gpu", "On-demand GPU-hours = GPUs × H × u × price", OD_P),
        ("cloud_reserved_1y_gpu", "Reserved 1-year GPU-hours = GPUs × H × price (every hour)", r1),
        ("cloud_reserved_3y_gpu", "Reserved 3-year GPU-hours = GPUs × H × price (every hour)", r3),
        ("cloud_spot_gpu", "Spot GPU-hours = GPUs × H × u × price / (1 − lost fraction)", sp),
    ):
        blk.scalar(key, label, cur, f'IF(ISNUMBER({price}),{blk.line(key)},"")')
    storage = ("cloud_storage", "cloud_storage_usd_per_tb_month", "cloud_storage_tb")
    blk.scalar("cloud_storage", "Cloud storage = TB × price per TB-month × 12 × Y", cur, extra_line(blk, *storage))
    one_year = extra_line(blk, *storage, var=lambda v: "1" if v == "Y" else default_var(v))
    blk.scalar("cloud_storage_py", "Cloud storage per year", f"{cur} per year", one_year)
    blk.scalar(
        "cloud_egress",
        "Cloud egress = TB × price per TB (once)",
        cur,
        extra_line(blk, "cloud_egress", "cloud_egress_usd_per_tb", "cloud_egress_tb"),
    )
    blk.scalar(
        "cloud_on_demand",
        "Cloud on-demand = GPU-hours × (1 + cloud support) + storage + egress",
        cur,
        f'IF({OD},{with_extras(blk, c_("cloud_on_demand_gpu"))},"")',
        style="bold",
    )
    blk.scalar(
        "cloud_at_zero",
        "d: cloud on-demand at 0 % utilization (storage + egress)",
        cur,
        f'IF({OD},{c_("cloud_storage")}+{c_("cloud_egress")},"")',
    )
    full = blk.line("cloud_on_demand_gpu", var=_at_u(1))
    blk.scalar(
        "cloud_at_full",
        "c: cloud on-demand added by utilization (GPU-hours at 100 % × (1 + cloud support))",
        cur,
        f'IF({OD},{full}*(1+{n("cloud_support_fraction")}),"")',
    )
    for key, price, label in (
        ("cloud_reserved_1y", r1, "Cloud reserved 1 year = GPU-hours (every hour paid) + cloud extras"),
        ("cloud_reserved_3y", r3, "Cloud reserved 3 years = GPU-hours (every hour paid) + cloud extras"),
        ("cloud_spot", sp, "Cloud spot = GPU-hours / (1 − lost fraction) + cloud extras"),
    ):
        blk.scalar(
            key,
            label,
            cur,
            f'IF(AND(ISNUMBER({price}),{extras}),{with_extras(blk, c_(key + "_gpu"))},"")',
            style="calc" if key == "cloud_spot" else "bold",
        )


def _per_unit(blk: TcoBlock) -> None:
    c_, K, cur, opt = blk.c_, blk.known, blk.cur, blk.opt
    # core/cost.py breakeven_utilization: u* = (a − d) / (c − b)
    a, b, cc = f"({c_('onprem_at_zero')}-{c_('cloud_at_zero')})", c_("energy_slope"), c_("cloud_at_full")
    blk.scalar(
        "breakeven",
        "Break-even utilization u* = (a − d) / (c − b), empty if not in [0, 1]",
        "fraction",
        f'IF({blk.both},IF({cc}-{b}<=0,IF(AND({a}=0,{cc}={b}),0,""),'
        f'IF(AND({a}/({cc}-{b})>=0,{a}/({cc}-{b})<=1),{a}/({cc}-{b}),"")),"")',
        "pct",
        style="bold",
    )
    tps = blk.b.e(blk.opt, "tokens_per_second")
    blk.scalar(
        "per_million_tokens",
        "Cost per million tokens = TCO / (tokens/s × 3600 × H × u) × 1e6",
        f"{cur} per million tokens",
        f"IF(AND({K},ISNUMBER({tps})),IF(AND({tps}>0,in_utilization>0),{c_('onprem_tco')}"
        f'/({tps}*in_seconds_per_hour*calc_hours*in_utilization)*in_tokens_per_million,""),"")',
        "money2",
        style="bold",
    )
    blk.scalar(
        "job_cloud_on_demand",
        "This job at on-demand prices = GPU-hours × price",
        cur,
        f'IF(AND(ISNUMBER({blk.od_price}),ISNUMBER({opt.cells["gpu_hours"]})),{blk.line("job_cloud_on_demand")},"")',
    )


def _finance(blk: TcoBlock) -> None:
    c_, rng, rows, y0c, cur = blk.c_, blk.rng, blk.rows, blk.y0c, blk.cur
    K, OD, both, dr, has_r = blk.known, blk.od_known, blk.both, blk.discount_rate, blk.has_rate
    blk.scalar(
        "pv_own",
        "Present value of owning = NPV(r, years 1..N) + year 0",
        cur,
        f'IF(AND({K},{has_r}),NPV({dr},{rng("own", 1)})+{y0c}{rows["own"]},"")',
    )
    blk.scalar(
        "pv_rent",
        "Present value of renting on demand",
        cur,
        f'IF(AND({OD},{has_r}),NPV({dr},{rng("rent", 1)})+{y0c}{rows["rent"]},"")',
    )
    blk.scalar(
        "npv_own_minus_rent",
        "PV(own) − PV(rent) (negative: owning is cheaper)",
        cur,
        f'IF(AND({both},{has_r}),{c_("pv_own")}-{c_("pv_rent")},"")',
    )
    blk.scalar(
        "npv_buy",
        "NPV of buying instead of renting = NPV(r, rent − own)",
        cur,
        f'IF(AND({both},{has_r}),NPV({dr},{rng("inc", 1)})+{y0c}{rows["inc"]},"")',
        style="bold",
    )
    blk.scalar(
        "irr",
        "IRR of buying instead of renting",
        "per year",
        f'IF({both},IFERROR(IRR({rng("inc")}),IFERROR(IRR({rng("inc")},in_irr_guess),"")),"")',
        "pct",
        style="bold",
    )
    blk.scalar(
        "payback",
        "Payback of buying (years)",
        "years",
        f'IF({both},IF({y0c}{rows["inc_cum"]}>=0,0,IF(COUNT({rng("payback_c")})=0,"",MIN({rng("payback_c")}))),"")',
        "num2",
        style="bold",
    )
    blk.scalar(
        "eac",
        "Equivalent annual cost of owning = PV × r / (1 − (1 + r)^−Y)",
        f"{cur} per year",
        f"IF(AND({K},{has_r}),IF({dr}=0,{c_('pv_own')}/in_horizon_years,"
        f'{c_("pv_own")}*{dr}/(1-(1+{dr})^(-in_horizon_years))),"")',
    )
    # crossover: written after the months table exists (tco_months)
    # levelized owning price per used GPU-hour (core/cost.py CostEstimate.owning_usd_per_gpu_hour): PV(own) over
    # the discounted used GPU-hours of the whole years 1..ROUNDUP(Y), comparable with an on-demand price
    years = f"{blk.y0c}${YEAR_HEADER_ROW}:{blk.yNc}${YEAR_HEADER_ROW}"
    whole = f"({years}>=1)*({years}<=MAX(1,ROUNDUP(in_horizon_years,0)))"
    blk.scalar(
        "owning_per_gpu_hour",
        "Owning cost per used GPU-hour = PV(own) / Σ_{y=1..ROUNDUP(Y)} GPUs × 8760 × u / (1 + r)^y",
        f"{cur} per GPU-hour",
        f"IF(AND({K},{has_r},in_utilization>0),{c_('pv_own')}/(eng_gpu_count*in_hours_per_year*in_utilization"
        f'*SUMPRODUCT({whole}/(1+{dr})^{years})),"")',
        "money2",
        style="bold",
    )
