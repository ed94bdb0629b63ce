"""Live re-estimation: debounced, in a worker thread, stale results dropped, the UI thread free."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ui_helpers import wait_for_results

from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.ui.app import default_scenario_path
from gpuplanner.ui.document import ScenarioDocument
from gpuplanner.ui.estimator import EstimateRunner
from gpuplanner.ui.resultset import compute_results


@pytest.fixture
def runner(qtbot, catalog):
    doc = ScenarioDocument(read_scenario(default_scenario_path()), catalog)
    r = EstimateRunner(doc)
    yield r
    r.shutdown()


def test_burst_of_edits_gives_results_for_the_last_one(runner, qtbot):
    doc = runner.document
    seen = []
    runner.resultsReady.connect(seen.append)
    for n in (16, 32, 64):
        s = doc.scenario
        doc.edit(replace(s, hardware=replace(s.hardware, gpu_count=n)), "count", "hardware.gpu_count")
    qtbot.waitUntil(
        lambda: (
            runner.latest is not None
            and runner.latest.scenario == doc.scenario
            and not runner.busy
            and runner.latest.sweep is not None
        ),
        timeout=30_000,
    )
    assert all(rs.scenario.hardware.gpu_count == 64 for rs in seen)  # never a stale one
    assert seen[0].sweep is None and seen[-1].sweep is not None  # candidates first, then the sweep


def test_the_event_loop_runs_while_the_worker_estimates(runner, qtbot):
    # how long the UI thread stalls is measured in benchmarks/bench_estimator.py, not asserted here
    busy_at_tick = []
    from PySide6.QtCore import QTimer

    timer = QTimer()
    timer.timeout.connect(lambda: busy_at_tick.append(runner.busy))
    timer.start(10)
    runner.start_now()
    qtbot.waitUntil(lambda: runner.latest is not None and not runner.busy, timeout=30_000)
    timer.stop()
    assert busy_at_tick.count(True) >= 2  # the UI thread kept turning while the worker ran


def test_compute_sync_matches_the_worker(window, catalog):
    rs = window.runner.latest
    direct = compute_results(window.doc.scenario, catalog)
    for a, b in zip(rs.candidates, direct.candidates, strict=True):
        assert a.estimate.memory == b.estimate.memory
        assert a.estimate.time == b.estimate.time
    assert rs.sweep == direct.sweep


def test_closing_the_window_cancels_a_long_plan(window, qtbot):
    """A run still planning when the window closes stops at the Plan's next check (core.plan.Cancelled)."""
    import time

    s = window.doc.scenario
    big = replace(s, hardware=replace(s.hardware, gpu_count=4096))
    window.doc.edit(big, "count", "hardware.gpu_count")
    window.runner.start_now()
    qtbot.waitUntil(lambda: window.runner._job is not None, timeout=5_000)
    t0 = time.perf_counter()
    window.runner.shutdown()
    assert time.perf_counter() - t0 < 5.0


def test_unknown_candidate_is_an_error_row_not_a_crash(window, qtbot, catalog):
    s = window.doc.scenario
    weird = replace(s, hardware=replace(s.hardware, candidates=(*s.hardware.candidates, "tpu-v99")))
    window.doc.replace_all(weird, None)
    wait_for_results(qtbot, window)
    row = window.runner.latest.candidate("tpu-v99")
    assert row.estimate is None and "not in the hardware catalog" in row.error
    model = window.results_view.table_model
    r = [c.gpu_id for c in window.runner.latest.candidates].index("tpu-v99")
    assert model.data(model.index(r, model.column_of("fits"))) == "error"
    assert "tpu-v99" in window.results_view.memory_plot.note.text()
