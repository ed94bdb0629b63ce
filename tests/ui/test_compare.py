"""File › Compare with…: key results of both scenarios and the inputs that differ; a bad file changes
nothing; the open scenario's column follows its edits."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from ui_helpers import wait_for_results

from gpuplanner.core.scenario_io import write_scenario
from gpuplanner.ui.compare import METRICS, CompareResultsModel, InputDiffModel, input_differences
from gpuplanner.ui.wizard import Pages


def _other(window, tmp_path, **hardware):
    s = window.doc.scenario
    other = replace(
        s, name="Bigger cluster", hardware=replace(s.hardware, **hardware), cost=replace(s.cost, utilization=0.5)
    )
    path = tmp_path / "other.gpuplan.toml"
    write_scenario(other, path)
    return other, path


def test_compare_with_a_file(window, tmp_path, dialog_log, qtmodeltester):
    _other_s, path = _other(window, tmp_path, gpu_count=32)
    dialog_log.open_path = str(path)
    window.compare_action.trigger()
    dlg = window.compare_dialogs[-1]
    assert dlg.isVisible() and dlg.windowTitle() == "Compare scenarios"
    res, inputs = dlg.results_model, dlg.inputs_model
    # the model checks on twins that outlive the dialog (it is deleted when the window closes)
    res_twin, inputs_twin = CompareResultsModel(), InputDiffModel()
    res_twin.set_sides(dlg.current, dlg.other)
    inputs_twin.set_scenarios(dlg.current.scenario, dlg.other.scenario)
    qtmodeltester.check(res_twin, force_py=True)
    qtmodeltester.check(inputs_twin, force_py=True)
    assert res.rowCount() == len(METRICS) and res.columnCount() == 4
    assert [res.headerData(i, Qt.Orientation.Horizontal) for i in range(4)] == [
        "Result",
        "This scenario",
        "other.gpuplan.toml",
        "Difference",
    ]
    rows = {
        res.index(r, 0).data(): (res.index(r, 1).data(), res.index(r, 2).data(), res.index(r, 3).data())
        for r in range(res.rowCount())
    }
    assert rows["GPUs"][0].startswith("8 × ") and rows["GPUs"][1].startswith("32 × ")
    assert rows["Fits in memory"][:2] == ("yes", "yes")
    assert rows["Wall clock"][2].startswith("−") or rows["Wall clock"][2].startswith("-")  # 4× the GPUs: faster
    for key in ("Peak memory per GPU", "GPU-hours", "Job cost at on-demand prices", "Owning TCO (horizon)"):
        assert rows[key][0] != "—" and rows[key][1] != "—"
    keys = [k for k, _a, _b in inputs.rows]
    assert keys == ["name", "hardware.gpu_count", "cost.utilization"]
    labels = [inputs.index(r, 0).data() for r in range(inputs.rowCount())]
    assert labels[1] == "GPU count (step 3)"
    assert [inputs.index(1, c).data() for c in (1, 2)] == ["8", "32"]
    assert dlg.inputs_label.text() == "Inputs that differ: 3"


def test_the_current_side_follows_edits(window, tmp_path, qtbot):
    _o, path = _other(window, tmp_path, gpu_count=32)
    dlg = window.compare_with(path)
    window.wizard.go_to(Pages.HARDWARE)
    window.wizard.hardware_page.gpu_count.setValue(32)
    wait_for_results(qtbot, window)
    assert dlg.results_model.index(0, 1).data().startswith("32 × ")
    keys = [k for k, _a, _b in dlg.inputs_model.rows]
    assert "hardware.gpu_count" not in keys


def test_a_bad_file_is_reported_and_nothing_changes(window, tmp_path, dialog_log):
    bad = tmp_path / "broken.gpuplan.toml"
    bad.write_text("schema = 1\n[model\n", encoding="utf-8")
    before = window.doc.scenario
    assert window.compare_with(bad) is None
    title, text = dialog_log.errors[-1]
    assert title == "Cannot compare" and "not valid TOML" in text and "not changed" in text
    assert window.doc.scenario == before and window.compare_dialogs == []
    dialog_log.open_path = ""
    assert window.compare_with() is None  # cancelled


def test_open_the_other_scenario_from_the_comparison(window, tmp_path):
    other, path = _other(window, tmp_path, gpu_count=16)
    dlg = window.compare_with(path)
    dlg.open_button.click()
    assert window.doc.path == path and window.doc.scenario == other


def test_a_catalog_edit_reestimates_the_other_side(window, tmp_path):
    _o, path = _other(window, tmp_path, gpu="a100-sxm-80gb", candidates=("a100-sxm-80gb",))
    dlg = window.compare_with(path)
    before = dlg.other.result.estimate.time.wall_seconds
    editor = window.show_catalog_editor()
    page = editor.show_table("gpus")
    m = page.model
    col = [c.name for c in m.columns].index("gemm_efficiency")
    assert m.setData(m.index(m.row_of("a100-sxm-80gb"), col), "0.9")
    assert dlg.other.result.estimate.time.wall_seconds < before
    editor.close()


def test_differences_of_a_custom_model():
    from gpuplanner.core.paths import resources_dir
    from gpuplanner.core.scenario_io import read_scenario

    a = read_scenario(resources_dir() / "default.gpuplan.toml")
    b = replace(a, workload=replace(a.workload, seq_len=4096))
    assert input_differences(a, b) == [("workload.seq_len", 8192, 4096)]
    assert input_differences(a, a) == []
