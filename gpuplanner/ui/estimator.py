"""Live re-estimation: a field change waits ~150 ms (debounce), then the engine runs in a worker thread so
the window never blocks. Results of an out-of-date scenario are dropped; a change during a run restarts it
once the run notices (it checks between GPUs).

Each run computes the one Plan (``core.plan.plan``) that the CLI and the workbook show. ``resultsReady`` fires
twice per run when the engine predicts time: first with the Plan without its GPU-count sweep (candidates,
deadline answers, recommendation: verdict, memory, cost, table), then with the sweep (time and Pareto plots).
A stale run stops at the Plan's next check (``core.plan.Cancelled``), so closing the window never waits for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot

from . import main_thread_gc
from .document import ScenarioDocument

if TYPE_CHECKING:  # the result set (and the engine behind it) loads with the first estimate, after the first paint
    from .resultset import ResultSet

DEBOUNCE_MS = 150


class _JobSignals(QObject):
    partial = Signal(object)  # ResultSet without the sweep
    done = Signal(object)  # final ResultSet, or None when cancelled
    failed = Signal(str)


class _Job(QRunnable):
    def __init__(self, runner: EstimateRunner, generation: int, signals: _JobSignals) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the runner keeps the Python object until `done`
        self._runner, self._gen, self.signals = runner, generation, signals
        self._scenario, self._catalog = runner.document.scenario, runner.document.catalog
        from .resultset import compute_results  # here, in the UI thread: the worker never imports

        self._compute = compute_results

    def _stale(self) -> bool:
        return self._runner.generation != self._gen

    def run(self) -> None:
        from dataclasses import replace

        from gpuplanner.core.plan import Cancelled, plan

        try:
            first = self._compute(self._scenario, self._catalog, sweep=False, generation=self._gen, stop=self._stale)
            if not first.has_time:
                self.signals.done.emit(replace(first, complete=True))
                return
            self.signals.partial.emit(first)
            whole = plan(self._scenario, self._catalog, stop=self._stale, sweep=True)
            self.signals.done.emit(replace(first, plan=whole, complete=True))
        except Cancelled:
            self.signals.done.emit(None)
        except Exception as err:  # never let a worker exception vanish silently or kill the app
            self.signals.failed.emit(f"{type(err).__name__}: {err}")
            self.signals.done.emit(None)


class EstimateRunner(QObject):
    resultsReady = Signal(object)  # ResultSet
    busyChanged = Signal(bool)
    failed = Signal(str)

    def __init__(
        self, document: ScenarioDocument, parent: QObject | None = None, *, debounce_ms: int = DEBOUNCE_MS
    ) -> None:
        super().__init__(parent)
        main_thread_gc.install()  # before the first worker runs: no garbage collection outside this thread
        self.document = document
        self.generation = 0
        self.latest: ResultSet | None = None
        self._job: _Job | None = None
        self._pending = False
        self._enabled = True
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self.start_now)
        document.changed.connect(self.schedule)
        document.catalogChanged.connect(self.schedule)  # a catalog edit re-estimates at once

    @property
    def busy(self) -> bool:
        return self._job is not None or self._timer.isActive()

    @Slot()
    def schedule(self) -> None:
        """Re-estimate after the debounce interval (restarted by every call)."""
        self.generation += 1  # a run in progress is now stale and stops at its next check
        if self._enabled:
            self._timer.start()

    @Slot()
    def start_now(self) -> None:
        self._timer.stop()
        if not self._enabled:
            return
        if self._job is not None:
            self._pending = True
            self.generation += 1
            return
        self._launch()

    def _launch(self) -> None:
        self.generation += 1
        signals = _JobSignals()
        signals.partial.connect(self._on_partial)
        signals.done.connect(self._on_done)
        signals.failed.connect(self.failed)
        self._job = _Job(self, self.generation, signals)
        self.busyChanged.emit(True)
        self._pool.start(self._job)

    @Slot(object)
    def _on_partial(self, rs: ResultSet) -> None:
        if rs.generation == self.generation:
            self.latest = rs
            self.resultsReady.emit(rs)

    @Slot(object)
    def _on_done(self, rs: ResultSet | None) -> None:
        self._pool.waitForDone(5_000)  # `done` is the job's last act; let run() return before dropping it
        self._job = None
        if rs is not None and rs.generation == self.generation:
            self.latest = rs
            self.resultsReady.emit(rs)
        if self._pending and self._enabled:
            self._pending = False
            self._launch()
        else:
            self.busyChanged.emit(False)

    def compute_sync(self, *, sweep: bool = True) -> ResultSet:
        """Estimate in the calling thread and publish (smoke test, benchmarks, screenshots)."""
        self.wait()
        self._timer.stop()
        self.generation += 1
        from .resultset import compute_results

        rs = compute_results(self.document.scenario, self.document.catalog, sweep=sweep, generation=self.generation)
        self.latest = rs
        self.resultsReady.emit(rs)
        return rs

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Block until the worker is idle (tests, shutdown)."""
        return self._pool.waitForDone(timeout_ms)

    def shutdown(self) -> None:
        self._enabled = False
        self._timer.stop()
        self.generation += 1
        self._pool.waitForDone(30_000)
