"""On-prem rows of a TCO block: nodes, capex, residual value, power, the fixed yearly costs, and the electricity
price, energy and operating cost of each year (spec §4.3.1; docs/estimation_cost.md §4.1)."""

from __future__ import annotations

from .tco_block import FX, TcoBlock
from .tco_lines import curve_fraction, default_var

# Inputs the on-prem cost needs; an empty one (a price nobody published) leaves the on-prem rows empty.
ONPREM_INPUTS = (
    "node_price_usd",
    "network_usd_per_node",
    "install_usd_per_node",
    "facility_usd_per_node",
    "node_power_idle_kw",
    "node_power_full_kw",
    "node_power_draw_kw",
    "electricity_usd_per_kwh",
    "pue",
    "colocation_usd_per_kw_month",
    "support_fraction_per_year",
    "staff_usd_per_year",
    "software_usd_per_year",
    "import_tax_fraction",
    "electricity_escalation_per_year",
)


def write(blk: TcoBlock) -> None:
    _fixed(blk)
    _yearly(blk)


def residual_formula(blk: TcoBlock, age: str, capex: str) -> str:
    """capex × the resale fraction at `age`: the option's residual curve (Assumptions) or, without one, the
    straight line (cost line residual_straight_line) — core/cost.py `residual`."""
    if blk.opt.inputs.residual_curve:
        return f"{capex}*{curve_fraction(blk.opt, age)}"
    return blk.line("residual_straight_line", var=lambda v: age if v == "Y" else default_var(v))


def _fixed(blk: TcoBlock) -> None:
    n, c_, K, cur, line = blk.n, blk.c_, blk.known, blk.cur, blk.line
    needed = [*ONPREM_INPUTS] + ([] if blk.opt.inputs.residual_curve else ["depreciation_years"])
    blk.scalar("nodes", "Nodes = ROUNDUP(GPU count / GPUs per node)", "nodes", line("nodes"), "int")
    # the lead time is rented on demand: it needs the on-demand price (core/cost.py lead_time_rent)
    blk.scalar(
        "known",
        "On-prem inputs all known (a price nobody published is empty)",
        "TRUE/FALSE",
        "AND("
        + ",".join(f"ISNUMBER({n(k)})" for k in needed)
        + f",OR({n('lead_time_months')}=0,ISNUMBER({blk.od_price})))",
        "bool",
    )
    blk.scalar(
        "od_known",
        "On-demand price known (and the cloud extras' volumes where they are priced)",
        "TRUE/FALSE",
        f"AND(ISNUMBER({blk.od_price}),ISNUMBER({c_('cloud_storage')}),ISNUMBER({c_('cloud_egress')}))",
        "bool",
    )
    blk.scalar("fabric", "Fabric = nodes × network per node", cur, f'IF({K},{line("fabric")},"")')
    blk.scalar(
        "capex",
        "Capex = (nodes × (node + install + facility) + fabric) × (1 + import tax)",
        cur,
        f'IF({K},{line("capex")},"")',
    )
    blk.scalar(
        "residual_straight_line",
        "Residual value, straight line = capex × MAX(0, 1 − Y / depreciation years)",
        cur,
        f'IF(AND({K},ISNUMBER({n("depreciation_years")})),{line("residual_straight_line")},"")',
    )
    curve = "the residual curve on Assumptions" if blk.opt.inputs.residual_curve else "the straight line above"
    blk.scalar(
        "residual",
        f"Residual value at the horizon = capex × resale fraction at age Y ({curve})",
        cur,
        f'IF({K},{residual_formula(blk, "in_horizon_years", c_("capex"))},"")',
    )
    blk.scalar(
        "power_kw",
        "IT power = nodes × (P_idle + u × (P_draw − P_idle)), P_draw the training draw",
        "kW",
        f'IF({K},{line("power_kw")},"")',
        "kw",
    )
    blk.scalar(
        "colo_py",
        "Colocation per year = nodes × P_full × 12 × rate (contracted nameplate kW, no PUE)",
        f"{cur} per year",
        f'IF({K},{line("colocation_per_year")},"")',
    )
    blk.scalar("colocation", "Colocation over the horizon", cur, f'IF({K},{line("colocation")},"")')
    blk.scalar(
        "support_py",
        "Support per year = support fraction × capex",
        f"{cur} per year",
        f'IF({K},{line("support_per_year")},"")',
    )
    blk.scalar("support", "Support over the horizon", cur, f'IF({K},{line("support")},"")')
    blk.scalar(
        "staff_py",
        "Staff + software per year",
        f"{cur} per year",
        f'IF({K},{line("staff_software_per_year")},"")',
    )
    blk.scalar("staff_software", "Staff + software over the horizon", cur, f'IF({K},{line("staff_software")},"")')
    blk.scalar(
        "lead_time_rent",
        "Lead time rented on demand = months × 730 h × GPUs × u × on-demand price",
        cur,
        f'IF(ISNUMBER({blk.od_price}),{line("lead_time_rent")},"")',
    )
    blk.scalar(
        "lead_if_any",
        "Lead time rented (0 without a lead time)",
        cur,
        f"IF({n('lead_time_months')}=0,0,{c_('lead_time_rent')})",
    )


def _yearly(blk: TcoBlock) -> None:
    n, c_, y_, yr, K, cur = blk.n, blk.c_, blk.y_, blk.yr, blk.known, blk.cur
    blk.across(
        "price_factor",
        "Electricity price in year y = price × (1 + escalation)^(y − 1)",
        f"{cur} per kWh",
        lambda c: (
            f"IF({yr(c)}=0,0,{n('electricity_usd_per_kwh')}*(1+{n('electricity_escalation_per_year')})^({yr(c)}-1)*{FX})"
        ),
        "money2",
        total=False,
        guard=K,
    )
    # The first assignment is overwritten at once, but it registers the format in the workbook's style table;
    # kept so that the file stays byte-for-byte what it was.
    blk.ws.cell(row=blk.rows["price_factor"], column=blk.ycols[0]).number_format = "#,##0.0000"
    for c in blk.ycols:
        blk.ws.cell(row=blk.rows["price_factor"], column=c).number_format = (
            '"$"#,##0.0000' if cur == "USD" else '"₩"#,##0.00'
        )
    blk.across(
        "energy_full",
        "Energy of a full year = IT kW × PUE × 8760 × price × (1 + escalation)^(y − 1)",
        f"{cur} per year",
        lambda c: f"IF({yr(c)}=0,0,{blk.line('energy_in_year', var=lambda v: yr(c) if v == 'y' else default_var(v))})",
        total=False,
        guard=K,
    )
    blk.across(
        "opex_full",
        "Operating cost of a full year = energy + colocation + support + staff + software",
        f"{cur} per year",
        lambda c: f"IF({yr(c)}=0,0,{y_('energy_full', c)}+{c_('colo_py')}+{c_('support_py')}+{c_('staff_py')})",
        total=False,
        guard=K,
    )
