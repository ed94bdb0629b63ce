"""Each plot holds the expected series with the engine's values, reads out the formula behind a number on
hover, follows the palette, and exports to PNG and SVG."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from PySide6.QtGui import QImage
from ui_helpers import wait_for_results

from gpuplanner.core.engine import estimate
from gpuplanner.ui import formatting as fmt
from gpuplanner.ui.plots.memory_plot import STACK
from gpuplanner.ui.plots.pareto_plot import x_of
from gpuplanner.ui.plots.tco_plot import SERIES

GIB = 2**30


def bar_data(bar):
    o = bar.opts
    return list(o["x"]), list(o["height"]), list(o["y0"])


def test_memory_plot_stacks_the_engine_breakdown(window, catalog):
    plot = window.results_view.memory_plot
    rs = window.runner.latest
    s = window.doc.scenario
    assert plot.loaded
    for comp in STACK:
        values = [estimate(s, catalog, c.gpu_id).memory for c in rs.candidates]
        heights = [getattr(m, comp) / GIB for m in values]
        if not any(heights):
            assert comp not in plot.series
            continue
        x, h, _y0 = bar_data(plot.series[comp])
        assert x == [0.0, 1.0, 2.0, 3.0]
        assert h == pytest.approx(heights, rel=1e-12)
    # stacking: each segment starts where the previous one ended
    _x, h_w, y0_w = bar_data(plot.series["weights"])
    _x, _h, y0_g = bar_data(plot.series["gradients"])
    assert y0_g == pytest.approx([a + b for a, b in zip(y0_w, h_w, strict=True)])
    xs, ys = plot.series["capacity"].getData()
    caps = [c.estimate.memory.capacity / GIB for c in rs.candidates]
    assert [y for y in ys if not math.isnan(y)] == pytest.approx([c for c in caps for _ in (0, 1)])
    verdicts = [t.toPlainText() for t in plot.verdicts]
    for text, c in zip(verdicts, rs.candidates, strict=True):
        m = c.estimate.memory
        assert ("fits" in text) == m.fits and fmt.gib(abs(m.headroom)) in text


def test_tco_plot_without_a_break_even_draws_no_break_even_line(window, qtbot):
    s = window.doc.scenario  # renting this cheaply beats owning at every utilization
    window.doc.edit(replace(s, cost=replace(s.cost, cloud_usd_per_gpu_hour=0.25)), "typed")
    wait_for_results(qtbot, window)
    plot = window.results_view.tco_plot
    assert plot.candidate(window.runner.latest).estimate.cost.breakeven_utilization is None
    assert "breakeven" not in plot.series
    assert "onprem_tco" in plot.series and "cloud_on_demand" in plot.series


def test_tco_plot_shows_the_gpu_the_verdict_recommends(window, qtbot):
    """The default scenario's verdict recommends another candidate at its own GPU count: the rent-or-buy panel
    under it shows that GPU's curves and says so, instead of the scenario's GPU with a break-even the verdict
    does not mention."""
    rs = window.runner.latest
    rec = rs.recommendation
    plot = window.results_view.tco_plot
    shown = plot.candidate(rs)
    # the default scenario (8 × H100) is recommended 8 × MI300X, the cheapest of its candidates at that count
    assert rec.gpu_count == rs.scenario.hardware.gpu_count and rec.gpu != rs.scenario.hardware.gpu
    assert shown.gpu_id == rec.gpu
    assert "as recommended above" in plot.note.text()
    x, y = plot.series["onprem_tco"].getData()
    assert list(y) == pytest.approx([p.onprem_tco for p in shown.estimate.cost.utilization_curve])


def test_memory_hover_shows_formula(window):
    plot = window.results_view.memory_plot
    rs = window.runner.latest
    m = rs.candidates[0].estimate.memory
    tip = plot.tooltip_at(0.1, m.weights / GIB / 2)
    assert tip.startswith(rs.candidates[0].gpu_name) and "Weights" in tip and "B/param" in tip
    head = plot.tooltip_at(0.0, (m.total + m.overhead) / GIB + 0.5)
    assert "headroom = capacity − allocated peak − overhead" in head
    assert plot.tooltip_at(0.5, 1.0) is None  # between bars


def test_tco_plot_draws_the_cost_curves(window, qtbot):
    s = window.doc.scenario  # a price at which owning wins somewhere, so that the break-even line is drawn
    window.doc.edit(replace(s, cost=replace(s.cost, cloud_usd_per_gpu_hour=6.0)), "typed")
    wait_for_results(qtbot, window)
    plot = window.results_view.tco_plot
    rs = window.runner.latest
    cost = plot.candidate(rs).estimate.cost
    curve = cost.utilization_curve
    for key in SERIES:
        ys = [getattr(p, key) for p in curve]
        if any(v is None for v in ys):
            assert key not in plot.series
            continue
        x, y = plot.series[key].getData()
        assert list(x) == pytest.approx([100 * p.utilization for p in curve])
        assert list(y) == pytest.approx(ys)
    assert "onprem_tco" in plot.series and "cloud_on_demand" in plot.series
    assert cost.breakeven_utilization is not None
    assert plot.series["breakeven"].value() == pytest.approx(100 * cost.breakeven_utilization)
    assert plot.series["utilization"].value() == pytest.approx(100 * rs.scenario.cost.utilization)
    text = plot.readout(0.5)
    assert text.startswith("at 50% utilization")
    half = next(p for p in curve if abs(p.utilization - 0.5) < 1e-9)
    assert fmt.money(half.onprem_tco, "USD") in text and fmt.money(half.cloud_on_demand, "USD") in text


def test_time_plot_follows_the_sweep(window, catalog):
    from dataclasses import replace

    plot = window.results_view.time_plot
    rs = window.runner.latest
    assert rs.sweep
    for c in rs.candidates:
        pts = [p for p in rs.sweep_for(c.gpu_id) if p.fits]
        x, y = plot.series[c.gpu_id].getData()
        assert list(x) == pytest.approx([math.log2(p.gpu_count) for p in pts])
        # 11 days on 1 GPU down to hours on 64 spans more than 20×: days on a log axis
        assert list(y) == pytest.approx([math.log10(p.wall_seconds / 86400) for p in pts])
    # one point against the engine directly
    s = window.doc.scenario
    p16 = next(p for p in rs.sweep_for("h100-sxm-80gb") if p.gpu_count == 16)
    direct = estimate(replace(s, hardware=replace(s.hardware, gpu_count=16)), catalog, "h100-sxm-80gb")
    assert p16.wall_seconds == pytest.approx(direct.time.wall_seconds)
    assert plot.series["gpu_count"].value() == pytest.approx(3.0)  # log2(8)


def test_pareto_plot_marks_the_front(window):
    plot = window.results_view.pareto_plot
    rs = window.runner.latest
    front = [p for p in rs.pareto if p.job_cost is not None]  # the Plan's Pareto set
    assert front and plot.front == front
    assert [(p.gpu_id, p.gpu_count) for p in front] == [
        (r.gpu, r.gpu_count) for r in rs.plan.pareto if r.job_cloud_on_demand is not None
    ]
    x, y = plot.series["front"].getData()
    assert list(y) == pytest.approx([plot.y_of(p.job_cost) for p in front])
    costs = [p.job_cost for p in rs.sweep if p.fits and p.job_cost]
    assert plot.log_cost == (max(costs) / min(costs) > 20)  # a hundredfold spread reads on a log axis
    assert list(x) == pytest.approx([x_of(p) for p in front])
    # no point is both faster and cheaper than a front point
    usable = [p for p in rs.sweep if p.fits and p.job_cost is not None]
    for f in front:
        assert not any(p.wall_seconds < f.wall_seconds and p.job_cost < f.job_cost for p in usable)
    assert "yours" in plot.series


@pytest.mark.parametrize("kind", ["png", "svg"])
def test_every_plot_exports(window, tmp_path, kind):
    for plot in window.results_view.plots:
        path = plot.export(tmp_path / f"{plot.file_stem}.{kind}")
        assert path.stat().st_size > 1000
        if kind == "png":
            img = QImage(str(path))
            assert not img.isNull() and img.width() >= 1200
        else:
            assert "<svg" in path.read_text(encoding="utf-8")[:2000]


def test_export_from_the_menu(window, dialog_log, tmp_path):
    dialog_log.file_path = str(tmp_path / "mem.png")
    window.results_view.memory_plot.png_action.trigger()
    assert (tmp_path / "mem.png").stat().st_size > 1000


def test_plots_follow_a_dark_palette(window, qtbot):
    window.set_theme("dark")
    try:
        qtbot.waitUntil(
            lambda: window.results_view.memory_plot.plot_widget.backgroundBrush().color().lightness() < 80, timeout=2000
        )
        axis = window.results_view.tco_plot.plot_widget.getPlotItem().getAxis("left")
        assert axis.textPen().color().lightness() > 180
    finally:
        window.set_theme("light")
    qtbot.waitUntil(
        lambda: window.results_view.memory_plot.plot_widget.backgroundBrush().color().lightness() > 200, timeout=2000
    )
