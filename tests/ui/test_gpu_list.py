"""The candidate GPU list keeps its scroll position when a GPU is ticked, filters by a search text and has
Clear All (issue item 4: the list jumped back to the first ticked GPU after every click)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gpuplanner.ui.pages.hardware_page import ID_ROLE, form_factor_label
from gpuplanner.ui.wizard import Pages


def _tick(qtbot, lst, item) -> None:
    rect = lst.visualItemRect(item)
    # the check box indicator sits at the left edge of the row
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.topLeft() + _indicator(rect))


def _indicator(rect):
    from PySide6.QtCore import QPoint

    return QPoint(10, rect.height() // 2)


def test_ticking_a_gpu_keeps_the_list_where_it_was(window, qtbot):
    window.wizard.go_to(Pages.HARDWARE)
    page = window.wizard.hardware_page
    lst = page.gpu_list
    bar = lst.verticalScrollBar()
    assert bar.maximum() > 0, "the list must scroll for this test"
    bar.setValue(bar.maximum())
    qtbot.wait(10)
    bottom = bar.value()
    item = lst.itemAt(10, lst.viewport().height() - 12)
    assert item is not None and item.checkState() == Qt.CheckState.Unchecked
    _tick(qtbot, lst, item)
    gid = item.data(ID_ROLE)
    assert gid in window.doc.scenario.hardware.compared_gpus
    assert bar.value() == bottom
    below = lst.itemAt(10, lst.viewport().height() - 12)
    assert below is item  # the next click lands where the user aims


def test_search_and_clear_all(window, qtbot):
    window.wizard.go_to(Pages.HARDWARE)
    page = window.wizard.hardware_page
    qtbot.keyClicks(page.search, "h100")
    shown = [page.gpu_list.item(i) for i in range(page.gpu_list.count()) if not page.gpu_list.item(i).isHidden()]
    odd = [i.text() for i in shown if "h100" not in i.text().lower() and i.checkState() != Qt.CheckState.Checked]
    assert shown and not odd
    assert len(shown) < page.gpu_list.count()
    assert len(window.doc.scenario.hardware.compared_gpus) > 1
    qtbot.mouseClick(page.clear_all, Qt.MouseButton.LeftButton)
    hw = window.doc.scenario.hardware
    assert hw.compared_gpus == (hw.gpu,)
    window.doc.undo_stack.undo()
    assert len(window.doc.scenario.hardware.compared_gpus) > 1


def test_form_factors_are_written_as_people_write_them():
    assert [form_factor_label(f) for f in ("sxm", "pcie", "consumer")] == ["SXM", "PCIe", "Consumer"]
