"""The formulas of the workbook and where they come from, for the Sources sheet."""

from __future__ import annotations

FORMULA_CITATIONS = (
    (
        "Cost formulas",
        "spec §4.3.1 (H, nodes, capex, residual, power, energy, colocation, support, TCO, cloud "
        "tiers, break-even, cost per million tokens); docs/estimation_cost.md; code "
        "gpuplanner/core/cost.py and cost_analysis.py",
    ),
    (
        "Yearly cash flows",
        "own_0 = capex; own_y = w_y × (energy_y + colocation + support + staff + software) − "
        "residual in year ROUNDUP(Y); rent_y = w_y × GPUs × 8760 × u × price "
        "(docs/estimation_cost.md §4.1)",
    ),
    ("NPV", "Σ flow_y / (1 + r)^y with year 0 undiscounted: =NPV(r, year1:yearN) + year0 (Microsoft, NPV function)"),
    ("IRR", "=IRR(year0:yearN) of rent − own (Microsoft, IRR function)"),
    ("Payback", "(y − 1) + −cumulative(y − 1) / flow(y) in the first year the cumulative flow turns ≥ 0"),
    (
        "Crossover month",
        "first month m at whose end cumulative owning ≤ cumulative renting on demand; month "
        "weight v_m = MAX(0, MIN(1, 12Y − (m − 1))); residual booked in month ROUNDUP(12Y); "
        "chanthaphan/gpu-tco",
    ),
    ("Equivalent annual cost", "PV(own) × r / (1 − (1 + r)^−Y), the standard annuity"),
    (
        "Break-even utilization",
        "u* = a / (c − b) with on-prem a + b·u and cloud c·u; "
        "mansi-shiroya1/gpu-tco-model method with the energy slope kept",
    ),
    (
        "Tornado",
        "±20 % one at a time on (on-prem TCO − cloud on-demand), clamped to valid ranges; "
        "chanthaphan/gpu-tco; energy over a fractional horizon Σ w_y (1+g)^(y−1) = "
        "((1+g)^INT(Y) − 1)/g + (Y − INT(Y))(1+g)^INT(Y)",
    ),
    (
        "Model FLOPs",
        "6·N + attention term per token (PaLM, Chowdhery et al. 2022, App. B); engine gpuplanner/core/throughput.py",
    ),
    (
        "Goodput",
        "failure rate from the Llama 3 paper (Dubey et al. 2024, §3.3.4); checkpoint interval Young 1974 "
        "/ Daly 2006; gpuplanner/core/goodput.py",
    ),
    (
        "Memory",
        "per-component model: ZeRO (Rajbhandari et al. 2020), activations (Korthikanti et al. 2022), "
        "FlashAttention; gpuplanner/core/memory.py, docs/estimation.md",
    ),
    (
        "GPU-hours",
        "GPU count × wall-clock seconds / 3600, wall-clock = tokens / throughput / (1 − lost fraction) (spec §4.3)",
    ),
)
