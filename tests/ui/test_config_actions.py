"""File › Import Training Config… and Tools › Write Launch Config… on the real main window: a torchtune recipe
YAML from the installed wheel goes through the action (only the file dialog's answer is given), the wizard shows
its model, the assumptions are in a dialog; the launch config written back imports as the same run."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from ui_helpers import wait_for_results

from gpuplanner.core.framework_config import import_config
from gpuplanner.ui.config_actions import LaunchDialog, ReportDialog

CI = os.environ.get("CI") == "true"


def _torchtune_config(name: str) -> Path:
    spec = importlib.util.find_spec("torchtune")  # the wheel's files, without importing torch
    if spec is None or spec.origin is None:
        if CI:
            pytest.fail("torchtune is not installed; CI=true needs its recipe configs")
        pytest.skip("torchtune is not installed")
    return Path(spec.origin).parents[1] / "recipes" / "configs" / name


def test_import_a_torchtune_recipe_through_the_menu(window, qtbot, dialog_log) -> None:
    path = _torchtune_config("llama3_1/8B_lora.yaml")
    dialog_log.open_path = str(path)
    window.import_config_action.trigger()
    assert dialog_log.errors == []
    s = window.doc.scenario
    assert s.model_preset == "llama-3.1-8b" and s.workload.method == "lora" and s.workload.framework == "torchtune"
    page = window.wizard.model_page
    assert page.preset_list.currentItem().data(Qt.ItemDataRole.UserRole) == "llama-3.1-8b"
    assert page.method_buttons["lora"].isChecked()
    qtbot.waitUntil(lambda: "Llama 3.1 8B" in page.model_name.text(), timeout=10_000)
    report = window.findChild(ReportDialog, "importReport")
    assert report is not None and report.isVisible()
    assert "8B_lora.yaml" in report.summary.text() and "torchtune" in report.summary.text()
    assert "GPU h100-sxm-80gb" in report.text.toPlainText()  # the printed default for the GPU type
    assert "lora_alpha 16" in report.text.toPlainText()
    assert window.doc.needs_save_as and window.doc.is_modified()  # Save asks where; closing asks to save
    report.accept()


def test_a_bad_config_is_reported_and_nothing_changes(window, tmp_path, dialog_log) -> None:
    before = window.doc.scenario
    bad = tmp_path / "notes.yaml"
    bad.write_text("hello: world\n")
    dialog_log.open_path = str(bad)
    window.import_config_action.trigger()
    assert window.doc.scenario == before
    assert len(dialog_log.errors) == 1 and "cannot tell which framework" in dialog_log.errors[0][1]
    assert window.findChild(ReportDialog, "importReport") is None


def test_cancelled_file_dialog_does_nothing(window, dialog_log) -> None:
    before = window.doc.scenario
    dialog_log.open_path = ""
    window.import_config_action.trigger()
    assert window.doc.scenario == before and dialog_log.errors == []


def test_write_launch_config_then_import_it_back(window, qtbot, tmp_path, dialog_log) -> None:
    dialog_log.open_path = str(_torchtune_config("llama3_1/8B_lora.yaml"))
    window.import_config_action.trigger()
    wait_for_results(qtbot, window)
    out = tmp_path / "train.yaml"
    dialog_log.file_path = str(out)
    window.launch_action.trigger()
    dialog = window.findChild(LaunchDialog, "launchDialog")
    assert dialog is not None and dialog.framework.currentText() == "torchtune"  # from the scenario's profile
    dialog.accept()
    assert dialog_log.errors == [] and out.is_file()
    report = window.findChild(ReportDialog, "launchReport")
    assert report is not None and "tune run" in report.text.toPlainText()
    back = import_config(out).scenario
    s = window.doc.scenario
    assert (back.model_preset, back.workload.method, back.workload.lora_rank) == (
        s.model_preset,
        s.workload.method,
        s.workload.lora_rank,
    )
    assert (back.workload.seq_len, back.hardware.gpu_count) == (s.workload.seq_len, s.hardware.gpu_count)
