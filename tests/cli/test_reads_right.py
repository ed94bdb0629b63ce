"""The human-readable CLI text reads right to a new user (review of 2026-12-01): the headline names the
scenario and, only with --gpu, the GPU used instead; the cost line prints what is known and why the rest is
not; plurals; the plan's memory columns are named for their figures; inference plans show serving numbers;
usage, suffix and prefix details. Real `main()` and subprocess calls on the shipped examples, real engine."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gpuplanner import cli
from gpuplanner.core.catalog import load_catalog

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
QLORA = EXAMPLES / "llama-3.1-8b-qlora-rtx4090.gpuplan.toml"
MIXTRAL = EXAMPLES / "mixtral-8x7b-inference-2xh100.gpuplan.toml"
FULL_70B = EXAMPLES / "llama-3.1-70b-full-64xh100.gpuplan.toml"
GIB = 2**30


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert cli.main(list(argv)) == 0
    out = capsys.readouterr()
    assert out.err == ""
    return out.out


def doc_of(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    return dict(json.loads(run(capsys, *argv, "--json")))


def names() -> dict[str, str]:
    return {g.id: g.name for g in load_catalog().gpus.values()}


def with_lengths(tmp_path: Path) -> Path:
    """The Mixtral example with prompt and output lengths (seq_len = input_len + output_len), so that the
    serving estimate has throughput, latency and cost."""
    text = MIXTRAL.read_text(encoding="utf-8").replace(
        "seq_len = 4096", "seq_len = 4096\ninput_len = 3072\noutput_len = 1024"
    )
    path = tmp_path / "mixtral-lengths.gpuplan.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --- 1. headline --------------------------------------------------------------------------------------------


def test_headline_is_the_scenario_name_and_the_hardware_line_the_display_name(capsys) -> None:  # type: ignore[no-untyped-def]
    doc = doc_of(capsys, "estimate", str(QLORA))
    lines = run(capsys, "estimate", str(QLORA)).splitlines()
    assert lines[0] == doc["scenario"] == "Llama 3.1 8B QLoRA on one RTX 4090"
    assert lines[1] == f"  hardware     1 × {names()['rtx-4090']} (rtx-4090)"
    # --gpu naming the scenario's own GPU changes nothing
    assert run(capsys, "estimate", str(QLORA), "--gpu", "rtx-4090").splitlines()[:2] == lines[:2]


def test_headline_says_which_gpu_replaces_the_scenarios(capsys) -> None:  # type: ignore[no-untyped-def]
    n = names()
    lines = run(capsys, "estimate", str(QLORA), "--gpu", "h100-sxm-80gb").splitlines()
    assert lines[0] == (
        f"Llama 3.1 8B QLoRA on one RTX 4090: estimated on 1 × {n['h100-sxm-80gb']} instead of the scenario's "
        f"{n['rtx-4090']}"
    )
    assert "h100-sxm-80gb" not in lines[0] and "rtx-4090" not in lines[0]
    assert lines[1] == f"  hardware     1 × {n['h100-sxm-80gb']} (h100-sxm-80gb)"


# --- 2. cost line -------------------------------------------------------------------------------------------


def _cost_line(text: str) -> str:
    found = [ln for ln in text.splitlines() if ln.startswith("  cost ")]
    assert len(found) == 1, text
    return found[0]


def test_cost_line_prints_the_known_figures_and_why_on_prem_is_unknown(capsys) -> None:  # type: ignore[no-untyped-def]
    doc = doc_of(capsys, "estimate", str(QLORA))
    c = doc["cost"]
    assert c["onprem_tco"] is None and c["cloud_on_demand"] is not None and c["job_cloud_on_demand"] is not None
    line = _cost_line(run(capsys, "estimate", str(QLORA)))
    assert f"cloud on-demand {c['cloud_on_demand']:,.0f} USD (3 years at 50% utilization)" in line
    lo, hi = doc["bands"]["job_cloud_on_demand"]
    assert f"job at on-demand prices {c['job_cloud_on_demand']:,.0f} USD (80%: {lo:,.0f}–{hi:,.0f})" in line
    # the JSON's own reason, named in the line: the input and where it should have come from
    assert "node_price_usd" in c["missing"]["onprem_tco"]
    assert "on-prem TCO not known: missing node_price_usd (not published: node ws-1x-rtx-4090 has no price_usd" in line
    assert "install_usd_per_node" in line and "network_usd_per_node" in line


def test_cost_line_with_everything_known_has_no_unknowns(capsys) -> None:  # type: ignore[no-untyped-def]
    c = doc_of(capsys, "estimate", str(FULL_70B))["cost"]
    line = _cost_line(run(capsys, "estimate", str(FULL_70B)))
    assert f"on-prem TCO {c['onprem_tco']:,.0f} USD" in line and "not known" not in line


def test_inference_estimate_has_no_job_and_no_training_keys(capsys) -> None:  # type: ignore[no-untyped-def]
    text = run(capsys, "estimate", str(MIXTRAL))
    assert "None" not in text
    assert "  layout       tp=2 pp=1 cp=1 ep=1 dp=1\n" in text
    line = _cost_line(text)
    assert "job" not in line and " 0 USD" not in line


# --- 3. plurals and the plan's memory columns ----------------------------------------------------------------


def test_plan_singular_and_memory_columns_match_estimate(capsys) -> None:  # type: ignore[no-untyped-def]
    doc = doc_of(capsys, "plan", str(QLORA))
    text = run(capsys, "plan", str(QLORA))
    lines = text.splitlines()
    assert lines[0] == f"Llama 3.1 8B QLoRA on one RTX 4090: 1 × {names()['rtx-4090']} (rtx-4090)"
    assert lines[1] == "  1 layout searched, 1 fits"
    assert "  candidates at 1 GPU (80% bands)" in lines
    head = lines[2].split()
    assert "GiB/GPU" not in lines[2] and "peak" in head and "nvidia-smi" in head
    m = doc["search"]["layouts"][0]["memory"]
    row = lines[3].split()
    peak, smi = float(row[head.index("peak")]), float(row[head.index("peak") + 1])
    assert (peak, smi) == (round(m["total"] / GIB, 1), round((m["total"] + m["overhead"]) / GIB, 1))
    # the plan's peak column is estimate's lead figure
    assert f"memory/GPU   {peak:.1f} GiB peak" in run(capsys, "estimate", str(QLORA))


def test_many_layouts_read_in_the_plural(capsys) -> None:  # type: ignore[no-untyped-def]
    lines = run(capsys, "plan", str(FULL_70B)).splitlines()
    assert re.fullmatch(r"  [\d,]+ layouts? searched, [\d,]+ fits?", lines[1]), lines[1]
    assert "  candidates at 64 GPUs (80% bands)" in lines


# --- 4. inference plan -----------------------------------------------------------------------------------------


def test_inference_plan_shows_serving_columns_not_training_ones(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = with_lengths(tmp_path)
    doc = doc_of(capsys, "plan", str(path))
    text = run(capsys, "plan", str(path))
    layout_head = text.splitlines()[2]
    for training in ("recompute", "mb", "MFU", "tokens/s", "days", "step"):
        assert training not in layout_head.split(), layout_head
    sv = doc["candidates"][0]["serving"]
    assert sv["output_tokens_per_second"] is not None
    row = next(ln for ln in text.splitlines() if ln.startswith("    h100-sxm-80gb ") and "," in ln.split()[1])
    cells = row.split()
    assert cells[1:] == [
        f"{sv['kv_cache_tokens']:,}",
        f"{sv['max_concurrent_sequences']:,}",
        f"{sv['output_tokens_per_second']:,.0f}",
        f"{1e3 * sv['ttft_seconds']:,.0f}",
        f"{1e3 * sv['tpot_seconds']:,.1f}",
        f"{sv['cost_per_million_output_tokens']:,.2f}",
        f"{sv['cost_per_million_output_tokens_owned']:,.2f}",
    ]
    assert "output tok/s" in text and "TTFT ms" in text and "TPOT ms" in text and "USD/M tokens" in text


def test_inference_plan_without_lengths_says_what_to_give(capsys) -> None:  # type: ignore[no-untyped-def]
    text = run(capsys, "plan", str(MIXTRAL))
    assert "recompute" not in text and "MFU" not in text
    assert "give workload.input_len and output_len" in text


# --- 5. small ones -----------------------------------------------------------------------------------------------


def gpuplanner(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpuplanner.cli", *args], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize("command", ["export", "estimate", "plan"])
def test_command_help_has_its_own_usage(command: str) -> None:
    proc = gpuplanner(command, "--help")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"usage: gpuplanner {command} [-h]"), proc.stdout
    assert "--smoke-test" not in proc.stdout


def test_catalog_subcommand_help_has_its_own_usage() -> None:
    proc = gpuplanner("catalog", "validate", "--help")
    assert proc.stdout.startswith("usage: gpuplanner catalog validate [-h]"), proc.stdout


@pytest.mark.parametrize("name", ["x.csv", "x", "x.xls"])
def test_export_refuses_a_name_without_xlsx(tmp_path: Path, name: str) -> None:
    out = tmp_path / name
    proc = gpuplanner("export", str(QLORA), "-o", str(out))
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gpuplanner: -o/--output: ") and ".xlsx" in lines[0]
    assert str(out.with_suffix(".xlsx")) in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_catalog_validate_error_has_the_prefix(tmp_path: Path) -> None:
    proc = gpuplanner("catalog", "validate", str(tmp_path / "nonexistent"))
    assert proc.returncode == 2
    assert proc.stderr.startswith("gpuplanner: ") and "not a catalog folder" in proc.stderr


def test_recommendation_names_gpus_by_display_name(capsys) -> None:  # type: ignore[no-untyped-def]
    doc = doc_of(capsys, "plan", str(FULL_70B))
    rec = doc["recommendation"]
    line = run(capsys, "plan", str(FULL_70B)).splitlines()[-1]
    assert line == f"  recommendation: {rec['reason']}"
    assert f"{rec['gpu_count']:,} × {names()[rec['gpu']]} fit and run" in line and f"× {rec['gpu']} " not in line


def test_readme_example_block_is_what_estimate_prints(capsys) -> None:  # type: ignore[no-untyped-def]
    """README's `gpuplanner estimate` block is the CLI's output: line for line, with the numbers masked (the
    estimator's figures move with its models; the wording and the lines must not drift)."""
    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    command = "$ gpuplanner estimate examples/llama-3.1-8b-qlora-rtx4090.gpuplan.toml\n"
    block = readme.split(command, 1)[1].split("```", 1)[0]

    def masked(text: str) -> list[str]:
        return [re.sub(r"\d[\d,.]*", "#", ln) for ln in text.splitlines()]

    assert masked(block) == masked(run(capsys, "estimate", str(QLORA)))
