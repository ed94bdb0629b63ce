"""TCO: yearly cash flows in the scenario's currency (costs positive, year 0 = purchase), with the horizon's
year weights and shared scalars at the top, one block per option (tco_block and its modules), and the
monthly table for the crossover month (tco_months)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...cells import F, col, put
from ..layout import COMPARISON_HORIZONS
from ..options import Option
from . import tco_flows, tco_lines, tco_months, tco_onprem, tco_results, tco_totals
from .tco_block import SHEET, YEAR_HEADER_ROW, TcoBlock

if TYPE_CHECKING:
    from ..builder import Builder

YEAR0_COLUMN = 5  # D is a spacer so that "previous year" of year 0 is an empty cell
FIRST_BLOCK_ROW = 16


def write(b: Builder) -> None:
    ycols = [YEAR0_COLUMN + y for y in range(b.years + 1)]
    b.tco_year_cols = ycols
    _heading(b, ycols)
    weight_rows = _weights(b, ycols)
    _scalars(b, ycols)
    r = FIRST_BLOCK_ROW
    for opt in b.options:
        r = _block(b, opt, r, ycols, weight_rows) + 2
    tco_months.write(b, r)


def _block(b: Builder, opt: Option, start: int, ycols: list[int], weight_rows: dict[float, int]) -> int:
    """Write option `opt`'s block from row `start`; returns its last row."""
    blk = TcoBlock(b, opt, start, ycols, weight_rows)
    b.tco_blocks[opt.k] = blk.rows
    title = f"{b.t('Option')} {opt.k}: {opt.gpu.name} ({opt.gpu.id}), node {opt.node.id}"
    for c in range(1, ycols[-1] + 1):
        put(blk.ws, start, c, title if c == 1 else None, "section")
    tco_onprem.write(blk)
    tco_flows.write(blk)
    tco_results.write(blk)
    tco_totals.write(blk)
    return blk.end


def _heading(b: Builder, ycols: list[int]) -> None:
    ws, t, H = b.ws[SHEET], b.t, YEAR_HEADER_ROW
    put(ws, 1, 1, t("TCO"), "title")
    put(
        ws,
        2,
        1,
        t(
            "Yearly cash flows in {cur}, costs positive; year 0 = purchase. Columns run to year {years}; the "
            "horizon (in_horizon_years) selects the years that count."
        ).format(cur=b.currency, years=b.years),
        "subtitle",
    )
    ws.column_dimensions["A"].width = 40  # labels that spell out a formula wrap (columns.fit_columns)
    ws.column_dimensions["B"].width = 18
    ws.column_dimensions["C"].width = 18
    ws.column_dimensions["D"].width = 2
    for c in ycols:
        ws.column_dimensions[col(c)].width = 15
    put(ws, H, 1, t("Year"), "header")
    put(ws, H, 2, t("Unit"), "header")
    put(ws, H, 3, t("Total / value"), "header")
    put(ws, H, 4, None, "header")
    for y, c in zip(range(b.years + 1), ycols, strict=True):
        put(ws, H, c, y, "header", "0")
    ws.freeze_panes = ws.cell(row=H + 1, column=4)


def _yr(c: int) -> str:
    return f"{col(c)}${YEAR_HEADER_ROW}"


def _across(b: Builder, ycols: list[int], r: int, label: str, unit: str, make: Callable[[int], str], fmt: str) -> None:
    ws = b.ws[SHEET]
    put(ws, r, 1, label, "text")
    put(ws, r, 2, unit, "text")
    for c in ycols:
        put(ws, r, c, F(make(c)), "calc", b.fmt[fmt])


def _scalar(b: Builder, r: int, label: str, unit: str, formula: str, fmt: str) -> None:
    ws = b.ws[SHEET]
    put(ws, r, 1, label, "text")
    put(ws, r, 2, unit, "text")
    put(ws, r, 3, F(formula), "calc", b.fmt[fmt])


def _weights(b: Builder, ycols: list[int]) -> dict[float, int]:
    """Rows 5–9: the horizon's year weights, the residual flag, and the weights of each comparison horizon;
    returns comparison horizon -> its row."""
    ws = b.ws[SHEET]
    first, last = col(ycols[0]), col(ycols[-1])
    _across(
        b,
        ycols,
        5,
        "Weight of the year in the horizon w_y = MAX(0, MIN(1, Y − (y − 1)))",
        "fraction",
        lambda c: f"IF({_yr(c)}=0,0,MAX(0,MIN(1,in_horizon_years-({_yr(c)}-1))))",
        "num2",
    )
    put(ws, 5, 3, F(f"SUM({first}5:{last}5)"), "bold", b.fmt["num2"])
    _across(
        b,
        ycols,
        6,
        "Residual value lands in this year (year ROUNDUP(Y))",
        "flag",
        lambda c: f"IF({_yr(c)}=MAX(1,ROUNDUP(in_horizon_years,0)),1,0)",
        "int",
    )
    weight_rows: dict[float, int] = {}
    for i, h in enumerate(COMPARISON_HORIZONS):
        r = 7 + i

        def weight_at(c: int, r: int = r) -> str:
            return f"IF({_yr(c)}=0,0,MAX(0,MIN(1,$C{r}-({_yr(c)}-1))))"

        _across(
            b,
            ycols,
            r,
            f"Weight of the year for the comparison horizon in column C ({h:g} years)",
            "fraction",
            weight_at,
            "num2",
        )
        put(ws, r, 3, h, "key", "0")
        weight_rows[h] = r
    return weight_rows


def _scalars(b: Builder, ycols: list[int]) -> None:
    """Rows 10–14: discount factors and the scalars every block uses (calc_fx, calc_hours, …)."""
    first, last = col(ycols[0]), col(ycols[-1])
    _across(
        b,
        ycols,
        10,
        "Discount factor 1 / (1 + r)^y",
        "factor",
        lambda c: f'IF(ISNUMBER(in_discount_rate),1/(1+in_discount_rate)^{_yr(c)},"")',
        "num2",
    )
    _scalar(b, 11, "Money multiplier from USD to the currency", "×", 'IF(in_currency="KRW",in_usd_to_krw,1)', "num2")
    b.define("calc_fx", SHEET, 11, 3)
    hours = tco_lines.render("hours", lambda n: n, tco_lines.default_var)  # the cost line `hours`
    _scalar(b, 12, "Hours in the horizon H = 8760 × Y", "hours", hours, "int")
    b.define("calc_hours", SHEET, 12, 3)
    _scalar(
        b,
        13,
        "Month in which the residual value is booked = ROUNDUP(12 × Y)",
        "month",
        "MAX(1,ROUNDUP(in_months_per_year*in_horizon_years,0))",
        "month",
    )
    b.define("calc_residual_month", SHEET, 13, 3)
    _scalar(b, 14, "Last year column", "year", f"MAX({first}{YEAR_HEADER_ROW}:{last}{YEAR_HEADER_ROW})", "int")
    b.define("calc_last_year", SHEET, 14, 3)
    b.check(
        "The horizon fits in the year columns of the TCO sheet (in_horizon_years ≤ last year)",
        "AND(in_horizon_years>0,in_horizon_years<=calc_last_year)",
    )
