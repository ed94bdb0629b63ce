"""The finance workbook (spec §2 "export", §4.3.1, §4.4): one option per compared GPU, inputs on Assumptions,
live formulas everywhere else.

Layout rules (FAST standard): every input is one row of Assumptions (name, value, unit, source) and carries a
workbook-scoped defined name; calculations never hold a constant other than 0 and 1 (8,760 hours, 12 months,
3,600 seconds … are named inputs too); a row holds one formula copied across its year (or option) columns.
Only functions that Excel 2010 and LibreOffice both know are used (IF, AND, OR, NOT, ISNUMBER, MIN, MAX, SUM,
SUMPRODUCT, INDEX, MATCH, COUNT, ROUNDUP, INT, ABS, NPV, IRR, IFERROR, NA); a test enforces the list.

The formulas are those of `gpuplanner.core.cost` and `cost_analysis` (docs/estimation_cost.md), written as
cell formulas; the tests recalculate the workbook in LibreOffice and compare every `out_*` name with the
engine.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openpyxl import Workbook
from openpyxl.chart import BarChart, LineChart, Reference, ScatterChart, Series
from openpyxl.chart.shapes import GraphicalProperties
from openpyxl.formatting.rule import CellIsRule
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from .. import __version__
from ..core import cost_analysis as ca
from ..core.catalog import Catalog, CloudOffer, GpuSpec, NodeType
from ..core.cost import HOURS_PER_YEAR, MONTHS_PER_YEAR, CostInputs, resolve_cost_inputs
from ..core.engine import estimate, resolve_target
from ..core.errors import InputError
from ..core.results import Estimate
from ..core.scenario import Scenario
from .cells import (
    FILL_BAD,
    FILL_GOOD,
    FONT_BAD,
    FONT_GOOD,
    F,
    addr,
    col,
    put,
    quote_text,
    sheet_ref,
    valid_name,
)
from .i18n import LANGUAGES, translate

SHEETS = (
    "Summary",
    "Assumptions",
    "Hardware",
    "Memory",
    "Training",
    "TCO",
    "Utilization",
    "Tornado",
    "Checklist",
    "Checks",
    "Sources",
)
CONTRACT_INPUTS = (
    "in_utilization",
    "in_horizon_years",
    "in_electricity_usd_per_kwh",
    "in_pue",
    "in_cloud_usd_per_gpu_hour",
    "in_node_price_usd",
    "in_discount_rate",
    "in_usd_to_krw",
)
CONTRACT_OUTPUTS = (
    "out_gpu_hours",
    "out_cloud_on_demand",
    "out_cloud_reserved_1y",
    "out_cloud_reserved_3y",
    "out_onprem_tco",
    "out_per_million_tokens",
    "out_breakeven_utilization",
)
# Extra names (main GPU) that the tests and a finance analyst can use; spec §4 allows additions.
EXTRA_OUTPUTS = (
    "calc_capex",
    "calc_cloud_spot",
    "calc_job_cloud_on_demand",
    "calc_pv_own",
    "calc_pv_rent",
    "calc_npv_own_minus_rent",
    "calc_irr",
    "calc_payback_years",
    "calc_crossover_month",
    "calc_equivalent_annual_cost",
)

GIB = 2**30
PALETTE = ("1F4E79", "C00000", "548235", "7030A0", "BF8F00", "2E75B6", "843C0C")  # one colour per option
GRID_STEP = 0.05  # utilization grid 0, 5 %, …, 100 %
IRR_SECOND_GUESS = -0.5  # IRR's default guess is 10 %; losses (owning costs more) need a negative start
CHECK_TOLERANCE = 1e-9  # relative, for the reconciliation checks
SECONDS_PER_HOUR = 3600.0
SECONDS_PER_DAY = 86400.0
TOKENS_PER_MILLION = 1e6
COMPARISON_HORIZONS = (1.0, 3.0, 5.0)  # ca.TCO_HORIZONS


@dataclass(frozen=True)
class InputRow:
    key: str
    label: str
    unit: str
    fmt: str  # key into Builder.fmt
    check: str  # data-validation kind


# Cost inputs of spec §4.3.1, in Assumptions order. Shared by all options unless their values differ.
COST_ROWS = (
    InputRow("utilization", "Utilization", "fraction of the hours the GPUs are used (0–1)", "pct", "fraction"),
    InputRow("horizon_years", "Horizon (years)", "years", "years", "horizon"),
    InputRow("currency", "Currency", "USD or KRW (money outputs)", "text", "currency"),
    InputRow("usd_to_krw", "Exchange rate", "KRW per USD", "num2", "positive"),
    InputRow("electricity_usd_per_kwh", "Electricity price", "USD per kWh", "usd4", "nonneg"),
    InputRow("electricity_escalation_per_year", "Electricity price escalation", "fraction per year", "pct", "rate"),
    InputRow("pue", "PUE", "facility kW per IT kW", "num2", "pue"),
    InputRow("colocation_usd_per_kw_month", "Colocation rate", "USD per contracted IT kW-month", "usd2", "nonneg"),
    InputRow("support_fraction_per_year", "Support and maintenance", "fraction of capex per year", "pct", "fraction"),
    InputRow("staff_usd_per_year", "Staff", "USD per year, whole cluster", "usd0", "nonneg"),
    InputRow("software_usd_per_year", "Software", "USD per year, whole cluster", "usd0", "nonneg"),
    InputRow("import_tax_fraction", "Import tax and duties", "fraction of capex", "pct", "nonneg"),
    InputRow("discount_rate", "Discount rate (cost of capital)", "fraction per year", "pct", "rate"),
    InputRow("depreciation_years", "Depreciation life", "years (straight line)", "years", "positive"),
    InputRow("spot_lost_fraction", "Spot hours lost to preemption", "fraction of spot hours", "pct", "open_fraction"),
)
# Inputs that belong to one option (its GPU, node type and cloud offers).
OPTION_ROWS = (
    InputRow("gpus_per_node", "GPUs per node", "GPUs", "int", "count"),
    InputRow("node_power_idle_kw", "Node power, idle", "kW per node (P_idle)", "kw", "nonneg"),
    InputRow("node_power_full_kw", "Node power, full load", "kW per node (P_full)", "kw", "nonneg"),
    InputRow("node_price_usd", "Node price (server with GPUs)", "USD per node", "usd0", "nonneg"),
    InputRow("network_usd_per_node", "Network per node", "USD per node", "usd0", "nonneg"),
    InputRow("install_usd_per_node", "Installation per node", "USD per node", "usd0", "nonneg"),
    InputRow("cloud_usd_per_gpu_hour", "Cloud on-demand price", "USD per GPU-hour", "usd2", "nonneg"),
    InputRow("reserved_1y_usd_per_gpu_hour", "Cloud reserved 1-year price", "USD per GPU-hour", "usd2", "nonneg"),
    InputRow("reserved_3y_usd_per_gpu_hour", "Cloud reserved 3-year price", "USD per GPU-hour", "usd2", "nonneg"),
    InputRow("spot_usd_per_gpu_hour", "Cloud spot price", "USD per GPU-hour", "usd2", "nonneg"),
)
FORCED_SHARED = ("utilization", "horizon_years", "currency")


@dataclass
class Option:
    """One compared GPU: the engine's estimate and where its rows and cells are in the workbook."""

    k: int
    gpu: GpuSpec
    node: NodeType
    est: Estimate
    inputs: CostInputs
    main: bool
    offers: dict[str, CloudOffer | None]
    cells: dict[str, str] = field(default_factory=dict)  # calc key -> absolute sheet reference

    @property
    def label(self) -> str:
        return f"{self.k}. {self.gpu.name}"

    def known(self, key: str) -> bool:
        return getattr(self.inputs, key, None) is not None


class Builder:
    def __init__(
        self,
        scenario: Scenario,
        catalog: Catalog,
        language: str,
        scenario_text: str | None,
        today: _dt.date | None = None,
    ) -> None:
        if language not in LANGUAGES:
            raise InputError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}", key="language")
        self.s = scenario
        self.cat = catalog
        self.lang = language
        self.scenario_text = scenario_text
        self.today = today or _dt.date.today()
        self.options = self._gather()
        self.main = self.options[0]
        self.currency = scenario.cost.currency
        self.shared_keys = self._shared_keys()
        self.wb = Workbook()
        self.ws: dict[str, Worksheet] = {}
        first = self.wb.active
        assert first is not None
        for i, name in enumerate(SHEETS):
            ws = first if i == 0 else self.wb.create_sheet(name)
            ws.title = name
            self.ws[name] = ws
        self.checks: list[tuple[str, str]] = []  # (description, formula that is TRUE when it reconciles)
        self.validations: dict[str, DataValidation] = {}
        cur = '"$"' if self.currency == "USD" else '"₩"'
        self.fmt = {
            "money": f"{cur}#,##0;-{cur}#,##0",
            "money2": f"{cur}#,##0.00;-{cur}#,##0.00",
            "usd0": '"$"#,##0',
            "usd2": '"$"#,##0.00',
            "usd4": '"$"#,##0.0000',
            "pct": "0.0%",
            "pct2": "0.00%",
            "years": "0.0#",
            "int": "#,##0",
            "num2": "#,##0.00",
            "kw": "#,##0.0",
            "gib": "#,##0.00",
            "sci": "0.000E+00",
            "num": "#,##0.###",
            "text": "@",
            "days": "#,##0.0",
            "hours": "#,##0",
            "bool": "General",
            "month": "0",
        }

    # ------------------------------------------------------------------------------------------------
    # Options and names

    def _gather(self) -> list[Option]:
        s, cat = self.s, self.cat
        ids = [s.hardware.gpu] + [g for g in s.hardware.compared_gpus if g != s.hardware.gpu]
        seen: list[str] = []
        for gid in ids:
            if gid not in seen:
                seen.append(gid)
        options = []
        for k, gid in enumerate(seen, start=1):
            est = estimate(s, cat, gid)
            target = resolve_target(s, cat, gid)
            inputs = getattr(est.cost, "inputs", None)
            if inputs is None:
                inputs = resolve_cost_inputs(
                    s.cost,
                    cat,
                    gid,
                    gpu_count=target.gpu_count,
                    gpus_per_node=target.gpus_per_node,
                    node_id=target.node.id,
                )
            offers = {
                tier: cat.default_offer(gid, tier) for tier in ("on_demand", "reserved_1y", "reserved_3y", "spot")
            }
            options.append(
                Option(k=k, gpu=target.gpu, node=target.node, est=est, inputs=inputs, main=k == 1, offers=offers)
            )
        return options

    def _shared_keys(self) -> set[str]:
        shared = set()
        for row in COST_ROWS:
            values = {repr(getattr(o.inputs, row.key)) for o in self.options}
            if row.key in FORCED_SHARED or len(values) == 1:
                shared.add(row.key)
        return shared

    def n(self, opt: Option, key: str) -> str:
        """The defined name of input `key` for option `opt`."""
        if key in self.shared_keys:
            return f"in_{key}"
        return f"in_o{opt.k}_{key}"

    def t(self, text: str) -> str:
        return translate(text, self.lang)

    def define(self, name: str, sheet: str, row: int, column: int) -> None:
        assert valid_name(name), name
        self.wb.defined_names[name] = DefinedName(name, attr_text=sheet_ref(sheet, row, column))

    def validate(self, ws: Worksheet, cell: str, kind: str) -> None:
        key = f"{ws.title}:{kind}"
        dv = self.validations.get(key)
        if dv is None:
            dv = _validation(kind, self)
            if dv is None:
                return
            ws.add_data_validation(dv)
            self.validations[key] = dv
        dv.add(cell)

    def check(self, description: str, formula: str, sheet: str | None = None) -> None:
        """A reconciliation for the Checks sheet; `sheet` qualifies the formula's bare cell references."""
        self.checks.append((description, qualify(formula, sheet) if sheet else formula))

    def close(self, a: str, b: str) -> str:
        """A reconciliation test: |a − b| ≤ tolerance × max(1, |b|)."""
        return f"ABS(({a})-({b}))<=in_check_tolerance*MAX(1,ABS({b}))"

    # ------------------------------------------------------------------------------------------------

    def build(self) -> Workbook:
        self.years = ca.year_columns(self.main.inputs)
        self.sheet_assumptions()
        self.sheet_training()
        self.sheet_tco()
        self.sheet_utilization()
        self.sheet_tornado()
        self.sheet_memory()
        self.sheet_hardware()
        self.sheet_checklist()
        self.sheet_summary()
        self.sheet_checks()
        self.sheet_sources()
        self.wb.calculation.fullCalcOnLoad = True
        self.wb.active = 0
        for ws in self.ws.values():
            _print_setup(ws)
            _fit_wrapped_rows(ws)
        return self.wb

    # ------------------------------------------------------------------------------------------------
    # Assumptions

    def sheet_assumptions(self) -> None:
        ws = self.ws["Assumptions"]
        t = self.t
        put(ws, 1, 1, t("Assumptions"), "title")
        put(ws, 2, 1, self.s.name, "subtitle")
        put(
            ws,
            3,
            1,
            t(
                "Blue cells on yellow are inputs; green cells are engine results used as inputs; "
                "everything else is a formula."
            ),
            "subtitle",
        )
        header = 5
        for c, text in enumerate((t("Name"), t("Input"), t("Value"), t("Unit"), t("Source")), start=1):
            put(ws, header, c, text, "header")
        ws.freeze_panes = ws.cell(row=header + 1, column=3)
        for letter, width in zip("ABCDE", (34, 40, 18, 34, 90), strict=True):
            ws.column_dimensions[letter].width = width
        r = header + 1
        main = self.main

        def section(title: str) -> None:
            nonlocal r
            r += 1 if r > header + 1 else 0
            for c in range(1, 6):
                put(ws, r, c, title if c == 1 else None, "section")
            r += 1

        def row(
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
            nonlocal r
            put(ws, r, 1, name, "name")
            put(ws, r, 2, self.t(label), "text")
            put(ws, r, 3, value, style, self.fmt[fmt])
            put(ws, r, 4, unit, "text")
            put(ws, r, 5, source, "text")
            self.define(name, "Assumptions", r, 3)
            for alias in aliases:
                self.define(alias, "Assumptions", r, 3)
            if check:
                self.validate(ws, addr(r, 3, abs_row=False, abs_col=False), check)
            r += 1

        section(t("General"))
        tokens = self.s.workload.training_tokens if self.s.workload.is_training else None
        row(
            "in_gpu_count",
            "GPU count",
            self.s.hardware.gpu_count,
            "GPUs",
            "scenario (hardware.gpu_count)",
            "int",
            "count",
        )
        row(
            "in_tokens",
            "Training tokens",
            tokens,
            "tokens",
            "scenario (workload.tokens, or dataset_tokens × epochs)"
            if tokens is not None
            else "not a training run (inference): no tokens to train",
            "sci",
            "nonneg",
        )
        for spec in COST_ROWS:
            if spec.key not in self.shared_keys:
                continue
            value = getattr(main.inputs, spec.key)
            row(f"in_{spec.key}", spec.label, value, spec.unit, _source(main.inputs, spec.key), spec.fmt, spec.check)

        section(t("Constants"))
        row(
            "in_hours_per_year",
            "Hours per year",
            HOURS_PER_YEAR,
            "hours",
            "365 × 24 (spec §4.3.1: H = 8760 × Y)",
            "int",
            None,
        )
        row("in_months_per_year", "Months per year", MONTHS_PER_YEAR, "months", "calendar", "int", None)
        row("in_seconds_per_hour", "Seconds per hour", SECONDS_PER_HOUR, "seconds", "definition", "int", None)
        row("in_seconds_per_day", "Seconds per day", SECONDS_PER_DAY, "seconds", "definition", "int", None)
        row(
            "in_tokens_per_million",
            "Tokens per million",
            TOKENS_PER_MILLION,
            "tokens",
            "definition (spec §4.3.1 per_million_tokens)",
            "int",
            None,
        )
        row(
            "in_tornado_step",
            "Tornado step (±)",
            ca.TORNADO_STEP,
            "fraction of each input",
            "±20 % (chanthaphan/gpu-tco tornado; docs/estimation_cost.md §4.5)",
            "pct",
            "fraction",
        )
        row(
            "in_grid_step",
            "Utilization grid step",
            GRID_STEP,
            "fraction",
            "layout of the Utilization sheet",
            "pct",
            "fraction",
        )
        row(
            "in_irr_guess",
            "Second starting guess for IRR",
            IRR_SECOND_GUESS,
            "per year",
            "used when IRR does not converge from its default guess of 10 %",
            "pct",
            "rate",
        )
        row(
            "in_check_tolerance",
            "Check tolerance (relative)",
            CHECK_TOLERANCE,
            "fraction",
            "rounding allowance of the Checks sheet",
            "sci",
            "nonneg",
        )

        for opt in self.options:
            title = f"{t('Option')} {opt.k}: {opt.gpu.name} ({opt.gpu.id})"
            if opt.main:
                title += f" — {t('main')} (hardware.gpu)"
            section(title)
            for spec in OPTION_ROWS:
                aliases = []
                if opt.main and f"in_{spec.key}" in CONTRACT_INPUTS:
                    aliases.append(f"in_{spec.key}")
                row(
                    f"in_o{opt.k}_{spec.key}",
                    spec.label,
                    getattr(opt.inputs, spec.key),
                    spec.unit,
                    _source(opt.inputs, spec.key),
                    spec.fmt,
                    spec.check,
                    aliases=aliases,
                )
            for spec in COST_ROWS:
                if spec.key in self.shared_keys:
                    continue
                aliases = [f"in_{spec.key}"] if opt.main and f"in_{spec.key}" in CONTRACT_INPUTS else []
                row(
                    f"in_o{opt.k}_{spec.key}",
                    spec.label,
                    getattr(opt.inputs, spec.key),
                    spec.unit,
                    _source(opt.inputs, spec.key),
                    spec.fmt,
                    spec.check,
                    aliases=aliases,
                )
            tm, gp = opt.est.time, opt.est.goodput
            row(
                f"in_o{opt.k}_tokens_per_second",
                "Training throughput (engine)",
                tm.tokens_per_second if tm else None,
                "tokens per second, whole cluster",
                "gpuplanner engine: throughput model for this GPU and layout (see Training)"
                if tm
                else "not a training run",
                "int",
                "nonneg",
                style="engine",
            )
            row(
                f"in_o{opt.k}_lost_fraction",
                "Time lost to failures and checkpoints (engine)",
                gp.lost_fraction if gp else None,
                "fraction of wall-clock time",
                "gpuplanner engine: goodput model (Young/Daly checkpoint interval, Llama 3 failure rate)"
                if gp
                else "not a training run",
                "pct2",
                "open_fraction",
                style="engine",
            )
        self.assumptions_last_row = r - 1

    # ------------------------------------------------------------------------------------------------
    # Training

    def sheet_training(self) -> None:
        ws = self.ws["Training"]
        t = self.t
        put(ws, 1, 1, t("Training"), "title")
        put(
            ws,
            2,
            1,
            "FLOPs, throughput, wall-clock time and GPU-hours per option. Throughput and goodput "
            "come from the engine (Assumptions); time and GPU-hours are formulas.",
            "subtitle",
        )
        header = 4
        put(ws, header, 1, t("Item"), "header")
        put(ws, header, 2, t("Unit"), "header")
        for opt in self.options:
            put(ws, header, 2 + opt.k, opt.label, "header")
            ws.column_dimensions[col(2 + opt.k)].width = 24
        ws.column_dimensions["A"].width = 44
        ws.column_dimensions["B"].width = 26
        ws.freeze_panes = ws.cell(row=header + 1, column=3)
        r = header + 1
        self.training_rows: dict[str, int] = {}

        def line(
            key: str,
            label: str,
            unit: str,
            make: Callable[[Option, Callable[[str], str]], Any],
            fmt: str,
            style: str = "calc",
        ) -> None:
            nonlocal r
            put(ws, r, 1, label, "text")
            put(ws, r, 2, unit, "text")
            for opt in self.options:
                c = 2 + opt.k

                def here(k: str, c: int = c) -> str:
                    return addr(self.training_rows[k], c, abs_row=False, abs_col=False)

                put(ws, r, c, make(opt, here), style, self.fmt[fmt])
            self.training_rows[key] = r
            r += 1

        def tm(opt: Option, attr: str) -> Any:
            return getattr(opt.est.time, attr) if opt.est.time else None

        def gp(opt: Option, attr: str) -> Any:
            return getattr(opt.est.goodput, attr) if opt.est.goodput else None

        line("gpu", "GPU", "catalog id", lambda o, h: o.gpu.id, "text", "text")
        line("layout", "Parallel layout", "", lambda o, h: _layout_text(o.est), "text", "text")
        line("gpu_count", "GPU count", "GPUs", lambda o, h: F("in_gpu_count"), "int", "link")
        line("tokens", "Training tokens", "tokens", lambda o, h: F("in_tokens"), "sci", "link")
        line(
            "flops_per_token",
            "Model FLOPs per token (attention included, engine)",
            "FLOP per token",
            lambda o, h: _div(tm(o, "model_flops"), self.s.workload.training_tokens),
            "sci",
            "engine",
        )
        line(
            "model_flops",
            "Model FLOPs of the run",
            "FLOP",
            lambda o, h: F(
                f"IF(AND(ISNUMBER({h('tokens')}),ISNUMBER({h('flops_per_token')})),"
                f'{h("tokens")}*{h("flops_per_token")},"")'
            ),
            "sci",
        )
        line(
            "mfu",
            "MFU (model FLOPs utilization, engine)",
            "fraction of dense peak",
            lambda o, h: tm(o, "mfu"),
            "pct",
            "engine",
        )
        line(
            "tps",
            "Throughput",
            "tokens per second, whole cluster",
            lambda o, h: F(self.n(o, "tokens_per_second")),
            "int",
            "link",
        )
        line(
            "step_seconds",
            "Optimizer step (steady state, engine)",
            "seconds",
            lambda o, h: tm(o, "step_seconds"),
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
            lambda o, h: F(self.n(o, "lost_fraction")),
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
        line(
            "gpu_hours",
            "GPU-hours = GPU count × wall-clock / 3600",
            "GPU-hours",
            lambda o, h: F(
                f'IF(ISNUMBER({h("wall_seconds")}),{h("gpu_count")}*{h("wall_seconds")}/in_seconds_per_hour,"")'
            ),
            "hours",
        )
        line(
            "ckpt_gb",
            "Checkpoint size (weights + optimizer states, engine)",
            "GB",
            lambda o, h: _div(gp(o, "checkpoint_bytes"), 1e9),
            "num2",
            "engine",
        )
        line(
            "ckpt_write",
            "Checkpoint write time (engine)",
            "seconds",
            lambda o, h: gp(o, "checkpoint_write_seconds"),
            "num2",
            "engine",
        )
        line(
            "ckpt_interval",
            "Checkpoint interval (Young/Daly, engine)",
            "hours",
            lambda o, h: _div(gp(o, "checkpoint_interval_seconds"), 3600.0),
            "num2",
            "engine",
        )
        line(
            "failures",
            "Expected failures during the run (engine)",
            "failures",
            lambda o, h: gp(o, "failures_expected"),
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
            lambda o, h: _div(o.est.cluster.storage_bytes if o.est.cluster else None, 1e12),
            "num2",
            "engine",
        )
        for opt in self.options:
            opt.cells["gpu_hours"] = sheet_ref("Training", self.training_rows["gpu_hours"], 2 + opt.k)
            opt.cells["wall_days"] = sheet_ref("Training", self.training_rows["wall_days"], 2 + opt.k)
        self.define("out_gpu_hours", "Training", self.training_rows["gpu_hours"], 3)

    # ------------------------------------------------------------------------------------------------
    # TCO

    def sheet_tco(self) -> None:
        ws = self.ws["TCO"]
        t = self.t
        N = self.years
        Y0 = 5  # column of year 0; D is a spacer so that "previous year" of year 0 is an empty cell
        ycols = [Y0 + y for y in range(N + 1)]
        first, last = col(ycols[0]), col(ycols[-1])
        self.tco_year_cols = ycols
        put(ws, 1, 1, t("TCO"), "title")
        put(
            ws,
            2,
            1,
            f"Yearly cash flows in {self.currency}, costs positive; year 0 = purchase. Columns run to "
            f"year {N}; the horizon (in_horizon_years) selects the years that count.",
            "subtitle",
        )
        ws.column_dimensions["A"].width = 50
        ws.column_dimensions["B"].width = 22
        ws.column_dimensions["C"].width = 18
        ws.column_dimensions["D"].width = 2
        for c in ycols:
            ws.column_dimensions[col(c)].width = 15
        H = 4  # year header row
        put(ws, H, 1, "Year", "header")
        put(ws, H, 2, t("Unit"), "header")
        put(ws, H, 3, "Total / value", "header")
        put(ws, H, 4, None, "header")
        for y, c in zip(range(N + 1), ycols, strict=True):
            put(ws, H, c, y, "header", "0")
        ws.freeze_panes = ws.cell(row=H + 1, column=4)

        def yr(c: int) -> str:
            return f"{col(c)}${H}"

        def across(
            r: int,
            label: str,
            unit: str,
            make: Callable[[int], str],
            fmt: str,
            total: str | None = None,
            style: str = "calc",
        ) -> None:
            put(ws, r, 1, label, "text")
            put(ws, r, 2, unit, "text")
            for c in ycols:
                put(ws, r, c, F(make(c)), style, self.fmt[fmt])
            if total is not None:
                put(ws, r, 3, F(total), "bold", self.fmt[fmt])

        def scalar(r: int, label: str, unit: str, formula: str, fmt: str, style: str = "calc") -> None:
            put(ws, r, 1, label, "text")
            put(ws, r, 2, unit, "text")
            put(ws, r, 3, F(formula), style, self.fmt[fmt])

        across(
            5,
            "Weight of the year in the horizon w_y = MAX(0, MIN(1, Y − (y − 1)))",
            "fraction",
            lambda c: f"IF({yr(c)}=0,0,MAX(0,MIN(1,in_horizon_years-({yr(c)}-1))))",
            "num2",
            total=f"SUM({first}5:{last}5)",
        )
        across(
            6,
            "Residual value lands in this year (year ROUNDUP(Y))",
            "flag",
            lambda c: f"IF({yr(c)}=MAX(1,ROUNDUP(in_horizon_years,0)),1,0)",
            "int",
        )
        self.tco_weight_h = {}
        for i, h in enumerate(COMPARISON_HORIZONS):
            r = 7 + i

            def weight_at(c: int, r: int = r) -> str:
                return f"IF({yr(c)}=0,0,MAX(0,MIN(1,$C{r}-({yr(c)}-1))))"

            across(
                r,
                f"Weight of the year for the comparison horizon in column C ({h:g} years)",
                "fraction",
                weight_at,
                "num2",
            )
            put(ws, r, 3, h, "key", "0")
            self.tco_weight_h[h] = r
        across(
            10,
            "Discount factor 1 / (1 + r)^y",
            "factor",
            lambda c: f'IF(ISNUMBER(in_discount_rate),1/(1+in_discount_rate)^{yr(c)},"")',
            "num2",
        )
        scalar(11, "Money multiplier from USD to the currency", "×", 'IF(in_currency="KRW",in_usd_to_krw,1)', "num2")
        self.define("calc_fx", "TCO", 11, 3)
        scalar(12, "Hours in the horizon H = 8760 × Y", "hours", "in_hours_per_year*in_horizon_years", "int")
        self.define("calc_hours", "TCO", 12, 3)
        scalar(
            13,
            "Month in which the residual value is booked = ROUNDUP(12 × Y)",
            "month",
            "MAX(1,ROUNDUP(in_months_per_year*in_horizon_years,0))",
            "month",
        )
        self.define("calc_residual_month", "TCO", 13, 3)
        scalar(14, "Last year column", "year", f"MAX({first}{H}:{last}{H})", "int")
        self.define("calc_last_year", "TCO", 14, 3)
        self.check(
            "The horizon fits in the year columns of the TCO sheet (in_horizon_years ≤ last year)",
            "AND(in_horizon_years>0,in_horizon_years<=calc_last_year)",
        )

        r = 16
        self.tco_blocks: dict[int, dict[str, int]] = {}
        for opt in self.options:
            r = self._tco_block(ws, opt, r, ycols) + 2
        self._months_table(ws, r)

    def _tco_block(self, ws: Worksheet, opt: Option, start: int, ycols: list[int]) -> int:
        n = lambda key: self.n(opt, key)  # noqa: E731
        y0c, y1c, yNc = col(ycols[0]), col(ycols[1]), col(ycols[-1])
        rows: dict[str, int] = {}
        self.tco_blocks[opt.k] = rows
        title = f"{self.t('Option')} {opt.k}: {opt.gpu.name} ({opt.gpu.id}), node {opt.node.id}"
        for c in range(1, ycols[-1] + 1):
            put(ws, start, c, title if c == 1 else None, "section")
        keys = [
            "nodes",
            "known",
            "od_known",
            "capex",
            "residual",
            "power_kw",
            "colo_py",
            "support_py",
            "staff_py",
            None,
            "price_factor",
            "energy_full",
            "opex_full",
            None,
            "cf_capex",
            "cf_energy",
            "cf_colo",
            "cf_support",
            "cf_staff",
            "cf_residual",
            "own",
            "own_cum",
            "rent",
            "rent_cum",
            "inc",
            "inc_cum",
            "payback_c",
            None,
            "onprem_tco",
            "energy_slope",
            "onprem_at_zero",
            "onprem_closed",
            "cloud_on_demand",
            "cloud_at_full",
            "cloud_reserved_1y",
            "cloud_reserved_3y",
            "cloud_spot",
            "breakeven",
            "per_million_tokens",
            "job_cloud_on_demand",
            None,
            "pv_own",
            "pv_rent",
            "npv_own_minus_rent",
            "npv_buy",
            "irr",
            "payback",
            "crossover",
            "eac",
            None,
            "totals_header",
            "total_1",
            "total_3",
            "total_5",
        ]
        r = start + 1
        for key in keys:
            if key is not None:
                rows[key] = r
            r += 1
        end = r - 1

        def c_(key: str) -> str:  # scalar in column C of this block
            return f"$C${rows[key]}"

        def y_(key: str, c: int) -> str:  # same year column, row `key`
            return f"{col(c)}{rows[key]}"

        def rng(key: str, from_year: int = 0) -> str:
            return f"{col(ycols[from_year])}{rows[key]}:{yNc}{rows[key]}"

        def yr(c: int) -> str:
            return f"{col(c)}$4"

        K, OD = c_("known"), c_("od_known")
        money, fx = self.fmt["money"], "calc_fx"

        def scalar(key: str, label: str, unit: str, formula: str, fmt: str = "money", style: str = "calc") -> None:
            put(ws, rows[key], 1, label, "text")
            put(ws, rows[key], 2, unit, "text")
            put(ws, rows[key], 3, F(formula), style, self.fmt[fmt])

        def across(
            key: str,
            label: str,
            unit: str,
            make: Callable[[int], str],
            fmt: str = "money",
            total: bool = True,
            guard: str | None = None,
        ) -> None:
            put(ws, rows[key], 1, label, "text")
            put(ws, rows[key], 2, unit, "text")
            for c in ycols:
                body = make(c)
                put(ws, rows[key], c, F(f'IF({guard},{body},"")' if guard else body), "calc", self.fmt[fmt])
            if total:
                put(
                    ws,
                    rows[key],
                    3,
                    F(f'IF({guard},SUM({rng(key)}),"")' if guard else f"SUM({rng(key)})"),
                    "bold",
                    self.fmt[fmt],
                )

        onprem_inputs = (
            "node_price_usd",
            "network_usd_per_node",
            "install_usd_per_node",
            "node_power_idle_kw",
            "node_power_full_kw",
            "electricity_usd_per_kwh",
            "pue",
            "colocation_usd_per_kw_month",
            "support_fraction_per_year",
            "staff_usd_per_year",
            "software_usd_per_year",
            "depreciation_years",
            "import_tax_fraction",
            "electricity_escalation_per_year",
        )
        P, NW, IN = n("node_price_usd"), n("network_usd_per_node"), n("install_usd_per_node")
        IDLE, FULL = n("node_power_idle_kw"), n("node_power_full_kw")
        OD_P = n("cloud_usd_per_gpu_hour")
        scalar(
            "nodes",
            "Nodes = ROUNDUP(GPU count / GPUs per node)",
            "nodes",
            f"ROUNDUP(in_gpu_count/{n('gpus_per_node')},0)",
            "int",
        )
        scalar(
            "known",
            "On-prem inputs all known (a price nobody published is empty)",
            "TRUE/FALSE",
            "AND(" + ",".join(f"ISNUMBER({n(k)})" for k in onprem_inputs) + ")",
            "bool",
        )
        scalar("od_known", "On-demand price known", "TRUE/FALSE", f"ISNUMBER({OD_P})", "bool")
        cur = self.currency
        scalar(
            "capex",
            "Capex = nodes × (node + network + install) × (1 + import tax)",
            cur,
            f'IF({K},{c_("nodes")}*({P}+{NW}+{IN})*(1+{n("import_tax_fraction")})*{fx},"")',
        )
        scalar(
            "residual",
            "Residual value = capex × MAX(0, 1 − Y / depreciation years)",
            cur,
            f'IF({K},{c_("capex")}*MAX(0,1-in_horizon_years/{n("depreciation_years")}),"")',
        )
        scalar(
            "power_kw",
            "IT power = nodes × (P_idle + u × (P_full − P_idle))",
            "kW",
            f'IF({K},{c_("nodes")}*({IDLE}+in_utilization*({FULL}-{IDLE})),"")',
            "kw",
        )
        scalar(
            "colo_py",
            "Colocation per year = nodes × P_full × 12 × rate (contracted kW, no PUE)",
            f"{cur} per year",
            f'IF({K},{c_("nodes")}*{FULL}*in_months_per_year*{n("colocation_usd_per_kw_month")}*{fx},"")',
        )
        scalar(
            "support_py",
            "Support per year = support fraction × capex",
            f"{cur} per year",
            f'IF({K},{n("support_fraction_per_year")}*{c_("capex")},"")',
        )
        scalar(
            "staff_py",
            "Staff + software per year",
            f"{cur} per year",
            f'IF({K},({n("staff_usd_per_year")}+{n("software_usd_per_year")})*{fx},"")',
        )
        across(
            "price_factor",
            "Electricity price in year y = price × (1 + escalation)^(y − 1)",
            f"{cur} per kWh",
            lambda c: (
                f"IF({yr(c)}=0,0,{n('electricity_usd_per_kwh')}"
                f"*(1+{n('electricity_escalation_per_year')})^({yr(c)}-1)*{fx})"
            ),
            "money2",
            total=False,
            guard=K,
        )
        ws.cell(row=rows["price_factor"], column=ycols[0]).number_format = "#,##0.0000"
        for c in ycols:
            ws.cell(row=rows["price_factor"], column=c).number_format = (
                '"$"#,##0.0000' if cur == "USD" else '"₩"#,##0.00'
            )
        across(
            "energy_full",
            "Energy of a full year = IT kW × PUE × 8760 × price in year y",
            f"{cur} per year",
            lambda c: f"IF({yr(c)}=0,0,{c_('power_kw')}*{n('pue')}*in_hours_per_year*{y_('price_factor', c)})",
            total=False,
            guard=K,
        )
        across(
            "opex_full",
            "Operating cost of a full year = energy + colocation + support + staff + software",
            f"{cur} per year",
            lambda c: f"IF({yr(c)}=0,0,{y_('energy_full', c)}+{c_('colo_py')}+{c_('support_py')}+{c_('staff_py')})",
            total=False,
            guard=K,
        )
        w = lambda c: f"{col(c)}$5"  # noqa: E731
        across("cf_capex", "Capex (year 0)", cur, lambda c: f"IF({yr(c)}=0,{c_('capex')},0)", guard=K)
        across("cf_energy", "Energy (w_y × full year)", cur, lambda c: f"{w(c)}*{y_('energy_full', c)}", guard=K)
        across("cf_colo", "Colocation", cur, lambda c: f"{w(c)}*{c_('colo_py')}", guard=K)
        across("cf_support", "Support and maintenance", cur, lambda c: f"{w(c)}*{c_('support_py')}", guard=K)
        across("cf_staff", "Staff and software", cur, lambda c: f"{w(c)}*{c_('staff_py')}", guard=K)
        across(
            "cf_residual",
            "Residual value (sale value, subtracted)",
            cur,
            lambda c: f"{col(c)}$6*{c_('residual')}",
            guard=K,
        )
        across(
            "own",
            "Own: cash out",
            cur,
            lambda c: (
                "+".join(y_(k, c) for k in ("cf_capex", "cf_energy", "cf_colo", "cf_support", "cf_staff"))
                + f"-{y_('cf_residual', c)}"
            ),
            guard=K,
        )
        across(
            "own_cum",
            "Own: cumulative",
            cur,
            lambda c: f"SUM(${y0c}{rows['own']}:{col(c)}{rows['own']})",
            total=False,
            guard=K,
        )
        across(
            "rent",
            "Rent on demand = w_y × GPUs × 8760 × u × price",
            cur,
            lambda c: f"{w(c)}*in_gpu_count*in_hours_per_year*in_utilization*{OD_P}*{fx}",
            guard=OD,
        )
        across(
            "rent_cum",
            "Rent: cumulative",
            cur,
            lambda c: f"SUM(${y0c}{rows['rent']}:{col(c)}{rows['rent']})",
            total=False,
            guard=OD,
        )
        both = f"AND({K},{OD})"
        across(
            "inc", "Buying instead of renting: rent − own", cur, lambda c: f"{y_('rent', c)}-{y_('own', c)}", guard=both
        )
        across(
            "inc_cum",
            "Buying instead of renting: cumulative",
            cur,
            lambda c: f"SUM(${y0c}{rows['inc']}:{col(c)}{rows['inc']})",
            total=False,
            guard=both,
        )
        across(
            "payback_c",
            "Payback if reached in this year: (y − 1) + −cumulative(y − 1) / flow(y)",
            "years",
            lambda c: (
                f"IF(AND({col(c - 1)}{rows['inc_cum']}<0,{y_('inc_cum', c)}>=0),"
                f'({yr(c)}-1)+(-{col(c - 1)}{rows["inc_cum"]})/{y_("inc", c)},"")'
            ),
            "num2",
            total=False,
            guard=both,
        )
        # The previous-year cell of year 0 is the spacer column D (empty = 0): no payback candidate there.

        scalar(
            "onprem_tco",
            "On-prem TCO = Σ own (undiscounted, spec §4.3.1)",
            cur,
            f'IF({K},SUM({rng("own")}),"")',
            style="bold",
        )
        scalar(
            "energy_slope",
            "b: energy added by utilization = nodes × (P_full − P_idle) × PUE × 8760 × Σ w_y × price_y",
            cur,
            f"IF({K},{c_('nodes')}*({FULL}-{IDLE})*{n('pue')}*in_hours_per_year"
            f'*SUMPRODUCT(${y1c}$5:${yNc}$5,{y1c}{rows["price_factor"]}:{yNc}{rows["price_factor"]}),"")',
        )
        scalar(
            "onprem_at_zero",
            "a: on-prem TCO at 0 % utilization (idle power)",
            cur,
            f"IF({K},{c_('capex')}-{c_('residual')}+{c_('nodes')}*{IDLE}*{n('pue')}*in_hours_per_year"
            f"*SUMPRODUCT(${y1c}$5:${yNc}$5,{y1c}{rows['price_factor']}:{yNc}{rows['price_factor']})"
            f'+({c_("colo_py")}+{c_("support_py")}+{c_("staff_py")})*in_horizon_years,"")',
        )
        scalar(
            "onprem_closed",
            "On-prem TCO, closed form a + b × u (spec §4.3.1)",
            cur,
            f'IF({K},{c_("onprem_at_zero")}+{c_("energy_slope")}*in_utilization,"")',
        )
        scalar(
            "cloud_on_demand",
            "Cloud on-demand = GPUs × H × u × price",
            cur,
            f'IF({OD},in_gpu_count*calc_hours*in_utilization*{OD_P}*{fx},"")',
            style="bold",
        )
        scalar(
            "cloud_at_full",
            "c: cloud on-demand at 100 % utilization",
            cur,
            f'IF({OD},in_gpu_count*calc_hours*{OD_P}*{fx},"")',
        )
        r1, r3, sp = (n("reserved_1y_usd_per_gpu_hour"), n("reserved_3y_usd_per_gpu_hour"), n("spot_usd_per_gpu_hour"))
        scalar(
            "cloud_reserved_1y",
            "Cloud reserved 1 year = GPUs × H × price (every hour paid)",
            cur,
            f'IF(ISNUMBER({r1}),in_gpu_count*calc_hours*{r1}*{fx},"")',
            style="bold",
        )
        scalar(
            "cloud_reserved_3y",
            "Cloud reserved 3 years = GPUs × H × price (every hour paid)",
            cur,
            f'IF(ISNUMBER({r3}),in_gpu_count*calc_hours*{r3}*{fx},"")',
            style="bold",
        )
        scalar(
            "cloud_spot",
            "Cloud spot = GPUs × H × u × price / (1 − lost fraction)",
            cur,
            f'IF(ISNUMBER({sp}),in_gpu_count*calc_hours*in_utilization*{sp}/(1-{n("spot_lost_fraction")})*{fx},"")',
        )
        a, b, cc = c_("onprem_at_zero"), c_("energy_slope"), c_("cloud_at_full")
        scalar(
            "breakeven",
            "Break-even utilization u* = a / (c − b), empty if not in [0, 1]",
            "fraction",
            f'IF({both},IF({cc}-{b}<=0,IF(AND({a}=0,{cc}={b}),0,""),'
            f'IF(AND({a}/({cc}-{b})>=0,{a}/({cc}-{b})<=1),{a}/({cc}-{b}),"")),"")',
            "pct",
            style="bold",
        )
        tps = n("tokens_per_second")
        scalar(
            "per_million_tokens",
            "Cost per million tokens = TCO / (tokens/s × 3600 × H × u) × 1e6",
            f"{cur} per million tokens",
            f"IF(AND({K},ISNUMBER({tps})),IF(AND({tps}>0,in_utilization>0),{c_('onprem_tco')}"
            f'/({tps}*in_seconds_per_hour*calc_hours*in_utilization)*in_tokens_per_million,""),"")',
            "money2",
            style="bold",
        )
        scalar(
            "job_cloud_on_demand",
            "This job at on-demand prices = GPU-hours × price",
            cur,
            f'IF(AND({OD},ISNUMBER({opt.cells["gpu_hours"]})),{opt.cells["gpu_hours"]}*{OD_P}*{fx},"")',
        )
        dr = "in_discount_rate" if "discount_rate" in self.shared_keys else n("discount_rate")
        has_r = f"ISNUMBER({dr})"
        scalar(
            "pv_own",
            "Present value of owning = NPV(r, years 1..N) + year 0",
            cur,
            f'IF(AND({K},{has_r}),NPV({dr},{rng("own", 1)})+{y0c}{rows["own"]},"")',
        )
        scalar(
            "pv_rent",
            "Present value of renting on demand",
            cur,
            f'IF(AND({OD},{has_r}),NPV({dr},{rng("rent", 1)})+{y0c}{rows["rent"]},"")',
        )
        scalar(
            "npv_own_minus_rent",
            "PV(own) − PV(rent) (negative: owning is cheaper)",
            cur,
            f'IF(AND({both},{has_r}),{c_("pv_own")}-{c_("pv_rent")},"")',
        )
        scalar(
            "npv_buy",
            "NPV of buying instead of renting = NPV(r, rent − own)",
            cur,
            f'IF(AND({both},{has_r}),NPV({dr},{rng("inc", 1)})+{y0c}{rows["inc"]},"")',
            style="bold",
        )
        scalar(
            "irr",
            "IRR of buying instead of renting",
            "per year",
            f'IF({both},IFERROR(IRR({rng("inc")}),IFERROR(IRR({rng("inc")},in_irr_guess),"")),"")',
            "pct",
            style="bold",
        )
        scalar(
            "payback",
            "Payback of buying (years)",
            "years",
            f'IF({both},IF({y0c}{rows["inc_cum"]}>=0,0,IF(COUNT({rng("payback_c")})=0,"",MIN({rng("payback_c")}))),"")',
            "num2",
            style="bold",
        )
        scalar(
            "eac",
            "Equivalent annual cost of owning = PV × r / (1 − (1 + r)^−Y)",
            f"{cur} per year",
            f"IF(AND({K},{has_r}),IF({dr}=0,{c_('pv_own')}/in_horizon_years,"
            f'{c_("pv_own")}*{dr}/(1-(1+{dr})^(-in_horizon_years))),"")',
        )
        # crossover: written after the months table exists (_months_table)

        hdr = rows["totals_header"]
        put(ws, hdr, 1, "Totals at 1, 3 and 5 years (at the utilization above)", "section")
        tiers = (
            ("On-prem TCO", "onprem"),
            ("Cloud on-demand", "od"),
            ("Cloud reserved 1 year", "r1"),
            ("Cloud reserved 3 years", "r3"),
            ("Cloud spot", "spot"),
        )
        put(ws, hdr, 3, "Horizon (years)", "header")
        for i, (label, _) in enumerate(tiers):
            put(ws, hdr, ycols[i], self.t(label), "header")
        for h, key in zip(COMPARISON_HORIZONS, ("total_1", "total_3", "total_5"), strict=True):
            rr = rows[key]
            wr = self.tco_weight_h[h]
            hc = f"$C${wr}"
            put(ws, rr, 1, "Totals over the horizon in column C", "text")
            put(ws, rr, 2, cur, "text")
            put(ws, rr, 3, F(hc), "link", "0")
            formulas = {
                "onprem": f"IF({K},{c_('capex')}-{c_('capex')}*MAX(0,1-{hc}/{n('depreciation_years')})"
                f'+SUMPRODUCT(${y0c}${wr}:${yNc}${wr},${y0c}${rows["opex_full"]}:${yNc}${rows["opex_full"]}),"")',
                "od": f'IF({OD},in_gpu_count*in_hours_per_year*{hc}*in_utilization*{OD_P}*{fx},"")',
                "r1": f'IF(ISNUMBER({r1}),in_gpu_count*in_hours_per_year*{hc}*{r1}*{fx},"")',
                "r3": f'IF(ISNUMBER({r3}),in_gpu_count*in_hours_per_year*{hc}*{r3}*{fx},"")',
                "spot": f"IF(ISNUMBER({sp}),in_gpu_count*in_hours_per_year*{hc}*in_utilization*{sp}"
                f'/(1-{n("spot_lost_fraction")})*{fx},"")',
            }
            for i, (_, tier) in enumerate(tiers):
                put(ws, rr, ycols[i], F(formulas[tier]), "calc", money)
            self.check(
                f"Option {opt.k}: the {h:g}-year total equals the on-prem TCO when the horizon is {h:g} years",
                f"IF(AND({K},in_horizon_years={hc}),{self.close(f'{col(ycols[0])}{rr}', c_('onprem_tco'))},TRUE)",
                "TCO",
            )

        # conditional formats: negative NPV of buying, negative cash flows of the incremental line
        ws.conditional_formatting.add(
            f"C{rows['npv_buy']}", CellIsRule(operator="lessThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD)
        )
        ws.conditional_formatting.add(
            f"C{rows['npv_own_minus_rent']}",
            CellIsRule(operator="greaterThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD),
        )
        ws.conditional_formatting.add(
            f"{y0c}{rows['inc_cum']}:{yNc}{rows['inc_cum']}",
            CellIsRule(operator="lessThan", formula=["0"], font=FONT_BAD),
        )

        for key in (
            "capex",
            "onprem_tco",
            "cloud_on_demand",
            "cloud_reserved_1y",
            "cloud_reserved_3y",
            "cloud_spot",
            "breakeven",
            "per_million_tokens",
            "job_cloud_on_demand",
            "pv_own",
            "pv_rent",
            "npv_own_minus_rent",
            "npv_buy",
            "irr",
            "payback",
            "eac",
            "onprem_at_zero",
            "energy_slope",
            "cloud_at_full",
            "nodes",
            "known",
            "od_known",
            "residual",
            "power_kw",
        ):
            opt.cells[key] = sheet_ref("TCO", rows[key], 3)
        opt.cells["crossover"] = sheet_ref("TCO", rows["crossover"], 3)
        if opt.main:
            for out, key in (
                ("out_cloud_on_demand", "cloud_on_demand"),
                ("out_cloud_reserved_1y", "cloud_reserved_1y"),
                ("out_cloud_reserved_3y", "cloud_reserved_3y"),
                ("out_onprem_tco", "onprem_tco"),
                ("out_per_million_tokens", "per_million_tokens"),
                ("out_breakeven_utilization", "breakeven"),
                ("calc_capex", "capex"),
                ("calc_cloud_spot", "cloud_spot"),
                ("calc_job_cloud_on_demand", "job_cloud_on_demand"),
                ("calc_pv_own", "pv_own"),
                ("calc_pv_rent", "pv_rent"),
                ("calc_npv_own_minus_rent", "npv_own_minus_rent"),
                ("calc_irr", "irr"),
                ("calc_payback_years", "payback"),
                ("calc_crossover_month", "crossover"),
                ("calc_equivalent_annual_cost", "eac"),
            ):
                self.define(out, "TCO", rows[key], 3)

        label = f"Option {opt.k}"
        self.check(
            f"{label}: Σ own cash flows equals the closed-form on-prem TCO a + b × u (spec §4.3.1)",
            f"IF({K},{self.close(c_('onprem_tco'), c_('onprem_closed'))},TRUE)",
            "TCO",
        )
        self.check(
            f"{label}: Σ rent cash flows equals cloud on-demand = GPUs × H × u × price",
            f"IF({OD},{self.close(c_('rent'), c_('cloud_on_demand'))},TRUE)",
            "TCO",
        )
        self.check(
            f"{label}: PV(own) − PV(rent) equals −NPV(rent − own)",
            f"IF(AND({both},{has_r}),{self.close(c_('npv_own_minus_rent'), '-' + c_('npv_buy'))},TRUE)",
            "TCO",
        )
        self.check(
            f"{label}: Σ (rent − own) equals cloud on-demand − on-prem TCO",
            f"IF({both},{self.close(c_('inc'), c_('cloud_on_demand') + '-' + c_('onprem_tco'))},TRUE)",
            "TCO",
        )
        return end

    def _months_table(self, ws: Worksheet, start: int) -> None:
        """Monthly cumulative cost of owning and renting, for the crossover month (docs §4.2)."""
        N = self.years
        put(
            ws,
            start,
            1,
            "Monthly cumulative cost (for the crossover month: the first month at whose end "
            "owning has cost no more than renting on demand)",
            "section",
        )
        hdr = start + 1
        put(ws, hdr, 1, "Month", "header")
        put(ws, hdr, 2, "Year of the month", "header")
        put(ws, hdr, 3, "Weight v_m = MAX(0, MIN(1, 12Y − (m − 1)))", "header")
        for opt in self.options:
            base = 5 + 3 * (opt.k - 1)
            put(ws, hdr, base, f"{opt.k}: own, cumulative", "header")
            put(ws, hdr, base + 1, f"{opt.k}: rent, cumulative", "header")
            put(ws, hdr, base + 2, f"{opt.k}: month if crossed", "header")
        first = hdr + 1
        months = 12 * N
        last = first + months
        for m in range(months + 1):
            r = first + m
            put(ws, r, 1, m, None, "0")
            put(ws, r, 2, F(f"ROUNDUP(A{r}/in_months_per_year,0)"), "calc", "0")
            put(ws, r, 3, F(f"IF(A{r}=0,0,MAX(0,MIN(1,in_months_per_year*in_horizon_years-(A{r}-1))))"), "calc", "0.00")
            for opt in self.options:
                rows = self.tco_blocks[opt.k]
                base = 5 + 3 * (opt.k - 1)
                own, rent, crossed = col(base), col(base + 1), col(base + 2)
                K, OD = f"$C${rows['known']}", f"$C${rows['od_known']}"
                ycols = self.tco_year_cols
                opex = f"${col(ycols[0])}${rows['opex_full']}:${col(ycols[-1])}${rows['opex_full']}"
                od_p = self.n(opt, "cloud_usd_per_gpu_hour")
                if m == 0:
                    own_f = f'IF({K},$C${rows["capex"]},"")'
                    rent_f = f'IF({OD},0,"")'
                else:
                    own_f = (
                        f"IF({K},{own}{r - 1}+$C{r}*INDEX({opex},1,$B{r}+1)/in_months_per_year"
                        f'-IF($A{r}=calc_residual_month,$C${rows["residual"]},0),"")'
                    )
                    rent_f = (
                        f"IF({OD},{rent}{r - 1}+$C{r}*in_gpu_count*in_hours_per_year*in_utilization*{od_p}"
                        f'*calc_fx/in_months_per_year,"")'
                    )
                put(ws, r, base, F(own_f), "calc", self.fmt["money"])
                put(ws, r, base + 1, F(rent_f), "calc", self.fmt["money"])
                put(
                    ws,
                    r,
                    base + 2,
                    F(f'IF(AND({K},{OD}),IF(AND($A{r}<=calc_residual_month,{own}{r}<={rent}{r}),$A{r},""),"")'),
                    "calc",
                    "0",
                )
        for opt in self.options:
            rows = self.tco_blocks[opt.k]
            base = 5 + 3 * (opt.k - 1)
            crossed = f"{col(base + 2)}{first}:{col(base + 2)}{last}"
            K, OD = f"$C${rows['known']}", f"$C${rows['od_known']}"
            put(self.ws["TCO"], rows["crossover"], 1, "Crossover month (first month owning has cost ≤ renting)", "text")
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
            self.check(
                f"Option {opt.k}: the monthly own total at the end equals the on-prem TCO",
                f"IF({K},{self.close(own_last, '$C$' + str(rows['onprem_tco']))},TRUE)",
                "TCO",
            )
            self.check(
                f"Option {opt.k}: the monthly rent total at the end equals cloud on-demand",
                f"IF({OD},{self.close(rent_last, '$C$' + str(rows['cloud_on_demand']))},TRUE)",
                "TCO",
            )
        self.months_rows = (first, last)

    # ------------------------------------------------------------------------------------------------
    # Utilization

    def sheet_utilization(self) -> None:
        ws = self.ws["Utilization"]
        t = self.t
        put(ws, 1, 1, t("Utilization"), "title")
        put(
            ws,
            2,
            1,
            f"Totals over the horizon in {self.currency} against utilization: on-prem TCO = a + b × u, "
            "cloud on-demand = c × u, reserved = fixed. #N/A marks a price nobody published.",
            "subtitle",
        )
        hdr = 4
        put(ws, hdr, 1, t("Utilization"), "header")
        ws.column_dimensions["A"].width = 14
        cols: dict[tuple[int, str], int] = {}
        c = 2
        for opt in self.options:
            for tier, label in (("onprem", "On-prem TCO"), ("od", "Cloud on-demand"), ("r1", "Cloud reserved 1 year")):
                cols[(opt.k, tier)] = c
                put(ws, hdr, c, f"{opt.k}. {opt.gpu.id}: {self.t(label)}", "header")
                ws.column_dimensions[col(c)].width = 20
                c += 1
        last_col = c - 1
        ws.freeze_panes = ws.cell(row=hdr + 1, column=2)
        points = round(1 / GRID_STEP)
        first = hdr + 1
        last = first + points
        for i in range(points + 1):
            r = first + i
            put(ws, r, 1, 0.0 if i == 0 else F(f"A{r - 1}+in_grid_step"), "key" if i == 0 else "calc", "0%")
            for opt in self.options:
                cell = opt.cells
                put(
                    ws,
                    r,
                    cols[(opt.k, "onprem")],
                    F(f"IF({cell['known']},{cell['onprem_at_zero']}+{cell['energy_slope']}*$A{r},NA())"),
                    "calc",
                    self.fmt["money"],
                )
                put(
                    ws,
                    r,
                    cols[(opt.k, "od")],
                    F(f"IF({cell['od_known']},{cell['cloud_at_full']}*$A{r},NA())"),
                    "calc",
                    self.fmt["money"],
                )
                put(
                    ws,
                    r,
                    cols[(opt.k, "r1")],
                    F(f"IF(ISNUMBER({cell['cloud_reserved_1y']}),{cell['cloud_reserved_1y']},NA())"),
                    "calc",
                    self.fmt["money"],
                )
        self.util_rows = (first, last)
        # break-even per option below the grid
        r = last + 2
        put(ws, r, 1, t("Break-even utilization"), "section")
        for opt in self.options:
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
        mc = self.main.cells
        r += 2
        be_row = r
        put(ws, r, 1, f"1. {self.main.gpu.id}: {t('Break-even utilization')}", "bold")
        put(ws, r, 2, F(f'IF(ISNUMBER({mc["breakeven"]}),{mc["breakeven"]},"")'), "link", "0.0%")
        put(
            ws,
            r,
            3,
            F(f'IF(ISNUMBER(B{r}),{mc["onprem_at_zero"]}+{mc["energy_slope"]}*B{r},"")'),
            "calc",
            self.fmt["money"],
        )
        put(ws, r, 4, "the break-even point: utilization and the on-prem TCO (= cloud on-demand) there", "text")
        line_at_u = f"{mc['onprem_at_zero']}+{mc['energy_slope']}*in_utilization"
        self.check(
            "Utilization grid: on-prem a + b × u at the scenario's utilization equals the TCO sheet",
            f"IF({mc['known']},{self.close(line_at_u, mc['onprem_tco'])},TRUE)",
        )

        # XY chart with straight lines: the utilization axis is numeric, so the break-even point sits at its
        # exact utilization (a category axis would need #N/A gaps, which LibreOffice draws as zeros)
        chart = ScatterChart()
        chart.title = f"{t('TCO')} vs {t('Utilization')} ({self.currency})"
        chart.y_axis.title = self.currency
        chart.x_axis.title = t("Utilization")
        chart.y_axis.numFmt = "#,##0"
        chart.x_axis.numFmt = "0%"
        chart.x_axis.scaling.min, chart.x_axis.scaling.max = 0, 1
        chart.height, chart.width = 12, 26
        xs = Reference(ws, min_col=1, min_row=first, max_row=last)
        for (k, tier), c in cols.items():
            opt = self.options[k - 1]
            known = {
                "onprem": opt.est.cost is not None and opt.est.cost.onprem_tco is not None,
                "od": opt.known("cloud_usd_per_gpu_hour"),
                "r1": opt.known("reserved_1y_usd_per_gpu_hour") and k == 1,
            }[tier]
            if known:  # a series of #N/A only would clutter the legend
                series = Series(Reference(ws, min_col=c, min_row=first, max_row=last), xs)
                series.tx = _series_title(ws, hdr, c)
                series.marker.symbol = "none"
                series.smooth = False
                series.graphicalProperties.line.solidFill = PALETTE[(k - 1) % len(PALETTE)]
                series.graphicalProperties.line.width = 28000  # EMU, about 2.2 pt
                series.graphicalProperties.line.dashStyle = {"onprem": "solid", "od": "dash", "r1": "sysDot"}[tier]
                chart.series.append(series)
        if self.main.est.cost is not None and self.main.est.cost.breakeven_utilization is not None:
            be = Series(Reference(ws, min_col=3, min_row=be_row), Reference(ws, min_col=2, min_row=be_row))
            be.tx = _series_title(ws, be_row, 1)
            be.marker.symbol = "diamond"
            be.marker.size = 11
            be.marker.graphicalProperties = GraphicalProperties(solidFill="C00000")
            be.marker.graphicalProperties.line.solidFill = "C00000"
            be.graphicalProperties.line.noFill = True
            chart.series.append(be)
        _show_axes(chart)
        ws.add_chart(chart, f"{col(last_col + 2)}4")

    # ------------------------------------------------------------------------------------------------
    # Tornado

    def sheet_tornado(self) -> None:
        ws = self.ws["Tornado"]
        t = self.t
        main = self.main
        put(ws, 1, 1, t("Tornado"), "title")
        put(
            ws,
            2,
            1,
            f"Sensitivity of (on-prem TCO − cloud on-demand) for option 1 ({main.gpu.id}) to each input "
            "at −20 % and +20 % (in_tornado_step), one at a time. The gap is recomputed in closed form "
            "from the input values in the matrix to the right.",
            "subtitle",
        )
        bars = list(getattr(main.est.cost, "tornado", ()) or ())
        names = list(ca.TORNADO_INPUTS)
        hdr = 5
        heads = (
            "Input",
            "Label",
            "Base value",
            "Low value",
            "High value",
            "Gap at low",
            "Gap at high",
            "Low − base",
            "High − base",
            "Swing",
        )
        for i, h in enumerate(heads, start=1):
            put(ws, hdr, i, h, "header")
        for letter, width in zip("ABCDEFGHIJ", (30, 34, 14, 14, 14, 16, 16, 16, 16, 16), strict=True):
            ws.column_dimensions[letter].width = width
        ws.freeze_panes = ws.cell(row=hdr + 1, column=3)
        low0, high0 = 12, 12 + len(names) + 1  # matrix columns
        var = {
            "utilization": "in_utilization",
            "horizon_years": "in_horizon_years",
            "cloud_usd_per_gpu_hour": self.n(main, "cloud_usd_per_gpu_hour"),
            "node_price_usd": self.n(main, "node_price_usd"),
            "network_usd_per_node": self.n(main, "network_usd_per_node"),
            "install_usd_per_node": self.n(main, "install_usd_per_node"),
            "import_tax_fraction": self.n(main, "import_tax_fraction"),
            "electricity_usd_per_kwh": self.n(main, "electricity_usd_per_kwh"),
            "electricity_escalation_per_year": self.n(main, "electricity_escalation_per_year"),
            "pue": self.n(main, "pue"),
            "colocation_usd_per_kw_month": self.n(main, "colocation_usd_per_kw_month"),
            "support_fraction_per_year": self.n(main, "support_fraction_per_year"),
            "staff_usd_per_year": self.n(main, "staff_usd_per_year"),
            "software_usd_per_year": self.n(main, "software_usd_per_year"),
            "depreciation_years": self.n(main, "depreciation_years"),
            "node_power_full_kw": self.n(main, "node_power_full_kw"),
            "node_power_idle_kw": self.n(main, "node_power_idle_kw"),
        }
        assert set(var) == set(names), set(names) ^ set(var)
        base_row = hdr + 1  # base values across the matrix
        put(ws, hdr - 1, low0, "Inputs with the varied one at its low value", "section")
        put(ws, hdr - 1, high0, "Inputs with the varied one at its high value", "section")
        for i, name in enumerate(names):
            for start in (low0, high0):
                put(ws, hdr, start + i, name, "header")
                put(ws, base_row, start + i, F(var[name]), "link", "General")
                ws.column_dimensions[col(start + i)].width = 12
        put(ws, base_row, 1, "base", "key")
        put(ws, base_row, 2, "All inputs at their values (the gap must equal the TCO sheet)", "text")

        def gap(row: int, start: int) -> str:
            v = {name: f"{col(start + i)}{row}" for i, name in enumerate(names)}
            nodes = main.cells["nodes"]
            Y, g = v["horizon_years"], v["electricity_escalation_per_year"]
            esc = f"IF({g}=0,{Y},((1+{g})^INT({Y})-1)/{g}+({Y}-INT({Y}))*(1+{g})^INT({Y}))"
            return (
                f"{nodes}*({v['node_price_usd']}+{v['network_usd_per_node']}+{v['install_usd_per_node']})"
                f"*(1+{v['import_tax_fraction']})*calc_fx*(1-MAX(0,1-{Y}/{v['depreciation_years']})"
                f"+{v['support_fraction_per_year']}*{Y})"
                f"+{nodes}*({v['node_power_idle_kw']}+{v['utilization']}*({v['node_power_full_kw']}"
                f"-{v['node_power_idle_kw']}))*{v['pue']}*in_hours_per_year*{v['electricity_usd_per_kwh']}"
                f"*{esc}*calc_fx"
                f"+{nodes}*{v['node_power_full_kw']}*in_months_per_year*{v['colocation_usd_per_kw_month']}"
                f"*{Y}*calc_fx"
                f"+({v['staff_usd_per_year']}+{v['software_usd_per_year']})*{Y}*calc_fx"
                f"-in_gpu_count*in_hours_per_year*{Y}*{v['utilization']}*{v['cloud_usd_per_gpu_hour']}*calc_fx"
            )

        known = f"AND({main.cells['known']},{main.cells['od_known']})"
        put(ws, base_row, 6, F(f'IF({known},{gap(base_row, low0)},"")'), "bold", self.fmt["money"])
        put(ws, base_row, 7, F(f'IF({known},{gap(base_row, high0)},"")'), "bold", self.fmt["money"])
        base_gap = f"$F${base_row}"
        self.check(
            "Tornado: the closed-form gap at the base values equals on-prem TCO − cloud on-demand",
            f"IF({known},{self.close(base_gap, main.cells['onprem_tco'] + '-' + main.cells['cloud_on_demand'])},TRUE)",
            "Tornado",
        )
        r = base_row + 1
        first = r
        for bar in bars:
            name = bar.input
            put(ws, r, 1, name, "name")
            put(ws, r, 2, _tornado_label(name), "text")
            put(ws, r, 3, F(var[name]), "link", "General")
            lo, hi = f"C{r}*(1-in_tornado_step)", f"C{r}*(1+in_tornado_step)"
            if name in ("utilization", "support_fraction_per_year"):
                lo, hi = f"MIN(1,{lo})", f"MIN(1,{hi})"
            elif name == "pue":
                lo, hi = f"MAX(1,{lo})", f"MAX(1,{hi})"
            elif name == "node_power_idle_kw":
                lo, hi = f"MIN({var['node_power_full_kw']},{lo})", f"MIN({var['node_power_full_kw']},{hi})"
            elif name == "node_power_full_kw":
                lo, hi = f"MAX({var['node_power_idle_kw']},{lo})", f"MAX({var['node_power_idle_kw']},{hi})"
            put(ws, r, 4, F(lo), "calc", "General")
            put(ws, r, 5, F(hi), "calc", "General")
            for i, _ in enumerate(names):
                for start, src in ((low0, "$D"), (high0, "$E")):
                    c = start + i
                    put(ws, r, c, F(f"IF($A{r}={col(c)}${hdr},{src}{r},{col(c)}${base_row})"), "calc", "General")
            put(ws, r, 6, F(f'IF({known},{gap(r, low0)},"")'), "calc", self.fmt["money"])
            put(ws, r, 7, F(f'IF({known},{gap(r, high0)},"")'), "calc", self.fmt["money"])
            put(ws, r, 8, F(f'IF({known},F{r}-{base_gap},"")'), "calc", self.fmt["money"])
            put(ws, r, 9, F(f'IF({known},G{r}-{base_gap},"")'), "calc", self.fmt["money"])
            put(ws, r, 10, F(f'IF({known},ABS(G{r}-F{r}),"")'), "calc", self.fmt["money"])
            r += 1
        last = r - 1
        self.tornado_rows = (first, last)
        if not bars:
            put(
                ws,
                r,
                1,
                "No tornado: the on-prem or on-demand cost of option 1 is not known (a price nobody published).",
                "subtitle",
            )
            return
        chart = BarChart()
        chart.type = "bar"
        chart.grouping = "clustered"
        chart.overlap = 100
        chart.title = "Change in (on-prem TCO − cloud on-demand), inputs at −/+ 20 %"
        chart.y_axis.numFmt = "#,##0"
        chart.height, chart.width = max(8, 0.6 * len(bars) + 3), 22
        for c in (8, 9):  # low − base, high − base (the base row above the bars is not part of the series)
            chart.add_data(Reference(ws, min_col=c, min_row=first, max_row=last), titles_from_data=False)
            chart.series[-1].tx = _series_title(ws, hdr, c)
        chart.set_categories(Reference(ws, min_col=2, min_row=first, max_row=last))
        chart.x_axis.scaling.orientation = "maxMin"  # largest swing on top
        chart.x_axis.tickLblPos = "low"  # labels left of the bars, not on top of them
        _show_axes(chart)
        ws.print_area = f"A1:J{last + 4 + int(chart.height * 2)}"
        ws.add_chart(chart, f"B{last + 3}")

    # ------------------------------------------------------------------------------------------------
    # Memory

    def sheet_memory(self) -> None:
        ws = self.ws["Memory"]
        t = self.t
        put(ws, 1, 1, t("Memory"), "title")
        put(
            ws,
            2,
            1,
            "Per-GPU memory on the worst pipeline stage, GiB (2^30 bytes). Memory on several GPUs is "
            "never pooled: the layout decides what each GPU holds.",
            "subtitle",
        )
        hdr = 4
        put(ws, hdr, 1, t("Item"), "header")
        put(ws, hdr, 2, t("Unit"), "header")
        for opt in self.options:
            put(ws, hdr, 2 + opt.k, opt.label, "header")
            ws.column_dimensions[col(2 + opt.k)].width = 22
        ws.column_dimensions["A"].width = 46
        ws.column_dimensions["B"].width = 14
        ws.freeze_panes = ws.cell(row=hdr + 1, column=3)
        rows: dict[str, int] = {}
        r = hdr + 1

        def gib(v: float | None) -> float | None:
            return None if v is None else v / GIB

        def line(
            key: str, label: str, unit: str, make: Callable[[Option, int], Any], fmt: str, style: str = "engine"
        ) -> None:
            nonlocal r
            rows[key] = r
            put(ws, r, 1, label, "text")
            put(ws, r, 2, unit, "text")
            for opt in self.options:
                put(ws, r, 2 + opt.k, make(opt, 2 + opt.k), style, self.fmt[fmt])
            r += 1

        def mem(o: Option, attr: str) -> Any:
            return getattr(o.est.memory, attr) if o.est.memory is not None else None

        line("gpu", "GPU", "", lambda o, c: o.gpu.id, "text", "text")
        line("layout", "Parallel layout", "", lambda o, c: _layout_text(o.est), "text", "text")
        line("capacity", "Usable memory per GPU", "GiB", lambda o, c: gib(mem(o, "capacity")), "gib")
        parts = (
            ("weights", "Weights (incl. a ZeRO-3 gathered unit)"),
            ("gradients", "Gradients"),
            ("optimizer", "Optimizer states (incl. master weights)"),
            ("activations", "Activations and temporaries (logits, loss, workspace)"),
            ("kv_cache", "KV cache"),
        )
        for key, label in parts:

            def part(o: Option, c: int, key: str = key) -> Any:
                return gib(mem(o, key))

            line(key, label, "GiB", part, "gib")
        cl = lambda c: col(c)  # noqa: E731
        line(
            "total",
            "Peak of live tensors = sum of the parts",
            "GiB",
            lambda o, c: F(f"SUM({cl(c)}{rows['weights']}:{cl(c)}{rows['kv_cache']})"),
            "gib",
            "calc",
        )
        line(
            "overhead",
            "Runtime overhead (CUDA context, NCCL, allocator)",
            "GiB",
            lambda o, c: gib(mem(o, "overhead")),
            "gib",
        )
        line(
            "headroom",
            "Headroom = capacity − peak − overhead",
            "GiB",
            lambda o, c: F(f"{cl(c)}{rows['capacity']}-{cl(c)}{rows['total']}-{cl(c)}{rows['overhead']}"),
            "gib",
            "bold",
        )
        line(
            "free",
            "Free memory for the chart = MAX(0, headroom)",
            "GiB",
            lambda o, c: F(f"MAX(0,{cl(c)}{rows['headroom']})"),
            "gib",
            "calc",
        )
        line(
            "fits", "Fits (headroom ≥ 0)", "TRUE/FALSE", lambda o, c: F(f"{cl(c)}{rows['headroom']}>=0"), "bool", "bold"
        )
        line(
            "engine_total",
            "Peak as reported by the engine (for the check)",
            "GiB",
            lambda o, c: gib(mem(o, "total")),
            "gib",
        )
        line(
            "max_micro_batch",
            "Largest micro-batch that fits",
            "sequences",
            lambda o, c: mem(o, "max_micro_batch"),
            "int",
        )
        line("max_seq_len", "Longest sequence that fits", "tokens", lambda o, c: mem(o, "max_seq_len"), "int")
        line("stage", "Worst pipeline stage (0-based)", "stage", lambda o, c: mem(o, "stage"), "int")
        ws.conditional_formatting.add(
            f"C{rows['headroom']}:{col(2 + len(self.options))}{rows['headroom']}",
            CellIsRule(operator="lessThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD),
        )
        ws.conditional_formatting.add(
            f"C{rows['fits']}:{col(2 + len(self.options))}{rows['fits']}",
            CellIsRule(operator="equal", formula=["FALSE"], fill=FILL_BAD, font=FONT_BAD),
        )
        for opt in self.options:
            c = 2 + opt.k
            opt.cells["headroom"] = sheet_ref("Memory", rows["headroom"], c)
            opt.cells["fits"] = sheet_ref("Memory", rows["fits"], c)
            if opt.est.memory is not None:
                self.check(
                    f"Option {opt.k}: the memory parts add up to the engine's peak",
                    self.close(f"{col(c)}{rows['total']}", f"{col(c)}{rows['engine_total']}"),
                    "Memory",
                )
        self.memory_rows = rows

        # the main option's terms
        r += 1
        put(ws, r, 1, f"How option 1's memory is made up ({self.main.gpu.id})", "section")
        r += 1
        for i, h in enumerate(("Term", "GiB", "Formula"), start=1):
            put(ws, r, i, h, "header")
        main_mem = self.main.est.memory
        for term in main_mem.terms if main_mem is not None else ():
            r += 1
            put(ws, r, 1, term.label, "text")
            # the component's size from the breakdown (a term's own number is a per-parameter coefficient)
            size = getattr(main_mem, term.label, None) if term.label in dict(parts) else None
            put(ws, r, 2, None if size is None else size / GIB, "engine", self.fmt["gib"])
            put(ws, r, 3, term.formula, "text")

        chart = BarChart()
        chart.type = "col"
        chart.grouping = "stacked"
        chart.overlap = 100
        chart.title = "Memory per GPU (GiB): parts, overhead and free memory up to the capacity"
        chart.y_axis.title = "GiB"
        chart.height, chart.width = 10, 20
        for key in ("weights", "gradients", "optimizer", "activations", "kv_cache", "overhead", "free"):
            chart.add_data(
                Reference(ws, min_col=3, max_col=2 + len(self.options), min_row=rows[key]),
                from_rows=True,
                titles_from_data=False,
            )
            chart.series[-1].tx = _series_title(ws, rows[key], 1)
        chart.set_categories(Reference(ws, min_col=3, max_col=2 + len(self.options), min_row=hdr))
        _show_axes(chart)
        ws.add_chart(chart, f"{col(4 + len(self.options))}4")

    # ------------------------------------------------------------------------------------------------
    # Hardware

    def sheet_hardware(self) -> None:
        ws = self.ws["Hardware"]
        t = self.t
        put(ws, 1, 1, t("Hardware"), "title")
        put(
            ws,
            2,
            1,
            "Catalog rows of the compared GPUs, their node types and default cloud offers, with sources "
            "and as-of dates. Empty = nobody published it (see notes).",
            "subtitle",
        )
        hdr = 4
        put(ws, hdr, 1, t("Item"), "header")
        put(ws, hdr, 2, t("Unit"), "header")
        for opt in self.options:
            put(ws, hdr, 2 + opt.k, opt.label, "header")
            ws.column_dimensions[col(2 + opt.k)].width = 38
        ws.column_dimensions["A"].width = 36
        ws.column_dimensions["B"].width = 16
        ws.freeze_panes = ws.cell(row=hdr + 1, column=3)
        r = hdr + 1

        def section(title: str) -> None:
            nonlocal r
            r += 1
            put(ws, r, 1, title, "section")
            r += 1

        def line(label: str, unit: str, get: Callable[[Option], Any], fmt: str = "num") -> None:
            nonlocal r
            put(ws, r, 1, label, "text")
            put(ws, r, 2, unit, "text")
            for opt in self.options:
                v = get(opt)
                put(
                    ws,
                    r,
                    2 + opt.k,
                    v,
                    "wrap" if isinstance(v, str) else None,
                    None if isinstance(v, str) else self.fmt[fmt],
                )
            r += 1

        section("GPU")
        for label, unit, get, fmt in (
            ("Catalog id", "", lambda o: o.gpu.id, "text"),
            ("Vendor", "", lambda o: o.gpu.vendor, "text"),
            ("Name", "", lambda o: o.gpu.name, "text"),
            ("Architecture", "", lambda o: o.gpu.architecture, "text"),
            ("Form factor", "", lambda o: o.gpu.form_factor, "text"),
            ("Year", "", lambda o: o.gpu.year, "month"),
            ("Memory (usable)", "GiB", lambda o: o.gpu.memory_bytes / GIB, "gib"),
            ("Memory type", "", lambda o: o.gpu.memory_type, "text"),
            ("Memory bandwidth", "GB/s", lambda o: o.gpu.memory_bandwidth_gb_per_s, "int"),
            ("BF16 dense peak", "TFLOPS", lambda o: o.gpu.bf16_dense_tflops, "num"),
            ("FP16 dense peak", "TFLOPS", lambda o: o.gpu.fp16_dense_tflops, "num"),
            ("FP8 dense peak", "TFLOPS", lambda o: o.gpu.fp8_dense_tflops, "num"),
            ("TF32 dense peak", "TFLOPS", lambda o: o.gpu.tf32_dense_tflops, "num"),
            ("FP32 (non-tensor)", "TFLOPS", lambda o: o.gpu.fp32_tflops, "num"),
            ("Achievable GEMM efficiency (MAMF)", "fraction", lambda o: o.gpu.gemm_efficiency, "pct"),
            ("GPU-to-GPU link", "", lambda o: o.gpu.intra_node_link, "text"),
            ("GPU-to-GPU bandwidth (one way, per GPU)", "GB/s", lambda o: o.gpu.intra_node_gb_per_s, "int"),
            ("PCIe generation", "", lambda o: o.gpu.pcie_gen, "month"),
            ("TDP", "W", lambda o: o.gpu.tdp_watts, "int"),
            ("Spec source", "", lambda o: o.gpu.spec_source, "text"),
            ("Spec as of", "", lambda o: o.gpu.spec_as_of, "text"),
            ("Efficiency source", "", lambda o: o.gpu.efficiency_source, "text"),
            ("Efficiency as of", "", lambda o: o.gpu.efficiency_as_of, "text"),
            ("Notes", "", lambda o: o.gpu.notes, "text"),
        ):
            line(label, unit, get, fmt)
        section("Node type")
        for label, unit, get, fmt in (
            ("Catalog id", "", lambda o: o.node.id, "text"),
            ("Name", "", lambda o: o.node.name, "text"),
            ("GPUs per node (catalog)", "GPUs", lambda o: o.node.gpus_per_node, "int"),
            ("GPUs per node (this plan)", "GPUs", lambda o: o.inputs.gpus_per_node, "int"),
            ("Power at full load", "kW", lambda o: o.node.power_full_kw, "kw"),
            ("Power idle", "kW", lambda o: o.node.power_idle_kw, "kw"),
            ("Network", "", lambda o: o.node.network, "text"),
            ("Network bandwidth per GPU (one way)", "GB/s", lambda o: o.node.network_gb_per_s_per_gpu, "num"),
            ("Price (server with GPUs)", "USD", lambda o: o.node.price_usd, "usd0"),
            ("Network per node", "USD", lambda o: o.node.network_usd_per_node, "usd0"),
            ("Installation per node", "USD", lambda o: o.node.install_usd_per_node, "usd0"),
            ("Configuration and power source", "", lambda o: o.node.source, "text"),
            ("As of", "", lambda o: o.node.as_of, "text"),
            ("Price source", "", lambda o: o.node.price_source, "text"),
            ("Price as of", "", lambda o: o.node.price_as_of, "text"),
            ("Notes", "", lambda o: o.node.notes, "text"),
        ):
            line(label, unit, get, fmt)
        for tier, title in (
            ("on_demand", "Cloud offer: on-demand"),
            ("reserved_1y", "Cloud offer: reserved 1 year"),
            ("reserved_3y", "Cloud offer: reserved 3 years"),
            ("spot", "Cloud offer: spot"),
        ):
            section(title)

            def off(o: Option, attr: str, tier: str = tier) -> Any:
                offer = o.offers.get(tier)
                if offer is None:
                    return "none published in the catalog" if attr == "id" else None
                return getattr(offer, attr)

            for label, unit, attr, fmt in (
                ("Offer id", "", "id", "text"),
                ("Provider", "", "provider", "text"),
                ("Instance", "", "instance", "text"),
                ("Region", "", "region", "text"),
                ("Price", "USD per GPU-hour", "usd_per_gpu_hour", "usd2"),
                ("Source", "", "source", "text"),
                ("As of", "", "as_of", "text"),
                ("Notes", "", "notes", "text"),
            ):

                def get(o: Option, attr: str = attr) -> Any:
                    return off(o, attr)

                line(label, unit, get, fmt)

    # ------------------------------------------------------------------------------------------------
    # Checklist

    def sheet_checklist(self) -> None:
        from .checklist import checklist_items

        ws = self.ws["Checklist"]
        t = self.t
        put(ws, 1, 1, t("Checklist"), "title")
        put(
            ws,
            2,
            1,
            "Procurement checklist from the source articles (shared/seeds: '구매 전 체크리스트'), filled "
            "with this scenario's figures. Status and Notes are for you to fill in.",
            "subtitle",
        )
        hdr = 4
        heads = (
            "#",
            t("Item to check before buying"),
            t("Ask or verify"),
            t("This scenario"),
            t("Figure"),
            t("Unit"),
            t("Status"),
            t("Notes"),
        )
        for i, h in enumerate(heads, start=1):
            put(ws, hdr, i, h, "header")
        for letter, width in zip("ABCDEFGH", (4, 30, 60, 60, 16, 16, 12, 30), strict=True):
            ws.column_dimensions[letter].width = width
        ws.freeze_panes = ws.cell(row=hdr + 1, column=3)
        dv = DataValidation(type="list", formula1='"open,asked,verified,n/a"', allow_blank=True)
        dv.error, dv.errorTitle, dv.showErrorMessage = "Choose open, asked, verified or n/a", "Status", True
        ws.add_data_validation(dv)
        r = hdr
        for i, item in enumerate(checklist_items(self), start=1):
            r += 1
            put(ws, r, 1, i, "text", "0")
            put(ws, r, 2, item.title, "wrap")
            put(ws, r, 3, item.ask, "wrap")
            put(ws, r, 4, item.scenario, "wrap")
            put(
                ws,
                r,
                5,
                item.figure,
                "link" if isinstance(item.figure, F) else "engine",
                self.fmt.get(item.fmt, item.fmt),
            )
            put(ws, r, 6, item.unit, "text")
            put(ws, r, 7, "open", "input")
            dv.add(f"G{r}")
            put(ws, r, 8, None, "input")

    # ------------------------------------------------------------------------------------------------
    # Summary

    def sheet_summary(self) -> None:
        ws = self.ws["Summary"]
        t = self.t
        main = self.main
        put(ws, 1, 1, t("GPU plan for finance"), "title")
        put(ws, 2, 1, t("Scenario"), "bold")
        put(ws, 2, 2, self.s.name, "text")
        put(ws, 3, 1, t("Exported"), "bold")
        put(ws, 3, 2, f"{self.today.isoformat()}, gpuplanner {__version__}", "text")
        put(ws, 4, 1, t("Currency"), "bold")
        put(ws, 4, 2, F("in_currency"), "link")
        put(ws, 6, 1, t("All checks pass"), "bold")
        put(ws, 6, 2, F("Checks!$C$4"), "bold")
        self.summary_master = "B6"
        for rng_ in ("B6",):
            ws.conditional_formatting.add(
                rng_, CellIsRule(operator="equal", formula=["TRUE"], fill=FILL_GOOD, font=FONT_GOOD)
            )
            ws.conditional_formatting.add(
                rng_, CellIsRule(operator="equal", formula=["FALSE"], fill=FILL_BAD, font=FONT_BAD)
            )
        for letter, width in zip(
            "ABCDEFGHIJKLMN", (40, 26, 16, 16, 14, 16, 18, 18, 18, 14, 16, 16, 16, 4), strict=True
        ):
            ws.column_dimensions[letter].width = width

        # comparison table (rows = options), written first so that the recommendation can point at it
        cmp_hdr = 34  # below the key numbers (rows 12–29)
        put(ws, cmp_hdr - 1, 1, t("Comparison of the options"), "section")
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
        )
        for i, h in enumerate(heads, start=1):
            put(ws, cmp_hdr, i, h, "header")
        ws.row_dimensions[cmp_hdr].height = 45
        first = cmp_hdr + 1
        for opt in self.options:
            r = cmp_hdr + opt.k
            cc = opt.cells
            od_p, tps = self.n(opt, "cloud_usd_per_gpu_hour"), self.n(opt, "tokens_per_second")
            put(ws, r, 1, opt.label, "text")
            put(ws, r, 2, opt.gpu.id, "text")
            put(ws, r, 3, F(cc["fits"]), "link")
            put(ws, r, 4, F(cc["headroom"]), "link", self.fmt["gib"] + ' "GiB"')
            put(ws, r, 5, F(cc["wall_days"]), "link", self.fmt["days"])
            put(ws, r, 6, F(cc["gpu_hours"]), "link", self.fmt["hours"])
            put(ws, r, 7, F(cc["onprem_tco"]), "link", self.fmt["money"])
            put(ws, r, 8, F(cc["cloud_on_demand"]), "link", self.fmt["money"])
            put(ws, r, 9, F(cc["cloud_reserved_1y"]), "link", self.fmt["money"])
            put(ws, r, 10, F(cc["breakeven"]), "link", "0.0%")
            put(ws, r, 11, F(cc["per_million_tokens"]), "link", self.fmt["money2"])
            put(
                ws,
                r,
                12,
                F(
                    f"IF(AND(ISNUMBER({od_p}),ISNUMBER({tps})),IF({tps}>0,{od_p}*calc_fx*in_gpu_count"
                    f'/({tps}*in_seconds_per_hour)*in_tokens_per_million,""),"")'
                ),
                "calc",
                self.fmt["money2"],
            )
            put(ws, r, 13, F(f'IF(C{r}=TRUE,IF(COUNT(K{r}:L{r})=0,"",MIN(K{r}:L{r})),"")'), "bold", self.fmt["money2"])
        last = cmp_hdr + len(self.options)
        ws.conditional_formatting.add(
            f"D{first}:D{last}", CellIsRule(operator="lessThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD)
        )
        ws.conditional_formatting.add(
            f"C{first}:C{last}", CellIsRule(operator="equal", formula=["FALSE"], fill=FILL_BAD, font=FONT_BAD)
        )

        best = f"$M${first}:$M${last}"
        labels = f"$A${first}:$A${last}"
        put(ws, 7, 1, t("Recommendation"), "bold")
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
            7,
            3,
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

        put(ws, 10, 1, t("Key numbers (main GPU)") + f": {main.gpu.name}", "section")
        for i, h in enumerate((t("Item"), t("Value"), t("Unit")), start=1):
            put(ws, 11, i, h, "header")
        cur = self.currency
        key_rows: list[tuple[str, str, str, str]] = [
            (t("GPU count"), "in_gpu_count", "GPUs", "int"),
            (t("Utilization"), "in_utilization", "", "pct"),
            (t("Horizon"), "in_horizon_years", "years", "years"),
            (t("GPU-hours"), "out_gpu_hours", "GPU-hours", "hours"),
            (t("Wall-clock days"), main.cells["wall_days"], "days", "days"),
            (t("Cloud on-demand"), "out_cloud_on_demand", cur, "money"),
            (t("Cloud reserved 1 year"), "out_cloud_reserved_1y", cur, "money"),
            (t("Cloud reserved 3 years"), "out_cloud_reserved_3y", cur, "money"),
            (t("Cloud spot"), "calc_cloud_spot", cur, "money"),
            (t("On-prem capex"), "calc_capex", cur, "money"),
            (t("On-prem TCO"), "out_onprem_tco", cur, "money"),
            (t("Break-even utilization"), "out_breakeven_utilization", "", "pct"),
            (t("Cost per million training tokens (on-prem)"), "out_per_million_tokens", cur, "money2"),
            (t("This job at on-demand prices"), "calc_job_cloud_on_demand", cur, "money"),
            (t("NPV of buying instead of renting"), main.cells["npv_buy"], cur, "money"),
            (t("IRR of buying instead of renting"), "calc_irr", "", "pct"),
            (t("Payback"), "calc_payback_years", "years", "num2"),
            (t("Crossover month"), "calc_crossover_month", "month", "month"),
        ]
        r = 12
        where: dict[str, int] = {}
        for label, ref, unit, fmt in key_rows:
            where[ref] = r
            put(ws, r, 1, label, "text")
            put(ws, r, 2, F(ref), "link", self.fmt[fmt])
            put(ws, r, 3, unit, "text")
            if ref == main.cells["npv_buy"]:
                ws.conditional_formatting.add(
                    f"B{r}", CellIsRule(operator="lessThan", formula=["0"], fill=FILL_BAD, font=FONT_BAD)
                )
            r += 1
        assert r < cmp_hdr - 1
        self.check(
            "Summary: the key numbers show the TCO sheet's on-prem TCO and cloud on-demand",
            f"AND(IF(ISNUMBER(out_onprem_tco),"
            f"{self.close(sheet_ref('Summary', where['out_onprem_tco'], 2), 'out_onprem_tco')},TRUE),"
            f"IF(ISNUMBER(out_cloud_on_demand),"
            f"{self.close(sheet_ref('Summary', where['out_cloud_on_demand'], 2), 'out_cloud_on_demand')},TRUE))",
        )

        # chart 1: totals by option
        chart = BarChart()
        chart.type = "col"
        chart.grouping = "clustered"
        chart.title = t("TCO by option over the horizon") + f" ({cur})"
        chart.y_axis.numFmt = "#,##0"
        chart.height, chart.width = 9, 18
        chart.add_data(Reference(ws, min_col=7, max_col=9, min_row=cmp_hdr, max_row=last), titles_from_data=True)
        chart.set_categories(Reference(ws, min_col=2, min_row=first, max_row=last))
        _show_axes(chart)
        ws.add_chart(chart, "E6")
        # chart 2: cumulative own vs rent, main option (TCO rows)
        rows = self.tco_blocks[1]
        tco = self.ws["TCO"]
        ycols = self.tco_year_cols
        line = LineChart()
        line.title = t("Cumulative cost, main GPU: own vs rent on demand")
        line.y_axis.numFmt = "#,##0"
        line.height, line.width = 9, 18
        for key in ("own_cum", "rent_cum"):
            line.add_data(
                Reference(tco, min_col=ycols[0], max_col=ycols[-1], min_row=rows[key]),
                from_rows=True,
                titles_from_data=False,
            )
            line.series[-1].tx = _series_title(tco, rows[key], 1)
        line.set_categories(Reference(tco, min_col=ycols[0], max_col=ycols[-1], min_row=4))
        _show_axes(line)
        ws.add_chart(line, f"A{last + 3}")
        ws.freeze_panes = "A2"

    # ------------------------------------------------------------------------------------------------
    # Checks

    def sheet_checks(self) -> None:
        ws = self.ws["Checks"]
        t = self.t
        put(ws, 1, 1, t("Checks"), "title")
        put(
            ws,
            2,
            1,
            "Each check is a formula that is TRUE when a total reconciles; the master check is on the Summary sheet.",
            "subtitle",
        )
        put(ws, 4, 2, t("Master check (all below TRUE)"), "bold")
        hdr = 6
        for i, h in enumerate(("#", t("Check"), t("Result")), start=1):
            put(ws, hdr, i, h, "header")
        ws.column_dimensions["A"].width = 5
        ws.column_dimensions["B"].width = 100
        ws.column_dimensions["C"].width = 12
        ws.freeze_panes = ws.cell(row=hdr + 1, column=1)
        checks = list(self.checks)
        checks.insert(
            0,
            (
                "Inputs are in range: utilization 0–1, horizon > 0, PUE ≥ 1, prices and costs ≥ 0, GPU count ≥ 1",
                "AND(in_utilization>=0,in_utilization<=1,in_horizon_years>0,in_gpu_count>=1,"
                + ",".join(self._range_checks())
                + ")",
            ),
        )
        r = hdr
        for i, (description, formula) in enumerate(checks, start=1):
            r += 1
            put(ws, r, 1, i, None, "0")
            put(ws, r, 2, description, "wrap")
            put(ws, r, 3, F(f"IFERROR({formula},FALSE)"), "bold")
        first, last = hdr + 1, r
        put(ws, 4, 3, F(f"AND(C{first}:C{last})"), "bold")
        for rng_ in (f"C{first}:C{last}", "C4"):
            ws.conditional_formatting.add(
                rng_, CellIsRule(operator="equal", formula=["TRUE"], fill=FILL_GOOD, font=FONT_GOOD)
            )
            ws.conditional_formatting.add(
                rng_, CellIsRule(operator="equal", formula=["FALSE"], fill=FILL_BAD, font=FONT_BAD)
            )
        self.checks_rows = (first, last)

    def _range_checks(self) -> list[str]:
        out = []
        for opt in self.options:
            for key in ("pue",):
                out.append(f"OR(NOT(ISNUMBER({self.n(opt, key)})),{self.n(opt, key)}>=1)")
            for key in (
                "node_price_usd",
                "network_usd_per_node",
                "install_usd_per_node",
                "cloud_usd_per_gpu_hour",
                "electricity_usd_per_kwh",
                "node_power_idle_kw",
                "node_power_full_kw",
            ):
                out.append(f"OR(NOT(ISNUMBER({self.n(opt, key)})),{self.n(opt, key)}>=0)")
        return sorted(set(out), key=out.index)

    # ------------------------------------------------------------------------------------------------
    # Sources

    def sheet_sources(self) -> None:
        ws = self.ws["Sources"]
        t = self.t
        put(ws, 1, 1, t("Sources"), "title")
        ws.freeze_panes = "A2"
        ws.column_dimensions["A"].width = 34
        ws.column_dimensions["B"].width = 60
        ws.column_dimensions["C"].width = 14
        ws.column_dimensions["D"].width = 80
        r = 3
        put(ws, r, 1, t("Application"), "section")
        for label, value in (
            (t("Application"), "gpuplanner"),
            (t("Version"), __version__),
            (t("Exported"), self.today.isoformat()),
            (t("Language"), self.lang),
            (t("Scenario"), self.s.name),
            ("Catalog folder", str(self.cat.folder) if self.cat.folder else "(in memory)"),
            ("User catalog folder", str(self.cat.user_dir) if self.cat.user_dir else "(none)"),
        ):
            r += 1
            put(ws, r, 1, label, "bold")
            put(ws, r, 2, value, "text")
        for w in self.cat.warnings:
            r += 1
            put(ws, r, 1, "Catalog warning", "bold")
            put(ws, r, 2, w, "wrap")

        r += 2
        put(ws, r, 1, t("Catalog rows used"), "section")
        r += 1
        for i, h in enumerate(("Table / id", "Source", "As of", "Notes"), start=1):
            put(ws, r, i, h, "header")
        seen: set[tuple[str, str]] = set()

        def row(kind: str, rid: str, source: str, as_of: str, notes: str) -> None:
            nonlocal r
            if (kind, rid) in seen:
                return
            seen.add((kind, rid))
            r += 1
            user = " (user edit)" if self.cat.is_user_row(kind, rid) else ""
            put(ws, r, 1, f"{kind}: {rid}{user}", "text")
            put(ws, r, 2, source, "wrap")
            put(ws, r, 3, as_of, "text")
            put(ws, r, 4, notes, "wrap")

        for opt in self.options:
            g, nd = opt.gpu, opt.node
            row("gpus", g.id, g.spec_source, g.spec_as_of, g.notes)
            if g.efficiency_source:
                row("gpus", f"{g.id} (GEMM efficiency)", g.efficiency_source, g.efficiency_as_of, "")
            row("nodes", nd.id, nd.source, nd.as_of, nd.notes)
            if nd.price_source:
                row("nodes", f"{nd.id} (price)", nd.price_source, nd.price_as_of, "")
            for offer in opt.offers.values():
                if offer is not None:
                    row("cloud_offers", offer.id, offer.source, offer.as_of, offer.notes)
        site = self.cat.site(self.main.inputs.site) if self.main.inputs.site else None
        if site is not None:
            row("sites", site.id, site.source, site.as_of, site.notes)

        r += 2
        put(ws, r, 1, t("Formulas and their sources"), "section")
        for label, citation in FORMULA_CITATIONS:
            r += 1
            put(ws, r, 1, label, "bold")
            put(ws, r, 2, citation, "wrap")

        r += 2
        put(ws, r, 1, t("Scenario file"), "section")
        text: str | None = self.scenario_text
        if text is None:
            from ..core.scenario_io import scenario_to_toml

            try:
                text = scenario_to_toml(self.s)
            except Exception as err:  # pragma: no cover - a scenario the writer cannot express
                text = f"(scenario text not available: {err})"
        for line in text.splitlines() or [""]:
            r += 1
            put(ws, r, 1, line, "text")
        self.sources_last = r


FORMULA_CITATIONS = (
    (
        "Cost formulas",
        "spec §4.3.1 (H, nodes, capex, residual, power, energy, colocation, support, TCO, cloud "
        "tiers, break-even, cost per million tokens); docs/estimation_cost.md; code "
        "gpuplanner/core/cost.py and cost_analysis.py",
    ),
    (
        "Yearly cash flows",
        "own_0 = capex; own_y = w_y × (energy_y + colocation + support + staff + software) − "
        "residual in year ROUNDUP(Y); rent_y = w_y × GPUs × 8760 × u × price "
        "(docs/estimation_cost.md §4.1)",
    ),
    ("NPV", "Σ flow_y / (1 + r)^y with year 0 undiscounted: =NPV(r, year1:yearN) + year0 (Microsoft, NPV function)"),
    ("IRR", "=IRR(year0:yearN) of rent − own (Microsoft, IRR function)"),
    ("Payback", "(y − 1) + −cumulative(y − 1) / flow(y) in the first year the cumulative flow turns ≥ 0"),
    (
        "Crossover month",
        "first month m at whose end cumulative owning ≤ cumulative renting on demand; month "
        "weight v_m = MAX(0, MIN(1, 12Y − (m − 1))); residual booked in month ROUNDUP(12Y); "
        "chanthaphan/gpu-tco",
    ),
    ("Equivalent annual cost", "PV(own) × r / (1 − (1 + r)^−Y), the standard annuity"),
    (
        "Break-even utilization",
        "u* = a / (c − b) with on-prem a + b·u and cloud c·u; "
        "mansi-shiroya1/gpu-tco-model method with the energy slope kept",
    ),
    (
        "Tornado",
        "±20 % one at a time on (on-prem TCO − cloud on-demand), clamped to valid ranges; "
        "chanthaphan/gpu-tco; energy over a fractional horizon Σ w_y (1+g)^(y−1) = "
        "((1+g)^INT(Y) − 1)/g + (Y − INT(Y))(1+g)^INT(Y)",
    ),
    (
        "Model FLOPs",
        "6·N + attention term per token (PaLM, Chowdhery et al. 2022, App. B); engine gpuplanner/core/throughput.py",
    ),
    (
        "Goodput",
        "failure rate from the Llama 3 paper (Dubey et al. 2024, §3.3.4); checkpoint interval Young 1974 "
        "/ Daly 2006; gpuplanner/core/goodput.py",
    ),
    (
        "Memory",
        "per-component model: ZeRO (Rajbhandari et al. 2020), activations (Korthikanti et al. 2022), "
        "FlashAttention; gpuplanner/core/memory.py, docs/estimation.md",
    ),
    (
        "GPU-hours",
        "GPU count × wall-clock seconds / 3600, wall-clock = tokens / throughput / (1 − lost fraction) (spec §4.3)",
    ),
)


_CELL_RE = re.compile(r"^\$?[A-Z]{1,3}\$?[0-9]+(:\$?[A-Z]{1,3}\$?[0-9]+)?$")


def qualify(formula: str, sheet: str) -> str:
    """`formula` with every bare cell reference (A1, $C$5, E7:J7) prefixed by `sheet!`; defined names and
    references that already name a sheet are left alone."""
    from openpyxl.formula import Tokenizer
    from openpyxl.formula.tokenizer import Token

    tok = Tokenizer("=" + formula)
    out = []
    for t in tok.items:
        v = t.value
        if t.type == Token.OPERAND and t.subtype == Token.RANGE and "!" not in v and _CELL_RE.match(v):
            v = f"{sheet}!{v}"
        out.append(v)
    return "".join(out)


def _source(inputs: CostInputs, key: str) -> str:
    src = inputs.sources.get(key)
    scenario_key = f"cost.{key}" if key not in ("gpus_per_node",) else "hardware.gpus_per_node"
    if src is None:
        return "input"
    if src == "scenario":
        return f"scenario ({scenario_key})"
    return src


def _div(v: float | None, d: float | None) -> float | None:
    if v is None or d in (None, 0):
        return None
    return v / d  # type: ignore[operator]


def _layout_text(e: Estimate) -> str:
    lay = e.layout
    return (
        f"tp={lay.tp} pp={lay.pp} cp={lay.cp} ep={lay.ep} dp={lay.dp} zero={lay.zero} "
        f"micro_batch={lay.micro_batch} recompute={lay.recompute}"
    )


_TORNADO_LABELS = {
    "utilization": "Utilization",
    "horizon_years": "Horizon (years)",
    "cloud_usd_per_gpu_hour": "On-demand price",
    "node_price_usd": "Node price",
    "network_usd_per_node": "Network per node",
    "install_usd_per_node": "Installation per node",
    "import_tax_fraction": "Import tax",
    "electricity_usd_per_kwh": "Electricity price",
    "electricity_escalation_per_year": "Electricity escalation",
    "pue": "PUE",
    "colocation_usd_per_kw_month": "Colocation rate",
    "support_fraction_per_year": "Support fraction",
    "staff_usd_per_year": "Staff",
    "software_usd_per_year": "Software",
    "depreciation_years": "Depreciation life",
    "node_power_full_kw": "Node power, full load",
    "node_power_idle_kw": "Node power, idle",
}


def _tornado_label(name: str) -> str:
    return _TORNADO_LABELS.get(name, name)


def _series_title(ws: Worksheet, row: int, column: int):  # type: ignore[no-untyped-def]
    """A series title that references the label cell (so charts follow the sheet)."""
    from openpyxl.chart.data_source import StrRef
    from openpyxl.chart.series import SeriesLabel

    return SeriesLabel(strRef=StrRef(f"'{ws.title}'!{addr(row, column)}"))


def _fit_wrapped_rows(ws: Worksheet, max_height: float = 180.0) -> None:
    """Row heights for wrapped text (openpyxl cannot measure; LibreOffice and Excel keep a stored height)."""
    widths = {k: (d.width or 9.0) for k, d in ws.column_dimensions.items()}
    for row in ws.iter_rows():
        lines = 1
        for cell in row:
            if not isinstance(cell.value, str) or cell.data_type == "f" or not cell.alignment.wrap_text:
                continue
            chars = max(4.0, widths.get(cell.column_letter, 9.0) * 1.15)
            n = sum(max(1, math.ceil(len(part) / chars)) for part in cell.value.split("\n"))
            lines = max(lines, n)
        if lines > 1:
            ws.row_dimensions[row[0].row].height = min(max_height, 13.0 * lines + 2)


def _show_axes(chart) -> None:  # type: ignore[no-untyped-def]
    """openpyxl ≥ 3.1 leaves `delete` unset, which Excel reads as hidden axes."""
    chart.x_axis.delete = False
    chart.y_axis.delete = False


def _validation(kind: str, b: Builder) -> DataValidation | None:
    def dv(type_: str, operator: str, f1: str, f2: str | None, message: str) -> DataValidation:
        v = DataValidation(type=type_, operator=operator, formula1=f1, formula2=f2, allow_blank=True)
        v.showErrorMessage = True
        v.errorTitle = "Invalid input"
        v.error = message
        v.showInputMessage = True
        v.promptTitle = "Input"
        v.prompt = message
        return v

    if kind == "fraction":
        return dv("decimal", "between", "0", "1", "A fraction from 0 to 1 (e.g. 0.7 = 70 %)")
    if kind == "open_fraction":
        return dv("decimal", "between", "0", "0.999999", "A fraction from 0 up to (not including) 1")
    if kind == "horizon":
        return dv(
            "decimal",
            "between",
            "0.01",
            str(b.years),
            f"Years, more than 0 and at most {b.years} (the year columns of the TCO sheet)",
        )
    if kind == "positive":
        return dv("decimal", "greaterThan", "0", None, "A number more than 0")
    if kind == "nonneg":
        return dv("decimal", "greaterThanOrEqual", "0", None, "A number of 0 or more")
    if kind == "pue":
        return dv("decimal", "greaterThanOrEqual", "1", None, "At least 1 (1 = no cooling overhead)")
    if kind == "rate":
        return dv("decimal", "greaterThan", "-1", None, "A rate per year above −100 % (e.g. 0.08 = 8 %)")
    if kind == "count":
        return dv("whole", "greaterThanOrEqual", "1", None, "A whole number of at least 1")
    if kind == "currency":
        v = DataValidation(type="list", formula1='"USD,KRW"', allow_blank=False)
        v.showErrorMessage = True
        v.error = "USD or KRW"
        return v
    return None


def _print_setup(ws: Worksheet) -> None:
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.gridLines = False
    ws.oddFooter.center.text = "&A — &P / &N"
    ws.oddHeader.left.text = "gpuplanner"
    ws.page_margins.left = ws.page_margins.right = 0.4


def build_workbook(
    scenario: Scenario,
    catalog: Catalog,
    *,
    language: str = "en",
    scenario_text: str | None = None,
    today: _dt.date | None = None,
) -> Workbook:
    """The workbook in memory (openpyxl), without saving it."""
    return Builder(scenario, catalog, language, scenario_text, today).build()
