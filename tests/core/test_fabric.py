"""The fabric model (core/fabric.py): switch tiers of a rail-optimized fat tree by node count."""

from __future__ import annotations

import pytest

from gpuplanner.core.fabric import NDR_400G, fabric, fabric_class, switches_per_rail


@pytest.mark.parametrize(
    ("nodes", "tiers", "per_rail"),
    [
        (1, 0, 0),
        (2, 0, 0),  # direct cables
        (3, 1, 1),
        (64, 1, 1),  # one 64-port switch per rail
        (65, 2, 3 + 2),  # leaves ceil(65/32) = 3, spines ceil(3/2) = 2
        (128, 2, 4 + 2),
        (2048, 2, 64 + 32),  # k²/2 = 2,048 endpoints per rail
        (2049, 3, 65 + 65 + 33),
        (4096, 3, 128 + 128 + 64),
    ],
)
def test_tiers_and_switches_per_rail(nodes: int, tiers: int, per_rail: int) -> None:
    assert switches_per_rail(nodes, 64) == (tiers, per_rail)


def test_cost_is_switches_and_links_at_the_class_prices() -> None:
    f = fabric(128, 8, 400.0)
    assert f is not None
    assert (f.rails, f.tiers, f.switches, f.links) == (8, 2, 48, 128 * 8 * 2)
    assert f.fabric_usd == pytest.approx(48 * NDR_400G.switch_usd + 2048 * NDR_400G.link_usd)
    two = fabric(2, 8, 400.0)
    assert two is not None and (two.switches, two.links) == (0, 8)
    assert fabric(1, 8, 400.0).fabric_usd == 0.0  # type: ignore[union-attr]


def test_unpriced_link_speeds_have_no_model() -> None:
    assert fabric_class(200.0) is None  # HDR: no stored price
    assert fabric_class(300.0) is None  # 3 × 100 GbE
    assert fabric_class(None) is None
    assert fabric_class(800.0) is NDR_400G  # two 400G ports per GPU
    assert fabric(16, 8, 200.0) is None
