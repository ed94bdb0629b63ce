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

Modules: `builder` (the Builder: workbook and shared state), `sheets/` (one module per sheet; TCO in several),
`charts`, `styles` (number formats, print setup), `validation` (input rules), `layout` (sheet order, contract
names, input rows), `options` (the compared GPUs), `formulas`, `citations`.
"""

from __future__ import annotations

import datetime as _dt

from openpyxl import Workbook

from ...core.catalog import Catalog
from ...core.plan import Plan
from ...core.scenario import Scenario
from .builder import Builder
from .formulas import qualify
from .layout import CONTRACT_INPUTS, CONTRACT_OUTPUTS, EXTRA_OUTPUTS, SHEETS
from .options import Option

__all__ = [
    "CONTRACT_INPUTS",
    "CONTRACT_OUTPUTS",
    "EXTRA_OUTPUTS",
    "SHEETS",
    "Builder",
    "Option",
    "build_workbook",
    "qualify",
]


def build_workbook(
    scenario: Scenario,
    catalog: Catalog,
    *,
    language: str = "en",
    scenario_text: str | None = None,
    today: _dt.date | None = None,
    plan: Plan | None = None,
) -> Workbook:
    """The workbook in memory (openpyxl), without saving it; with `plan`, the workbook of that Plan."""
    return Builder(scenario, catalog, language, scenario_text, today, plan).build()
