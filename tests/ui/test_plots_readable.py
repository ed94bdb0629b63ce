"""The plots stay readable whatever the job (issue 16 item 10): a job of hours in hours, a sweep over a
thousandfold on a log axis with the deadline in view, ticks written as numbers (1,000, 300,000, never
1e+03), line labels inside the plot, legends clear of the data, a hover readout on the time plot, and panel
titles that wrap instead of running under the Export button."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtWidgets import QToolTip
from ui_helpers import wait_for_results

from gpuplanner.ui import formatting as fmt


def edit(window, qtbot, **workload):
    s = window.doc.scenario
    workload = {"dataset_tokens": None, "epochs": None, **workload}  # tokens given directly
    window.doc.edit(replace(s, workload=replace(s.workload, **workload)), "test")
    wait_for_results(qtbot, window, timeout=60_000)


def tick_strings(axis) -> list[str]:
    lo, hi = axis.range
    levels = axis.tickValues(lo, hi, axis.geometry().width() or axis.geometry().height())
    return [t for _spacing, values in levels for t in axis.tickStrings(values, 1.0, 1.0)]


def view_rect(plot) -> QRectF:
    return plot.plot_widget.getPlotItem().getViewBox().sceneBoundingRect()


def test_a_job_of_hours_is_plotted_in_hours(window, qtbot):
    edit(window, qtbot, tokens=2e8)  # the 8B default: about 8 hours on one GPU, minutes on 64
    time_plot = window.results_view.time_plot
    rs = window.runner.latest
    longest = max(p.wall_seconds for p in rs.sweep if p.fits and p.wall_seconds)
    assert 2 * 3600 <= longest < 2 * 86400
    left = time_plot.plot_widget.getPlotItem().getAxis("left")
    assert "hours" in left.labelString() and "(x" not in left.labelString()  # no "(x0.001)" prefix
    c = rs.candidates[0]
    pts = [p for p in rs.sweep_for(c.gpu_id) if p.fits and p.wall_seconds is not None]
    _x, y = time_plot.series[c.gpu_id].getData()
    hours = [p.wall_seconds / 3600 for p in pts]
    assert list(y) == pytest.approx([math.log10(h) for h in hours] if left.log else hours)
    pareto = window.results_view.pareto_plot
    bottom = pareto.plot_widget.getPlotItem().getAxis("bottom")
    assert "hours" in bottom.labelString()
    assert all("e" not in t for t in tick_strings(bottom))


def test_a_long_sweep_is_on_a_log_axis_with_the_deadline_in_view(window, qtbot):
    edit(window, qtbot, tokens=1.4e12, deadline_days=30.0)
    plot = window.results_view.time_plot
    axis = plot.plot_widget.getPlotItem().getAxis("left")
    assert axis.log and "days" in axis.labelString()
    (_x0, _x1), (y0, y1) = plot.plot_widget.getPlotItem().getViewBox().viewRange()
    deadline = plot.series["deadline"].value()
    assert deadline == pytest.approx(math.log10(30.0))
    assert 0.05 < (deadline - y0) / (y1 - y0) < 0.95  # not hugging the bottom, not off the top
    ticks = tick_strings(axis)
    assert ticks and all("e" not in t for t in ticks)
    assert any(
        "," in t
        for t in ticks + tick_strings(window.results_view.pareto_plot.plot_widget.getPlotItem().getAxis("bottom"))
    )  # 1,000 and up, grouped
    label = plot.series["deadline"].label
    assert view_rect(plot).adjusted(-1, -1, 1, 1).contains(label.sceneBoundingRect())


def test_count_ticks_never_run_together(window, qtbot):
    edit(window, qtbot, tokens=1.4e12)  # a sweep out to thousands of GPUs
    axis = window.results_view.time_plot.plot_widget.getPlotItem().getAxis("bottom")
    lo, hi = axis.range
    width = axis.geometry().width()
    values = axis.tickValues(lo, hi, width)[0][1]
    assert values and math.isclose(values[0], max(math.ceil(lo - 1e-9), 0))  # the smallest count is labelled
    px_per_unit = width / (hi - lo)
    gaps = [(b - a) * px_per_unit for a, b in zip(values, values[1:], strict=False)]
    assert min(gaps) >= axis.MIN_TICK_PX - 1


def test_memory_axis_groups_thousands(window):
    axis = window.results_view.memory_plot.plot_widget.getPlotItem().getAxis("left")
    assert axis.tickStrings([300_000.0, 1_360.0, 50.0], 1.0, 1.0) == ["300,000", "1,360", "50"]
    assert not axis.autoSIPrefix


@pytest.mark.parametrize("utilization", [0.7, 0.95])
def test_tco_line_labels_stay_inside_the_plot(window, qtbot, utilization):
    s = window.doc.scenario  # a price that puts the break-even near the right edge (about 95%), where it was cut
    window.doc.edit(replace(s, cost=replace(s.cost, utilization=utilization, cloud_usd_per_gpu_hour=1.9)), "test")
    wait_for_results(qtbot, window)
    assert window.runner.latest.primary.estimate.cost.breakeven_utilization is not None
    plot = window.results_view.tco_plot
    inside = view_rect(plot).adjusted(-1, -1, 1, 1)
    for key in ("breakeven", "utilization"):
        label = plot.series[key].label
        assert inside.contains(label.sceneBoundingRect()), (key, label.toPlainText())


@pytest.mark.parametrize("name", ["time_plot", "pareto_plot"])
def test_legends_leave_every_point_visible(window, qtbot, name):
    edit(window, qtbot, tokens=1.4e12, deadline_days=30.0)
    plot = getattr(window.results_view, name)
    item = plot.plot_widget.getPlotItem()
    # read the geometry the user sees: after the pending layout of the redrawn plot has run
    qtbot.wait(100)
    item.layout.activate()
    legend = item.legend.sceneBoundingRect()
    vb = item.getViewBox()
    # a point outside the view's range is not drawn in the plot area (the sweep reaches counts whose days lie far
    # above the shown range), so no legend can cover it; every point inside the range must stay uncovered
    (x0, x1), (y0, y1) = vb.viewRange()
    points = 0
    for key, series in plot.series.items():
        if not key.startswith("gpu:") and key not in {c.gpu_id for c in window.runner.latest.candidates}:
            continue
        xs, ys = series.getData()
        for x, y in zip(xs, ys, strict=True):
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                continue
            assert not legend.contains(vb.mapViewToScene(QPointF(x, y))), (key, x, y)
            points += 1
    assert points > 10


def test_time_plot_reads_out_the_point_under_the_mouse(window, qtbot):
    plot = window.results_view.time_plot
    rs = window.runner.latest
    at_16 = {c.gpu_id: next(q for q in rs.sweep_for(c.gpu_id) if q.fits and q.gpu_count == 16) for c in rs.candidates}
    c = max(rs.candidates, key=lambda c: at_16[c.gpu_id].wall_seconds)  # the slowest: no other point on it
    p = at_16[c.gpu_id]
    vb = plot.plot_widget.getPlotItem().getViewBox()
    at = vb.mapViewToScene(QPointF(math.log2(16), plot.y_of(p.wall_seconds)))
    text = plot.tooltip_near(at + QPointF(3, -2))
    assert text is not None and c.gpu_name in text and "16" in text and fmt.days(p.wall_seconds) in text
    assert plot.tooltip_near(QPointF(at.x() + 400, at.y() - 400)) is None
    plot.plot_widget.scene().sigMouseMoved.emit(at)  # what a mouse move delivers
    qtbot.waitUntil(lambda: QToolTip.text() == text, timeout=2000)


def test_a_narrow_panel_wraps_its_title_clear_of_the_export_button(window, qtbot):
    panel = window.results_view.pareto_plot
    panel.setFixedWidth(300)
    qtbot.waitUntil(lambda: panel.width() == 300, timeout=2000)
    qtbot.wait(50)
    title, button = panel.title.geometry(), panel.export_button.geometry()
    assert not title.intersects(button)
    metrics = panel.title.fontMetrics()
    wrapped = metrics.boundingRect(
        QRect(0, 0, title.width(), 10_000), int(Qt.TextFlag.TextWordWrap), panel.title.text()
    )
    assert metrics.horizontalAdvance(panel.title.text()) > title.width()  # too long for one line here
    assert title.height() >= wrapped.height()  # every line shown


@pytest.fixture
def korean_window(qtbot, qapp, settings):
    from gpuplanner.ui import i18n
    from gpuplanner.ui.app import build_window

    assert i18n.install_translator(qapp, "ko") == "ko"
    win = build_window(settings, smoke_test=True)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win._painted, timeout=5000)
    wait_for_results(qtbot, win)
    yield win
    win.doc.undo_stack.setClean()
    win.runner.shutdown()
    i18n.uninstall_translator(qapp)


def test_korean_line_labels_are_not_cut_at_the_plot_edge(korean_window, qtbot):
    """ "손익분기 가동률 …" lost its end past the right edge; the deadline label too."""
    window = korean_window
    edit(window, qtbot, tokens=1.4e12, deadline_days=30.0)
    s = window.doc.scenario
    window.doc.edit(replace(s, cost=replace(s.cost, utilization=0.95, cloud_usd_per_gpu_hour=1.9)), "test")
    wait_for_results(qtbot, window, timeout=60_000)
    tco, time_plot = window.results_view.tco_plot, window.results_view.time_plot
    assert "손익분기" in tco.series["breakeven"].label.toPlainText()
    for plot, key in ((tco, "breakeven"), (tco, "utilization"), (time_plot, "deadline"), (time_plot, "gpu_count")):
        label = plot.series[key].label
        assert view_rect(plot).adjusted(-1, -1, 1, 1).contains(label.sceneBoundingRect()), label.toPlainText()
    assert "로그" in time_plot.plot_widget.getPlotItem().getAxis("left").labelString()


def test_korean_memory_verdicts_stay_inside_a_short_plot(korean_window, qtbot):
    """The tallest GPU's verdict (three lines of taller Korean glyphs) lost its first line above a short memory
    plot: the room above the capacity lines follows the labels' height in pixels."""
    window = korean_window
    plot = window.results_view.memory_plot
    plot.setFixedHeight(300)
    qtbot.waitUntil(lambda: plot.height() == 300, timeout=2000)
    qtbot.wait(100)
    item = plot.plot_widget.getPlotItem()
    item.layout.activate()
    rect = view_rect(plot).adjusted(-1, -1, 1, 1)
    for label in plot.verdicts:
        assert rect.contains(label.sceneBoundingRect()), label.toPlainText()
