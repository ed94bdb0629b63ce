"""The monthly table below the TCO blocks: cumulative cost of owning and renting on demand per option, month by
month, for the crossover month (docs/estimation_cost.md §4.2; chanthaphan/gpu-tco)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cells import F, col, put
from ..options import Option
from .tco_block import SHEET

if TYPE_CHECKING:
    from ..builder import Builder


# Own, rent and month-if-crossed columns of every option's table (E:G, under the year columns): the options'
# tables stand one below the other, so the sheet is no wider than its yearly blocks and prints readably on a
# page's width (a side-by-side table was 12 columns wide and printed at ~5 pt).
OWN_COLUMN = 5


def write(b: Builder, start: int) -> None:
    """The section title at row `start`, one table per option below it, then each block's crossover month and
    the checks of the month totals."""
    put(
        b.ws[SHEET],
        start,
        1,
        "Monthly cumulative cost (for the crossover month: the first month at whose end "
        "owning has cost no more than renting on demand)",
        "section",
    )
    r = start + 1
    for opt in b.options:
        first, last = _header(b, opt, r)
        for m in range(last - first + 1):
            _month(b, opt, first + m, m)
        _crossover(b, opt, first, last)
        r = last + 2


def _header(b: Builder, opt: Option, hdr: int) -> tuple[int, int]:
    ws = b.ws[SHEET]
    put(ws, hdr, 1, f"{opt.label}: {b.t('Month')}", "header")
    put(ws, hdr, 2, "Year of the month", "header")
    put(ws, hdr, 3, "Weight v_m = MAX(0, MIN(1, 12Y − (m − 1)))", "header")
    put(ws, hdr, 4, None, "header")
    put(ws, hdr, OWN_COLUMN, f"{opt.k}: {b.t('own, cumulative')}", "header")
    put(ws, hdr, OWN_COLUMN + 1, f"{opt.k}: {b.t('rent, cumulative')}", "header")
    put(ws, hdr, OWN_COLUMN + 2, f"{opt.k}: {b.t('month if crossed')}", "header")
    first = hdr + 1
    return first, first + 12 * b.years


def _month(b: Builder, opt: Option, r: int, m: int) -> None:
    ws = b.ws[SHEET]
    put(ws, r, 1, m, None, "0")
    put(ws, r, 2, F(f"ROUNDUP(A{r}/in_months_per_year,0)"), "calc", "0")
    put(ws, r, 3, F(f"IF(A{r}=0,0,MAX(0,MIN(1,in_months_per_year*in_horizon_years-(A{r}-1))))"), "calc", "0.00")
    ycols = b.tco_year_cols
    rows = b.tco_blocks[opt.k]
    base = OWN_COLUMN
    own, rent = col(base), col(base + 1)
    K, OD = f"$C${rows['known']}", f"$C${rows['od_known']}"
    opex = f"${col(ycols[0])}${rows['opex_full']}:${col(ycols[-1])}${rows['opex_full']}"
    od_p = b.n(opt, "cloud_usd_per_gpu_hour")
    if m == 0:
        own_f = f'IF({K},$C${rows["capex"]},"")'
        rent_f = f'IF({OD},0,"")'
    else:
        # core/cost_analysis.py crossover_month: the lead time's months are rented, the rent carries the
        # cloud extras (support uplift and storage by the month, the egress in the last month)
        L, sf = b.n(opt, "lead_time_months"), b.n(opt, "cloud_support_fraction")
        gpu_month = f"eng_gpu_count*in_hours_per_year*in_utilization*{od_p}*calc_fx/in_months_per_year"
        own_f = (
            f"IF({K},{own}{r - 1}+$C{r}*INDEX({opex},1,$B{r}+1)/in_months_per_year"
            f"+IF({L}=0,0,MAX(0,MIN(1,{L}-($A{r}-1)))*{gpu_month})"
            f'-IF($A{r}=calc_residual_month,$C${rows["residual"]},0),"")'
        )
        rent_f = (
            f"IF({OD},{rent}{r - 1}+$C{r}*({gpu_month}*(1+{sf})+$C${rows['cloud_storage_py']}/in_months_per_year)"
            f'+IF($A{r}=calc_residual_month,$C${rows["cloud_egress"]},0),"")'
        )
    put(ws, r, base, F(own_f), "calc", b.fmt["money"])
    put(ws, r, base + 1, F(rent_f), "calc", b.fmt["money"])
    put(
        ws,
        r,
        base + 2,
        F(f'IF(AND({K},{OD}),IF(AND($A{r}<=calc_residual_month,{own}{r}<={rent}{r}),$A{r},""),"")'),
        "calc",
        "0",
    )


def _crossover(b: Builder, opt: Option, first: int, last: int) -> None:
    ws = b.ws[SHEET]
    rows = b.tco_blocks[opt.k]
    base = OWN_COLUMN
    crossed = f"{col(base + 2)}{first}:{col(base + 2)}{last}"
    K, OD = f"$C${rows['known']}", f"$C${rows['od_known']}"
    put(ws, rows["crossover"], 1, "Crossover month (first month owning has cost ≤ renting)", "text")
    put(ws, rows["crossover"], 2, "month", "text")
    put(
        ws,
        rows["crossover"],
        3,
        F(f'IF(AND({K},{OD}),IF(COUNT({crossed})=0,"",MIN({crossed})),"")'),
        "bold",
        "0",
    )
    own_last, rent_last = f"{col(base)}{last}", f"{col(base + 1)}{last}"
    b.check(
        f"Option {opt.k}: the monthly own total at the end equals the on-prem TCO",
        f"IF({K},{b.close(own_last, '$C$' + str(rows['onprem_tco']))},TRUE)",
        SHEET,
    )
    b.check(
        f"Option {opt.k}: the monthly rent total at the end equals cloud on-demand",
        f"IF({OD},{b.close(rent_last, '$C$' + str(rows['cloud_on_demand']))},TRUE)",
        SHEET,
    )
