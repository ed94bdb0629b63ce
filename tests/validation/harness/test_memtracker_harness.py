"""Self-checks of the MemTracker ground-truth harness (needs torch + transformers).

Skipped where torch/transformers are not installed (the project's main venv);
run with ``.venv-torch/bin/python -m pytest tests/validation/harness``.
"""

from __future__ import annotations

import json
import os
import sys

import pytest

pytestmark = pytest.mark.torch

if os.environ.get("CI", "").lower() == "true":
    # a test that cannot run is not a pass: CI installs torch and transformers (scripts/test.sh)
    import torch  # noqa: F401
    import torch.distributed._tools.mem_tracker  # noqa: F401
    import transformers  # noqa: F401
else:
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("torch.distributed._tools.mem_tracker")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import memtracker_grid as g  # noqa: E402

TINY = dict(
    name="tiny-llama",
    arch="llama",
    layers=4,
    hidden=256,
    heads=8,
    kv_heads=2,
    ffn_hidden=1024,
    vocab=4096,
    tied_embeddings=False,
    rope_theta=10000.0,
)
H, FFN, KV, NH, V = 256, 1024, 64, 8, 4096


def _run(**kw):
    return g.run_case({"model": TINY, "seq_len": 256, "micro_batch": 2, **kw})


def test_record_schema_and_static_memory():
    r = _run(precision="fp32")
    for key in (
        "id",
        "torch_version",
        "transformers_version",
        "model",
        "workload",
        "peak_bytes",
        "category_max_bytes",
        "phase_of_peak",
        "notes",
    ):
        assert key in r
    n = r["model"]["params"]
    assert r["peak_bytes"]["param"] == 4 * n
    assert r["derived"]["optimizer_state_bytes"] >= 8 * n  # exp_avg + exp_avg_sq (+ step scalars)
    assert r["derived"]["grad_after_backward"] == 4 * n
    pk = r["peak_bytes"]
    assert pk["total"] == sum(v for k, v in pk.items() if k != "total")
    # category maxima dominate the at-peak breakdown
    for k, v in pk.items():
        assert r["category_max_bytes"][k] >= v
    json.dumps(r)  # serialisable


def test_peak_snapshot_matches_instrumented_peak_and_slow_path():
    fast = _run(precision="bf16-true")
    slow = _run(precision="bf16-true", fast_tracker=False)
    assert fast["peak_bytes"] == slow["peak_bytes"]
    assert fast["category_max_bytes"] == slow["category_max_bytes"]
    assert "differs from MemTracker" not in fast["notes"]


@pytest.mark.parametrize(
    "method,precision,expected",
    [
        # bytes per token per layer, see README "Activation coefficients"
        ("full", "bf16-true", 20 * H + 4 * KV + 8 * FFN + 4 * NH + 8),
        ("full", "fp32", 32 * H + 8 * KV + 16 * FFN + 4 * NH + 8),
        ("full", "bf16-mixed", 30 * H + 4 * KV + 8 * FFN + 4 * NH + 8),
        ("lora", "bf16-true", 14 * H + 4 * KV + 6 * FFN + 8 * 16 + 4 * NH + 8),
        ("lora", "fp32", 20 * H + 8 * KV + 12 * FFN + 16 * 16 + 4 * NH + 8),
        ("lora", "bf16-mixed", 18 * H + 4 * KV + 6 * FFN + 8 * 16 + 4 * NH + 8),
    ],
)
def test_per_layer_activation_formula(method, precision, expected):
    r = _run(precision=precision, method=method)
    tokens = 256 * 2
    assert r["derived"]["per_layer_act_bytes_excl_casts"] == expected * tokens


@pytest.mark.parametrize("precision,width", [("bf16-true", 2), ("fp32", 4)])
def test_recompute_keeps_only_layer_input(precision, width):
    r = _run(precision=precision, recompute="full")
    assert r["derived"]["per_layer_act_bytes"] == width * H * 256 * 2


def test_logits_loss_coefficients():
    r = _run(precision="bf16-true")
    d = r["derived"]
    assert d["head_loss_fw_peak_per_bsV"] == pytest.approx(10.0, abs=0.05)
    assert d["head_loss_retained_per_bsV"] == pytest.approx(4.0, abs=0.05)
    assert d["head_loss_bw_peak_per_bsV"] == pytest.approx(8.0, abs=0.05)


def test_lora_freezes_base_and_counts_adapters():
    r = _run(precision="bf16-true", method="lora", lora_rank=8)
    r_q = 8 * (H + H) + 8 * (H + KV) * 2 + 8 * (H + H)  # q, k, v, o adapters per layer
    assert r["model"]["trainable_params"] == TINY["layers"] * r_q
    assert r["derived"]["grad_after_backward"] == 2 * r["model"]["trainable_params"]


def test_optimizer_impl_transients():
    foreach = _run(precision="fp32", optimizer_impl="foreach")
    fused = _run(precision="fp32", optimizer_impl="fused")
    n = foreach["model"]["params"]
    st = foreach["derived"]["optimizer_state_bytes"]
    # foreach AdamW allocates one param-sized temporary (sqrt(exp_avg_sq)) for all params at once
    assert foreach["category_max_bytes"]["optimizer"] - st == 4 * n
    assert fused["category_max_bytes"]["optimizer"] == fused["derived"]["optimizer_state_bytes"]


def test_grid_ids_unique_and_only_filter(tmp_path):
    ids = [c["id"] for c in g.default_grid()]
    assert len(ids) == len(set(ids))
    assert 40 <= len(ids) <= 100
    assert g.main(["--list", "--only", "mixtral"]) == 0
