"""Training time against GPU count, one line per candidate GPU (counts where the workload fits), with the
scenario's own count and the deadline marked."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor

from .. import formatting as fmt
from ..resultset import ResultSet
from ..theme import SERIES_COLORS
from .base import PlotPanel
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
        from ._axes import Log2CountAxis

        return {"axisItems": {"bottom": Log2CountAxis("bottom")}}

    def make_plot(self, item: Any) -> None:
        item.setLabel("bottom", tr("GPUs"))
        item.setLabel("left", tr("Wall clock (days)"))
        item.setLogMode(x=False, y=False)
        item.showGrid(x=True, y=True, alpha=0.25)
        item.addLegend(offset=(-8, 8), labelTextSize="8pt")

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
        for c in rs.candidates:
            pts = [p for p in rs.sweep_for(c.gpu_id) if p.fits and p.wall_seconds is not None]
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
            curve.setData([math.log2(p.gpu_count) for p in pts], [p.wall_seconds / 86400 for p in pts])
            self.series[c.gpu_id] = curve
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
        dl = rs.scenario.workload.deadline_days
        if dl is not None:
            line = self.item(
                "deadline",
                lambda: pg.InfiniteLine(
                    angle=0,
                    movable=False,
                    pen=pg.mkPen(QColor("#D55E00"), width=1.5, style=Qt.PenStyle.DashLine),
                    label="",
                    labelOpts={"position": 0.85},
                ),
            )
            line.setValue(dl)
            line.label.setFormat(tr("deadline {0:g} days").format(dl))
            line.label.setColor(fg)
        fitted = [k for k in self.series if k not in ("gpu_count", "deadline") and not k.startswith("gpu:")]
        self.set_note("" if fitted else tr("The workload fits on none of the plotted GPU counts."))
        self.retire()
        item.enableAutoRange()

    def describe(self) -> str:
        rs = self.results
        if rs is None or not rs.sweep:
            return ""
        p = next(
            (q for q in rs.sweep_for(rs.scenario.hardware.gpu) if q.gpu_count == rs.scenario.hardware.gpu_count), None
        )
        return tr("{0} days on {1} GPUs").format(
            fmt.days(p.wall_seconds) if p else fmt.DASH, rs.scenario.hardware.gpu_count
        )


if __name__ == "__main__":
    from ._demo import run_plot

    run_plot(TimePlot)
