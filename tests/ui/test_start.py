"""How the app starts: a file given on the command line (``run_app(scenario_path=...)``), the shipped
examples under File › Open Example, and the first-start hint."""

from __future__ import annotations

from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.ui.app import build_window, default_scenario_path
from gpuplanner.ui.file_commands import example_files
from gpuplanner.ui.main_actions import fill_examples_menu


def _window(qtbot, settings, **kw):
    win = build_window(settings, **kw)
    qtbot.addWidget(win)
    return win


def test_a_file_argument_opens_that_scenario(qtbot, settings, dialog_log):
    example = example_files()[0]
    win = _window(qtbot, settings, scenario_path=str(example))
    assert win.doc.path == example and dialog_log.errors == []
    assert win.doc.scenario == read_scenario(example)
    win.runner.shutdown()


def test_an_unreadable_file_argument_says_why_and_opens_the_default(qtbot, settings, dialog_log, tmp_path):
    bad = tmp_path / "broken.gpuplan.toml"
    bad.write_text("schema = 1\n[model\n", encoding="utf-8")
    win = _window(qtbot, settings, scenario_path=str(bad))
    assert dialog_log.errors and dialog_log.errors[0][0] == "Cannot open scenario"
    assert "broken.gpuplan.toml" in dialog_log.errors[0][1]
    assert win.doc.path == default_scenario_path()
    win.runner.shutdown()


def test_open_example_menu_lists_and_opens_the_shipped_examples(window):
    fill_examples_menu(window)
    actions = window.examples_menu.actions()
    assert len(actions) == len(example_files()) >= 4
    names = [a.text() for a in actions]
    assert names == [read_scenario(p).name for p in example_files()]
    actions[0].trigger()
    assert window.doc.scenario == read_scenario(example_files()[0])
    assert window.doc.needs_save_as  # Save asks where: the shipped example stays as it is


def test_first_start_hint_until_dismissed(qtbot, settings):
    win = _window(qtbot, settings, smoke_test=True)
    hint = win.first_start_hint
    assert hint is not None and hint.isVisibleTo(win)
    assert "Start here" in hint.text.text()
    hint.close_button.click()
    assert not hint.isVisibleTo(win)
    win.runner.shutdown()
    again = _window(qtbot, settings, smoke_test=True)
    assert again.first_start_hint is None  # once closed, it stays closed
    again.runner.shutdown()


def test_opening_a_file_retires_the_hint(window):
    assert window.first_start_hint is not None
    window.open_file(example_files()[0])
    assert not window.first_start_hint.isVisibleTo(window)
