"""The app shows the one Plan (issue #15): what the verdict and the table say, read from the widgets, agrees with
`gpuplanner plan --json` on the same saved file; the verdict's button applies the deadline answer or a change
that makes the workload fit (issue #16 items 1, 7, 11, 12)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from ui_helpers import ROOT, click, wait_for_results

from gpuplanner.core.scenario import Parallel
from gpuplanner.core.scenario_io import read_scenario, write_scenario
from gpuplanner.ui import formatting as fmt

EXAMPLES = sorted((ROOT / "examples").glob("*.gpuplan.toml"))


def cli_plan(path: Path) -> dict:
    cmd = [sys.executable, "-m", "gpuplanner.cli", "plan", str(path), "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def table_text(window, gpu: str, col: str) -> str:
    model = window.results_view.table_model
    rs = model.results
    row = [c.gpu_id for c in rs.candidates].index(gpu)
    return model.data(model.index(row, model.column_of(col)))


def test_verdict_and_table_agree_with_the_cli_plan(window, qtbot, journey_scenarios):
    checked = []
    for path in journey_scenarios:
        window.doc.open(path)
        wait_for_results(qtbot, window, timeout=120_000)
        doc = cli_plan(path)
        rec = doc["recommendation"]
        verdict = window.results_view.recommendation.text()
        gpu, count = rec["gpu"], rec["gpu_count"]
        if doc["deadline"]:
            answer = doc["deadline"][gpu]
            assert answer["gpu_count"] == count
            wall = fmt.days(answer["wall_seconds"])
            assert f"{fmt.count(count)} × " in verdict and wall in verdict, (path.name, verdict)
            assert table_text(window, gpu, "deadline_gpus") == f"{fmt.count(count)} ({wall})"
            button = window.results_view.verdict.button
            assert button.isVisible() and fmt.count(count) in button.text()
        else:
            cand = next(c for c in doc["candidates"] if c["gpu"] == gpu)
            assert verdict.startswith(f"Use {fmt.count(count)} × "), (path.name, verdict)
            wall_s = cand["time"]["wall_seconds"] if cand["time"] else None
            if wall_s is not None:
                assert fmt.days(wall_s) in verdict
                assert table_text(window, gpu, "wall") == fmt.days(wall_s)
        checked.append((path.name, count))
    assert len(checked) == len(EXAMPLES) + 2
    assert checked[-1][1] > 1024  # a count the old UI sweep could never reach


def test_the_deadline_button_applies_the_answer(window, qtbot, pretrain_70b):
    path = pretrain_70b(30)
    window.doc.open(path)
    wait_for_results(qtbot, window, timeout=120_000)
    rec = window.runner.latest.recommendation
    assert rec.kind == "deadline" and rec.gpu_count > 64
    click(qtbot, window.results_view.verdict.button)
    assert window.doc.scenario.hardware.gpu_count == rec.gpu_count
    assert window.doc.scenario.name == f"Llama 3.1 70B pretraining on {rec.gpu_count:,} × H100"  # derived, follows
    wait_for_results(qtbot, window, timeout=120_000)
    assert not window.results_view.verdict.button.isVisible()  # the plan is the answer now
    window.doc.undo_stack.undo()
    assert window.doc.scenario.hardware.gpu_count == 64


def qlora_4090(window):
    s = window.doc.scenario
    hw = replace(s.hardware, gpu="rtx-4090", gpu_count=1, candidates=("rtx-4090",))
    return replace(s, workload=replace(s.workload, method="qlora", micro_batch=1, global_batch=16), hardware=hw)


def test_the_defaults_fit_qlora_8b_on_one_4090(window, qtbot):
    """Default layout and recompute are the planner's (spec §4.1): the first answer is "fits"."""
    assert window.doc.scenario.workload.recompute is None
    assert window.doc.scenario.parallel == Parallel()
    window.doc.edit(qlora_4090(window), "QLoRA on a 4090")
    wait_for_results(qtbot, window)
    rs = window.runner.latest
    assert rs.primary.fits, window.results_view.recommendation.text()
    assert window.results_view.recommendation.text().startswith("Use 1 × ")


def test_when_nothing_fits_the_verdict_names_the_change_that_fits(window, qtbot):
    s = qlora_4090(window)
    stuck = replace(s, workload=replace(s.workload, recompute="none"), parallel=Parallel(tp=1, pp=1, cp=1, zero=0))
    window.doc.edit(stuck, "no recompute")
    wait_for_results(qtbot, window)
    rs = window.runner.latest
    assert rs.recommendation.kind == "closest" and rs.advice
    text = window.results_view.recommendation.text()
    assert "It fits with:" in text and "fits" in text
    assert "shard more" not in text  # no generic advice that repeats what is set
    button = window.results_view.verdict.button
    assert button.isVisible() and button.text().startswith("Apply: ")
    click(qtbot, button)
    wait_for_results(qtbot, window)
    assert window.runner.latest.primary.fits
    applied = rs.advice[0].scenario
    assert window.doc.scenario.workload == applied.workload and window.doc.scenario.parallel == applied.parallel


def test_rows_that_do_not_fit_are_grey_and_say_how_far(window, qtbot):
    s = window.doc.scenario
    hw = replace(s.hardware, candidates=("h100-sxm-80gb", "rtx-4090"))
    fixed = Parallel(tp=1, pp=1, cp=1, zero=3)  # plain FSDP: 16 GB of states per 4090 before activations
    window.doc.edit(replace(s, hardware=hw, parallel=fixed, workload=replace(s.workload, recompute="none")), "x")
    wait_for_results(qtbot, window)
    model = window.results_view.table_model
    rs = model.results
    row = [c.gpu_id for c in rs.candidates].index("rtx-4090")
    c = rs.candidates[row]
    assert c.fits is False
    short = fmt.gib(-c.estimate.memory.headroom)
    assert model.data(model.index(row, model.column_of("fits"))) == f"✗ {short} short"
    grey = QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    brush = model.data(model.index(row, model.column_of("job_cost")), Qt.ItemDataRole.ForegroundRole)
    assert brush.color() == grey
    ok = [x.gpu_id for x in rs.candidates].index("h100-sxm-80gb")
    assert model.data(model.index(ok, model.column_of("job_cost")), Qt.ItemDataRole.ForegroundRole) is None


def test_sanity_warnings_say_why(window, qtbot):
    s = window.doc.scenario
    long = replace(s, workload=replace(s.workload, seq_len=10_000_000, micro_batch=1))
    window.doc.edit(long, "long sequence")
    wait_for_results(qtbot, window, timeout=120_000)
    warn = window.results_view.verdict.warnings
    assert warn.isVisibleTo(window.results_view)
    assert "131,072 tokens Llama 3.1 8B was trained for" in warn.text()
    s = window.doc.scenario
    wide = replace(
        s,
        workload=replace(s.workload, seq_len=8192, global_batch=64),
        hardware=replace(s.hardware, gpu_count=1280, candidates=("h100-sxm-80gb",)),
    )
    window.doc.edit(wide, "many GPUs")
    wait_for_results(qtbot, window, timeout=120_000)
    assert "A global batch of 64 sequences on 1,280 GPUs" in warn.text()


def test_set_by_hand_starts_from_the_automatic_layout(window, qtbot):
    from gpuplanner.ui.wizard import Pages

    s = window.doc.scenario
    window.doc.edit(replace(s, hardware=replace(s.hardware, gpu_count=32)), "count")
    wait_for_results(qtbot, window)
    planned = window.runner.latest.primary.estimate.layout
    window.wizard.go_to(Pages.TRAINING)
    page = window.wizard.training_page
    # automatic: no greyed boxes showing defaults beside the planned layout (ZeRO 0 beside a planned ZeRO-3)
    assert not page.tp.isVisibleTo(page) and not page.zero.isVisibleTo(page)
    click(qtbot, page.manual_layout)
    p = window.doc.scenario.parallel
    assert (p.tp, p.pp, p.cp, p.zero) == (planned.tp, planned.pp, planned.cp, planned.zero)
    assert (page.tp.value(), page.pp.value(), page.cp.value()) == (planned.tp, planned.pp, planned.cp)
    assert page.tp.isVisibleTo(page) and page.zero.isVisibleTo(page)  # the rows show once the user sets them
    click(qtbot, page.auto_layout)
    assert not page.tp.isVisibleTo(page) and window.doc.scenario.parallel.tp is None  # back to the planner


def test_saved_file_and_app_agree_after_edits(window, qtbot, tmp_path, catalog):
    """The scenario the app plans is the file the CLI reads (same Plan)."""
    path = tmp_path / "edited.gpuplan.toml"
    write_scenario(window.doc.scenario, path)
    assert read_scenario(path) == window.doc.scenario


@pytest.mark.parametrize("figure", ["allocated", "reserved", "smi"])
def test_each_memory_figure_has_one_name(window, qtbot, figure):
    from gpuplanner.ui import memory_figures as mf
    from gpuplanner.ui.wizard import Pages

    window.wizard.go_to(Pages.RESULTS)
    wait_for_results(qtbot, window)
    page = window.wizard.results_page
    mem = window.runner.latest.primary.estimate.memory
    key = {"allocated": "memory", "reserved": "reserved", "smi": "smi"}[figure]
    assert page.values[key].accessibleName() == mf.label(figure)
    assert page.values[key].text().startswith(fmt.gib(mf.value(mem, figure)))
    model = window.results_view.table_model
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    assert not any("Peak" in h and h != mf.column("allocated") for h in headers)
    if figure != "reserved":
        col = {"allocated": "memory", "smi": "smi"}[figure]
        assert mf.column(figure) in headers
        assert table_text(window, window.doc.scenario.hardware.gpu, col) == fmt.gib(mf.value(mem, figure))
    assert len({mf.value(mem, f) for f in mf.FIGURES}) == 3  # three different numbers, three names
