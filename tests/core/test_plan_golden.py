"""Every example's Plan (and the benchmark's 8-candidate Plan, with deadlines in and beyond the plotted range)
gives the numbers it gave before the sweep was made faster (issue #15): within 1e-9 relative, text exactly."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from plan_golden_cases import GOLDEN, cases, document, golden_catalog

from gpuplanner.core.plan import plan

REL = 1e-9


def _same(a: Any, b: Any, where: str) -> None:
    if isinstance(a, dict):
        assert isinstance(b, dict) and sorted(a) == sorted(b), where
        for k in a:
            _same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), f"{where}: {len(b)} items, golden {len(a)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{i}]")
    elif isinstance(a, float) and not isinstance(b, bool) and isinstance(b, (int, float)):
        assert math.isclose(a, b, rel_tol=REL, abs_tol=0.0) or a == b, f"{where}: {b!r}, golden {a!r}"
    else:
        assert a == b, f"{where}: {b!r}, golden {a!r}"


GOLDEN_DOCS = json.loads(GOLDEN.read_text())


@pytest.fixture(scope="module")
def planned() -> dict[str, Any]:
    catalog = golden_catalog()
    return {name: document(plan(s, catalog)) for name, s in cases(catalog).items()}


def test_the_same_cases_are_planned(planned: dict[str, Any]) -> None:
    assert sorted(planned) == sorted(GOLDEN_DOCS)


@pytest.mark.parametrize("name", sorted(GOLDEN_DOCS))
def test_plan_numbers_unchanged(planned: dict[str, Any], name: str) -> None:
    _same(GOLDEN_DOCS[name], planned[name], name)
