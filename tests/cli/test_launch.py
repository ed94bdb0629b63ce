"""`gpuplanner launch` as a user runs it (spec §4.5): one config per framework from a shipped example."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "llama-3.1-70b-full-64xh100.gpuplan.toml"


def gp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gpuplanner.cli", *args], capture_output=True, text=True, cwd=ROOT)


@pytest.mark.parametrize(
    "framework", ["torchtitan", "torchtitan-registry", "torchtune", "megatron", "deepspeed", "accelerate"]
)
def test_launch_writes_each_framework(tmp_path: Path, framework: str) -> None:
    out = tmp_path / f"train.{framework}"
    r = gp("launch", str(EXAMPLE), "--framework", framework, "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "# Written by gpuplanner" in r.stdout and "tokens/s" in r.stdout
    text = out.read_text()
    assert text.startswith("{") if framework == "deepspeed" else text.startswith("# Written by gpuplanner")


def test_launch_into_a_folder_is_exit_3(tmp_path: Path) -> None:
    r = gp("launch", str(EXAMPLE), "--framework", "torchtitan", "-o", str(tmp_path))
    assert r.returncode == 3 and "is a folder" in r.stderr


def test_launch_unknown_framework_is_exit_2(tmp_path: Path) -> None:
    r = gp("launch", str(EXAMPLE), "--framework", "jax", "-o", str(tmp_path / "x"))
    assert r.returncode == 2


def test_round_trip_script_table_per_framework() -> None:
    """scripts/framework_config_roundtrip.py: launch then import-config on the command line, one case per
    framework; every field comes back the same (the table the closing note of issue #20 shows)."""
    r = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "framework_config_roundtrip.py")], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "6 frameworks, 96 fields, 0 differ" in r.stdout
    header = r.stdout.splitlines()[0]
    assert header == "| field | torchtitan | torchtitan-registry | torchtune | megatron | deepspeed | accelerate |"
