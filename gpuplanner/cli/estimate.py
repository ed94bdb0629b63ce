"""`gpuplanner estimate SCENARIO [--json] [--gpu ID]` (spec §4.2, §4.3): memory, time and cost on one GPU type."""

from __future__ import annotations

import argparse
import json
import math
import re
from dataclasses import dataclass
from typing import Any

from ..core.errors import InputError
from .args import EXIT_OK, Subparsers, add_command


def register(subparsers: Subparsers) -> None:
    cmd = add_command(subparsers, "estimate", help="memory, time and cost of a scenario on one GPU type")
    cmd.add_argument("scenario", help="a .gpuplan.toml file")
    cmd.add_argument("--json", action="store_true", help="print the spec §4.3 JSON document")
    cmd.add_argument("--gpu", help="catalog GPU id to use instead of hardware.gpu")
    cmd.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..core.catalog import CatalogError
    from ..core.engine import estimate, load_checked
    from ..core.plan import headroom_band
    from ..core.report import estimate_document

    scenario, catalog = load_checked(args.scenario)
    if args.gpu:
        try:
            catalog.gpu(args.gpu)
        except CatalogError as err:
            raise InputError(err.detail, key="--gpu") from None
    result = estimate(scenario, catalog, args.gpu)
    doc = estimate_document(result, scenario.name)
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        gpu = catalog.gpu(doc["gpu"])
        planned = catalog.gpu(scenario.hardware.gpu)
        hardware = Hardware(scenario.hardware.gpu_count, gpu.name, gpu.id, planned.name, planned.id)
        print(
            human(
                doc,
                framework_line(scenario, result),
                headroom=headroom_band(result),
                hardware=hardware,
                cost_basis=cost_basis(scenario),
            )
        )
    return EXIT_OK


@dataclass(frozen=True)
class Hardware:
    """The GPUs an estimate ran on and the scenario's own GPU, by catalog display name and id."""

    gpu_count: int
    gpu_name: str
    gpu_id: str
    scenario_gpu_name: str
    scenario_gpu_id: str

    @property
    def overridden(self) -> bool:
        return self.gpu_id != self.scenario_gpu_id


def cost_basis(scenario: Any) -> str:
    """What the cloud figure covers: the horizon at the utilization (spec §4.3.1 `cloud_on_demand`)."""
    c = scenario.cost
    years = "year" if c.horizon_years == 1 else "years"
    return f"{c.horizon_years:g} {years} at {100 * c.utilization:g}% utilization"


def headline(name: str, hw: Hardware | None) -> str:
    """The scenario's name; with --gpu naming another GPU, which GPU the numbers are for instead."""
    if hw is None or not hw.overridden:
        return name
    return f"{name}: estimated on {hw.gpu_count:,} × {hw.gpu_name} instead of the scenario's {hw.scenario_gpu_name}"


def framework_line(scenario: Any, result: Any) -> str | None:
    """Which framework behaviour the memory estimate assumed, and when its peak falls."""
    from ..core.framework import profile

    if not scenario.workload.is_training:
        return None
    fw = profile(scenario.workload.framework)
    phase = result.memory.peak_phase if result.memory is not None else ""
    return f"  framework    {fw.label}: {fw.summary}" + (f"; peak at {phase}" if phase else "")


def _range(doc: dict[str, Any], name: str, unit: float, fmt: str) -> str:
    """The text " (80%: lo–hi)" from the document's `bands` (spec §4.3), or nothing where there is no band."""
    b = (doc.get("bands") or {}).get(name)
    if not b or None in b:
        return ""
    return f" (80%: {b[0] / unit:{fmt}}–{b[1] / unit:{fmt}})"


def _verdict(word: str) -> str:
    return "DOES NOT FIT" if word == "does not fit" else word


def _headroom_range(band: Any) -> str:
    if band is None:
        return ""
    gib = 2**30
    return f", 80%: {band.low / gib:.1f}–{band.high / gib:.1f}"


def _chance(p: float | None) -> str:
    # rounded down: 89.6% must not read "90%" next to "probably fits" (the word changes at 0.9)
    return "" if p is None else f", fit probability {math.floor(100 * p)}%"


def _layout(p: dict[str, Any]) -> str:
    # inference has no ZeRO stage, micro-batch or recompute (null in the JSON): the line leaves them out
    keys = ("tp", "pp", "cp", "ep", "dp", "zero", "micro_batch", "recompute")
    return " ".join(f"{k}={p[k]}" for k in keys if p.get(k) is not None)


def human(
    doc: dict[str, Any],
    framework: str | None = None,
    *,
    headroom: Any = None,
    hardware: Hardware | None = None,
    cost_basis: str | None = None,
) -> str:
    """``headroom``: the headroom's 80% band (core.plan.headroom_band), shown after the headroom; ``hardware``:
    the GPUs by display name (headline and hardware line); ``cost_basis``: what the cloud figure covers."""
    from ..core.plan import fit_word

    gib = 2**30
    m, t, p = doc["memory"], doc["time"], doc["parallel"]
    lines = [headline(doc["scenario"], hardware)]
    if hardware is not None:
        lines.append(f"  hardware     {hardware.gpu_count:,} × {hardware.gpu_name} ({hardware.gpu_id})")
    lines += [
        f"  model        {doc['model']['params'] / 1e9:.2f}B parameters "
        f"({doc['model']['trainable_params'] / 1e9:.3g}B trainable)",
        f"  layout       {_layout(p)}",
    ]
    if framework:
        lines.append(framework)
    if m["total"] is not None:
        lines.append(
            f"  memory/GPU   {m['total'] / gib:.1f} GiB peak{_range(doc, 'memory_total', gib, '.1f')} + "
            f"{m['overhead'] / gib:.1f} GiB overhead of "
            f"{m['capacity'] / gib:.1f} GiB -> {_verdict(fit_word(m.get('fit_probability'), m['fits']))} "
            f"(headroom {m['headroom'] / gib:.1f} GiB{_headroom_range(headroom)})" + _chance(m.get("fit_probability"))
        )
        if m.get("reserved") is not None:
            unified = f", unified (paged) {m['unified'] / gib:.1f} GiB" if m.get("unified") else ""
            lines.append(
                f"               allocated peak {m['total'] / gib:.1f} GiB, reserved by PyTorch "
                f"{m['reserved'] / gib:.1f} GiB, as nvidia-smi shows {(m['total'] + m['overhead']) / gib:.1f} GiB"
                + unified
            )
        lines.append(
            f"               weights {m['weights'] / gib:.1f}, gradients {m['gradients'] / gib:.1f}, "
            f"optimizer {m['optimizer'] / gib:.1f}, activations {m['activations'] / gib:.1f}, "
            f"KV cache {m['kv_cache'] / gib:.1f} GiB"
        )
    if t.get("wall_seconds") is not None:
        lines.append(
            f"  time         {t['wall_seconds'] / 86400:.1f} days wall clock"
            f"{_range(doc, 'wall_seconds', 86400, '.1f')}, "
            f"{t['gpu_hours']:,.0f} GPU-hours{_range(doc, 'gpu_hours', 1, ',.0f')}, "
            f"{t['tokens_per_second']:,.0f} tokens/s{_range(doc, 'tokens_per_second', 1, ',.0f')}, "
            f"MFU {100 * t['mfu']:.1f}%"
        )
    sv = doc.get("serving")
    if sv:
        lines.append(_serving_line(sv, doc["currency"]))
    cost = cost_line(doc, cost_basis)
    if cost:
        lines.append(cost)
    # the link speeds the engine had to assume (Estimate.notes): the figures above rest on them
    lines += [f"  note         {n['text']}" for n in doc.get("notes", ())]
    return "\n".join(lines)


# the figures of the cost line, in the order shown (spec §4.3.1)
_COST_FIGURES = (
    ("cloud_on_demand", "cloud on-demand"),
    ("onprem_tco", "on-prem TCO"),
    ("job_cloud_on_demand", "job at on-demand prices"),
)
_MISSING_INPUT = re.compile(r"(\w+) \(([^()]*)\)")


def _why_missing(reason: str) -> str:
    """A `cost.missing` reason ("missing: a (why a); b (why b)") shortened to the first input with its why and
    the names of the others."""
    found = _MISSING_INPUT.findall(reason)
    if not found:
        return reason.removeprefix("missing: ")
    (first, why), others = found[0], [name for name, _ in found[1:]]
    rest = (
        ""
        if not others
        else (f" and {others[0]}" if len(others) == 1 else f", {', '.join(others[:-1])} and {others[-1]}")
    )
    return f"missing {first} ({why}){rest}"


def cost_line(doc: dict[str, Any], basis: str | None = None) -> str | None:
    """Every known figure of the line, then each unknown one with why it is unknown (the JSON's `cost.missing`):
    one line, or None when the document has no cost figure and no reason."""
    c, cur = doc["cost"], doc["currency"]
    missing = c.get("missing") or {}
    known, unknown = [], []
    for key, label in _COST_FIGURES:
        if key == "job_cloud_on_demand" and doc.get("serving"):
            continue  # a deployment serves; it runs no job (its cost per million tokens is on the serving line)
        value = c.get(key)
        if value is not None:
            text = f"{label} {value:,.0f} {cur}"
            if key == "cloud_on_demand" and basis:
                text += f" ({basis})"
            if key == "job_cloud_on_demand":
                text += _range(doc, key, 1, ",.0f")
            known.append(text)
        elif key in missing:
            unknown.append((label, _why_missing(missing[key])))
    if not known and not unknown:
        return None
    # the same reason for several figures is said once
    reasons: dict[str, list[str]] = {}
    for label, why in unknown:
        reasons.setdefault(why, []).append(label)
    said = [f"{' and '.join(labels)} not known: {why}" for why, labels in reasons.items()]
    return "  cost         " + "; ".join(known + said)


def _serving_line(sv: dict[str, Any], currency: str) -> str:
    """KV-cache capacity, then (with input_len and output_len) throughput, latency and cost per million tokens."""
    line = f"  serving      KV cache {sv['kv_cache_tokens']:,} tokens = {sv['max_concurrent_sequences']:,} sequences"
    if sv.get("output_tokens_per_second") is None:
        return line + "; give workload.input_len and output_len for throughput and latency"
    line += (
        f"; {sv['output_tokens_per_second']:,.0f} output tokens/s, {sv['requests_per_second']:,.2f} requests/s, "
        f"TTFT {sv['ttft_seconds'] * 1e3:,.0f} ms, TPOT {sv['tpot_seconds'] * 1e3:,.1f} ms"
    )
    if sv.get("cost_per_million_output_tokens") is not None:
        line += f", {sv['cost_per_million_output_tokens']:,.2f} {currency} per million output tokens on demand"
    if sv.get("cost_per_million_output_tokens_owned") is not None:
        line += f" ({sv['cost_per_million_output_tokens_owned']:,.2f} owned)"
    return line
