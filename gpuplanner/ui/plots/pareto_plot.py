"""Job cost against training time for every candidate GPU and GPU count that fits; the Plan's Pareto set (the
points no other point beats on both time and cost, from core.plan) is joined, and the scenario's own choice is
ringed."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QToolTip

from .. import formatting as fmt
from ..resultset import ResultSet, SweepPoint
from ._units import DAY_SECONDS, LOG_SPREAD, TimeScale, shown_job_cost, shown_wall_seconds, time_scale
from .base import PlotPanel
from .memory_plot import short_name
from .time_plot import gpu_color, gpu_symbol


def tr(text: str) -> str:
    return QCoreApplication.translate("ParetoPlot", text)


DAYS_LOG = TimeScale(DAY_SECONDS, log=True)


def x_of(p: SweepPoint, scale: TimeScale = DAYS_LOG) -> float:
    """Plot x of a point: log10 of its wall clock in the axis unit (days unless the plot picked another)."""
    return scale.value(shown_wall_seconds(p))


class ParetoPlot(PlotPanel):
    file_stem = "cost-vs-time"

    def panel_title(self) -> str:
        return tr("Job cost (on demand) against time, all GPU types (Pareto)")

    def axis_items(self) -> dict[str, Any]:
        from ._axes import Log10Axis, MoneyAxis

        return {"axisItems": {"left": MoneyAxis("left"), "bottom": Log10Axis("bottom")}}

    def make_plot(self, item: Any) -> None:
        self.scale = DAYS_LOG
        self.log_cost = False
        item.setLabel("bottom", self.scale.axis_label())
        item.showGrid(x=True, y=True, alpha=0.25)
        self.legend_beside(item)
        self.front: list[SweepPoint] = []
        self._shown: list[SweepPoint] = []
        self.plot_widget.scene().sigMouseMoved.connect(self._hover)

    def x_of(self, p: SweepPoint) -> float:
        return x_of(p, self.scale)

    def y_of(self, job_cost: float) -> float:
        """Plot y of a job cost (log10 of it on a log cost axis)."""
        return math.log10(max(job_cost, 1e-9)) if self.log_cost else job_cost

    def draw(self, rs: ResultSet) -> None:
        from ._pg import pg

        item = self.plot_widget.getPlotItem()
        self.series = {}
        self.front, self._shown = [], []
        item.getAxis("left").currency = rs.currency
        self.set_label(item, "left", tr("Job cost ({0})").format(rs.currency))
        note = ""
        if not rs.scenario.workload.is_training:
            note = tr("Inference serving has no training job to cost.")
        elif not rs.has_time:
            note = tr("No time estimate from the engine for this scenario.")
        elif rs.sweep is None:
            note = tr("Computing other GPU counts…")
        if note:
            self.set_note(note)
            self.retire()
            return
        sweep = rs.sweep
        assert sweep is not None  # else the note above
        usable = [p for p in sweep if p.fits and p.wall_seconds is not None and p.job_cost is not None]
        no_price = sorted({p.gpu_id for p in sweep if p.job_cost is None})
        self.set_note(tr("No on-demand price in the catalog for: {0}").format(", ".join(no_price)) if no_price else "")
        fg = self.foreground()
        # hours for a job of hours ("0.002 days" read badly), days from two days up
        self.scale = time_scale([shown_wall_seconds(p) for p in usable], log=True)
        self.set_label(item, "bottom", self.scale.axis_label())
        costs = [cost for cost in map(shown_job_cost, usable) if cost > 0]
        # a sweep to thousands of GPUs spans costs a hundredfold: linear, the cheap points lay on the axis
        self.log_cost = bool(costs) and min(costs) > 0 and max(costs) / min(costs) > LOG_SPREAD
        item.getAxis("left").log = self.log_cost
        for c in rs.candidates:
            pts = [p for p in usable if p.gpu_id == c.gpu_id]
            if not pts:
                continue
            color = gpu_color(rs, c.gpu_id)
            symbol = gpu_symbol(rs, c.gpu_id)
            scatter = self.item(
                f"gpu:{c.gpu_id}:{color.name()}:{symbol}",
                lambda color=color, symbol=symbol: pg.ScatterPlotItem(
                    size=9, symbol=symbol, brush=pg.mkBrush(color), pen=pg.mkPen(color.darker(140))
                ),
                legend=short_name(c),
            )
            self.set_data(scatter, [self.x_of(p) for p in pts], [self.y_of(shown_job_cost(p)) for p in pts])
            self.series[c.gpu_id] = scatter
            self._shown += pts
        self.front = [p for p in rs.pareto if p.job_cost is not None]  # the Plan's Pareto set (core.plan)
        if self.front:
            line = self.item("front", lambda: pg.PlotDataItem(), legend=tr("Pareto front"))
            self.set_data(line, [self.x_of(p) for p in self.front], [self.y_of(shown_job_cost(p)) for p in self.front])
            line.setPen(pg.mkPen(fg, width=1.5, style=Qt.PenStyle.DashLine))
        mine = next(
            (
                p
                for p in usable
                if p.gpu_id == rs.scenario.hardware.gpu and p.gpu_count == rs.scenario.hardware.gpu_count
            ),
            None,
        )
        if mine is not None:
            ring = self.item("yours", lambda: pg.ScatterPlotItem(size=18, symbol="o", brush=None))
            self.set_data(
                ring, [self.x_of(mine)], [self.y_of(shown_job_cost(mine))], pen=pg.mkPen(fg, width=2), brush=None
            )
        self.retire()
        xs = [self.x_of(p) for p in self._shown]
        if xs:  # half a marker clear of the axes at both ends
            span = max(xs) - min(xs) or 1.0
            self.set_range(item, "x", min(xs) - 0.06 * span, max(xs) + 0.06 * span)
        else:
            self.auto_range(item, "x")
        if usable:  # from zero, with room for the ring round the top point (the legend is beside it)
            ys = [self.y_of(shown_job_cost(p)) for p in usable]
            if self.log_cost:
                lo, hi = min(ys), max(ys)
                self.set_range(item, "y", lo - 0.08 * (hi - lo or 1), hi + 0.08 * (hi - lo or 1))
            else:
                self.set_range(item, "y", 0, max(ys) * 1.1)

    def point_text(self, p: SweepPoint) -> str:
        cur = self.results.currency if self.results else "USD"
        found = self.results.candidate(p.gpu_id) if self.results else None
        name = found.gpu_name if found else p.gpu_id
        text = tr("{0} × {1}\n{2}, {3}\n{4}").format(
            p.gpu_count, name, fmt.days(p.wall_seconds), fmt.gpu_hours(p.gpu_hours), fmt.money(p.job_cost, cur)
        )
        ranges = [fmt.days_range(p.wall_seconds_band, p.wall_seconds), fmt.money_range(p.job_cost_band, cur)]
        return text + "".join("\n" + r for r in ranges if r)

    def _hover(self, pos: QPointF) -> None:
        if not self._shown:
            return
        vb = self.plot_widget.getPlotItem().getViewBox()
        if not vb.sceneBoundingRect().contains(pos):
            return
        best, dist = None, 12.0  # pixels
        for p in self._shown:
            sp = vb.mapViewToScene(QPointF(self.x_of(p), self.y_of(shown_job_cost(p))))
            d = math.hypot(sp.x() - pos.x(), sp.y() - pos.y())
            if d < dist:
                best, dist = p, d
        if best is not None:
            QToolTip.showText(QCursor.pos(), self.point_text(best), self.plot_widget)

    def describe(self) -> str:
        if not self.front:
            return ""
        return tr("Pareto front: {0}").format(
            "; ".join(f"{p.gpu_count}× {p.gpu_id} {fmt.days(p.wall_seconds)}" for p in self.front)
        )


if __name__ == "__main__":
    from ._demo import run_plot

    run_plot(ParetoPlot)
