"""Edit › Preferences (kept in QSettings): language, theme, currency and site for new scenarios, autosave
interval, folders; the window's geometry and layout saved on close and restored on start; Help › About."""

from __future__ import annotations

import uuid

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QDialogButtonBox

from gpuplanner.ui import preferences as prefs
from gpuplanner.ui.theme import is_dark


@pytest.fixture
def scoped_settings():
    """A native QSettings under an organisation name of its own, cleared afterwards."""
    org = f"gpuplanner-test-{uuid.uuid4().hex[:8]}"
    s = QSettings(org, "gpuplanner")
    yield s
    s.clear()
    s.sync()


def _choose(box, value) -> None:
    box.setCurrentIndex(box.findData(value))
    assert box.currentData() == value


def test_preferences_are_saved_and_applied(window, settings, tmp_path):
    dlg = window.show_preferences()
    assert dlg.isVisible() and dlg.windowTitle() == "Preferences"
    assert [dlg.language.itemData(i) for i in range(dlg.language.count())] == ["system", "en", "ko"]
    assert dlg.language.itemText(2) == "한국어" and "restart" in dlg.language_note.text()
    _choose(dlg.language, "ko")
    _choose(dlg.theme, "dark")
    _choose(dlg.currency, "KRW")
    _choose(dlg.site, "kr-colo")
    dlg.autosave.setValue(45)
    dlg.export_folder.edit.setText(str(tmp_path))
    dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    fresh = QSettings(settings.fileName(), QSettings.Format.IniFormat)  # what the next start reads
    assert fresh.value("ui/language") == "ko"
    assert fresh.value("view/theme") == "dark"
    assert fresh.value("defaults/currency") == "KRW" and fresh.value("defaults/site") == "kr-colo"
    assert int(fresh.value("files/autosave_seconds")) == 45
    assert fresh.value("files/export_folder") == str(tmp_path)
    assert is_dark() and window.theme_actions["dark"].isChecked()  # the theme at once
    assert window.autosave.timer.interval() == 45_000
    window.set_theme("light")

    window.new_scenario()  # new scenarios take the preferred currency and site
    assert window.doc.scenario.cost.currency == "KRW" and window.doc.scenario.cost.site == "kr-colo"
    assert not window.doc.is_modified()


def test_cancel_and_restore_defaults(window, settings):
    settings.setValue("ui/language", "ko")
    dlg = window.show_preferences()
    assert dlg.language.currentData() == "ko"
    dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    assert dlg.language.currentData() == "system" and dlg.autosave.value() == 30
    dlg.reject()
    assert settings.value("ui/language") == "ko"  # Cancel keeps what was there


def test_preferences_in_a_native_settings_store(scoped_settings, catalog, qtbot):
    dlg = prefs.PreferencesDialog(scoped_settings, catalog)
    qtbot.addWidget(dlg)
    _choose(dlg.language, "en")
    _choose(dlg.currency, "USD")
    dlg.accept()
    again = QSettings(scoped_settings.organizationName(), "gpuplanner")
    assert again.value("ui/language") == "en" and again.value("defaults/currency") == "USD"
    assert QCoreApplication.organizationName() != scoped_settings.organizationName()


def test_new_scenario_defaults_skip_an_unknown_site(window, settings):
    settings.setValue("defaults/site", "no-such-site")
    settings.setValue("defaults/currency", "KRW")
    s = prefs.new_scenario_defaults(window.doc.scenario, settings, window.doc.catalog)
    assert s.cost.currency == "KRW" and s.cost.site is None


def test_window_geometry_and_layout_come_back(qtbot, settings, dialog_log):
    from ui_helpers import wait_for_results

    from gpuplanner.ui.app import build_window

    win = build_window(settings, smoke_test=True)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win.results_view is not None, timeout=10_000)
    wait_for_results(qtbot, win)
    win.resize(760, 750)
    win.splitter.setSizes([420, 340])
    sizes, size = win.splitter.sizes(), (win.width(), win.height())
    assert size != (1480, 920) and size[1] == 750
    assert win.close()
    assert settings.value("window/geometry") is not None and settings.value("window/state") is not None
    win2 = build_window(settings, smoke_test=True)
    qtbot.addWidget(win2)
    win2.show()
    qtbot.waitUntil(lambda: win2.results_view is not None, timeout=10_000)
    # the offscreen screen is 800 px wide and restoreGeometry keeps a window on it: compare the height
    assert win2.height() == size[1]
    saved = settings.value("window/splitter")
    assert saved is not None and win2.splitter.restoreState(saved) and sum(sizes) > 0
    wait_for_results(qtbot, win2)
    win2.runner.shutdown()


def test_help_about_uses_the_about_module(window, monkeypatch):
    from gpuplanner.ui import about

    shown = []
    monkeypatch.setattr(about, "show_about", lambda parent: shown.append(parent))
    assert window.about_action.isEnabled() and window.about_action.text() == "&About gpuplanner…"
    window.about_action.trigger()
    assert shown == [window]
