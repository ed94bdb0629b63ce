"""Issue #23 cost lines (spec §4.3.1), hand-worked: power as drawn, resale curve, facility, fabric, cloud extras,
leasing, lead time, the discounted owning cost and the reason for each unknown figure."""

from __future__ import annotations

import dataclasses
import math
from types import MappingProxyType

import pytest
from test_cost import h100_node

from gpuplanner.core import cost_analysis as ca
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.cost import (
    breakeven_utilization,
    capex,
    cloud_on_demand,
    cloud_reserved,
    energy,
    estimate_cost,
    lead_time_rent,
    onprem_lease_tco,
    onprem_tco,
    residual,
)
from gpuplanner.core.cost_inputs import resolve_cost_inputs
from gpuplanner.core.errors import InputError
from gpuplanner.core.scenario import CostSettings

approx = pytest.approx
H3 = 8760 * 3


def test_energy_uses_the_training_draw_and_colocation_the_rating() -> None:
    inp = h100_node(node_power_draw_kw=8.4, pue=1.5, electricity_usd_per_kwh=0.08, colocation_usd_per_kw_month=184.0)
    # power_kw = 1 × (2.0 + 0.7 × (8.4 − 2.0)) = 6.48 kW; energy = 6.48 × 1.5 × 8760 × 3 × 0.08
    assert energy(inp) == approx(6.48 * 1.5 * 8760 * 3 * 0.08)
    est = estimate_cost(inp, tokens_per_second=None, gpu_hours=None)
    assert est.power_kw == approx(6.48)
    # colocation = 1 × 10.2 × 12 × 3 × 184: the contracted rating, not the draw
    assert est.colocation == approx(10.2 * 12 * 3 * 184.0)


def test_no_draw_figure_means_the_rating_is_drawn() -> None:
    inp = h100_node()
    assert inp.node_power_draw_kw == 10.2
    assert energy(inp) == approx((2.0 + 0.7 * 8.2) * 1.5 * 8760 * 3 * 0.08)


def test_residual_curve_is_read_at_each_horizon() -> None:
    inp = h100_node(residual_curve=((1.0, 0.6), (3.0, 0.3)))
    c = capex(inp)
    assert c == approx(335_000.0)
    assert residual(inp, 1.0) == approx(0.6 * c)
    assert residual(inp, 3.0) == approx(0.3 * c)
    assert residual(inp, 2.0) == approx(0.45 * c)  # linear between points
    assert residual(inp, 5.0) == approx(0.0)  # the last slope (−0.15 a year) continues, floored at 0
    assert residual(inp, 0.5) == approx(0.8 * c)  # from (0, 1)
    straight = h100_node()
    assert residual(straight, 3.0) == approx(c * (1 - 3 / 5))
    by_horizon = {h.years: h.onprem_tco for h in ca.tco_by_horizon(inp)}
    assert by_horizon[1.0] == approx(onprem_tco(inp, horizon_years=1.0))


def test_facility_is_one_off_capex_per_node() -> None:
    inp = h100_node(facility_usd_per_node=20_000.0, import_tax_fraction=0.1, gpu_count=16)
    # capex = (2 × (300,000 + 5,000 + 20,000) + 2 × 30,000) × 1.1
    assert capex(inp) == approx((2 * 325_000 + 60_000) * 1.1)


def test_cloud_extras_are_added_to_every_cloud_figure() -> None:
    inp = h100_node(
        cloud_storage_usd_per_tb_month=20.0,
        cloud_egress_usd_per_tb=90.0,
        cloud_support_fraction=0.1,
        cloud_storage_tb=5.0,
        cloud_egress_tb=2.0,
    )
    storage, egress = 5.0 * 20.0 * 12 * 3, 2.0 * 90.0
    gpu = 8 * H3 * 0.7 * 3.90
    assert cloud_on_demand(inp) == approx(gpu * 1.1 + storage + egress)
    assert cloud_reserved(inp, "1y") == approx(8 * H3 * 2.50 * 1.1 + storage + egress)
    # breakeven: onprem(u) = cloud(u) with cloud(u) = storage + egress + 1.1 × 8 × H × 3.90 × u
    u = breakeven_utilization(inp)
    assert u is not None and onprem_tco(inp, u) == approx(cloud_on_demand(inp, u))
    flows = ca.cash_flows(inp)
    assert flows.rent is not None and sum(flows.rent) == approx(cloud_on_demand(inp))
    # a priced line whose volume is unknown makes the cloud figures unknown, and says why
    blind = h100_node(cloud_storage_usd_per_tb_month=20.0)
    est = estimate_cost(blind, tokens_per_second=None, gpu_hours=None)
    assert est.cloud_on_demand is None
    assert "cloud_storage_tb" in (est.missing_reason("cloud_on_demand") or "")


def test_lead_time_months_are_rented_on_demand() -> None:
    inp = h100_node(lead_time_months=4.0)
    rent = 4 * 730 * 8 * 0.7 * 3.90
    assert lead_time_rent(inp) == approx(rent)
    assert onprem_tco(inp) == approx(onprem_tco(h100_node()) + rent)
    flows = ca.cash_flows(inp)
    assert flows.own is not None and sum(flows.own) == approx(onprem_tco(inp))
    no_price = h100_node(lead_time_months=4.0, cloud_usd_per_gpu_hour=None)
    est = estimate_cost(no_price, tokens_per_second=None, gpu_hours=None)
    assert est.onprem_tco is None
    assert "cloud_usd_per_gpu_hour" in (est.missing_reason("onprem_tco") or "")


def test_lease_payments_with_a_buyout_inside_the_horizon() -> None:
    inp = h100_node(lease_usd_per_node_month=9_000.0, lease_term_months=24.0, lease_buyout_fraction=0.1)
    running = onprem_tco(inp) - capex(inp) + residual(inp)  # type: ignore[operator]
    # 1 node × 9,000 × min(36, 24) + 0.1 × capex (the term ends inside 3 years) + the same running costs
    assert onprem_lease_tco(inp) == approx(9_000 * 24 + 0.1 * 335_000 + running)
    longer = h100_node(lease_usd_per_node_month=9_000.0, lease_term_months=48.0, lease_buyout_fraction=0.1)
    assert onprem_lease_tco(longer) == approx(9_000 * 36 + running)  # no buy-out before the horizon ends
    est = estimate_cost(h100_node(), tokens_per_second=None, gpu_hours=None)
    assert est.onprem_lease_tco is None
    assert "lease_usd_per_node_month" in (est.missing_reason("onprem_lease_tco") or "")


def test_discounted_owning_cost_and_levelized_price() -> None:
    inp = h100_node()
    est = estimate_cost(inp, tokens_per_second=None, gpu_hours=None)
    r = 0.08
    c = capex(inp)
    yearly = (onprem_tco(inp) - c + residual(inp)) / 3  # type: ignore[operator]
    pv = c + sum(yearly / (1 + r) ** y for y in (1, 2, 3)) - residual(inp) / (1 + r) ** 3  # type: ignore[operator]
    assert est.onprem_tco_discounted == approx(pv)
    used = sum(8 * 8760 * 0.7 / (1 + r) ** y for y in (1, 2, 3))
    assert est.owning_usd_per_gpu_hour == approx(pv / used)


def test_unknown_figures_name_the_missing_input() -> None:
    est = estimate_cost(h100_node(node_price_usd=None), tokens_per_second=None, gpu_hours=None)
    assert est.onprem_capex is None and est.onprem_tco is None
    assert est.missing_reason("onprem_tco") == "missing: node_price_usd (input)"
    assert est.missing_reason("cloud_on_demand") is None  # known
    assert est.missing_reason("per_million_tokens") is not None


def test_bad_new_inputs_name_their_key() -> None:
    with pytest.raises(InputError) as info:
        h100_node(lease_buyout_fraction=1.5)
    assert info.value.key == "cost.lease_buyout_fraction"
    with pytest.raises(InputError) as info:
        h100_node(node_power_draw_kw=1.0, sources={"node_power_draw_kw": "scenario"})
    assert info.value.key == "cost.node_power_kw"


# ---------------------------------------------------------------------------------------------------------
# Resolution against the shipped catalog


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return load_catalog(use_user_layer=False)


def test_a_node_types_measured_draw_and_resale_curve_are_its_defaults(catalog) -> None:  # type: ignore[no-untyped-def]
    node = dataclasses.replace(catalog.node("dgx-h100"), power_draw_kw=8.4, residual_by_age="3:0.3")
    nodes = MappingProxyType({**catalog.nodes, "dgx-h100": node})
    measured = dataclasses.replace(catalog, nodes=nodes)
    inp = resolve_cost_inputs(CostSettings(), measured, "h100-sxm-80gb", gpu_count=64, gpus_per_node=None, node_id=None)
    assert inp.node_power_draw_kw == 8.4 and inp.node_power_full_kw == 10.2
    assert "measured training draw" in inp.source("node_power_draw_kw")
    assert inp.residual_curve == ((3.0, 0.3),)
    shipped = resolve_cost_inputs(
        CostSettings(), catalog, "h100-sxm-80gb", gpu_count=64, gpus_per_node=None, node_id=None
    )
    # shipped: the measured draw and published resale are the DGX H100's defaults (catalog/nodes.csv notes)
    assert shipped.node_power_draw_kw == 8.4 and shipped.residual_curve == ((3.0, 0.3),)
    assert shipped.node_power_full_kw == 10.2  # colocation keeps the contracted rating


def test_catalog_h100_fabric_for_64_nodes(catalog) -> None:  # type: ignore[no-untyped-def]
    inp = resolve_cost_inputs(CostSettings(), catalog, "h100-sxm-80gb", gpu_count=512, gpus_per_node=None, node_id=None)
    # 64 nodes × 8 rails: one tier, 8 switches × $36,000 + 512 links × $1,320
    assert inp.network_usd_per_node * 64 == approx(8 * 36_000 + 512 * 1_320)  # type: ignore[operator]
    assert "1 tier(s)" in inp.source("network_usd_per_node")


def test_scenario_values_win_over_the_catalog(catalog) -> None:  # type: ignore[no-untyped-def]
    settings = CostSettings(
        node_power_kw=7.0,
        node_idle_power_kw=1.0,
        residual_fraction=((1.0, 0.5),),
        network_usd_per_node=12_345.0,
        lead_time_months=2.0,
    )
    inp = resolve_cost_inputs(settings, catalog, "h100-sxm-80gb", gpu_count=64, gpus_per_node=None, node_id=None)
    assert (inp.node_power_draw_kw, inp.node_power_idle_kw) == (7.0, 1.0)
    assert inp.residual_curve == ((1.0, 0.5),)
    assert inp.network_usd_per_node == 12_345.0
    assert inp.lead_time_months == 2.0
    assert all(inp.source(k) == "scenario" for k in ("node_power_draw_kw", "residual_curve", "network_usd_per_node"))


def test_one_node_has_no_fabric_and_nodes_without_a_priced_link_keep_their_share(catalog) -> None:  # type: ignore[no-untyped-def]
    one = resolve_cost_inputs(CostSettings(), catalog, "h100-sxm-80gb", gpu_count=8, gpus_per_node=None, node_id=None)
    assert one.network_usd_per_node == 0.0
    a100 = resolve_cost_inputs(CostSettings(), catalog, "a100-sxm-80gb", gpu_count=64, gpus_per_node=None, node_id=None)
    assert a100.network_usd_per_node == catalog.default_node("a100-sxm-80gb").network_usd_per_node
    assert math.isfinite(a100.network_usd_per_node or 0.0)


# ---------------------------------------------------------------------------------------------------------
# Through the scenario file, the engine and the JSON document


def _doc(cost: dict[str, object]) -> dict[str, object]:
    return {
        "schema": 1,
        "name": "lease",
        "model": {"preset": "llama-3.2-1b"},
        "workload": {"method": "pretrain", "seq_len": 2048, "tokens": 1e9},
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": 16},
        "cost": cost,
    }


def test_new_keys_reach_the_json_cost_block(catalog) -> None:  # type: ignore[no-untyped-def]
    from gpuplanner.core.engine import estimate
    from gpuplanner.core.report import estimate_document
    from gpuplanner.core.scenario_io import parse_scenario

    cost = {
        "lease_usd_per_node_month": 8_000,
        "lease_term_months": 24,
        "lease_buyout_fraction": 0.2,
        "lead_time_months": 3,
        "residual_fraction": {"1": 0.6, "3": 0.3},
        "node_power_kw": 8.4,
        "facility_usd_per_node": 10_000,
        "cloud_storage_usd_per_tb_month": 20,
        "cloud_egress_usd_per_tb": 90,
        "cloud_support_fraction": 0.05,
    }
    e = estimate(parse_scenario(_doc(cost)), catalog)
    doc = estimate_document(e, "lease")["cost"]
    for key in ("onprem_lease_tco", "onprem_tco_discounted", "owning_usd_per_gpu_hour", "onprem_tco"):
        assert isinstance(doc[key], float) and doc[key] > 0, key
    assert e.cost is not None and e.cost.inputs.residual_curve == ((1.0, 0.6), (3.0, 0.3))
    assert e.cost.inputs.cloud_storage_tb is not None and e.cost.cloud_extras_on_demand > 0  # type: ignore[operator]
    assert not {"onprem_lease_tco", "onprem_tco", "onprem_capex", "cloud_on_demand"} & set(doc["missing"])
    assert doc["missing"]["cloud_reserved_3y"].startswith("missing: reserved_3y_usd_per_gpu_hour")
    plain = estimate_document(estimate(parse_scenario(_doc({})), catalog), "plain")["cost"]
    assert plain["onprem_lease_tco"] is None and "onprem_lease_tco" in plain["missing"]


@pytest.mark.parametrize(
    ("cost", "words"),
    [
        ({"residual_fraction": {"one": 0.5}}, "age in years"),
        ({"residual_fraction": [[3, 1.5]]}, "fractions from 0 to 1"),
        ({"residual_fraction": 0.3}, "must be a table"),
        ({"lease_buyout_fraction": 2}, "from 0 to 1"),
        ({"lease_term_months": 0}, "positive"),
        ({"node_power_kw": -1}, "positive"),
        ({"lead_time_months": 1e6}, "at most"),
    ],
)
def test_bad_new_keys_name_the_key(cost: dict[str, object], words: str) -> None:
    from gpuplanner.core.scenario_io import parse_scenario

    with pytest.raises(InputError) as info:
        parse_scenario(_doc(cost))
    assert info.value.key == f"cost.{next(iter(cost))}"
    assert words in str(info.value)


def test_an_idle_power_above_the_nodes_draw_is_refused_before_the_estimate(catalog) -> None:  # type: ignore[no-untyped-def]
    from gpuplanner.core.engine import check_catalog_ids
    from gpuplanner.core.scenario_io import parse_scenario

    doc = _doc({"node_idle_power_kw": 1.0})
    doc["hardware"] = {"gpu": "rtx-4090", "gpu_count": 1}  # a 0.9 kW workstation
    with pytest.raises(InputError) as info:
        check_catalog_ids(parse_scenario(doc), catalog, file="s.gpuplan.toml")
    assert info.value.key == "cost.node_idle_power_kw"
    assert str(info.value).startswith("s.gpuplan.toml: cost.node_idle_power_kw: idle power")
    doc["hardware"] = {"gpu": "h100-sxm-80gb", "gpu_count": 8, "candidates": ["rtx-4090"]}
    with pytest.raises(InputError, match="candidate rtx-4090"):
        check_catalog_ids(parse_scenario(doc), catalog, file="s.gpuplan.toml")
