"""`gpuplanner plan SCENARIO [--json] [--top K]` (spec §4.2, §4.3): what the Plan holds — each candidate at its
best layout, the GPU-count sweep, the deadline answer per GPU type, the cost-time Pareto set and the
recommendation — plus the ranked parallel layouts of the planned GPU (`search` in the JSON)."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from ..core.bands import Band
from ..core.engine import load_checked
from ..core.plan import Plan, fit_word, headroom_band, is_sure
from ..core.plan import plan as make_plan
from ..core.planner import PlanResult, RankedLayout, plan
from ..core.report import plan_document as spec_document
from ..core.results import Layout
from .args import EXIT_OK, Subparsers, add_command, positive_int

GIB = 2**30


def register(subparsers: Subparsers) -> None:
    cmd = add_command(
        subparsers,
        "plan",
        help="rank the parallel layouts that fit; with workload.deadline_days, the smallest GPU count per GPU type",
    )
    cmd.add_argument("scenario", help="a .gpuplan.toml file")
    cmd.add_argument("--json", action="store_true", help="print the result as JSON")
    cmd.add_argument("--top", type=positive_int, default=10, metavar="K", help="how many layouts to show (default 10)")
    cmd.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    scenario, catalog = load_checked(args.scenario)
    result = plan(scenario, catalog, top=args.top)
    the_plan = make_plan(scenario, catalog)
    if args.json:
        doc = spec_document(the_plan)
        doc["search"] = search_document(result)
        if scenario.workload.method == "inference":  # issue 21: the smallest deployment meeting the targets
            from ..core.serving_plan import plan_serving, serving_plan_dict

            doc["serving_plan"] = serving_plan_dict(plan_serving(scenario, catalog))
        print(json.dumps(doc, indent=2, allow_nan=False))
    else:
        print(human(result, the_plan))
    return EXIT_OK


# --- JSON ------------------------------------------------------------------------------------------------


def _num(v: float | None) -> float | None:
    return None if v is None or not math.isfinite(v) else float(v)


def _int(v: float | None) -> int | None:
    return None if v is None or not math.isfinite(v) else int(round(v))


def _parallel(lay: Layout) -> dict[str, Any]:
    return {
        "tp": lay.tp,
        "pp": lay.pp,
        "cp": lay.cp,
        "ep": lay.ep,
        "dp": lay.dp,
        "zero": lay.zero,
        "micro_batch": lay.micro_batch,
        "recompute": lay.recompute,
    }


def _layout_doc(r: RankedLayout) -> dict[str, Any]:
    m, t = r.memory, r.time
    return {
        "parallel": _parallel(r.layout),
        "memory": {
            "total": _int(m.total),
            "overhead": _int(m.overhead),
            "headroom": _int(m.headroom),
            "fits": bool(m.fits),
        },
        "time": {
            "tokens_per_second": _num(t.tokens_per_second),
            "step_seconds": _num(t.step_seconds),
            "mfu": _num(t.mfu),
            "wall_seconds": _num(t.wall_seconds),
        },
    }


def search_document(r: PlanResult) -> dict[str, Any]:
    """The ranked layouts of the planned GPU type at the scenario's count (beyond spec §4.3's keys)."""
    return {
        "gpu": r.gpu,
        "gpu_count": r.gpu_count,
        "searched": r.searched,
        "feasible": r.feasible,
        "reason": r.reason,
        "layouts": [_layout_doc(x) for x in r.layouts],
    }


# --- human-readable ----------------------------------------------------------------------------------------


def _fmt(v: float | None, spec: str) -> str:
    return "-" if v is None or not math.isfinite(v) else format(v, spec)


def _band(b: Band | None, unit: float, spec: str) -> str:
    return "" if b is None else f" (80%: {b.low / unit:{spec}}–{b.high / unit:{spec}})"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"


def _candidate_lines(p: Plan) -> list[str]:
    """Each candidate at the scenario's count: the fit word, headroom, wall clock and job cost with their 80%
    bands (issue #19)."""
    lines = [f"  candidates at {_plural(p.scenario.hardware.gpu_count, 'GPU')} (80% bands)"]
    for c in p.candidates:
        e = c.estimate
        if e is None or e.memory is None:
            lines.append(f"    {c.gpu:<18} no estimate: {c.error}")
            continue
        b = e.bands
        probability = b.fit_probability if b is not None else None
        text = (
            f"    {c.gpu:<18} {fit_word(probability, e.memory.fits):<14} headroom {e.memory.headroom / GIB:.1f} GiB"
            + _band(headroom_band(e), GIB, ".1f")
        )
        if e.time is not None and e.time.wall_seconds is not None:
            text += f", {e.time.wall_seconds / 86400:.1f} days" + _band(b.wall_seconds if b else None, 86400, ".1f")
        od = getattr(e.cost, "job_cloud_on_demand", None)
        if od is not None:
            text += f", job {od:,.0f} {p.currency}" + _band(b.job_cloud_on_demand if b else None, 1, ",.0f")
        lines.append(text)
        lines += [f"      note: {n.text}" for n in e.notes]  # a link speed this candidate's figures assumed
    return lines


# The memory columns, named as estimate's memory lines and the app's memory-figure names name them (spec §4.3
# `memory`): the allocated peak (`total`, estimate's lead figure) and what nvidia-smi shows (`total + overhead`,
# the figure that must stay within the capacity; headroom = capacity − it).
MEMORY_HEAD = f"{'peak GiB':>8} {'nvidia-smi GiB':>14} {'headroom':>8}"


def _memory_cells(x: RankedLayout) -> str:
    m = x.memory
    return f"{m.total / GIB:>8.1f} {(m.total + m.overhead) / GIB:>14.1f} {m.headroom / GIB:>8.1f}"


def _training_table(r: PlanResult) -> list[str]:
    lines = [
        f"  {'#':>3} {'tp':>3} {'pp':>3} {'cp':>3} {'ep':>3} {'dp':>5} {'zero':>4} {'mb':>3} "
        f"{'recompute':<12} {MEMORY_HEAD} {'tokens/s':>12} {'MFU':>6} {'step s':>8} {'days':>7}"
    ]
    for i, x in enumerate(r.layouts, 1):
        lay, t = x.layout, x.time
        mfu = "-" if t.mfu is None else f"{100 * t.mfu:.1f}%"
        days = None if t.wall_seconds is None else t.wall_seconds / 86400
        lines.append(
            f"  {i:>3} {lay.tp:>3} {lay.pp:>3} {lay.cp:>3} {lay.ep:>3} {lay.dp:>5} {lay.zero:>4} "
            f"{lay.micro_batch:>3} {lay.recompute:<12} {_memory_cells(x)} {_fmt(t.tokens_per_second, ',.0f'):>12} "
            f"{mfu:>6} {_fmt(t.step_seconds, '.2f'):>8} {_fmt(days, '.1f'):>7}"
        )
    return lines


def _serving_table(r: PlanResult) -> list[str]:
    """Inference: the layouts by memory only (no ZeRO, micro-batch, recompute or training time)."""
    lines = [f"  {'#':>3} {'tp':>3} {'pp':>3} {'cp':>3} {'ep':>3} {'dp':>5} {MEMORY_HEAD}"]
    for i, x in enumerate(r.layouts, 1):
        lay = x.layout
        lines.append(f"  {i:>3} {lay.tp:>3} {lay.pp:>3} {lay.cp:>3} {lay.ep:>3} {lay.dp:>5} {_memory_cells(x)}")
    return lines


def _serving_lines(p: Plan) -> list[str]:
    """Inference: each candidate's serving estimate (spec §4.3 `serving`) at the scenario's count and batch."""
    from ..core.report import estimate_document

    w, cur = p.scenario.workload, p.currency
    # batch = "max": as many sequences as the KV cache holds (the `sequences` column)
    batch = "as many sequences as the KV cache holds" if isinstance(w.batch, str) else _plural(w.batch, "sequence")
    lines = [
        f"  serving at {_plural(p.scenario.hardware.gpu_count, 'GPU')}, {batch} at once, at full load",
        f"    {'GPU':<18} {'KV tokens':>11} {'max seqs':>9} {'output tok/s':>12} {'TTFT ms':>8} {'TPOT ms':>8} "
        f"{cur + '/M tokens':>12} {'owned':>7}",
    ]
    hint = False
    for c in p.candidates:
        if c.estimate is None or c.estimate.memory is None:
            continue
        sv = estimate_document(c.estimate, p.scenario.name).get("serving")
        if not sv:
            continue
        hint = hint or sv.get("output_tokens_per_second") is None
        ttft = None if sv.get("ttft_seconds") is None else 1e3 * sv["ttft_seconds"]
        tpot = None if sv.get("tpot_seconds") is None else 1e3 * sv["tpot_seconds"]
        lines.append(
            f"    {c.gpu:<18} {sv['kv_cache_tokens']:>11,} {sv['max_concurrent_sequences']:>9,} "
            f"{_fmt(sv.get('output_tokens_per_second'), ',.0f'):>12} {_fmt(ttft, ',.0f'):>8} {_fmt(tpot, ',.1f'):>8} "
            f"{_fmt(sv.get('cost_per_million_output_tokens'), ',.2f'):>12} "
            f"{_fmt(sv.get('cost_per_million_output_tokens_owned'), ',.2f'):>7}"
        )
    if hint:
        lines.append("    give workload.input_len and output_len for throughput, latency and cost per million tokens")
    else:
        lines.append(f"    {cur}/M tokens: per million output tokens renting on demand; owned: on owned servers")
    return lines


def _gpu_name(p: Plan, gpu: str) -> str:
    c = p.candidate(gpu)
    return c.gpu_name if c is not None and c.gpu_name else gpu


def human(r: PlanResult, p: Plan) -> str:
    name, currency = p.scenario.name, p.currency
    inference = p.scenario.workload.method == "inference"
    lines = [
        f"{name}: {r.gpu_count:,} × {_gpu_name(p, r.gpu)} ({r.gpu})",
        f"  {_plural(r.searched, 'layout')} searched, {r.feasible:,} {'fits' if r.feasible == 1 else 'fit'}",
    ]
    if not r.layouts:
        lines.append(f"  nothing fits: {r.reason}")
    else:
        lines += _serving_table(r) if inference else _training_table(r)
    lines += _candidate_lines(p)
    if inference:
        lines += _serving_lines(p)
    days_given = p.scenario.workload.deadline_days
    if p.deadline and days_given is not None:
        lines.append(f"  deadline {days_given:g} days: smallest GPU count per GPU type")
        on_front = {(x.gpu, x.gpu_count) for x in p.pareto}
        for d in p.deadline.values():
            if d.gpu_count is None:
                lines.append(f"    {d.gpu:<18} not met: {d.reason}")
                continue
            cost = "-" if d.job_cloud_on_demand is None else f"{d.job_cloud_on_demand:,.0f} {currency}"
            mark = " (Pareto)" if (d.gpu, d.gpu_count) in on_front else ""
            shown = _fmt((d.wall_seconds or 0) / 86400, ".1f")
            chance = "" if is_sure(d.fit_probability) else f", {fit_word(d.fit_probability, True)}"
            lines.append(
                f"    {d.gpu:<18} {d.gpu_count:>7,} GPUs  {shown} days  job at on-demand prices {cost}{mark}{chance}"
            )
    lines.append(f"  recommendation: {p.recommendation.reason}")
    return "\n".join(lines)
