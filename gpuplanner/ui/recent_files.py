"""File › Open Recent: the list of recently opened or saved scenarios, kept in QSettings."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import cast

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QMenu

from .settings_keys import SCENARIO_FOLDER_KEY

MAX_RECENT = 8
RECENT_KEY = "files/recent"
LAST_KEY = "files/last"


def recent_files(settings: QSettings) -> list[str]:
    """The remembered files that still exist, newest first."""
    value = settings.value(RECENT_KEY, [])
    # QSettings gives one string for a one-item list in INI files, else the list (or None when emptied)
    files = [value] if isinstance(value, str) else list(cast("Iterable[str]", value or []))
    return [f for f in files if f and os.path.exists(f)]


def clear_recent(settings: QSettings) -> None:
    settings.setValue(RECENT_KEY, [])


def remember(settings: QSettings, path: Path) -> None:
    """Put ``path`` first in the list; it is also the file the next start opens and where dialogs start."""
    files = [str(path)] + [f for f in recent_files(settings) if f != str(path)]
    settings.setValue(RECENT_KEY, files[:MAX_RECENT])
    settings.setValue(LAST_KEY, str(path))
    settings.setValue(SCENARIO_FOLDER_KEY, str(Path(path).parent))


def _opener(open_file: Callable[[str], object], path: str) -> Callable[[], object]:
    return lambda: open_file(path)


def fill_recent_menu(menu: QMenu, settings: QSettings, open_file: Callable[[str], object]) -> None:
    t = QCoreApplication.translate
    menu.clear()
    files = recent_files(settings)
    for i, path in enumerate(files):
        act = menu.addAction(f"&{i + 1} {Path(path).name}", _opener(open_file, path))
        act.setToolTip(path)
        act.setStatusTip(path)
    if not files:
        menu.addAction(t("MainWindow", "(none)")).setEnabled(False)
    else:
        menu.addSeparator()
        menu.addAction(t("MainWindow", "&Clear Menu"), lambda: clear_recent(settings))
