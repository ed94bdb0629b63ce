"""The formula and the inputs behind each number the results show (tooltips). Formulas follow spec §4.3
and §4.3.1; the memory terms come from the engine (``MemoryBreakdown.terms``)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.plan import headroom_band
from gpuplanner.core.results import Estimate

from . import formatting as fmt

COMPONENTS = ("weights", "gradients", "optimizer", "activations", "kv_cache")


def tr(text: str) -> str:
    return QCoreApplication.translate("Tooltips", text)


def component_label(name: str) -> str:
    return {
        "weights": tr("Weights"),
        "gradients": tr("Gradients"),
        "optimizer": tr("Optimizer states"),
        "activations": tr("Activations"),
        "kv_cache": tr("KV cache"),
        "overhead": tr("Runtime overhead"),
        "headroom": tr("Headroom"),
    }.get(name, name)


def band_note(band_text: str) -> str:
    """The line under a formula that gives its 80% band and where the band comes from."""
    return tr("{0} (the estimator's measured error, 80% band)").format(band_text) if band_text else ""


def memory_component(e: Estimate, name: str) -> str:
    mem = e.memory
    if mem is None:
        return fmt.DASH
    value = getattr(mem, name)
    term = next((t for t in mem.terms if t.label == name), None)
    lines = [f"{component_label(name)} = {fmt.gib(value, 2)} {tr('per GPU')}"]
    if term is not None:
        lines.append(f"= {term.formula}")
    if name == "overhead":
        lines.append(
            tr(
                "CUDA context + NCCL buffers + allocator reserve and fragmentation (on top of the allocated "
                "peak; allocated peak + overhead is what nvidia-smi shows)"
            )
        )
    lay = e.layout
    lines.append(
        tr("layout: tp={0} pp={1} cp={2} dp={3} ZeRO-{4}, micro-batch {5}, recompute {6}").format(
            lay.tp, lay.pp, lay.cp, lay.dp, lay.zero, lay.micro_batch, lay.recompute
        )
    )
    if mem.stages and len(mem.stages) > 1:
        lines.append(tr("worst pipeline stage shown (stage {0})").format(mem.stage))
    return "\n".join(lines)


def memory_total(e: Estimate) -> str:
    mem = e.memory
    if mem is None:
        return fmt.DASH
    from . import memory_figures as mf

    parts = " + ".join(fmt.gib(getattr(mem, c), 2) for c in COMPONENTS)
    lines = [
        tr("{0} per GPU = weights + gradients + optimizer + activations + KV cache\n= {1}\n= {2}").format(
            mf.label("allocated"), parts, fmt.gib(mem.total, 2)
        ),
        tr("({0})").format(mf.meaning("allocated")),
    ]
    if e.bands is not None and e.bands.memory_total is not None:
        lines.append(band_note(fmt.gib_range(e.bands.memory_total)))
    for fig in ("reserved", "smi"):
        lines.append(f"{mf.label(fig)}: {fmt.gib(mf.value(mem, fig), 2)} ({mf.meaning(fig)})")
    if mem.peak_phase:
        lines.append(tr("peak during: {0}").format(mem.peak_phase))
    if mem.unified:
        lines.append(tr("outside the allocator (CUDA unified memory): {0}").format(fmt.gib(mem.unified, 2)))
    return "\n".join(lines)


def headroom(e: Estimate) -> str:
    mem = e.memory
    if mem is None:
        return fmt.DASH
    from . import memory_figures as mf

    probability = e.bands.fit_probability if e.bands is not None else None
    verdict = fmt.fit_word(probability, mem.fits)
    text = tr("headroom = capacity − {0} − overhead\n= {1} − {2} − {3}\n= {4} → {5}").format(
        mf.label("allocated").lower(),
        fmt.gib(mem.capacity, 2),
        fmt.gib(mem.total, 2),
        fmt.gib(mem.overhead, 2),
        fmt.gib(mem.headroom, 2),
        verdict,
    )
    if probability is not None:
        text += "\n" + tr("fit probability {0}; headroom {1}").format(
            fmt.probability(probability), fmt.gib_range(headroom_band(e)) or fmt.DASH
        )
    if mem.max_micro_batch is not None or mem.max_seq_len is not None:
        text += "\n" + tr("largest micro-batch that fits: {0}; largest sequence length: {1}").format(
            fmt.count(mem.max_micro_batch), fmt.count(mem.max_seq_len)
        )
    return text


def wall_time(e: Estimate, training_tokens: float | None) -> str:
    t = e.time
    if t is None or t.wall_seconds is None:
        return tr("No time estimate for this method")
    lines = [
        tr("wall clock = tokens / tokens per second + expected losses (failures, checkpoints)"),
        f"= {fmt.tokens(training_tokens)} / {t.tokens_per_second:,.0f} tok/s",
    ]
    if e.goodput is not None:
        lines[-1] += f" + {fmt.days(e.goodput.lost_seconds)}"
    lines.append(f"= {fmt.days(t.wall_seconds)}")
    b = e.bands
    if b is not None and b.wall_seconds is not None:
        lines.append(band_note(fmt.days_range(b.wall_seconds, t.wall_seconds)))
    if b is not None and b.tokens_per_second is not None:
        lines.append(
            tr("throughput {0}").format(fmt.band_text(b.tokens_per_second, lambda v: f"{v:,.0f}")) + " " + tr("tok/s")
        )
    if t.mfu is not None:
        lines.append(tr("MFU {0}, step {1:.2f} s").format(fmt.percent(t.mfu, 1), t.step_seconds or 0.0))
    return "\n".join(lines)


def gpu_hours(e: Estimate, gpu_count: int) -> str:
    t = e.time
    if t is None or t.gpu_hours is None or t.wall_seconds is None:
        return fmt.DASH
    text = tr("GPU-hours = GPU count × wall seconds / 3600\n= {0} × {1:,.0f} s / 3600\n= {2}").format(
        gpu_count, t.wall_seconds, fmt.gpu_hours(t.gpu_hours)
    )
    if e.bands is not None and e.bands.gpu_hours is not None:
        text += "\n" + band_note(fmt.band_text(e.bands.gpu_hours, lambda v: f"{v:,.0f}"))
    return text


def _price(e: Estimate, key: str) -> str:
    inputs = getattr(e.cost, "inputs", None)
    if inputs is None:
        return fmt.DASH
    v = getattr(inputs, key, None)
    src = inputs.source(key)
    return f"{v:,.2f} USD ({src})" if v is not None else tr("not published ({0})").format(src)


def job_cost(e: Estimate) -> str:
    c, t = e.cost, e.time
    value = getattr(c, "job_cloud_on_demand", None)
    if c is None or t is None or t.gpu_hours is None:
        return fmt.DASH
    text = tr("job cost = GPU-hours × on-demand price per GPU-hour\n= {0:,.1f} × {1}\n= {2}").format(
        t.gpu_hours, _price(e, "cloud_usd_per_gpu_hour"), fmt.money(value, e.currency)
    )
    rate = getattr(c, "rate", 1.0)
    if rate != 1.0:
        text += "\n" + tr("× {0:,.0f} {1} per USD").format(rate, e.currency)
    if value is not None and e.bands is not None and e.bands.job_cloud_on_demand is not None:
        text += "\n" + band_note(fmt.money_range(e.bands.job_cloud_on_demand, e.currency))
    return text


def cloud_total(e: Estimate, tier: str) -> str:
    c = e.cost
    inputs = getattr(c, "inputs", None)
    if c is None or inputs is None:
        return fmt.DASH
    h = getattr(c, "hours", None)
    n, u = inputs.gpu_count, inputs.utilization
    if tier == "cloud_on_demand":
        formula = tr("GPUs × hours in horizon × utilization × on-demand price\n= {0} × {1:,.0f} × {2} × {3}")
        text = formula.format(n, h, fmt.percent(u), _price(e, "cloud_usd_per_gpu_hour"))
    elif tier in ("cloud_reserved_1y", "cloud_reserved_3y"):
        key = "reserved_1y_usd_per_gpu_hour" if tier.endswith("1y") else "reserved_3y_usd_per_gpu_hour"
        text = tr("GPUs × hours in horizon × reserved price (paid used or not)\n= {0} × {1:,.0f} × {2}").format(
            n, h, _price(e, key)
        )
    else:
        text = tr(
            "GPUs × hours × utilization × spot price / (1 − lost fraction)\n= {0} × {1:,.0f} × {2} × {3} / (1 − {4})"
        ).format(n, h, fmt.percent(u), _price(e, "spot_usd_per_gpu_hour"), fmt.percent(inputs.spot_lost_fraction))
    return text + f"\n= {fmt.money(getattr(c, tier, None), e.currency)}"


def onprem_tco(e: Estimate) -> str:
    c = e.cost
    if c is None or getattr(c, "inputs", None) is None:
        return fmt.DASH
    cur = e.currency
    parts = [
        getattr(c, k, None) for k in ("onprem_capex", "residual", "energy", "colocation", "support", "staff_software")
    ]
    text = tr("owning TCO = capex − residual + energy + colocation + support + (staff + software) × years")
    text += "\n= " + " − ".join([fmt.money(parts[0], cur), fmt.money(parts[1], cur)])
    text += " + " + " + ".join(fmt.money(p, cur) for p in parts[2:])
    text += f"\n= {fmt.money(getattr(c, 'onprem_tco', None), cur)}"
    if getattr(c, "onprem_tco", None) is None:
        from .cost_fields import unknown_reason, unknown_text

        # the engine names what is missing (core/cost_reasons.py); without a reason, the server price's source
        named = unknown_text(e, "onprem_tco")
        reason = unknown_reason(e, "onprem_tco")
        if named:
            text += "\n" + named + (f"\n({reason})" if reason else "")
        else:
            text += "\n" + tr("Server price: {0}").format(_price(e, "node_price_usd"))
    return text


def breakeven(e: Estimate) -> str:
    c = e.cost
    u = getattr(c, "breakeven_utilization", None)
    if c is None:
        return fmt.DASH
    text = tr(
        "break-even = the utilization where owning TCO equals cloud on-demand over the horizon\n"
        "(both linear in utilization: u* = TCO(0) / (on-demand slope − energy slope))"
    )
    if u is None:
        text += "\n" + tr("none in 0–100%: one of them is cheaper at every utilization, or a price is missing")
    else:
        text += f"\n= {fmt.percent(u, 1)}"
    return text


def per_million(e: Estimate) -> str:
    c = e.cost
    t = e.time
    v = getattr(c, "per_million_tokens", None)
    if c is None or t is None or t.tokens_per_second is None:
        return fmt.DASH
    return tr("cost per million tokens = owning TCO / (tokens/s × 3600 × hours × utilization) × 10⁶\n= {0}").format(
        fmt.money(v, e.currency) if v is None or v >= 1 else f"{fmt.CURRENCY_SYMBOL.get(e.currency, '')}{v:.4f}"
    )


def layout(e: Estimate) -> str:
    lay = e.layout
    return tr(
        "tensor {0} × pipeline {1} × context {2} × data {3} = {4} GPUs\nZeRO stage {5} (shards over "
        "dp × cp = {6}), expert parallel {7}\nmicro-batch {8}, recompute {9}"
    ).format(
        lay.tp, lay.pp, lay.cp, lay.dp, lay.gpus, lay.zero, lay.shard_degree, lay.ep, lay.micro_batch, lay.recompute
    )
