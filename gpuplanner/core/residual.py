"""Resale value by age (spec §4.3.1 `residual_fraction`): a curve of (age in years, fraction of capex) points
from published resale and rental-price declines, read at the horizon — so 1-, 3- and 5-year horizons each get
the market's value at that age instead of one straight line.

Between points the fraction is linear in age, starting from (0, 1): new hardware is worth its price. Past the
last point the last segment's slope continues (prices keep falling, they do not freeze), never below 0. With
no curve, the spec's straight line: max(0, 1 − age / depreciation_years).
"""

from __future__ import annotations

from collections.abc import Sequence

Curve = tuple[tuple[float, float], ...]  # ((age_years, fraction), ...) sorted by age


def parse_curve(text: str) -> Curve | None:
    """The catalog's `residual_by_age` cell ("1:0.6 3:0.3") as a curve; None for an empty cell. ValueError
    names a bad point."""
    text = text.strip()
    if not text:
        return None
    points = []
    for part in text.replace(",", " ").split():
        age, sep, frac = part.partition(":")
        if not sep:
            raise ValueError(f"residual point {part!r} must be AGE:FRACTION")
        a, f = float(age), float(frac)
        if not (a > 0 and 0 <= f <= 1):
            raise ValueError(f"residual point {part!r}: age above 0, fraction from 0 to 1")
        points.append((a, f))
    if len({a for a, _ in points}) != len(points):
        raise ValueError("residual curve: each age once")
    return tuple(sorted(points))


def fraction_at(curve: Sequence[tuple[float, float]], age_years: float) -> float:
    """The resale fraction at `age_years` on `curve` (linear between points from (0, 1); the last slope
    continues past the last point; clamped to [0, 1])."""
    points = [(0.0, 1.0), *((a, f) for a, f in curve if a > 0)]
    if age_years <= 0:
        return 1.0
    for (a0, f0), (a1, f1) in zip(points, points[1:], strict=False):
        if age_years <= a1:
            return max(0.0, min(1.0, f0 + (f1 - f0) * (age_years - a0) / (a1 - a0)))
    (a0, f0), (a1, f1) = points[-2], points[-1]
    slope = (f1 - f0) / (a1 - a0)
    return max(0.0, min(1.0, f1 + slope * (age_years - a1)))


def straight_line(age_years: float, depreciation_years: float) -> float:
    """max(0, 1 − age / depreciation_years)."""
    return max(0.0, 1.0 - age_years / depreciation_years)
