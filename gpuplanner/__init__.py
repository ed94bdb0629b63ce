"""gpuplanner: plan GPU servers for large-language-model training.

The Python API (spec §4.5)::

    import gpuplanner as gp
    s = gp.read_scenario("x.gpuplan.toml")      # or gp.scenario_from_dict(d)
    e = gp.estimate(s)                           # typed Estimate; e.to_dict() equals `estimate --json`
    p = gp.plan(s)                               # candidates, GPU-count sweep, deadline, Pareto set, recommendation
    p.to_frame()                                 # pandas DataFrame, one row per (gpu, gpu_count)
    gp.export_workbook(p, "x.xlsx")              # the workbook of exactly this Plan

Importing the package loads none of numpy, pandas, openpyxl or Qt: each name is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = [
    "read_scenario",
    "scenario_from_dict",
    "estimate",
    "plan",
    "plan_serving",
    "export_workbook",
    "load_catalog",
    "__version__",
]

if TYPE_CHECKING:
    from .core.catalog import Catalog
    from .core.plan import Plan
    from .core.results import Estimate
    from .core.scenario import Scenario
    from .core.serving_plan import ServingPlan


def read_scenario(path: str) -> Scenario:
    """A scenario file (`.gpuplan.toml`), validated; raises InputError or FileAccessError."""
    from .core.scenario_io import read_scenario as _read

    return _read(path)


def scenario_from_dict(doc: dict[str, Any]) -> Scenario:
    """A scenario from the same tables as the TOML file, validated."""
    from .core.scenario_io import parse_scenario

    return parse_scenario(doc)


def load_catalog() -> Catalog:
    """The shipped hardware catalog with the user's edits on top."""
    from .core.catalog import load_catalog as _load

    return _load()


def _checked(s: Scenario, catalog: Catalog | None) -> Catalog:
    from .core.engine import check_catalog_ids

    cat = catalog or load_catalog()
    check_catalog_ids(s, cat)
    return cat


def estimate(s: Scenario, catalog: Catalog | None = None, gpu: str | None = None) -> Estimate:
    """One estimate at the scenario's GPU count (the planner's layout where keys are absent)."""
    from .core.engine import estimate as _estimate

    return _estimate(s, _checked(s, catalog), gpu)


def plan(s: Scenario, catalog: Catalog | None = None) -> Plan:
    """The whole Plan that the app, the CLI and the workbook show."""
    from .core.plan import plan as _plan

    return _plan(s, _checked(s, catalog))


def plan_serving(s: Scenario, catalog: Catalog | None = None) -> ServingPlan:
    """Inference (issue 21): the smallest deployment per candidate GPU type meeting the scenario's throughput and
    latency targets, its cost per million output tokens, and the throughput–latency curves."""
    from .core.serving_plan import plan_serving as _plan_serving

    return _plan_serving(s, _checked(s, catalog))


def export_workbook(p: Plan, path: str, *, language: str = "en") -> None:
    """Write the Excel workbook of exactly this Plan."""
    from .core.catalog import load_catalog as _load
    from .export.api import export_plan_workbook

    export_plan_workbook(p, p.catalog or _load(), path, language=language)
