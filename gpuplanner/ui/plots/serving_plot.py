"""The serving trade-off (issue 21): output tokens/s of one replica against time per output token as the
concurrency grows, one curve per GPU type at the tensor-parallel degree the serving plan chose for it
(``core.serving_plan.TradeoffCurve``), the plan's deployment per GPU ringed, the recommended one larger, and the
TPOT target as a vertical line. Every point is the engine's; nothing is computed here.

Run on its own: ``python -m gpuplanner.ui.plots.serving_plot`` (a Llama 3.1 70B serving scenario).
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QToolTip

from .. import formatting as fmt
from ..resultset import ResultSet
from .base import PlotPanel, keep_inside
from .time_plot import gpu_color, gpu_symbol


def tr(text: str) -> str:
    return QCoreApplication.translate("ServingPlot", text)


def curve_label(rs: ResultSet, gpu: str, tp: int, pp: int) -> str:
    from ..serving_text import gpu_name

    name = gpu_name(rs, gpu).replace("NVIDIA ", "").replace("AMD ", "").replace("Instinct ", "")
    return tr("{0} (TP {1})").format(name, tp) if pp == 1 else tr("{0} (TP {1} × PP {2})").format(name, tp, pp)


def x_of(tpot_seconds: float) -> float:
    """Plot x of a time per output token: log10 of it in milliseconds."""
    return math.log10(max(tpot_seconds * 1e3, 1e-6))


class ServingPlot(PlotPanel):
    file_stem = "serving-tradeoff"

    def panel_title(self) -> str:
        return tr("Serving: output tokens/s per replica against time per output token")

    def axis_items(self) -> dict[str, Any]:
        from ._axes import Log10Axis

        # TPOT runs from a few ms at one sequence to a second at the KV cache's limit: log, or the knee where
        # the deployments sit is squeezed against the axis
        return {"axisItems": {"bottom": Log10Axis("bottom")}}

    def make_plot(self, item: Any) -> None:
        item.setLabel("bottom", tr("Time per output token (ms, log scale)"))
        item.setLabel("left", tr("Output tokens/s per replica"))
        item.showGrid(x=True, y=True, alpha=0.25)
        self.legend_beside(item)
        self._points: list[tuple[str, Any]] = []  # (curve label, CurvePoint) for the hover readout
        self.curves: dict[str, Any] = {}  # GPU type -> its trade-off curve
        self.rings: dict[str, Any] = {}  # GPU type -> the ring on its deployment
        self.plot_widget.scene().sigMouseMoved.connect(self._hover)

    def draw(self, rs: ResultSet) -> None:
        from ._pg import pg

        item = self.plot_widget.getPlotItem()
        self.series = {}
        self.curves, self.rings = {}, {}
        self._points = []
        plan = rs.serving
        if rs.scenario.workload.method != "inference":
            self.set_note(tr("Training scenario: no serving trade-off."))
            self.retire()
            return
        if plan is None or plan.reason or not plan.curves:
            why = rs.serving_error or (plan.reason if plan is not None and plan.reason else "")
            if plan is not None and plan.reason:
                why = tr("give the prompt and generated lengths in step 2")
            elif not why:
                why = tr("no candidate GPU holds one replica")
            self.set_note(tr("No serving curve: {0}.").format(why))
            self.retire()
            return
        fg = self.foreground()
        xs_all: list[float] = []
        ys_all: list[float] = []
        for curve in plan.curves:
            color = gpu_color(rs, curve.gpu)
            symbol = gpu_symbol(rs, curve.gpu)
            label = curve_label(rs, curve.gpu, curve.tp, curve.pp)
            line = self.item(
                f"curve:{curve.gpu}:{color.name()}:{symbol}:{label}",
                lambda color=color, symbol=symbol: pg.PlotDataItem(
                    pen=pg.mkPen(color, width=2.5),
                    symbol=symbol,
                    symbolSize=7,
                    symbolBrush=pg.mkBrush(color),
                    symbolPen=pg.mkPen(color.darker(140)),
                ),
                legend=label,
            )
            xs = [x_of(p.tpot_seconds) for p in curve.points]
            ys = [p.output_tokens_per_second for p in curve.points]
            line.setData(xs, ys)
            self.curves[curve.gpu] = line
            self._points += [(label, p) for p in curve.points]
            xs_all += xs
            ys_all += ys
        rec = plan.recommendation
        for d in plan.deployments:
            chosen = rec is not None and d.gpu == rec.gpu
            ring = self.item(
                f"deployment:{d.gpu}:{chosen}",
                lambda chosen=chosen: pg.ScatterPlotItem(size=20 if chosen else 13, symbol="o", brush=None),
            )
            per_replica = d.output_tokens_per_second / max(d.replicas, 1)
            ring.setData(
                [x_of(d.tpot_seconds)],
                [per_replica],
                pen=pg.mkPen(fg if chosen else gpu_color(rs, d.gpu), width=2.5 if chosen else 1.5),
                brush=None,
            )
            self.rings[d.gpu] = ring
        if plan.tpot_slo_ms is not None:
            slo = self.item(
                "tpot_slo",
                lambda: pg.InfiniteLine(
                    angle=90, movable=False, label="", labelOpts={"position": 0.97, "anchors": [(0, 0), (0, 0)]}
                ),
            )
            slo.setPen(pg.mkPen(fg, width=1, style=Qt.PenStyle.DashLine))
            slo.setValue(x_of(plan.tpot_slo_ms / 1e3))
            slo.label.setFormat(tr("TPOT target {0:g} ms").format(plan.tpot_slo_ms))
            slo.label.setColor(fg)
            keep_inside(slo.label, item.getViewBox())
            xs_all.append(x_of(plan.tpot_slo_ms / 1e3))
        notes = []
        if rec is not None:
            notes.append(tr("Ringed: the plan's deployment per GPU type; the larger ring is the recommendation."))
        else:
            notes.append(tr("Ringed: each GPU type's closest deployment; none meets every target."))
        if plan.unfit:
            notes.append(tr("No replica fits on: {0}.").format(", ".join(plan.unfit)))
        self.set_note(" ".join(notes))
        self.retire()
        if xs_all and ys_all:
            lo_x, hi_x = min(xs_all), max(xs_all)
            span = hi_x - lo_x or 1.0
            item.setXRange(lo_x - 0.04 * span, hi_x + 0.04 * span, padding=0)
            item.setYRange(0, max(ys_all) * 1.1, padding=0)

    def point_text(self, label: str, p: Any) -> str:
        from ..serving_text import ms

        return tr("{0}\n{1} sequences: {2} output tokens/s\nTPOT {3}, TTFT {4}").format(
            label,
            fmt.count(p.batch_per_replica),
            fmt.count(p.output_tokens_per_second),
            ms(p.tpot_seconds),
            ms(p.ttft_seconds),
        )

    def _hover(self, pos: QPointF) -> None:
        if not self._points:
            return
        vb = self.plot_widget.getPlotItem().getViewBox()
        if not vb.sceneBoundingRect().contains(pos):
            return
        best, dist = None, 12.0  # pixels
        for label, p in self._points:
            sp = vb.mapViewToScene(QPointF(x_of(p.tpot_seconds), p.output_tokens_per_second))
            d = math.hypot(sp.x() - pos.x(), sp.y() - pos.y())
            if d < dist:
                best, dist = (label, p), d
        if best is not None:
            QToolTip.showText(QCursor.pos(), self.point_text(*best), self.plot_widget)

    def describe(self) -> str:
        plan = self.results.serving if self.results else None
        if plan is None or not plan.curves:
            return ""
        return tr("{0} serving curves").format(len(plan.curves))


DEMO_SCENARIO = """
schema = 1
name = "Llama 3.1 70B serving"
[model]
preset = "llama-3.1-70b"
[workload]
method = "inference"
input_len = 1024
output_len = 256
batch = "max"
weight_precision = "fp8"
kv_precision = "fp8"
target_output_tokens_per_second = 2000
ttft_slo_ms = 1000
tpot_slo_ms = 50
[hardware]
gpu = "h100-sxm-80gb"
gpu_count = 8
candidates = ["h100-sxm-80gb", "h200-sxm-141gb", "a100-sxm-80gb"]
"""


def demo_serving_document():  # type: ignore[no-untyped-def]
    """A serving scenario over three GPU types with the shipped catalog (the plot's own window, screenshots)."""
    import tomllib

    from gpuplanner.core.catalog import load_catalog
    from gpuplanner.core.scenario_io import parse_scenario

    from ..document import ScenarioDocument

    return ScenarioDocument(parse_scenario(tomllib.loads(DEMO_SCENARIO)), load_catalog(), None)


if __name__ == "__main__":
    import sys

    from .._demo import run_widget
    from ..resultset import compute_results

    def make(_app):  # type: ignore[no-untyped-def]
        doc = demo_serving_document()
        panel = ServingPlot()
        panel._demo_doc = doc  # type: ignore[attr-defined]
        panel.resize(760, 460)
        panel.show_results(compute_results(doc.scenario, doc.catalog))
        return panel

    sys.exit(run_widget(make))
