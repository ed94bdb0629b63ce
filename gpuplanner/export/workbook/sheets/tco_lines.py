"""The cost lines of `core/cost_lines.py` as workbook formulas: one definition, rendered with `cost_lines.render`
and the workbook's cell names (issue #15 "one definition per cost line"). The TCO block gives each line its own
cell; the horizon totals and the Tornado sheet render the same lines inline with other horizons or inputs.

Money: the engine works in USD and converts at the end; the workbook shows the scenario's currency in every
cell, so an input priced in USD (its name holds "usd") enters a line as (in_…*calc_fx). Every line is linear
in its USD prices, so the two agree."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from ....core import cost_lines as cl
from ..options import Option

FX = "calc_fx"
# Line name -> the block row that holds it (the TCO block's own keys; see tco_block.BLOCK_KEYS).
LINE_ROW: Mapping[str, str] = {
    "nodes": "nodes",
    "fabric": "fabric",
    "capex": "capex",
    "residual_straight_line": "residual_straight_line",
    "power_kw": "power_kw",
    "energy_in_year": "energy_full",
    "colocation_per_year": "colo_py",
    "colocation": "colocation",
    "support_per_year": "support_py",
    "support": "support",
    "staff_software_per_year": "staff_py",
    "staff_software": "staff_software",
    "lead_time_rent": "lead_time_rent",
    "onprem_tco": "onprem_tco",
    "cloud_on_demand_gpu": "cloud_on_demand_gpu",
    "cloud_reserved_1y_gpu": "cloud_reserved_1y_gpu",
    "cloud_reserved_3y_gpu": "cloud_reserved_3y_gpu",
    "cloud_spot_gpu": "cloud_spot_gpu",
    "cloud_storage": "cloud_storage",
    "cloud_egress": "cloud_egress",
    "job_cloud_on_demand": "job_cloud_on_demand",
}
# Names the lines read that are neither inputs nor lines (computed in cost.py: sums over years, the resale
# curve) -> the block row whose column C holds them.
COMPUTED_ROW: Mapping[str, str] = {
    "residual": "residual",
    "energy": "cf_energy",
    "lead_time_rent_if_any": "lead_if_any",
}
# The lines' constants by their Assumptions names (FAST: no number but 0 and 1 inside a live formula).
CONSTANTS: Mapping[float, str] = {
    0.0: "0",
    1.0: "1",
    12.0: "in_months_per_year",
    8760.0: "in_hours_per_year",
    8760.0 / 12.0: "(in_hours_per_year/in_months_per_year)",
}
HORIZON = "in_horizon_years"
UTILIZATION = "in_utilization"


def is_money(name: str) -> bool:
    """An input priced in USD (converted with calc_fx in the workbook)."""
    return "usd" in name and name not in cl.LINE_BY_NAME


def input_name(b: object, opt: Option, name: str) -> str:
    """The workbook name of a CostInputs field for option `opt` (engine values are green eng_* cells)."""
    if name == "gpu_count":
        return "eng_gpu_count"
    if name == "gpus_per_node":
        return b.e(opt, "gpus_per_node")  # type: ignore[attr-defined]
    if name == "gpu_hours":
        return opt.cells["gpu_hours"]
    n = b.n(opt, name)  # type: ignore[attr-defined]
    return f"({n}*{FX})" if is_money(name) else n


def namer(
    b: object,
    opt: Option,
    cell: Callable[[str], str] | None,
    *,
    inputs: Mapping[str, str] | None = None,
    inline: Collection[str] = (),
    var: Callable[[str], str] | None = None,
) -> Callable[[str], str]:
    """The `name` function of `cost_lines.render`: a line in `inline` (or any line without `cell`) is written
    out in full, another line or computed name is `cell(row key)`, an input is `inputs[name]` if given (the
    Tornado's varied values) or its Assumptions name."""
    given = inputs or {}

    def name(n: str) -> str:
        if n in given:
            v = given[n]
            return f"({v}*{FX})" if is_money(n) else v
        line = cl.LINE_BY_NAME.get(n)
        if line is not None and (cell is None or n in inline):
            return "(" + cl.render(line.expr, name, var or default_var, constant) + ")"
        if line is not None and cell is not None:
            return cell(LINE_ROW[n]) if n != "hours" else "calc_hours"
        if n in COMPUTED_ROW and cell is not None:
            return cell(COMPUTED_ROW[n])
        return input_name(b, opt, n)

    return name


def default_var(v: str) -> str:
    if v == "u":
        return UTILIZATION
    if v == "Y":
        return HORIZON
    raise ValueError(f"variable {v!r} needs a year cell")


def constant(value: float) -> str:
    """A line's constant as its named input; a constant without a name is an error (name it on Assumptions)."""
    try:
        return CONSTANTS[value]
    except KeyError:
        raise ValueError(f"cost line constant {value!r} has no name on Assumptions") from None


def render(line: str, name: Callable[[str], str], var: Callable[[str], str] = default_var) -> str:
    """Line `line` of cost_lines.LINES as a formula body with these names and the named constants."""
    return cl.render(cl.LINE_BY_NAME[line].expr, name, var, constant)


def curve_names(opt: Option, i: int) -> tuple[str, str]:
    """The Assumptions names of point i (1-based) of option `opt`'s residual curve: (age, fraction)."""
    return f"in_o{opt.k}_residual_age_{i}", f"in_o{opt.k}_residual_fraction_{i}"


def curve_fraction(opt: Option, age: str) -> str:
    """The resale fraction at `age` on option `opt`'s curve, as core/residual.py `fraction_at` reads it: linear
    between the points from (0, 1), the last segment's slope past the last point, clamped to [0, 1]."""
    curve = opt.inputs.residual_curve or ()
    points = [("0", "1")] + [curve_names(opt, i) for i in range(1, len(curve) + 1)]

    def seg(p0: tuple[str, str], p1: tuple[str, str]) -> str:
        (a0, f0), (a1, f1) = p0, p1
        return f"{f0}+({f1}-{f0})*({age}-{a0})/({a1}-{a0})"

    body = seg(points[-2], points[-1])  # past the last point: the last slope continues
    for k in range(len(points) - 1, 0, -1):
        body = f"IF({age}<={points[k][0]},{seg(points[k - 1], points[k])},{body})"
    return f"IF({age}<=0,1,MAX(0,MIN(1,{body})))"
