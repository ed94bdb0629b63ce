"""On-prem rows of a TCO block: nodes, capex, residual value, power, the fixed yearly costs, and the electricity
price, energy and operating cost of each year (spec §4.3.1; docs/estimation_cost.md §4.1)."""

from __future__ import annotations

from .tco_block import FX, TcoBlock

# Inputs the on-prem cost needs; an empty one (a price nobody published) leaves the on-prem rows empty.
ONPREM_INPUTS = (
    "node_price_usd",
    "network_usd_per_node",
    "install_usd_per_node",
    "node_power_idle_kw",
    "node_power_full_kw",
    "electricity_usd_per_kwh",
    "pue",
    "colocation_usd_per_kw_month",
    "support_fraction_per_year",
    "staff_usd_per_year",
    "software_usd_per_year",
    "depreciation_years",
    "import_tax_fraction",
    "electricity_escalation_per_year",
)


def write(blk: TcoBlock) -> None:
    _fixed(blk)
    _yearly(blk)


def _fixed(blk: TcoBlock) -> None:
    n, c_, K, cur = blk.n, blk.c_, blk.known, blk.cur
    P, NW, IN = n("node_price_usd"), n("network_usd_per_node"), n("install_usd_per_node")
    IDLE, FULL = n("node_power_idle_kw"), n("node_power_full_kw")
    blk.scalar(
        "nodes",
        "Nodes = ROUNDUP(GPU count / GPUs per node)",
        "nodes",
        f"ROUNDUP(eng_gpu_count/{blk.b.e(blk.opt, 'gpus_per_node')},0)",
        "int",
    )
    blk.scalar(
        "known",
        "On-prem inputs all known (a price nobody published is empty)",
        "TRUE/FALSE",
        "AND(" + ",".join(f"ISNUMBER({n(k)})" for k in ONPREM_INPUTS) + ")",
        "bool",
    )
    blk.scalar("od_known", "On-demand price known", "TRUE/FALSE", f"ISNUMBER({blk.od_price})", "bool")
    blk.scalar(
        "capex",
        "Capex = nodes × (node + network + install) × (1 + import tax)",
        cur,
        f'IF({K},{c_("nodes")}*({P}+{NW}+{IN})*(1+{n("import_tax_fraction")})*{FX},"")',
    )
    blk.scalar(
        "residual",
        "Residual value = capex × MAX(0, 1 − Y / depreciation years)",
        cur,
        f'IF({K},{c_("capex")}*MAX(0,1-in_horizon_years/{n("depreciation_years")}),"")',
    )
    blk.scalar(
        "power_kw",
        "IT power = nodes × (P_idle + u × (P_full − P_idle))",
        "kW",
        f'IF({K},{c_("nodes")}*({IDLE}+in_utilization*({FULL}-{IDLE})),"")',
        "kw",
    )
    blk.scalar(
        "colo_py",
        "Colocation per year = nodes × P_full × 12 × rate (contracted kW, no PUE)",
        f"{cur} per year",
        f'IF({K},{c_("nodes")}*{FULL}*in_months_per_year*{n("colocation_usd_per_kw_month")}*{FX},"")',
    )
    blk.scalar(
        "support_py",
        "Support per year = support fraction × capex",
        f"{cur} per year",
        f'IF({K},{n("support_fraction_per_year")}*{c_("capex")},"")',
    )
    blk.scalar(
        "staff_py",
        "Staff + software per year",
        f"{cur} per year",
        f'IF({K},({n("staff_usd_per_year")}+{n("software_usd_per_year")})*{FX},"")',
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
        "Energy of a full year = IT kW × PUE × 8760 × price in year y",
        f"{cur} per year",
        lambda c: f"IF({yr(c)}=0,0,{c_('power_kw')}*{n('pue')}*in_hours_per_year*{y_('price_factor', c)})",
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
