"""The 80% bands in the app (issue #19): the fit words from the probability, ranges in the verdict, the
results page and the tooltips, error bars on the memory bars, a shaded band on the time curves; and the
results view readable at small and large window sizes (the verdict's button inside the window, the plots in
one scrolling column when narrow, legends under a narrow plot)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint
from ui_helpers import ROOT, wait_for_results

from gpuplanner.core.plan import headroom_band
from gpuplanner.ui import formatting as fmt
from gpuplanner.ui import tooltips as tips
from gpuplanner.ui.wizard import Pages

EXAMPLE_70B = ROOT / "examples" / "llama-3.1-70b-full-64xh100.gpuplan.toml"


@pytest.mark.parametrize(
    ("probability", "fits", "word"),
    [
        (0.95, True, "fits"),
        (0.9, True, "fits"),
        (0.89, True, "probably fits"),
        (0.6, True, "probably fits"),
        (0.5, True, "borderline"),
        (0.4, False, "borderline"),
        (0.2, False, "probably not"),
        (0.1, False, "probably not"),
        (0.05, False, "does not fit"),
        (None, True, "fits"),
        (None, False, "does not fit"),
    ],
)
def test_fit_words_follow_the_probability(qapp, probability, fits, word) -> None:
    assert fmt.fit_word(probability, fits) == word


@pytest.fixture
def korean(qapp):
    from gpuplanner.ui import i18n

    assert i18n.install_translator(qapp, "ko") == "ko"
    yield
    i18n.uninstall_translator(qapp)


def test_fit_words_in_korean(korean) -> None:
    words = [fmt.fit_word(p, True) for p in (0.95, 0.7, 0.5, 0.2, 0.01)]
    assert len(set(words)) == 5 and all(any("\uac00" <= ch <= "\ud7a3" for ch in w) for w in words)


def open_70b(window, qtbot):
    window.doc.undo_stack.setClean()
    assert window.open_file(EXAMPLE_70B)
    wait_for_results(qtbot, window, timeout=120_000)
    return window.runner.latest


def test_verdict_results_page_and_tooltips_give_the_ranges(window, qtbot) -> None:
    rs = open_70b(window, qtbot)
    best = rs.candidate(rs.recommendation.gpu)
    e = best.estimate
    b = e.bands
    room = headroom_band(e)
    assert b is not None and room is not None and room.low <= e.memory.headroom <= room.high
    text = window.results_view.verdict.label.text()
    word = fmt.fit_word(b.fit_probability, e.memory.fits)
    assert f"{word}, {fmt.gib(e.memory.headroom)} free per GPU (80%: " in text
    assert fmt.gib_range(room) in text and fmt.days_range(b.wall_seconds, e.time.wall_seconds) in text
    assert fmt.money_range(b.job_cloud_on_demand, rs.currency) in text
    # the headroom tooltip: the word, the probability and the headroom's band
    tip = tips.headroom(e)
    assert f"→ {word}" in tip and fmt.probability(b.fit_probability) in tip and fmt.gib_range(room) in tip
    assert fmt.days_range(b.wall_seconds, e.time.wall_seconds) in tips.wall_time(e, rs.scenario.workload.tokens)
    # the results page (planned GPU)
    window.wizard.add_remaining_pages()
    window.wizard.go_to(Pages.RESULTS)
    page = window.wizard.results_page
    qtbot.waitUntil(lambda: page.values["memory"].text() != fmt.DASH, timeout=10_000)
    mine = rs.primary.estimate
    assert fmt.gib_range(mine.bands.memory_total) in page.values["memory"].text()
    assert fmt.days_range(mine.bands.wall_seconds, mine.time.wall_seconds) in page.values["wall"].text()


def test_memory_bars_carry_error_bars_and_time_curves_a_band(window, qtbot) -> None:
    rs = open_70b(window, qtbot)
    plot = window.results_view.memory_plot
    bars = plot.series["memory_band"]
    rows = plot.rows(rs)
    xs = list(bars.opts["x"])
    assert xs == [float(i) for i in range(len(rows))]
    for i, c in enumerate(rows):
        m, band = c.estimate.memory, c.estimate.bands.memory_total
        y = bars.opts["y"][i]
        assert y == pytest.approx((m.total + m.overhead) / fmt.GIB)
        assert y - bars.opts["bottom"][i] == pytest.approx((band.low + m.overhead) / fmt.GIB)
        assert y + bars.opts["top"][i] == pytest.approx((band.high + m.overhead) / fmt.GIB)
        word = fmt.fit_word(c.estimate.bands.fit_probability, m.fits)
        assert plot.verdicts[i].toPlainText().startswith(word + "\n")
    time_plot = window.results_view.time_plot
    shaded = [k for k in time_plot.series if k.startswith("band:")]
    assert shaded, "no 80% band on the time plot"
    gpu = rs.scenario.hardware.gpu
    low, high = time_plot.series[f"band-low:{gpu}"], time_plot.series[f"band-high:{gpu}"]
    lx, ly = low.getData()
    hx, hy = high.getData()
    pts = [p for p in rs.sweep_for(gpu) if p.fits and p.wall_seconds_band is not None]
    assert list(lx) == list(hx) and len(lx) == len(pts)
    for p, lo, hi in zip(pts, ly, hy, strict=True):
        assert lo <= time_plot.y_of(p.wall_seconds) + 1e-9 and time_plot.y_of(p.wall_seconds) <= hi + 1e-9
    assert "80%" in time_plot.point_text(rs.primary, pts[0])


def _inside_window(window, widget) -> bool:
    top_left = widget.mapTo(window, QPoint(0, 0))
    return top_left.x() >= 0 and top_left.x() + widget.width() <= window.width()


@pytest.mark.parametrize(("width", "height", "columns"), [(1024, 700, 1), (1600, 1000, 2)])
def test_results_view_at_small_and_large_sizes(window, qtbot, width, height, columns) -> None:
    s = window.doc.scenario
    # a deadline the planned count misses: the verdict names the count that meets it, with a button
    window.doc.edit(replace(s, workload=replace(s.workload, deadline_days=0.25)), "deadline")
    wait_for_results(qtbot, window, timeout=120_000)
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.results_view.columns == columns, timeout=5000)
    qtbot.wait(50)
    verdict = window.results_view.verdict
    assert verdict.button.isVisible(), "the deadline answer has an apply button"
    assert _inside_window(window, verdict.button), "the apply button runs past the window's right edge"
    assert _inside_window(window, verdict.label)
    view = window.results_view
    for p in view.plots:
        assert p.width() >= 400, f"{type(p).__name__} squeezed to {p.width()} px"
    time_plot = view.time_plot
    assert time_plot._legend_under is (time_plot.width() < 470)
