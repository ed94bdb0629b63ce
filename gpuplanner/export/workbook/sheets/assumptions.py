"""Assumptions: every input as one row (name, label, value, unit, source) with a workbook-scoped defined name
(FAST standard); shared inputs first, then constants, then one section per option."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ....core import cost_analysis as ca
from ....core.cost_inputs import HOURS_PER_YEAR, MONTHS_PER_YEAR, CostInputs
from ...cells import addr, put
from ..layout import (
    CHECK_TOLERANCE,
    CONTRACT_INPUTS,
    COST_ROWS,
    GPU_COUNT,
    GRID_STEP,
    IRR_SECOND_GUESS,
    OPTION_ROWS,
    SECONDS_PER_DAY,
    SECONDS_PER_HOUR,
    TOKENS_PER_MILLION,
)
from ..options import Option
from .tco_lines import curve_names

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Assumptions"
HEADER_ROW = 5
LEGEND = (
    "Blue cells on yellow are inputs: every formula follows them. Green cells are engine results "
    "(GPU count, GPUs per node, throughput, time lost): the formulas use them but cannot recompute them."
)
REEXPORT = (
    "To change a green value, change the scenario in gpuplanner and export again; the Checks sheet fails "
    "when a green value no longer matches the engine's sweep (sheet Sweep). The deadline answer on Summary "
    "(out_deadline_gpu_count, out_deadline_wall_days, out_deadline_job_cloud_on_demand) is green too."
)
# Where a cost input came from, in words a reader outside the project understands (core names its defaults
# after the internal specification; the workbook cites the public sources on the Sources sheet instead).
DEFAULT_SOURCE = "gpuplanner default (see Sources: cost formulas)"


class _Rows:
    """Writes the input rows one below the other; `r` is the next free row."""

    def __init__(self, b: Builder) -> None:
        self.b = b
        self.ws = b.ws[SHEET]
        self.r = HEADER_ROW + 1

    def section(self, title: str) -> None:
        self.r += 1 if self.r > HEADER_ROW + 1 else 0
        for c in range(1, 6):
            put(self.ws, self.r, c, title if c == 1 else None, "section")
        self.r += 1

    def row(
        self,
        name: str,
        label: str,
        value: Any,
        unit: str,
        source: str,
        fmt: str,
        check: str | None,
        style: str = "input",
        aliases: Sequence[str] = (),
    ) -> None:
        ws, r, b = self.ws, self.r, self.b
        put(ws, r, 1, name, "name")
        put(ws, r, 2, b.t(label), "text")
        put(ws, r, 3, value, style, b.fmt[fmt])
        put(ws, r, 4, b.t(unit), "text")
        put(ws, r, 5, source, "text")
        b.define(name, SHEET, r, 3)
        for alias in aliases:
            b.define(alias, SHEET, r, 3)
        if check:
            b.validate(ws, addr(r, 3, abs_row=False, abs_col=False), check)
        self.r += 1


def write(b: Builder) -> None:
    _heading(b)
    rows = _Rows(b)
    _general(b, rows)
    _constants(b, rows)
    for opt in b.options:
        _option(b, rows, opt)


def _heading(b: Builder) -> None:
    ws, t = b.ws[SHEET], b.t
    put(ws, 1, 1, t("Assumptions"), "title")
    put(ws, 2, 1, b.scenario_name, "subtitle")
    put(ws, 3, 1, t(LEGEND), "subtitle")
    put(ws, 4, 1, t(REEXPORT), "subtitle")
    for c, text in enumerate((t("Name"), t("Input"), t("Value"), t("Unit"), t("Source")), start=1):
        put(ws, HEADER_ROW, c, text, "header")
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=3)
    for letter, width in zip("ABCDE", (30, 40, 18, 28, 50), strict=True):  # ≤ 170 units: readable on one page width
        ws.column_dimensions[letter].width = width


def _general(b: Builder, rows: _Rows) -> None:
    rows.section(b.t("General"))
    tokens = b.s.workload.training_tokens if b.s.workload.is_training else None
    rows.row(
        "in_tokens",
        "Training tokens",
        tokens,
        "tokens",
        "scenario (workload.tokens, or dataset_tokens × epochs)"
        if tokens is not None
        else "not a training run (inference): no tokens to train",
        "tokens",
        "nonneg",
    )
    for spec in COST_ROWS:
        if spec.key not in b.shared_keys:
            continue
        value = getattr(b.main.inputs, spec.key)
        rows.row(f"in_{spec.key}", spec.label, value, spec.unit, _source(b.main.inputs, spec.key), spec.fmt, spec.check)
    rows.section(b.t("Engine results (change them by exporting again)"))
    rows.row(
        GPU_COUNT,
        "GPU count",
        b.s.hardware.gpu_count,
        "GPUs",
        "scenario (hardware.gpu_count): the engine's throughput, memory and layout are for this count; "
        "other counts are on the Sweep sheet",
        "int",
        None,
        style="engine",
    )


def _constants(b: Builder, rows: _Rows) -> None:
    rows.section(b.t("Constants"))
    rows.row(
        "in_hours_per_year",
        "Hours per year",
        HOURS_PER_YEAR,
        "hours",
        "365 × 24 (hours in the horizon H = 8760 × Y)",
        "int",
        None,
    )
    rows.row("in_months_per_year", "Months per year", MONTHS_PER_YEAR, "months", "calendar", "int", None)
    rows.row("in_seconds_per_hour", "Seconds per hour", SECONDS_PER_HOUR, "seconds", "definition", "int", None)
    rows.row("in_seconds_per_day", "Seconds per day", SECONDS_PER_DAY, "seconds", "definition", "int", None)
    rows.row(
        "in_tokens_per_million",
        "Tokens per million",
        TOKENS_PER_MILLION,
        "tokens",
        "definition (cost per million tokens)",
        "int",
        None,
    )
    rows.row(
        "in_tornado_step",
        "Tornado step (±)",
        ca.TORNADO_STEP,
        "fraction of each input",
        "±20 % one at a time (github.com/chanthaphan/gpu-tco, tornado chart)",
        "pct",
        "fraction",
    )
    rows.row(
        "in_grid_step",
        "Utilization grid step",
        GRID_STEP,
        "fraction",
        "layout of the Utilization sheet",
        "pct",
        "fraction",
    )
    rows.row(
        "in_irr_guess",
        "Second starting guess for IRR",
        IRR_SECOND_GUESS,
        "per year",
        "used when IRR does not converge from its default guess of 10 %",
        "pct",
        "rate",
    )
    rows.row(
        "in_check_tolerance",
        "Check tolerance (relative)",
        CHECK_TOLERANCE,
        "fraction",
        "rounding allowance of the Checks sheet",
        "sci",
        "nonneg",
    )


def _option(b: Builder, rows: _Rows, opt: Option) -> None:
    t = b.t
    title = f"{t('Option')} {opt.k}: {opt.gpu.name} ({opt.gpu.id})"
    if opt.main:
        title += f" — {t('main')} (hardware.gpu)"
    rows.section(title)
    # The main option's inputs also carry the contract's plain names (in_node_price_usd, …).
    specs = [*OPTION_ROWS, *(spec for spec in COST_ROWS if spec.key not in b.shared_keys)]
    for spec in specs:
        aliases = [f"in_{spec.key}"] if opt.main and f"in_{spec.key}" in CONTRACT_INPUTS else []
        rows.row(
            f"in_o{opt.k}_{spec.key}",
            spec.label,
            getattr(opt.inputs, spec.key),
            spec.unit,
            _source(opt.inputs, spec.key),
            spec.fmt,
            spec.check,
            aliases=aliases,
        )
    _residual_curve(rows, opt)
    tm, gp = opt.est.time, opt.est.goodput
    rows.row(
        b.e(opt, "gpus_per_node"),
        "GPUs per node (engine)",
        opt.inputs.gpus_per_node,
        "GPUs",
        _source(opt.inputs, "gpus_per_node") + "; the throughput model's links assume it",
        "int",
        None,
        style="engine",
    )
    rows.row(
        b.e(opt, "tokens_per_second"),
        "Training throughput (engine)",
        tm.tokens_per_second if tm else None,
        "tokens per second, whole cluster",
        "gpuplanner engine: throughput model for this GPU, GPU count and layout (see Training)"
        if tm
        else "not a training run",
        "int",
        None,
        style="engine",
    )
    rows.row(
        b.e(opt, "lost_fraction"),
        "Time lost to failures and checkpoints (engine)",
        gp.lost_fraction if gp else None,
        "fraction of wall-clock time",
        "gpuplanner engine: goodput model (Young 1974 / Daly 2006 checkpoint interval, Llama 3 failure rate)"
        if gp
        else "not a training run",
        "pct2",
        None,
        style="engine",
    )


def _residual_curve(rows: _Rows, opt: Option) -> None:
    """The resale curve (age → fraction of capex) as input rows, read by the TCO sheet's residual formula as
    core/residual.py reads it (linear from (0, 1), the last slope past the last point)."""
    curve = opt.inputs.residual_curve or ()
    source = _source(opt.inputs, "residual_curve")
    if source == "scenario (cost.residual_curve)":
        source = "scenario (cost.residual_fraction)"
    for i, (age, fraction) in enumerate(curve, start=1):
        age_name, fraction_name = curve_names(opt, i)
        rows.row(age_name, f"Resale curve point {i}: age", age, "years", source, "years", "positive")
        rows.row(
            fraction_name, f"Resale curve point {i}: value", fraction, "fraction of capex", source, "pct", "fraction"
        )


def _source(inputs: CostInputs, key: str) -> str:
    src = inputs.sources.get(key)
    scenario_key = f"cost.{key}" if key not in ("gpus_per_node",) else "hardware.gpus_per_node"
    if src is None:
        return "input"
    if src == "scenario":
        return f"scenario ({scenario_key})"
    if src.startswith("default"):
        return DEFAULT_SOURCE
    return src
