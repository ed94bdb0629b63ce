"""The serving trade-off plot (issue 21): one curve per GPU type of the serving plan, with the engine's points,
each GPU type's deployment ringed (the recommendation larger), the TPOT target drawn; shown in the results view
in place of the training plots for inference scenarios, exported as PNG and SVG, legible in the dark theme."""

from __future__ import annotations

import math

import pytest
from test_plots_export import legend_contrasts
from ui_helpers import wait_for_results

from gpuplanner.ui.plots.serving_plot import DEMO_SCENARIO, x_of


@pytest.fixture
def serving_window(window, qtbot, tmp_path):
    path = tmp_path / "serving.gpuplan.toml"
    path.write_text(DEMO_SCENARIO, encoding="utf-8")
    assert window.open_file(path)
    wait_for_results(qtbot, window, timeout=120_000)
    return window


def test_one_curve_per_gpu_type(serving_window):
    view = serving_window.results_view
    plot = view.serving_plot
    plan = serving_window.runner.latest.serving
    assert len(plan.curves) == 3
    curves = plot.curves
    assert set(curves) == {c.gpu for c in plan.curves}
    assert sum(k.startswith("curve:") for k in plot.series) == 3
    for c in plan.curves:
        xs, ys = curves[c.gpu].getData()
        assert list(ys) == [p.output_tokens_per_second for p in c.points]
        assert list(xs) == pytest.approx([math.log10(1e3 * p.tpot_seconds) for p in c.points])
    legend = [label.text for _sample, label in plot.plot_widget.getPlotItem().legend.items]
    assert len(legend) == 3 and all("(TP " in t for t in legend)
    # every GPU type's deployment is ringed where the plan put it
    for d in plan.deployments:
        ring = plot.rings[d.gpu]
        (x,), (y,) = ring.getData()
        assert x == pytest.approx(x_of(d.tpot_seconds))
        assert y == pytest.approx(d.output_tokens_per_second / d.replicas)
    assert "tpot_slo" in plot._items


def test_the_results_view_shows_it_for_inference_only(serving_window, qtbot):
    view = serving_window.results_view
    assert view.serving_plot in view.plots and view.serving_plot.isVisibleTo(view)
    assert view.time_plot not in view.plots and not view.time_plot.isVisibleTo(view)
    # back to a training scenario: the four training plots again
    serving_window.doc.undo_stack.setClean()
    from gpuplanner.ui.wizard import Pages

    serving_window.wizard.go_to(Pages.MODEL)
    from ui_helpers import click

    click(qtbot, serving_window.wizard.model_page.method_buttons["pretrain"])
    wait_for_results(qtbot, serving_window, timeout=120_000)
    assert len(view.plots) == 4 and not view.serving_plot.isVisibleTo(view)


@pytest.mark.parametrize("kind", ["png", "svg"])
def test_it_exports(serving_window, tmp_path, kind):
    plot = serving_window.results_view.serving_plot
    path = plot.export(tmp_path / f"{plot.file_stem}.{kind}")
    assert path.stat().st_size > 1000


def test_its_legend_is_readable_in_the_dark_theme(serving_window, qtbot):
    plot = serving_window.results_view.serving_plot
    serving_window.set_theme("dark")
    try:
        qtbot.waitUntil(lambda: plot.plot_widget.backgroundBrush().color().lightness() < 80, timeout=2000)
        found = legend_contrasts(plot)
        assert len(found) == 3
        for text, ratio in found:
            assert ratio >= 4.5, (text, ratio)
    finally:
        serving_window.set_theme("light")


def test_it_runs_on_its_own():
    import os
    import subprocess
    import sys

    from ui_helpers import ROOT

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPUPLANNER_DEMO_QUIT_MS": "300"}
    out = subprocess.run(
        [sys.executable, "-m", "gpuplanner.ui.plots.serving_plot"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
