"""Wording and wizard chrome (issue item 13): a breadcrumb that can be clicked, Back that stays where it was
on the last step, no "(spec §4.1)" in messages, no "16 rank"."""

from __future__ import annotations

from PySide6.QtWidgets import QWizard

from gpuplanner.ui.dialogs import for_users
from gpuplanner.ui.wizard import Pages


def test_the_breadcrumb_goes_to_a_step(window, qtbot):
    bar = window.wizard_panel.steps
    assert 'href="step:2"' in bar.text()
    bar.linkActivated.emit("step:2")
    assert window.wizard.currentId() == Pages.HARDWARE
    bar.linkActivated.emit("step:0")
    assert window.wizard.currentId() == Pages.MODEL


def test_back_does_not_move_under_the_pointer_on_the_last_step(window, qtbot):
    back = window.wizard.button(QWizard.WizardButton.BackButton)
    window.wizard.go_to(Pages.COSTS)
    x_before = back.mapTo(window.wizard, back.rect().topLeft()).x()
    window.wizard.go_to(Pages.RESULTS)
    qtbot.wait(10)
    assert back.mapTo(window.wizard, back.rect().topLeft()).x() == x_before
    next_ = window.wizard.button(QWizard.WizardButton.NextButton)
    assert x_before < window.wizard.width() // 2 and not next_.isVisible()


def test_messages_never_cite_the_spec():
    assert for_users("precision must be one of autocast, pure_bf16 (spec §4.1)") == (
        "precision must be one of autocast, pure_bf16"
    )
    assert for_users("no reference here") == "no reference here"


def test_lora_rank_has_no_unit(window):
    window.wizard.go_to(Pages.TRAINING)
    assert window.wizard.training_page.lora_rank.suffix() == ""
