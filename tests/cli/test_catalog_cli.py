"""`gpuplanner catalog validate [FOLDER]` and `gpuplanner catalog list [--json]`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpuplanner.cli.catalog import run_list, run_validate
from gpuplanner.core.catalog import save_user_row
from gpuplanner.core.paths import catalog_dir


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    dst = tmp_path / "cat"
    shutil.copytree(catalog_dir(), dst)
    return dst


def test_validate_shipped(capsys):
    assert run_validate(None) == 0
    out = capsys.readouterr()
    assert out.out.startswith("catalog OK: ")
    for part in (" GPUs, ", " node types, ", " offers, ", " sites"):
        assert part in out.out
    assert out.err == ""


def test_validate_folder_with_problems(folder, capsys):
    path = folder / "gpus.csv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 3], encoding="utf-8")
    assert run_validate(str(folder)) == 2
    err = capsys.readouterr().err
    assert "gpus.csv" in err and "line " in err


def test_validate_missing_folder(tmp_path, capsys):
    assert run_validate(str(tmp_path / "nope")) == 2
    assert "not a catalog folder" in capsys.readouterr().err


def test_list_json_has_all_fields_and_sources(tmp_path, capsys):
    user_dir = tmp_path / "user"
    save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.7}, user_dir)
    assert run_list(True, user_dir=user_dir) == 0
    records = json.loads(capsys.readouterr().out)
    by_id = {r["id"]: r for r in records}
    h100 = by_id["h100-sxm-80gb"]
    keys = (
        "memory_bytes",
        "memory_bandwidth_gb_per_s",
        "bf16_dense_tflops",
        "fp8_dense_tflops",
        "tdp_watts",
        "intra_node_gb_per_s",
        "gemm_efficiency",
        "spec_source",
        "spec_as_of",
        "efficiency_source",
        "default_node",
        "default_offers_usd_per_gpu_hour",
        "notes",
    )
    for key in keys:
        assert key in h100, key
    assert h100["bf16_dense_tflops"] == pytest.approx(989.4)
    assert h100["default_offers_usd_per_gpu_hour"]["on_demand"] is not None
    assert by_id["tpu-v5e"]["tdp_watts"] is None  # unpublished -> null, never 0
    assert by_id["l4"]["user_edited"] is True and by_id["l4"]["gemm_efficiency"] == 0.7


def test_list_table(tmp_path, capsys):
    assert run_list(False, user_dir=tmp_path / "user") == 0
    out = capsys.readouterr().out
    assert "h100-sxm-80gb" in out and "dgx-h100" in out and "dense peaks" in out


def test_list_reports_corrupt_user_layer(tmp_path, capsys):
    user_dir = tmp_path / "user"
    user_dir.mkdir()
    (user_dir / "gpus.csv").write_bytes(b"\x00\x01garbage")
    assert run_list(False, user_dir=user_dir) == 0
    assert "warning: user catalog: " in (err := capsys.readouterr().err) and "gpus.csv" in err and "file ignored" in err


def test_subprocess(folder, tmp_path):
    env = {**os.environ, "GPUPLANNER_DATA_DIR": str(tmp_path / "data")}
    run = [sys.executable, "-m", "gpuplanner.cli", "catalog"]
    ok = subprocess.run([*run, "validate"], capture_output=True, text=True, env=env, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("catalog OK")
    (folder / "sites.csv").write_text("", encoding="utf-8")
    bad = subprocess.run([*run, "validate", str(folder)], capture_output=True, text=True, env=env, timeout=60)
    assert bad.returncode == 2 and "sites.csv" in bad.stderr and "Traceback" not in bad.stderr
    lst = subprocess.run([*run, "list", "--json"], capture_output=True, text=True, env=env, timeout=60)
    assert lst.returncode == 0, lst.stderr
    assert any(r["id"] == "mi300x" for r in json.loads(lst.stdout))


def test_validate_refuses_a_fifo_without_blocking(tmp_path, capsys):
    folder = tmp_path / "cat"
    shutil.copytree(catalog_dir(), folder)
    (folder / "sites.csv").unlink()
    os.mkfifo(folder / "sites.csv")
    assert run_validate(str(folder)) == 3  # returns at once: a FIFO is never opened for reading
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sites.csv: is a named pipe (FIFO), not a catalog CSV file" in err
