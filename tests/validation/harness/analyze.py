#!/usr/bin/env python3
"""Summarise tests/validation/harness_results.json as Markdown tables.

Pure standard library (runs in the project venv too)::

    python tests/validation/harness/analyze.py [tests/validation/harness_results.json]

The closed-form per-layer activation formulas below were read off the tensors that
autograd keeps alive (see ``memtracker_grid.explain_layer``) and are checked against
every sdpa record of the grid (column "meas/formula").
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any

GiB = 1024**3


def layer_dims(m: dict[str, Any]) -> dict[str, int]:
    return dict(
        h=m["hidden"],
        kv=m["kv_heads"] * m["head_dim"],
        ffn=m["ffn_hidden"],
        nh=m["heads"],
        k=m.get("experts_active", 1) or 1,
        E=m.get("experts", 1) or 1,
    )


def activation_formula(m: dict[str, Any], w: dict[str, Any]) -> int | None:
    """Bytes kept per token per decoder layer (HF Llama-style layer, SDPA, no recompute).

    Excludes bf16 weight copies made by autocast (bf16-mixed), which are reported
    separately (they scale with parameters, not tokens).
    """
    if w["attn"] != "sdpa":
        return None
    d = layer_dims(m)
    h, kv, ffn, nh = d["h"], d["kv"], d["ffn"], d["nh"]
    r = w.get("lora_rank") or 0
    prec, method = w["precision"], w["method"]
    if w["recompute"] == "full":
        # only the checkpointed layer input survives: residual stream dtype
        return (2 if prec == "bf16-true" else 4) * h
    moe = d["E"] > 1
    coef = {  # (h, kv, ffn, r) coefficients, see README
        ("full", "bf16-true"): (20, 4, 8, 0),
        ("full", "bf16-mixed"): (30, 4, 8, 0),
        ("full", "fp32"): (32, 8, 16, 0),
        ("lora", "bf16-true"): (14, 4, 6, 8),
        ("lora", "bf16-mixed"): (18, 4, 6, 8),
        ("lora", "fp32"): (20, 8, 12, 16),
    }.get((method, prec))
    if coef is None:
        return None
    ch, ckv, cffn, cr = coef
    total = ch * h + ckv * kv + cr * r + 4 * nh + 8
    if moe:
        if method != "full" or prec != "bf16-true":
            return None
        k, E = d["k"], d["E"]
        # per routed token: gathered input (2h) + dense-like expert MLP (8 ffn) + expert output (2h);
        # routing bookkeeping: fp32 router softmax (4E), top-k/sort/permutation int64 + weights (40k + 4)
        total += k * (8 * ffn + 4 * h) + 4 * E + 40 * k + 4
    else:
        total += cffn * ffn
    return total


def formula_text(method: str, prec: str, recompute: str) -> str:
    if recompute == "full":
        return "2h" if prec == "bf16-true" else "4h"
    return {
        ("full", "bf16-true"): "20h + 4kv + 8ffn + 4nh + 8",
        ("full", "bf16-mixed"): "30h + 4kv + 8ffn + 4nh + 8",
        ("full", "fp32"): "32h + 8kv + 16ffn + 4nh + 8",
        ("lora", "bf16-true"): "14h + 4kv + 6ffn + 8r + 4nh + 8",
        ("lora", "bf16-mixed"): "18h + 4kv + 6ffn + 8r + 4nh + 8",
        ("lora", "fp32"): "20h + 8kv + 12ffn + 16r + 4nh + 8",
    }.get((method, prec), "?")


def main(path: str) -> None:
    recs = [r for r in json.load(open(path)) if "error" not in r]
    print(f"# {len(recs)} records, torch {recs[0]['torch_version']}, transformers {recs[0]['transformers_version']}\n")

    print("## Per-layer activations (bytes per token per decoder layer, excl. autocast weight copies)\n")
    print(
        "| id | meas B/token/layer | /h (=per s·b·h) | formula | formula value | meas/formula "
        "| weight copies kept per layer |"
    )
    print("|---|---:|---:|---|---:|---:|---:|")
    for r in recs:
        m, w, d = r["model"], r["workload"], r["derived"]
        tok = w["seq_len"] * w["micro_batch"]
        meas = d["per_layer_act_bytes_excl_casts"] / tok
        f = activation_formula(m, w)
        ftxt = formula_text(w["method"], w["precision"], w["recompute"]) if w["attn"] == "sdpa" else "eager: see README"
        if m.get("experts", 1) > 1 and w["recompute"] == "none":
            ftxt += " (+ MoE, see README)"
        ratio = f"{meas / f:.4f}" if f else "-"
        print(
            f"| {r['id']} | {meas:,.1f} | {meas / m['hidden']:.3f} | {ftxt} | {f if f else '-'} | {ratio} | "
            f"{d.get('per_layer_param_cast_bytes', 0) / 2**20:.1f} MiB |"
        )

    print("\n## Logits + loss (per b·s·V bytes)\n")
    print(
        "| id | fw peak above pre-head | kept for backward | bw peak above pre-backward "
        "| bw peak excl. grads | lm_head weight copy |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for r in recs:
        d = r["derived"]
        if "head_loss_fw_peak_per_bsV" not in d:
            continue
        print(
            f"| {r['id']} | {d['head_loss_fw_peak_per_bsV']} | {d['head_loss_retained_per_bsV']} | "
            f"{d.get('head_loss_bw_peak_per_bsV')} | {d.get('head_loss_bw_peak_excl_grads_per_bsV')} | "
            f"{d.get('head_param_cast_bytes', 0) / 2**20:.0f} MiB |"
        )

    print("\n## Peak breakdown at the instant of the global peak (GiB, 2nd step)\n")
    print("| id | total | phase | param | grad | optimizer | act | temp | opt transient | 1st-step total |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in recs:
        p, d = r["peak_bytes"], r["derived"]
        tr = d.get("optimizer_transient_at_peak")
        print(
            f"| {r['id']} | {p['total'] / GiB:.2f} | {r['phase_of_peak']} | {p['param'] / GiB:.2f} | "
            f"{p['grad'] / GiB:.2f} | {p['optimizer'] / GiB:.2f} | {p['act'] / GiB:.2f} | {p['temp'] / GiB:.2f} | "
            f"{'-' if tr is None else f'{tr / GiB:.2f}'} | {r['step1']['peak_bytes']['total'] / GiB:.2f} |"
        )

    print("\n## Activations outside the decoder layers (at the end of the forward, inside autocast)\n")
    print(
        "| id | act at fw end (GiB) | L x per-layer (GiB) | rest (MiB) "
        "| rest - 4·bsV - lm_head copy (MiB) | that / (b·s·h) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for r in recs:
        m, w, d = r["model"], r["workload"], r["derived"]
        if "act_at_forward_end" not in d:
            continue
        tot = d["act_at_forward_end"]
        layers = m["layers"] * d["per_layer_act_bytes"]
        rest = tot - layers
        bsv = w["seq_len"] * w["micro_batch"] * m["vocab"]
        rest2 = rest - 4 * bsv - d.get("head_param_cast_bytes", 0)
        sbh = w["seq_len"] * w["micro_batch"] * m["hidden"]
        print(
            f"| {r['id']} | {tot / GiB:.2f} | {layers / GiB:.2f} | {rest / 2**20:.1f} | {rest2 / 2**20:.1f} | "
            f"{rest2 / sbh:.2f} |"
        )

    print("\n## Optimizer transients (category max of Optstate minus states)\n")
    by = defaultdict(list)
    for r in recs:
        w, d = r["workload"], r["derived"]
        extra = r["category_max_bytes"]["optimizer"] - d["optimizer_state_bytes"]
        by[w["optimizer_impl"]].append((r["id"], extra, d["trainable_param_bytes"]))
    for impl, rows in by.items():
        for rid, extra, pb in rows[:6]:
            print(f"- {impl}: {rid}: transient {extra / GiB:.2f} GiB = {extra / pb:.3f} x trainable-param bytes")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/validation/harness_results.json")
