"""The §4.3 JSON document, made from the engine's typed results at the edge."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .cost import SPEC_FIELDS
from .results import Estimate

if TYPE_CHECKING:
    from .plan import Plan

# spec §4.3 `cost`: the contract fields plus the owning figures of §4.3.1
COST_FIELDS = (*SPEC_FIELDS, "onprem_tco_discounted", "owning_usd_per_gpu_hour", "onprem_lease_tco")
# spec §4.3 `bands`: the 80% interval of each figure (core/bands.py)
BAND_FIELDS = (
    "memory_total",
    "memory_reserved",
    "tokens_per_second",
    "wall_seconds",
    "gpu_hours",
    "job_cloud_on_demand",
)
SERVING_FIELDS = (
    "kv_cache_tokens",
    "max_concurrent_sequences",
    "output_tokens_per_second",
    "ttft_seconds",
    "tpot_seconds",
    "requests_per_second",
    "cost_per_million_output_tokens",
    "cost_per_million_output_tokens_owned",
)


def _num(v: Any) -> Any:
    if v is None:
        return None
    if isinstance(v, float) and not math.isfinite(v):
        return None
    return v


def _int(v: Any) -> int | None:
    return None if v is None else int(round(v))


def _bands(e: Estimate) -> dict[str, Any]:
    """Spec §4.3 `bands`: [low, high] of each figure's 80% interval (core/bands.py); null where not known."""
    doc: dict[str, Any] = dict.fromkeys(BAND_FIELDS)
    if e.bands is None:
        return doc
    for name in BAND_FIELDS:
        b = getattr(e.bands, name)
        if b is not None and math.isfinite(b.low) and math.isfinite(b.high):
            whole = name.startswith("memory")  # bytes, as the memory block
            doc[name] = [_int(b.low), _int(b.high)] if whole else [b.low, b.high]
    return doc


def _parallel(e: Estimate) -> dict[str, Any]:
    lay = e.layout
    training = e.time is not None or e.model.trainable_params > 0
    return {
        "tp": lay.tp,
        "pp": lay.pp,
        "cp": lay.cp,
        "ep": lay.ep,
        "dp": lay.dp,
        "zero": lay.zero if training else None,
        "micro_batch": lay.micro_batch if training else None,
        "recompute": lay.recompute if training else None,
    }


def estimate_document(e: Estimate, scenario_label: str) -> dict[str, Any]:
    mem, t, g, c = e.memory, e.time, e.goodput, e.cluster
    memory: dict[str, Any] = dict.fromkeys(
        (
            "weights",
            "gradients",
            "optimizer",
            "activations",
            "kv_cache",
            "total",
            "reserved",
            "unified",
            "overhead",
            "capacity",
            "headroom",
            "fits",
            "max_micro_batch",
            "max_seq_len",
            "fit_probability",
        )
    )
    if mem is not None:
        memory.update(
            weights=_int(mem.weights),
            gradients=_int(mem.gradients),
            optimizer=_int(mem.optimizer),
            activations=_int(mem.activations),
            kv_cache=_int(mem.kv_cache),
            total=_int(mem.total),
            reserved=_int(mem.reserved),
            unified=_int(mem.unified),
            overhead=_int(mem.overhead),
            capacity=_int(mem.capacity),
            headroom=_int(mem.headroom),
            fits=bool(mem.fits),
            max_micro_batch=mem.max_micro_batch,
            max_seq_len=mem.max_seq_len,
            fit_probability=None if e.bands is None else _num(e.bands.fit_probability),
        )
    time = dict.fromkeys(("model_flops", "mfu", "tokens_per_second", "step_seconds", "wall_seconds", "gpu_hours"))
    if t is not None:
        time.update(
            model_flops=_num(t.model_flops),
            mfu=_num(t.mfu),
            tokens_per_second=_num(t.tokens_per_second),
            step_seconds=_num(t.step_seconds),
            wall_seconds=_num(t.wall_seconds),
            gpu_hours=_num(t.gpu_hours),
        )
    goodput = dict.fromkeys(("checkpoint_bytes", "checkpoint_interval_seconds", "lost_fraction"))
    if g is not None:
        goodput.update(
            checkpoint_bytes=_int(g.checkpoint_bytes),
            checkpoint_interval_seconds=_num(g.checkpoint_interval_seconds),
            lost_fraction=_num(g.lost_fraction),
        )
    cluster = dict.fromkeys(("nodes", "racks", "facility_kw", "storage_bytes"))
    if c is not None:
        cluster.update(
            nodes=c.nodes, racks=c.racks, facility_kw=_num(c.facility_kw), storage_bytes=_int(c.storage_bytes)
        )
    cost: dict[str, Any] = dict.fromkeys(COST_FIELDS)
    cost["missing"] = {}  # figure -> why it is null ("missing: node_price_usd (…)"), issue #16 item 6
    if e.cost is not None:
        cost.update({k: _num(getattr(e.cost, k, None)) for k in COST_FIELDS})
        cost["missing"] = {u.figure: u.reason for u in e.cost.unknown if u.figure in COST_FIELDS}
    doc: dict[str, Any] = {
        "scenario": scenario_label,
        "gpu": e.gpu,
        "currency": e.currency,
        "model": {
            "params": e.model.params,
            "active_params": e.model.active_params,
            "trainable_params": e.model.trainable_params,
        },
        "parallel": _parallel(e),
        "memory": memory,
        "time": time,
        "goodput": goodput,
        "cluster": cluster,
        "cost": cost,
        "bands": _bands(e),
        "serving": _serving(e),
    }
    if e.notes:  # only when an assumption was made: the §4.3 keys stay as they are, this one is added
        doc["notes"] = [
            {"text": n.text, "link": n.link, "subject": n.subject, "assumed": n.assumed, "key": n.key} for n in e.notes
        ]
    return doc


def _serving(e: Estimate) -> dict[str, Any] | None:
    """Spec §4.3 `serving`: null unless method = "inference"; a figure that cannot be known is null."""
    sv = e.serving
    if sv is None:
        return None
    doc = {k: _num(getattr(sv, k)) for k in SERVING_FIELDS}
    doc.update(kv_cache_tokens=sv.kv_cache_tokens, max_concurrent_sequences=sv.max_concurrent_sequences)
    return doc


def plan_document(p: Plan) -> dict[str, Any]:
    """`plan --json` (spec §4.3): candidates at their best layout, sweep, deadline, Pareto set, recommendation."""
    from .plan import sweep_row_dict

    def row(r: Any) -> dict[str, Any]:
        return {k: _num(v) for k, v in sweep_row_dict(r).items()}

    rec = p.recommendation
    return {
        "scenario": p.scenario.name,
        "currency": p.currency,
        "candidates": [estimate_document(c.estimate, p.scenario.name) for c in p.candidates if c.estimate],
        "sweep": [row(r) for r in p.sweep],
        "deadline": {
            gpu: (
                None
                if d.gpu_count is None
                else {
                    "gpu_count": d.gpu_count,
                    "wall_seconds": _num(d.wall_seconds),
                    "job_cloud_on_demand": _num(d.job_cloud_on_demand),
                    "onprem_tco": _num(d.onprem_tco),
                }
            )
            for gpu, d in p.deadline.items()
        },
        "pareto": [row(r) for r in p.pareto],
        "recommendation": {"gpu": rec.gpu, "gpu_count": rec.gpu_count, "reason": rec.reason},
    }
