"""The main window: the planning wizard on the left, the results on the right; File/Edit/View/Tools/Help.

Start-up order (spec §6 "Speed"): the window is built from light modules only (the first wizard step, the
scenario and catalog readers, a placeholder where the results go) and shown; after its first paint a
zero-delay timer builds the other steps and the results view with its plots (pyqtgraph, numpy) and starts
the first estimate in the worker (the engine); then the window offers to recover work an earlier session
left behind (:func:`gpuplanner.ui.recovery.offer_recovery`). pandas and openpyxl load only on export; the
catalog editor, the comparison and the preferences load when opened.

Over time (issue #9): recent files, the title's ``[*]`` marker and a Save/Discard/Cancel prompt on close,
File › Compare with…, undo/redo of every input (Edit menu; spin-box steps merge), autosave and recovery,
Tools › Catalog editor, Edit › Preferences, and the window's geometry and layout kept in QSettings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLabel, QMainWindow, QSplitter, QVBoxLayout, QWidget

from gpuplanner.core.errors import FileAccessError, InputError

from . import dialogs
from .document import ScenarioDocument
from .estimator import EstimateRunner
from .file_commands import FileCommands, export_function, read_default
from .first_start import FirstStartHint, hint_wanted
from .main_actions import build_menus
from .qt_names import set_enum_property
from .recent_files import clear_recent, fill_recent_menu, recent_files
from .recovery import Autosaver
from .settings_keys import GEOMETRY_KEY, SPLITTER_KEY, STATE_KEY, THEME_KEY, new_scenario_defaults
from .theme import apply_theme
from .undo import UndoKeysFilter
from .wizard import Pages, WizardPanel

if TYPE_CHECKING:  # the catalog package, the result set and the views below load after the first paint
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu

    from gpuplanner.core.catalog import Catalog
    from gpuplanner.core.scenario import Scenario

    from .catalog_editor import CatalogEditor
    from .catalog_session import CatalogSession
    from .compare import CompareDialog
    from .plots.base import PlotPanel
    from .results_view import ResultsView
    from .resultset import ResultSet

__all__ = ["MainWindow", "export_function", "read_default"]


def _default_path():
    from .app import default_scenario_path

    return default_scenario_path()


def _export_dialog(panel: PlotPanel, kind: str) -> Callable[[], object]:
    """File › Export Plot's slot for one panel (a function, not a loop's lambda: mypy infers no type for those)."""
    return lambda: panel.export_dialog(kind)


class MainWindow(FileCommands, QMainWindow):
    firstPainted = Signal()
    recoveryChecked = Signal(bool)  # True when work from a crashed session was restored

    # the menus and actions main_actions.build_menus makes (called from __init__)
    new_action: QAction
    open_action: QAction
    recent_menu: QMenu
    examples_menu: QMenu
    compare_action: QAction
    import_config_action: QAction
    save_action: QAction
    save_as_action: QAction
    export_action: QAction
    plots_menu: QMenu
    quit_action: QAction
    undo_action: QAction
    redo_action: QAction
    preferences_action: QAction
    theme_actions: dict[str, QAction]
    catalog_action: QAction
    launch_action: QAction
    about_action: QAction

    def __init__(self, doc: ScenarioDocument, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.settings = settings or QSettings()
        self.runner = EstimateRunner(doc, self)
        self.autosave = Autosaver(doc, self.settings, self)
        self.catalog_session: CatalogSession | None = None  # made when the catalog editor first opens
        self.catalog_editor: CatalogEditor | None = None
        self.compare_dialogs: list[CompareDialog] = []
        self._undo_keys = UndoKeysFilter(self)
        self._painted = False
        self._shown = False
        self.setObjectName("MainWindow")

        self.wizard_panel = WizardPanel(doc, lazy=True)  # steps 2–5 are built after the first paint
        self.wizard = self.wizard_panel.wizard
        self.results_view: ResultsView | None = None  # built after the first paint
        self.shown_results: ResultSet | None = None
        self._placeholder = QLabel(self.tr("Estimating…"))
        set_enum_property(self._placeholder, "alignment", "AlignCenter")  # not Qt.* before the first paint
        self.splitter = QSplitter()  # horizontal
        self.splitter.setObjectName("MainSplitter")
        self.splitter.addWidget(self.wizard_panel)
        self.splitter.addWidget(self._placeholder)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.wizard_panel.setMinimumWidth(400)
        self.setCentralWidget(self.splitter)
        self._build_menus()
        self.first_start_hint: FirstStartHint | None = None
        if hint_wanted(self.settings):
            self.first_start_hint = FirstStartHint(self.settings)
            self.first_start_hint.exampleRequested.connect(self._show_examples)
            panel_layout = self.wizard_panel.layout()
            assert isinstance(panel_layout, QVBoxLayout)  # WizardPanel stacks its step bar and wizard in one
            panel_layout.insertWidget(1, self.first_start_hint)
            doc.pathChanged.connect(lambda *_a: self._hint_done())
        self._route_undo_keys(self.wizard.model_page)

        self.runner.resultsReady.connect(self.show_results)
        self.runner.failed.connect(
            lambda msg: self.statusBar().showMessage(self.tr("Estimate failed: {0}").format(msg))
        )
        self.autosave.failed.connect(lambda msg: self.statusBar().showMessage(msg, 15_000))
        doc.pathChanged.connect(self._update_title)
        doc.changed.connect(self._update_title)
        doc.undo_stack.cleanChanged.connect(self._update_title)
        self.wizard.pagesAdded.connect(self._pages_added)
        self.wizard.currentIdChanged.connect(self._step_changed)
        self._apply_new_scenario_defaults()
        self._update_title()
        self.resize(1480, 920)
        geometry = self.settings.value(GEOMETRY_KEY)
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.value(STATE_KEY)
        if state is not None:
            self.restoreState(state)

    # --- menus ---------------------------------------------------------------------------------------
    def _build_menus(self) -> None:
        build_menus(self)

    def _show_examples(self) -> None:
        from PySide6.QtGui import QCursor

        self.examples_menu.popup(QCursor.pos())

    def _hint_done(self) -> None:
        if self.first_start_hint is not None and self.doc.path != _default_path():
            self.first_start_hint.dismiss()

    def _route_undo_keys(self, page: QWidget) -> None:
        for box in page.findChildren(QAbstractSpinBox):
            box.installEventFilter(self._undo_keys)

    def _fill_plots_menu(self) -> None:
        self.plots_menu.clear()
        for panel in self.results_view.plots if self.results_view is not None else ():
            sub = self.plots_menu.addMenu(panel.panel_title())
            sub.addAction(self.tr("PNG…"), _export_dialog(panel, "png"))
            sub.addAction(self.tr("SVG…"), _export_dialog(panel, "svg"))

    def _fill_recent(self) -> None:
        fill_recent_menu(self.recent_menu, self.settings, self.open_file)

    def recent_files(self) -> list[str]:
        return recent_files(self.settings)

    def clear_recent(self) -> None:
        clear_recent(self.settings)

    def set_theme(self, theme: str) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
        self.settings.setValue(THEME_KEY, theme)
        if theme in self.theme_actions:
            self.theme_actions[theme].setChecked(True)

    # --- first paint, then the heavy parts -----------------------------------------------------------
    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.Paint and not self._painted:
            self._painted = True
            self.firstPainted.emit()
            QTimer.singleShot(0, self, self._after_first_paint)
        return super().event(e)

    def showEvent(self, e: QShowEvent) -> None:  # noqa: N802 - Qt API
        super().showEvent(e)
        if not self._shown:
            self._shown = True
            QTimer.singleShot(0, self, self._check_recovery)  # once the window is up (and after its first paint)

    def _check_recovery(self) -> None:
        if not self._painted:  # wait for the first paint: the question comes over a drawn window
            QTimer.singleShot(20, self, self._check_recovery)
            return
        restored = False
        if self.isVisible():
            from .recovery import offer_recovery

            restored = offer_recovery(self)
        self.recoveryChecked.emit(restored)

    def _after_first_paint(self) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            from .app import apply_window_icon

            apply_window_icon(app)
        if self.results_view is not None:  # already done (the smoke test and scripts call the parts)
            return
        try:
            catalog = self.doc.catalog
        except (InputError, FileAccessError) as err:
            dialogs.error(
                self,
                self.tr("gpuplanner cannot start"),
                self.tr("The hardware catalog cannot be read:\n{0}").format(err),
            )
            self.doc.undo_stack.setClean()
            QTimer.singleShot(0, self, self.close)
            return
        self._show_left_out(catalog)
        self.wizard.add_remaining_pages()
        self.build_results_view().load_plots()
        self.runner.start_now()

    def _show_left_out(self, catalog: Catalog) -> None:
        """Parts of the user catalog that did not load, named in the interface language: the first in the
        status bar, all of them in its tooltip, so that a bad row is never silently ignored (issue #18)."""
        from .catalog_session import left_out_lines

        lines = left_out_lines(catalog)
        if not lines:
            return
        more = len(lines) - 1
        text = (
            lines[0]
            if not more
            else self.tr("{0} (and {1} more: Tools › Catalog editor lists them)").format(lines[0], more)
        )
        self.statusBar().showMessage(text)
        self.statusBar().setToolTip("\n".join(lines))

    def build_results_view(self) -> ResultsView:
        """The results view, built on first use (after the first paint)."""
        if self.results_view is not None:
            return self.results_view
        from .results_view import ResultsView

        view = self.results_view = ResultsView()
        self.runner.busyChanged.connect(view.set_busy)
        view.applyRequested.connect(self.apply_suggestion)
        self.splitter.replaceWidget(1, view)
        self._placeholder.deleteLater()
        state = self.settings.value(SPLITTER_KEY)
        if state is None or not self.splitter.restoreState(state):
            self.splitter.setSizes([480, max(self.width() - 480, 400)])
        if self.runner.latest is not None:
            view.show_results(self.runner.latest)
        return view

    def _step_changed(self, page: int) -> None:
        self.autosave.remember_page(page)
        self.autosave.save_now()  # every step is a checkpoint

    def _pages_added(self) -> None:
        self.wizard.results_page.saveRequested.connect(self.save)
        self.wizard.results_page.exportRequested.connect(self.export_workbook)
        # the same action as Tools › Write Launch Config… (ui/config_actions.py)
        self.wizard.results_page.launchRequested.connect(lambda: self.launch_action.trigger())
        self.wizard.results_page.applyRequested.connect(self.apply_suggestion)
        for pid in self.wizard.pageIds():
            if pid != Pages.MODEL:
                self._route_undo_keys(self.wizard.page(pid))
        if self.runner.latest is not None:
            self.wizard.results_page.show_results(self.runner.latest)

    # --- results -------------------------------------------------------------------------------------
    def show_results(self, rs: ResultSet) -> None:
        self.shown_results = rs  # what File › Export writes, if it is still the open scenario's
        self.build_results_view().show_results(rs)
        if self.wizard.complete:
            self.wizard.results_page.show_results(rs)
            primary = rs.primary
            if primary is not None and primary.estimate is not None and not rs.scenario.parallel.fully_given:
                self.wizard.training_page.set_automatic_layout(primary.estimate.layout)
        for dlg in self.compare_dialogs:
            if rs.primary is not None and rs.scenario == self.doc.scenario:
                from .compare import Side

                dlg.set_current(Side(rs.scenario, rs.primary, self.tr("This scenario")))

    def apply_suggestion(self, s: Scenario, text: str) -> None:
        """The verdict's button: apply the deadline's GPU count or a change that fits (undoable). Only while
        the results shown are the current scenario's (a newer edit makes the suggestion stale)."""
        latest = self.runner.latest
        if latest is None or latest.scenario != self.doc.scenario:
            return
        try:
            self.doc.edit(s, text)
        except InputError as err:
            self.statusBar().showMessage(str(err), 10_000)

    # --- title and defaults --------------------------------------------------------------------------
    def _update_title(self) -> None:
        path = self.doc.path
        name = self.doc.scenario.name
        where = path.name if path else self.tr("unsaved")
        self.setWindowTitle(self.tr("{0} — {1}[*] — gpuplanner").format(name, where))
        self.setWindowModified(self.doc.is_modified())

    def _apply_new_scenario_defaults(self) -> None:
        """The shipped default scenario, unchanged, takes the preferred currency and site (Preferences)."""
        from .app import default_scenario_path

        if not (self.doc.read_only_path and self.doc.path == default_scenario_path() and not self.doc.is_modified()):
            return
        s = new_scenario_defaults(
            self.doc.scenario, self.settings, self.doc.catalog if self.doc.catalog_loaded else None
        )
        if s != self.doc.scenario:
            self.doc.replace_all(s, self.doc.path, read_only=True)

    # --- tools ---------------------------------------------------------------------------------------
    def show_catalog_editor(self):
        """Tools › Catalog editor (one per window, kept while the window lives)."""
        try:
            self.doc.catalog  # noqa: B018 - load it now: its errors are reported here
        except (InputError, FileAccessError) as err:
            dialogs.error(self, self.tr("Cannot open the catalog"), str(err))
            return None
        from .catalog_editor import CatalogEditor
        from .catalog_session import CatalogSession

        if self.catalog_session is None:
            self.catalog_session = CatalogSession(self.doc, self)
        if self.catalog_editor is None:
            self.catalog_editor = CatalogEditor(self.catalog_session, self, self.settings)
        self.catalog_editor.show()
        self.catalog_editor.raise_()
        self.catalog_editor.activateWindow()
        return self.catalog_editor

    def show_preferences(self):
        from .preferences import PreferencesDialog

        dlg = PreferencesDialog(self.settings, self.doc.catalog if self.doc.catalog_loaded else None, self)
        dlg.accepted.connect(lambda: self.apply_preferences())
        dlg.open()
        return dlg

    def apply_preferences(self) -> None:
        from .recovery import interval_seconds

        self.set_theme(str(self.settings.value(THEME_KEY, "system")))
        self.autosave.set_interval(interval_seconds(self.settings))

    def about(self) -> None:
        from . import about

        about.show_about(self)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self.maybe_save():
            event.ignore()
            return
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.setValue(STATE_KEY, self.saveState())
        if self.results_view is not None:
            self.settings.setValue(SPLITTER_KEY, self.splitter.saveState())
        self.runner.shutdown()
        self.autosave.shutdown()
        for w in (self.catalog_editor, *self.compare_dialogs):
            if w is not None:
                w.close()
        event.accept()


if __name__ == "__main__":
    from .app import run_app

    raise SystemExit(run_app(False))
