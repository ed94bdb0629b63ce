"""Summary's key numbers of the main GPU: value, unit, the engine's 80% band (issue #19: the 10th and 90th
percentile of the estimator's measured error, from `Estimate.bands`) and, for an empty value, why it is empty
("not published" when a price nobody published is missing; §4: unknown is empty, never 0)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from openpyxl.formatting.rule import CellIsRule

from ....core.bands import Band
from ...cells import FILL_BAD, FONT_BAD, F, put, quote_text, sheet_ref
from ..layout import GIB, GPU_COUNT

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Summary"
HEADER_ROW = 11
FIRST_ROW = 12
NOT_PUBLISHED = "not published"


@dataclass(frozen=True)
class KeyRow:
    label: str
    ref: str  # defined name or absolute cell
    unit: str
    fmt: str
    band: Band | None = None  # the engine's 80% band, in the value's unit
    known: str | None = None  # formula TRUE when every input the value needs is published
    otherwise: str = ""  # why it is empty although its inputs are known


def _scaled(band: Band | None, k: float) -> Band | None:
    return None if band is None else Band(band.low * k, band.high * k)


def key_rows(b: Builder) -> list[KeyRow]:
    t, cur, main = b.t, b.currency, b.main
    mc, bands = main.cells, main.est.bands
    onprem, od = mc["known"], mc["od_known"]
    both = f"AND({onprem},{od})"
    price = b.n(main, "reserved_1y_usd_per_gpu_hour"), b.n(main, "reserved_3y_usd_per_gpu_hour")
    spot = b.n(main, "spot_usd_per_gpu_hour")
    return [
        KeyRow(t("GPU count"), GPU_COUNT, "GPUs", "int"),
        KeyRow(t("Utilization"), "in_utilization", "", "pct"),
        KeyRow(t("Horizon"), "in_horizon_years", "years", "years"),
        KeyRow(
            t("Peak memory per GPU"),
            mc["memory_total"],
            "GiB",
            "gib",
            _scaled(bands.memory_total if bands else None, 1 / GIB),
        ),
        KeyRow(t("Fit probability"), mc["fit_probability"], "", "pct"),
        KeyRow(
            t("Throughput"),
            b.e(main, "tokens_per_second"),
            "tokens per second",
            "int",
            bands.tokens_per_second if bands else None,
        ),
        KeyRow(t("GPU-hours"), "out_gpu_hours", "GPU-hours", "hours", bands.gpu_hours if bands else None),
        KeyRow(
            t("Wall-clock days"),
            mc["wall_days"],
            "days",
            "days",
            _scaled(bands.wall_seconds if bands else None, 1 / 86400.0),
        ),
        KeyRow(t("Cloud on-demand"), "out_cloud_on_demand", cur, "money", known=od),
        KeyRow(t("Cloud reserved 1 year"), "out_cloud_reserved_1y", cur, "money", known=f"ISNUMBER({price[0]})"),
        KeyRow(t("Cloud reserved 3 years"), "out_cloud_reserved_3y", cur, "money", known=f"ISNUMBER({price[1]})"),
        KeyRow(t("Cloud spot"), "calc_cloud_spot", cur, "money", known=f"ISNUMBER({spot})"),
        KeyRow(t("On-prem capex"), "calc_capex", cur, "money", known=onprem),
        KeyRow(t("On-prem TCO"), "out_onprem_tco", cur, "money", known=onprem),
        KeyRow(
            t("Break-even utilization"),
            "out_breakeven_utilization",
            "",
            "pct",
            known=both,
            otherwise=t("owning never cheaper in 0–100 %"),
        ),
        KeyRow(t("Cost per million training tokens (on-prem)"), "out_per_million_tokens", cur, "money2", known=onprem),
        KeyRow(
            t("This job at on-demand prices"),
            "calc_job_cloud_on_demand",
            cur,
            "money",
            bands.job_cloud_on_demand if bands else None,
            known=od,
        ),
        KeyRow(
            t("Owning cost per used GPU-hour (levelized)"), "calc_owning_usd_per_gpu_hour", cur, "money2", known=onprem
        ),
        KeyRow(t("NPV of buying instead of renting"), mc["npv_buy"], cur, "money", known=both),
        KeyRow(
            t("IRR of buying instead of renting"),
            "calc_irr",
            "",
            "pct",
            known=both,
            otherwise=t("none: the flows never change sign"),
        ),
        KeyRow(t("Payback"), "calc_payback_years", "years", "num2", known=both, otherwise=t("not within the horizon")),
        KeyRow(
            t("Crossover month"),
            "calc_crossover_month",
            "month",
            "month",
            known=both,
            otherwise=t("not within the horizon"),
        ),
    ]


def write(b: Builder) -> dict[str, int]:
    """The key numbers from FIRST_ROW; returns ref -> row."""
    ws, t, main = b.ws[SHEET], b.t, b.main
    put(ws, HEADER_ROW - 1, 1, t("Key numbers (main GPU)") + f": {main.gpu.name}", "section")
    heads = (t("Item"), t("Value"), t("Unit"), t("80% band: low"), t("80% band: high"), t("Note"))
    for i, h in enumerate(heads, start=1):
        put(ws, HEADER_ROW, i, h, "header")
    where: dict[str, int] = {}
    for r, row in enumerate(key_rows(b), start=FIRST_ROW):
        where[row.ref] = r
        put(ws, r, 1, row.label, "text")
        put(ws, r, 2, F(row.ref), "link", b.fmt[row.fmt])
        put(ws, r, 3, t(row.unit), "text")
        if row.band is not None:
            put(ws, r, 4, row.band.low, "engine", b.fmt[row.fmt])
            put(ws, r, 5, row.band.high, "engine", b.fmt[row.fmt])
        if row.known is not None:
            why = quote_text(row.otherwise)
            put(
                ws,
                r,
                6,
                F(f'IF(ISNUMBER(B{r}),"",IF({row.known},{why},{quote_text(t(NOT_PUBLISHED))}))'),
                "subtitle",
            )
        if row.ref == main.cells["npv_buy"]:
            ws.conditional_formatting.add(
                f"B{r}", CellIsRule(operator="lessThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD)
            )
    b.check(
        "Summary: the key numbers show the TCO sheet's on-prem TCO and cloud on-demand",
        f"AND(IF(ISNUMBER(out_onprem_tco),"
        f"{b.close(sheet_ref(SHEET, where['out_onprem_tco'], 2), 'out_onprem_tco')},TRUE),"
        f"IF(ISNUMBER(out_cloud_on_demand),"
        f"{b.close(sheet_ref(SHEET, where['out_cloud_on_demand'], 2), 'out_cloud_on_demand')},TRUE))",
    )
    return where
