"""The serving plan (issue 21, spec §4.1 inference targets): for each candidate GPU type the smallest deployment —
GPU count × tensor parallel degree, as replicas of one tp group — that meets `target_output_tokens_per_second` and
the `ttft_slo_ms` / `tpot_slo_ms` latency targets, its cost per million output tokens for each cloud tier and for
owning by utilization (the training TCO model of core/cost.py), and a throughput–latency curve per GPU type.
Sources: docs/estimation_serving.md.

Search: a replica is tp GPUs of one node (tp in 1, 2, 4, 8 up to the node's size); only where no single node
holds the model, pipeline stages of a full node each (pp = 2, 4, 8 across nodes: decode pays the stage
hand-offs every step, so PP is no choice where TP in a node suffices). For each shape the concurrency per
replica is the largest batch whose TPOT and TTFT meet the SLOs (TPOT grows with the batch, spec §4.3), capped by
what the KV cache holds; replicas = ceil(target / output tokens/s of one replica). The smallest GPU count wins,
ties to the higher throughput per GPU.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .serving import ServingEstimate, estimate_serving
from .serving_engines import MODERN, EngineProfile

if TYPE_CHECKING:
    from .catalog import Catalog
    from .cost import CostEstimate
    from .scenario import Scenario

TP_DEGREES = (1, 2, 4, 8)
PP_DEGREES = (2, 4, 8)  # pipeline stages of a full node each, for models no single node holds
UTILIZATIONS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
# Concurrencies of the throughput–latency curve (per replica), up to what the KV cache holds.
CURVE_BATCHES = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096)
MAX_REPLICAS = 1_000_000  # a target beyond this many replicas is reported as not met


@dataclass(frozen=True)
class CurvePoint:
    batch_per_replica: int
    output_tokens_per_second: float  # one replica
    tpot_seconds: float
    ttft_seconds: float


@dataclass(frozen=True)
class TradeoffCurve:
    """Output tokens/s of one replica against time per output token as the concurrency grows (the serving
    trade-off curve), for one GPU type at the tp the plan chose for it."""

    gpu: str
    tp: int
    pp: int
    points: tuple[CurvePoint, ...]


@dataclass(frozen=True)
class UtilizationCost:
    utilization: float
    owned_per_million_output_tokens: float | None
    reserved_1y_per_million_output_tokens: float | None
    reserved_3y_per_million_output_tokens: float | None


@dataclass(frozen=True)
class Deployment:
    gpu: str
    gpu_count: int
    tp: int
    pp: int
    replicas: int
    batch_per_replica: int
    output_tokens_per_second: float  # whole deployment at batch_per_replica sequences per replica
    ttft_seconds: float
    tpot_seconds: float
    requests_per_second: float
    meets_targets: bool
    reason: str  # why it is the answer, or what cannot be met
    # cost per million output tokens in the scenario's currency, the deployment busy whenever it is paid for
    on_demand_per_million_output_tokens: float | None
    spot_per_million_output_tokens: float | None
    reserved_1y_per_million_output_tokens: float | None  # at the scenario's utilization (paid every hour)
    reserved_3y_per_million_output_tokens: float | None
    owned_per_million_output_tokens: float | None  # owning_usd_per_gpu_hour at the scenario's utilization
    by_utilization: tuple[UtilizationCost, ...]


@dataclass(frozen=True)
class ServingPlan:
    target_output_tokens_per_second: float | None
    ttft_slo_ms: float | None
    tpot_slo_ms: float | None
    deployments: tuple[Deployment, ...]  # the smallest per candidate GPU type that fits one replica
    recommendation: Deployment | None  # the cheapest one meeting every target (fewest GPUs when no prices)
    curves: tuple[TradeoffCurve, ...]
    unfit: tuple[str, ...]  # candidate GPU types on which no replica fits (up to 8 pipeline stages of a node)
    reason: str = ""  # why there is no plan at all ("" when there is one)


@dataclass(frozen=True)
class _Replica:
    tp: int
    pp: int = 1

    @property
    def gpus(self) -> int:
        return self.tp * self.pp


def _with(s: Scenario, gpu_id: str, r: _Replica, batch: int | str | None = None, replicas: int = 1) -> Scenario:
    node = s.hardware.node if gpu_id == s.hardware.gpu else None
    hw = replace(s.hardware, gpu=gpu_id, gpu_count=r.gpus * replicas, node=node)
    w = s.workload if batch is None else replace(s.workload, batch=batch)
    return replace(s, hardware=hw, parallel=replace(s.parallel, tp=r.tp, pp=r.pp), workload=w)


def serving_for(
    s: Scenario,
    catalog: Catalog,
    gpu_id: str | None = None,
    *,
    engine: EngineProfile = MODERN,
    cost: CostEstimate | None = None,
) -> ServingEstimate:
    """core/serving.py for the scenario's deployment as given (gpu, gpu_count, tp, pp), with an engine profile."""
    from .engine import given_layout, resolve_target
    from .training_time import hardware_rates

    target = resolve_target(s, catalog, gpu_id)
    layout = given_layout(s, target)
    rates = hardware_rates(
        target.gpu,
        target.node,
        target.gpus_per_node,
        "bf16-mixed",
        intra_node_gbytes_per_s=s.hardware.intra_node_gbytes_per_s,
        inter_node_gbits_per_s=s.hardware.inter_node_gbits_per_s,
    )
    return estimate_serving(s.model, s.workload, layout, target.gpu, rates, target.gpu_count, cost, engine)


def _meets(sv: ServingEstimate, ttft_s: float | None, tpot_s: float | None) -> bool:
    if sv.tpot_seconds is None or sv.ttft_seconds is None:
        return False
    return (tpot_s is None or sv.tpot_seconds <= tpot_s) and (ttft_s is None or sv.ttft_seconds <= ttft_s)


def _largest_batch(
    s: Scenario, catalog: Catalog, gpu_id: str, r: _Replica, engine: EngineProfile
) -> tuple[ServingEstimate | None, int]:
    """The replica at the largest concurrency meeting the SLOs (bisection: TPOT and TTFT grow with the batch),
    and the KV cache's maximum concurrency (0: one sequence does not fit)."""
    w = s.workload
    ttft_s = None if w.ttft_slo_ms is None else w.ttft_slo_ms / 1e3
    tpot_s = None if w.tpot_slo_ms is None else w.tpot_slo_ms / 1e3
    top = serving_for(_with(s, gpu_id, r, "max"), catalog, engine=engine)
    cap = top.batch_per_replica if top.fits else 0
    if cap < 1:
        return None, 0
    if w.batch != "max":  # a given concurrency is the ceiling the user asked for
        cap = min(cap, int(w.batch))
    best = serving_for(_with(s, gpu_id, r, cap), catalog, engine=engine)
    if _meets(best, ttft_s, tpot_s):
        return best, cap
    lo, hi = 0, cap  # lo meets (0 = none yet), hi does not
    lo_sv: ServingEstimate | None = None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        sv = serving_for(_with(s, gpu_id, r, mid), catalog, engine=engine)
        if _meets(sv, ttft_s, tpot_s):
            lo, lo_sv = mid, sv
        else:
            hi = mid
    return lo_sv, cap


def _prices(s: Scenario, catalog: Catalog, gpu_id: str, gpu_count: int):  # type: ignore[no-untyped-def]
    from .cost import estimate_cost
    from .cost_inputs import resolve_cost_inputs
    from .engine import resolve_target

    target = resolve_target(replace(s, hardware=replace(s.hardware, gpu=gpu_id, gpu_count=gpu_count)), catalog, gpu_id)
    inputs = resolve_cost_inputs(
        s.cost, catalog, gpu_id, gpu_count=gpu_count, gpus_per_node=target.gpus_per_node, node_id=target.node.id
    )
    return inputs, estimate_cost


def _per_million(price_per_gpu_hour: float | None, gpu_count: int, tokens_per_second: float) -> float | None:
    """Spec §4.3: price per GPU-hour × gpu_count / (output tokens/s × 3600) × 1e6."""
    if price_per_gpu_hour is None or tokens_per_second <= 0:
        return None
    return price_per_gpu_hour * gpu_count / (tokens_per_second * 3600.0) * 1e6


def _costed(s: Scenario, catalog: Catalog, gpu_id: str, gpu_count: int, tokens_per_second: float) -> dict[str, object]:
    """The cost fields of a Deployment. Cloud on demand and spot are paid per used hour, so their cost per token
    does not depend on utilization (spot loses spot_lost_fraction of its hours, spec §4.3.1); reserved tiers and
    owning are paid for every hour, so a token costs price / u."""
    inputs, estimate_cost = _prices(s, catalog, gpu_id, gpu_count)
    rate, u = inputs.rate, inputs.utilization

    def money(v: float | None) -> float | None:
        return None if v is None else v * rate

    spot = inputs.spot_usd_per_gpu_hour
    spot = None if spot is None else spot / (1.0 - inputs.spot_lost_fraction)

    def reserved(price: float | None, util: float) -> float | None:
        return None if price is None or util <= 0 else _per_million(money(price), gpu_count, tokens_per_second * util)

    def owned(util: float) -> float | None:
        est = estimate_cost(replace(inputs, utilization=util), tokens_per_second=None, gpu_hours=None, detail=False)
        return _per_million(est.owning_usd_per_gpu_hour, gpu_count, tokens_per_second)

    curve = tuple(
        UtilizationCost(
            utilization=x,
            owned_per_million_output_tokens=owned(x),
            reserved_1y_per_million_output_tokens=reserved(inputs.reserved_1y_usd_per_gpu_hour, x),
            reserved_3y_per_million_output_tokens=reserved(inputs.reserved_3y_usd_per_gpu_hour, x),
        )
        for x in UTILIZATIONS
    )
    return {
        "on_demand_per_million_output_tokens": _per_million(
            money(inputs.cloud_usd_per_gpu_hour), gpu_count, tokens_per_second
        ),
        "spot_per_million_output_tokens": _per_million(money(spot), gpu_count, tokens_per_second),
        "reserved_1y_per_million_output_tokens": reserved(inputs.reserved_1y_usd_per_gpu_hour, u),
        "reserved_3y_per_million_output_tokens": reserved(inputs.reserved_3y_usd_per_gpu_hour, u),
        "owned_per_million_output_tokens": owned(u),
        "by_utilization": curve,
    }


def _deployment(
    s: Scenario, catalog: Catalog, gpu_id: str, r: _Replica, sv: ServingEstimate, replicas: int, meets: bool, why: str
) -> Deployment:
    per_replica = sv.output_tokens_per_second or 0.0
    total = per_replica * replicas
    o_len = float(s.workload.output_len or 1)
    return Deployment(
        gpu=gpu_id,
        gpu_count=r.gpus * replicas,
        tp=r.tp,
        pp=r.pp,
        replicas=replicas,
        batch_per_replica=sv.batch_per_replica,
        output_tokens_per_second=total,
        ttft_seconds=sv.ttft_seconds or 0.0,
        tpot_seconds=sv.tpot_seconds or 0.0,
        requests_per_second=total / o_len,
        meets_targets=meets,
        reason=why,
        **_costed(s, catalog, gpu_id, r.gpus * replicas, total),  # type: ignore[arg-type]
    )


def _curve(s: Scenario, catalog: Catalog, gpu_id: str, r: _Replica, cap: int, engine: EngineProfile) -> TradeoffCurve:
    batches = sorted({b for b in CURVE_BATCHES if b <= cap} | {cap})
    points = []
    for b in batches:
        sv = serving_for(_with(s, gpu_id, r, b), catalog, engine=engine)
        if sv.output_tokens_per_second is None or sv.tpot_seconds is None or sv.ttft_seconds is None:
            continue
        points.append(CurvePoint(b, sv.output_tokens_per_second, sv.tpot_seconds, sv.ttft_seconds))
    return TradeoffCurve(gpu=gpu_id, tp=r.tp, pp=r.pp, points=tuple(points))


def _shapes(s: Scenario, per_node: int) -> list[_Replica]:
    """tp within one node (dividing the heads); where the model needs more than a node, a full node of tp per
    pipeline stage, stages across nodes (pp = 2, 4, 8), tried only after every single-node shape."""
    tps = [t for t in TP_DEGREES if t <= per_node and (t == 1 or s.model.heads % t == 0)]
    deepest = max(tps)
    return [_Replica(t) for t in tps] + [_Replica(deepest, pp) for pp in PP_DEGREES if pp <= s.model.layers]


def _for_gpu(
    s: Scenario, catalog: Catalog, gpu_id: str, engine: EngineProfile
) -> tuple[Deployment | None, TradeoffCurve | None]:
    from .engine import resolve_target

    w = s.workload
    per_node = resolve_target(_with(s, gpu_id, _Replica(1)), catalog, gpu_id).gpus_per_node
    target = w.target_output_tokens_per_second
    options: list[tuple[int, float, _Replica, ServingEstimate, int, int]] = []
    fallback: tuple[_Replica, ServingEstimate, int] | None = None  # the fastest replica that fits, SLOs missed
    for r in _shapes(s, per_node):
        if r.pp > 1 and (options or fallback):  # pipeline stages only where no single node holds the model
            break
        sv, cap = _largest_batch(s, catalog, gpu_id, r, engine)
        if cap < 1:
            continue
        if sv is None or not sv.output_tokens_per_second:
            one = serving_for(_with(s, gpu_id, r, 1), catalog, engine=engine)
            if fallback is None or (one.tpot_seconds or math.inf) < (fallback[1].tpot_seconds or math.inf):
                fallback = (r, one, cap)
            continue
        replicas = 1 if target is None else math.ceil(target / sv.output_tokens_per_second)
        if replicas > MAX_REPLICAS:
            continue
        options.append((r.gpus * replicas, r.gpus / sv.output_tokens_per_second, r, sv, replicas, cap))
        if target is None:  # no throughput target: the smallest replica meeting the SLOs
            break
    if options:
        options.sort(key=lambda o: (o[0], o[1]))
        _, _, r, sv, replicas, cap = options[0]
        dep = _deployment(s, catalog, gpu_id, r, sv, replicas, True, _why(s, sv, replicas, r))
        return dep, _curve(s, catalog, gpu_id, r, cap, engine)
    if fallback is not None:
        r, one, cap = fallback
        why = "no concurrency meets the latency targets; fastest replica shown (one sequence)"
        return _deployment(s, catalog, gpu_id, r, one, 1, False, why), _curve(s, catalog, gpu_id, r, cap, engine)
    return None, None


def _why(s: Scenario, sv: ServingEstimate, replicas: int, r: _Replica) -> str:
    w = s.workload
    shape = f"tp={r.tp}" + (f" × pp={r.pp}" if r.pp > 1 else "")
    parts = [f"{replicas} replica{'s' if replicas > 1 else ''} of {shape} at {sv.batch_per_replica} sequences each"]
    if w.target_output_tokens_per_second is not None:
        parts.append(f"for {w.target_output_tokens_per_second:,.0f} output tokens/s")
    slos = [
        f"TTFT ≤ {w.ttft_slo_ms:g} ms" if w.ttft_slo_ms is not None else "",
        f"TPOT ≤ {w.tpot_slo_ms:g} ms" if w.tpot_slo_ms is not None else "",
    ]
    if any(slos):
        parts.append("within " + " and ".join(x for x in slos if x))
    return " ".join(parts)


def plan_serving(s: Scenario, catalog: Catalog, *, engine: EngineProfile = MODERN) -> ServingPlan:
    """The serving plan over the scenario's candidate GPU types (hardware.candidates, else hardware.gpu)."""
    w = s.workload
    if w.input_len is None or w.output_len is None:
        why = "throughput and latency need workload.input_len and workload.output_len"
        return ServingPlan(w.target_output_tokens_per_second, w.ttft_slo_ms, w.tpot_slo_ms, (), None, (), (), why)
    deployments, curves, unfit = [], [], []
    for gpu_id in s.hardware.compared_gpus:
        dep, curve = _for_gpu(s, catalog, gpu_id, engine)
        if dep is None:
            unfit.append(gpu_id)
            continue
        deployments.append(dep)
        if curve is not None:
            curves.append(curve)
    meeting = [d for d in deployments if d.meets_targets]

    def rank(d: Deployment) -> tuple[float, int]:
        price = d.on_demand_per_million_output_tokens
        return (price if price is not None else math.inf, d.gpu_count)

    return ServingPlan(
        target_output_tokens_per_second=w.target_output_tokens_per_second,
        ttft_slo_ms=w.ttft_slo_ms,
        tpot_slo_ms=w.tpot_slo_ms,
        deployments=tuple(deployments),
        recommendation=min(meeting, key=rank) if meeting else None,
        curves=tuple(curves),
        unfit=tuple(unfit),
    )


def _finite(v: float | None) -> float | None:
    return None if v is None or not math.isfinite(v) else float(v)


def deployment_dict(d: Deployment) -> dict[str, object]:
    """One deployment as JSON values (non-finite numbers become null, spec §4)."""
    doc: dict[str, object] = {
        "gpu": d.gpu,
        "gpu_count": d.gpu_count,
        "tp": d.tp,
        "pp": d.pp,
        "replicas": d.replicas,
        "batch_per_replica": d.batch_per_replica,
        "output_tokens_per_second": _finite(d.output_tokens_per_second),
        "ttft_seconds": _finite(d.ttft_seconds),
        "tpot_seconds": _finite(d.tpot_seconds),
        "requests_per_second": _finite(d.requests_per_second),
        "meets_targets": d.meets_targets,
        "reason": d.reason,
        "cost_per_million_output_tokens": {
            "cloud_on_demand": _finite(d.on_demand_per_million_output_tokens),
            "cloud_spot": _finite(d.spot_per_million_output_tokens),
            "cloud_reserved_1y": _finite(d.reserved_1y_per_million_output_tokens),
            "cloud_reserved_3y": _finite(d.reserved_3y_per_million_output_tokens),
            "owned": _finite(d.owned_per_million_output_tokens),
        },
        "by_utilization": [
            {
                "utilization": x.utilization,
                "owned": _finite(x.owned_per_million_output_tokens),
                "cloud_reserved_1y": _finite(x.reserved_1y_per_million_output_tokens),
                "cloud_reserved_3y": _finite(x.reserved_3y_per_million_output_tokens),
            }
            for x in d.by_utilization
        ],
    }
    return doc


def serving_plan_dict(p: ServingPlan) -> dict[str, object]:
    """The `serving_plan` block of `plan --json` for inference scenarios (issue 21)."""
    return {
        "targets": {
            "output_tokens_per_second": p.target_output_tokens_per_second,
            "ttft_slo_ms": p.ttft_slo_ms,
            "tpot_slo_ms": p.tpot_slo_ms,
        },
        "deployments": [deployment_dict(d) for d in p.deployments],
        "recommendation": None if p.recommendation is None else deployment_dict(p.recommendation),
        "unfit": list(p.unfit),
        "reason": p.reason or None,
        "tradeoff_curves": [
            {
                "gpu": c.gpu,
                "tp": c.tp,
                "pp": c.pp,
                "points": [
                    {
                        "batch_per_replica": x.batch_per_replica,
                        "output_tokens_per_second": _finite(x.output_tokens_per_second),
                        "tpot_seconds": _finite(x.tpot_seconds),
                        "ttft_seconds": _finite(x.ttft_seconds),
                    }
                    for x in c.points
                ],
            }
            for c in p.curves
        ],
    }
