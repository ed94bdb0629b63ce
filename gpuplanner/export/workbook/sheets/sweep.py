"""Sweep: the Plan's GPU-count sweep as engine results (wall clock, GPU-hours, job cost, on-prem TCO, cost per
million tokens at each count), so finance can compare cluster sizes without exporting again. The table carries
the defined name `out_sweep` (data rows, columns as the header says). The throughput behind each row is the
engine's (it changes with the count: communication, pipeline bubble, memory), which is why the GPU count on
Assumptions is an engine value; one check per option finds the Assumptions throughput in this table at the
exported GPU count, so an edited GPU count or throughput fails the Checks sheet. The training tokens behind the
rows are exported too (`eng_sweep_tokens`), so the time lost to failures and checkpoints can be recomputed from
a row: wall = tokens / (throughput × (1 − lost)) (Training's formula), and an edited lost-time value fails."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.plan import SweepRow, layout_text
from ...cells import addr, col, put, sheet_range
from ..layout import GIB, GPU_COUNT, SWEEP_NAME

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Sweep"
HEADER_ROW = 5
# (header, unit, number format key) per column; money in the scenario's currency, as the engine gave it
COLUMNS = (
    ("GPU", "catalog id", "text"),
    ("GPU name", "", "text"),
    ("GPU count", "GPUs", "int"),
    ("Fits in memory", "", "bool"),
    ("Parallel layout", "", "text"),
    ("Memory per GPU (peak)", "GiB", "gib"),
    ("Wall-clock days", "", "num2"),
    ("GPU-hours", "", "hours"),
    ("Throughput", "tokens per second", "int"),
    ("This job at on-demand prices", "{cur}", "money"),
    ("On-prem TCO", "{cur}", "money"),
    ("Own: cost per million tokens", "{cur}", "money2"),
)
WIDTHS = (16, 22, 10, 11, 44, 13, 12, 13, 14, 17, 17, 17)
COUNT_COL, TPS_COL, ID_COL, WALL_DAYS_COL = 3, 9, 1, 7
TOKENS_NAME = "eng_sweep_tokens"  # the training tokens the engine swept with (green: the rows are for these)
TOKENS_ROW, TOKENS_COL = 4, 5


def _values(b: Builder, r: SweepRow) -> tuple[object, ...]:
    gpu = b.cat.gpus.get(r.gpu)
    return (
        r.gpu,
        gpu.name if gpu is not None else r.gpu,
        r.gpu_count,
        r.fits,
        layout_text(r.layout),
        None if r.memory_total is None else r.memory_total / GIB,
        None if r.wall_seconds is None else r.wall_seconds / 86400.0,
        r.gpu_hours,
        r.tokens_per_second,
        r.job_cloud_on_demand,
        r.onprem_tco,
        r.per_million_tokens,
    )


def write(b: Builder) -> None:
    ws, t = b.ws[SHEET], b.t
    put(ws, 1, 1, t("Sweep"), "title")
    put(
        ws,
        2,
        1,
        t(
            "The engine's results at other GPU counts (green: computed for the scenario's inputs at export, "
            "in the currency of the export). Use them to compare cluster sizes; to change an input here, "
            "change the scenario and export again."
        ),
        "subtitle",
    )
    put(ws, 3, 1, t("Defined name out_sweep: the rows below the header."), "subtitle")
    tokens = b.s.workload.training_tokens if b.s.workload.is_training else None
    put(ws, TOKENS_ROW, 1, t("Training tokens behind these rows (engine, eng_sweep_tokens)"), "subtitle")
    put(ws, TOKENS_ROW, TOKENS_COL, tokens, "engine", b.fmt["tokens"])
    b.define(TOKENS_NAME, SHEET, TOKENS_ROW, TOKENS_COL)
    for i, (head, unit, _) in enumerate(COLUMNS, start=1):
        shown = t(unit).replace("{cur}", b.currency)
        put(ws, HEADER_ROW, i, t(head) + (f" ({shown})" if unit else ""), "header")
        ws.column_dimensions[col(i)].width = WIDTHS[i - 1]
    ws.row_dimensions[HEADER_ROW].height = 58
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=4)
    rows = b.plan.sweep if b.plan is not None else ()
    first = HEADER_ROW + 1
    for i, row in enumerate(rows):
        r = first + i
        for c, (value, (_, _, fmt)) in enumerate(zip(_values(b, row), COLUMNS, strict=True), start=1):
            put(ws, r, c, value, "text" if fmt == "text" else "engine", b.fmt[fmt])
    last = first + max(len(rows), 1) - 1
    if not rows:
        put(ws, first, 1, t("No sweep: not a training run, or exported without the Plan's sweep."), "subtitle")
    b.define_range(SWEEP_NAME, sheet_range(SHEET, first, 1, last, len(COLUMNS)))
    _checks(b, first, last, bool(rows))


def _checks(b: Builder, first: int, last: int, has_rows: bool) -> None:
    """Per option: the throughput on Assumptions is the sweep's at the GPU count there (FALSE when the GPU
    count or the throughput was edited, or the count is not one the engine estimated)."""
    ids = f"{SHEET}!{addr(first, ID_COL)}:{addr(last, ID_COL)}"
    counts = f"{SHEET}!{addr(first, COUNT_COL)}:{addr(last, COUNT_COL)}"
    tps = f"{SHEET}!{addr(first, TPS_COL)}:{addr(last, TPS_COL)}"
    wall_days = f"{SHEET}!{addr(first, WALL_DAYS_COL)}:{addr(last, WALL_DAYS_COL)}"
    for opt in b.options:
        if opt.est.cluster is not None:
            b.check(
                f"Option {opt.k}: the nodes on TCO (GPU count / GPUs per node) are the engine's nodes (Training); "
                "FALSE: a green value on Assumptions was edited, export again",
                b.close(opt.cells["nodes"], opt.cells["engine_nodes"]),
            )
        mine = [r for r in (b.plan.sweep if b.plan is not None else ()) if r.gpu == opt.gpu.id]
        if not has_rows or not mine or opt.est.time is None:
            continue
        gpu_id = opt.cells["gpu_id"]
        hit = f"({ids}={gpu_id})*({counts}={GPU_COUNT})"
        found = f"SUMPRODUCT({hit}*{tps})"
        b.check(
            f"Option {opt.k}: GPU count and throughput on Assumptions are the engine's (the Sweep row of "
            f"{opt.gpu.id} at that GPU count); FALSE: export again from gpuplanner for another count",
            f"IF(SUMPRODUCT({hit})=1,{b.close(found, b.e(opt, 'tokens_per_second'))},FALSE)",
        )
        if opt.est.goodput is None or b.s.workload.training_tokens is None:
            continue
        # the row's wall clock was tokens / (throughput × (1 − lost)): with the exported tokens it gives back
        # the engine's lost fraction, so the one on Assumptions must reproduce the row's tokens
        wall_s = f"SUMPRODUCT({hit}*{wall_days})*in_seconds_per_day"
        lost = b.e(opt, "lost_fraction")
        b.check(
            f"Option {opt.k}: the time lost to failures and checkpoints on Assumptions is the engine's "
            f"(throughput × (1 − lost) × wall clock of the Sweep row gives its training tokens); "
            "FALSE: a green value on Assumptions was edited, export again",
            f"IF(SUMPRODUCT({hit})=1,{b.close(f'{found}*(1-{lost})*{wall_s}', TOKENS_NAME)},FALSE)",
        )
