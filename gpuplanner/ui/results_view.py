"""The results: the recommendation in one sentence, four plots, and the best layout per GPU as a table."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from .plots.base import PlotPanel
from .plots.memory_plot import MemoryPlot
from .plots.pareto_plot import ParetoPlot
from .plots.serving_plot import ServingPlot
from .plots.tco_plot import TcoPlot
from .plots.time_plot import TimePlot
from .results_table import ResultsTableModel
from .resultset import ResultSet
from .verdict import Verdict

TWO_COLUMNS_MIN_WIDTH_PX = 900  # below this the plots stack in one scrolling column (each panel ≥ ~440 px wide)
PLOT_MIN_HEIGHT_PX = 300


class _PlotScroll(QScrollArea):
    def __init__(self, on_resize: Callable[[], None]) -> None:
        super().__init__()
        self._on_resize = on_resize

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._on_resize()


class ResultsView(QWidget):
    applyRequested = Signal(object, str)  # a scenario the verdict's button applies, its undo text

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: ResultSet | None = None
        self.last_draw_ms: float | None = None
        self.verdict = Verdict(bold_scale=1.15)
        self.recommendation = self.verdict.label
        self.verdict.applyRequested.connect(self.applyRequested)
        self.status = QLabel()
        self.status.setAccessibleName(self.tr("Estimate status"))

        self.memory_plot = MemoryPlot()
        self.tco_plot = TcoPlot()
        self.time_plot = TimePlot()
        self.pareto_plot = ParetoPlot()
        self.serving_plot = ServingPlot()  # inference: the serving trade-off in place of the training plots
        self.serving_plot.hide()
        self.serving_mode = False
        grid_host = QWidget()
        self.grid = QGridLayout(grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(6)
        self.columns = 0
        self.place_plots(2)
        # in a small window two columns of four plots left each ~260 px: legends and labels overlapped. The plots
        # then go into one column that scrolls, each at least PLOT_MIN_HEIGHT_PX high
        self.plot_scroll = _PlotScroll(self._fit_plots)
        self.plot_scroll.setWidgetResizable(True)
        self.plot_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.plot_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.plot_scroll.setWidget(grid_host)
        self.grid_host = grid_host

        self.table_model = ResultsTableModel(self)
        self.table = QTableView()
        self.table.setModel(self.table_model)
        self.table.setAccessibleName(self.tr("Best layout per GPU"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setWordWrap(False)
        rows = self.table.verticalHeader().defaultSectionSize()
        self.table.setMinimumHeight(self.table.horizontalHeader().sizeHint().height() + int(4.6 * rows))

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.plot_scroll)
        split.addWidget(self.table)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        self.splitter = split
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.verdict)
        lay.addWidget(split, 1)
        lay.addWidget(self.status)

    @property
    def shown_plots(self) -> tuple[PlotPanel, ...]:
        """Training: memory, cost, time, Pareto. Inference: memory, cost and the serving trade-off across the
        bottom row (time and Pareto have no training job to show)."""
        if self.serving_mode:
            return (self.memory_plot, self.tco_plot, self.serving_plot)
        return (self.memory_plot, self.tco_plot, self.time_plot, self.pareto_plot)

    def place_plots(self, columns: int, *, force: bool = False) -> None:
        """The plots in a 2 × 2 grid, or one column (a narrow results view)."""
        if columns == self.columns and not force:
            return
        self.columns = columns
        shown = self.shown_plots
        for p in self.all_plots:
            self.grid.removeWidget(p)
            if p not in shown:
                p.hide()
        for i, p in enumerate(shown):
            wide = columns == 2 and len(shown) == 3 and i == 2  # the serving plot spans the bottom row
            self.grid.addWidget(p, *(divmod(i, 2) if columns == 2 else (i, 0)), 1, 2 if wide else 1)
            p.setMinimumHeight(PLOT_MIN_HEIGHT_PX if columns == 1 else 220)
            p.show()  # in the grid now: a child of the plot area, never a window of its own
        for r in range(4):
            self.grid.setRowStretch(r, 1 if (columns == 1 or r < 2) else 0)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.place_plots(2 if self.width() >= TWO_COLUMNS_MIN_WIDTH_PX else 1)
        self._fit_plots()

    def _fit_plots(self) -> None:
        """Two columns fill the scroll area exactly (wrapped titles made the grid ask for its preferred height,
        taller than the view, and the lower plots scrolled away); one column scrolls."""
        view = self.plot_scroll.viewport().height()
        if self.columns == 2:
            self.grid_host.setFixedHeight(max(view, 2 * 220 + self.grid.spacing()))
        else:
            n = len(self.shown_plots)
            self.grid_host.setMinimumHeight(n * PLOT_MIN_HEIGHT_PX + (n - 1) * self.grid.spacing())
            self.grid_host.setMaximumHeight(16_777_215)

    @property
    def plots(self) -> tuple[PlotPanel, ...]:
        """The plots this scenario shows (export menu, tests)."""
        return self.shown_plots

    @property
    def all_plots(self) -> tuple[PlotPanel, ...]:
        return (self.memory_plot, self.tco_plot, self.time_plot, self.pareto_plot, self.serving_plot)

    def load_plots(self) -> None:
        """Create the pyqtgraph plots (imports pyqtgraph). Called after the window's first paint."""
        for p in self.all_plots:
            p.ensure_plot()

    def show_results(self, rs: ResultSet) -> None:
        """Redraw everything from ``rs`` (main thread; the engine already ran)."""
        t0 = time.perf_counter()
        self.results = rs
        serving = rs.scenario.workload.method == "inference"
        if serving != self.serving_mode:
            self.serving_mode = serving
            self.place_plots(self.columns or 2, force=True)
            self._fit_plots()
        self.verdict.show_results(rs)
        self.table_model.set_results(rs)
        for p in self.all_plots:
            p.show_results(rs)
        self.last_draw_ms = (time.perf_counter() - t0) * 1000

    def set_busy(self, busy: bool) -> None:
        self.status.setText(self.tr("Estimating…") if busy else "")


if __name__ == "__main__":
    import sys

    from ._demo import demo_document, run_widget
    from .resultset import compute_results

    def make(_app):
        doc = demo_document()
        view = ResultsView()
        view.resize(1200, 820)
        view.show_results(compute_results(doc.scenario, doc.catalog))
        return view

    sys.exit(run_widget(make))
