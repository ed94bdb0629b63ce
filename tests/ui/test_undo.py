"""Undo and redo of inputs (Edit menu, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y): spin-box steps within a second are
one step, later edits are new steps, an edit returned to where it started leaves no step; the window title's
modified marker follows the saved state."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from ui_helpers import type_number

from gpuplanner.ui import undo
from gpuplanner.ui.wizard import Pages

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    c = FakeClock()
    monkeypatch.setattr(undo, "clock", c)
    return c


def _hardware(window):
    window.wizard.go_to(Pages.HARDWARE)
    assert window.wizard.currentId() == Pages.HARDWARE
    return window.wizard.hardware_page


def _utilization(window):
    window.wizard.go_to(Pages.COSTS)
    assert window.wizard.currentId() == Pages.COSTS
    return window.wizard.cost_page.utilization


def _focus(qtbot, window, widget):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus, timeout=2000)


def test_spin_steps_within_a_second_are_one_undo_step(window, qtbot, clock):
    box = _utilization(window)
    stack = window.doc.undo_stack
    before, n0 = window.doc.scenario, stack.count()
    _focus(qtbot, window, box)
    for _ in range(4):
        qtbot.keyClick(box, Qt.Key.Key_Up)
        clock.advance(0.3)
    stepped = window.doc.scenario.cost.utilization
    assert stepped > before.cost.utilization and stepped == pytest.approx(box.value() / 100)
    assert stack.count() == n0 + 1 and stack.undoText() == "Change utilization"
    assert window.undo_action.text() == "&Undo Change utilization"
    assert window.isWindowModified() and "[*]" in window.windowTitle()

    qtbot.keyClick(box, Qt.Key.Key_Z, CTRL)  # from inside the field: the scenario's undo, not the text's
    assert window.doc.scenario == before and box.value() == pytest.approx(100 * before.cost.utilization)
    assert not window.isWindowModified()
    qtbot.keyClick(box, Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.doc.scenario.cost.utilization == stepped and box.value() == pytest.approx(100 * stepped)
    window.undo_action.trigger()
    qtbot.keyClick(box, Qt.Key.Key_Y, CTRL)
    assert window.doc.scenario.cost.utilization == stepped


def test_edits_further_apart_are_separate_steps(window, qtbot, clock):
    box = _utilization(window)
    stack = window.doc.undo_stack
    first = window.doc.scenario.cost.utilization
    _focus(qtbot, window, box)
    qtbot.keyClick(box, Qt.Key.Key_Up)
    second = window.doc.scenario.cost.utilization
    clock.advance(1.5)
    qtbot.keyClick(box, Qt.Key.Key_Up)
    third = window.doc.scenario.cost.utilization
    assert first < second < third and stack.count() == 2
    stack.undo()
    assert window.doc.scenario.cost.utilization == second
    stack.undo()
    assert window.doc.scenario.cost.utilization == first
    stack.redo()
    stack.redo()
    assert window.doc.scenario.cost.utilization == third


def test_typing_is_one_step_and_typing_back_leaves_none(window, qtbot, clock):
    page = _hardware(window)
    box = page.gpu_count
    stack = window.doc.undo_stack
    start = box.value()
    type_number(qtbot, box, "64")
    assert window.doc.scenario.hardware.gpu_count == 64 and stack.count() == 1
    clock.advance(0.2)
    type_number(qtbot, box, str(start))
    assert window.doc.scenario.hardware.gpu_count == start
    assert stack.count() == 0 and not window.isWindowModified()  # merged back to the start: dropped


def test_different_fields_are_different_steps(window, qtbot, clock):
    cost = window.wizard.cost_page
    window.wizard.go_to(Pages.COSTS)
    before = window.doc.scenario
    cost.utilization.setValue(50)
    cost.currency.setCurrentIndex(cost.currency.findData("KRW"))
    cost.defaultable["pue"].spin.setValue(1.6)
    s = window.doc.scenario
    assert (s.cost.utilization, s.cost.currency, s.cost.pue) == (0.5, "KRW", 1.6)
    assert window.doc.undo_stack.count() == 3
    texts = [window.doc.undo_stack.text(i) for i in range(3)]
    assert texts == ["Change utilization", "Change currency", "Change PUE"]
    for _ in range(3):
        window.undo_action.trigger()
    assert window.doc.scenario == before
    assert cost.utilization.value() == before.cost.utilization * 100
    assert cost.defaultable["pue"].value() is None  # back to the catalog's value
    for _ in range(3):
        window.redo_action.trigger()
    assert window.doc.scenario == s


def test_undo_back_to_the_saved_state_clears_the_marker(window, dialog_log, tmp_path, clock):
    dialog_log.save_path = str(tmp_path / "saved.gpuplan.toml")
    assert window.save_as()
    assert not window.isWindowModified() and "saved.gpuplan.toml" in window.windowTitle()
    page = _hardware(window)
    page.gpu_count.setValue(32)
    assert window.isWindowModified()
    window.undo_action.trigger()
    assert not window.isWindowModified()
    window.redo_action.trigger()
    assert window.isWindowModified()


def test_edit_menu_shortcuts(window):
    keys = [s.toString() for s in window.redo_action.shortcuts()]
    assert keys == ["Ctrl+Shift+Z", "Ctrl+Y"]
    assert window.undo_action.shortcut().toString() == "Ctrl+Z"
