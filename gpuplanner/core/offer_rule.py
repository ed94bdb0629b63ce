"""The one rule that picks each GPU's default cloud offer per tier (issue #23), stated here so the catalog,
the app and the workbook print the same sentence, and checked against the shipped catalog by its tests.

Rule: per GPU and tier, the cheapest offer dated within the DEFAULT_OFFER_WINDOW_MONTHS months up to the
catalog's price date (the newest offer's as_of); when no offer for that GPU and tier is that recent, the
cheapest within the same number of months up to its own newest offer. Cheapest, because a rent-or-buy
comparison should not make renting look dearer than a buyer could find it; recent, because GPU-hour prices
fell by half or more within two years (H100 on demand above $8 in 2023, about $2-3 in 2026:
aitechconnect-976.pages.dev, May 2026).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

DEFAULT_OFFER_WINDOW_MONTHS = 12
DEFAULT_OFFER_RULE = (
    "Default offer per GPU and tier: the cheapest offer dated within the 12 months up to the catalog's newest "
    "price date; with none that recent, the cheapest within the 12 months up to that GPU's newest offer."
)


class _Offer(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def gpu(self) -> str: ...
    @property
    def tier(self) -> str: ...
    @property
    def usd_per_gpu_hour(self) -> float: ...
    @property
    def as_of(self) -> str: ...


def month_index(as_of: str) -> int:
    """'2026-05' or '2026-05-18' or '2026' as a count of months (year × 12 + month − 1; a bare year is January)."""
    parts = as_of.split("-")
    year = int(parts[0])
    month = int(parts[1]) if len(parts) > 1 and parts[1] else 1
    return year * 12 + month - 1


def prices_as_of(offers: Iterable[_Offer]) -> str:
    """The catalog's price date: the newest offer's as_of."""
    return max((o.as_of for o in offers if o.as_of), key=month_index)


def rule_defaults(offers: Iterable[_Offer]) -> Mapping[tuple[str, str], str]:
    """(gpu, tier) → the id of the offer DEFAULT_OFFER_RULE picks."""
    rows = [o for o in offers if o.as_of]
    if not rows:
        return {}
    newest = month_index(prices_as_of(rows))
    chosen: dict[tuple[str, str], str] = {}
    for key in sorted({(o.gpu, o.tier) for o in rows}):
        group = [o for o in rows if (o.gpu, o.tier) == key]
        anchor = newest
        if all(newest - month_index(o.as_of) >= DEFAULT_OFFER_WINDOW_MONTHS for o in group):
            anchor = max(month_index(o.as_of) for o in group)  # nothing recent: this GPU's own newest year
        recent = [o for o in group if anchor - month_index(o.as_of) < DEFAULT_OFFER_WINDOW_MONTHS]
        chosen[key] = min(recent, key=lambda o: (o.usd_per_gpu_hour, o.id)).id
    return chosen
