"""Summary: the master check, the recommendation, the main GPU's key numbers, the comparison of the options, and
two charts (totals by option; cumulative own vs rent of the main GPU)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from openpyxl.formatting.rule import CellIsRule

from .... import __version__
from ...cells import FILL_BAD, FONT_BAD, F, put, quote_text
from .. import charts
from ..options import Option
from ..styles import traffic_light
from . import summary_deadline, summary_keys
from .tco_block import YEAR_HEADER_ROW

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Summary"
COMPARISON_HEADER_ROW = 37  # below the key numbers (rows 12–33)
WIDTHS = (36, 16, 15, 14, 14, 22, 14, 15, 15, 12, 13, 13, 13, 15)  # columns A–N


def write(b: Builder) -> None:
    _heading(b)
    # the comparison table first, so that the recommendation can point at it
    first, last = _comparison(b)
    _verdicts(b, first, last)
    summary_keys.write(b)
    # "80% band: high" wraps to two lines in its column (fit_wrapped_rows does not size header rows)
    b.ws[SHEET].row_dimensions[summary_keys.HEADER_ROW].height = 30
    _link_notes(b, summary_deadline.write(b, last + 2))
    _charts(b, first, last)
    b.ws[SHEET].freeze_panes = "A2"


def _heading(b: Builder) -> None:
    ws, t = b.ws[SHEET], b.t
    put(ws, 1, 1, t("GPU plan for finance"), "title")
    put(ws, 2, 1, t("Scenario"), "bold")
    put(ws, 2, 2, b.scenario_name, "text")
    put(ws, 3, 1, t("Exported"), "bold")
    put(ws, 3, 2, f"{b.today.isoformat()}, gpuplanner {__version__}", "text")
    put(ws, 4, 1, t("Currency"), "bold")
    put(ws, 4, 2, F("in_currency"), "link")
    put(ws, 6, 1, t("All checks pass"), "bold")
    put(ws, 6, 2, F("Checks!$C$4"), "bold")
    traffic_light(ws, "B6")
    for letter, width in zip("ABCDEFGHIJKLMN", WIDTHS, strict=True):
        ws.column_dimensions[letter].width = width


def _comparison(b: Builder) -> tuple[int, int]:
    """One row per option; returns the first and last row."""
    ws, t, hdr = b.ws[SHEET], b.t, COMPARISON_HEADER_ROW
    put(ws, hdr - 1, 1, t("Comparison of the options"), "section")
    heads = (
        t("Option"),
        t("GPU"),
        t("Fits in memory"),
        t("Headroom per GPU"),
        t("Wall-clock days"),
        t("GPU-hours"),
        t("On-prem TCO"),
        t("Cloud on-demand"),
        t("Cloud reserved 1 year"),
        t("Break-even utilization"),
        t("Own: cost per million tokens"),
        t("On-demand: cost per million tokens"),
        t("Best cost per million tokens"),
        t("This job at on-demand prices"),  # the job cost the app's verdict and `gpuplanner plan` print
    )
    for i, h in enumerate(heads, start=1):
        put(ws, hdr, i, h, "header")
    ws.row_dimensions[hdr].height = 72
    for opt in b.options:
        _comparison_row(b, opt, hdr + opt.k)
    first, last = hdr + 1, hdr + len(b.options)
    ws.conditional_formatting.add(
        f"D{first}:D{last}", CellIsRule(operator="lessThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD)
    )
    ws.conditional_formatting.add(
        f"C{first}:C{last}", CellIsRule(operator="equal", formula=["FALSE"], fill=FILL_BAD, font=FONT_BAD)
    )
    return first, last


def _comparison_row(b: Builder, opt: Option, r: int) -> None:
    ws, fmt, cc = b.ws[SHEET], b.fmt, opt.cells
    od_p, tps = b.n(opt, "cloud_usd_per_gpu_hour"), b.e(opt, "tokens_per_second")
    put(ws, r, 1, opt.label, "text")
    put(ws, r, 2, opt.gpu.id, "text")
    put(ws, r, 3, F(cc["fits"]), "link")
    put(ws, r, 4, F(cc["headroom"]), "link", fmt["gib"] + ' "GiB"')
    put(ws, r, 5, F(cc["wall_days"]), "link", fmt["days"])
    put(ws, r, 6, F(cc["gpu_hours"]), "link", fmt["hours"])
    put(ws, r, 7, F(cc["onprem_tco"]), "link", fmt["money"])
    put(ws, r, 8, F(cc["cloud_on_demand"]), "link", fmt["money"])
    put(ws, r, 9, F(cc["cloud_reserved_1y"]), "link", fmt["money"])
    put(ws, r, 10, F(cc["breakeven"]), "link", "0.0%")
    put(ws, r, 11, F(cc["per_million_tokens"]), "link", fmt["money2"])
    put(
        ws,
        r,
        12,
        F(
            f"IF(AND(ISNUMBER({od_p}),ISNUMBER({tps})),IF({tps}>0,{od_p}*calc_fx*eng_gpu_count"
            f'/({tps}*in_seconds_per_hour)*in_tokens_per_million,""),"")'
        ),
        "calc",
        fmt["money2"],
    )
    put(ws, r, 13, F(f'IF(C{r}=TRUE,IF(COUNT(K{r}:L{r})=0,"",MIN(K{r}:L{r})),"")'), "bold", fmt["money2"])
    put(ws, r, 14, F(cc["job_cloud_on_demand"]), "link", fmt["money"])


def _verdicts(b: Builder, first: int, last: int) -> None:
    """Row 7: the recommended option (lowest best cost per million tokens among those that fit); row 8: rent
    or buy for the main GPU."""
    ws, t = b.ws[SHEET], b.t
    best = f"$M${first}:$M${last}"
    labels = f"$A${first}:$A${last}"
    # with a deadline, the Plan's answer is on row 5 (summary_deadline); this one is for the planned count
    at_count = summary_deadline.has_deadline(b.plan)
    label = t("Recommendation at {count} GPUs").format(count=f"{b.s.hardware.gpu_count:,}")
    put(ws, 7, 1, label if at_count else t("Recommendation"), "bold")
    put(
        ws,
        7,
        2,
        F(
            f"IF(COUNT({best})=0,{quote_text(t('No option fits in memory'))},"
            f"INDEX({labels},MATCH(MIN({best}),{best},0)))"
        ),
        "bold",
    )
    put(
        ws,
        9,
        1,
        t(
            "lowest cost per million training tokens among the options that fit (owning or renting "
            "on demand, whichever is cheaper)"
        ),
        "subtitle",
    )
    put(ws, 8, 1, t("Rent or buy (main GPU)"), "bold")
    put(
        ws,
        8,
        2,
        F(
            f"IF(AND(ISNUMBER(out_onprem_tco),ISNUMBER(out_cloud_on_demand)),"
            f"IF(out_onprem_tco<out_cloud_on_demand,"
            f"{quote_text(t('Buy: on-prem TCO is below cloud on-demand at this utilization'))},"
            f"{quote_text(t('Rent: cloud on-demand is below on-prem TCO at this utilization'))}),"
            f"{quote_text(t('Not comparable: a price is not published'))})"
        ),
        "bold",
    )


def _link_notes(b: Builder, first_row: int) -> int:
    """The link speeds each option's figures assumed (Estimate.notes, core/training_time.link_notes), one row per
    note under the comparison: finance sees that a training time rests on a guessed network. Returns the next
    free row (unchanged when nothing was assumed)."""
    notes = [(opt, n) for opt in b.options for n in opt.est.notes]
    if not notes:
        return first_row
    ws, t = b.ws[SHEET], b.t
    put(ws, first_row, 1, t("Assumed link speeds (nobody published them; the scenario key named sets one)"), "section")
    r = first_row + 1
    for opt, n in notes:
        put(ws, r, 1, opt.label, "text")
        # the sentence spills over the empty cells to its right (not wrapped): one line per note
        put(ws, r, 2, t(n.template).format(subject=n.subject, assumed=n.assumed, key=n.key), "text")
        r += 1
    return r + 1


def _charts(b: Builder, first: int, last: int) -> None:
    ws, t = b.ws[SHEET], b.t
    title = t("TCO by option over the horizon") + f" ({b.currency})"
    ws.add_chart(charts.totals_chart(ws, title, COMPARISON_HEADER_ROW, first, last), "H2")
    # the years of the horizon at export (year 0 … ROUNDUP(Y)): past the horizon nothing is paid
    years = max(1, math.ceil(b.main.inputs.horizon_years - 1e-9))
    line = charts.cumulative_chart(
        b.ws["TCO"],
        t("Cumulative cost, main GPU: own vs rent on demand") + f" ({b.currency})",
        b.tco_blocks[1],
        b.tco_year_cols[: years + 1],
        YEAR_HEADER_ROW,
    )
    # beside the key numbers, under the totals: the Summary stays one printed page
    ws.add_chart(line, "H19")
