"""The time unit and scale a time axis uses, picked from the times it shows (no pyqtgraph needed).

A 15-hour job on a days axis read "Wall clock (days) (x0.001)"; a sweep from 1 to 2,048 GPUs spans a
thousandfold, and on a linear axis everything but the first points (and a 30-day deadline) hugged zero.
Training time falls about as 1/GPUs, so on the plot's log2 GPU axis a log time axis makes each GPU a near
straight line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from ..resultset import SweepPoint

MINUTE_SECONDS = 60.0
HOUR_SECONDS = 3600.0
DAY_SECONDS = 86400.0
LOG_SPREAD = 20.0  # largest / smallest time above which the axis is logarithmic


def tr(text: str) -> str:
    return QCoreApplication.translate("TimeScale", text)


@dataclass(frozen=True)
class TimeScale:
    seconds_per_unit: float
    log: bool

    def value(self, seconds: float) -> float:
        """Where ``seconds`` sits on the axis (log10 of the unit's count on a log axis)."""
        v = seconds / self.seconds_per_unit
        return math.log10(max(v, 1e-9)) if self.log else v

    def seconds(self, value: float) -> float:
        return (10**value if self.log else value) * self.seconds_per_unit

    @property
    def unit_name(self) -> str:
        return {MINUTE_SECONDS: tr("minutes"), HOUR_SECONDS: tr("hours")}.get(self.seconds_per_unit, tr("days"))

    def axis_label(self, *, short: bool = False) -> str:
        """``short``: for a vertical axis, where "(days, log scale)" ran past the plot's top."""
        if self.log:
            text = tr("Wall clock ({0}, log)") if short else tr("Wall clock ({0}, log scale)")
            return text.format(self.unit_name)
        return tr("Wall clock ({0})").format(self.unit_name)


def unit_for(longest_seconds: float) -> float:
    """Days from two days up, hours from two hours, else minutes."""
    if longest_seconds >= 2 * DAY_SECONDS:
        return DAY_SECONDS
    if longest_seconds >= 2 * HOUR_SECONDS:
        return HOUR_SECONDS
    return MINUTE_SECONDS


def time_scale(seconds: list[float], *, log: bool | None = None) -> TimeScale:
    """The scale for these times: the unit by the longest, log when they span more than LOG_SPREAD
    (``log`` forces it either way)."""
    usable = [s for s in seconds if s is not None and s > 0 and math.isfinite(s)]
    if not usable:
        return TimeScale(DAY_SECONDS, bool(log))
    lo, hi = min(usable), max(usable)
    return TimeScale(unit_for(hi), (hi / lo > LOG_SPREAD) if log is None else log)


def shown_wall_seconds(p: SweepPoint) -> float:
    """The wall clock of a sweep point on a plot: the time and Pareto plots show only points that have one."""
    assert p.wall_seconds is not None
    return p.wall_seconds


def shown_job_cost(p: SweepPoint) -> float:
    """The job cost of a sweep point on the Pareto plot, which shows only points that have one."""
    assert p.job_cost is not None
    return p.job_cost
