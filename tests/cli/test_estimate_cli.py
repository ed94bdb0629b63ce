"""`gpuplanner estimate` as a user runs it (spec §4.2, §4.3): a real subprocess, exit codes, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.gpuplan.toml"))

BLOCKS: dict[str, tuple[str, ...]] = {
    "model": ("params", "active_params", "trainable_params"),
    "parallel": ("tp", "pp", "cp", "ep", "dp", "zero", "micro_batch", "recompute"),
    "memory": (
        "weights",
        "gradients",
        "optimizer",
        "activations",
        "kv_cache",
        "total",
        "overhead",
        "capacity",
        "headroom",
        "fits",
        "max_micro_batch",
        "max_seq_len",
    ),
    "time": ("model_flops", "mfu", "tokens_per_second", "step_seconds", "wall_seconds", "gpu_hours"),
    "goodput": ("checkpoint_bytes", "checkpoint_interval_seconds", "lost_fraction"),
    "cluster": ("nodes", "racks", "facility_kw", "storage_bytes"),
    "cost": (
        "cloud_on_demand",
        "cloud_reserved_1y",
        "cloud_reserved_3y",
        "cloud_spot",
        "onprem_capex",
        "onprem_tco",
        "breakeven_utilization",
        "per_million_tokens",
        "job_cloud_on_demand",
    ),
}
TOP = ("scenario", "gpu", "currency")

GOOD = """schema = 1
name = "cli test"

[model]
preset = "llama-3.1-8b"

[workload]
method = "pretrain"
seq_len = 4096
micro_batch = 1
global_batch = 64
tokens = 1e9

[hardware]
gpu = "h100-sxm-80gb"
gpu_count = 8

[parallel]
tp = 1
pp = 1
cp = 1
zero = 1
"""


def run(*args: str | os.PathLike[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONWARNINGS": "error", "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "gpuplanner.cli", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd or ROOT,
        env=env,
        check=False,
    )


def assert_one_line_error(proc: subprocess.CompletedProcess[str], code: int) -> str:
    assert proc.returncode == code, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("gpuplanner: ")
    assert proc.stdout == ""
    return lines[0]


def check_document(doc: dict[str, Any]) -> None:
    assert set(TOP) <= set(doc)
    for block, keys in BLOCKS.items():
        assert isinstance(doc[block], dict), block
        missing = set(keys) - set(doc[block])
        assert not missing, f"{block}: missing {sorted(missing)}"
    m = doc["memory"]
    if m["total"] is not None:
        assert m["headroom"] == m["capacity"] - m["total"] - m["overhead"]
        assert m["fits"] is (m["headroom"] >= 0)
    if doc["time"]["mfu"] is not None:
        assert 0 < doc["time"]["mfu"] <= 1


@pytest.fixture(scope="module")
def documents() -> dict[str, dict[str, Any]]:
    """estimate --json of every example, run once."""
    out = {}
    for path in EXAMPLES:
        proc = run("estimate", path, "--json")
        assert proc.returncode == 0, f"{path.name}: {proc.stderr}"
        assert proc.stderr == ""
        out[path.name] = json.loads(proc.stdout)
    return out


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("name", [p.name for p in EXAMPLES])
def test_example_json_has_every_block_and_key(documents: dict[str, dict[str, Any]], name: str) -> None:
    doc = documents[name]
    check_document(doc)
    assert doc["scenario"] and doc["currency"] in ("USD", "KRW")
    assert doc["memory"]["fits"] is True  # the examples are meant to be runnable plans


def test_training_examples_fill_time(documents: dict[str, dict[str, Any]]) -> None:
    for name, doc in documents.items():
        if "inference" in name:
            continue
        t = doc["time"]
        assert all(t[k] is not None and t[k] > 0 for k in BLOCKS["time"]), name


def test_405b_layout_and_counts(documents: dict[str, dict[str, Any]]) -> None:
    doc = documents["llama-3.1-405b-pretrain-16384xh100.gpuplan.toml"]
    p = doc["parallel"]
    assert (p["tp"], p["pp"], p["cp"], p["dp"], p["zero"]) == (8, 16, 1, 128, 1)
    assert doc["model"]["params"] == pytest.approx(405.9e9, rel=0.005)
    assert doc["cluster"]["nodes"] == 2048


def test_qlora_trains_only_the_adapters(documents: dict[str, dict[str, Any]]) -> None:
    doc = documents["llama-3.1-8b-qlora-rtx4090.gpuplan.toml"]
    assert doc["gpu"] == "rtx-4090"
    assert doc["model"]["trainable_params"] == 41_943_040  # r=16 on all 7 linears of 32 layers


def test_mixtral_inference(documents: dict[str, dict[str, Any]]) -> None:
    doc = documents["mixtral-8x7b-inference-2xh100.gpuplan.toml"]
    assert doc["model"]["active_params"] == pytest.approx(12.9e9, rel=0.005)
    assert doc["model"]["trainable_params"] == 0
    assert doc["parallel"]["tp"] == 2
    assert doc["memory"]["kv_cache"] > 0
    assert all(v is None for v in doc["time"].values())  # no training run: not applicable, never 0


@pytest.mark.parametrize("key", ["recompute", "micro_batch", "zero"])
def test_inference_training_only_layout_keys_are_null(documents: dict[str, dict[str, Any]], key: str) -> None:
    assert documents["mixtral-8x7b-inference-2xh100.gpuplan.toml"]["parallel"][key] is None


def test_human_output() -> None:
    proc = run("estimate", ROOT / "examples" / "llama-3.1-70b-full-64xh100.gpuplan.toml")
    assert proc.returncode == 0, proc.stderr
    assert "Llama 3.1 70B full fine-tune on 64 H100" in proc.stdout and "fits" in proc.stdout


def test_gpu_option_picks_a_candidate(tmp_path: Path) -> None:
    proc = run("estimate", ROOT / "examples" / "llama-3.1-70b-full-64xh100.gpuplan.toml", "--json", "--gpu", "mi300x")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    check_document(doc)
    assert doc["gpu"] == "mi300x"


# four MI300A nodes on the fallback link speeds (tests/fixtures: one file for the CLI, app and workbook tests)
MI300A_16 = (
    Path(__file__).resolve().parents[1] / "fixtures" / "llama-3.1-8b-pretrain-16xmi300a.gpuplan.toml"
).read_text(encoding="utf-8")
INTER_NOTE = (
    "Inter-node link speed not published for node type mi300a-4x-node; assumed 10 Gb/s per GPU. "
    "Set hardware.inter_node_gbits_per_s."
)


def test_assumed_link_speed_in_json_and_text(tmp_path: Path, documents: dict[str, dict[str, Any]]) -> None:
    path = tmp_path / "mi300a.gpuplan.toml"
    path.write_text(MI300A_16, encoding="utf-8")
    proc = run("estimate", path, "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    check_document(doc)
    note = doc["notes"][0]
    assert note == {
        "text": INTER_NOTE,
        "link": "inter-node",
        "subject": "mi300a-4x-node",
        "assumed": "10 Gb/s",
        "key": "hardware.inter_node_gbits_per_s",
    }
    # the key is there only when the estimate assumed something: the H100 examples have catalog links
    assert "notes" not in documents["llama-3.1-70b-full-64xh100.gpuplan.toml"]
    text = run("estimate", path)
    assert text.returncode == 0, text.stderr
    assert f"  note         {INTER_NOTE}" in text.stdout.splitlines()


# --- errors -------------------------------------------------------------------------------------------------


def test_bad_scenario_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.gpuplan.toml"
    path.write_text(GOOD.replace("tp = 1", "tp = 3"), encoding="utf-8")
    line = assert_one_line_error(run("estimate", path, "--json"), 2)
    assert str(path) in line and "parallel" in line


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ("seq_len = 4096", 'seq_len = "long"', "workload.seq_len: must be a positive integer"),
        ('method = "pretrain"', 'method = "pretrian"', "did you mean pretrain?"),
        ("[parallel]", "[paralel]", "paralel: unknown key; did you mean parallel"),
        ('preset = "llama-3.1-8b"', 'preset = "llama3-8b"', "model.preset: unknown preset"),
        ("schema = 1", "schema = 9", "schema: unsupported version 9"),
    ],
)
def test_bad_scenario_messages(tmp_path: Path, old: str, new: str, fragment: str) -> None:
    path = tmp_path / "bad.gpuplan.toml"
    assert old in GOOD
    path.write_text(GOOD.replace(old, new), encoding="utf-8")
    line = assert_one_line_error(run("estimate", path), 2)
    assert str(path) in line
    assert fragment in line


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('gpu = "h100-sxm-80gb"', 'gpu = "h100-sxm"', "hardware.gpu"),
        ("gpu_count = 8", 'gpu_count = 8\nnode = "dgx-h10"', "hardware.node"),
        ("[parallel]", '[cost]\nsite = "us-colx"\n\n[parallel]', "cost.site"),
    ],
    ids=["gpu", "node", "site"],
)
def test_unknown_catalog_id_in_scenario_names_file_and_key(tmp_path: Path, old: str, new: str, key: str) -> None:
    path = tmp_path / "bad.gpuplan.toml"
    path.write_text(GOOD.replace(old, new), encoding="utf-8")
    line = assert_one_line_error(run("estimate", path), 2)
    assert "did you mean" in line
    assert line.startswith(f"gpuplanner: {path}: {key}: ")


@pytest.mark.parametrize(
    "content",
    [b"\x00\x01binary\xff", b"not = [toml", "name = 'é'".encode("latin-1")],
    ids=["binary", "not-toml", "latin-1"],
)
def test_corrupt_file_exit_2(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.gpuplan.toml"
    path.write_bytes(content)
    line = assert_one_line_error(run("estimate", path), 2)
    assert str(path) in line


def test_missing_file_exit_3(tmp_path: Path) -> None:
    path = tmp_path / "nope.gpuplan.toml"
    line = assert_one_line_error(run("estimate", path), 3)
    assert str(path) in line and "no such file" in line


def test_directory_exit_3(tmp_path: Path) -> None:
    line = assert_one_line_error(run("estimate", tmp_path), 3)
    assert str(tmp_path) in line


def test_unknown_gpu_option_exit_2_with_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "s.gpuplan.toml"
    path.write_text(GOOD, encoding="utf-8")
    line = assert_one_line_error(run("estimate", path, "--gpu", "h100-sxm-80"), 2)
    assert "h100-sxm-80" in line and "did you mean" in line and "h100-sxm-80gb" in line


def test_bad_arguments_exit_2() -> None:
    line = assert_one_line_error(run("estimate"), 2)
    assert "scenario" in line
    assert_one_line_error(run("estimate", "x.toml", "--no-such-flag"), 2)


def test_version() -> None:
    from gpuplanner import __version__

    proc = run("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"gpuplanner {__version__}"
