"""`gpuplanner plan --json` for an inference scenario carries the serving plan (issue 21)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from gpuplanner.cli import plan as plan_cli

SERVE = """schema = 1
name = "Llama 3.1 8B chat"
[model]
preset = "llama-3.1-8b"
[workload]
method = "inference"
input_len = 1000
output_len = 500
batch = "max"
weight_precision = "fp8"
kv_precision = "fp8"
target_output_tokens_per_second = 30000
tpot_slo_ms = 40
[hardware]
gpu = "h100-sxm-80gb"
gpu_count = 1
candidates = ["h100-sxm-80gb", "l40s"]
"""


@pytest.fixture(autouse=True)
def _user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GPUPLANNER_DATA_DIR", str(tmp_path / "data"))  # no user catalog layer


def plan_json(path: Path, capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    code = plan_cli.run(argparse.Namespace(scenario=str(path), json=True, top=3))
    out = capsys.readouterr()
    assert code == 0 and out.err == ""
    return dict(json.loads(out.out))


def test_plan_json_has_the_serving_plan(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "serve.gpuplan.toml"
    path.write_text(SERVE, encoding="utf-8")
    doc = plan_json(path, capsys)
    sp = doc["serving_plan"]
    assert sp["targets"] == {"output_tokens_per_second": 30000.0, "ttft_slo_ms": None, "tpot_slo_ms": 40.0}
    rec = sp["recommendation"]
    assert rec["meets_targets"] and rec["output_tokens_per_second"] >= 30000 and rec["tpot_seconds"] <= 0.040
    assert {d["gpu"] for d in sp["deployments"]} == {"h100-sxm-80gb", "l40s"}
    assert all(c["points"] for c in sp["tradeoff_curves"])


def test_training_plan_json_has_no_serving_plan(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "train.gpuplan.toml"
    path.write_text(
        'schema = 1\n[model]\npreset = "llama-3.2-1b"\n[workload]\nmethod = "pretrain"\nseq_len = 2048\n'
        'global_batch = 64\ntokens = 1e9\n[hardware]\ngpu = "h100-sxm-80gb"\ngpu_count = 8\n',
        encoding="utf-8",
    )
    assert "serving_plan" not in plan_json(path, capsys)
