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

import importlib.util
import os
from pathlib import Path

from PySide6.QtCore import QEvent, QSettings, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLabel, QMainWindow, QMessageBox, QSplitter, QWidget

from gpuplanner.core.errors import FileAccessError, InputError
from gpuplanner.core.scenario import Scenario

from . import dialogs
from .document import ScenarioDocument
from .estimator import EstimateRunner
from .recovery import Autosaver
from .resultset import ResultSet
from .settings_keys import (
    EXPORT_FOLDER_KEY,
    GEOMETRY_KEY,
    SCENARIO_FOLDER_KEY,
    SPLITTER_KEY,
    STATE_KEY,
    THEME_KEY,
    new_scenario_defaults,
)
from .theme import THEMES, apply_theme
from .undo import UndoKeysFilter
from .wizard import Pages, WizardPanel

MAX_RECENT = 8


def about_available() -> bool:
    """Whether this build has ``gpuplanner.ui.about`` (the About box)."""
    try:
        return importlib.util.find_spec("gpuplanner.ui.about") is not None
    except (ImportError, ValueError):
        return False


def export_function():
    """``gpuplanner.export.export_workbook`` when this build has it, else None."""
    try:
        import gpuplanner.export as export
    except ImportError:
        return None
    return getattr(export, "export_workbook", None)


class MainWindow(QMainWindow):
    firstPainted = Signal()
    recoveryChecked = Signal(bool)  # True when work from a crashed session was restored

    def __init__(self, doc: ScenarioDocument, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.settings = settings or QSettings()
        self.runner = EstimateRunner(doc, self)
        self.autosave = Autosaver(doc, self.settings, self)
        self.catalog_session = None  # CatalogSession, made when the catalog editor first opens
        self.catalog_editor = None
        self.compare_dialogs: list[QWidget] = []
        self._undo_keys = UndoKeysFilter(self)
        self._painted = False
        self._shown = False
        self.setObjectName("MainWindow")

        self.wizard_panel = WizardPanel(doc, lazy=True)  # steps 2–5 are built after the first paint
        self.wizard = self.wizard_panel.wizard
        self.results_view = None  # ResultsView, built after the first paint
        self._placeholder = QLabel(self.tr("Estimating…"))
        self._placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("MainSplitter")
        self.splitter.addWidget(self.wizard_panel)
        self.splitter.addWidget(self._placeholder)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.wizard_panel.setMinimumWidth(400)
        self.setCentralWidget(self.splitter)
        self._build_menus()
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
        self.wizard.currentIdChanged.connect(lambda _i: self.autosave.save_now())  # every step is a checkpoint
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
        t = self.tr
        bar = self.menuBar()
        file_menu = bar.addMenu(t("&File"))
        self.new_action = file_menu.addAction(t("&New"), QKeySequence.StandardKey.New, self.new_scenario)
        self.open_action = file_menu.addAction(t("&Open…"), QKeySequence.StandardKey.Open, self.open_file)
        self.recent_menu = file_menu.addMenu(t("Open &Recent"))
        self.recent_menu.setToolTipsVisible(True)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.compare_action = file_menu.addAction(t("Co&mpare With…"), self.compare_with)
        self.compare_action.setStatusTip(
            t("Show the key results and the differing inputs of this scenario and another one side by side")
        )
        file_menu.addSeparator()
        self.save_action = file_menu.addAction(t("&Save"), QKeySequence.StandardKey.Save, self.save)
        self.save_as_action = file_menu.addAction(t("Save &As…"), QKeySequence("Ctrl+Shift+S"), self.save_as)
        file_menu.addSeparator()
        self.export_action = file_menu.addAction(t("&Export Workbook…"), QKeySequence("Ctrl+E"), self.export_workbook)
        self.plots_menu = file_menu.addMenu(t("Export &Plot"))
        self.plots_menu.aboutToShow.connect(self._fill_plots_menu)
        file_menu.addSeparator()
        self.quit_action = file_menu.addAction(t("&Quit"), QKeySequence.StandardKey.Quit, self.close)

        edit_menu = bar.addMenu(t("&Edit"))
        self.undo_action = self.doc.undo_stack.createUndoAction(self, t("&Undo"))
        self.undo_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.Undo)])
        self.redo_action = self.doc.undo_stack.createRedoAction(self, t("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        self.preferences_action = edit_menu.addAction(t("Pre&ferences…"), QKeySequence("Ctrl+,"), self.show_preferences)
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)

        view_menu = bar.addMenu(t("&View"))
        steps = view_menu.addMenu(t("&Go to Step"))
        for i, name in enumerate(self.wizard.step_names()):
            steps.addAction(f"&{i + 1} {name}", QKeySequence(f"Ctrl+{i + 1}"), lambda i=i: self.wizard.go_to(Pages(i)))
        theme_menu = view_menu.addMenu(t("&Theme"))
        group = QActionGroup(self)
        current = str(self.settings.value(THEME_KEY, "system"))
        labels = {"system": t("&System"), "light": t("&Light"), "dark": t("&Dark")}
        self.theme_actions: dict[str, QAction] = {}
        for theme in THEMES:
            act = theme_menu.addAction(labels[theme], lambda th=theme: self.set_theme(th))
            act.setCheckable(True)
            act.setChecked(theme == current)
            group.addAction(act)
            self.theme_actions[theme] = act

        # no mnemonic: every letter of "Tools" is taken by a field label on some wizard step
        tools_menu = bar.addMenu(t("Tools"))
        self.catalog_action = tools_menu.addAction(
            t("&Catalog Editor…"), QKeySequence("Ctrl+Shift+K"), self.show_catalog_editor
        )
        self.catalog_action.setStatusTip(t("Edit GPUs, node types, cloud offers and site profiles"))

        help_menu = bar.addMenu(t("&Help"))
        self.about_action = help_menu.addAction(t("&About gpuplanner…"), self.about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        if not about_available():
            self.about_action.setEnabled(False)

    def _route_undo_keys(self, page: QWidget) -> None:
        for box in page.findChildren(QAbstractSpinBox):
            box.installEventFilter(self._undo_keys)

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
            act = self.recent_menu.addAction(f"&{i + 1} {Path(path).name}", lambda p=path: self.open_file(p))
            act.setToolTip(path)
            act.setStatusTip(path)
        if not files:
            self.recent_menu.addAction(self.tr("(none)")).setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction(self.tr("&Clear Menu"), self.clear_recent)

    def recent_files(self) -> list[str]:
        value = self.settings.value("files/recent", [])
        files = [value] if isinstance(value, str) else list(value or [])
        return [f for f in files if f and os.path.exists(f)]

    def clear_recent(self) -> None:
        self.settings.setValue("files/recent", [])

    def _remember(self, path: Path) -> None:
        files = [str(path)] + [f for f in self.recent_files() if f != str(path)]
        self.settings.setValue("files/recent", files[:MAX_RECENT])
        self.settings.setValue("files/last", str(path))
        self.settings.setValue(SCENARIO_FOLDER_KEY, str(Path(path).parent))

    def _scenario_folder(self) -> str:
        """Where the file dialogs start: the open file's folder, the last one used, else Documents."""
        if self.doc.path and not self.doc.needs_save_as:
            return str(self.doc.path.parent)
        last = str(self.settings.value(SCENARIO_FOLDER_KEY, "") or "")
        if last and os.path.isdir(last):
            return last
        return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)

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
        state = self.settings.value(SPLITTER_KEY)
        if state is None or not self.splitter.restoreState(state):
            self.splitter.setSizes([480, max(self.width() - 480, 400)])
        if self.runner.latest is not None:
            self.results_view.show_results(self.runner.latest)

    def _pages_added(self) -> None:
        self.wizard.results_page.saveRequested.connect(self.save)
        self.wizard.results_page.exportRequested.connect(self.export_workbook)
        for pid in self.wizard.pageIds():
            if pid != Pages.MODEL:
                self._route_undo_keys(self.wizard.page(pid))
        if self.runner.latest is not None:
            self.wizard.results_page.show_results(self.runner.latest)

    # --- results -------------------------------------------------------------------------------------
    def show_results(self, rs: ResultSet) -> None:
        self.build_results_view()
        self.results_view.show_results(rs)
        if self.wizard.complete:
            self.wizard.results_page.show_results(rs)
        for dlg in self.compare_dialogs:
            if rs.primary is not None and rs.scenario == self.doc.scenario:
                from .compare import Side

                dlg.set_current(Side(rs.scenario, rs.primary, self.tr("This scenario")))

    # --- files ---------------------------------------------------------------------------------------
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
            scenario = read_default(path)
        except (InputError, FileAccessError) as err:
            dialogs.error(self, self.tr("Cannot start a new scenario"), str(err))
            return
        scenario = new_scenario_defaults(scenario, self.settings, self.doc.catalog if self.doc.catalog_loaded else None)
        self.doc.replace_all(scenario, path, read_only=True)
        self.wizard.restart()

    def open_file(self, path: str | os.PathLike[str] | None = None) -> bool:
        """Open a scenario. A bad file is reported and the current scenario stays as it was."""
        if not self.maybe_save():
            return False
        if path is None:
            path = dialogs.open_scenario_path(self, self._scenario_folder())
            if not path:
                return False
        try:
            self.doc.open(path)
        except InputError as err:
            dialogs.error(
                self,
                self.tr("Cannot open scenario"),
                self.tr("{0}\n\nThe file is not a valid scenario; nothing was changed.").format(err),
            )
            return False
        except FileAccessError as err:
            dialogs.error(self, self.tr("Cannot open scenario"), self.tr("{0}\n\nNothing was changed.").format(err))
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
        name = self.doc.scenario.name.replace("/", "-") + dialogs.SCENARIO_SUFFIX
        if self.doc.path and not self.doc.needs_save_as:
            start = str(self.doc.path)
        else:
            folder = self._scenario_folder()
            start = str(Path(folder) / name) if folder else name
        path = dialogs.save_scenario_path(self, start)
        if not path:
            return False
        return self._save_to(Path(path))

    def _save_to(self, path: Path | None) -> bool:
        assert path is not None
        try:
            saved = self.doc.save(path)
        except FileAccessError as err:
            dialogs.error(
                self,
                self.tr("Cannot save scenario"),
                self.tr("{0}\n\nYour changes are still open here; choose another place with File › Save As.").format(
                    err
                ),
            )
            return False
        self._remember(saved)
        self.statusBar().showMessage(self.tr("Saved {0}").format(saved), 5000)
        return True

    def compare_with(self, path: str | os.PathLike[str] | None = None) -> QWidget | None:
        """Compare the open scenario with a scenario file, side by side. A bad file is reported."""
        from gpuplanner.core.scenario_io import read_scenario

        if path is None:
            path = dialogs.compare_scenario_path(self, self._scenario_folder())
            if not path:
                return None
        try:
            other = read_scenario(path)
            catalog = self.doc.catalog
        except (InputError, FileAccessError) as err:
            dialogs.error(
                self, self.tr("Cannot compare"), self.tr("{0}\n\nThe open scenario was not changed.").format(err)
            )
            return None
        from .compare import CompareDialog, Side
        from .resultset import estimate_one

        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            latest = self.runner.latest
            mine = (
                latest.primary
                if latest is not None and latest.scenario == self.doc.scenario and latest.primary is not None
                else estimate_one(self.doc.scenario, catalog)
            )
            theirs = estimate_one(other, catalog)
        finally:
            QApplication.restoreOverrideCursor()
        other_path = Path(path)
        dlg = CompareDialog(
            Side(self.doc.scenario, mine, self.tr("This scenario")),
            Side(other, theirs, other_path.name),
            other_path,
            self,
        )
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.openRequested.connect(lambda p, d=dlg: self.open_file(p) and d.close())
        dlg.estimate = lambda s: estimate_one(s, self.doc.catalog)
        self.doc.catalogChanged.connect(dlg.refresh_other)  # the other side, with the edited catalog
        self.compare_dialogs.append(dlg)
        dlg.destroyed.connect(lambda *_a, d=dlg: self.compare_dialogs.remove(d) if d in self.compare_dialogs else None)
        dlg.show()
        self.settings.setValue(SCENARIO_FOLDER_KEY, str(other_path.parent))
        return dlg

    def export_workbook(self) -> bool:
        export = export_function()
        if export is None:
            dialogs.info(self, self.tr("Export workbook"), self.tr("The Excel export is not part of this build yet."))
            return False
        stem = self.doc.path.name.removesuffix(dialogs.SCENARIO_SUFFIX) if self.doc.path else self.doc.scenario.name
        folder = str(self.settings.value(EXPORT_FOLDER_KEY, "") or "")
        start = str(Path(folder) / (stem + ".xlsx")) if folder else stem + ".xlsx"
        path = dialogs.save_file_path(
            self, self.tr("Export workbook"), start, self.tr("Excel workbook (*.xlsx)"), ".xlsx"
        )
        if not path:
            return False
        from .i18n import export_language

        try:
            export(self.doc.scenario, self.doc.catalog, path, language=export_language())
        except (InputError, FileAccessError, OSError) as err:
            dialogs.error(self, self.tr("Export failed"), str(err))
            return False
        self.settings.setValue(EXPORT_FOLDER_KEY, str(Path(path).parent))
        self.statusBar().showMessage(self.tr("Exported {0}").format(path), 5000)
        return True

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
        try:
            from . import about
        except ImportError:
            self.about_action.setEnabled(False)
            return
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


def read_default(path: Path) -> Scenario:
    from gpuplanner.core.scenario_io import read_scenario

    return read_scenario(path)


if __name__ == "__main__":
    from .app import run_app

    raise SystemExit(run_app(False))
