"""The cost lines of spec §4.3.1 as data: one definition per line, from which the Python value is computed and
from which a renderer writes the same expression elsewhere (an Excel formula, a docs table).

Each `CostLine` has a name (the §4.3.1 name), a label, a unit, a source and an expression built from a few
renderer-neutral nodes:

    Num(2.5)                 a constant
    Ref("node_price_usd")    a `CostInputs` field, or another line of `LINES` by its name
    Var("u"), Var("Y")       the utilization and horizon in years being evaluated (inputs' own by default)
    Var("y")                 the year (1-based) of a yearly line such as energy_in_year
    Op("+", a, b, …)         + − × ÷ and ^ (power); Op("max"/"min", a, b); Op("ceil", a)

A line whose expression refers to an unknown input (None) is unknown: `evaluate` returns None, the JSON writes
null, never 0, and `missing_inputs` names what is missing (issue #16 item 6). Sums over years, the residual
curve and the fabric model are not lines: they are computed in `cost.py`, `residual.py` and `fabric.py`, whose
results enter here as inputs (`network_usd_per_node`) or lines (`energy`, `residual`) written by the caller.

Rendering a line as Excel (in the manner of glue's `python_export`): `render` walks the expression and maps
each node to text, naming each input or line by its workbook name; Excel's operators are the nodes' own::

    line = LINE_BY_NAME["capex"]
    names = {"u": "in_utilization", "Y": "in_horizon_years"}
    formula = "=" + render(line.expr, name=lambda n: f"in_{n}", var=names.__getitem__)
    # =((((calc_nodes*(in_node_price_usd+in_install_usd_per_node+in_facility_usd_per_node))+calc_fabric)*...

(`name` decides whether a Ref is an input cell or another line's cell: `n in LINE_BY_NAME` tells which.)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Protocol, cast

# ---------------------------------------------------------------------------------------------------------
# Expression nodes


@dataclass(frozen=True)
class Num:
    value: float


@dataclass(frozen=True)
class Ref:
    name: str  # a CostInputs field or a line name


@dataclass(frozen=True)
class Var:
    name: str  # "u" (utilization), "Y" (horizon years) or "y" (the year of a yearly line, 1-based)


@dataclass(frozen=True)
class Op:
    kind: str  # "+", "-", "*", "/", "^", "max", "min", "ceil"
    args: tuple[Expr, ...]

    def __init__(self, kind: str, *args: Expr) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", tuple(args))


Expr = Num | Ref | Var | Op


@dataclass(frozen=True)
class CostLine:
    name: str
    label: str
    unit: str
    source: str
    expr: Expr


class _Inputs(Protocol):
    @property
    def utilization(self) -> float: ...

    @property
    def horizon_years(self) -> float: ...


# ---------------------------------------------------------------------------------------------------------
# The lines (spec §4.3.1; USD). Lines computed outside this table (energy, residual, cloud extras) are passed
# to `evaluate` in `lines`.

SPEC = "spec §4.3.1"
LINES: tuple[CostLine, ...] = (
    CostLine("hours", "Hours in the horizon", "h", f"{SPEC}: H = 8760 × Y", Op("*", Num(8760.0), Var("Y"))),
    CostLine(
        "nodes",
        "Nodes",
        "nodes",
        f"{SPEC}: nodes = ceil(gpu_count / gpus_per_node)",
        Op("ceil", Op("/", Ref("gpu_count"), Ref("gpus_per_node"))),
    ),
    CostLine(
        "fabric",
        "Scale-out fabric (switches, optics)",
        "USD",
        f"{SPEC}: nodes × network_usd_per_node (the fabric model's cost per node when none is given: fabric.py)",
        Op("*", Ref("nodes"), Ref("network_usd_per_node")),
    ),
    CostLine(
        "capex",
        "Capital expenditure",
        "USD",
        f"{SPEC}: (nodes × (node_price + install + facility) + fabric) × (1 + import_tax_fraction)",
        Op(
            "*",
            Op(
                "+",
                Op(
                    "*",
                    Ref("nodes"),
                    Op("+", Ref("node_price_usd"), Ref("install_usd_per_node"), Ref("facility_usd_per_node")),
                ),
                Ref("fabric"),
            ),
            Op("+", Num(1.0), Ref("import_tax_fraction")),
        ),
    ),
    CostLine(
        "residual_straight_line",
        "Residual value (straight line)",
        "USD",
        f"{SPEC}: capex × max(0, 1 − Y / depreciation_years) when no residual_fraction curve is given",
        Op("*", Ref("capex"), Op("max", Num(0.0), Op("-", Num(1.0), Op("/", Var("Y"), Ref("depreciation_years"))))),
    ),
    CostLine(
        "power_kw",
        "IT power drawn at utilization u",
        "kW",
        f"{SPEC}: nodes × (P_idle + u × (P_draw − P_idle))",
        Op(
            "*",
            Ref("nodes"),
            Op(
                "+",
                Ref("node_power_idle_kw"),
                Op("*", Var("u"), Op("-", Ref("node_power_draw_kw"), Ref("node_power_idle_kw"))),
            ),
        ),
    ),
    CostLine(
        "energy_in_year",
        "Energy in year y (a full year, before its weight)",
        "USD/year",
        f"{SPEC}: power_kw × pue × 8760 × electricity × (1 + escalation)^(y − 1)",
        Op(
            "*",
            Ref("power_kw"),
            Ref("pue"),
            Num(8760.0),
            Ref("electricity_usd_per_kwh"),
            Op("^", Op("+", Num(1.0), Ref("electricity_escalation_per_year")), Op("-", Var("y"), Num(1.0))),
        ),
    ),
    CostLine(
        "colocation_per_year",
        "Colocation per year (contracted nameplate kW, no PUE)",
        "USD/year",
        f"{SPEC}: nodes × P_full × 12 × colocation_rate",
        Op("*", Ref("nodes"), Ref("node_power_full_kw"), Num(12.0), Ref("colocation_usd_per_kw_month")),
    ),
    CostLine(
        "colocation",
        "Colocation",
        "USD",
        f"{SPEC}: nodes × P_full × 12 × Y × colocation_rate",
        Op("*", Ref("colocation_per_year"), Var("Y")),
    ),
    CostLine(
        "support_per_year",
        "Hardware support per year",
        "USD/year",
        f"{SPEC}: support_fraction × capex",
        Op("*", Ref("support_fraction_per_year"), Ref("capex")),
    ),
    CostLine(
        "support",
        "Hardware support",
        "USD",
        f"{SPEC}: support_fraction × capex × Y",
        Op("*", Ref("support_per_year"), Var("Y")),
    ),
    CostLine(
        "staff_software_per_year",
        "Staff and software per year",
        "USD/year",
        f"{SPEC}: staff + software",
        Op("+", Ref("staff_usd_per_year"), Ref("software_usd_per_year")),
    ),
    CostLine(
        "staff_software",
        "Staff and software",
        "USD",
        f"{SPEC}: (staff + software) × Y",
        Op("*", Ref("staff_software_per_year"), Var("Y")),
    ),
    CostLine(
        "lead_time_rent",
        "Months of lead time rented on demand",
        "USD",
        f"{SPEC}: lead_time_months × 730 h × gpu_count × u × on_demand_price (8760 / 12 = 730 hours a month)",
        Op(
            "*",
            Ref("lead_time_months"),
            Num(8760.0 / 12.0),
            Ref("gpu_count"),
            Var("u"),
            Ref("cloud_usd_per_gpu_hour"),
        ),
    ),
    CostLine(
        "onprem_tco",
        "On-premises TCO (undiscounted)",
        "USD",
        f"{SPEC}: capex − residual + energy + colocation + support + (staff + software) × Y (+ lead time rented)",
        Op(
            "+",
            Op("-", Ref("capex"), Ref("residual")),
            Ref("energy"),
            Ref("colocation"),
            Ref("support"),
            Ref("staff_software"),
            Ref("lead_time_rent_if_any"),
        ),
    ),
    CostLine(
        "cloud_on_demand_gpu",
        "On-demand GPU-hours",
        "USD",
        f"{SPEC}: gpu_count × H × u × on_demand_price",
        Op("*", Ref("gpu_count"), Ref("hours"), Var("u"), Ref("cloud_usd_per_gpu_hour")),
    ),
    CostLine(
        "cloud_reserved_1y_gpu",
        "1-year reserved GPU-hours (paid for every hour)",
        "USD",
        f"{SPEC}: gpu_count × H × reserved_1y_price",
        Op("*", Ref("gpu_count"), Ref("hours"), Ref("reserved_1y_usd_per_gpu_hour")),
    ),
    CostLine(
        "cloud_reserved_3y_gpu",
        "3-year reserved GPU-hours (paid for every hour)",
        "USD",
        f"{SPEC}: gpu_count × H × reserved_3y_price",
        Op("*", Ref("gpu_count"), Ref("hours"), Ref("reserved_3y_usd_per_gpu_hour")),
    ),
    CostLine(
        "cloud_spot_gpu",
        "Spot GPU-hours (preempted work redone)",
        "USD",
        f"{SPEC}: gpu_count × H × u × spot_price / (1 − spot_lost_fraction)",
        Op(
            "/",
            Op("*", Ref("gpu_count"), Ref("hours"), Var("u"), Ref("spot_usd_per_gpu_hour")),
            Op("-", Num(1.0), Ref("spot_lost_fraction")),
        ),
    ),
    CostLine(
        "cloud_storage",
        "Cloud storage held over the horizon",
        "USD",
        f"{SPEC} cloud_extras: storage_tb × cloud_storage_usd_per_tb_month × 12 × Y",
        Op("*", Ref("cloud_storage_tb"), Ref("cloud_storage_usd_per_tb_month"), Num(12.0), Var("Y")),
    ),
    CostLine(
        "cloud_egress",
        "Egress of the trained model once",
        "USD",
        f"{SPEC} cloud_extras: egress_tb × cloud_egress_usd_per_tb",
        Op("*", Ref("cloud_egress_tb"), Ref("cloud_egress_usd_per_tb")),
    ),
    CostLine(
        "job_cloud_on_demand",
        "The job's GPU-hours on demand",
        "USD",
        f"{SPEC}: gpu_hours × on_demand_price",
        Op("*", Ref("gpu_hours"), Ref("cloud_usd_per_gpu_hour")),
    ),
)
LINE_BY_NAME: Mapping[str, CostLine] = {line.name: line for line in LINES}


# ---------------------------------------------------------------------------------------------------------
# Evaluation and rendering


def evaluate(
    name_or_expr: str | Expr,
    inputs: _Inputs,
    *,
    utilization: float | None = None,
    horizon_years: float | None = None,
    year: int = 1,
    lines: Mapping[str, float | None] | None = None,
) -> float | None:
    """The value of a line (by name) or expression for `inputs`; None when any input it needs is None.
    `lines` gives values of names computed outside the table (energy, residual, gpu_hours, …); `year` is y."""
    u = inputs.utilization if utilization is None else utilization
    y = inputs.horizon_years if horizon_years is None else horizon_years
    if isinstance(name_or_expr, str) and not lines:
        return _evaluate_line(name_or_expr, cast(Hashable, inputs), u, y, year)
    env = _Env(inputs, {"u": u, "Y": y, "y": float(year)}, lines or {})
    fn = _COMPILED[name_or_expr] if isinstance(name_or_expr, str) else _compile(name_or_expr)
    return fn(env)


@functools.lru_cache(maxsize=8192)
def _evaluate_line(name: str, inputs: Hashable, u: float, y: float, year: int) -> float | None:
    """One line for frozen (hashable) inputs: the cash flows, crossover month and tornado ask for the same
    line at the same (u, Y, year) many times."""
    return _COMPILED[name](_Env(inputs, {"u": u, "Y": y, "y": float(year)}, {}))


class _Env:
    """One evaluation: the inputs, the variables, values given from outside, and each line once."""

    __slots__ = ("inputs", "variables", "given", "seen")

    def __init__(self, inputs: object, variables: dict[str, float], given: Mapping[str, float | None]) -> None:
        self.inputs, self.variables, self.given = inputs, variables, given
        self.seen: dict[str, float | None] = {}  # capex feeds support and residual: computed once

    def ref(self, name: str) -> float | None:
        if name in self.given:
            return self.given[name]
        if name in self.seen:
            return self.seen[name]
        fn = _COMPILED.get(name)
        if fn is not None:
            self.seen[name] = value = fn(self)
            return value
        v = getattr(self.inputs, name)
        return None if v is None else float(v)


_Fn = Callable[[_Env], "float | None"]


def _compile(e: Expr) -> _Fn:
    """The expression as a closure (the tree is walked once, not at every evaluation: a Plan sweep evaluates
    the lines thousands of times). Semantics are `_apply`'s, with None propagating."""
    if isinstance(e, Num):
        value = e.value
        return lambda env: value
    if isinstance(e, Ref):
        name = e.name
        return lambda env: env.ref(name)
    if isinstance(e, Var):
        var = e.name
        return lambda env: env.variables[var]
    kind, parts = e.kind, tuple(_compile(a) for a in e.args)

    def run(env: _Env) -> float | None:
        args = []
        for part in parts:
            v = part(env)
            if v is None:
                return None
            args.append(v)
        return _apply(kind, args)

    return run


_OPS: Mapping[str, Callable[[list[float]], float]] = {
    "+": math.fsum,
    "-": lambda a: a[0] - math.fsum(a[1:]),
    "*": math.prod,
    "/": lambda a: a[0] / a[1],
    "^": lambda a: a[0] ** a[1],
    "max": max,
    "min": min,
    "ceil": lambda a: float(math.ceil(a[0] - 1e-12)),  # 16/8 stays 2 against rounding noise
}


def _apply(kind: str, a: list[float]) -> float:
    try:
        op = _OPS[kind]
    except KeyError:
        raise ValueError(f"unknown operator {kind!r}") from None
    return op(a)


def references(name_or_expr: str | Expr, *, deep: bool = True) -> tuple[str, ...]:
    """The input names an expression reads, in order, each once; `deep` follows other lines."""
    if isinstance(name_or_expr, str):
        return _line_references(name_or_expr, deep)
    return _references(name_or_expr, deep)


@functools.cache
def _line_references(name: str, deep: bool) -> tuple[str, ...]:
    """A line's references: the table is fixed, and every sweep row asks why its unknown figures are unknown."""
    return _references(LINE_BY_NAME[name].expr, deep)


def _references(expr: Expr, deep: bool) -> tuple[str, ...]:
    out: list[str] = []

    def walk(e: Expr) -> None:
        if isinstance(e, Ref):
            line = LINE_BY_NAME.get(e.name)
            if line is not None and deep:
                walk(line.expr)
            elif e.name not in out:
                out.append(e.name)
        elif isinstance(e, Op):
            for a in e.args:
                walk(a)

    walk(expr)
    return tuple(out)


def missing_inputs(name: str, inputs: object, *, known: Mapping[str, float | None] | None = None) -> tuple[str, ...]:
    """The inputs of line `name` that are None (why the line is unknown); names in `known` count as given
    when not None."""
    extra = known or {}
    out = []
    for ref in references(name):
        v = extra[ref] if ref in extra else getattr(inputs, ref, None)
        if v is None:
            out.append(ref)
    return tuple(out)


def render(
    e: Expr,
    name: Callable[[str], str],
    var: Callable[[str], str],
    num: Callable[[float], str] | None = None,
) -> str:
    """The expression as an Excel formula body (no leading '='): `name` maps an input or line to its cell name,
    `var` maps "u"/"Y"/"y" to theirs (for "y", a yearly column's year cell), `num` a constant to its text (a
    workbook names its constants, 8760 as in_hours_per_year; default: the number itself)."""
    if isinstance(e, Num):
        return repr(e.value) if num is None else num(e.value)
    if isinstance(e, Ref):
        return name(e.name)
    if isinstance(e, Var):
        return var(e.name)
    args = [render(a, name, var, num) for a in e.args]
    if e.kind in ("max", "min"):
        return f"{e.kind.upper()}({','.join(args)})"
    if e.kind == "ceil":
        # ROUNDUP(x, 0), not CEILING: the workbook keeps to functions every spreadsheet reads alike (CEILING's
        # second argument differs between Excel versions and LibreOffice); the same for x ≥ 0
        return f"ROUNDUP({args[0]},0)"
    return "(" + e.kind.join(args) + ")"


_COMPILED: dict[str, _Fn] = {line.name: _compile(line.expr) for line in LINES}
