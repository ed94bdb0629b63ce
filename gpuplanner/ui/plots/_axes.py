"""Axis classes (need pyqtgraph; imported through ``_pg``)."""

from __future__ import annotations

import math
from typing import Any

import pyqtgraph as pg

from .. import formatting as fmt

_UNSET = object()


class Redrawn:
    """An axis setting its tick labels read (``log``, ``currency``, ``names``): a change redraws the axis. An axis
    caches its ticks as a picture until its range or size changes; a redraw of the plots that leaves both (and
    the axis title) as they were keeps the picture (issue #15), so a new setting must drop it itself."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.attr = "_" + name

    def __get__(self, obj: object, objtype: type | None = None) -> Any:
        return self if obj is None else getattr(obj, self.attr)

    def __set__(self, obj: object, value: object) -> None:
        if getattr(obj, self.attr, _UNSET) != value:
            setattr(obj, self.attr, value)
            # obj is one of the pyqtgraph axes below (pyqtgraph has no stubs): drop its cached ticks, repaint
            obj.picture = None  # type: ignore[attr-defined]
            obj.update()  # type: ignore[attr-defined]


class MoneyAxis(pg.AxisItem):
    """Ticks as compact money: $120k, $1.2M."""

    currency = Redrawn()
    log = Redrawn()

    def __init__(self, orientation: str = "left", currency: str = "USD", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.currency = currency
        self.enableAutoSIPrefix(False)
        self.log = False  # the plot draws log10 of the money

    def tickValues(self, minVal, maxVal, size):  # noqa: N802,N803 - pyqtgraph API
        if self.log:
            return [(1.0, log_ticks(minVal, maxVal))]
        return super().tickValues(minVal, maxVal, size)

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        if self.log:
            return [fmt.money_short(10**v, self.currency) for v in values]
        return [fmt.money_short(v * scale, self.currency) for v in values]


class Log2CountAxis(pg.AxisItem):
    """x = log2(GPU count), labelled with the counts 1, 2, 4, …"""

    def __init__(self, orientation: str = "bottom", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.enableAutoSIPrefix(False)

    MIN_TICK_PX = 44  # "16,384" in 8 pt with a gap; closer labels ran together ("5121,024")

    def tickValues(self, minVal, maxVal, size):  # noqa: N802,N803 - pyqtgraph API
        lo, hi = max(math.ceil(minVal - 1e-9), 0), math.floor(maxVal + 1e-9)
        if hi < lo:
            return [(1.0, [])]
        room = max(int(size // self.MIN_TICK_PX), 1)
        step = max(math.ceil((hi - lo + 1) / room), 1)
        # every step-th power of two from the smallest: 1, 8, 64, 512, 4,096
        return [(1.0, [float(k) for k in range(lo, hi + 1, step)])]

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        return [f"{2 ** round(v):,}" for v in values]


class CategoryAxis(pg.AxisItem):
    """Bars at x = 0, 1, 2 … labelled with names (long names wrap onto two lines)."""

    names = Redrawn()

    def __init__(self, orientation: str = "bottom", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.names = []  # list[str]
        self.enableAutoSIPrefix(False)

    def tickValues(self, minVal, maxVal, size):  # noqa: N802,N803 - pyqtgraph API
        return [(1.0, [float(i) for i in range(len(self.names)) if minVal - 0.5 <= i <= maxVal + 0.5])]

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        out = []
        for v in values:
            i = int(round(v))
            out.append(self.names[i] if 0 <= i < len(self.names) else "")
        return out


def plain_number(v: float) -> str:
    """A tick value as people write it: 0.002, 0.5, 20, 1,000, 20,000 (never 1e+03)."""
    a = abs(v)
    if a >= 100 or a == 0 or abs(v - round(v)) < 1e-9 * max(a, 1):
        return f"{v:,.0f}"
    if a >= 1:
        return f"{v:.3g}"
    return f"{v:.{max(0, -math.floor(math.log10(a))) + 1}f}".rstrip("0").rstrip(".")


def log_ticks(lo: float, hi: float) -> list[float]:
    """log10 positions of the 1-2-5 values between 10**lo and 10**hi (decades only when that is many)."""
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        return []
    ticks = []
    for decade in range(math.floor(lo) - 1, math.ceil(hi) + 1):
        for m in (1, 2, 5):
            v = decade + math.log10(m)
            if lo <= v <= hi:
                ticks.append(v)
    if len(ticks) > 9:
        ticks = [v for v in ticks if abs(v - round(v)) < 1e-9]
    return ticks


class NumberAxis(pg.AxisItem):
    """Linear ticks with thousands separators and no "(x1e+03)" prefix: 300,000 rather than 300000."""

    def __init__(self, orientation: str = "left", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.enableAutoSIPrefix(False)

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        return [plain_number(v * scale) for v in values]


class Log10Axis(pg.AxisItem):
    """x = log10(value), ticked at 1-2-5 steps of the value (days: 0.5, 1, 2, 5, 10 …)."""

    def __init__(self, orientation: str = "bottom", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.enableAutoSIPrefix(False)

    def tickValues(self, minVal, maxVal, size):  # noqa: N802,N803 - pyqtgraph API
        return [(1.0, log_ticks(minVal, maxVal))]

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        return [plain_number(10**v) for v in values]


class MaybeLogAxis(NumberAxis):
    """A value axis that is linear or log10 (the plot then draws log10 of its values), switched per draw:
    a time that spans a hundredfold reads on a log axis, one that spans twofold on a linear one."""

    log = Redrawn()

    def __init__(self, orientation: str = "left", **kw: object) -> None:
        super().__init__(orientation, **kw)
        self.log = False

    def tickValues(self, minVal, maxVal, size):  # noqa: N802,N803 - pyqtgraph API
        if self.log:
            return [(1.0, log_ticks(minVal, maxVal))]
        return super().tickValues(minVal, maxVal, size)

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        if self.log:
            return [plain_number(10**v) for v in values]
        return super().tickStrings(values, scale, spacing)
