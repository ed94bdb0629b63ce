"""The main window's menus and actions: File, Edit, View, Tools, Help.

:func:`build_menus` creates them on a :class:`gpuplanner.ui.main_window.MainWindow` and keeps each action
as an attribute of the window (``w.open_action``, ``w.undo_action``, …) so tests and other parts can reach
them; the commands they trigger live on the window (:mod:`gpuplanner.ui.file_commands` for files).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from .settings_keys import THEME_KEY
from .theme import THEMES
from .wizard import Pages

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from .main_window import MainWindow


def import_training_config(w: MainWindow) -> None:
    from .config_actions import import_training_config as run  # its dialogs load when the command runs

    run(w)


def write_launch_config(w: MainWindow) -> None:
    from .config_actions import write_launch_config as run

    run(w)


# slots made by functions rather than lambdas with default arguments in the loops (mypy infers no type for those)
def _go_to(w: MainWindow, step: int) -> Callable[[], None]:
    return lambda: w.wizard.go_to(Pages(step))


def _set_theme(w: MainWindow, theme: str) -> Callable[[], None]:
    return lambda: w.set_theme(theme)


def _open_example(w: MainWindow, path: Path) -> Callable[[], object]:
    return lambda: w.open_example(path)


def build_menus(w: MainWindow) -> None:
    t = w.tr
    bar = w.menuBar()
    file_menu = bar.addMenu(t("&File"))
    w.new_action = file_menu.addAction(t("&New"), QKeySequence.StandardKey.New, w.new_scenario)
    w.open_action = file_menu.addAction(t("&Open…"), QKeySequence.StandardKey.Open, w.open_file)
    w.recent_menu = file_menu.addMenu(t("Open &Recent"))
    w.recent_menu.setToolTipsVisible(True)
    w.recent_menu.aboutToShow.connect(w._fill_recent)
    w.examples_menu = file_menu.addMenu(t("Open E&xample"))
    w.examples_menu.setToolTipsVisible(True)
    w.examples_menu.aboutToShow.connect(lambda: fill_examples_menu(w))
    w.compare_action = file_menu.addAction(t("Co&mpare With…"), w.compare_with)
    w.compare_action.setStatusTip(
        t("Show the key results and the differing inputs of this scenario and another one side by side")
    )
    w.import_config_action = file_menu.addAction(t("&Import Training Config…"), lambda: import_training_config(w))
    w.import_config_action.setStatusTip(
        t("Open a framework's training config (torchtune, torchtitan, DeepSpeed, Hugging Face…) as a scenario")
    )
    file_menu.addSeparator()
    w.save_action = file_menu.addAction(t("&Save"), QKeySequence.StandardKey.Save, w.save)
    w.save_as_action = file_menu.addAction(t("Save &As…"), QKeySequence("Ctrl+Shift+S"), w.save_as)
    file_menu.addSeparator()
    w.export_action = file_menu.addAction(t("&Export Workbook…"), QKeySequence("Ctrl+E"), w.export_workbook)
    w.plots_menu = file_menu.addMenu(t("Export &Plot"))
    w.plots_menu.aboutToShow.connect(w._fill_plots_menu)
    file_menu.addSeparator()
    w.quit_action = file_menu.addAction(t("&Quit"), QKeySequence.StandardKey.Quit, w.close)

    edit_menu = bar.addMenu(t("&Edit"))
    w.undo_action = w.doc.undo_stack.createUndoAction(w, t("&Undo"))
    w.undo_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.Undo)])
    w.redo_action = w.doc.undo_stack.createRedoAction(w, t("&Redo"))
    w.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    edit_menu.addAction(w.undo_action)
    edit_menu.addAction(w.redo_action)
    edit_menu.addSeparator()
    w.preferences_action = edit_menu.addAction(t("Pre&ferences…"), QKeySequence("Ctrl+,"), w.show_preferences)
    w.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)

    view_menu = bar.addMenu(t("&View"))
    steps = view_menu.addMenu(t("&Go to Step"))
    for i, name in enumerate(w.wizard.step_names()):
        steps.addAction(f"&{i + 1} {name}", QKeySequence(f"Ctrl+{i + 1}"), _go_to(w, i))
    theme_menu = view_menu.addMenu(t("&Theme"))
    group = QActionGroup(w)
    current = str(w.settings.value(THEME_KEY, "system"))
    labels = {"system": t("&System"), "light": t("&Light"), "dark": t("&Dark")}
    w.theme_actions = {}
    for theme in THEMES:
        act = theme_menu.addAction(labels[theme], _set_theme(w, theme))
        act.setCheckable(True)
        act.setChecked(theme == current)
        group.addAction(act)
        w.theme_actions[theme] = act

    # Alt+T is kept free on every wizard step for this menu (no field label uses T)
    tools_menu = bar.addMenu(t("&Tools"))
    w.catalog_action = tools_menu.addAction(t("&Catalog Editor…"), QKeySequence("Ctrl+Shift+K"), w.show_catalog_editor)
    w.catalog_action.setStatusTip(t("Edit GPUs, node types, cloud offers and site profiles"))
    w.launch_action = tools_menu.addAction(t("Write &Launch Config…"), lambda: write_launch_config(w))
    w.launch_action.setStatusTip(t("Write the planned layout as a torchtitan, torchtune, Megatron or DeepSpeed config"))

    help_menu = bar.addMenu(t("&Help"))
    w.about_action = help_menu.addAction(t("&About gpuplanner…"), w.about)
    w.about_action.setMenuRole(QAction.MenuRole.AboutRole)


def fill_examples_menu(w: MainWindow) -> None:
    from .file_commands import example_files, example_title

    w.examples_menu.clear()
    files = example_files()
    for path in files:
        act = w.examples_menu.addAction(example_title(path), _open_example(w, path))
        act.setToolTip(str(path))
        act.setStatusTip(str(path))
    if not files:
        w.examples_menu.addAction(w.tr("(no examples in this installation)")).setEnabled(False)
