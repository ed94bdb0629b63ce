"""Issue #15, the redraw: the plots set only what changed (the sweep curves, axis titles and ranges stay when a new
GPU count moves only the count marker), yet everything that changes still shows, a range the user zoomed to is set
back, an axis whose tick setting changes is redrawn, and the table reads each new result."""

from __future__ import annotations

import math
from dataclasses import replace

from PySide6.QtCore import Qt
from ui_helpers import wait_for_results

from gpuplanner.ui.resultset import compute_results


def _count(monkeypatch, cls, name: str) -> list[object]:
    calls: list[object] = []
    original = getattr(cls, name)

    def spy(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(cls, name, spy)
    return calls


def test_a_new_gpu_count_redraws_the_marker_not_the_sweep(window, monkeypatch):
    from gpuplanner.ui.plots._pg import pg

    view, doc = window.results_view, window.doc
    s = doc.scenario
    before = compute_results(s, doc.catalog)
    after = compute_results(replace(s, hardware=replace(s.hardware, gpu_count=2 * s.hardware.gpu_count)), doc.catalog)
    view.show_results(before)
    time_plot = view.time_plot
    curves = {k: v for k, v in time_plot.series.items() if k.startswith("gpu:")}
    assert curves  # one per GPU type that fits somewhere on the sweep
    data = {k: [list(a) for a in v.getData()] for k, v in curves.items()}
    set_data = _count(monkeypatch, pg.PlotDataItem, "setData")
    labels = _count(monkeypatch, pg.AxisItem, "setLabel")
    view.show_results(after)
    # the sweep does not depend on the scenario's own count: its curves and every axis title stay as they were
    assert not [c for c in set_data if c in curves.values()]
    assert labels == []
    assert {k: [list(a) for a in v.getData()] for k, v in curves.items()} == data
    n = after.scenario.hardware.gpu_count
    marker = time_plot.series["gpu_count"]
    assert marker.value() == math.log2(n) and f"{n} GPUs" in marker.label.toPlainText()


def test_what_changes_is_drawn_and_a_zoom_is_set_back(window, qtbot):
    view, doc = window.results_view, window.doc
    s = doc.scenario
    tco = view.tco_plot
    cheap = compute_results(replace(s, cost=replace(s.cost, cloud_usd_per_gpu_hour=1.0)), doc.catalog)
    dear = compute_results(replace(s, cost=replace(s.cost, cloud_usd_per_gpu_hour=4.0)), doc.catalog)
    view.show_results(cheap)
    _x, y_cheap = tco.series["cloud_on_demand"].getData()
    view.show_results(dear)
    _x, y_dear = tco.series["cloud_on_demand"].getData()
    expected = [p.cloud_on_demand for p in dear.primary.estimate.cost.utilization_curve]
    assert list(y_dear) == expected != list(y_cheap)  # a new price: a new curve
    pareto = view.pareto_plot
    vb = pareto.plot_widget.getPlotItem().getViewBox()
    shown = vb.viewRange()
    vb.setRange(xRange=(0, 1), yRange=(0, 1), padding=0)  # the user zooms in
    view.show_results(dear)  # the same results again
    assert vb.viewRange() == shown


def test_an_axis_redraws_when_its_tick_setting_changes(window):
    axis = window.results_view.tco_plot.plot_widget.getPlotItem().getAxis("left")
    window.results_view.grab()
    assert axis.picture is not None  # painted and cached
    axis.currency = axis.currency  # the same setting: the picture stays
    assert axis.picture is not None
    axis.currency = "KRW" if axis.currency != "KRW" else "USD"
    assert axis.picture is None


def test_the_table_reads_each_new_result(window, qtbot):
    model = window.results_view.table_model
    doc = window.doc
    s = doc.scenario
    column = model.column_of("gpu_hours")
    old = model.data(model.index(0, column), Qt.ItemDataRole.DisplayRole)
    doc.edit(replace(s, workload=replace(s.workload, epochs=2 * (s.workload.epochs or 1))), "typed")
    wait_for_results(qtbot, window)
    new = model.data(model.index(0, column), Qt.ItemDataRole.DisplayRole)
    assert new != old and model.data(model.index(0, column), Qt.ItemDataRole.UserRole) == (
        window.runner.latest.candidates[0].estimate.time.gpu_hours
    )


def test_a_new_axis_title_is_centred(window):
    plot = window.results_view.time_plot
    item = plot.plot_widget.getPlotItem()
    axis = item.getAxis("left")
    for text in ("Wall clock (days)", "A much longer title for the same axis, in days"):
        plot.set_label(item, "left", text)
        assert axis.label.toPlainText().strip() == text
        centre = axis.label.pos().y() - axis.label.boundingRect().width() / 2  # the title runs bottom to top
        assert abs(centre - axis.size().height() / 2) <= 1
