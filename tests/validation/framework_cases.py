"""Maps the framework truth harness's records (tests/validation/data/framework_truth.json, made by
tests/validation/harness/frameworks/) onto scenarios and compares the estimator's peak with the measured one.

The records are what PyTorch's own accounting (MemTracker / FSDPMemTracker under FakeTensorMode) saw while the
frameworks' real code (torchtitan, torchtune, transformers + peft) ran a training step; see that folder's README.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuplanner.core.memory import memory_for
from gpuplanner.core.results import Layout, MemoryBreakdown
from gpuplanner.core.scenario_io import parse_scenario

GIB = 2**30
TRUTH_FILE = Path(__file__).resolve().parent / "data" / "framework_truth.json"
# A record whose whole peak is below this is a smoke configuration (debug-sized model): fixed terms the
# estimator does not model (buffers, workspace) dominate it, so it is reported but not held to 5%.
SMOKE_BYTES = 1 * GIB


@dataclass(frozen=True)
class TruthComparison:
    record_id: str
    framework: str
    measured_bytes: float
    estimated_bytes: float
    measured_phase: str
    estimated: MemoryBreakdown

    @property
    def error(self) -> float:
        return (self.estimated_bytes - self.measured_bytes) / self.measured_bytes

    @property
    def smoke(self) -> bool:
        return self.measured_bytes < SMOKE_BYTES


def load_records() -> list[dict[str, Any]]:
    return json.loads(TRUTH_FILE.read_text()) if TRUTH_FILE.is_file() else []


def scenario_for(r: dict[str, Any]) -> tuple[Any, Layout]:
    m, w, p = r["model"], r["workload"], r["parallel"]
    model = {k: m[k] for k in ("layers", "hidden", "heads", "kv_heads", "ffn_hidden", "vocab", "tied_embeddings")}
    model.update(head_dim=m["head_dim"], name=m["name"])
    method = w["method"]
    wl: dict[str, Any] = {
        "method": method,
        "seq_len": w["seq_len"],
        "micro_batch": w["micro_batch"],
        "tokens": 1e9,
        "precision": w["precision"],
        "optimizer": w["optimizer"],
        "optimizer_impl": w.get("optimizer_impl") or "fused",
        "recompute": w["recompute"],
        "framework": r["framework"],
        "chunked_loss": bool(w.get("chunked_loss")),
        "optimizer_in_backward": bool(w.get("optimizer_in_backward")),
        "compile": bool(w.get("compile")),
    }
    if w.get("recompute_every"):
        wl["recompute_every"] = w["recompute_every"]
    if method in ("lora", "qlora"):
        wl.update(lora_rank=w["lora_rank"], lora_targets=list(w["lora_targets"]))
        if w.get("lora_dropout"):
            wl["lora_dropout"] = w["lora_dropout"]
    world = p.get("world_size") or 1
    tp, pp = p.get("tp") or 1, p.get("pp") or 1
    zero = 3 if (p.get("fsdp_shard") or 1) > 1 else 0
    doc = {
        "schema": 1,
        "name": r["id"],
        "model": model,
        "workload": wl,
        "hardware": {"gpu": "h100-sxm-80gb", "gpu_count": world, "gpus_per_node": 8},
        "parallel": {"tp": tp, "pp": pp, "cp": 1, "zero": zero},
    }
    layout = Layout(
        tp=tp,
        pp=pp,
        cp=1,
        dp=world // (tp * pp),
        zero=zero,
        micro_batch=w["micro_batch"],
        recompute=w["recompute"],
        sequence_parallel=tp > 1,
    )
    return parse_scenario(doc), layout


def compare(r: dict[str, Any]) -> TruthComparison:
    s, layout = scenario_for(r)
    est = memory_for(s.model, s.workload, layout, 1e15, s.hardware.gpu_count, solve_limits=False)
    return TruthComparison(r["id"], r["framework"], float(r["peak_bytes"]["total"]), est.total, r["phase_of_peak"], est)


def comparisons() -> list[TruthComparison]:
    return [compare(r) for r in load_records() if not r.get("error")]


def table(rows: list[TruthComparison]) -> str:
    lines = [f"{'configuration':64s} {'measured':>9s} {'estimate':>9s} {'error':>7s}"]
    for c in rows:
        flag = " (smoke)" if c.smoke else ""
        measured, estimated = c.measured_bytes / GIB, c.estimated_bytes / GIB
        lines.append(f"{c.record_id:64s} {measured:9.2f} {estimated:9.2f} {100 * c.error:+6.1f}%{flag}")
    for fw in sorted({c.framework for c in rows}):
        errs = [abs(c.error) * 100 for c in rows if c.framework == fw and not c.smoke]
        if errs:
            lines.append(
                f"  {fw:12s} {len(errs):3d} configurations: median |error| {statistics.median(errs):4.1f}%, "
                f"max {max(errs):4.1f}%, within 5%: {sum(e <= 5 for e in errs)}"
            )
    skipped = [r for r in load_records() if r.get("error")]
    for r in skipped:
        lines.append(f"{r['id']:64s} did not run: {str(r['error']).splitlines()[0][:90]}")
    return "\n".join(lines)
