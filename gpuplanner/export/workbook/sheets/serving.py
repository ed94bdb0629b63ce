"""Serving (issue 21, inference scenarios only): the serving plan of core/serving_plan.py per GPU type — the
deployment (GPU count × tensor parallel × replicas), its concurrency, output tokens/s, TTFT and TPOT as engine
values (green: the serving model is no cell formula) — and the cost per million output tokens as LIVE formulas
on the workbook's own price inputs, `in_utilization` and the TCO sheet's owning cost per used GPU-hour, so a
finance reader who changes a price or the utilization sees the serving cost follow. Then the throughput–latency
curve per GPU type as a table and a chart.

Cost per million output tokens (spec §4.3; core/serving_plan.py `_per_million` and `_costed`):
    price per GPU-hour × GPUs / (output tokens/s × 3600) × 10^6
on demand and spot are paid per used hour (spot: price / (1 − spot_lost_fraction)); reserved tiers and owning
are paid for every hour, so their tokens are those of u × the hours: reserved price / u; owning uses the levelized
owning price per used GPU-hour (core/cost.py `owning_usd_per_gpu_hour`, TCO sheet), which already divides by u.

The sheet is created here (not in layout.SHEETS) and appended after Sources, so the fixed sheet order of the
training workbook stays as it is; in Korean it is created under its Korean name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from openpyxl.chart import Reference, ScatterChart, Series
from openpyxl.styles import Alignment
from openpyxl.worksheet.pagebreak import Break

from ...cells import F, addr, col, put, quote_text
from ...i18n_ko_sheets import SERVING as SERVING_KO
from .. import charts
from ..layout import PALETTE
from ..localize import quote_sheet
from ..options import Option
from ..styles import traffic_light

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

    from ....core.serving_plan import Deployment, ServingPlan, TradeoffCurve
    from ..builder import Builder

SHEET = "Serving"
REC_ROW = 5  # section "Recommended deployment"
FIRST_COL = 3  # the first deployment's column (A label, B unit)
BLANK = '""'
# The recommended deployment's figures (defined names; "" when there is none or the price is not published).
REC_NAMES = (
    ("gpu", "GPU type", "", "text", None),
    ("gpu_count", "GPUs in the deployment", "GPUs", "int", None),
    ("tps", "Output tokens/s, whole deployment", "tokens/s", "int", None),
    ("od", "Cost per million output tokens, cloud on demand", "{cur} per 1M tokens", "money2", ""),
    ("r1", "Cost per million output tokens, cloud reserved 1 year", "{cur} per 1M tokens", "money2", "_reserved_1y"),
    ("r3", "Cost per million output tokens, cloud reserved 3 years", "{cur} per 1M tokens", "money2", "_reserved_3y"),
    ("spot", "Cost per million output tokens, cloud spot", "{cur} per 1M tokens", "money2", "_spot"),
    ("own", "Cost per million output tokens, owning at the utilization", "{cur} per 1M tokens", "money2", "_owned"),
)
OUT = "out_serving_cost_per_million_output_tokens"
OWNING_NOTE = (
    "Owning prices the deployment's GPU-hours at the TCO sheet's levelized cost per used GPU-hour, which is that "
    "of the scenario's cluster (hardware.gpu_count). Where the deployment has another GPU count (FALSE above), "
    "the engine's line above prices a cluster of the deployment's own size (whole nodes, the staff and "
    "software per cluster); set hardware.gpu_count to the deployment's GPUs and export again to make them agree."
)


def applies(b: Builder) -> bool:
    return b.s.workload.method == "inference"


def write(b: Builder) -> None:
    from ....core.serving_plan import plan_serving

    plan = plan_serving(b.s, b.cat)
    tr = _translator(b)
    ws = b.wb.create_sheet(tr(SHEET))
    b.ws[SHEET] = ws
    put(ws, 1, 1, tr("Serving"), "title")
    put(
        ws,
        2,
        1,
        tr(
            "The smallest deployment per GPU type that meets the target load and latency targets (green: engine "
            "values; a new export recomputes them) and its cost per million output tokens as live formulas on "
            "the Assumptions prices, the utilization and the TCO sheet's owning cost per GPU-hour."
        ),
        "subtitle",
    )
    put(ws, 3, 1, _targets_text(b, plan, tr), "bold")
    for c, width in (("A", 72), ("B", 18)):
        ws.column_dimensions[c].width = width
    if not plan.deployments:
        why = plan.reason or tr("no GPU type holds one replica of the model")
        put(ws, REC_ROW - 1, 1, tr("No serving plan") + ": " + why, "bad")
        _recommended(b, ws, plan, {}, tr)
        return
    cols = _deployments(b, ws, plan, tr)
    _recommended(b, ws, plan, cols, tr)
    _curves(b, ws, plan, tr, _last_row(ws) + 2)


def _translator(b: Builder):  # type: ignore[no-untyped-def]
    if b.lang == "ko":
        return lambda text: SERVING_KO.get(text, b.t(text))
    return lambda text: text


def _targets_text(b: Builder, plan: ServingPlan, tr) -> str:  # type: ignore[no-untyped-def]
    w = b.s.workload
    parts = [f"{tr('Input / output tokens per request')}: {w.input_len or '–'} / {w.output_len or '–'}"]
    if plan.target_output_tokens_per_second is not None:
        parts.append(f"{tr('target load')}: {plan.target_output_tokens_per_second:,.0f} {tr('output tokens/s')}")
    if plan.ttft_slo_ms is not None:
        parts.append(f"TTFT ≤ {plan.ttft_slo_ms:g} ms")
    if plan.tpot_slo_ms is not None:
        parts.append(f"TPOT ≤ {plan.tpot_slo_ms:g} ms")
    return "; ".join(parts)


# Engine rows named per deployment (eng_serving_d{j}_*) and, for the recommended one, eng_serving_*.
ENGINE_NAMES = (
    ("gpu_count", "gpu_count"),
    ("tp", "tp"),
    ("replicas", "replicas"),
    ("batch", "batch_per_replica"),
    ("tps", "output_tokens_per_second"),
    ("ttft", "ttft_ms"),
    ("tpot", "tpot_ms"),
)


# Rows of the per-GPU-type table, after its header row: (key, label, unit, number format key).
ENGINE_ROWS = (
    ("gpu_count", "GPUs in the deployment", "GPUs", "int"),
    ("tp", "Tensor parallel degree (GPUs per replica)", "GPUs", "int"),
    ("pp", "Pipeline stages per replica", "stages", "int"),
    ("replicas", "Replicas", "replicas", "int"),
    ("batch", "Concurrency per replica", "sequences", "int"),
    ("tps", "Output tokens/s, whole deployment", "tokens/s", "int"),
    ("ttft", "Time to first token (TTFT)", "ms", "num2"),
    ("tpot", "Time per output token (TPOT)", "ms", "num2"),
    ("rps", "Requests per second", "requests/s", "num2"),
    ("meets", "Meets the targets", "TRUE/FALSE", "bool"),
    ("why", "Why", "", "text"),
)
PRICE_ROWS = (
    ("p_od", "Cloud on-demand price (Assumptions)", "USD per GPU-hour", "usd2", "cloud_usd_per_gpu_hour"),
    ("p_r1", "Cloud reserved 1-year price (Assumptions)", "USD per GPU-hour", "usd2", "reserved_1y_usd_per_gpu_hour"),
    ("p_r3", "Cloud reserved 3-year price (Assumptions)", "USD per GPU-hour", "usd2", "reserved_3y_usd_per_gpu_hour"),
    ("p_spot", "Cloud spot price (Assumptions)", "USD per GPU-hour", "usd2", "spot_usd_per_gpu_hour"),
    ("lost", "Spot hours lost to preemption (Assumptions)", "fraction", "pct", "spot_lost_fraction"),
)


def _deployments(b: Builder, ws: Worksheet, plan: ServingPlan, tr) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """The table per GPU type; returns the recommended deployment's column and the rows (key -> row)."""
    header = REC_ROW + len(REC_NAMES) + 3
    put(ws, header - 1, 1, tr("Deployment per GPU type"), "section")
    put(ws, header, 1, tr("Per GPU type"), "header")
    put(ws, header, 2, tr("Unit"), "header")
    rows: dict[str, int] = {}
    r = header + 1
    for key, *_ in ENGINE_ROWS:
        rows[key] = r
        r += 1
    r += 1  # a blank row, then the prices this sheet reads
    rows["prices"] = r
    r += 1
    for key, *_ in PRICE_ROWS:
        rows[key] = r
        r += 1
    for key in ("fx", "own_h", "own_gpus", "same"):
        rows[key] = r
        r += 1
    r += 1
    rows["costs"] = r
    r += 1
    for key in ("od", "r1", "r3", "spot", "own", "own_eng", "note"):
        rows[key] = r
        r += 1
    cur = b.currency
    labels = {
        "fx": ("Money multiplier from USD to the currency (TCO sheet)", "×", "num2"),
        "own_h": ("Owning cost per used GPU-hour (TCO sheet, at the utilization)", f"{cur} per GPU-hour", "money2"),
        "own_gpus": ("GPUs of the TCO sheet's cluster (owning priced on it)", "GPUs", "int"),
        "same": ("Deployment has the TCO cluster's GPU count", "TRUE/FALSE", "bool"),
        "od": ("Cloud on demand = price × fx × GPUs / (tokens/s × 3600) × 10^6", f"{cur} per 1M tokens", "money2"),
        "r1": ("Cloud reserved 1 year = price × fx × GPUs / (tokens/s × u × 3600) × 10^6", "", "money2"),
        "r3": ("Cloud reserved 3 years = price × fx × GPUs / (tokens/s × u × 3600) × 10^6", "", "money2"),
        "spot": ("Cloud spot = price / (1 − lost) × fx × GPUs / (tokens/s × 3600) × 10^6", "", "money2"),
        "own": ("Owning = owning cost per used GPU-hour × GPUs / (tokens/s × 3600) × 10^6", "", "money2"),
        "own_eng": ("Owning as the engine priced it (a cluster of the deployment's own GPUs)", "", "money2"),
    }
    for key, label, unit, _fmt in ENGINE_ROWS:
        put(ws, rows[key], 1, tr(label), "text")
        put(ws, rows[key], 2, tr(unit), "text")
    put(ws, rows["prices"], 1, tr("Prices and owning cost this sheet reads"), "section")
    for key, label, unit, _fmt, _in in PRICE_ROWS:
        put(ws, rows[key], 1, tr(label), "text")
        put(ws, rows[key], 2, tr(unit), "text")
    put(ws, rows["costs"], 1, tr("Cost per million output tokens (live formulas)"), "section")
    for key, (label, unit, _fmt) in labels.items():
        put(ws, rows[key], 1, tr(label), "text")
        put(ws, rows[key], 2, tr(unit) if unit else tr(f"{cur} per 1M tokens"), "text")
    put(ws, rows["note"], 1, tr(OWNING_NOTE), "wrap")
    ws.merge_cells(start_row=rows["note"], start_column=1, end_row=rows["note"], end_column=FIRST_COL + 2)
    ws.row_dimensions[rows["note"]].height = 54
    rec_col = 0
    for j, d in enumerate(plan.deployments):
        c = FIRST_COL + j
        ws.column_dimensions[col(c)].width = 20
        is_rec = plan.recommendation is not None and d.gpu == plan.recommendation.gpu
        rec_col = c if is_rec else rec_col
        title = d.gpu if not is_rec else f"{d.gpu} ({tr('recommended')})"
        opt = next((o for o in b.options if o.gpu.id == d.gpu), None)
        if opt is not None:
            title = f"{opt.gpu.name}" + (f" ({tr('recommended')})" if is_rec else "")
        put(ws, header, c, title, "header")
        _engine_column(b, ws, d, c, rows, tr)
        _cost_column(b, ws, d, opt, c, rows)
        if is_rec:
            for key, name in ENGINE_NAMES:
                b.define(f"eng_serving_{name}", ws.title, rows[key], c)
    last = FIRST_COL + len(plan.deployments) - 1
    traffic_light(ws, f"{col(FIRST_COL)}{rows['meets']}:{col(last)}{rows['meets']}")
    traffic_light(ws, f"{col(FIRST_COL)}{rows['same']}:{col(last)}{rows['same']}")
    ws.row_dimensions[header].height = 32
    ws.freeze_panes = ws.cell(row=1, column=FIRST_COL)  # labels stay in view; the rows scroll
    return {"col": rec_col, **rows}


def _engine_column(b: Builder, ws: Worksheet, d: Deployment, c: int, rows: dict[str, int], tr) -> None:  # type: ignore[no-untyped-def]
    values: dict[str, object] = {
        "gpu_count": d.gpu_count,
        "tp": d.tp,
        "pp": d.pp,
        "replicas": d.replicas,
        "batch": d.batch_per_replica,
        "tps": d.output_tokens_per_second,
        "ttft": d.ttft_seconds * 1e3,
        "tpot": d.tpot_seconds * 1e3,
        "rps": d.requests_per_second,
        "meets": d.meets_targets,
        "why": _reason(b, d, tr),
    }
    for key, _label, _unit, fmt in ENGINE_ROWS:
        put(ws, rows[key], c, values[key], "wrap" if key == "why" else "engine", b.fmt[fmt])


def _reason(b: Builder, d: Deployment, tr) -> str:  # type: ignore[no-untyped-def]
    """The engine's reason; in Korean written from the same figures (core/serving_plan.py `_why`)."""
    if b.lang != "ko":
        return d.reason
    shape = f"tp={d.tp}" + (f" × pp={d.pp}" if d.pp > 1 else "")
    if not d.meets_targets:
        return tr("no concurrency meets the latency targets; fastest replica shown (one sequence)")
    return f"{shape} 복제본 {d.replicas}개, 복제본당 동시 {d.batch_per_replica}개 시퀀스"


def _cost_column(b: Builder, ws: Worksheet, d: Deployment, opt: Option | None, c: int, rows: dict[str, int]) -> None:
    def at(key: str) -> str:
        return f"{col(c)}{rows[key]}"

    missing = quote_text(b.t("not published"))  # an empty price says why its cost cells stay empty
    for key, _label, _unit, fmt, name in PRICE_ROWS:
        value = F(f"IF(ISNUMBER({b.n(opt, name)}),{b.n(opt, name)},{missing})") if opt is not None else None
        put(ws, rows[key], c, value, "link", b.fmt[fmt]).alignment = Alignment(horizontal="right")
    put(ws, rows["fx"], c, F("calc_fx"), "link", b.fmt["num2"])
    own_ref = opt.cells.get("owning_per_gpu_hour") if opt is not None else None
    put(ws, rows["own_h"], c, F(f'IF(ISNUMBER({own_ref}),{own_ref},"")') if own_ref else None, "link", b.fmt["money2"])
    put(ws, rows["own_gpus"], c, F("eng_gpu_count"), "link", b.fmt["int"])
    put(ws, rows["same"], c, F(f"{at('gpu_count')}={at('own_gpus')}"), "calc", b.fmt["bool"])
    gpus, tps = at("gpu_count"), at("tps")
    # price (currency) per GPU-hour × GPUs / (tokens/s × hours-worth of seconds) × tokens per million (spec §4.3)
    per_m = f"*{gpus}/({tps}*in_seconds_per_hour)*in_tokens_per_million"
    per_m_u = f"*{gpus}/({tps}*in_utilization*in_seconds_per_hour)*in_tokens_per_million"
    ok = f"{tps}>0"
    formulas = {
        "od": f"IF(AND(ISNUMBER({at('p_od')}),{ok}),{at('p_od')}*{at('fx')}{per_m},{BLANK})",
        "r1": f"IF(AND(ISNUMBER({at('p_r1')}),{ok},in_utilization>0),{at('p_r1')}*{at('fx')}{per_m_u},{BLANK})",
        "r3": f"IF(AND(ISNUMBER({at('p_r3')}),{ok},in_utilization>0),{at('p_r3')}*{at('fx')}{per_m_u},{BLANK})",
        "spot": (
            f"IF(AND(ISNUMBER({at('p_spot')}),ISNUMBER({at('lost')}),{ok}),"
            f"IF({at('lost')}<1,{at('p_spot')}/(1-{at('lost')})*{at('fx')}{per_m},{BLANK}),{BLANK})"
        ),
        "own": f"IF(AND(ISNUMBER({at('own_h')}),{ok}),{at('own_h')}{per_m},{BLANK})",
    }
    for key, formula in formulas.items():
        put(ws, rows[key], c, F(formula), "bold" if key == "od" else "calc", b.fmt["money2"])
    put(ws, rows["own_eng"], c, d.owned_per_million_output_tokens, "engine", b.fmt["money2"])
    j = c - FIRST_COL + 1
    for key, name in ENGINE_NAMES:  # the deployment's engine values, green, as every eng_* name
        b.define(f"eng_serving_d{j}_{name}", ws.title, rows[key], c)
    for key in ("od", "r1", "r3", "spot", "own"):
        b.define(f"calc_serving_d{j}_{key}", ws.title, rows[key], c)


def _recommended(b: Builder, ws: Worksheet, plan: ServingPlan, cols: dict[str, int], tr) -> None:  # type: ignore[no-untyped-def]
    """The key figures on top: links to the recommended column, named for the tests and a finance analyst."""
    rec = plan.recommendation
    put(ws, REC_ROW, 1, tr("Recommended deployment") if rec else tr("No deployment meets the targets"), "section")
    c = cols.get("col", 0)
    for i, (key, label, unit, fmt, suffix) in enumerate(REC_NAMES):
        r = REC_ROW + 1 + i
        put(ws, r, 1, tr(label), "text")
        put(ws, r, 2, tr(unit.format(cur=b.currency)) if unit else "", "text")
        if rec is None or not c:
            value: object = F(BLANK) if key != "gpu" else ""
        elif key == "gpu":
            value = F(addr(REC_ROW + len(REC_NAMES) + 3, c))
        else:
            value = F(addr(cols[key], c))
        put(ws, r, 3, value, "bold" if key == "od" else "link", b.fmt[fmt])
        if suffix is not None:
            b.define(OUT + suffix, ws.title, r, 3)
    b.define_range("out_serving_gpu", f"{quote_sheet(ws.title)}!{addr(REC_ROW + 1, 3)}")


def _curves(b: Builder, ws: Worksheet, plan: ServingPlan, tr, top: int) -> None:  # type: ignore[no-untyped-def]
    """The throughput–latency curve of one replica per GPU type (engine values), one block of rows per GPU."""
    ws.row_breaks.append(Break(id=top - 1))  # the curve and its chart print together on a page of their own
    put(ws, top, 1, tr("Throughput–latency curve of one replica (engine)"), "section")
    header = top + 1
    heads = ("GPU type (tensor parallel)", "Concurrency", "Output tokens/s", "TPOT (ms)", "TTFT (ms)")
    for i, h in enumerate(heads):
        put(ws, header, 1 + i, tr(h), "header")
    r = header + 1
    spans: list[tuple[TradeoffCurve, int, int]] = []
    for curve in plan.curves:
        first = r
        name = next((o.gpu.name for o in b.options if o.gpu.id == curve.gpu), curve.gpu)
        shape = f"tp={curve.tp}" + (f" × pp={curve.pp}" if curve.pp > 1 else "")
        for p in curve.points:
            put(ws, r, 1, f"{name} ({shape})", "text")
            put(ws, r, 2, p.batch_per_replica, "engine", b.fmt["int"])
            put(ws, r, 3, p.output_tokens_per_second, "engine", b.fmt["int"])
            put(ws, r, 4, p.tpot_seconds * 1e3, "engine", b.fmt["num2"])
            put(ws, r, 5, p.ttft_seconds * 1e3, "engine", b.fmt["num2"])
            r += 1
        if r > first:
            spans.append((curve, first, r - 1))
    for c in "CDE":
        ws.column_dimensions[c].width = max(ws.column_dimensions[c].width or 0, 20)
    if spans:
        _chart(b, ws, spans, header, tr)


def _chart(b: Builder, ws: Worksheet, spans: list[tuple[TradeoffCurve, int, int]], header: int, tr) -> None:  # type: ignore[no-untyped-def]
    chart = ScatterChart()
    chart.title = tr("Output tokens/s of one replica against time per output token")
    # TPOT spans 10–500 ms from one sequence to a full KV cache: a log axis keeps the knee of each curve readable
    chart.x_axis.title = tr("TPOT (ms, log scale)")
    chart.x_axis.scaling.logBase = 10
    chart.y_axis.title = tr("Output tokens/s")
    chart.x_axis.numFmt = "#,##0"
    chart.y_axis.numFmt = "#,##0"
    chart.height, chart.width = 12, 22
    for k, (_curve, first, last) in enumerate(spans):
        series = Series(
            Reference(ws, min_col=3, min_row=first, max_row=last), Reference(ws, min_col=4, min_row=first, max_row=last)
        )
        series.tx = charts.series_title(ws, first, 1)
        series.marker.symbol = "circle"
        series.marker.size = 5
        series.smooth = False
        series.graphicalProperties.line.solidFill = PALETTE[k % len(PALETTE)]
        series.graphicalProperties.line.width = charts.LINE_WIDTH_EMU
        chart.series.append(series)
    charts.show_axes(chart)
    ws.add_chart(chart, f"G{header}")


def _last_row(ws: Worksheet) -> int:
    return ws.max_row
