"""What the workbook holds, fixed across scenarios: sheet order, the defined names of the contract (spec §4.4),
the layout constants, and the input rows of Assumptions (spec §4.3.1)."""

from __future__ import annotations

from dataclasses import dataclass

SHEETS = (
    "Summary",
    "Assumptions",
    "Hardware",
    "Memory",
    "Training",
    "Sweep",
    "TCO",
    "Utilization",
    "Tornado",
    "Checklist",
    "Checks",
    "Sources",
)
CONTRACT_INPUTS = (
    "in_utilization",
    "in_horizon_years",
    "in_electricity_usd_per_kwh",
    "in_pue",
    "in_cloud_usd_per_gpu_hour",
    "in_node_price_usd",
    "in_discount_rate",
    "in_usd_to_krw",
)
CONTRACT_OUTPUTS = (
    "out_gpu_hours",
    "out_cloud_on_demand",
    "out_cloud_reserved_1y",
    "out_cloud_reserved_3y",
    "out_onprem_tco",
    "out_per_million_tokens",
    "out_breakeven_utilization",
)
# Extra names (main GPU) that the tests and a finance analyst can use; spec §4 allows additions.
EXTRA_OUTPUTS = (
    "calc_capex",
    "calc_cloud_spot",
    "calc_job_cloud_on_demand",
    "calc_pv_own",
    "calc_pv_rent",
    "calc_npv_own_minus_rent",
    "calc_irr",
    "calc_payback_years",
    "calc_crossover_month",
    "calc_equivalent_annual_cost",
    "calc_onprem_tco_discounted",
    "calc_owning_usd_per_gpu_hour",
    "calc_onprem_lease_tco",
)

# Engine results the formulas use but cannot follow (the throughput model is not a cell formula): green, named
# eng_*, never in_*; changing them needs a new export (issue #17 item 1).
GPU_COUNT = "eng_gpu_count"
ENGINE_OPTION_KEYS = ("gpus_per_node", "tokens_per_second", "lost_fraction")
SWEEP_NAME = "out_sweep"

GIB = 2**30
PALETTE = ("1F4E79", "C00000", "548235", "7030A0", "BF8F00", "2E75B6", "843C0C")  # one colour per option
GRID_STEP = 0.05  # utilization grid 0, 5 %, …, 100 %
IRR_SECOND_GUESS = -0.5  # IRR's default guess is 10 %; losses (owning costs more) need a negative start
CHECK_TOLERANCE = 1e-9  # relative, for the reconciliation checks
SECONDS_PER_HOUR = 3600.0
SECONDS_PER_DAY = 86400.0
TOKENS_PER_MILLION = 1e6
COMPARISON_HORIZONS = (1.0, 3.0, 5.0)  # ca.TCO_HORIZONS


@dataclass(frozen=True)
class InputRow:
    key: str
    label: str
    unit: str
    fmt: str  # key into Builder.fmt
    check: str  # data-validation kind


# Cost inputs of spec §4.3.1, in Assumptions order. Shared by all options unless their values differ.
COST_ROWS = (
    InputRow("utilization", "Utilization", "fraction of the hours the GPUs are used (0–1)", "pct", "fraction"),
    InputRow("horizon_years", "Horizon (years)", "years", "years", "horizon"),
    InputRow("currency", "Currency", "USD or KRW (money outputs)", "text", "currency"),
    InputRow("usd_to_krw", "Exchange rate", "KRW per USD", "num2", "positive"),
    InputRow("electricity_usd_per_kwh", "Electricity price", "USD per kWh", "usd4", "nonneg"),
    InputRow("electricity_escalation_per_year", "Electricity price escalation", "fraction per year", "pct", "rate"),
    InputRow("pue", "PUE", "facility kW per IT kW", "num2", "pue"),
    InputRow("colocation_usd_per_kw_month", "Colocation rate", "USD per contracted IT kW-month", "usd2", "nonneg"),
    InputRow("support_fraction_per_year", "Support and maintenance", "fraction of capex per year", "pct", "fraction"),
    InputRow("staff_usd_per_year", "Staff", "USD per year, whole cluster", "usd0", "nonneg"),
    InputRow("software_usd_per_year", "Software", "USD per year, whole cluster", "usd0", "nonneg"),
    InputRow("import_tax_fraction", "Import tax and duties", "fraction of capex", "pct", "nonneg"),
    InputRow("discount_rate", "Discount rate (cost of capital)", "fraction per year", "pct", "rate"),
    InputRow("depreciation_years", "Depreciation life", "years (straight line)", "years", "positive"),
    InputRow("spot_lost_fraction", "Spot hours lost to preemption", "fraction of spot hours", "pct", "open_fraction"),
    # issue #23 keys (spec §4.3.1): each enters the cost lines of core/cost_lines.py the TCO sheet renders
    InputRow("facility_usd_per_node", "Facility set-up per node", "USD per node, one-off", "usd0", "nonneg"),
    InputRow("lead_time_months", "Hardware lead time", "months rented on demand until owning runs", "num2", "nonneg"),
    InputRow("lease_usd_per_node_month", "Lease payment", "USD per node-month", "usd0", "nonneg"),
    InputRow("lease_term_months", "Lease term", "months (empty: the whole horizon)", "num2", "positive"),
    InputRow("lease_buyout_fraction", "Lease buy-out", "fraction of capex at the term's end", "pct", "nonneg"),
    InputRow("cloud_storage_usd_per_tb_month", "Cloud storage price", "USD per TB-month", "usd2", "nonneg"),
    InputRow("cloud_storage_tb", "Cloud storage held", "TB over the horizon", "num2", "nonneg"),
    InputRow("cloud_egress_usd_per_tb", "Cloud egress price", "USD per TB", "usd2", "nonneg"),
    InputRow("cloud_egress_tb", "Cloud egress", "TB taken out once", "num2", "nonneg"),
    InputRow("cloud_support_fraction", "Cloud support plan", "fraction of the GPU-hour bill", "pct", "nonneg"),
)
# Inputs that belong to one option (its GPU, node type and cloud offers).
OPTION_ROWS = (
    InputRow("node_power_idle_kw", "Node power, idle", "kW per node (P_idle)", "kw", "nonneg"),
    InputRow(
        "node_power_full_kw", "Node power, rating", "kW per node (P_full, colocation contracts it)", "kw", "nonneg"
    ),
    InputRow("node_power_draw_kw", "Node power, training draw", "kW per node (P_draw, energy)", "kw", "nonneg"),
    InputRow("node_price_usd", "Node price (server with GPUs)", "USD per node", "usd0", "nonneg"),
    InputRow("network_usd_per_node", "Network per node", "USD per node", "usd0", "nonneg"),
    InputRow("install_usd_per_node", "Installation per node", "USD per node", "usd0", "nonneg"),
    InputRow("cloud_usd_per_gpu_hour", "Cloud on-demand price", "USD per GPU-hour", "usd2", "nonneg"),
    InputRow("reserved_1y_usd_per_gpu_hour", "Cloud reserved 1-year price", "USD per GPU-hour", "usd2", "nonneg"),
    InputRow("reserved_3y_usd_per_gpu_hour", "Cloud reserved 3-year price", "USD per GPU-hour", "usd2", "nonneg"),
    InputRow("spot_usd_per_gpu_hour", "Cloud spot price", "USD per GPU-hour", "usd2", "nonneg"),
)
FORCED_SHARED = ("utilization", "horizon_years", "currency")
