"""ScenarioDocument: edits replace the frozen scenario, emit ``changed``, undo and redo; invalid edits
raise and change nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gpuplanner.core.errors import InputError
from gpuplanner.core.scenario import Parallel
from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.ui.app import default_scenario_path
from gpuplanner.ui.document import ScenarioDocument
from gpuplanner.ui.edits import normalize, with_candidates, with_method, with_model_fields


@pytest.fixture
def doc(qtbot, catalog):
    return ScenarioDocument(read_scenario(default_scenario_path()), catalog)


def test_edit_emits_changed_and_undoes(doc, qtbot):
    s0 = doc.scenario
    new = replace(s0, hardware=replace(s0.hardware, gpu_count=16))
    with qtbot.waitSignal(doc.changed, timeout=1000):
        doc.edit(new, "More GPUs")
    assert doc.scenario.hardware.gpu_count == 16 and doc.is_modified()
    assert doc.undo_stack.undoText() == "More GPUs"
    doc.undo_stack.undo()
    assert doc.scenario == s0 and not doc.is_modified()
    doc.undo_stack.redo()
    assert doc.scenario.hardware.gpu_count == 16


def test_typing_merges_into_one_step(doc):
    s0 = doc.scenario
    for n in (1, 12, 128):
        doc.edit(
            replace(s0, workload=replace(s0.workload, global_batch=n * 8 if n > 1 else 8)),
            "batch",
            "workload.global_batch",
        )
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.scenario == s0


def test_invalid_edit_raises_and_changes_nothing(doc, qtbot):
    s0 = doc.scenario
    # the default layout is the planner's: a global batch of 60 only fails against a layout given by hand
    bad = replace(s0, workload=replace(s0.workload, global_batch=60), parallel=Parallel(tp=1, pp=1, cp=1, zero=3))
    with qtbot.assertNotEmitted(doc.changed):
        with pytest.raises(InputError) as err:
            doc.edit(bad, "bad")
    assert err.value.key == "workload.global_batch"
    assert doc.scenario == s0 and doc.undo_stack.count() == 0


def test_normalize_is_what_a_file_reads_back(doc, tmp_path):
    s = with_method(doc.scenario, "inference")
    n = normalize(s)
    assert n.parallel.zero is None  # keys that do not apply to inference are dropped, as in a file
    path = tmp_path / "x.gpuplan.toml"
    doc.edit(s, "inference")
    doc.save(path)
    assert read_scenario(path) == doc.scenario == replace(n, name="Llama 3.1 8B inference on 8 × H100")  # derived


def test_switching_back_to_training_fills_tokens(doc):
    doc.edit(with_method(doc.scenario, "inference"), "inference")
    assert doc.scenario.workload.training_tokens is None
    doc.edit(with_method(doc.scenario, "pretrain"), "pretrain")
    assert doc.scenario.workload.training_tokens == 1e9


def test_model_fields_follow_and_return_to_the_preset(doc):
    from gpuplanner.core.presets import presets

    base = presets()["llama-3.1-8b"]
    s = normalize(with_model_fields(doc.scenario, base, hidden=5120))
    assert s.model.head_dim == 160 and s.model.name == "Llama 3.1 8B (modified)"
    back = normalize(with_model_fields(s, base, hidden=4096))
    assert back.model == base


def test_candidates_keep_the_planned_gpu(doc):
    s = with_candidates(doc.scenario, ("a100-sxm-80gb", "l40s"), "h100-sxm-80gb")
    assert s.hardware.gpu == "a100-sxm-80gb"
    s = with_candidates(doc.scenario, ("a100-sxm-80gb", "h100-sxm-80gb"), "h100-sxm-80gb")
    assert s.hardware.gpu == "h100-sxm-80gb"
