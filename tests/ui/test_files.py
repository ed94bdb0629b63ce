"""Open and Save: a bad file never changes the open scenario; a failed save keeps the old file and says so."""

from __future__ import annotations

import os

from gpuplanner.core.scenario_io import read_scenario


def test_open_corrupt_file_leaves_scenario_untouched(window, dialog_log, tmp_path):
    bad = tmp_path / "broken.gpuplan.toml"
    bad.write_text("schema = 1\n[model\npreset = 'llama'\n", encoding="utf-8")
    before, path = window.doc.scenario, window.doc.path
    assert window.open_file(bad) is False
    assert window.doc.scenario == before and window.doc.path == path
    title, text = dialog_log.errors[-1]
    assert title == "Cannot open scenario"
    assert "not valid TOML" in text and "nothing was changed" in text


def test_open_binary_and_bad_key_and_missing(window, dialog_log, tmp_path):
    before = window.doc.scenario
    binary = tmp_path / "a.gpuplan.toml"
    binary.write_bytes(b"\x00\x01\x02PK")
    bad_key = tmp_path / "b.gpuplan.toml"
    bad_key.write_text(
        "schema = 1\n[model]\npreset = 'llama-3.1-8b'\n[workload]\nmethod = 'full'\n"
        "seq_len = -4\ntokens = 1e9\n[hardware]\ngpu = 'h100-sxm-80gb'\ngpu_count = 8\n"
    )
    for path, needle in (
        (binary, "binary content"),
        (bad_key, "workload.seq_len: must be a positive integer"),
        (tmp_path / "missing.gpuplan.toml", "no such file"),
    ):
        assert window.open_file(path) is False
        assert needle in dialog_log.errors[-1][1]
        assert window.doc.scenario == before


def test_open_via_ctrl_o(window, qtbot, dialog_log, tmp_path):
    from PySide6.QtCore import Qt

    src = tmp_path / "other.gpuplan.toml"
    s = window.doc.scenario
    from dataclasses import replace

    from gpuplanner.core.scenario_io import write_scenario

    write_scenario(replace(s, name="Other plan", hardware=replace(s.hardware, gpu_count=16)), src)
    dialog_log.open_path = str(src)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert window.doc.scenario.name == "Other plan" and window.doc.path == src
    assert window.wizard.hardware_page.gpu_count.value() == 16
    assert "other.gpuplan.toml" in window.windowTitle()
    assert str(src) in window.recent_files()


def test_save_failure_keeps_old_file_and_reports(window, dialog_log, tmp_path, monkeypatch):
    target = tmp_path / "plan.gpuplan.toml"
    dialog_log.save_path = str(target)
    assert window.save() is True
    old = target.read_text(encoding="utf-8")
    window.wizard.hardware_page.gpu_count.setValue(16)
    assert window.doc.is_modified()

    def refuse(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    assert window.save() is False
    title, text = dialog_log.errors[-1]
    assert title == "Cannot save scenario" and "No space left on device" in text and "unchanged" in text
    assert target.read_text(encoding="utf-8") == old
    assert window.doc.is_modified()  # the edit is still there, still unsaved
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    monkeypatch.undo()
    assert window.save() is True
    assert read_scenario(target) == window.doc.scenario


def test_saved_file_reads_back_identical(window, dialog_log, tmp_path):
    target = tmp_path / "round.gpuplan.toml"
    dialog_log.save_path = str(target)
    assert window.save_as()
    assert read_scenario(target) == window.doc.scenario
    text = target.read_text(encoding="utf-8")
    assert "candidates = [" in text and '"mi300x"' in text


def test_save_as_adds_the_suffix(window, dialog_log, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    from gpuplanner.ui import dialogs

    monkeypatch.undo()  # the real save_scenario_path, with the file dialog answered here
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "plan"), ""))
    assert dialogs.save_scenario_path(window) == str(tmp_path / "plan.gpuplan.toml")


def test_unsaved_changes_are_offered_for_saving(window, dialog_log, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    window.wizard.hardware_page.gpu_count.setValue(16)
    dialog_log.save_answer = QMessageBox.StandardButton.Cancel
    assert window.open_file(tmp_path / "whatever.gpuplan.toml") is False
    assert window.doc.scenario.hardware.gpu_count == 16 and dialog_log.errors == []
    assert window.isWindowModified()


def test_config_json_import(window, dialog_log, tmp_path):
    import json

    cfg = tmp_path / "config.json"
    cfg.write_text(
        json.dumps(
            {
                "architectures": ["LlamaForCausalLM"],
                "model_type": "llama",
                "hidden_size": 2048,
                "intermediate_size": 8192,
                "num_attention_heads": 32,
                "num_key_value_heads": 8,
                "num_hidden_layers": 16,
                "vocab_size": 128256,
                "tie_word_embeddings": True,
                "_name_or_path": "my-1b",
            }
        )
    )
    page = window.wizard.model_page
    assert page.load_config_json(str(cfg))
    m = window.doc.scenario.model
    assert (m.layers, m.hidden, m.kv_heads, m.tied_embeddings) == (16, 2048, 8, True)
    assert window.doc.scenario.model_preset is None
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    before = window.doc.scenario
    assert not page.load_config_json(str(bad))
    assert dialog_log.errors[-1][0] == "Cannot read config.json"
    assert window.doc.scenario == before


def test_export_workbook_from_the_file_menu(window, dialog_log, tmp_path):
    out = tmp_path / "plan.xlsx"
    dialog_log.file_path = str(out)
    window.export_action.trigger()
    assert out.stat().st_size > 10_000 and dialog_log.errors == []
    # a workbook that Excel holds open: a clear message, the old file intact
    (tmp_path / "~$plan.xlsx").write_bytes(b"lock")
    before = out.read_bytes()
    assert window.export_workbook() is False
    assert dialog_log.errors and out.read_bytes() == before


def test_a_corrupt_file_after_discard_keeps_the_unsaved_work(window, dialog_log, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    window.wizard.hardware_page.gpu_count.setValue(16)
    edited = window.doc.scenario
    bad = tmp_path / "truncated.gpuplan.toml"
    bad.write_text('schema = 1\nname = "half', encoding="utf-8")
    dialog_log.save_answer = QMessageBox.StandardButton.Discard
    assert window.open_file(bad) is False
    assert window.doc.scenario == edited and window.doc.is_modified() and window.isWindowModified()
    assert dialog_log.errors[-1][0] == "Cannot open scenario"
    assert str(bad) not in window.recent_files()


def test_export_writes_the_plan_on_screen(window, dialog_log, tmp_path):
    """File › Export writes the estimates the user is looking at (the shown Plan), not a new estimate: a Plan
    whose primary step time differs from what the engine would compute now must reach the workbook as shown."""
    from dataclasses import replace

    from openpyxl import load_workbook

    shown = window.shown_results
    assert shown is not None and shown.scenario == window.doc.scenario
    primary = shown.plan.primary
    marked = replace(primary.estimate, time=replace(primary.estimate.time, step_seconds=12345.5))
    candidates = tuple(replace(c, estimate=marked) if c is primary else c for c in shown.plan.candidates)
    window.shown_results = replace(shown, plan=replace(shown.plan, candidates=candidates))
    out = tmp_path / "shown.xlsx"
    dialog_log.file_path = str(out)
    assert window.export_workbook() is True
    training = load_workbook(out)["Training"]
    step_row = next(r for r in training.iter_rows() if str(r[0].value or "").startswith("Optimizer step"))
    assert step_row[2].value == 12345.5
