"""The recommendation, in one plain sentence, from the results."""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication

from . import formatting as fmt
from .resultset import CandidateResult, ResultSet


def tr(text: str) -> str:
    return QCoreApplication.translate("Recommendation", text)


def _job_cost(c: CandidateResult) -> float:
    v = getattr(c.estimate.cost, "job_cloud_on_demand", None) if c.estimate and c.estimate.cost else None
    return math.inf if v is None else v


def _wall(c: CandidateResult) -> float:
    t = c.estimate.time if c.estimate else None
    return math.inf if t is None or t.wall_seconds is None else t.wall_seconds


def choose(rs: ResultSet) -> CandidateResult | None:
    """The candidate to recommend: among those that fit, the cheapest job (then the fastest); without time,
    the planned GPU if it fits, else the one with the most headroom."""
    fits = [c for c in rs.candidates if c.fits]
    if not fits:
        return None
    if rs.has_time:
        return min(fits, key=lambda c: (_job_cost(c), _wall(c)))
    primary = rs.primary
    if primary is not None and primary.fits:
        return primary
    return max(fits, key=lambda c: c.estimate.memory.headroom)


def rent_or_buy(c: CandidateResult, rs: ResultSet) -> str:
    cost = c.estimate.cost if c.estimate else None
    u_star = getattr(cost, "breakeven_utilization", None)
    tco = getattr(cost, "onprem_tco", None)
    od = getattr(cost, "cloud_on_demand", None)
    if cost is None or tco is None or od is None:
        return ""
    u, cur, years = rs.scenario.cost.utilization, rs.currency, rs.scenario.cost.horizon_years
    if tco < od:
        return tr("; at {0} utilization owning ({1}) beats renting on demand ({2}) over {3:g} years").format(
            fmt.percent(u), fmt.money_short(tco, cur), fmt.money_short(od, cur), years
        ) + (tr(", break-even {0}").format(fmt.percent(u_star)) if u_star is not None else "")
    return tr("; at {0} utilization renting on demand ({1}) is cheaper than owning ({2}) over {3:g} years").format(
        fmt.percent(u), fmt.money_short(od, cur), fmt.money_short(tco, cur), years
    ) + (tr(" (owning wins above {0})").format(fmt.percent(u_star)) if u_star is not None else "")


def recommendation(rs: ResultSet | None) -> str:
    if rs is None:
        return tr("Estimating…")
    n = rs.scenario.hardware.gpu_count
    with_memory = [c for c in rs.candidates if c.estimate is not None and c.estimate.memory is not None]
    if not with_memory:
        errors = "; ".join(c.error or "" for c in rs.candidates if c.error)
        return tr("No estimate yet: {0}").format(errors or tr("no candidate GPU"))
    best = choose(rs)
    if best is None:
        closest = max(with_memory, key=lambda c: c.estimate.memory.headroom)
        return tr(
            "None of the candidate GPUs fits this workload on {0} GPUs: {1} comes closest but needs {2} more "
            "per GPU, so shard more (ZeRO-3, tensor or pipeline parallel), recompute activations, use LoRA or "
            "add GPUs."
        ).format(n, closest.gpu_name, fmt.gib(-closest.estimate.memory.headroom))
    e = best.estimate
    mem = e.memory
    if rs.has_time and e.time is not None and e.time.wall_seconds is not None:
        cost = _job_cost(best)
        cost_text = tr(", {0} at on-demand prices").format(fmt.money(cost, rs.currency)) if math.isfinite(cost) else ""
        text = tr("Use {0} × {1}: it fits with {2} free per GPU and trains in {3} ({4}{5})").format(
            n,
            best.gpu_name,
            fmt.gib(mem.headroom),
            fmt.days(e.time.wall_seconds),
            fmt.gpu_hours(e.time.gpu_hours),
            cost_text,
        )
        dl = rs.scenario.workload.deadline_days
        if dl is not None:
            need = rs.deadline_count(best.gpu_id)
            text += (
                tr("; {0} GPUs meet the {1:g}-day deadline").format(need, dl)
                if need is not None
                else tr("; no plotted GPU count meets the {0:g}-day deadline").format(dl)
            )
        return text + rent_or_buy(best, rs) + "."
    extra = ""
    if not rs.scenario.workload.is_training and mem.max_micro_batch is not None:
        extra = tr(" (up to {0} concurrent sequences)").format(f"{mem.max_micro_batch:,}")
    return (
        tr("Use {0} × {1}: it fits with {2} free per GPU{3}").format(n, best.gpu_name, fmt.gib(mem.headroom), extra)
        + rent_or_buy(best, rs)
        + "."
    )
