"""Excel export for finance (spec §2 "export", §4.4).

    from gpuplanner.export import export_workbook
    export_workbook(scenario, catalog, "plan.xlsx", language="en")

Importing this package is cheap: openpyxl is loaded only when a workbook is built (the app imports export
lazily, after its first paint).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.catalog import Catalog
    from ..core.scenario import Scenario

__all__ = ["export_workbook"]


def export_workbook(
    scenario: Scenario,
    catalog: Catalog,
    path: str | os.PathLike[str],
    *,
    language: str = "en",
    scenario_text: str | None = None,
) -> None:
    """Write the finance workbook for `scenario` to `path` (one option per compared GPU).

    `language` is "en" or "ko" (labels; sheet and defined names stay English). `scenario_text` is the
    scenario file's text for the Sources sheet (default: the scenario written back as TOML).
    Raises InputError (bad scenario or language) and FileAccessError (the file is open in Excel or
    LibreOffice, or cannot be written; the old file is then unchanged)."""
    from .api import export_workbook as _export

    _export(scenario, catalog, path, language=language, scenario_text=scenario_text)
