"""`gpuplanner bench-script` and `gpuplanner calibrate` (issue #11): output, JSON keys, exit codes, stored
calibrations. Results are synthetic here; tests/core/test_calibration.py runs the real script on the CPU."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gpuplanner.benchscript.writer import script_data
from gpuplanner.cli import calibrate as calibrate_cli
from gpuplanner.core import calibration as cb
from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.errors import FileAccessError, InputError
from gpuplanner.core.scenario_io import read_scenario

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from test_calibration import H100, result_doc  # noqa: E402

GIB = 2**30
SCENARIO = """schema = 1
name = "Llama 3.2 1B full fine-tune"
[model]
preset = "llama-3.2-1b"
[workload]
method = "full"
seq_len = 4096
micro_batch = 1
global_batch = 64
tokens = 2e9
precision = "bf16-mixed"
recompute = "selective"
[hardware]
gpu = "h100-sxm-80gb"
gpu_count = 8
[parallel]
tp = 1
pp = 1
cp = 1
zero = 1
"""


def gpuplanner(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("gpuplanner")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "gpuplanner.cli"]
    env = {**os.environ, "GPUPLANNER_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run([*cmd, *args], capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    """A scenario and a result of it measured 25% slower than estimated, with nvidia-smi 2 GiB above the peak."""
    spath = tmp_path / "llama.gpuplan.toml"
    spath.write_text(SCENARIO, encoding="utf-8")
    s = read_scenario(spath)
    catalog = load_catalog(use_user_layer=False)
    est = cb.compare(s, catalog, cb.parse_result(result_doc(s)), gpu_counts=()).time.estimated_step_seconds
    rpath = tmp_path / "result.json"
    rpath.write_text(
        json.dumps(result_doc(s, step=1.25 * est, allocated=30 * GIB, reserved=31 * GIB, smi=32 * GIB)),
        encoding="utf-8",
    )
    return spath, rpath


def run(spath: Path, rpath: Path, **kw: Any) -> int:
    ns = argparse.Namespace(
        scenario=str(spath),
        result=str(rpath),
        json=kw.get("json", False),
        write=kw.get("write", False),
        gpus=kw.get("gpus", cb.DEFAULT_GPU_COUNTS),
        any_device=kw.get("any_device", False),
    )
    return calibrate_cli.run_calibrate(ns)


# --- calibrate -------------------------------------------------------------------------------------------------


def test_human_output(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*files) == 0
    out = capsys.readouterr().out
    assert "Calibration of 'Llama 3.2 1B full fine-tune' on h100-sxm-80gb" in out
    assert "efficiency factor 0.8 " in out
    assert "allocated peak 30.00 GiB" in out and "nvidia-smi 32.00 GiB" in out
    assert "overhead 2.00 GiB measured" in out
    for n in (1, 2, 4, 8, 16, 64):
        assert any(line.split()[:1] == [str(n)] for line in out.splitlines()), n
    assert "WARNING" not in out


def test_json_document(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*files, json=True) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {
        "scenario",
        "gpu",
        "result",
        "measurement",
        "ran",
        "memory",
        "time",
        "corrections",
        "projections",
        "notes",
        "warnings",
        "written",
    }
    c = doc["corrections"]
    assert c["efficiency_factor"] == pytest.approx(0.8)
    assert c["gemm_efficiency"]["calibrated"] == pytest.approx(0.8 * c["gemm_efficiency"]["catalog"])
    assert c["measured_overhead_bytes"] == 2 * GIB
    assert c["overhead_delta_bytes"] == c["measured_overhead_bytes"] - c["estimated_overhead_bytes"]
    assert doc["time"]["tokens_per_second_error"] == pytest.approx(1 / 1.25 - 1)
    assert doc["memory"]["measured_allocated"] == 30 * GIB and doc["memory"]["measured_reserved"] == 31 * GIB
    assert doc["measurement"]["hash_matches"] is True and doc["written"] is None
    assert [p["gpu_count"] for p in doc["projections"]] == [1, 2, 4, 8, 16, 64]
    p8 = next(p for p in doc["projections"] if p["gpu_count"] == 8)
    # both projections are complete §4.3 documents
    for side in ("catalog", "calibrated"):
        assert set(p8[side]) >= {"memory", "time", "cost", "parallel"}
    assert p8["calibrated"]["time"]["tokens_per_second"] < p8["catalog"]["time"]["tokens_per_second"]
    assert p8["calibrated"]["memory"]["overhead"] == pytest.approx(
        p8["catalog"]["memory"]["overhead"] + c["overhead_delta_bytes"], abs=2
    )


def test_write_stores_a_sidecar(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    spath, rpath = files
    scenario_before = spath.read_bytes()
    assert run(spath, rpath, write=True) == 0
    side = spath.with_name("llama.calibration.json")
    assert f"stored       {side}" in capsys.readouterr().out
    stored = cb.read_calibrations(side)["h100-sxm-80gb"]
    assert stored.corrections.efficiency_factor == pytest.approx(0.8)
    assert spath.read_bytes() == scenario_before  # the scenario file itself is never rewritten
    assert read_scenario(spath).name == "Llama 3.2 1B full fine-tune"


def test_gpus_option(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*files, json=True, gpus=(32, 2)) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [p["gpu_count"] for p in doc["projections"]] == [2, 8, 32]


def test_mismatch_is_an_input_error(tmp_path: Path, files: tuple[Path, Path]) -> None:
    spath, rpath = files
    doc = json.loads(rpath.read_text())
    doc["device"]["name"], doc["device"]["total_memory"] = "NVIDIA A100-SXM4-40GB", 42_298_834_944
    rpath.write_text(json.dumps(doc))
    with pytest.raises(cb.CalibrationMismatch, match="a100-sxm-40gb"):
        run(spath, rpath)


def test_cpu_result_with_any_device_cannot_be_written(
    files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    spath, rpath = files
    doc = json.loads(rpath.read_text())
    doc["device"] = {"type": "cpu", "name": "x86_64", "total_memory": None, "count": 1}
    rpath.write_text(json.dumps(doc))
    with pytest.raises(cb.CalibrationMismatch, match="--any-device compares anyway"):
        run(spath, rpath)
    assert run(spath, rpath, any_device=True) == 0
    assert "--any-device" in capsys.readouterr().out
    with pytest.raises(InputError, match="--write stores only a measurement taken on the scenario's GPU"):
        run(spath, rpath, any_device=True, write=True)
    assert not spath.with_name("llama.calibration.json").exists()


def test_exit_codes(files: tuple[Path, Path], tmp_path: Path) -> None:
    spath, rpath = files
    ok = gpuplanner("calibrate", str(spath), str(rpath), tmp_path=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert "efficiency factor 0.8" in ok.stdout
    # a different GPU: exit 2, one line naming the file and the reason
    doc = json.loads(rpath.read_text())
    doc["device"]["name"] = "NVIDIA GeForce RTX 4090"
    doc["device"]["total_memory"] = 25_386_352_640
    other = tmp_path / "other.json"
    other.write_text(json.dumps(doc))
    bad = gpuplanner("calibrate", str(spath), str(other), tmp_path=tmp_path)
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    assert f"{other}: hardware.gpu: the measurement ran on 'NVIDIA GeForce RTX 4090'" in bad.stderr
    assert "rtx-4090" in bad.stderr
    # malformed JSON: exit 2
    broken = tmp_path / "broken.json"
    broken.write_text('{"schema": "gpuplanner-bench-result",')
    res = gpuplanner("calibrate", str(spath), str(broken), tmp_path=tmp_path)
    assert res.returncode == 2 and "not valid JSON" in res.stderr and res.stderr.count("\n") == 1
    # a missing result: exit 3
    res = gpuplanner("calibrate", str(spath), str(tmp_path / "nope.json"), tmp_path=tmp_path)
    assert res.returncode == 3 and "no such file" in res.stderr
    # bad --gpus: exit 2
    res = gpuplanner("calibrate", str(spath), str(rpath), "--gpus", "8,x", tmp_path=tmp_path)
    assert res.returncode == 2 and "comma-separated GPU counts" in res.stderr
    # --json and --write through the real entry point
    res = gpuplanner("calibrate", str(spath), str(rpath), "--json", "--write", tmp_path=tmp_path)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["written"] == str(spath.with_name("llama.calibration.json"))


def test_write_failure_is_exit_3_and_keeps_the_old_sidecar(
    files: tuple[Path, Path],
    monkeypatch,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
) -> None:
    spath, rpath = files
    assert run(spath, rpath, write=True) == 0
    side = spath.with_name("llama.calibration.json")
    before = side.read_bytes()

    def denied(*_a: Any, **_k: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", denied)
    with pytest.raises(FileAccessError, match="Permission denied"):
        run(spath, rpath, write=True)
    assert side.read_bytes() == before


# --- bench-script ----------------------------------------------------------------------------------------------


def test_bench_script_writes_the_script(tmp_path: Path, files: tuple[Path, Path]) -> None:
    spath, _ = files
    res = gpuplanner("bench-script", str(spath), "-o", "bench.py", "--warmup", "2", "--steps", "5", tmp_path=tmp_path)
    assert res.returncode == 0, res.stderr
    text = (tmp_path / "bench.py").read_text()
    compile(text, "bench.py", "exec")
    assert script_data(text)["defaults"] == {"warmup": 2, "steps": 5}
    assert "fits on one h100-sxm-80gb" in res.stdout
    assert f"gpuplanner calibrate {spath} result.json" in res.stdout
    assert "torchrun --nproc-per-node 8" in res.stdout


def test_bench_script_to_stdout(tmp_path: Path, files: tuple[Path, Path]) -> None:
    spath, _ = files
    res = gpuplanner("bench-script", str(spath), "-o", "-", tmp_path=tmp_path)
    assert res.returncode == 0
    assert res.stdout.startswith("#!/usr/bin/env python3")
    compile(res.stdout, "bench.py", "exec")


def test_bench_script_suggests_a_shrunken_run(tmp_path: Path) -> None:
    spath = tmp_path / "big.gpuplan.toml"
    spath.write_text(SCENARIO.replace("llama-3.2-1b", "llama-3.1-70b"), encoding="utf-8")
    res = gpuplanner("bench-script", str(spath), "-o", "bench.py", tmp_path=tmp_path)
    assert res.returncode == 0, res.stderr
    line = next(x for x in res.stdout.splitlines() if "memory" in x)
    assert "all 80 layers need about" in line and "--layers" in line
    k = int(line.split("--layers ")[1].split()[0])
    # the suggestion fits and one more layer would not
    s = read_scenario(spath)
    fit = cb.bench_fit(s, load_catalog(use_user_layer=False))
    assert fit.max_layers == k and 1 <= k < 80


def test_bench_script_errors(tmp_path: Path) -> None:
    inference = tmp_path / "serve.gpuplan.toml"
    inference.write_text(
        'schema = 1\n[model]\npreset = "llama-3.1-8b"\n[workload]\nmethod = "inference"\n'
        'seq_len = 4096\n[hardware]\ngpu = "h100-sxm-80gb"\ngpu_count = 1\n',
        encoding="utf-8",
    )
    res = gpuplanner("bench-script", str(inference), "-o", "bench.py", tmp_path=tmp_path)
    assert res.returncode == 2 and res.stderr.count("\n") == 1
    assert f"{inference}: workload.method: the benchmark measures training steps" in res.stderr
    assert not (tmp_path / "bench.py").exists()
    res = gpuplanner("bench-script", str(tmp_path / "missing.gpuplan.toml"), "-o", "b.py", tmp_path=tmp_path)
    assert res.returncode == 3
    spath = tmp_path / "ok.gpuplan.toml"
    spath.write_text(SCENARIO, encoding="utf-8")
    res = gpuplanner("bench-script", str(spath), "-o", str(tmp_path), tmp_path=tmp_path)
    assert res.returncode == 3 and "is a folder" in res.stderr
    res = gpuplanner("bench-script", str(spath), tmp_path=tmp_path)
    assert res.returncode == 2 and "-o/--output" in res.stderr
    res = gpuplanner("bench-script", str(spath), "-o", "b.py", "--steps", "0", tmp_path=tmp_path)
    assert res.returncode == 2 and "must be a positive integer" in res.stderr


def test_commands_are_listed(tmp_path: Path) -> None:
    res = gpuplanner("--help", tmp_path=tmp_path)
    assert "bench-script" in res.stdout and "calibrate" in res.stdout


def test_uses_the_documented_device(files: tuple[Path, Path]) -> None:
    _, rpath = files
    assert json.loads(rpath.read_text())["device"]["name"] == H100[0]
