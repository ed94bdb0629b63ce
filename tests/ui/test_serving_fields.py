"""The serving path of step 2 (issue 21): for method = inference the lengths, concurrency (or "max"), target
load, SLOs and precisions are fields with the key table's ranges; every edit is one undo step; what the fields
hold survives a save and an open."""

from __future__ import annotations

from ui_helpers import click, type_number, wait_for_results

from gpuplanner.core.scenario import WEIGHT_PRECISIONS
from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.core.scenario_keys import WORKLOAD_KEYS
from gpuplanner.ui.wizard import Pages


def to_serving(window, qtbot):
    click(qtbot, window.wizard.model_page.method_buttons["inference"])
    window.wizard.go_to(Pages.TRAINING)
    return window.wizard.training_page


def test_serving_fields_take_their_ranges_from_the_key_table(window, qtbot):
    page = to_serving(window, qtbot)
    f = page.serving
    assert page.infer_box.isVisibleTo(page) and not page.train_box.isVisibleTo(page)
    assert page.title() == "Serving setup"
    assert f.input_len.maximum() == WORKLOAD_KEYS["input_len"].at_most
    assert f.output_len.maximum() == WORKLOAD_KEYS["output_len"].at_most
    assert f.batch.maximum() == WORKLOAD_KEYS["batch"].at_most
    assert f.target.maximum() == WORKLOAD_KEYS["target_output_tokens_per_second"].at_most
    assert f.ttft.maximum() == WORKLOAD_KEYS["ttft_slo_ms"].at_most
    assert f.tpot.maximum() == WORKLOAD_KEYS["tpot_slo_ms"].at_most
    assert [f.weight_precision.itemData(i) for i in range(f.weight_precision.count())] == list(WEIGHT_PRECISIONS)
    for key in ("input_len", "output_len", "batch", "target_output_tokens_per_second", "ttft_slo_ms", "tpot_slo_ms"):
        row = page.rows[f"workload.{key}"]
        assert row.widget.toolTip(), key
        assert row.widget.isVisibleTo(page), key


def test_serving_fields_round_trip_through_the_saved_file(window, qtbot, tmp_path):
    page = to_serving(window, qtbot)
    f = page.serving
    type_number(qtbot, f.input_len, "2048")
    type_number(qtbot, f.output_len, "512")
    f.batch.setValue(0)  # the lowest value: as many as the KV cache holds
    type_number(qtbot, f.target, "1500")
    type_number(qtbot, f.ttft, "800")
    type_number(qtbot, f.tpot, "40")
    f.weight_precision.setCurrentIndex(f.weight_precision.findData("fp8"))
    f.kv_precision.setCurrentIndex(f.kv_precision.findData("fp8"))
    w = window.doc.scenario.workload
    assert (w.input_len, w.output_len, w.seq_len, w.batch) == (2048, 512, 2560, "max")
    assert (w.target_output_tokens_per_second, w.ttft_slo_ms, w.tpot_slo_ms) == (1500, 800, 40)
    assert (w.weight_precision, w.kv_precision) == ("fp8", "fp8")
    assert not page.seq_len.isEnabled(), "the sequence length follows the two lengths"
    assert "2,560" in f.note.text()

    path = tmp_path / "serving.gpuplan.toml"
    window.doc.save(path)
    back = read_scenario(path).workload
    assert back == window.doc.scenario.workload
    text = path.read_text(encoding="utf-8")
    assert 'batch = "max"' in text and "ttft_slo_ms = 800" in text

    # undo: one step per field, the KV precision first
    window.doc.undo_stack.undo()
    assert window.doc.scenario.workload.kv_precision == "bf16"
    assert f.kv_precision.currentData() == "bf16"
    window.doc.undo_stack.redo()

    # a cleared target leaves the key out of the file
    f.ttft.setValue(0)
    assert window.doc.scenario.workload.ttft_slo_ms is None
    assert f.ttft.text() == "not set"
    window.doc.undo_stack.setClean()

    # open the saved file: the fields show what it holds
    assert window.open_file(path)
    wait_for_results(qtbot, window, timeout=60_000)
    window.wizard.go_to(Pages.TRAINING)
    f = window.wizard.training_page.serving
    assert (f.input_len.value(), f.output_len.value(), f.batch.value()) == (2048, 512, 0)
    assert f.batch.text() == "as many as the KV cache holds"
    assert (f.target.value(), f.ttft.value(), f.tpot.value()) == (1500, 800, 40)
    assert f.weight_precision.currentData() == "fp8" and f.kv_precision.currentData() == "fp8"


def test_a_given_concurrency_is_a_whole_number_of_sequences(window, qtbot):
    f = to_serving(window, qtbot).serving
    type_number(qtbot, f.batch, "48")
    assert window.doc.scenario.workload.batch == 48
    assert f.batch.text().endswith("48 sequences")


def test_no_mnemonic_is_used_twice_on_the_serving_step(window, qtbot):
    import re

    from PySide6.QtWidgets import QCheckBox, QLabel, QPushButton, QRadioButton

    page = to_serving(window, qtbot)
    taken_by_window = {"b", "n", "f", "e", "v", "t", "h"}  # Back, Next and the menu bar (as tests/ui/test_app.py)
    keys = []
    for cls in (QLabel, QCheckBox, QRadioButton, QPushButton):
        for w in page.findChildren(cls):
            m = re.search(r"&([^&\s])", w.text().replace("&&", ""))
            if m and w.isVisibleTo(page):
                keys.append(m.group(1).lower())
                if isinstance(w, QLabel):
                    assert w.buddy() is not None, w.text()
    dupes = {k for k in keys if keys.count(k) > 1 or k in taken_by_window}
    assert not dupes, sorted(dupes)
