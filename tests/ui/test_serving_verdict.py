"""The serving verdict (issue 21) says what `gpuplanner plan --json` says in its serving_plan block for the same
saved file: the replicas and tensor-parallel degree, the GPU, TTFT, TPOT and the on-demand cost per million
output tokens of the recommended deployment — or, when nothing meets the targets, why."""

from __future__ import annotations

import json
import subprocess
import sys

from PySide6.QtCore import Qt
from ui_helpers import ROOT, wait_for_results

from gpuplanner.ui.plots.serving_plot import DEMO_SCENARIO


def cli_serving_plan(path) -> dict:
    cmd = [sys.executable, "-m", "gpuplanner.cli", "plan", str(path), "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)["serving_plan"]


def ms_text(seconds: float) -> str:
    v = seconds * 1e3
    return f"{v:,.0f} ms" if v >= 100 else f"{v:.3g} ms"


def open_scenario(window, qtbot, path, text: str):
    path.write_text(text, encoding="utf-8")
    assert window.open_file(path)
    wait_for_results(qtbot, window, timeout=120_000)
    return window.results_view.recommendation.text()


def test_the_verdict_is_the_cli_serving_plan(window, qtbot, tmp_path, catalog):
    path = tmp_path / "serving.gpuplan.toml"
    verdict = open_scenario(window, qtbot, path, DEMO_SCENARIO)
    plan = cli_serving_plan(path)
    rec = plan["recommendation"]
    assert rec is not None and rec["meets_targets"]
    name = catalog.gpus[rec["gpu"]].name
    head = f"Serves {plan['targets']['output_tokens_per_second']:,.0f} output tokens/s"
    assert verdict.startswith(head), verdict
    assert f"(capacity {rec['output_tokens_per_second']:,.0f})" in verdict
    assert f"{rec['replicas']} × (TP {rec['tp']}) {name}" in verdict
    assert f"TTFT {ms_text(rec['ttft_seconds'])}, TPOT {ms_text(rec['tpot_seconds'])}" in verdict
    assert f"{rec['batch_per_replica']:,} sequences per replica" in verdict
    od = rec["cost_per_million_output_tokens"]["cloud_on_demand"]
    assert f"${od:,.2f} per million output tokens on demand" in verdict
    # the runner-up the verdict names is the cheapest other deployment meeting the targets
    others = [d for d in plan["deployments"] if d["gpu"] != rec["gpu"] and d["meets_targets"]]
    nxt = min(others, key=lambda d: d["cost_per_million_output_tokens"]["cloud_on_demand"])
    assert f"Next: {nxt['replicas']} × (TP {nxt['tp']}) {catalog.gpus[nxt['gpu']].name}" in verdict


def test_the_verdict_says_why_nothing_meets_the_targets(window, qtbot, tmp_path):
    path = tmp_path / "tight.gpuplan.toml"
    verdict = open_scenario(window, qtbot, path, DEMO_SCENARIO.replace("tpot_slo_ms = 50", "tpot_slo_ms = 1"))
    plan = cli_serving_plan(path)
    assert plan["recommendation"] is None
    wanted = "(2,000 output tokens/s, TTFT ≤ 1,000 ms, TPOT ≤ 1 ms)"
    assert verdict.startswith(f"No candidate GPU meets the targets {wanted}"), verdict
    fastest = min(plan["deployments"], key=lambda d: d["tpot_seconds"])
    assert fastest["reason"] in verdict
    assert f"TPOT {ms_text(fastest['tpot_seconds'])}" in verdict


def test_without_lengths_the_memory_verdict_says_what_sizing_needs(window, qtbot, tmp_path):
    text = DEMO_SCENARIO.replace("input_len = 1024\noutput_len = 256\n", "seq_len = 1280\n")
    verdict = open_scenario(window, qtbot, tmp_path / "nolen.gpuplan.toml", text)
    assert verdict.startswith("Use "), verdict
    assert verdict.endswith("give the prompt and generated lengths (step 2).")
    assert "give the prompt and generated lengths" in window.results_view.serving_plot.note.text()


def test_the_table_shows_each_gpu_types_deployment(window, qtbot, tmp_path):
    path = tmp_path / "serving.gpuplan.toml"
    open_scenario(window, qtbot, path, DEMO_SCENARIO)
    plan = cli_serving_plan(path)
    model = window.results_view.table_model
    assert "wall" not in model.columns() and "served" in model.columns()
    gpu_col = model.column_of("gpu")
    rows = {model.data(model.index(r, gpu_col), Qt.ItemDataRole.UserRole): r for r in range(model.rowCount())}
    for d in plan["deployments"]:
        r = rows[d["gpu"]]

        def cell(key, r=r):
            return model.data(model.index(r, model.column_of(key)))

        assert cell("deployment") == f"{d['replicas']} × (TP {d['tp']})"
        assert cell("served") == f"{d['output_tokens_per_second']:,.0f}"
        assert cell("tpot") == ms_text(d["tpot_seconds"])
        assert cell("per_million") == f"${d['cost_per_million_output_tokens']['cloud_on_demand']:,.2f}"


def test_step_5_leaves_out_the_training_job(window, qtbot, tmp_path):
    from gpuplanner.ui.wizard import Pages

    open_scenario(window, qtbot, tmp_path / "serving.gpuplan.toml", DEMO_SCENARIO)
    window.wizard.go_to(Pages.RESULTS)
    page = window.wizard.results_page
    assert page.sentence.text() == window.results_view.recommendation.text()
    assert page.box.title().endswith("as given in step 3")
    assert not page.values["wall"].isVisibleTo(page) and page.values["memory"].isVisibleTo(page)
