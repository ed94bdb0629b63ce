"""Utilization: totals over the horizon against utilization on a 0–100 % grid (on-prem a + b × u, on-demand
c × u, reserved fixed), the break-even utilization of each option, and the chart of the lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from openpyxl.chart import Reference
from openpyxl.worksheet.pagebreak import Break

from ...cells import F, col, put
from .. import charts
from ..layout import GRID_STEP
from ..options import Option

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Utilization"
HEADER_ROW = 4
BLANK = '""'  # an unknown price leaves its cells empty (§4: unknown is empty, never 0)
TIERS = (("onprem", "On-prem TCO"), ("od", "Cloud on-demand"), ("r1", "Cloud reserved 1 year"))


def write(b: Builder) -> None:
    cols = _heading(b)
    first = HEADER_ROW + 1
    last = first + round(1 / GRID_STEP)
    for r in range(first, last + 1):
        _grid_row(b, cols, r, first)
    be_row = _breakeven(b, last)
    _chart(b, cols, (first, last), be_row)


def _heading(b: Builder) -> dict[tuple[int, str], int]:
    """Title and column headers; returns (option, tier) -> column."""
    ws, t = b.ws[SHEET], b.t
    put(ws, 1, 1, t("Utilization"), "title")
    put(
        ws,
        2,
        1,
        t(
            "Totals over the horizon against utilization: on-prem TCO = a + b × u, cloud on-demand = c × u, "
            "reserved = fixed. A column marked “not published” stays empty until you enter that price on "
            "Assumptions."
        )
        + f" ({b.currency})",
        "subtitle",
    )
    put(ws, HEADER_ROW, 1, t("Utilization"), "header")
    ws.column_dimensions["A"].width = 34
    cols: dict[tuple[int, str], int] = {}
    c = 2
    for opt in b.options:
        for tier, label in TIERS:
            cols[(opt.k, tier)] = c
            missing = "" if _has_price(opt, tier) else f" — {t('not published')}"
            put(ws, HEADER_ROW, c, f"{opt.k}. {opt.gpu.name}: {t(label)}{missing}", "header")
            ws.column_dimensions[col(c)].width = 12  # columns.fit_columns widens them to the sums they show
            c += 1
    ws.row_dimensions[HEADER_ROW].height = 72
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=2)
    return cols


def _grid_row(b: Builder, cols: dict[tuple[int, str], int], r: int, first: int) -> None:
    ws = b.ws[SHEET]
    put(ws, r, 1, 0.0 if r == first else F(f"A{r - 1}+in_grid_step"), "key" if r == first else "calc", "0%")
    for opt in b.options:
        cell = opt.cells
        put(
            ws,
            r,
            cols[(opt.k, "onprem")],
            F(f"IF({cell['known']},{cell['onprem_at_zero']}+{cell['energy_slope']}*$A{r},{BLANK})"),
            "calc",
            b.fmt["money"],
        )
        put(
            ws,
            r,
            cols[(opt.k, "od")],
            F(f"IF({cell['od_known']},{cell['cloud_at_zero']}+{cell['cloud_at_full']}*$A{r},{BLANK})"),
            "calc",
            b.fmt["money"],
        )
        put(
            ws,
            r,
            cols[(opt.k, "r1")],
            F(f"IF(ISNUMBER({cell['cloud_reserved_1y']}),{cell['cloud_reserved_1y']},{BLANK})"),
            "calc",
            b.fmt["money"],
        )


def _breakeven(b: Builder, last: int) -> int:
    """Break-even per option below the grid, then the main option's point for the chart; returns its row."""
    ws, t = b.ws[SHEET], b.t
    r = last + 2
    put(ws, r, 1, t("Break-even utilization"), "section")
    for opt in b.options:
        r += 1
        put(ws, r, 1, opt.label, "text")
        put(ws, r, 2, F(opt.cells["breakeven"]), "link", "0.0%")
        put(
            ws,
            r,
            3,
            "owning is cheaper than renting on demand above this utilization (empty: never in 0–100 %)",
            "text",
        )
    mc = b.main.cells
    r += 2
    put(ws, r, 1, f"1. {b.main.gpu.name}: {t('Break-even utilization')}", "bold")
    put(ws, r, 2, F(f'IF(ISNUMBER({mc["breakeven"]}),{mc["breakeven"]},"")'), "link", "0.0%")
    put(
        ws,
        r,
        3,
        F(f'IF(ISNUMBER(B{r}),{mc["onprem_at_zero"]}+{mc["energy_slope"]}*B{r},"")'),
        "calc",
        b.fmt["money"],
    )
    put(ws, r, 4, "the break-even point: utilization and the on-prem TCO (= cloud on-demand) there", "text")
    line_at_u = f"{mc['onprem_at_zero']}+{mc['energy_slope']}*in_utilization"
    b.check(
        "Utilization grid: on-prem a + b × u at the scenario's utilization equals the TCO sheet",
        f"IF({mc['known']},{b.close(line_at_u, mc['onprem_tco'])},TRUE)",
    )
    return r


def _has_price(opt: Option, tier: str) -> bool:
    """Whether the tier's inputs were published at export (the column is empty without them)."""
    if tier == "onprem":
        return opt.est.cost is not None and opt.est.cost.onprem_tco is not None
    if tier == "od":
        return opt.known("cloud_usd_per_gpu_hour")
    return opt.known("reserved_1y_usd_per_gpu_hour")


def _has_line(opt: Option, tier: str) -> bool:
    """Whether the tier's line goes on the chart: an empty series would clutter the legend, and the reserved
    line is drawn for the main option only."""
    return _has_price(opt, tier) and (tier != "r1" or opt.k == 1)


def _chart(b: Builder, cols: dict[tuple[int, str], int], rows: tuple[int, int], be_row: int) -> None:
    ws, t = b.ws[SHEET], b.t
    chart = charts.utilization_chart(f"{t('TCO')} vs {t('Utilization')} ({b.currency})", t("Utilization"), b.currency)
    xs = Reference(ws, min_col=1, min_row=rows[0], max_row=rows[1])
    for (k, tier), c in cols.items():
        if _has_line(b.options[k - 1], tier):
            charts.add_cost_line(chart, ws, xs, c, rows, HEADER_ROW, k, tier)
    if b.main.est.cost is not None and b.main.est.cost.breakeven_utilization is not None:
        charts.add_breakeven_point(chart, ws, be_row)
    charts.show_axes(chart)
    # below the break-even rows, not beside the grid: the page width then holds the grid at a readable size
    # (a page of its own: where it started low on a page its bottom edge printed on a page by itself)
    ws.row_breaks.append(Break(id=be_row + 2))
    ws.add_chart(chart, f"A{be_row + 3}")
