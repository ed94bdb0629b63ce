"""The workbook's charts. Every series references cells of its sheet (titles included), so a chart follows
the sheet when a user edits an input."""

from __future__ import annotations

from typing import TypeAlias

from openpyxl.chart import BarChart, LineChart, Reference, ScatterChart, Series
from openpyxl.chart.data_source import StrRef
from openpyxl.chart.series import SeriesLabel
from openpyxl.chart.shapes import GraphicalProperties
from openpyxl.worksheet.worksheet import Worksheet

from ..cells import addr
from .layout import PALETTE

AnyChart: TypeAlias = BarChart | LineChart | ScatterChart
LINE_WIDTH_EMU = 28000  # about 2.2 pt
DASHES = {"onprem": "solid", "od": "dash", "r1": "sysDot"}  # line style per cost tier
BREAKEVEN_RED = "C00000"


def series_title(ws: Worksheet, row: int, column: int) -> SeriesLabel:
    """A series title that references the label cell (so charts follow the sheet)."""
    return SeriesLabel(strRef=StrRef(f"'{ws.title}'!{addr(row, column)}"))


def show_axes(chart: AnyChart) -> None:
    """openpyxl ≥ 3.1 leaves `delete` unset, which Excel reads as hidden axes."""
    chart.x_axis.delete = False
    chart.y_axis.delete = False


def utilization_chart(title: str, axis_title: str, currency: str) -> ScatterChart:
    """XY chart with straight lines: the utilization axis is numeric, so the break-even point sits at its
    exact utilization (a category axis would need #N/A gaps, which LibreOffice draws as zeros)."""
    chart = ScatterChart()
    chart.title = title
    chart.y_axis.title = currency
    chart.x_axis.title = axis_title
    chart.y_axis.numFmt = "#,##0"
    chart.x_axis.numFmt = "0%"
    chart.x_axis.scaling.min, chart.x_axis.scaling.max = 0, 1
    chart.height, chart.width = 12, 26
    return chart


def add_cost_line(
    chart: ScatterChart,
    ws: Worksheet,
    xs: Reference,
    column: int,
    rows: tuple[int, int],
    header: int,
    k: int,
    tier: str,
) -> None:
    """Option `k`'s cost of `tier` in `column` over the utilization grid `rows`, titled by the header cell."""
    series = Series(Reference(ws, min_col=column, min_row=rows[0], max_row=rows[1]), xs)
    series.tx = series_title(ws, header, column)
    series.marker.symbol = "none"
    series.smooth = False
    series.graphicalProperties.line.solidFill = PALETTE[(k - 1) % len(PALETTE)]
    series.graphicalProperties.line.width = LINE_WIDTH_EMU
    series.graphicalProperties.line.dashStyle = DASHES[tier]
    chart.series.append(series)


def add_breakeven_point(chart: ScatterChart, ws: Worksheet, row: int) -> None:
    """One diamond at (B{row}, C{row}): the break-even utilization and the cost there; title in A{row}."""
    be = Series(Reference(ws, min_col=3, min_row=row), Reference(ws, min_col=2, min_row=row))
    be.tx = series_title(ws, row, 1)
    be.marker.symbol = "diamond"
    be.marker.size = 11
    be.marker.graphicalProperties = GraphicalProperties(solidFill=BREAKEVEN_RED)
    be.marker.graphicalProperties.line.solidFill = BREAKEVEN_RED
    be.graphicalProperties.line.noFill = True
    chart.series.append(be)


def tornado_chart(ws: Worksheet, header: int, first: int, last: int, bars: int) -> BarChart:
    """Horizontal bars of low − base and high − base (columns H, I), labels in column B, largest on top."""
    chart = BarChart()
    chart.type = "bar"
    chart.grouping = "clustered"
    chart.overlap = 100
    chart.title = "Change in (on-prem TCO − cloud on-demand), inputs at −/+ 20 %"
    chart.y_axis.numFmt = "#,##0"
    chart.height, chart.width = max(8, 0.6 * bars + 3), 22
    for c in (8, 9):  # low − base, high − base (the base row above the bars is not part of the series)
        chart.add_data(Reference(ws, min_col=c, min_row=first, max_row=last), titles_from_data=False)
        chart.series[-1].tx = series_title(ws, header, c)
    chart.set_categories(Reference(ws, min_col=2, min_row=first, max_row=last))
    chart.x_axis.scaling.orientation = "maxMin"  # largest swing on top
    chart.x_axis.tickLblPos = "low"  # labels left of the bars, not on top of them
    show_axes(chart)
    return chart


def memory_chart(ws: Worksheet, rows: dict[str, int], header: int, options: int) -> BarChart:
    """Stacked columns per option: memory parts, overhead and free memory, up to the capacity."""
    chart = BarChart()
    chart.type = "col"
    chart.grouping = "stacked"
    chart.overlap = 100
    chart.title = "Memory per GPU (GiB): parts, overhead and free memory up to the capacity"
    chart.y_axis.title = "GiB"
    chart.height, chart.width = 10, 20
    for key in ("weights", "gradients", "optimizer", "activations", "kv_cache", "overhead", "free"):
        chart.add_data(
            Reference(ws, min_col=3, max_col=2 + options, min_row=rows[key]),
            from_rows=True,
            titles_from_data=False,
        )
        chart.series[-1].tx = series_title(ws, rows[key], 1)
    chart.set_categories(Reference(ws, min_col=3, max_col=2 + options, min_row=header))
    show_axes(chart)
    return chart


def totals_chart(ws: Worksheet, title: str, header: int, first: int, last: int) -> BarChart:
    """Clustered columns of the Summary comparison: on-prem TCO, on-demand, reserved 1 year (columns G–I)."""
    chart = BarChart()
    chart.type = "col"
    chart.grouping = "clustered"
    chart.title = title
    chart.y_axis.numFmt = "#,##0"
    chart.height, chart.width = 7.5, 18
    chart.add_data(Reference(ws, min_col=7, max_col=9, min_row=header, max_row=last), titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=first, max_row=last))  # "1. H100 SXM5 80GB"
    show_axes(chart)
    return chart


def cumulative_chart(tco: Worksheet, title: str, rows: dict[str, int], ycols: list[int], year_row: int) -> LineChart:
    """Lines of the main option's cumulative own and rent cash flows on the TCO sheet, by year, over the year
    columns `ycols` (those of the horizon). Straight segments between the year ends: a smoothed curve
    overshoots between them and shows costs nobody pays."""
    line = LineChart()
    line.title = title
    line.y_axis.numFmt = "#,##0"
    line.height, line.width = 7.5, 18
    for key in ("own_cum", "rent_cum"):
        line.add_data(
            Reference(tco, min_col=ycols[0], max_col=ycols[-1], min_row=rows[key]),
            from_rows=True,
            titles_from_data=False,
        )
        line.series[-1].tx = series_title(tco, rows[key], 1)
        line.series[-1].smooth = False
        line.series[-1].marker.symbol = "circle"
        line.series[-1].graphicalProperties.line.width = LINE_WIDTH_EMU
    line.set_categories(Reference(tco, min_col=ycols[0], max_col=ycols[-1], min_row=year_row))
    show_axes(line)
    return line
