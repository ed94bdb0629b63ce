"""The Builder owns the workbook and the state the sheets share: the options, defined names, data validations,
the reconciliation checks, and the TCO rows that other sheets point at. Each sheet is written by its own
module in `sheets/`; `build` calls them in dependency order (a sheet only points at rows already written)."""

from __future__ import annotations

import datetime as _dt

from openpyxl import Workbook
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from ...core import cost_analysis as ca
from ...core.catalog import Catalog
from ...core.errors import InputError
from ...core.naming import UNTITLED, derived_name
from ...core.plan import Plan
from ...core.scenario import Scenario
from ..cells import sheet_ref, valid_name
from ..i18n import LANGUAGES, sheet_names, translate
from .columns import fit_columns, money_bound
from .formulas import close_formula, qualify
from .layout import SHEETS
from .localize import rename_sheets, translate_cells
from .options import Option, gather_options, shared_keys
from .sheets import (
    assumptions,
    checklist,
    checks,
    hardware,
    memory,
    serving,
    sources,
    summary,
    sweep,
    tco,
    tornado,
    training,
    utilization,
)
from .styles import fit_wrapped_rows, number_formats, print_setup
from .validation import data_validation


class Builder:
    def __init__(
        self,
        scenario: Scenario,
        catalog: Catalog,
        language: str,
        scenario_text: str | None,
        today: _dt.date | None = None,
        plan: Plan | None = None,
    ) -> None:
        if language not in LANGUAGES:
            raise InputError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}", key="language")
        self.s = scenario
        self.cat = catalog
        self.lang = language
        self.scenario_text = scenario_text
        # the name the app and the CLI show: the user's, or the one derived from model, method and hardware
        self.scenario_name = scenario.name if scenario.name.strip() not in ("", UNTITLED) else derived_name(scenario)
        self.today = today or _dt.date.today()
        self.plan = plan  # the Plan the user is looking at: its estimates, not new ones
        self.options = gather_options(scenario, catalog, plan)
        self.main = self.options[0]
        self.currency = scenario.cost.currency
        self.shared_keys = shared_keys(self.options)
        self.years: int = ca.year_columns(self.main.inputs)  # year columns of the TCO sheet: 0..years
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
        self.fmt = number_formats(self.currency, language)
        # Written by the TCO sheet, read by Summary and Checklist: the year columns and each option's rows.
        self.tco_year_cols: list[int] = []
        self.tco_blocks: dict[int, dict[str, int]] = {}
        self.verbatim_rows: dict[str, int] = {}  # sheet -> first row quoted as it is (Sources: the scenario file)

    def n(self, opt: Option, key: str) -> str:
        """The defined name of input `key` for option `opt`."""
        if key in self.shared_keys:
            return f"in_{key}"
        return f"in_o{opt.k}_{key}"

    def e(self, opt: Option, key: str) -> str:
        """The defined name of engine result `key` (layout.ENGINE_OPTION_KEYS) for option `opt`: green, not an
        input, since the formulas cannot follow a change to it."""
        return f"eng_o{opt.k}_{key}"

    def t(self, text: str) -> str:
        return translate(text, self.lang)

    def define(self, name: str, sheet: str, row: int, column: int) -> None:
        assert valid_name(name), name
        self.wb.defined_names[name] = DefinedName(name, attr_text=sheet_ref(sheet, row, column))

    def define_range(self, name: str, ref: str) -> None:
        assert valid_name(name), name
        self.wb.defined_names[name] = DefinedName(name, attr_text=ref)

    def validate(self, ws: Worksheet, cell: str, kind: str) -> None:
        key = f"{ws.title}:{kind}"
        dv = self.validations.get(key)
        if dv is None:
            dv = data_validation(kind, self.years)
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
        return close_formula(a, b)

    def money_bound(self) -> float:
        """The largest money sum (scenario currency) the sheets may show: what the money columns are sized for."""
        amounts: list[float | None] = []
        for opt in self.options:
            c = opt.est.cost
            if c is not None:
                amounts += [c.cloud_on_demand, c.cloud_reserved_1y, c.cloud_reserved_3y, c.cloud_spot]
                amounts += [c.onprem_capex, c.onprem_tco, c.job_cloud_on_demand]
        return money_bound(amounts)

    def build(self) -> Workbook:
        # Order matters: TCO needs Training's GPU-hours, Utilization and Tornado the TCO cells, Summary and
        # Checklist the rows of all of them, and Checks every check the others added.
        assumptions.write(self)
        training.write(self)
        tco.write(self)
        sweep.write(self)
        utilization.write(self)
        tornado.write(self)
        memory.write(self)
        hardware.write(self)
        checklist.write(self)
        summary.write(self)
        if serving.applies(self):  # inference scenarios only (issue 21)
            serving.write(self)
        checks.write(self)
        sources.write(self)
        self.wb.calculation.fullCalcOnLoad = True
        self.wb.active = 0
        if self.lang != "en":
            translate_cells(self.wb, self.t, self.verbatim_rows)
        bound = self.money_bound()
        for name, ws in self.ws.items():
            fit_columns(ws, bound)  # first: the page set-up and the row heights follow from the widths
            print_setup(ws, _title_rows(name))
            fit_wrapped_rows(ws)
        rename_sheets(self.wb, sheet_names(self.lang))
        return self.wb


def _title_rows(sheet: str) -> str:
    """The rows printed on top of every page: each sheet's header row (Summary: its title and scenario)."""
    headers = {
        assumptions.SHEET: assumptions.HEADER_ROW,
        checklist.SHEET: checklist.HEADER_ROW,
        checks.SHEET: checks.HEADER_ROW,
        hardware.SHEET: hardware.HEADER_ROW,
        memory.SHEET: memory.HEADER_ROW,
        sweep.SHEET: sweep.HEADER_ROW,
        tco.SHEET: tco.YEAR_HEADER_ROW,
        tornado.SHEET: tornado.HEADER_ROW,
        training.SHEET: training.HEADER_ROW,
        utilization.SHEET: utilization.HEADER_ROW,
    }
    if sheet in headers:
        return f"{headers[sheet]}:{headers[sheet]}"
    return "1:2" if sheet == summary.SHEET else "1:1"
