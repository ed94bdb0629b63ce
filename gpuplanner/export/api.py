"""export_workbook: build the workbook, then save it atomically (files.py)."""

from __future__ import annotations

import os
from pathlib import Path

from ..core.catalog import Catalog
from ..core.plan import Plan
from ..core.scenario import Scenario
from .files import lock_files, save_atomically
from .workbook import build_workbook


def export_workbook(
    scenario: Scenario,
    catalog: Catalog,
    path: str | os.PathLike[str],
    *,
    language: str = "en",
    scenario_text: str | None = None,
) -> None:
    target = Path(path)
    if lock_files(target):  # fail before the work of building, with the same message as save_atomically
        save_atomically(target, lambda tmp: None)
    from ..core.plan import plan as make_plan

    the_plan = make_plan(scenario, catalog)  # with its sweep: the workbook's Sweep sheet shows it
    export_plan_workbook(the_plan, catalog, target, language=language, scenario_text=scenario_text)


def export_plan_workbook(
    the_plan: Plan,
    catalog: Catalog,
    path: str | os.PathLike[str],
    *,
    language: str = "en",
    scenario_text: str | None = None,
) -> None:
    """The workbook of exactly this Plan (its estimates, not new ones), saved atomically."""
    target = Path(path)
    if lock_files(target):
        save_atomically(target, lambda tmp: None)
    wb = build_workbook(the_plan.scenario, catalog, language=language, scenario_text=scenario_text, plan=the_plan)
    save_atomically(target, lambda tmp: wb.save(tmp))
