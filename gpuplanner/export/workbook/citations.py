"""The formulas of the workbook and the public sources they follow, for the Sources sheet. Only sources a
reader outside the project can open: papers, vendor documentation, public repositories (github.com/…)."""

from __future__ import annotations

FORMULA_CITATIONS = (
    (
        "Cost formulas",
        "Total cost of ownership = capex − residual value + energy (kW × PUE × hours × price) + colocation + "
        "support + staff + software over the horizon; cloud = GPUs × hours × utilization × price per GPU-hour "
        "(reserved: every hour paid). The standard TCO build-up of github.com/chanthaphan/gpu-tco and "
        "github.com/mansi-shiroya1/gpu-tco-model; every formula is written out on the TCO sheet.",
    ),
    (
        "Yearly cash flows",
        "own_0 = capex; own_y = w_y × (energy_y + colocation + support + staff + software) − residual in year "
        "ROUNDUP(Y); rent_y = w_y × GPUs × 8760 × u × price, with the year weight w_y = MAX(0, MIN(1, Y − (y − 1)))",
    ),
    ("NPV", "Σ flow_y / (1 + r)^y with year 0 undiscounted: =NPV(r, year1:yearN) + year0 (Microsoft, NPV function)"),
    ("IRR", "=IRR(year0:yearN) of rent − own (Microsoft, IRR function)"),
    ("Payback", "(y − 1) + −cumulative(y − 1) / flow(y) in the first year the cumulative flow turns ≥ 0"),
    (
        "Crossover month",
        "first month m at whose end cumulative owning ≤ cumulative renting on demand; month "
        "weight v_m = MAX(0, MIN(1, 12Y − (m − 1))); residual booked in month ROUNDUP(12Y); "
        "github.com/chanthaphan/gpu-tco",
    ),
    ("Equivalent annual cost", "PV(own) × r / (1 − (1 + r)^−Y), the standard annuity"),
    (
        "Break-even utilization",
        "u* = a / (c − b) with on-prem a + b·u and cloud c·u; "
        "github.com/mansi-shiroya1/gpu-tco-model method with the energy slope kept",
    ),
    (
        "Tornado",
        "±20 % one at a time on (on-prem TCO − cloud on-demand), clamped to valid ranges; "
        "github.com/chanthaphan/gpu-tco; energy over a fractional horizon Σ w_y (1+g)^(y−1) = "
        "((1+g)^INT(Y) − 1)/g + (Y − INT(Y))(1+g)^INT(Y)",
    ),
    (
        "Model FLOPs",
        "6·N + attention term per token (PaLM, Chowdhery et al. 2022, arXiv:2204.02311, App. B)",
    ),
    (
        "Throughput",
        "compute at the GPU's measured matmul efficiency (github.com/stas00/ml-engineering, MAMF), exposed "
        "communication over the links of the node and network, pipeline bubble (Narayanan et al. 2021, "
        "arXiv:2104.04473), recompute cost (Korthikanti et al. 2022, arXiv:2205.05198)",
    ),
    (
        "Goodput",
        "failure rate from the Llama 3 paper (Dubey et al. 2024, arXiv:2407.21783, §3.3.4); checkpoint "
        "interval Young 1974 (CACM 17(9)) / Daly 2006 (FGCS 22(3))",
    ),
    (
        "Memory",
        "per-component model: ZeRO (Rajbhandari et al. 2020, arXiv:1910.02054), activations (Korthikanti et al. "
        "2022, arXiv:2205.05198), FlashAttention (Dao et al. 2022, arXiv:2205.14135)",
    ),
    (
        "GPU-hours",
        "GPU count × wall-clock seconds / 3600, wall-clock = tokens / throughput / (1 − lost fraction)",
    ),
    (
        "80% bands",
        "10th to 90th percentile of the estimator's relative error on published measured runs, fitted with "
        "leave-one-out; a measured value falls inside about 80 % of the time",
    ),
)
