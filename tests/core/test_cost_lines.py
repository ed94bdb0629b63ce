"""The declarative cost lines (core/cost_lines.py): the values, the references and an Excel rendering."""

from __future__ import annotations

import pytest
from test_cost import h100_node

from gpuplanner.core import cost_lines as cl
from gpuplanner.core.cost import capex, cloud_on_demand, colocation, power_kw


def test_every_line_evaluates_to_the_engine_figure() -> None:
    inp = h100_node(gpu_count=20)
    assert cl.evaluate("nodes", inp) == 3
    assert cl.evaluate("capex", inp) == capex(inp)
    assert cl.evaluate("power_kw", inp, utilization=0.3) == power_kw(inp, 0.3)
    assert cl.evaluate("colocation", inp, horizon_years=5.0) == colocation(inp, 5.0)
    assert cl.evaluate("cloud_on_demand_gpu", inp) == pytest.approx(cloud_on_demand(inp))


def test_every_line_has_a_label_unit_and_source_and_known_references() -> None:
    names = {line.name for line in cl.LINES}
    assert len(names) == len(cl.LINES)
    inputs = set(h100_node().__dataclass_fields__)
    passed_in = {"residual", "energy", "lead_time_rent_if_any", "gpu_hours"}
    for line in cl.LINES:
        assert line.label and line.unit and "spec" in line.source
        for ref in cl.references(line.name, deep=False):
            assert ref in names or ref in inputs or ref in passed_in, (line.name, ref)


def test_unknown_input_propagates_and_is_named() -> None:
    inp = h100_node(node_price_usd=None)
    assert cl.evaluate("capex", inp) is None
    assert cl.missing_inputs("capex", inp) == ("node_price_usd",)


def test_render_as_an_excel_formula() -> None:
    def name(n: str) -> str:
        return f"calc_{n}" if n in cl.LINE_BY_NAME else f"in_{n}"

    text = cl.render(cl.LINE_BY_NAME["colocation_per_year"].expr, name, {"u": "in_u", "Y": "in_y"}.__getitem__)
    assert text == "(calc_nodes*in_node_power_full_kw*12.0*in_colocation_usd_per_kw_month)"
    residual = cl.render(cl.LINE_BY_NAME["residual_straight_line"].expr, name, {"u": "in_u", "Y": "in_y"}.__getitem__)
    assert residual == "(calc_capex*MAX(0.0,(1.0-(in_y/in_depreciation_years))))"
