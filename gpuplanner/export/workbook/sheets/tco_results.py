"""Results of a TCO block in column C: on-prem TCO (summed and in closed form a + b × u), the cloud tiers,
break-even utilization, cost per million tokens, and the finance view (PV, NPV, IRR, payback, equivalent
annual cost). Formulas of spec §4.3.1 and gpuplanner/core/cost.py, cost_analysis.py."""

from __future__ import annotations

from .tco_block import FX, WEIGHT_ROW, YEAR_HEADER_ROW, TcoBlock


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
    IDLE, FULL = n("node_power_idle_kw"), n("node_power_full_kw")
    blk.scalar(
        "onprem_tco",
        "On-prem TCO = Σ own (undiscounted)",
        cur,
        f'IF({K},SUM({blk.rng("own")}),"")',
        style="bold",
    )
    blk.scalar(
        "energy_slope",
        "b: energy added by utilization = nodes × (P_full − P_idle) × PUE × 8760 × Σ w_y × price_y",
        cur,
        f'IF({K},{c_("nodes")}*({FULL}-{IDLE})*{n("pue")}*in_hours_per_year*{_energy_weighted(blk)},"")',
    )
    blk.scalar(
        "onprem_at_zero",
        "a: on-prem TCO at 0 % utilization (idle power)",
        cur,
        f"IF({K},{c_('capex')}-{c_('residual')}+{c_('nodes')}*{IDLE}*{n('pue')}*in_hours_per_year"
        f"*{_energy_weighted(blk)}"
        f'+({c_("colo_py")}+{c_("support_py")}+{c_("staff_py")})*in_horizon_years,"")',
    )
    blk.scalar(
        "onprem_closed",
        "On-prem TCO, closed form a + b × u",
        cur,
        f'IF({K},{c_("onprem_at_zero")}+{c_("energy_slope")}*in_utilization,"")',
    )


def _cloud(blk: TcoBlock) -> None:
    n, OD, OD_P, cur = blk.n, blk.od_known, blk.od_price, blk.cur
    blk.scalar(
        "cloud_on_demand",
        "Cloud on-demand = GPUs × H × u × price",
        cur,
        f'IF({OD},eng_gpu_count*calc_hours*in_utilization*{OD_P}*{FX},"")',
        style="bold",
    )
    blk.scalar(
        "cloud_at_full",
        "c: cloud on-demand at 100 % utilization",
        cur,
        f'IF({OD},eng_gpu_count*calc_hours*{OD_P}*{FX},"")',
    )
    r1, r3, sp = n("reserved_1y_usd_per_gpu_hour"), n("reserved_3y_usd_per_gpu_hour"), n("spot_usd_per_gpu_hour")
    blk.scalar(
        "cloud_reserved_1y",
        "Cloud reserved 1 year = GPUs × H × price (every hour paid)",
        cur,
        f'IF(ISNUMBER({r1}),eng_gpu_count*calc_hours*{r1}*{FX},"")',
        style="bold",
    )
    blk.scalar(
        "cloud_reserved_3y",
        "Cloud reserved 3 years = GPUs × H × price (every hour paid)",
        cur,
        f'IF(ISNUMBER({r3}),eng_gpu_count*calc_hours*{r3}*{FX},"")',
        style="bold",
    )
    blk.scalar(
        "cloud_spot",
        "Cloud spot = GPUs × H × u × price / (1 − lost fraction)",
        cur,
        f'IF(ISNUMBER({sp}),eng_gpu_count*calc_hours*in_utilization*{sp}/(1-{n("spot_lost_fraction")})*{FX},"")',
    )


def _per_unit(blk: TcoBlock) -> None:
    c_, K, cur, opt = blk.c_, blk.known, blk.cur, blk.opt
    a, b, cc = c_("onprem_at_zero"), c_("energy_slope"), c_("cloud_at_full")
    blk.scalar(
        "breakeven",
        "Break-even utilization u* = a / (c − b), empty if not in [0, 1]",
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
        f'IF(AND({blk.od_known},ISNUMBER({opt.cells["gpu_hours"]})),{opt.cells["gpu_hours"]}*{blk.od_price}*{FX},"")',
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
