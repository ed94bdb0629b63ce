"""The verdict: the Plan's recommendation (``core.plan``) in one plain sentence in the user's language, and the
change a button can apply (the deadline answer's GPU count, or a change that makes the workload fit).

Nothing is decided here: the sentence is written from ``Recommendation``'s fields (kind, GPU, count,
shortfall), the Plan's deadline answer and the candidates' estimates; the fit changes come from
``core.fit_advice`` through the worker.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.naming import gpu_short_name
from gpuplanner.core.plan import FIT_SURE_PROBABILITY as FIT_SURE
from gpuplanner.core.plan import headroom_band
from gpuplanner.core.results import Estimate
from gpuplanner.core.scenario import Scenario

from . import formatting as fmt
from .resultset import CandidateResult, ResultSet


def tr(text: str) -> str:
    return QCoreApplication.translate("Recommendation", text)


def change_text(kind: str, value: int | None = None) -> str:
    """A fit change (core.fit_advice kinds) as the verdict and its button name it."""
    names = {
        "recompute-auto": tr("recompute chosen by the planner"),
        "layout-auto": tr("automatic layout"),
        "recompute-full": tr("full recompute"),
        "zero-3": tr("ZeRO-3"),
        "micro-batch-1": tr("micro-batch 1"),
        "chunked-loss": tr("chunked loss"),
        "optimizer-8bit": tr("8-bit AdamW"),
        "offload-optimizer": tr("optimizer states on the CPU"),
        "all-savers": tr("full recompute, chunked loss and 8-bit AdamW together"),
    }
    if kind == "more-gpus":
        return tr("{0} GPUs").format(fmt.count(value))
    return names.get(kind, kind)


def fit_phrase(e: Estimate) -> str:
    """The phrase "probably fits, 4.9 GiB free per GPU (80%: 2.1–7.0 GiB)": the fit word from the fit
    probability, the headroom and its 80% band (issue #19)."""
    mem = e.memory
    if mem is None:
        return fmt.DASH
    word = fmt.fit_word(e.bands.fit_probability if e.bands else None, mem.fits)
    band = fmt.in_parentheses(fmt.gib_range(headroom_band(e)))
    if mem.headroom >= 0:
        return tr("{0}, {1} free per GPU{2}").format(word, fmt.gib(mem.headroom), band)
    return tr("{0}, {1} short per GPU{2}").format(word, fmt.gib(-mem.headroom), band)


def rent_or_buy(c: CandidateResult, rs: ResultSet) -> str:
    cost = c.estimate.cost if c.estimate else None
    u_star = getattr(cost, "breakeven_utilization", None)
    tco = getattr(cost, "onprem_tco", None)
    od = getattr(cost, "cloud_on_demand", None)
    if cost is None or tco is None or od is None:
        return ""
    u, cur, years = rs.scenario.cost.utilization, rs.currency, rs.scenario.cost.horizon_years
    tco_text, od_text = fmt.money_short_pair(tco, od, cur)
    if tco < od:
        return tr("; at {0} utilization owning ({1}) beats renting on demand ({2}) over {3:g} years").format(
            fmt.percent(u), tco_text, od_text, years
        ) + (tr(", break-even {0}").format(fmt.percent(u_star)) if u_star is not None else "")
    return tr("; at {0} utilization renting on demand ({1}) is cheaper than owning ({2}) over {3:g} years").format(
        fmt.percent(u), od_text, tco_text, years
    ) + (tr(" (owning wins above {0})").format(fmt.percent(u_star)) if u_star is not None else "")


def _name(rs: ResultSet, gpu: str | None) -> str:
    c = rs.candidate(gpu) if gpu else None
    return c.gpu_name if c is not None else (gpu or fmt.DASH)


def _deadline_text(rs: ResultSet) -> str:
    rec = rs.recommendation
    d = rs.deadline(rec.gpu) if rec.gpu else None
    days = rs.scenario.workload.deadline_days or 0.0
    cost = d.job_cloud_on_demand if d is not None else None
    row = next((r for r in rs.plan.sweep_for(rec.gpu or "") if r.gpu_count == rec.gpu_count), None)
    wall = d.wall_seconds if d else None
    price = tr(", {0} at on-demand prices").format(fmt.money_short(cost, rs.currency)) if cost is not None else ""
    if row is not None and cost is not None:
        price += fmt.in_parentheses(fmt.money_range(row.job_cloud_on_demand_band, rs.currency))
    wall_range = fmt.days_range(row.wall_seconds_band if row else None, wall)
    shown = fmt.days(wall) + (", " + wall_range if wall_range else "")
    text = tr("Needs {0} × {1} for the {2:g}-day deadline ({3}{4})").format(
        fmt.count(rec.gpu_count), _name(rs, rec.gpu), days, shown, price
    )
    p = d.fit_probability if d is not None else None
    if p is not None and p < FIT_SURE:
        text += tr("; it {0} ({1} likely)").format(fmt.fit_word(p, True), fmt.probability(p))
    mine = rs.primary
    e = mine.estimate if mine is not None else None
    if e is not None and e.time is not None and e.time.wall_seconds is not None:
        n = rs.scenario.hardware.gpu_count
        where = (tr("on {0} GPU") if n == 1 else tr("on {0} GPUs")).format(fmt.count(n))
        state = "" if mine is None or mine.fits else tr(", and it does not fit")
        text += tr("; {0} it takes {1}{2}").format(where, fmt.days(e.time.wall_seconds), state)
    return text + "."


def _closest_text(rs: ResultSet) -> str:
    rec = rs.recommendation
    n = rs.scenario.hardware.gpu_count
    head = (
        tr("None of the candidate GPUs fits this workload on {0} GPU: {1} comes closest, {2} short per GPU.")
        if n == 1
        else tr("None of the candidate GPUs fits this workload on {0} GPUs: {1} comes closest, {2} short per GPU.")
    )
    text = head.format(fmt.count(n), _name(rs, rec.gpu), fmt.gib(rec.shortfall_bytes))
    if rs.advice:
        fixes = "; ".join(
            tr("{0} → {1} of {2}, fits").format(
                change_text(c.kind, c.value), fmt.gib(c.memory_bytes), fmt.gib(c.capacity_bytes)
            )
            for c in rs.advice
        )
        return text + " " + tr("It fits with: {0}.").format(fixes)
    return (
        text
        + " "
        + tr(
            "No single change tried (recompute, ZeRO-3, micro-batch 1, chunked loss, 8-bit AdamW, up to 256× the GPUs) "
            "makes it fit: use LoRA or QLoRA, a shorter sequence or a larger GPU."
        )
    )


def _none_text(rs: ResultSet) -> str:
    dl = rs.scenario.workload.deadline_days
    if rs.plan.deadline and dl is not None:
        why = "; ".join(f"{_name(rs, d.gpu)}: {d.reason}" for d in rs.plan.deadline.values() if d.reason)
        return tr("No candidate GPU meets the {0:g}-day deadline ({1}).").format(dl, why or fmt.DASH)
    # one reason once, however many GPUs give it
    errors = "; ".join(dict.fromkeys(c.error for c in rs.candidates if c.error))
    return tr("No estimate yet: {0}").format(errors or tr("no candidate GPU"))


def recommendation(rs: ResultSet | None) -> str:
    if rs is None:
        return tr("Estimating…")
    from .serving_text import lengths_hint, serving_sentence

    serving = serving_sentence(rs)  # inference: the serving plan's sizing answer (issue 21)
    if serving is not None:
        return serving
    return _plan_text(rs) + lengths_hint(rs)


def _plan_text(rs: ResultSet) -> str:
    rec = rs.recommendation
    if rec.kind == "deadline":
        return _deadline_text(rs)
    if rec.kind == "closest":
        return _closest_text(rs)
    best = rs.candidate(rec.gpu) if rec.gpu else None
    if rec.kind == "none" or best is None or best.estimate is None or best.estimate.memory is None:
        return _none_text(rs)
    e = best.estimate
    mem = e.memory
    assert mem is not None  # tested above, as best.estimate.memory (mypy does not carry that over to e)
    n = rec.gpu_count or rs.scenario.hardware.gpu_count
    b = e.bands
    if rec.kind == "cheapest" and e.time is not None and e.time.wall_seconds is not None:
        od = getattr(e.cost, "job_cloud_on_demand", None)
        cost_text = tr(", {0} at on-demand prices").format(fmt.money(od, rs.currency)) if od is not None else ""
        if od is not None and b is not None:
            cost_text += fmt.in_parentheses(fmt.money_range(b.job_cloud_on_demand, rs.currency))
        wall_range = fmt.days_range(b.wall_seconds if b else None, e.time.wall_seconds)
        text = tr("Use {0} × {1}: {2}; trains in {3}{4}, {5}{6}").format(
            fmt.count(n),
            best.gpu_name,
            fit_phrase(e),
            fmt.days(e.time.wall_seconds),
            fmt.in_parentheses(wall_range),
            fmt.gpu_hours(e.time.gpu_hours),
            cost_text,
        )
        return text + rent_or_buy(best, rs) + "." + _unsure(rs)
    extra = ""
    if not rs.scenario.workload.is_training and mem.max_micro_batch is not None:
        extra = tr(" (up to {0} concurrent sequences)").format(f"{mem.max_micro_batch:,}")
    return (
        tr("Use {0} × {1}: {2}{3}").format(fmt.count(n), best.gpu_name, fit_phrase(e), extra)
        + rent_or_buy(best, rs)
        + "."
        + _unsure(rs)
    )


def _unsure(rs: ResultSet) -> str:
    return " " + tr("No candidate fits more surely.") if rs.recommendation.unsure else ""


def suggested_change(rs: ResultSet | None) -> tuple[str, str, Scenario] | None:
    """(button text, undo text, the scenario to apply) for the verdict's button, or None."""
    if rs is None:
        return None
    rec, s = rs.recommendation, rs.scenario
    if rec.kind == "deadline" and rec.gpu is not None and rec.gpu_count is not None:
        if rec.gpu == s.hardware.gpu and rec.gpu_count == s.hardware.gpu_count:
            return None
        label = tr("Use {0} × {1}").format(fmt.count(rec.gpu_count), gpu_short_name(rec.gpu))
        new = replace(s, hardware=replace(s.hardware, gpu=rec.gpu, gpu_count=rec.gpu_count))
        return label, tr("Use the GPUs the deadline needs"), new
    if rec.kind == "closest" and rs.advice:
        c = rs.advice[0]
        return tr("Apply: {0}").format(change_text(c.kind, c.value)), tr("Apply a change that fits"), c.scenario
    return None
