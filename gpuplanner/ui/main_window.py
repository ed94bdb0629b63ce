"""The main window: the planning wizard on the left, the results on the right, File/Edit/View/Help menus.

Start-up order (spec §6 "Speed"): the window is built from light modules only (the first wizard step, the
scenario and catalog readers, a placeholder where the results go) and shown; after its first paint a
zero-delay timer builds the other steps and the results view with its plots (pyqtgraph, numpy) and starts
the first estimate in the worker (the engine). pandas and openpyxl load only on export.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox, QSplitter, QWidget

from gpuplanner.core.errors import FileAccessError, InputError
from gpuplanner.core.scenario import Scenario

from . import dialogs
from .document import ScenarioDocument
from .estimator import EstimateRunner
from .resultset import ResultSet
from .theme import THEMES, apply_theme
from .wizard import Pages, WizardPanel

MAX_RECENT = 8


def export_function():
    """``gpuplanner.export.export_workbook`` when this build has it, else None."""
    try:
        import gpuplanner.export as export
    except ImportError:
        return None
    return getattr(export, "export_workbook", None)


class MainWindow(QMainWindow):
    firstPainted = Signal()

    def __init__(self, doc: ScenarioDocument, settings: QSettings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.settings = settings or QSettings()
        self.runner = EstimateRunner(doc, self)
        self._painted = False
        self.setObjectName("MainWindow")

        self.wizard_panel = WizardPanel(doc, lazy=True)  # steps 2–5 are built after the first paint
        self.wizard = self.wizard_panel.wizard
        self.results_view = None  # ResultsView, built after the first paint
        self._placeholder = QLabel(self.tr("Estimating…"))
        self._placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.wizard_panel)
        self.splitter.addWidget(self._placeholder)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.wizard_panel.setMinimumWidth(400)
        self.setCentralWidget(self.splitter)
        self._build_menus()

        self.runner.resultsReady.connect(self.show_results)
        self.runner.failed.connect(lambda msg: self.statusBar().showMessage(self.tr("Estimate failed: {0}")
                                                                             .format(msg)))
        doc.pathChanged.connect(self._update_title)
        doc.changed.connect(self._update_title)
        doc.undo_stack.cleanChanged.connect(self._update_title)
        self.wizard.pagesAdded.connect(self._pages_added)
        self._update_title()
        self.resize(1480, 920)
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)

    # --- menus ---------------------------------------------------------------------------------------
    def _build_menus(self) -> None:
        t = self.tr
        bar = self.menuBar()
        file_menu = bar.addMenu(t("&File"))
        self.new_action = file_menu.addAction(t("&New"), QKeySequence.StandardKey.New, self.new_scenario)
        self.open_action = file_menu.addAction(t("&Open…"), QKeySequence.StandardKey.Open, self.open_file)
        self.recent_menu = file_menu.addMenu(t("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addSeparator()
        self.save_action = file_menu.addAction(t("&Save"), QKeySequence.StandardKey.Save, self.save)
        self.save_as_action = file_menu.addAction(t("Save &As…"), QKeySequence("Ctrl+Shift+S"), self.save_as)
        file_menu.addSeparator()
        self.export_action = file_menu.addAction(t("&Export Workbook…"), QKeySequence("Ctrl+E"),
                                                 self.export_workbook)
        self.plots_menu = file_menu.addMenu(t("Export &Plot"))
        self.plots_menu.aboutToShow.connect(self._fill_plots_menu)
        file_menu.addSeparator()
        self.quit_action = file_menu.addAction(t("&Quit"), QKeySequence.StandardKey.Quit, self.close)

        edit_menu = bar.addMenu(t("&Edit"))
        self.undo_action = self.doc.undo_stack.createUndoAction(self, t("&Undo"))
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.doc.undo_stack.createRedoAction(self, t("&Redo"))
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)

        view_menu = bar.addMenu(t("&View"))
        steps = view_menu.addMenu(t("&Go to Step"))
        for i, name in enumerate(self.wizard.step_names()):
            steps.addAction(f"&{i + 1} {name}", QKeySequence(f"Ctrl+{i + 1}"),
                            lambda i=i: self.wizard.go_to(Pages(i)))
        theme_menu = view_menu.addMenu(t("&Theme"))
        group = QActionGroup(self)
        current = str(self.settings.value("view/theme", "system"))
        labels = {"system": t("&System"), "light": t("&Light"), "dark": t("&Dark")}
        self.theme_actions: dict[str, QAction] = {}
        for theme in THEMES:
            act = theme_menu.addAction(labels[theme], lambda th=theme: self.set_theme(th))
            act.setCheckable(True)
            act.setChecked(theme == current)
            group.addAction(act)
            self.theme_actions[theme] = act
        help_menu = bar.addMenu(t("&Help"))
        help_menu.addAction(t("&About gpuplanner"), self.about)

    def _fill_plots_menu(self) -> None:
        self.plots_menu.clear()
        for panel in self.results_view.plots if self.results_view is not None else ():
            sub = self.plots_menu.addMenu(panel.panel_title())
            sub.addAction(self.tr("PNG…"), lambda p=panel: p.export_dialog("png"))
            sub.addAction(self.tr("SVG…"), lambda p=panel: p.export_dialog("svg"))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for i, path in enumerate(files):
            self.recent_menu.addAction(f"&{i + 1} {Path(path).name}", lambda p=path: self.open_file(p))
        if not files:
            self.recent_menu.addAction(self.tr("(none)")).setEnabled(False)

    def recent_files(self) -> list[str]:
        value = self.settings.value("files/recent", [])
        files = [value] if isinstance(value, str) else list(value or [])
        return [f for f in files if f and os.path.exists(f)]

    def _remember(self, path: Path) -> None:
        files = [str(path)] + [f for f in self.recent_files() if f != str(path)]
        self.settings.setValue("files/recent", files[:MAX_RECENT])
        self.settings.setValue("files/last", str(path))

    def set_theme(self, theme: str) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
        self.settings.setValue("view/theme", theme)
        if theme in self.theme_actions:
            self.theme_actions[theme].setChecked(True)

    # --- first paint, then the heavy parts -----------------------------------------------------------
    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.Paint and not self._painted:
            self._painted = True
            self.firstPainted.emit()
            QTimer.singleShot(0, self, self._after_first_paint)
        return super().event(e)

    def _after_first_paint(self) -> None:
        if self.results_view is not None:  # already done (the smoke test and scripts call the parts)
            return
        try:
            catalog = self.doc.catalog
        except (InputError, FileAccessError) as err:
            dialogs.error(self, self.tr("gpuplanner cannot start"),
                          self.tr("The hardware catalog cannot be read:\n{0}").format(err))
            self.doc.undo_stack.setClean()
            QTimer.singleShot(0, self, self.close)
            return
        for warning in catalog.warnings:
            self.statusBar().showMessage(warning)
        self.wizard.add_remaining_pages()
        self.build_results_view()
        self.results_view.load_plots()
        self.runner.start_now()

    def build_results_view(self) -> None:
        if self.results_view is not None:
            return
        from .results_view import ResultsView

        self.results_view = ResultsView()
        self.runner.busyChanged.connect(self.results_view.set_busy)
        self.splitter.replaceWidget(1, self.results_view)
        self._placeholder.deleteLater()
        self.splitter.setSizes([480, max(self.width() - 480, 400)])
        if self.runner.latest is not None:
            self.results_view.show_results(self.runner.latest)

    def _pages_added(self) -> None:
        self.wizard.results_page.saveRequested.connect(self.save)
        self.wizard.results_page.exportRequested.connect(self.export_workbook)
        if self.runner.latest is not None:
            self.wizard.results_page.show_results(self.runner.latest)

    # --- results -------------------------------------------------------------------------------------
    def show_results(self, rs: ResultSet) -> None:
        self.build_results_view()
        self.results_view.show_results(rs)
        if self.wizard.complete:
            self.wizard.results_page.show_results(rs)

    # --- files ---------------------------------------------------------------------------------------
    def _update_title(self) -> None:
        path = self.doc.path
        name = self.doc.scenario.name
        where = path.name if path else self.tr("unsaved")
        self.setWindowTitle(self.tr("{0} — {1}[*] — gpuplanner").format(name, where))
        self.setWindowModified(self.doc.is_modified())

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current scenario (saved, discarded, or unchanged)."""
        if not self.doc.is_modified():
            return True
        answer = dialogs.ask_save_changes(self, self.doc.scenario.name)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_scenario(self) -> None:
        if not self.maybe_save():
            return
        from .app import default_scenario_path

        path = default_scenario_path()
        try:
            self.doc.replace_all(read_default(path), path, read_only=True)
        except (InputError, FileAccessError) as err:
            dialogs.error(self, self.tr("Cannot start a new scenario"), str(err))
            return
        self.wizard.restart()

    def open_file(self, path: str | os.PathLike[str] | None = None) -> bool:
        """Open a scenario. A bad file is reported and the current scenario stays as it was."""
        if not self.maybe_save():
            return False
        if path is None:
            start = str(self.doc.path.parent) if self.doc.path else ""
            path = dialogs.open_scenario_path(self, start)
            if not path:
                return False
        try:
            self.doc.open(path)
        except InputError as err:
            dialogs.error(self, self.tr("Cannot open scenario"),
                          self.tr("{0}\n\nThe file is not a valid scenario; nothing was changed.").format(err))
            return False
        except FileAccessError as err:
            dialogs.error(self, self.tr("Cannot open scenario"),
                          self.tr("{0}\n\nNothing was changed.").format(err))
            return False
        self._remember(Path(path))
        self.wizard.restart()
        self.statusBar().showMessage(self.tr("Opened {0}").format(path), 5000)
        return True

    def save(self) -> bool:
        if self.doc.needs_save_as:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        start = str(self.doc.path) if self.doc.path and not self.doc.needs_save_as else (
            self.doc.scenario.name.replace("/", "-") + dialogs.SCENARIO_SUFFIX)
        path = dialogs.save_scenario_path(self, start)
        if not path:
            return False
        return self._save_to(Path(path))

    def _save_to(self, path: Path | None) -> bool:
        assert path is not None
        try:
            saved = self.doc.save(path)
        except FileAccessError as err:
            dialogs.error(self, self.tr("Cannot save scenario"),
                          self.tr("{0}\n\nYour changes are still open here; choose another place with "
                                  "File › Save As.").format(err))
            return False
        self._remember(saved)
        self.statusBar().showMessage(self.tr("Saved {0}").format(saved), 5000)
        return True

    def export_workbook(self) -> bool:
        export = export_function()
        if export is None:
            dialogs.info(self, self.tr("Export workbook"),
                         self.tr("The Excel export is not part of this build yet."))
            return False
        stem = (self.doc.path.name.removesuffix(dialogs.SCENARIO_SUFFIX) if self.doc.path
                else self.doc.scenario.name)
        path = dialogs.save_file_path(self, self.tr("Export workbook"), stem + ".xlsx",
                                      self.tr("Excel workbook (*.xlsx)"), ".xlsx")
        if not path:
            return False
        try:
            export(self.doc.scenario, self.doc.catalog, path)
        except (InputError, FileAccessError, OSError) as err:
            dialogs.error(self, self.tr("Export failed"), str(err))
            return False
        self.statusBar().showMessage(self.tr("Exported {0}").format(path), 5000)
        return True

    def about(self) -> None:
        from gpuplanner import __version__

        QMessageBox.about(self, self.tr("About gpuplanner"),
                          self.tr("gpuplanner {0}\nPlan GPU servers for LLM training: memory, time, layout, and "
                                  "cloud against on-premises cost.").format(__version__))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self.maybe_save():
            event.ignore()
            return
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.runner.shutdown()
        event.accept()


def read_default(path: Path) -> Scenario:
    from gpuplanner.core.scenario_io import read_scenario

    return read_scenario(path)


if __name__ == "__main__":
    from .app import run_app

    raise SystemExit(run_app(False))
