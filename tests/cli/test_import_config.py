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


def test_torchtitan_registry_command_line(tmp_path: Path) -> None:
    line = tmp_path / "train.sh"
    line.write_text("NGPU=32 MODULE=llama3 CONFIG=llama3_70b ./run_train.sh --training.local_batch_size 2\n")
    out = tmp_path / "tt.gpuplan.toml"
    r = gp("import-config", str(line), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "defaults of llama3_70b() from torchtitan 9810191" in r.stdout
    assert "gpu_count = 32" in out.read_text() and "tp = 8" in out.read_text()
    line.write_text("--module llama3 --config llama3_7b\n")
    bad = gp("import-config", str(line), "-o", str(out))
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
    assert "--config: 'llama3_7b' is not a function" in bad.stderr and "Traceback" not in bad.stderr


def test_llm_foundry_yaml_with_its_profile(tmp_path: Path) -> None:
    out = tmp_path / "lf.gpuplan.toml"
    r = gp("import-config", str(CONFIGS / "llm-foundry" / "mpt-7b.yaml"), "--gpu-count", "64", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "(llm-foundry config, llm-foundry profile)" in r.stdout
    assert gp("estimate", str(out)).returncode == 0
