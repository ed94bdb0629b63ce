"""Tornado: sensitivity of (on-prem TCO − cloud on-demand) of option 1 to each input at −/+ 20 %
(in_tornado_step), one at a time, recomputed in closed form from a matrix of input values to the right
(chanthaphan/gpu-tco; docs/estimation_cost.md §4.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import cost_analysis as ca
from ...cells import F, col, put
from .. import charts
from ..layout import COST_ROWS, OPTION_ROWS
from . import tco_lines

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Tornado"
HEADER_ROW = 5
BASE_ROW = HEADER_ROW + 1  # base values across the matrix
HEADS = (
    "Input",
    "Label",
    "Base value",
    "Low value",
    "High value",
    "Gap at low",
    "Gap at high",
    "Low − base",
    "High − base",
    "Swing",
)
LABELS = {
    "utilization": "Utilization",
    "horizon_years": "Horizon (years)",
    "cloud_usd_per_gpu_hour": "On-demand price",
    "node_price_usd": "Node price",
    "network_usd_per_node": "Network per node",
    "install_usd_per_node": "Installation per node",
    "import_tax_fraction": "Import tax",
    "electricity_usd_per_kwh": "Electricity price",
    "electricity_escalation_per_year": "Electricity escalation",
    "pue": "PUE",
    "colocation_usd_per_kw_month": "Colocation rate",
    "support_fraction_per_year": "Support fraction",
    "staff_usd_per_year": "Staff",
    "software_usd_per_year": "Software",
    "depreciation_years": "Depreciation life",
    "node_power_full_kw": "Node power, rating (colocation)",
    "node_power_draw_kw": "Node power, training draw",
    "node_power_idle_kw": "Node power, idle",
}
INPUT_FORMATS = {row.key: row.fmt for row in (*COST_ROWS, *OPTION_ROWS)}
GAP_INPUTS = tuple(LABELS)  # the inputs the closed-form gap reads; must be ca.TORNADO_INPUTS


class _Matrix:
    """The two matrices of input values (low and high), one column per tornado input."""

    def __init__(self, b: Builder) -> None:
        self.names = list(ca.TORNADO_INPUTS)
        self.low0 = 12
        self.high0 = 12 + len(self.names) + 1
        main = b.main
        self.var = {name: b.n(main, name) for name in GAP_INPUTS}
        assert set(self.var) == set(self.names), set(self.names) ^ set(self.var)
        self.nodes = main.cells["nodes"]
        self.b, self.main = b, main

    def gap(self, row: int, start: int) -> str:
        """On-prem TCO − cloud on-demand from the input values in `row` of the matrix at `start`: the cost lines
        of core/cost_lines.py rendered inline with those values (tco_lines), the energy summed over a fractional
        horizon in closed form Σ w_y (1+g)^(y−1) = ((1+g)^INT(Y) − 1)/g + (Y − INT(Y))(1+g)^INT(Y)."""
        v = {name: f"{col(start + i)}{row}" for i, name in enumerate(self.names)}
        Y, g = v["horizon_years"], v["electricity_escalation_per_year"]

        def var(x: str) -> str:
            return {"u": v["utilization"], "Y": Y}[x]

        given = {k: c for k, c in v.items() if k not in ("utilization", "horizon_years")}
        name = tco_lines.namer(self.b, self.main, None, inputs=given, var=var)

        def line(n: str) -> str:
            return "(" + tco_lines.render(n, name, var) + ")"

        esc = f"IF({g}=0,{Y},((1+{g})^INT({Y})-1)/{g}+({Y}-INT({Y}))*(1+{g})^INT({Y}))"
        if self.main.inputs.residual_curve:
            residual = f"{line('capex')}*{tco_lines.curve_fraction(self.main, Y)}"
        else:
            residual = line("residual_straight_line")
        energy = f"{line('power_kw')}*{name('pue')}*in_hours_per_year*{name('electricity_usd_per_kwh')}*{esc}"
        L, sf = name("lead_time_months"), name("cloud_support_fraction")
        sp, ep = self.b.n(self.main, "cloud_storage_usd_per_tb_month"), self.b.n(self.main, "cloud_egress_usd_per_tb")
        return (
            f"{line('capex')}-{residual}+{energy}+{line('colocation')}+{line('support')}+{line('staff_software')}"
            f"+IF({L}=0,0,{line('lead_time_rent')})"
            f"-({line('cloud_on_demand_gpu')}*(1+{sf})+IF({sp}=0,0,{line('cloud_storage')})"
            f"+IF({ep}=0,0,{line('cloud_egress')}))"
        )

    def bounds(self, name: str, r: int) -> tuple[str, str]:
        """Low and high value of input `name` in row `r`, clamped to its valid range."""
        lo, hi = f"C{r}*(1-in_tornado_step)", f"C{r}*(1+in_tornado_step)"
        if name in ("utilization", "support_fraction_per_year"):
            return f"MIN(1,{lo})", f"MIN(1,{hi})"
        if name == "pue":
            return f"MAX(1,{lo})", f"MAX(1,{hi})"
        if name == "node_power_idle_kw":
            cap = f"MIN({self.var['node_power_full_kw']},{self.var['node_power_draw_kw']})"
            return f"MIN({cap},{lo})", f"MIN({cap},{hi})"
        if name in ("node_power_full_kw", "node_power_draw_kw"):
            idle = self.var["node_power_idle_kw"]
            return f"MAX({idle},{lo})", f"MAX({idle},{hi})"
        return lo, hi


def write(b: Builder) -> None:
    _heading(b)
    m = _Matrix(b)
    _matrix_header(b, m)
    main = b.main
    known = f"AND({main.cells['known']},{main.cells['od_known']})"
    _base_row(b, m, known)
    bars = list(getattr(main.est.cost, "tornado", ()) or ())
    first = BASE_ROW + 1
    for r, bar in enumerate(bars, start=first):
        _bar_row(b, m, known, r, bar.input)
    last = first + len(bars) - 1
    if not bars:
        put(
            b.ws[SHEET],
            last + 1,
            1,
            "No tornado: the on-prem or on-demand cost of option 1 is not known (a price nobody published).",
            "subtitle",
        )
        return
    ws = b.ws[SHEET]
    chart = charts.tornado_chart(ws, HEADER_ROW, first, last, len(bars))
    ws.print_area = f"A1:J{last + 4 + int(chart.height * 2)}"
    ws.add_chart(chart, f"B{last + 3}")


def _heading(b: Builder) -> None:
    ws = b.ws[SHEET]
    put(ws, 1, 1, b.t("Tornado"), "title")
    put(
        ws,
        2,
        1,
        b.t(
            "Sensitivity of (on-prem TCO − cloud on-demand) for option 1 ({gpu}) to each input at −20 % and "
            "+20 % (in_tornado_step), one at a time."
        ).format(gpu=b.main.gpu.name),
        "subtitle",
    )
    put(
        ws,
        3,
        1,
        "The gap is recomputed in closed form from the input values in the matrix to the right (columns L onward).",
        "subtitle",
    )
    for i, h in enumerate(HEADS, start=1):
        put(ws, HEADER_ROW, i, h, "header")
    for letter, width in zip("ABCDEFGHIJ", (30, 34, 14, 14, 14, 16, 16, 16, 16, 16), strict=True):
        ws.column_dimensions[letter].width = width
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=3)


def _matrix_header(b: Builder, m: _Matrix) -> None:
    ws = b.ws[SHEET]
    put(ws, HEADER_ROW - 1, m.low0, "Inputs with the varied one at its low value", "section")
    put(ws, HEADER_ROW - 1, m.high0, "Inputs with the varied one at its high value", "section")
    for i, name in enumerate(m.names):
        for start in (m.low0, m.high0):
            put(ws, HEADER_ROW, start + i, name, "header")
            put(ws, BASE_ROW, start + i, F(m.var[name]), "link", "General")
            ws.column_dimensions[col(start + i)].width = 12


def _base_row(b: Builder, m: _Matrix, known: str) -> None:
    ws, main = b.ws[SHEET], b.main
    put(ws, BASE_ROW, 1, "base", "key")
    put(ws, BASE_ROW, 2, "All inputs at their values (the gap must equal the TCO sheet)", "text")
    put(ws, BASE_ROW, 6, F(f'IF({known},{m.gap(BASE_ROW, m.low0)},"")'), "bold", b.fmt["money"])
    put(ws, BASE_ROW, 7, F(f'IF({known},{m.gap(BASE_ROW, m.high0)},"")'), "bold", b.fmt["money"])
    b.check(
        "Tornado: the closed-form gap at the base values equals on-prem TCO − cloud on-demand",
        f"IF({known},{b.close(f'$F${BASE_ROW}', main.cells['onprem_tco'] + '-' + main.cells['cloud_on_demand'])},TRUE)",
        SHEET,
    )


def _bar_row(b: Builder, m: _Matrix, known: str, r: int, name: str) -> None:
    ws, money, base_gap = b.ws[SHEET], b.fmt["money"], f"$F${BASE_ROW}"
    put(ws, r, 1, name, "name")
    put(ws, r, 2, LABELS.get(name, name), "text")
    fmt = b.fmt[INPUT_FORMATS.get(name, "num2")]  # each input's own format: $, %, years, kW
    put(ws, r, 3, F(m.var[name]), "link", fmt)
    lo, hi = m.bounds(name, r)
    put(ws, r, 4, F(lo), "calc", fmt)
    put(ws, r, 5, F(hi), "calc", fmt)
    for i, _ in enumerate(m.names):
        for start, src in ((m.low0, "$D"), (m.high0, "$E")):
            c = start + i
            put(
                ws,
                r,
                c,
                F(f"IF($A{r}={col(c)}${HEADER_ROW},{src}{r},{col(c)}${BASE_ROW})"),
                "calc",
                b.fmt[INPUT_FORMATS.get(m.names[i], "num2")],
            )
    put(ws, r, 6, F(f'IF({known},{m.gap(r, m.low0)},"")'), "calc", money)
    put(ws, r, 7, F(f'IF({known},{m.gap(r, m.high0)},"")'), "calc", money)
    put(ws, r, 8, F(f'IF({known},F{r}-{base_gap},"")'), "calc", money)
    put(ws, r, 9, F(f'IF({known},G{r}-{base_gap},"")'), "calc", money)
    put(ws, r, 10, F(f'IF({known},ABS(G{r}-F{r}),"")'), "calc", money)
