"""Total cost over the horizon against utilization for the planned GPU: cloud on-demand, reserved 1 and 3
years, spot, and owning (on-premises TCO), with the break-even utilization marked. A crosshair follows the
mouse and reads every series out at that utilization."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QColor

from .. import formatting as fmt
from ..cost_fields import unknown_text
from ..resultset import CandidateResult, ResultSet
from ..theme import TIER_COLORS
from .base import PlotPanel, keep_inside

SERIES = ("onprem_tco", "cloud_on_demand", "cloud_reserved_1y", "cloud_reserved_3y", "cloud_spot")


def tr(text: str) -> str:
    return QCoreApplication.translate("TcoPlot", text)


def series_label(key: str) -> str:
    return {
        "onprem_tco": tr("Owning (TCO)"),
        "cloud_on_demand": tr("Cloud on demand"),
        "cloud_reserved_1y": tr("Reserved 1 year"),
        "cloud_reserved_3y": tr("Reserved 3 years"),
        "cloud_spot": tr("Spot"),
    }[key]


class TcoPlot(PlotPanel):
    file_stem = "tco-by-utilization"

    def panel_title(self) -> str:
        return tr("Rent or buy: cost over the horizon by utilization")

    def axis_items(self) -> dict[str, Any]:
        from ._axes import MoneyAxis

        return {"axisItems": {"left": MoneyAxis("left")}}

    def make_plot(self, item: Any) -> None:
        from ._pg import pg

        item.setLabel("bottom", tr("Utilization (%)"))
        item.showGrid(x=True, y=True, alpha=0.25)
        self.legend_beside(item)  # inside, the legend sat on the owning and reserved lines
        item.setMouseEnabled(x=False, y=False)
        item.hideButtons()
        self.cursor_line = pg.InfiniteLine(
            angle=90, movable=False, pen=pg.mkPen((128, 128, 128), style=Qt.PenStyle.DotLine)
        )
        self.readout_item = pg.TextItem("", anchor=(0, 0))
        item.addItem(self.cursor_line, ignoreBounds=True)
        item.addItem(self.readout_item, ignoreBounds=True)
        self._points: tuple = ()
        self.plot_widget.scene().sigMouseMoved.connect(self._hover)

    def candidate(self, rs: ResultSet) -> CandidateResult | None:
        """The GPU the verdict above recommends, when it is at the scenario's GPU count (the candidates are
        estimated there), else the scenario's own GPU: the panel explains the headline instead of contradicting
        it (a recommended MI300X over a rent-or-buy curve of the H100)."""
        for c in (self.recommended(rs), rs.primary):
            if c is not None and c.estimate is not None and c.estimate.cost is not None:
                return c
        return None

    @staticmethod
    def recommended(rs: ResultSet) -> CandidateResult | None:
        rec = rs.recommendation
        if rec.gpu is None or rec.gpu_count != rs.scenario.hardware.gpu_count:
            return None
        return rs.candidate(rec.gpu)

    def draw(self, rs: ResultSet) -> None:
        from ._pg import pg

        item = self.plot_widget.getPlotItem()
        self.series = {}
        self._points = ()
        c = self.candidate(rs)
        item.getAxis("left").currency = rs.currency
        years = rs.scenario.cost.horizon_years
        self.set_label(item, "left", tr("Cost over {0:g} years ({1})").format(years, rs.currency))
        fg = self.foreground()
        self.readout_item.setText("")
        self.readout_item.setColor(fg)
        if c is None:
            primary = rs.primary
            why = primary.error if primary is not None and primary.error else tr("no cost estimate")
            self.set_note(tr("No cost curve: {0}").format(why))
            self.retire()
            return
        assert c.estimate is not None  # candidate() keeps only a primary with an estimate and its cost
        cost = c.estimate.cost
        points = tuple(getattr(cost, "utilization_curve", ()) or ())
        self._points = points
        xs = [100 * p.utilization for p in points]
        missing = []
        for key in SERIES:
            ys = [getattr(p, key) for p in points]
            if not points or any(v is None for v in ys):
                missing.append(series_label(key))
                continue
            main = key in ("onprem_tco", "cloud_on_demand")
            pen = pg.mkPen(
                QColor(TIER_COLORS[key]),
                width=3 if main else 1.8,
                style=Qt.PenStyle.SolidLine if main else Qt.PenStyle.DashLine,
            )
            curve = self.item(key, lambda pen=pen: pg.PlotDataItem(pen=pen), legend=series_label(key))
            self.set_data(curve, xs, ys)
        shown = (
            tr("{0} × {1}, as recommended above.")
            if c is self.recommended(rs) and c is not rs.primary
            else tr("{0} × {1}.")
        )
        notes = [shown.format(rs.scenario.hardware.gpu_count, c.gpu_name)]
        later = []
        owning_why = unknown_text(c.estimate, "onprem_tco") if series_label("onprem_tco") in missing else ""
        if owning_why:  # the engine names the field that is missing (core/cost_reasons.py)
            missing.remove(series_label("onprem_tco"))
            later.append(tr("Owning (TCO) {0}.").format(owning_why))
        if missing:
            later.append(tr("No price for {0} (enter one in step 4).").format(", ".join(missing)))
        u_star = getattr(cost, "breakeven_utilization", None)
        own = QColor(TIER_COLORS["onprem_tco"])
        if u_star is not None and "onprem_tco" in self.series:
            line = self.item(
                "breakeven",
                lambda: pg.InfiniteLine(
                    angle=90,
                    movable=False,
                    pen=pg.mkPen(own, width=1.5, style=Qt.PenStyle.DashDotLine),
                    label="",
                    labelOpts={"position": 0.97, "anchors": [(0, 0), (0, 0)]},
                ),
            )
            line.setValue(100 * u_star)
            line.label.setFormat(tr("break-even {0}").format(fmt.percent(u_star)))
            line.label.setColor(fg)
            keep_inside(line.label, item.getViewBox())
            at = self._interp(u_star, "cloud_on_demand")
            if at is not None:
                dot = self.item(
                    "breakeven_point", lambda: pg.ScatterPlotItem(size=11, symbol="o", brush=pg.mkBrush(own))
                )
                self.set_data(dot, [100 * u_star], [at], pen=pg.mkPen(fg))
            notes.append(tr("Owning wins above {0} utilization.").format(fmt.percent(u_star)))
        elif "onprem_tco" in self.series:
            notes.append(tr("No break-even between 0 and 100%."))
        notes += later
        # the curves are the inputs' prices × hours, exact for those inputs; what the estimator's error moves is
        # the job (its GPU-hours), whose 80% band the verdict, the time plot and the Pareto readout show
        notes.append(tr("Curves: prices × hours, no estimator band."))
        u = rs.scenario.cost.utilization
        mine = self.item(
            "utilization",
            lambda: pg.InfiniteLine(
                angle=90, movable=False, label="", labelOpts={"position": 0.03, "anchors": [(0, 1), (0, 1)]}
            ),
        )
        mine.setPen(pg.mkPen(fg, width=1, style=Qt.PenStyle.DotLine))
        mine.setValue(100 * u)
        mine.label.setFormat(tr("yours {0}").format(fmt.percent(u)))
        mine.label.setColor(fg)
        keep_inside(mine.label, item.getViewBox())
        self.set_note(" ".join(notes))
        self.retire()
        self.set_range(item, "x", 0, 100, padding=0.02)
        self.auto_range(item, "y")

    def _interp(self, u: float, key: str) -> float | None:
        pts = [p for p in self._points if getattr(p, key) is not None]
        if not pts:
            return None
        best = min(pts, key=lambda p: abs(p.utilization - u))
        lo = [p for p in pts if p.utilization <= u]
        hi = [p for p in pts if p.utilization >= u]
        if lo and hi and hi[0].utilization != lo[-1].utilization:
            a, b = lo[-1], hi[0]
            f = (u - a.utilization) / (b.utilization - a.utilization)
            return getattr(a, key) + f * (getattr(b, key) - getattr(a, key))
        return getattr(best, key)

    def readout(self, utilization: float) -> str:
        """Every series at the grid point nearest ``utilization`` (0–1)."""
        if not self._points or self.results is None:
            return ""
        p = min(self._points, key=lambda q: abs(q.utilization - utilization))
        cur = self.results.currency
        lines = [tr("at {0} utilization").format(fmt.percent(p.utilization))]
        for key in SERIES:
            if key in self.series:
                lines.append(f"{series_label(key)}: {fmt.money(getattr(p, key), cur)}")
        return "\n".join(lines)

    def _hover(self, pos: QPointF) -> None:
        if not self._points:
            return
        vb = self.plot_widget.getPlotItem().getViewBox()
        if not vb.sceneBoundingRect().contains(pos):
            return
        v = vb.mapSceneToView(pos)
        u = min(max(v.x() / 100, 0.0), 1.0)
        self.cursor_line.setPos(100 * u)
        self.readout_item.setText(self.readout(u))
        (x0, x1), (y0, y1) = vb.viewRange()
        self.readout_item.setAnchor((1, 0) if u > 0.55 else (0, 0))
        self.readout_item.setPos(100 * u, y1)

    def describe(self) -> str:
        rs = self.results
        c = self.candidate(rs) if rs else None
        if c is None or rs is None:
            return ""
        assert c.estimate is not None and c.estimate.cost is not None  # candidate() keeps only such a primary
        cost, cur = c.estimate.cost, rs.currency
        return tr("On-demand {0}, owning {1}, break-even {2}").format(
            fmt.money(cost.cloud_on_demand, cur),
            fmt.money(getattr(cost, "onprem_tco", None), cur),
            fmt.percent(getattr(cost, "breakeven_utilization", None)),
        )


if __name__ == "__main__":
    from ._demo import run_plot

    run_plot(TcoPlot)
