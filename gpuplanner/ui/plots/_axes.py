"""Axis classes (need pyqtgraph; imported through ``_pg``)."""

from __future__ import annotations

import math

import pyqtgraph as pg

from .. import formatting as fmt


class MoneyAxis(pg.AxisItem):
    """Ticks as compact money: $120k, $1.2M."""

    def __init__(self, orientation: str = "left", currency: str = "USD", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.currency = currency
        self.enableAutoSIPrefix(False)

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        return [fmt.money_short(v * scale, self.currency) for v in values]


class Log2CountAxis(pg.AxisItem):
    """x = log2(GPU count), labelled with the counts 1, 2, 4, …"""

    def __init__(self, orientation: str = "bottom", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.enableAutoSIPrefix(False)

    def tickValues(self, minVal, maxVal, size):  # noqa: N802,N803 - pyqtgraph API
        lo, hi = math.floor(minVal), math.ceil(maxVal)
        major = [float(k) for k in range(max(lo, 0), hi + 1)]
        return [(1.0, major)]

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        return [f"{2 ** round(v):,}" for v in values]


class CategoryAxis(pg.AxisItem):
    """Bars at x = 0, 1, 2 … labelled with names (long names wrap onto two lines)."""

    def __init__(self, orientation: str = "bottom", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.names: list[str] = []
        self.enableAutoSIPrefix(False)

    def tickValues(self, minVal, maxVal, size):  # noqa: N802,N803 - pyqtgraph API
        return [(1.0, [float(i) for i in range(len(self.names)) if minVal - 0.5 <= i <= maxVal + 0.5])]

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        out = []
        for v in values:
            i = int(round(v))
            out.append(self.names[i] if 0 <= i < len(self.names) else "")
        return out


class Log10Axis(pg.AxisItem):
    """x = log10(value), ticked at 1-2-5 steps of the value (days: 0.5, 1, 2, 5, 10 …)."""

    def __init__(self, orientation: str = "bottom", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.enableAutoSIPrefix(False)

    def tickValues(self, minVal, maxVal, size):  # noqa: N802,N803 - pyqtgraph API
        if not (math.isfinite(minVal) and math.isfinite(maxVal)) or maxVal <= minVal:
            return []
        ticks = []
        for decade in range(math.floor(minVal) - 1, math.ceil(maxVal) + 1):
            for m in (1, 2, 5):
                v = decade + math.log10(m)
                if minVal <= v <= maxVal:
                    ticks.append(v)
        if len(ticks) > 9:
            ticks = [v for v in ticks if abs(v - round(v)) < 1e-9]
        return [(1.0, ticks)]

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        return [f"{10**v:,.3g}" for v in values]
