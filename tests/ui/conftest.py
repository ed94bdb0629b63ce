"""Shared fixtures for the desktop-app tests: offscreen Qt, throwaway user data and settings, dialogs that
record instead of blocking, and a main window with the default scenario and its first results."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The app and the CLI subprocesses these tests start must see the same (empty) user catalog layer and must
# never touch the developer's own settings.
_HOME = tempfile.mkdtemp(prefix="gpuplanner-ui-tests-")
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
os.environ["XDG_DATA_HOME"] = os.path.join(_HOME, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_HOME, "config")

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402
from ui_helpers import wait_for_results  # noqa: E402

import gpuplanner.ui  # noqa: E402,F401  (before other Qt use: see gpuplanner/ui/_refcount_fix.py)
from gpuplanner.ui import dialogs  # noqa: E402


class DialogLog:
    """What the app would have shown, instead of a modal dialog."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, str]] = []
        self.infos: list[tuple[str, str]] = []
        self.save_path = ""
        self.open_path = ""
        self.file_path = ""
        self.save_answer = QMessageBox.StandardButton.Discard


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path):
    """Each test has its own user data folder (catalog edits, autosave records)."""
    path = tmp_path / "user-data"
    monkeypatch.setenv("GPUPLANNER_DATA_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def dialog_log(monkeypatch: pytest.MonkeyPatch) -> DialogLog:
    log = DialogLog()
    monkeypatch.setattr(dialogs, "error", lambda _p, title, text: log.errors.append((title, text)))
    monkeypatch.setattr(dialogs, "warning", lambda _p, title, text: log.errors.append((title, text)))
    monkeypatch.setattr(dialogs, "info", lambda _p, title, text: log.infos.append((title, text)))
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda _p, _name: log.save_answer)
    monkeypatch.setattr(dialogs, "save_scenario_path", lambda _p, _start="": log.save_path)
    monkeypatch.setattr(dialogs, "open_scenario_path", lambda _p, _start="": log.open_path)
    monkeypatch.setattr(dialogs, "compare_scenario_path", lambda _p, _start="": log.open_path)
    monkeypatch.setattr(dialogs, "open_file_path", lambda *_a, **_k: log.open_path)
    monkeypatch.setattr(dialogs, "save_file_path", lambda *_a, **_k: log.file_path)
    return log


@pytest.fixture(scope="session")
def catalog():
    from gpuplanner.core.catalog import load_catalog

    return load_catalog()


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings):
    """The main window on the default scenario, painted, with its first results in."""
    from gpuplanner.ui.app import build_window

    win = build_window(settings, smoke_test=True)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win._painted, timeout=5000)
    wait_for_results(qtbot, win)
    yield win
    win.doc.undo_stack.setClean()
    win.runner.shutdown()
