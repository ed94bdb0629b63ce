"""Bad input in the wizard: the field gets a red border and the reason, the page says what to fix, Next is
disabled, and the document keeps its last valid scenario."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QWizard
from ui_helpers import click, type_number

from gpuplanner.core.scenario import Parallel
from gpuplanner.ui.wizard import Pages


def next_enabled(window) -> bool:
    return window.wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def plain_data_parallel(window) -> None:
    """The layout given by hand (dp = GPU count): the default leaves it to the planner, which makes any global
    batch possible."""
    s = window.doc.scenario
    window.doc.edit(replace(s, parallel=Parallel(tp=1, pp=1, cp=1, zero=3)), "layout")


def test_global_batch_not_a_multiple_blocks_next(window, qtbot):
    plain_data_parallel(window)
    window.wizard.go_to(Pages.TRAINING)
    page = window.wizard.training_page
    before = window.doc.scenario
    type_number(qtbot, page.global_, "60")
    row = page.rows["workload.global_batch"]
    assert not next_enabled(window)
    assert not page.isComplete()
    assert "multiple of micro_batch × dp = 1 × 8 = 8, got 60" in row.error.text()
    assert row.error.isVisibleTo(page) and "border" in page.global_.styleSheet()
    assert page.message.isVisibleTo(page) and "Global batch" in page.message.text()
    assert window.doc.scenario == before  # the document never holds an invalid scenario
    type_number(qtbot, page.global_, "64")
    assert next_enabled(window) and not page.message.isVisibleTo(page)
    assert page.global_.styleSheet() == "" and not row.error.isVisibleTo(page)


def test_a_problem_caused_elsewhere_names_the_step(window, qtbot):
    plain_data_parallel(window)
    window.wizard.go_to(Pages.HARDWARE)
    page = window.wizard.hardware_page
    type_number(qtbot, page.gpu_count, "3")  # 64 sequences are not a multiple of dp = 3
    assert not next_enabled(window)
    assert "Global batch (step 2)" in page.message.text()
    assert window.doc.scenario.hardware.gpu_count == 8


def test_fixing_another_field_keeps_the_invalid_one_flagged(window, qtbot):
    plain_data_parallel(window)
    window.wizard.go_to(Pages.TRAINING)
    page = window.wizard.training_page
    type_number(qtbot, page.global_, "60")
    type_number(qtbot, page.seq_len, "4096")  # valid on its own, but the page still holds 60
    assert page.global_.value() == 60 and not next_enabled(window)
    assert window.doc.scenario.workload.seq_len == 8192


def test_kv_heads_must_divide_heads(window, qtbot):
    page = window.wizard.model_page
    type_number(qtbot, page.arch["kv_heads"], "5")
    assert not next_enabled(window)
    assert "must divide model.heads (32), got 5" in page.rows["model.kv_heads"].error.text()
    type_number(qtbot, page.arch["kv_heads"], "8")
    assert next_enabled(window)


def test_at_least_one_candidate_gpu(window, qtbot):
    from PySide6.QtCore import Qt

    window.wizard.go_to(Pages.HARDWARE)
    page = window.wizard.hardware_page
    for i in range(page.gpu_list.count()):
        item = page.gpu_list.item(i)
        if item.checkState() == Qt.CheckState.Checked:
            item.setCheckState(Qt.CheckState.Unchecked)
    assert "tick at least one GPU" in page.message.text()
    assert not next_enabled(window)
    assert len(window.doc.scenario.hardware.compared_gpus) == 1  # the last one could not be removed


def test_pue_below_one_is_rejected_with_the_range(window, qtbot):
    window.wizard.go_to(Pages.COSTS)
    page = window.wizard.cost_page
    type_number(qtbot, page.defaultable["pue"].spin, "0.5")
    assert "from 1 to 5" in page.rows["cost.pue"].error.text()
    assert not next_enabled(window)
    click(qtbot, page.defaultable["pue"].reset)
    assert next_enabled(window) and window.doc.scenario.cost.pue is None


def test_lora_needs_a_target(window, qtbot):
    click(qtbot, window.wizard.model_page.method_buttons["lora"])
    window.wizard.go_to(Pages.TRAINING)
    page = window.wizard.training_page
    for cb in page.lora_targets.values():
        if cb.isChecked():
            click(qtbot, cb)
    assert "pick at least one target" in page.message.text()
    assert window.doc.scenario.workload.lora_targets  # still the last valid list


def test_units_are_suffixes_and_ranges_hold(window):
    hw = window.wizard.hardware_page
    assert hw.gpu_count.suffix() == " GPUs" and hw.gpu_count.minimum() == 1
    tr = window.wizard.training_page
    assert tr.seq_len.suffix() == " tokens"
    assert tr.epochs.suffix() == " epochs" and tr.epochs.minimum() == 1
    assert window.wizard.cost_page.utilization.maximum() == 100
