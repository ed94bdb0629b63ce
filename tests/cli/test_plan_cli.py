"""`gpuplanner plan SCENARIO [--json] [--top K]` (spec §4.2): output, exit codes, deadline and Pareto."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpuplanner.cli import plan as plan_cli

GIB = 2**30
LLAMA_70B = """schema = 1
name = "Llama 3.1 70B plan"
[model]
preset = "llama-3.1-70b"
[workload]
method = "pretrain"
seq_len = 8192
global_batch = 512
tokens = 1.5e12
{extra}
[hardware]
gpu = "h100-sxm-80gb"
gpu_count = {count}
{hardware}
"""


def write(tmp_path: Path, *, count: int = 128, extra: str = "", hardware: str = "", name: str = "s") -> Path:
    path = tmp_path / f"{name}.gpuplan.toml"
    path.write_text(LLAMA_70B.format(count=count, extra=extra, hardware=hardware), encoding="utf-8")
    return path


def gpuplanner(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("gpuplanner")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "gpuplanner.cli"]
    env = {**os.environ, "GPUPLANNER_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run([*cmd, *args], capture_output=True, text=True, env=env, timeout=120)


def run_inprocess(path: Path, capsys: pytest.CaptureFixture[str], *, top: int = 10, as_json: bool = True):  # type: ignore[no-untyped-def]
    code = plan_cli.run(argparse.Namespace(scenario=str(path), json=as_json, top=top))
    out = capsys.readouterr()
    assert code == 0 and out.err == ""
    return json.loads(out.out) if as_json else out.out


@pytest.fixture(autouse=True)
def _user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GPUPLANNER_DATA_DIR", str(tmp_path / "data"))


def test_json_via_the_command(tmp_path):
    path = write(tmp_path)
    proc = gpuplanner("plan", str(path), "--json", "--top", "4", tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["search"]["searched"] >= doc["search"]["feasible"] > 0
    assert len(doc["search"]["layouts"]) == 4
    assert doc["deadline"] == {} and doc["sweep"] and doc["recommendation"]["gpu"]  # spec §4.3: always present
    speeds = []
    for entry in doc["search"]["layouts"]:
        assert set(entry) == {"parallel", "memory", "time"}
        par, mem, t = entry["parallel"], entry["memory"], entry["time"]
        assert set(par) == {"tp", "pp", "cp", "ep", "dp", "zero", "micro_batch", "recompute"}
        assert par["tp"] * par["pp"] * par["cp"] * par["dp"] == 128
        assert 512 % (par["micro_batch"] * par["dp"]) == 0
        assert set(mem) == {"total", "overhead", "headroom", "fits"}
        assert mem["fits"] is True and mem["headroom"] >= 0
        assert mem["total"] + mem["overhead"] + mem["headroom"] == pytest.approx(80 * GIB, abs=2)
        assert set(t) == {"tokens_per_second", "step_seconds", "mfu", "wall_seconds"}
        assert t["tokens_per_second"] > 0 and 0 < t["mfu"] < 1 and t["wall_seconds"] > 0
        speeds.append(t["tokens_per_second"])
    assert speeds[0] >= max(speeds) * (1 - 2e-3)


def test_the_best_layout_is_what_estimate_uses(tmp_path, capsys):
    path = write(tmp_path)
    doc = run_inprocess(path, capsys, top=1)
    proc = gpuplanner("estimate", str(path), "--json", tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["parallel"] == doc["search"]["layouts"][0]["parallel"]


def test_given_keys_stay_fixed(tmp_path, capsys):
    path = write(tmp_path, extra='micro_batch = 1\nrecompute = "full"\n[parallel]\ntp = 8\nzero = 1')
    doc = run_inprocess(path, capsys, top=50)
    assert doc["search"]["layouts"]
    for entry in doc["search"]["layouts"]:
        p = entry["parallel"]
        assert (p["tp"], p["zero"], p["micro_batch"], p["recompute"]) == (8, 1, 1, "full")


def test_human_table(tmp_path):
    proc = gpuplanner("plan", str(write(tmp_path)), "--top", "3", tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "layouts searched" in lines[1] and "fit" in lines[1]
    assert "tokens/s" in lines[2] and "recompute" in lines[2]
    # the ranked layouts, then each candidate with its 80% bands (issue #19), then the recommendation
    head = next(i for i, x in enumerate(lines) if x.startswith("  candidates at "))
    assert head == 3 + 3 and all(x.startswith("    ") and "headroom" in x for x in lines[head + 1 : -1])
    assert len(lines) > head + 2 and lines[-1].startswith("  recommendation:")
    assert lines[3].split()[0] == "1"


def test_nothing_fits_is_an_answer(tmp_path, capsys):
    path = write(tmp_path, count=2)
    doc = run_inprocess(path, capsys)
    assert doc["search"]["layouts"] == [] and doc["search"]["feasible"] == 0 and doc["search"]["searched"] > 0
    assert "GiB" in doc["search"]["reason"]
    proc = gpuplanner("plan", str(path), tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "nothing fits" in proc.stdout and "GiB" in proc.stdout


def test_deadline_and_pareto(tmp_path, capsys):
    path = write(
        tmp_path,
        extra="deadline_days = 30",
        hardware='candidates = ["h100-sxm-80gb", "a100-sxm-80gb", "h200-sxm-141gb"]',
    )
    doc = run_inprocess(path, capsys, top=2)
    assert set(doc) >= {"scenario", "currency", "candidates", "sweep", "deadline", "pareto", "recommendation"}
    assert list(doc["deadline"]) == ["h100-sxm-80gb", "a100-sxm-80gb", "h200-sxm-141gb"]
    row_keys = {"gpu", "gpu_count", "fits", "layout", "memory_total", "wall_seconds", "gpu_hours"}
    row_keys |= {"tokens_per_second", "job_cloud_on_demand", "onprem_tco", "per_million_tokens"}
    for gpu, d in doc["deadline"].items():
        assert set(d) == {"gpu_count", "wall_seconds", "job_cloud_on_demand", "onprem_tco"}, gpu
        assert d["gpu_count"] % 8 == 0 and d["wall_seconds"] <= 30 * 86400
        assert any(r["gpu"] == gpu and r["gpu_count"] == d["gpu_count"] for r in doc["sweep"])
    assert doc["pareto"]
    for point in doc["pareto"]:
        assert set(point) == row_keys and point["fits"]
    walls = [p["wall_seconds"] for p in doc["pareto"]]
    assert walls == sorted(walls)
    rec = doc["recommendation"]
    assert rec["gpu_count"] == doc["deadline"][rec["gpu"]]["gpu_count"] and rec["reason"]
    text = run_inprocess(path, capsys, as_json=False)
    assert "deadline 30 days" in text and "GPUs" in text and "recommendation:" in text


def test_a_candidate_says_the_link_speed_it_assumed(tmp_path, capsys):
    path = tmp_path / "mi300a.gpuplan.toml"
    path.write_text(
        LLAMA_70B.replace("llama-3.1-70b", "llama-3.1-8b")
        .replace("tokens = 1.5e12", "tokens = 1e11")
        .replace('gpu = "h100-sxm-80gb"', 'gpu = "mi300a"')
        .format(count=16, extra="", hardware='candidates = ["mi300a", "h100-sxm-80gb"]'),
        encoding="utf-8",
    )
    lines = run_inprocess(path, capsys, top=1, as_json=False).splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("mi300a "))
    assert lines[at + 1] == (
        "      note: Inter-node link speed not published for node type mi300a-4x-node; assumed 10 Gb/s per GPU. "
        "Set hardware.inter_node_gbits_per_s."
    )
    h100 = next(i for i, line in enumerate(lines) if line.lstrip().startswith("h100-sxm-80gb "))
    assert not lines[h100 + 1].lstrip().startswith("note:")


@pytest.mark.parametrize("args", [["--top", "0"], ["--top", "x"], ["--nope"]])
def test_bad_arguments_exit_2(tmp_path, args):
    proc = gpuplanner("plan", str(write(tmp_path)), *args, tmp_path=tmp_path)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.strip()


def test_bad_scenario_exits_2_naming_the_key(tmp_path):
    path = write(tmp_path, extra="seq_lne = 8")
    proc = gpuplanner("plan", str(path), "--json", tmp_path=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "workload.seq_lne" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    unknown_gpu = write(
        tmp_path, hardware='candidates = ["h100-sxm-80gb", "h1000"]', extra="deadline_days = 5", name="gpu"
    )
    proc = gpuplanner("plan", str(unknown_gpu), tmp_path=tmp_path)
    assert proc.returncode == 2 and "h1000" in proc.stderr and "Traceback" not in proc.stderr


def test_missing_file_exits_3(tmp_path):
    proc = gpuplanner("plan", str(tmp_path / "absent.gpuplan.toml"), tmp_path=tmp_path)
    assert proc.returncode == 3
    assert "no such file" in proc.stderr and "Traceback" not in proc.stderr
