"""Message boxes and file dialogs in one place, so tests can replace them (monkeypatch) and no test ever
waits on a modal dialog."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # QMessageBox and QFileDialog are imported where a dialog opens: not before the first paint
    from PySide6.QtWidgets import QMessageBox, QWidget

SCENARIO_SUFFIX = ".gpuplan.toml"


_SPEC_REF = re.compile(r"\s*\((?:see )?spec §[\d.]+[^)]*\)")


def for_users(text: str) -> str:
    """An engine message without its references to the developers' spec ("(spec §4.1)"): users do not have it;
    in the interface language where its shape is a known one (engine_text.py)."""
    from .engine_text import localized

    return localized(_SPEC_REF.sub("", text))


def error(parent: QWidget | None, title: str, text: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.critical(parent, title, for_users(text))


def info(parent: QWidget | None, title: str, text: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.information(parent, title, for_users(text))


def ask_save_changes(parent: QWidget | None, name: str) -> QMessageBox.StandardButton:
    """Save, Discard or Cancel."""
    from PySide6.QtWidgets import QMessageBox

    buttons = QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel
    text = parent.tr("“{0}” has unsaved changes. Save them?").format(name) if parent else name
    return QMessageBox.question(
        parent, parent.tr("Unsaved changes") if parent else "", text, buttons, QMessageBox.StandardButton.Save
    )


def open_scenario_path(parent: QWidget, start: str = "") -> str:
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getOpenFileName(
        parent,
        parent.tr("Open scenario"),
        start,
        parent.tr("gpuplanner scenarios (*.gpuplan.toml *.toml);;All files (*)"),
    )
    return path


def save_scenario_path(parent: QWidget, start: str = "") -> str:
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getSaveFileName(
        parent, parent.tr("Save scenario as"), start, parent.tr("gpuplanner scenarios (*.gpuplan.toml)")
    )
    if path and not path.endswith(SCENARIO_SUFFIX):
        path = path.removesuffix(".toml") + SCENARIO_SUFFIX
    return path


def save_file_path(parent: QWidget, title: str, start: str, file_filter: str, suffix: str) -> str:
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getSaveFileName(parent, title, start, file_filter)
    if path and not path.lower().endswith(suffix):
        path += suffix
    return path


def compare_scenario_path(parent: QWidget, start: str = "") -> str:
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getOpenFileName(
        parent,
        parent.tr("Compare with scenario"),
        start,
        parent.tr("gpuplanner scenarios (*.gpuplan.toml *.toml);;All files (*)"),
    )
    return path


def open_file_path(parent: QWidget, title: str, start: str, file_filter: str) -> str:
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getOpenFileName(parent, title, start, file_filter)
    return path


def warning(parent: QWidget | None, title: str, text: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.warning(parent, title, for_users(text))
