"""`gpuplanner import-config` as a user runs it (spec §4.5): a real subprocess, exit codes 0/2/3, assumptions."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "tests" / "data" / "configs"


def gp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gpuplanner.cli", *args], capture_output=True, text=True, cwd=ROOT)


def test_import_writes_a_scenario_that_estimates(tmp_path: Path) -> None:
    out = tmp_path / "tt.gpuplan.toml"
    r = gp("import-config", str(CONFIGS / "torchtitan" / "llama3_8b.toml"), "--gpu-count", "64", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "assumed:" in r.stdout and "h100-sxm-80gb" in r.stdout
    est = gp("estimate", str(out))
    assert est.returncode == 0, est.stderr
    assert "tp=1" in est.stdout and "zero=3" in est.stdout


def test_bad_key_is_exit_2_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "x.toml"
    bad.write_text((CONFIGS / "torchtitan" / "llama3_8b.toml").read_text().replace("seq_len", "seqlen"))
    r = gp("import-config", str(bad), "-o", str(tmp_path / "o.gpuplan.toml"))
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "training.seqlen: unknown key" in r.stderr
    assert not (tmp_path / "o.gpuplan.toml").exists()


def test_missing_file_is_exit_3(tmp_path: Path) -> None:
    r = gp("import-config", str(tmp_path / "none.yaml"), "-o", str(tmp_path / "o.gpuplan.toml"))
    assert r.returncode == 3 and "cannot be read" in r.stderr


def test_unknown_gpu_is_exit_2(tmp_path: Path) -> None:
    r = gp("import-config", str(CONFIGS / "axolotl" / "lora-1b.yml"), "--gpu", "h1000", "-o", str(tmp_path / "o.toml"))
    assert r.returncode == 2 and "--gpu" in r.stderr
