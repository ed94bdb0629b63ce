"""The default-offer rule (core/offer_rule.py) and the shipped catalog following it."""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.offer_rule import DEFAULT_OFFER_RULE, month_index, prices_as_of, rule_defaults


@dataclass(frozen=True)
class Offer:
    id: str
    gpu: str
    tier: str
    usd_per_gpu_hour: float
    as_of: str


def test_cheapest_recent_offer_else_cheapest_of_its_own_newest_year() -> None:
    offers = [
        Offer("new-dear", "g", "on_demand", 3.0, "2026-06"),
        Offer("new-cheap", "g", "on_demand", 2.0, "2025-07"),
        Offer("too-old-cheapest", "g", "on_demand", 1.0, "2025-06"),  # 12 months before 2026-06: outside
        Offer("old-a", "h", "on_demand", 4.0, "2023-03"),
        Offer("old-b", "h", "on_demand", 1.5, "2022-04"),  # within 12 months of h's own newest
        Offer("older", "h", "on_demand", 0.5, "2022-03"),
    ]
    assert prices_as_of(offers) == "2026-06"
    assert rule_defaults(offers) == {("g", "on_demand"): "new-cheap", ("h", "on_demand"): "old-b"}
    assert month_index("2026-05-18") == month_index("2026-05") == month_index("2026") + 4
    assert "cheapest" in DEFAULT_OFFER_RULE and "12 months" in DEFAULT_OFFER_RULE


def test_the_shipped_defaults_follow_the_rule() -> None:
    cat = load_catalog(use_user_layer=False)
    chosen = rule_defaults(cat.offers)
    defaults = {(o.gpu, o.tier): o.id for o in cat.offers if o.default}
    assert defaults == dict(chosen)
