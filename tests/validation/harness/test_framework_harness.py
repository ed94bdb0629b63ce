"""Re-run a few stored framework-truth configurations and compare them with the committed records.

Each configuration runs in its own process (a fake process group is per process) through the harness CLI;
peak and category bytes must match ``tests/validation/data/framework_truth.json`` within 0.5 %.
Skipped on a laptop without torch / torchtitan / torchtune / peft; a failure when ``CI=true``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.torch

HERE = os.path.dirname(os.path.abspath(__file__))
TRUTH = os.path.normpath(os.path.join(HERE, "..", "data", "framework_truth.json"))
RUNNER = os.path.join(HERE, "frameworks", "run_grid.py")
NEEDED = ("torch", "torchtitan", "torchtune", "torchao", "peft", "transformers")

_missing = [m for m in NEEDED if importlib.util.find_spec(m) is None]
if _missing:
    if os.environ.get("CI", "").lower() == "true":
        # a check that cannot run is not a pass: CI installs requirements-frameworks.txt (scripts/test.sh)
        raise ImportError(f"framework harness needs {', '.join(_missing)} (CI=true)")
    pytest.skip(f"framework harness needs {', '.join(_missing)}", allow_module_level=True)

# small models or short sequences, one process each: ~1.5 min CPU on 2 idle cores (several times that on a
# busy box)
CASES = [
    ("torchtitan", "torchtitan/llama3-debugmodel/s2048/b1/ac-op/ws8"),
    ("torchtitan", "torchtitan/llama3-debugmodel/s2048/b1/ac-op/ws8/tp2"),
    ("torchtune", "torchtune/llama3_2_1b/lora-r16/s2048/b1/ac/chunkedce"),
    ("hf", "hf/llama-3.2-1b/lora-r16/bf16-true/s2048/b1/gc"),
]
COMPARED = ("total", "param", "grad", "optimizer", "act", "temp", "other")
REL_TOL = 0.005


def _stored() -> dict[str, dict]:
    with open(TRUTH) as fh:
        return {r["id"]: r for r in json.load(fh)}


def _close(a: int, b: int) -> bool:
    return abs(a - b) <= REL_TOL * max(abs(a), abs(b), 1)


@pytest.mark.parametrize(("framework", "case_id"), CASES, ids=[c[1] for c in CASES])
def test_rerun_matches_stored_record(framework: str, case_id: str, tmp_path) -> None:
    stored = _stored()
    assert case_id in stored, f"{case_id} missing from {TRUTH}"
    ref = stored[case_id]
    assert "error" not in ref, ref.get("error")
    out = tmp_path / "rerun.json"
    cmd = [sys.executable, "-W", "ignore", RUNNER, "--framework", framework, "--only", case_id]
    cmd += ["--jobs", "1", "--out", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    got = {r["id"]: r for r in json.loads(out.read_text())}[case_id]
    assert "error" not in got, got.get("error")
    for key in ("peak_bytes", "category_max_bytes"):
        for cat in COMPARED:
            assert _close(got[key][cat], ref[key][cat]), (key, cat, got[key][cat], ref[key][cat])
    assert got["phase_of_peak"] == ref["phase_of_peak"]
    for name in ("act_saved_for_backward", "grad_after_backward", "head_loss_fw_peak_delta"):
        assert _close(got["derived"][name], ref["derived"][name]), (name, got["derived"][name], ref["derived"][name])


def test_every_stored_record_is_complete() -> None:
    """Each record either carries the full breakdown or says why the configuration does not run."""
    for rid, r in _stored().items():
        assert r["framework"] in ("torchtitan", "torchtune", "hf"), rid
        if "error" in r:
            assert r["error"], rid
            continue
        pk = r["peak_bytes"]
        assert pk["total"] == sum(pk[c] for c in COMPARED[1:]), rid
        assert r["phase_of_peak"] in ("forward", "backward", "optimizer"), rid
        assert r["workload"]["precision"] in ("bf16-true", "bf16-master", "bf16-mixed"), rid
        assert r["parallel"]["world_size"] >= 1, rid
