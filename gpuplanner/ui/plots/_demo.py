"""Run one plot on its own with the default scenario's results."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QWidget


def run_plot(panel_class: type) -> None:
    from .._demo import demo_document, run_widget
    from ..resultset import compute_results

    def make(_app: QApplication) -> QWidget:
        doc = demo_document()
        panel = panel_class()
        panel.resize(720, 460)
        panel.show_results(compute_results(doc.scenario, doc.catalog))
        return panel

    sys.exit(run_widget(make))
