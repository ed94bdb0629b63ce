"""Step 2 asks for the framework (issue #14): each profile with its one-line summary, only the recompute
policies that framework has, a torch.compile check box, undoable; the results name the behaviour assumed.
Step 1 has the scenario name, derived until the user types one (issue #16 item 2)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from ui_helpers import click, wait_for_results

from gpuplanner.core.framework import FRAMEWORKS, PROFILES
from gpuplanner.ui.framework_text import labels
from gpuplanner.ui.wizard import Pages


def test_the_texts_are_the_profiles_own() -> None:
    assert set(labels()) == set(FRAMEWORKS)
    for fw, (label, summary) in labels().items():
        assert (label, summary) == (PROFILES[fw].label, PROFILES[fw].summary)


def pick(page, fw: str) -> None:
    page.framework.setCurrentIndex(page.framework.findData(fw))


def recompute_offered(page) -> list:
    return [page.recompute.itemData(i) for i in range(page.recompute.count())]


def test_framework_combo_recompute_policies_and_compile(window, qtbot):
    window.wizard.go_to(Pages.TRAINING)
    page = window.wizard.training_page
    combo = page.framework
    assert [combo.itemData(i) for i in range(combo.count())] == list(FRAMEWORKS)
    for i in range(combo.count()):
        fw = combo.itemData(i)
        assert combo.itemText(i) == PROFILES[fw].label
        assert combo.itemData(i, Qt.ItemDataRole.ToolTipRole) == PROFILES[fw].summary
    assert window.doc.scenario.workload.framework == "generic"
    pick(page, "torchtitan")
    assert window.doc.scenario.workload.framework == "torchtitan"
    assert recompute_offered(page) == [None, *PROFILES["torchtitan"].recompute_policies]
    assert "selective-op" in recompute_offered(page)
    assert page.framework_help.text() == PROFILES["torchtitan"].summary
    page.recompute.setCurrentIndex(page.recompute.findData("selective-op"))
    assert window.doc.scenario.workload.recompute == "selective-op"
    pick(page, "hf")  # HF has no per-op policy: recompute goes back to the planner's choice
    w = window.doc.scenario.workload
    assert w.framework == "hf" and w.recompute is None
    assert recompute_offered(page) == [None, "none", "full"]
    assert page.recompute.currentText() == "Automatic (planner)"
    click(qtbot, page.compile)
    assert window.doc.scenario.workload.compile is True
    window.doc.undo_stack.undo()
    assert window.doc.scenario.workload.compile is False
    window.doc.undo_stack.undo()
    assert window.doc.scenario.workload.framework == "torchtitan"
    assert window.doc.scenario.workload.recompute == "selective-op"
    assert page.framework.currentData() == "torchtitan"


def test_the_results_name_the_framework_behaviour_assumed(window, qtbot):
    window.wizard.go_to(Pages.TRAINING)
    pick(window.wizard.training_page, "torchtune")
    window.wizard.go_to(Pages.RESULTS)
    wait_for_results(qtbot, window)
    mem = window.runner.latest.primary.estimate.memory
    shown = window.wizard.results_page.values["framework"].text()
    assert shown.startswith("torchtune") and mem.peak_phase and mem.peak_phase in shown


def test_the_name_field_derives_until_typed(window, qtbot):
    page = window.wizard.model_page
    s = window.doc.scenario
    assert page.name.text() == "" and page.name.placeholderText() == s.name == "Llama 3.1 8B full fine-tune on 8 × H100"
    click(qtbot, window.wizard.model_page.method_buttons["pretrain"])
    assert window.doc.scenario.name == "Llama 3.1 8B pretraining on 8 × H100"
    assert "Llama 3.1 8B pretraining on 8 × H100" in window.windowTitle()
    page.name.setFocus()
    qtbot.keyClicks(page.name, "Bid for finance")
    assert window.doc.scenario.name == "Bid for finance"
    assert window.windowTitle().startswith("Bid for finance")
    click(qtbot, window.wizard.model_page.method_buttons["full"])
    assert window.doc.scenario.name == "Bid for finance"  # the user's own name stays
    page.name.selectAll()
    qtbot.keyClick(page.name, Qt.Key.Key_Delete)
    assert window.doc.scenario.name == "Llama 3.1 8B full fine-tune on 8 × H100"
