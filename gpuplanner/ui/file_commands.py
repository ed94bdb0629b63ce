"""File commands of the main window: new, open, save, save as, compare with, export workbook.

:class:`FileCommands` is a mixin of :class:`gpuplanner.ui.main_window.MainWindow`; it needs the window's
``doc`` (:class:`ScenarioDocument`), ``settings``, ``wizard``, ``runner`` and ``compare_dialogs``. A file
that cannot be read or written is reported in a dialog and the open scenario stays as it was.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QWidget

from gpuplanner.core.errors import FileAccessError, InputError
from gpuplanner.core.scenario import Scenario

from . import dialogs
from .recent_files import remember
from .settings_keys import EXPORT_FOLDER_KEY, SCENARIO_FOLDER_KEY, new_scenario_defaults

if TYPE_CHECKING:  # names for annotations only: none of them load with this module
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMainWindow

    from .compare import CompareDialog
    from .document import ScenarioDocument
    from .estimator import EstimateRunner
    from .resultset import ResultSet
    from .wizard import PlanningWizard

    # what mypy checks the mixin against: the QMainWindow it is mixed into (at run time its base is object,
    # so that MainWindow's bases and their order stay FileCommands, QMainWindow)
    _WindowBase = QMainWindow
else:
    _WindowBase = object


def export_function():
    """``gpuplanner.export.export_workbook``, imported when first used (openpyxl loads only on export)."""
    from gpuplanner.export import export_workbook

    return export_workbook


def export_plan_function():
    """``gpuplanner.export.api.export_plan_workbook``: the workbook of the Plan on screen."""
    from gpuplanner.export.api import export_plan_workbook

    return export_plan_workbook


def examples_dir() -> Path:
    """The shipped example scenarios (checkout, wheel or bundle: :func:`gpuplanner.core.paths.examples_dir`)."""
    from gpuplanner.core.paths import examples_dir as shipped_examples

    return shipped_examples()


def example_files() -> list[Path]:
    folder = examples_dir()
    return sorted(folder.glob("*" + dialogs.SCENARIO_SUFFIX)) if folder.is_dir() else []


def example_title(path: Path) -> str:
    """The scenario's own name, else the file name (the menu is filled when it opens: a bad file still shows)."""
    try:
        return read_default(path).name
    except (InputError, FileAccessError):
        return path.name


def read_default(path: Path) -> Scenario:
    from gpuplanner.core.scenario_io import read_scenario

    return read_scenario(path)


class FileCommands(_WindowBase):
    """File menu commands; mixed into the main window (a QMainWindow)."""

    # the window's parts these commands use (MainWindow.__init__ sets them)
    doc: ScenarioDocument
    settings: QSettings
    wizard: PlanningWizard
    runner: EstimateRunner
    compare_dialogs: list[CompareDialog]
    shown_results: ResultSet | None

    def _scenario_folder(self) -> str:
        """Where the file dialogs start: the open file's folder, the last one used, else Documents."""
        if self.doc.path and not self.doc.needs_save_as:
            return str(self.doc.path.parent)
        last = str(self.settings.value(SCENARIO_FOLDER_KEY, "") or "")
        if last and os.path.isdir(last):
            return last
        from PySide6.QtCore import QStandardPaths  # here: its wrapper costs ~2.5 M instructions (issue #15)

        return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current scenario (saved, discarded, or unchanged)."""
        if not self.doc.is_modified():
            return True
        from PySide6.QtWidgets import QMessageBox

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
        remember(self.settings, Path(path))
        self.wizard.restart()
        self.statusBar().showMessage(self.tr("Opened {0}").format(path), 5000)
        return True

    def open_example(self, path: str | os.PathLike[str]) -> bool:
        """Open a shipped example as a new, unsaved scenario (Save asks where: the examples stay as shipped)."""
        if not self.maybe_save():
            return False
        try:
            scenario = read_default(Path(path))
        except (InputError, FileAccessError) as err:
            dialogs.error(self, self.tr("Cannot open the example"), str(err))
            return False
        self.doc.replace_all(scenario, Path(path), read_only=True)
        self.wizard.restart()
        self.statusBar().showMessage(self.tr("Opened the example “{0}”").format(scenario.name), 5000)
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
        remember(self.settings, saved)
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
        from PySide6.QtCore import Qt  # not at import: before the first paint (qt_names.py)

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
        stem = self.doc.path.name.removesuffix(dialogs.SCENARIO_SUFFIX) if self.doc.path else self.doc.scenario.name
        folder = str(self.settings.value(EXPORT_FOLDER_KEY, "") or "")
        start = str(Path(folder) / (stem + ".xlsx")) if folder else stem + ".xlsx"
        path = dialogs.save_file_path(
            self, self.tr("Export workbook"), start, self.tr("Excel workbook (*.xlsx)"), ".xlsx"
        )
        if not path:
            return False
        from .i18n import export_language

        shown = getattr(self, "shown_results", None)
        try:
            if shown is not None and shown.scenario == self.doc.scenario:
                # the Plan the user is looking at, not a new estimate
                export_plan_function()(shown.plan, self.doc.catalog, path, language=export_language())
            else:
                export(self.doc.scenario, self.doc.catalog, path, language=export_language())
        except (InputError, FileAccessError, OSError) as err:
            dialogs.error(self, self.tr("Export failed"), str(err))
            return False
        self.settings.setValue(EXPORT_FOLDER_KEY, str(Path(path).parent))
        self.statusBar().showMessage(self.tr("Exported {0}").format(path), 5000)
        return True
