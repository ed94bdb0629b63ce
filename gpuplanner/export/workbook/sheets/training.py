"""Training: FLOPs, throughput, wall-clock time and GPU-hours per option (one column per option). Throughput and
goodput are engine results linked from Assumptions; time and GPU-hours are formulas (spec §4.3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...cells import F, addr, col, put, sheet_ref
from ..layout import GPU_COUNT
from ..options import Option, div, layout_text

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Training"
HEADER_ROW = 4

# FLOP counts as a reader says them: the cell keeps FLOP (so the formulas and checks stay in base units) and the
# format divides by 1,000 per trailing comma (ECMA-376 §18.8.31 numFmt; LibreOffice reads it the same way):
# 4.492E+11 FLOP per token shows as "449.2" in a "GFLOP per token" row, 5.9E+23 FLOP as "588,000" EFLOP.
GFLOP_FORMAT = "#,##0.0,,,"
# whole EFLOP from 1,000 up (decimals there are noise), three decimals below (a small fine-tune)
EFLOP_FORMAT = "[>=1000000000000000000000]#,##0,,,,,,;#,##0.0##,,,,,,"

# make(option, here) -> cell value; here(key) is the address of row `key` in the option's column.
Make = Callable[[Option, Callable[[str], str]], Any]


class _Lines:
    """Writes one line per quantity, a cell per option; remembers each line's row for later formulas."""

    def __init__(self, b: Builder) -> None:
        self.b = b
        self.ws = b.ws[SHEET]
        self.r = HEADER_ROW + 1
        self.rows: dict[str, int] = {}

    def line(self, key: str, label: str, unit: str, make: Make, fmt: str, style: str = "calc") -> None:
        ws, r = self.ws, self.r
        put(ws, r, 1, self.b.t(label), "text")
        put(ws, r, 2, self.b.t(unit), "text")
        for opt in self.b.options:
            c = 2 + opt.k

            def here(k: str, c: int = c) -> str:
                return addr(self.rows[k], c, abs_row=False, abs_col=False)

            put(ws, r, c, make(opt, here), style, self.b.fmt.get(fmt, fmt))
        self.rows[key] = r
        self.r += 1


def _tm(opt: Option, attr: str) -> Any:
    return getattr(opt.est.time, attr) if opt.est.time else None


def _gp(opt: Option, attr: str) -> Any:
    return getattr(opt.est.goodput, attr) if opt.est.goodput else None


def _band_lines(lines: _Lines, key: str, label: str, unit: str, field: str, scale: float, fmt: str) -> None:
    """The engine's 80% band of `field` (Estimate.bands) as two lines below the value (issue #19)."""
    for end in ("low", "high"):

        def bound(o: Option, h: Callable[[str], str], end: str = end) -> Any:
            band = getattr(o.est.bands, field, None) if o.est.bands else None
            return None if band is None else getattr(band, end) * scale

        lines.line(f"{key}_{end}", f"{label}, 80% band: {end} (engine)", unit, bound, fmt, "engine")


def write(b: Builder) -> None:
    _heading(b)
    lines = _Lines(b)
    _time_lines(b, lines)
    _cluster_lines(lines)
    rows = lines.rows
    for opt in b.options:
        opt.cells["gpu_hours"] = sheet_ref(SHEET, rows["gpu_hours"], 2 + opt.k)
        opt.cells["wall_days"] = sheet_ref(SHEET, rows["wall_days"], 2 + opt.k)
        opt.cells["gpu_id"] = sheet_ref(SHEET, rows["gpu"], 2 + opt.k)
        opt.cells["engine_nodes"] = sheet_ref(SHEET, rows["nodes"], 2 + opt.k)
    b.define("out_gpu_hours", SHEET, rows["gpu_hours"], 3)


def _heading(b: Builder) -> None:
    ws, t = b.ws[SHEET], b.t
    put(ws, 1, 1, t("Training"), "title")
    put(
        ws,
        2,
        1,
        "FLOPs, throughput, wall-clock time and GPU-hours per option. Throughput and goodput "
        "come from the engine (Assumptions); time and GPU-hours are formulas.",
        "subtitle",
    )
    put(ws, HEADER_ROW, 1, t("Item"), "header")
    put(ws, HEADER_ROW, 2, t("Unit"), "header")
    for opt in b.options:
        put(ws, HEADER_ROW, 2 + opt.k, opt.label, "header")
        ws.column_dimensions[col(2 + opt.k)].width = 24
    ws.column_dimensions["A"].width = 44
    ws.column_dimensions["B"].width = 31  # "tokens per second, whole cluster"
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=3)


def _time_lines(b: Builder, lines: _Lines) -> None:
    line = lines.line
    line("gpu", "GPU", "catalog id", lambda o, h: o.gpu.id, "text", "text")
    line("layout", "Parallel layout", "", lambda o, h: layout_text(o.est), "text", "wrap")
    line("gpu_count", "GPU count", "GPUs", lambda o, h: F(GPU_COUNT), "int", "link")
    line("tokens", "Training tokens", "tokens", lambda o, h: F("in_tokens"), "tokens", "link")
    line(
        "flops_per_token",
        "Model FLOPs per token (attention included, engine)",
        "GFLOP per token (10^9 FLOP)",
        lambda o, h: div(_tm(o, "model_flops"), b.s.workload.training_tokens),
        GFLOP_FORMAT,
        "engine",
    )
    line(
        "model_flops",
        "Model FLOPs of the run",
        "EFLOP (10^18 FLOP)",
        lambda o, h: F(
            f'IF(AND(ISNUMBER({h("tokens")}),ISNUMBER({h("flops_per_token")})),{h("tokens")}*{h("flops_per_token")},"")'
        ),
        EFLOP_FORMAT,
    )
    line(
        "mfu",
        "MFU (model FLOPs utilization, engine)",
        "fraction of dense peak",
        lambda o, h: _tm(o, "mfu"),
        "pct",
        "engine",
    )
    line(
        "tps",
        "Throughput",
        "tokens per second, whole cluster",
        lambda o, h: F(b.e(o, "tokens_per_second")),
        "int",
        "link",
    )
    _band_lines(lines, "tps", "Throughput", "tokens per second, whole cluster", "tokens_per_second", 1.0, "int")
    line(
        "step_seconds",
        "Optimizer step (steady state, engine)",
        "seconds",
        lambda o, h: _tm(o, "step_seconds"),
        "num2",
        "engine",
    )
    line(
        "ideal_seconds",
        "Time without failures = tokens / throughput",
        "seconds",
        lambda o, h: F(
            f'IF(AND(ISNUMBER({h("tokens")}),ISNUMBER({h("tps")})),IF({h("tps")}>0,{h("tokens")}/{h("tps")},""),"")'
        ),
        "int",
    )
    line(
        "lost_fraction",
        "Time lost to failures and checkpoints",
        "fraction of wall-clock time",
        lambda o, h: F(b.e(o, "lost_fraction")),
        "pct2",
        "link",
    )
    line(
        "wall_seconds",
        "Wall-clock time = ideal / (1 − lost)",
        "seconds",
        lambda o, h: F(
            f"IF(AND(ISNUMBER({h('ideal_seconds')}),ISNUMBER({h('lost_fraction')})),"
            f'{h("ideal_seconds")}/(1-{h("lost_fraction")}),"")'
        ),
        "int",
    )
    line(
        "wall_days",
        "Wall-clock days",
        "days",
        lambda o, h: F(f'IF(ISNUMBER({h("wall_seconds")}),{h("wall_seconds")}/in_seconds_per_day,"")'),
        "days",
    )
    _band_lines(lines, "wall_days", "Wall-clock days", "days", "wall_seconds", 1 / 86400.0, "days")
    line(
        "gpu_hours",
        "GPU-hours = GPU count × wall-clock / 3600",
        "GPU-hours",
        lambda o, h: F(
            f'IF(ISNUMBER({h("wall_seconds")}),{h("gpu_count")}*{h("wall_seconds")}/in_seconds_per_hour,"")'
        ),
        "hours",
    )
    _band_lines(lines, "gpu_hours", "GPU-hours", "GPU-hours", "gpu_hours", 1.0, "hours")


def _cluster_lines(lines: _Lines) -> None:
    line = lines.line
    line(
        "ckpt_gb",
        "Checkpoint size (weights + optimizer states, engine)",
        "GB",
        lambda o, h: div(_gp(o, "checkpoint_bytes"), 1e9),
        "num2",
        "engine",
    )
    line(
        "ckpt_write",
        "Checkpoint write time (engine)",
        "seconds",
        lambda o, h: _gp(o, "checkpoint_write_seconds"),
        "num2",
        "engine",
    )
    line(
        "ckpt_interval",
        "Checkpoint interval (Young/Daly, engine)",
        "hours",
        lambda o, h: div(_gp(o, "checkpoint_interval_seconds"), 3600.0),
        "num2",
        "engine",
    )
    line(
        "failures",
        "Expected failures during the run (engine)",
        "failures",
        lambda o, h: _gp(o, "failures_expected"),
        "num2",
        "engine",
    )
    line(
        "nodes",
        "Nodes (engine)",
        "nodes",
        lambda o, h: o.est.cluster.nodes if o.est.cluster else None,
        "int",
        "engine",
    )
    line(
        "racks",
        "Racks (engine)",
        "racks",
        lambda o, h: o.est.cluster.racks if o.est.cluster else None,
        "int",
        "engine",
    )
    line(
        "facility_kw",
        "Facility power at full load, with PUE (engine)",
        "kW",
        lambda o, h: o.est.cluster.facility_kw if o.est.cluster else None,
        "kw",
        "engine",
    )
    line(
        "storage_tb",
        "Storage for checkpoints and data set (engine)",
        "TB",
        lambda o, h: div(o.est.cluster.storage_bytes if o.est.cluster else None, 1e12),
        "num2",
        "engine",
    )
