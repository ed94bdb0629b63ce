"""Tools › Catalog editor: table models that pass Qt's model checks, cell edits stored in the user layer and
re-estimated at once, spin steps merged into one undo step, validation messages, user rows marked, reset to
shipped, add/duplicate/delete, search, CSV import and export, and write failures that change nothing."""

from __future__ import annotations

import errno
import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDoubleSpinBox, QLineEdit
from ui_helpers import wait_for_results

from gpuplanner.core.catalog import TABLES, load_catalog
from gpuplanner.ui import catalog_editor, undo
from gpuplanner.ui.catalog_model import USER_ROW_ROLE

H100 = "h100-sxm-80gb"


class FakeClock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    c = FakeClock()
    monkeypatch.setattr(undo, "clock", c)
    return c


@pytest.fixture
def editor(window, qtbot):
    ed = window.show_catalog_editor()
    assert ed is not None and ed.isVisible()
    yield ed
    ed.close()


def source_index(page, row_id: str, column: str):
    m = page.model
    return m.index(m.row_of(row_id), [c.name for c in m.columns].index(column))


def proxy_index(page, row_id: str, column: str):
    return page.proxy.mapFromSource(source_index(page, row_id, column))


def user_file(data_dir, table: str):
    return data_dir / "catalog" / f"{table}.csv"


def shipped_gemm() -> float:
    return load_catalog(use_user_layer=False).gpu(H100).gemm_efficiency


def test_every_table_model_passes_the_model_tester(editor, qtmodeltester):
    for table in TABLES:
        page = editor.pages[table]
        assert page.model.rowCount() > 0 and page.model.columnCount() == len(page.model.schema.columns)
        qtmodeltester.check(page.model, force_py=True)
        page.search.setText("a")
        qtmodeltester.check(page.proxy, force_py=True)
        page.search.clear()


def test_spin_steps_on_a_cell_are_one_undo_step_and_reestimate(window, editor, qtbot, clock, data_dir):
    page = editor.show_table("gpus")
    wait_for_results(qtbot, window)
    tps_before = window.runner.latest.primary.estimate.time.tokens_per_second
    ix = proxy_index(page, H100, "gemm_efficiency")
    page.view.setCurrentIndex(ix)
    page.view.edit(ix)
    spin = page.view.viewport().findChild(QDoubleSpinBox)
    assert spin is not None and spin.suffix() == " fraction" and spin.maximum() == 1.0
    editor.activateWindow()
    qtbot.waitUntil(editor.isActiveWindow, timeout=2000)
    spin.setFocus()
    for _ in range(3):
        qtbot.keyClick(spin, Qt.Key.Key_Up)
        clock.now += 0.3
    stepped = window.doc.catalog.gpu(H100).gemm_efficiency
    assert stepped == pytest.approx(spin.value()) and stepped > shipped_gemm()
    stack = editor.session.stack
    assert stack.count() == 1 and stack.undoText() == "Edit GEMM efficiency of h100-sxm-80gb"
    assert H100 in user_file(data_dir, "gpus").read_text(encoding="utf-8")
    assert not window.doc.is_modified()  # a catalog edit is not a change to the scenario file
    wait_for_results(qtbot, window)
    assert window.runner.latest.primary.estimate.time.tokens_per_second > tps_before  # re-estimated at once

    qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the editor's Undo
    assert window.doc.catalog.gpu(H100).gemm_efficiency == pytest.approx(shipped_gemm())
    assert spin.value() == pytest.approx(shipped_gemm())  # the open editor follows
    assert not user_file(data_dir, "gpus").exists()  # back to no user layer at all
    assert not page.model.is_user(page.model.row_of(H100))
    qtbot.keyClick(spin, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.doc.catalog.gpu(H100).gemm_efficiency == pytest.approx(stepped)
    clock.now += 2
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert stack.count() == 2  # a later step is a new undo step


def test_invalid_cells_are_refused_with_a_message(editor, data_dir):
    page = editor.show_table("gpus")
    ix = source_index(page, H100, "gemm_efficiency")
    assert page.model.setData(ix, "5") is False
    assert "GEMM efficiency" in editor.message.text() and "above the maximum 1" in editor.message.text()
    assert H100 in editor.message.text()
    nodes = editor.show_table("nodes")
    idle = source_index(nodes, "dgx-h100", "power_idle_kw")
    assert nodes.model.setData(idle, "99") is False
    assert "idle power" in editor.message.text()
    assert nodes.model.setData(source_index(nodes, "dgx-h100", "as_of"), "2025-13") is False
    assert "not a valid date" in editor.message.text()
    assert not (data_dir / "catalog").exists()
    assert editor.session.stack.count() == 0


def test_text_editor_and_bytes_column(editor, qtbot):
    page = editor.show_table("gpus")
    ix = proxy_index(page, "l4", "memory_bytes")
    assert ix.data() == "24 GiB" or ix.data().endswith("GiB")
    page.view.edit(ix)
    edit = page.view.viewport().findChild(QLineEdit)
    assert edit is not None and edit.text().endswith("GiB")
    edit.setText("20 GiB")
    page.delegate.setModelData(edit, page.proxy, ix)
    cat = editor.session.catalog
    assert cat.gpu("l4").memory_bytes == 20 * 2**30
    assert page.model.data(source_index(page, "l4", "memory_bytes"), Qt.ItemDataRole.EditRole) == str(20 * 2**30)


def test_a_bare_number_in_the_gib_column_is_gib(editor, qtbot):
    """The header says "Memory / GiB": typing 96 means 96 GiB (it used to be refused as 96 bytes)."""
    page = editor.show_table("gpus")
    ix = proxy_index(page, "l4", "memory_bytes")
    page.view.edit(ix)
    edit = page.view.viewport().findChild(QLineEdit)
    problems = []
    page.model.problem.connect(problems.append)
    edit.setText("96")
    page.delegate.setModelData(edit, page.proxy, ix)
    assert problems == []
    assert editor.session.catalog.gpu("l4").memory_bytes == 96 * 2**30
    assert proxy_index(page, "l4", "memory_bytes").data() == "96 GiB"


def test_user_rows_are_marked_and_reset_to_shipped(editor, window):
    page = editor.show_table("sites")
    m = page.model
    shipped = window.doc.catalog.site("us-colo").pue
    assert m.setData(source_index(page, "us-colo", "pue"), "1.25")
    row = m.row_of("us-colo")
    id_ix = m.index(row, 0)
    pue_ix, name_ix = source_index(page, "us-colo", "pue"), source_index(page, "us-colo", "name")
    assert id_ix.data(Qt.ItemDataRole.FontRole).bold() and id_ix.data(Qt.ItemDataRole.DecorationRole) is not None
    assert pue_ix.data(Qt.ItemDataRole.FontRole).bold()
    assert name_ix.data(Qt.ItemDataRole.FontRole) is None  # unchanged cells of the row stay plain
    assert f"Shipped value: {shipped:g}" in pue_ix.data(Qt.ItemDataRole.ToolTipRole)
    assert id_ix.data(USER_ROW_ROLE) is True
    assert window.doc.catalog.site("us-colo").pue == 1.25

    page.select_id("us-colo")
    assert editor.reset_button.isEnabled() and not editor.delete_button.isEnabled()
    editor.reset_button.click()
    assert window.doc.catalog.site("us-colo").pue == shipped and not m.is_user(row)
    assert "shipped values apply again" in editor.message.text()
    editor.undo_action.trigger()
    assert window.doc.catalog.site("us-colo").pue == 1.25 and m.is_user(row)


def test_add_duplicate_and_delete_rows(editor, window, monkeypatch, data_dir):
    monkeypatch.setattr(catalog_editor, "ask_row_id", lambda _p, _t, _l, suggestion: "my-gpu")
    page = editor.show_table("gpus")
    page.select_id(H100)
    editor.add_button.click()
    cat = window.doc.catalog
    assert "my-gpu" in cat.gpus and cat.default_node("my-gpu").id == "my-gpu-node"
    assert cat.gpus["my-gpu"].spec_source == "your entry"
    assert "my-gpu" in page.selected_ids() and "node type my-gpu-node" in editor.message.text()
    hw = window.wizard.hardware_page
    assert "my-gpu" in [hw.gpu_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(hw.gpu_list.count())]
    assert editor.delete_button.isEnabled() and not editor.reset_button.isEnabled()

    editor.delete_button.click()
    cat = window.doc.catalog
    assert "my-gpu" not in cat.gpus and "my-gpu-node" not in cat.nodes and not cat.warnings
    editor.undo_action.trigger()
    assert "my-gpu" in window.doc.catalog.gpus and "my-gpu-node" in window.doc.catalog.nodes
    editor.redo_action.trigger()
    assert "my-gpu" not in window.doc.catalog.gpus

    offers = editor.show_table("cloud_offers")
    first = offers.model.row_id(0)
    monkeypatch.setattr(catalog_editor, "ask_row_id", lambda _p, _t, _l, suggestion: suggestion)
    offers.select_id(first)
    editor.duplicate_button.click()
    copy = f"{first}-copy"
    offer = window.doc.catalog.offer(copy)
    assert offer.usd_per_gpu_hour == window.doc.catalog.offer(first).usd_per_gpu_hour and not offer.default

    # a taken or malformed id is refused with a message, nothing added
    monkeypatch.setattr(catalog_editor, "ask_row_id", lambda *_a: copy)
    n = offers.model.rowCount()
    editor.add_button.click()
    assert "already taken" in editor.message.text() and offers.model.rowCount() == n
    monkeypatch.setattr(catalog_editor, "ask_row_id", lambda *_a: "Bad Id")
    editor.add_button.click()
    assert "not a valid id" in editor.message.text()


def test_shipped_rows_cannot_be_deleted(editor):
    page = editor.show_table("gpus")
    page.select_id(H100)
    assert not editor.delete_button.isEnabled()
    editor.delete_rows()
    assert "cannot be deleted" in editor.message.text()


def test_search_and_scope(editor):
    page = editor.show_table("gpus")
    page.search.setText("MI3")
    ids = [page.proxy.index(r, 0).data() for r in range(page.proxy.rowCount())]
    assert ids and all("mi3" in i for i in ids)
    assert page.count.text() == f"{len(ids)} of {page.model.rowCount()} rows"
    page.search.clear()
    page.scope.setCurrentIndex(page.scope.findData("user"))
    assert page.proxy.rowCount() == 0
    page.model.setData(source_index(page, "l4", "tdp_watts"), "80")
    assert page.proxy.rowCount() == 1
    page.scope.setCurrentIndex(page.scope.findData("shipped"))
    assert page.proxy.rowCount() == page.model.rowCount() - 1


def test_sorting_by_a_number_column(editor):
    page = editor.show_table("gpus")
    col = [c.name for c in page.model.columns].index("bf16_dense_tflops")
    page.view.sortByColumn(col, Qt.SortOrder.DescendingOrder)
    values = [page.proxy.index(r, col).data(Qt.ItemDataRole.EditRole) for r in range(page.proxy.rowCount())]
    numbers = [float(v) for v in values]
    assert numbers == sorted(numbers, reverse=True)


def test_boolean_cells_are_check_boxes(editor, window):
    page = editor.show_table("cloud_offers")
    m = page.model
    cat = window.doc.catalog
    offer = next(o for o in cat.offers if not o.default and cat.default_offer(o.gpu, o.tier) is not None)
    ix = source_index(page, offer.id, "default")
    assert ix.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    assert m.flags(ix) & Qt.ItemFlag.ItemIsUserCheckable
    assert m.setData(ix, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert window.doc.catalog.default_offer(offer.gpu, offer.tier).id == offer.id  # it takes the default over


def test_csv_export_and_import_round_trip(editor, window, dialog_log, tmp_path):
    page = editor.show_table("sites")
    assert page.model.setData(source_index(page, "kr-colo", "electricity_usd_per_kwh"), "0.15")
    out = tmp_path / "exported.csv"
    dialog_log.file_path = str(out)
    editor.export_button.click()
    text = out.read_text(encoding="utf-8")
    assert text.startswith("id,") and "kr-colo" in text and "0.15" in text
    assert "Exported 1 of your row(s)" in editor.message.text()

    page.select_id("kr-colo")
    editor.reset_rows()
    shipped = load_catalog(use_user_layer=False).site("kr-colo").electricity_usd_per_kwh
    assert window.doc.catalog.site("kr-colo").electricity_usd_per_kwh == shipped

    dialog_log.open_path = str(out)
    editor.import_button.click()
    assert window.doc.catalog.site("kr-colo").electricity_usd_per_kwh == 0.15
    assert "Imported 1 row(s) into Site profiles" in editor.message.text()
    assert page.model.is_user(page.model.row_of("kr-colo"))
    editor.undo_action.trigger()  # an import is one undo step
    assert window.doc.catalog.site("kr-colo").electricity_usd_per_kwh == shipped
    assert dialog_log.errors == []


def test_a_bad_csv_import_changes_nothing(editor, window, dialog_log, tmp_path, data_dir):
    page = editor.show_table("cloud_offers")
    first = page.model.row_id(0)
    assert page.model.setData(source_index(page, first, "usd_per_gpu_hour"), "3.5")
    before = user_file(data_dir, "cloud_offers").read_bytes()
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "id,provider,gpu,tier,usd_per_gpu_hour,source,as_of\nx,P,h100-sxm-80gb,weekly,1,s,2026\n", encoding="utf-8"
    )
    dialog_log.open_path = str(bad)
    editor.import_csv()
    title, text = dialog_log.errors[-1]
    assert title == "Cannot import CSV" and "line 2" in text and "column tier" in text and "not changed" in text
    assert user_file(data_dir, "cloud_offers").read_bytes() == before
    assert editor.session.stack.count() == 1


def test_write_failures_keep_the_files(editor, window, dialog_log, tmp_path, monkeypatch, data_dir):
    page = editor.show_table("sites")
    assert page.model.setData(source_index(page, "us-colo", "pue"), "1.3")
    before = user_file(data_dir, "sites").read_bytes()
    out = tmp_path / "mine.csv"
    out.write_text("old export\n", encoding="utf-8")

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", full)
        assert page.model.setData(source_index(page, "us-colo", "pue"), "1.4") is False
        assert "No space left on device" in editor.message.text()
        dialog_log.file_path = str(out)
        editor.export_csv()
    title, text = dialog_log.errors[-1]
    assert title == "Cannot export CSV" and "No space left on device" in text
    assert user_file(data_dir, "sites").read_bytes() == before
    assert out.read_text(encoding="utf-8") == "old export\n"
    assert window.doc.catalog.site("us-colo").pue == 1.3
    assert not [p for p in (data_dir / "catalog").iterdir() if p.suffix == ".tmp"]


def test_the_editor_is_reused_and_keeps_its_history(window, editor):
    page = editor.show_table("sites")
    page.model.setData(source_index(page, "eu-colo", "pue"), "1.4")
    editor.close()
    again = window.show_catalog_editor()
    assert again is editor and again.session.stack.count() == 1
    assert window.catalog_action.text() == "&Catalog Editor…"
