"""Run one view on its own (``python -m gpuplanner.ui.pages.model_page``): the default scenario, the
shipped catalog, a bare window. ``GPUPLANNER_DEMO_QUIT_MS`` closes it after that many ms (tests)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget


def demo_document():
    from gpuplanner.core.catalog import load_catalog
    from gpuplanner.core.paths import resources_dir
    from gpuplanner.core.scenario_io import read_scenario

    from .document import ScenarioDocument

    path = resources_dir() / "default.gpuplan.toml"
    return ScenarioDocument(read_scenario(path), load_catalog(), path)


def run_widget(factory: Callable[[QApplication], QWidget]) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)  # the demo's widgets need one; a bare QCoreApplication cannot show them
    from .theme import apply_theme

    apply_theme(app, os.environ.get("GPUPLANNER_THEME", "light"))
    widget = factory(app)
    widget.resize(max(widget.sizeHint().width(), 640), max(widget.sizeHint().height(), 480))
    widget.show()
    quit_ms = os.environ.get("GPUPLANNER_DEMO_QUIT_MS")
    if quit_ms:
        QTimer.singleShot(int(quit_ms), app.quit)
    rc = app.exec()
    dispose(app, widget)
    return rc


def dispose(app: QApplication, widget: QWidget) -> None:
    """Delete the widget tree while the application still exists; leaving it to interpreter shutdown
    destroys Qt objects in arbitrary order (an occasional crash at exit)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    widget.close()
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()


def run_page(page_class: type) -> None:
    def make(_app: QApplication) -> QWidget:
        doc = demo_document()
        page = page_class(doc)
        page._demo_doc = doc  # keep the document alive with the page
        page.initializePage()
        return page

    sys.exit(run_widget(make))
