"""Training time against GPU count, one line per candidate GPU (counts where the workload fits), with the
scenario's own count and the deadline marked."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QColor, QCursor
from PySide6.QtWidgets import QToolTip

from .. import formatting as fmt
from ..resultset import CandidateResult, ResultSet, SweepPoint
from ..theme import SERIES_COLORS
from ._units import DAY_SECONDS, shown_wall_seconds, time_scale
from .base import PlotPanel, keep_inside
from .memory_plot import short_name


def tr(text: str) -> str:
    return QCoreApplication.translate("TimePlot", text)


def gpu_color(rs: ResultSet, gpu_id: str) -> QColor:
    ids = [c.gpu_id for c in rs.candidates]
    return QColor(SERIES_COLORS[ids.index(gpu_id) % len(SERIES_COLORS)] if gpu_id in ids else "#777777")


SYMBOLS = ("o", "s", "t", "d", "star", "h", "p", "x")


def gpu_symbol(rs: ResultSet, gpu_id: str) -> str:
    """A marker shape per GPU, so lines that lie on top of each other stay distinguishable."""
    ids = [c.gpu_id for c in rs.candidates]
    return SYMBOLS[ids.index(gpu_id) % len(SYMBOLS)] if gpu_id in ids else "o"


class TimePlot(PlotPanel):
    file_stem = "time-vs-gpu-count"

    def panel_title(self) -> str:
        return tr("Training time against GPU count")

    def axis_items(self) -> dict[str, Any]:
        from ._axes import Log2CountAxis, MaybeLogAxis

        return {"axisItems": {"bottom": Log2CountAxis("bottom"), "left": MaybeLogAxis("left")}}

    def make_plot(self, item: Any) -> None:
        item.setLabel("bottom", tr("GPUs"))
        item.setLogMode(x=False, y=False)
        item.showGrid(x=True, y=True, alpha=0.25)
        self.legend_beside(item)
        self.scale = time_scale([])
        item.setLabel("left", self.scale.axis_label(short=True))
        self._shown: list[tuple[CandidateResult, SweepPoint]] = []
        self.plot_widget.scene().sigMouseMoved.connect(self._hover)

    def y_of(self, seconds: float) -> float:
        """Plot y of a wall-clock time (in the unit and scale of the last draw)."""
        return self.scale.value(seconds)

    def draw(self, rs: ResultSet) -> None:
        from ._pg import pg

        item = self.plot_widget.getPlotItem()
        self.series = {}
        note = ""
        if not rs.scenario.workload.is_training:
            note = tr("Inference serving has no training time.")
        elif not rs.has_time:
            note = tr("No time estimate from the engine for this scenario.")
        elif rs.sweep is None:
            note = tr("Computing times for other GPU counts…")
        if note:
            self.set_note(note)
            self.retire()
            return
        fg = self.foreground()
        dl = rs.scenario.workload.deadline_days
        plotted = [
            (c, [p for p in rs.sweep_for(c.gpu_id) if p.fits and p.wall_seconds is not None]) for c in rs.candidates
        ]
        times = [shown_wall_seconds(p) for _c, pts in plotted for p in pts]
        self.scale = time_scale(times + ([dl * DAY_SECONDS] if dl is not None else []))
        axis = item.getAxis("left")
        axis.log = self.scale.log
        self.set_label(item, "left", self.scale.axis_label(short=True))
        self._shown = []
        self._band_tops: list[float] = []
        for c, pts in plotted:
            if not pts:
                continue
            color = gpu_color(rs, c.gpu_id)
            symbol = gpu_symbol(rs, c.gpu_id)
            curve = self.item(
                f"gpu:{c.gpu_id}:{color.name()}:{symbol}",
                lambda color=color, symbol=symbol: pg.PlotDataItem(
                    pen=pg.mkPen(color, width=2),
                    symbol=symbol,
                    symbolSize=8,
                    symbolBrush=color,
                    symbolPen=pg.mkPen(color),
                ),
                legend=short_name(c),
            )
            xs = [math.log2(p.gpu_count) for p in pts]
            self.set_data(curve, xs, [self.y_of(shown_wall_seconds(p)) for p in pts])
            self.series[c.gpu_id] = curve
            self._band(c.gpu_id, color, xs, pts)
            self._shown += [(c, p) for p in pts]
        n = rs.scenario.hardware.gpu_count
        mine = self.item(
            "gpu_count",
            lambda: pg.InfiniteLine(
                angle=90, movable=False, label="", labelOpts={"position": 0.97, "anchors": [(0, 0), (0, 0)]}
            ),
        )
        mine.setPen(pg.mkPen(fg, width=1, style=Qt.PenStyle.DotLine))
        mine.setValue(math.log2(n))
        mine.label.setFormat((tr("{0} GPU") if n == 1 else tr("{0} GPUs")).format(n))
        mine.label.setColor(fg)
        keep_inside(mine.label, item.getViewBox())
        if dl is not None:
            line = self.item(
                "deadline",
                lambda: pg.InfiniteLine(
                    angle=0,
                    movable=False,
                    pen=pg.mkPen(QColor("#D55E00"), width=1.5, style=Qt.PenStyle.DashLine),
                    label="",
                    # right end, above the line: centred at 0.85 it ran off the plot's edge
                    labelOpts={"position": 0.98, "anchors": [(1, 1), (1, 1)]},
                ),
            )
            line.setValue(self.y_of(dl * DAY_SECONDS))
            line.label.setFormat(tr("deadline {0:g} days").format(dl))
            line.label.setColor(fg)
        fitted = [k for k in self.series if k not in ("gpu_count", "deadline") and not k.startswith(("gpu:", "band"))]
        banded = tr("Shaded: the 80% band of each line.") if self._band_tops else ""
        self.set_note(banded if fitted else tr("The workload fits on none of the plotted GPU counts."))
        self.retire()
        self.auto_range(item, "x")
        ys = [self.y_of(shown_wall_seconds(p)) for _c, p in self._shown] + self._band_tops
        if dl is not None:
            ys.append(self.y_of(dl * DAY_SECONDS))  # the deadline always in view, not off the top
        if ys:
            lo, hi = min(ys), max(ys)
            if self.scale.log:
                self.set_range(item, "y", lo - 0.08 * (hi - lo or 1), hi + 0.08 * (hi - lo or 1))
            else:
                self.set_range(item, "y", 0, hi * 1.08 or 1.0)
        else:
            self.auto_range(item, "y")

    def _band(self, gpu_id: str, color: QColor, xs: list[float], pts: list[SweepPoint]) -> None:
        """The 80% band of the wall clock (core.bands) shaded around one GPU's curve."""
        from ._pg import pg

        banded = [(x, band) for x, p in zip(xs, pts, strict=True) if (band := p.wall_seconds_band) is not None]
        if len(banded) < 2:
            return
        fill = QColor(color)
        fill.setAlpha(72)
        low = self.item(f"band-low:{gpu_id}", lambda: pg.PlotCurveItem(pen=pg.mkPen(None)))
        high = self.item(f"band-high:{gpu_id}", lambda: pg.PlotCurveItem(pen=pg.mkPen(None)))
        bx = [x for x, _b in banded]
        self.set_data(low, bx, [self.y_of(max(b.low, 1.0)) for _x, b in banded])
        self.set_data(high, bx, [self.y_of(max(b.high, 1.0)) for _x, b in banded])
        shade = self.item(f"band:{gpu_id}:{fill.name()}", lambda: pg.FillBetweenItem(low, high, brush=fill))
        shade.setZValue(-10)  # under the curves and their markers
        self._band_tops += [self.y_of(b.high) for _x, b in banded]

    def point_text(self, c: CandidateResult, p: SweepPoint) -> str:
        text = tr("{0} × {1}\n{2}, {3}").format(
            fmt.count(p.gpu_count), c.gpu_name, fmt.days(p.wall_seconds), fmt.gpu_hours(p.gpu_hours)
        )
        rng = fmt.days_range(p.wall_seconds_band, p.wall_seconds)
        return text + ("\n" + rng if rng else "")

    def tooltip_near(self, scene_pos: QPointF, radius_px: float = 12.0) -> str | None:
        """The readout of the plotted point nearest ``scene_pos`` (within ``radius_px``), else None."""
        vb = self.plot_widget.getPlotItem().getViewBox()
        best, dist = None, radius_px
        for c, p in self._shown:
            sp = vb.mapViewToScene(QPointF(math.log2(p.gpu_count), self.y_of(shown_wall_seconds(p))))
            d = math.hypot(sp.x() - scene_pos.x(), sp.y() - scene_pos.y())
            if d < dist:
                best, dist = (c, p), d
        return self.point_text(*best) if best is not None else None

    def _hover(self, pos: QPointF) -> None:
        vb = self.plot_widget.getPlotItem().getViewBox()
        if not self._shown or not vb.sceneBoundingRect().contains(pos):
            return
        text = self.tooltip_near(pos)
        if text:
            QToolTip.showText(QCursor.pos(), text, self.plot_widget)
        else:
            QToolTip.hideText()

    def describe(self) -> str:
        rs = self.results
        if rs is None or not rs.sweep:
            return ""
        p = next(
            (q for q in rs.sweep_for(rs.scenario.hardware.gpu) if q.gpu_count == rs.scenario.hardware.gpu_count), None
        )
        return tr("{0} on {1} GPUs").format(fmt.days(p.wall_seconds) if p else fmt.DASH, rs.scenario.hardware.gpu_count)


if __name__ == "__main__":
    from ._demo import run_plot

    run_plot(TimePlot)
