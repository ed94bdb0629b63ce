"""Autosave and crash recovery: an app killed with SIGKILL after an autosave is offered for recovery on the
next start, and Restore brings the work back intact (scenario, file, unsaved state); Discard deletes it;
running windows' records are never offered; saving, undoing back or closing normally clears the record;
a failing autosave reports and keeps working."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from ui_helpers import ROOT

from gpuplanner.core.autosave import list_records, read_record, write_record
from gpuplanner.core.scenario_io import parse_scenario, read_scenario
from gpuplanner.ui import recovery
from gpuplanner.ui.wizard import Pages

CHILD = r"""
import sys, time
from pathlib import Path
from PySide6.QtCore import QSettings
from gpuplanner.ui.app import build_window, create_application
from gpuplanner.core.scenario_io import scenario_to_toml

tmp = Path(sys.argv[1])
app = create_application(["gpuplanner"])
settings = QSettings(str(tmp / "child.ini"), QSettings.Format.IniFormat)
settings.setValue("files/autosave_seconds", 1)
win = build_window(settings, smoke_test=True)
win.show()
deadline = time.time() + 60
while not win.wizard.complete and time.time() < deadline:
    app.processEvents()
plan = tmp / "plan.gpuplan.toml"
win.doc.save(plan)                                   # a saved file ...
win.wizard.hardware_page.gpu_count.setValue(16)      # ... then unsaved edits
win.wizard.cost_page.utilization.setValue(55)
record = win.autosave.record_file
assert not record.exists()                           # nothing written yet: the timer does it
while not record.exists() and time.time() < deadline:
    app.processEvents()
    time.sleep(0.01)
print("AUTOSAVED", record, flush=True)
print("SCENARIO", scenario_to_toml(win.doc.scenario).replace("\n", "\\n"), flush=True)
while True:                                          # until killed
    app.processEvents()
    time.sleep(0.05)
"""


def answer(monkeypatch, which: str) -> list[str]:
    """Make every QMessageBox answer with the button whose text is ``which`` (e.g. "&Restore", "Discard")."""
    asked: list[str] = []

    def fake_exec(box):
        asked.append(box.text() + "\n" + box.informativeText())
        for b in box.buttons():
            if b.text().replace("&", "") == which.replace("&", ""):
                b.click()
                return 0
        raise AssertionError(f"no button {which!r} in {[b.text() for b in box.buttons()]}")

    monkeypatch.setattr(QMessageBox, "exec", fake_exec)
    return asked


def start_window(qtbot, tmp_path, name: str = "second.ini"):
    from gpuplanner.ui.app import build_window

    settings = QSettings(str(tmp_path / name), QSettings.Format.IniFormat)
    win = build_window(settings, smoke_test=True)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.recoveryChecked, timeout=20_000) as blocker:
        win.show()
    return win, blocker.args[0]


def finish(win) -> None:
    win.doc.undo_stack.setClean()
    win.runner.shutdown()


def test_killed_app_is_offered_for_recovery_and_restored_intact(qtbot, tmp_path, data_dir, monkeypatch):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPUPLANNER_DATA_DIR": str(data_dir)}
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path)],
        cwd=ROOT,
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    lines: dict[str, str] = {}
    try:
        assert proc.stdout is not None
        deadline = time.time() + 120
        while "SCENARIO" not in lines and time.time() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            key, _, value = line.rstrip("\n").partition(" ")
            lines[key] = value
    finally:
        proc.send_signal(signal.SIGKILL)  # a crash: no close event, no cleanup
        _out, err = proc.communicate(timeout=30)  # reads what is left and closes the pipes
    assert proc.returncode == -signal.SIGKILL
    assert "SCENARIO" in lines, err
    record = Path(lines["AUTOSAVED"])
    assert record.exists() and record.with_suffix(".lock").exists()  # left behind by the crash
    expected = parse_scenario(tomllib.loads(lines["SCENARIO"].replace("\\n", "\n")))
    plan = tmp_path / "plan.gpuplan.toml"
    on_disk = read_scenario(plan)
    assert (expected.hardware.gpu_count, expected.cost.utilization) == (16, 0.55)
    assert on_disk.hardware.gpu_count == 8  # the edits were never saved

    asked = answer(monkeypatch, "&Restore")
    win, restored = start_window(qtbot, tmp_path)
    try:
        assert restored is True and len(asked) == 1 and "did not close normally" in asked[0]
        assert win.doc.scenario == expected  # the edits, intact
        assert win.doc.path == plan.resolve() and not win.doc.needs_save_as  # the file it belongs to
        assert win.doc.is_modified() and win.isWindowModified()  # still unsaved
        assert "plan.gpuplan.toml" in win.windowTitle()
        assert win.wizard.hardware_page.gpu_count.value() == 16
        assert not record.exists() and not record.with_suffix(".lock").exists()  # the old record is gone ...
        assert win.autosave.record_file.exists()  # ... and lives on as this window's autosave
        assert read_record(win.autosave.record_file).scenario == expected
        assert "Restored your unsaved work" in win.statusBar().currentMessage()
        assert read_scenario(plan) == on_disk  # nothing was written to the file itself
        assert win.save()  # Save writes the recovered work to its file and clears the autosave
        assert read_scenario(plan) == expected and not win.autosave.record_file.exists()
    finally:
        finish(win)


def _orphan(data_dir: Path, scenario, path=None) -> Path:
    """A record with no running owner (as after a crash)."""
    return write_record("ab" * 16, scenario, path=path, folder=data_dir / "autosave")


def test_discard_deletes_the_record(qtbot, tmp_path, data_dir, monkeypatch, catalog):
    from gpuplanner.ui.app import default_scenario_path

    s0 = read_scenario(default_scenario_path())
    rec = _orphan(data_dir, replace(s0, name="Lost plan"))
    asked = answer(monkeypatch, "Discard")
    win, restored = start_window(qtbot, tmp_path)
    try:
        assert restored is False and "Lost plan" in asked[0]
        assert not rec.exists() and win.doc.scenario.name != "Lost plan" and not win.doc.is_modified()
    finally:
        finish(win)
    # and nothing is offered on the next start
    asked.clear()
    win2, restored2 = start_window(qtbot, tmp_path, "third.ini")
    finish(win2)
    assert restored2 is False and asked == []


def test_a_never_saved_scenario_is_restored_as_unsaved(qtbot, tmp_path, data_dir, monkeypatch):
    from gpuplanner.ui.app import default_scenario_path

    s0 = read_scenario(default_scenario_path())
    write_record(
        "cd" * 16,
        replace(s0, name="Draft"),
        path=default_scenario_path(),
        read_only_path=True,
        folder=data_dir / "autosave",
    )
    answer(monkeypatch, "&Restore")
    win, restored = start_window(qtbot, tmp_path)
    try:
        assert restored and win.doc.scenario.name == "Draft" and win.doc.needs_save_as and win.doc.is_modified()
    finally:
        finish(win)


def test_a_running_windows_record_is_not_offered(window, qtbot, tmp_path, monkeypatch):
    window.wizard.go_to(Pages.COSTS)
    window.wizard.cost_page.utilization.setValue(40)
    assert window.autosave.save_now() or window.autosave.record_file.exists()
    assert window.autosave.record_file.exists()
    asked = answer(monkeypatch, "&Restore")
    win2, restored = start_window(qtbot, tmp_path)
    finish(win2)
    assert restored is False and asked == []
    assert window.autosave.record_file.exists()


def test_autosave_follows_the_work(window, qtbot, data_dir, dialog_log, tmp_path):
    saver = window.autosave
    record = saver.record_file
    assert record.parent == data_dir / "autosave" and not record.exists()
    assert saver.timer.interval() == 30_000 and saver.timer.isActive()
    window.wizard.go_to(Pages.HARDWARE)
    window.wizard.hardware_page.gpu_count.setValue(16)
    assert not record.exists()  # written by the timer or the next step, not on every keystroke
    window.wizard.go_to(Pages.COSTS)  # a major step: written at once
    assert record.exists() and read_record(record).scenario == window.doc.scenario
    window.undo_action.trigger()  # back to the saved state: nothing to recover
    assert not record.exists()
    window.redo_action.trigger()
    saver.timer.timeout.emit()
    assert record.exists()
    dialog_log.save_path = str(tmp_path / "saved.gpuplan.toml")
    assert window.save()
    assert not record.exists()


def test_the_timer_writes_after_an_edit(window, qtbot):
    window.autosave.set_interval(1)
    window.wizard.go_to(Pages.HARDWARE)
    window.wizard.hardware_page.gpu_count.setValue(16)
    qtbot.waitUntil(window.autosave.record_file.exists, timeout=5000)
    assert json.loads(window.autosave.record_file.read_text(encoding="utf-8"))["modified"] is True


def test_a_failing_autosave_reports_and_keeps_the_work(window, qtbot, monkeypatch):
    window.wizard.go_to(Pages.HARDWARE)
    window.wizard.hardware_page.gpu_count.setValue(16)

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", full)
        assert window.autosave.save_now() is False
    assert "Autosave failed" in window.statusBar().currentMessage()
    assert "No space left on device" in window.statusBar().currentMessage()
    assert window.doc.scenario.hardware.gpu_count == 16 and window.doc.is_modified()
    assert not [p for p in window.autosave.folder.iterdir() if p.suffix == ".tmp"]
    assert window.autosave.save_now() is True


def test_close_clears_the_record_and_asks_about_unsaved_changes(window, qtbot, dialog_log):
    window.wizard.go_to(Pages.HARDWARE)
    window.wizard.hardware_page.gpu_count.setValue(16)
    window.autosave.save_now()
    record = window.autosave.record_file
    assert record.exists()
    dialog_log.save_answer = QMessageBox.StandardButton.Cancel
    assert window.close() is False and window.isVisible() and record.exists()
    dialog_log.save_answer = QMessageBox.StandardButton.Discard
    assert window.close() is True
    assert not record.exists() and not record.with_suffix(".lock").exists()
    assert window.settings.value("window/geometry") is not None


def test_unreadable_records_are_set_aside(qtbot, tmp_path, data_dir, monkeypatch):
    folder = data_dir / "autosave"
    folder.mkdir(parents=True)
    (folder / ("ef" * 16 + ".json")).write_text("{broken", encoding="utf-8")
    asked = answer(monkeypatch, "&Restore")
    win, restored = start_window(qtbot, tmp_path)
    try:
        assert restored is False and asked == []
        assert list_records(folder) == [] and (folder / ("ef" * 16 + ".unreadable")).exists()
        assert "could not be read" in win.statusBar().currentMessage()
    finally:
        finish(win)


def test_no_question_without_a_screen(monkeypatch):
    with monkeypatch.context() as m:
        m.delitem(sys.modules, "pytest")
        assert recovery.can_prompt() is False  # offscreen, outside the tests: the smoke test never blocks
    assert recovery.can_prompt() is True


@pytest.mark.parametrize("value, seconds", [("12", 12), ("junk", 30), ("0", 1)])
def test_interval_setting(tmp_path, value, seconds):
    s = QSettings(str(tmp_path / "i.ini"), QSettings.Format.IniFormat)
    s.setValue("files/autosave_seconds", value)
    assert recovery.interval_seconds(s) == seconds


def test_an_edit_is_autosaved_seconds_later_not_at_the_next_tick(window, qtbot):
    """The 30 s timer alone lost the edit made 3 s before a crash: each edit now writes once the user pauses."""
    assert window.autosave.timer.interval() >= 30_000
    window.wizard.go_to(Pages.HARDWARE)
    record = window.autosave.record_file
    assert not record.exists()
    window.wizard.hardware_page.gpu_count.setValue(16)
    assert not record.exists()  # not on every keystroke ...
    qtbot.waitUntil(record.exists, timeout=recovery.DEBOUNCE_MS + 2000)  # ... but within seconds
    assert read_record(record).scenario.hardware.gpu_count == 16


def test_recovery_returns_to_the_step_the_user_was_on(qtbot, tmp_path, data_dir, monkeypatch, catalog):
    base = read_scenario(Path(ROOT) / "resources" / "default.gpuplan.toml")
    edited = replace(base, hardware=replace(base.hardware, gpu_count=16))
    _orphan(data_dir, edited)
    settings = QSettings(str(tmp_path / "second.ini"), QSettings.Format.IniFormat)
    settings.setValue(recovery.PAGE_KEY.format("ab" * 16), int(Pages.HARDWARE))
    settings.sync()
    answer(monkeypatch, "&Restore")
    win, restored = start_window(qtbot, tmp_path)
    try:
        assert restored and win.doc.scenario == edited
        assert win.wizard.currentId() == Pages.HARDWARE
        assert win.settings.value(recovery.PAGE_KEY.format("ab" * 16)) is None  # used once
    finally:
        finish(win)
