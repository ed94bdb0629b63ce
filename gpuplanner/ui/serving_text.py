"""The verdict for inference scenarios (issue 21): the serving plan's answer (``core.serving_plan``, the
``serving_plan`` block of ``gpuplanner plan --json``) in one sentence — "Serves 2,000 output tokens/s with
2 × (TP 4) H100: TTFT 180 ms, TPOT 21 ms, $0.42 per million output tokens on demand" — or why nothing meets the
targets. Nothing is computed here: every number is a field of the plan's ``Deployment``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.naming import gpu_short_name

from . import formatting as fmt

if TYPE_CHECKING:
    from gpuplanner.core.serving_plan import Deployment, ServingPlan

    from .resultset import ResultSet


def tr(text: str) -> str:
    return QCoreApplication.translate("Serving", text)


def ms(seconds: float | None) -> str:
    """A latency in milliseconds: ``180 ms``, ``21.4 ms`` (three significant digits below 100 ms)."""
    if seconds is None:
        return fmt.DASH
    v = seconds * 1e3
    return tr("{0} ms").format(f"{v:,.0f}" if v >= 100 else f"{v:.3g}")


def per_million(v: float | None, currency: str) -> str:
    """A price per million tokens: cents matter below 100 units (``$0.41``), else as the plots write money."""
    if v is None:
        return fmt.DASH
    sym = fmt.CURRENCY_SYMBOL.get(currency, "")
    if v < 100:
        text = f"{v:,.2f}"
        return f"{sym}{text}" if sym else f"{text} {currency}"
    return fmt.money_short(v, currency)


def tokens_per_second(v: float | None) -> str:
    return tr("{0} output tokens/s").format(fmt.count(v))


def shape(d: Deployment) -> str:
    """``TP 4`` or ``TP 8 × PP 2``: one replica's layout."""
    return tr("TP {0}").format(d.tp) + (tr(" × PP {0}").format(d.pp) if d.pp > 1 else "")


def gpu_name(rs: ResultSet, gpu: str) -> str:
    c = rs.candidate(gpu)
    return c.gpu_name if c is not None else gpu_short_name(gpu)


def deployment_text(rs: ResultSet, d: Deployment) -> str:
    """``2 × (TP 4) H100 SXM: TTFT 180 ms, TPOT 21 ms`` and the cost per million output tokens."""
    cur = rs.currency
    text = tr("{0} × ({1}) {2}").format(fmt.count(d.replicas), shape(d), gpu_name(rs, d.gpu))
    text += tr(" ({0} GPUs)").format(fmt.count(d.gpu_count)) if d.replicas > 1 else ""
    per = tr(": TTFT {0}, TPOT {1}, {2} sequence per replica") if d.batch_per_replica == 1 else None
    per = per or tr(": TTFT {0}, TPOT {1}, {2} sequences per replica")
    text += per.format(ms(d.ttft_seconds), ms(d.tpot_seconds), fmt.count(d.batch_per_replica))
    if d.on_demand_per_million_output_tokens is not None:
        text += tr(", {0} per million output tokens on demand").format(
            per_million(d.on_demand_per_million_output_tokens, cur)
        )
    if d.owned_per_million_output_tokens is not None:
        text += tr(", {0} owned at {1} utilization").format(
            per_million(d.owned_per_million_output_tokens, cur), fmt.percent(rs.scenario.cost.utilization)
        )
    return text


def targets_text(p: ServingPlan) -> str:
    parts = []
    if p.ttft_slo_ms is not None:
        parts.append(tr("TTFT ≤ {0}").format(ms(p.ttft_slo_ms / 1e3)))
    if p.tpot_slo_ms is not None:
        parts.append(tr("TPOT ≤ {0}").format(ms(p.tpot_slo_ms / 1e3)))
    return ", ".join(parts)


def serving_sentence(rs: ResultSet) -> str | None:
    """The verdict for an inference scenario with a serving plan; None for training (or no plan yet)."""
    if rs.scenario.workload.method != "inference":
        return None
    if rs.serving_error:
        return tr("No serving plan: {0}").format(rs.serving_error)
    p = rs.serving
    if p is None:
        return None
    if p.reason:  # the lengths are missing: the memory verdict stands, with what sizing needs
        return None
    rec = p.recommendation
    slos = targets_text(p)
    if rec is not None:
        served = p.target_output_tokens_per_second or rec.output_tokens_per_second
        head = tokens_per_second(served)
        if p.target_output_tokens_per_second is not None:
            head += tr(" (capacity {0})").format(fmt.count(rec.output_tokens_per_second))
        text = tr("Serves {0} with {1}.").format(head, deployment_text(rs, rec))
        others = [d for d in p.deployments if d is not rec and d.meets_targets]
        priced = [d for d in others if d.on_demand_per_million_output_tokens is not None]
        if priced:  # the runner-up, in short: the GPU type a buyer weighs against the recommendation
            nxt = min(priced, key=lambda d: d.on_demand_per_million_output_tokens or 0.0)
            text += " " + tr("Next: {0} × ({1}) {2} at {3} per million.").format(
                fmt.count(nxt.replicas),
                shape(nxt),
                gpu_name(rs, nxt.gpu),
                per_million(nxt.on_demand_per_million_output_tokens, rs.currency),
            )
        return text
    if not p.deployments:
        names = ", ".join(gpu_name(rs, g) for g in p.unfit) or fmt.DASH
        return tr("No candidate GPU holds one replica of the model (up to 8 pipeline stages of a node): {0}.").format(
            names
        )
    fastest = min(p.deployments, key=lambda d: d.tpot_seconds)
    target = p.target_output_tokens_per_second
    wanted = ", ".join(x for x in (tokens_per_second(target) if target is not None else "", slos) if x)
    return tr("No candidate GPU meets the targets ({0}): {1}. Fastest: {2}.").format(
        wanted or fmt.DASH, fastest.reason, deployment_text(rs, fastest)
    )


def lengths_hint(rs: ResultSet) -> str:
    """Appended to the memory verdict of an inference scenario without lengths."""
    p = rs.serving
    if rs.scenario.workload.method != "inference" or p is None or not p.reason:
        return ""
    return " " + tr("To size the servers for a load, give the prompt and generated lengths (step 2).")
