"""Resale curves (core/residual.py)."""

from __future__ import annotations

import pytest

from gpuplanner.core.residual import fraction_at, parse_curve, straight_line


def test_parse_and_read_a_curve() -> None:
    curve = parse_curve("3:0.3 1:0.6")
    assert curve == ((1.0, 0.6), (3.0, 0.3))
    assert parse_curve("  ") is None
    assert fraction_at(curve, 0) == 1.0
    assert fraction_at(curve, 2) == pytest.approx(0.45)
    assert fraction_at(curve, 4) == pytest.approx(0.15)
    assert fraction_at(curve, 10) == 0.0
    assert straight_line(2.5, 5) == 0.5 and straight_line(6, 5) == 0.0


@pytest.mark.parametrize("text", ["3", "0:0.5", "1:1.5", "1:0.5 1:0.4", "x:0.2"])
def test_bad_curves_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_curve(text)
