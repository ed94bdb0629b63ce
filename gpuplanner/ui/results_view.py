"""The results: the recommendation in one sentence, four plots, and the best layout per GPU as a table."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from .plots.base import PlotPanel
from .plots.memory_plot import MemoryPlot
from .plots.pareto_plot import ParetoPlot
from .plots.tco_plot import TcoPlot
from .plots.time_plot import TimePlot
from .results_table import ResultsTableModel
from .resultset import ResultSet
from .verdict import Verdict


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
        grid_host = QWidget()
        grid = QGridLayout(grid_host)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(6)
        grid.addWidget(self.memory_plot, 0, 0)
        grid.addWidget(self.tco_plot, 0, 1)
        grid.addWidget(self.time_plot, 1, 0)
        grid.addWidget(self.pareto_plot, 1, 1)

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
        split.addWidget(grid_host)
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
    def plots(self) -> tuple[PlotPanel, ...]:
        return (self.memory_plot, self.tco_plot, self.time_plot, self.pareto_plot)

    def load_plots(self) -> None:
        """Create the pyqtgraph plots (imports pyqtgraph). Called after the window's first paint."""
        for p in self.plots:
            p.ensure_plot()

    def show_results(self, rs: ResultSet) -> None:
        """Redraw everything from ``rs`` (main thread; the engine already ran)."""
        t0 = time.perf_counter()
        self.results = rs
        self.verdict.show_results(rs)
        self.table_model.set_results(rs)
        for p in self.plots:
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
