"""Issue 22: step 2 names the fp8 recipe (with FP8 precision) and the MoE token dispatcher (for MoE models); each
choice goes through the undo stack into the scenario, the default item names what it stands for, the saved file
keeps it, and the estimate the app shows is the engine's for that choice."""

from __future__ import annotations

from dataclasses import replace

from ui_helpers import wait_for_results

from gpuplanner.core.presets import preset
from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.ui.wizard import Pages


def _page(window):  # type: ignore[no-untyped-def]
    window.wizard.go_to(Pages.TRAINING)
    return window.wizard.training_page


def pick(box, value) -> None:  # type: ignore[no-untyped-def]
    box.setCurrentIndex(box.findData(value))


def test_rows_show_only_where_they_apply(window) -> None:  # type: ignore[no-untyped-def]
    page = _page(window)
    fields = page.recipe_fields
    s = window.doc.scenario
    assert s.workload.precision != "fp8-mixed" and not s.model.is_moe
    assert not fields.recipe.isVisibleTo(page) and not fields.dispatcher.isVisibleTo(page)
    window.doc.edit(replace(s, workload=replace(s.workload, precision="fp8-mixed")), "fp8")
    assert fields.recipe.isVisibleTo(page) and not fields.dispatcher.isVisibleTo(page)
    assert page.rows["workload.fp8_recipe"].name == "FP8 recipe"
    s = window.doc.scenario
    window.doc.edit(replace(s, model=preset("mixtral-8x7b"), model_preset="mixtral-8x7b"), "moe")
    assert fields.dispatcher.isVisibleTo(page)


def test_the_recipe_goes_through_undo_and_the_default_says_what_it_is(window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    page = _page(window)
    s = window.doc.scenario
    window.doc.edit(replace(s, workload=replace(s.workload, precision="fp8-mixed", framework="megatron")), "fp8")
    box = page.recipe_fields.recipe
    assert box.currentData() is None
    assert box.itemText(0) == "Framework's default — TE current scaling (per tensor)"  # the megatron profile's
    before = window.doc.undo_stack.count()
    pick(box, "te-delayed")
    assert window.doc.scenario.workload.fp8_recipe == "te-delayed"
    assert window.doc.undo_stack.count() == before + 1
    window.doc.undo_stack.undo()
    assert window.doc.scenario.workload.fp8_recipe is None and box.currentData() is None
    window.doc.undo_stack.redo()
    assert box.currentData() == "te-delayed"
    path = tmp_path / "fp8.gpuplan.toml"
    window.doc.save(path)
    assert read_scenario(path).workload.fp8_recipe == "te-delayed"


def test_the_dispatcher_changes_the_estimate_the_app_shows(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    page = _page(window)
    s = window.doc.scenario
    layout = replace(s.parallel, tp=2, pp=1, cp=1, ep=8, zero=1)
    moe = replace(s, model=preset("mixtral-8x7b"), model_preset="mixtral-8x7b", parallel=layout)
    moe = replace(moe, hardware=replace(moe.hardware, gpu_count=16))
    window.doc.edit(moe, "moe")
    wait_for_results(qtbot, window)
    seconds = {None: window.runner.latest.primary.estimate.time.step_seconds}
    pick(page.recipe_fields.dispatcher, "deepep")
    assert window.doc.scenario.workload.moe_dispatcher == "deepep"
    wait_for_results(qtbot, window)
    seconds["deepep"] = window.runner.latest.primary.estimate.time.step_seconds
    # EP 8 over two 8-GPU nodes: the token-based dispatch sends fewer bytes, so the step is shorter
    assert seconds["deepep"] < seconds[None]
    pick(page.recipe_fields.dispatcher, None)
    assert window.doc.scenario.workload.moe_dispatcher is None


def test_leaving_fp8_drops_the_recipe_in_the_same_step(window) -> None:  # type: ignore[no-untyped-def]
    page = _page(window)
    s = window.doc.scenario
    window.doc.edit(replace(s, workload=replace(s.workload, precision="fp8-mixed", fp8_recipe="mxfp8")), "fp8")
    before = window.doc.undo_stack.count()
    pick(page.precision, "bf16-master")
    # the key table refuses a recipe without FP8 precision: the edit goes through, the recipe goes with it
    assert page.problem is None
    w = window.doc.scenario.workload
    assert (w.precision, w.fp8_recipe) == ("bf16-master", None)
    assert window.doc.undo_stack.count() == before + 1 and not page.recipe_fields.recipe.isVisibleTo(page)
    window.doc.undo_stack.undo()
    assert window.doc.scenario.workload.fp8_recipe == "mxfp8"


def test_a_recipe_no_candidate_runs_says_so_once(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The default candidates (H100, A100, H200, MI300X) have no MXFP8: one sentence, each GPU named once."""
    page = _page(window)
    s = window.doc.scenario
    window.doc.edit(replace(s, workload=replace(s.workload, precision="fp8-mixed", framework="megatron")), "fp8")
    pick(page.recipe_fields.recipe, "mxfp8")
    wait_for_results(qtbot, window)
    rs = window.runner.latest
    assert all(c.estimate is None for c in rs.candidates) and len(rs.candidates) > 1
    reason = '"mxfp8" runs on data-center Blackwell GPUs only'
    verdict = window.results_view.recommendation.text()
    assert verdict.count(reason) == 1, verdict
    note = window.results_view.memory_plot.note.text()
    assert note.count(reason) == 1 and all(c.gpu_id in note for c in rs.candidates), note
