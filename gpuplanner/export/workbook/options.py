"""The compared GPUs ("options"): one engine estimate per GPU, its cost inputs and catalog rows, and where its
key cells land in the workbook."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.catalog import Catalog, CloudOffer, GpuSpec, NodeType
from ...core.cost_inputs import CostInputs, resolve_cost_inputs
from ...core.engine import estimate, resolve_target
from ...core.plan import Plan
from ...core.results import Estimate
from ...core.scenario import Scenario
from .layout import COST_ROWS, FORCED_SHARED

OFFER_TIERS = ("on_demand", "reserved_1y", "reserved_3y", "spot")


@dataclass
class Option:
    """One compared GPU: the engine's estimate and where its rows and cells are in the workbook."""

    k: int
    gpu: GpuSpec
    node: NodeType
    est: Estimate
    inputs: CostInputs
    main: bool
    offers: dict[str, CloudOffer | None]
    cells: dict[str, str] = field(default_factory=dict)  # calc key -> absolute sheet reference

    @property
    def label(self) -> str:
        return f"{self.k}. {self.gpu.name}"

    def known(self, key: str) -> bool:
        return getattr(self.inputs, key, None) is not None


def gather_options(s: Scenario, cat: Catalog, plan: Plan | None = None) -> list[Option]:
    """The main GPU first, then each compared GPU once, in scenario order; with a Plan, its estimates."""
    ids = [s.hardware.gpu] + [g for g in s.hardware.compared_gpus if g != s.hardware.gpu]
    seen: list[str] = []
    for gid in ids:
        if gid not in seen:
            seen.append(gid)
    return [_option(s, cat, k, gid, plan) for k, gid in enumerate(seen, start=1)]


def _option(s: Scenario, cat: Catalog, k: int, gid: str, plan: Plan | None) -> Option:
    known = plan.candidate(gid) if plan is not None else None
    est = known.estimate if known is not None and known.estimate is not None else estimate(s, cat, gid)
    target = resolve_target(s, cat, gid)
    inputs = getattr(est.cost, "inputs", None)
    if inputs is None:
        inputs = resolve_cost_inputs(
            s.cost,
            cat,
            gid,
            gpu_count=target.gpu_count,
            gpus_per_node=target.gpus_per_node,
            node_id=target.node.id,
        )
    offers = {tier: cat.default_offer(gid, tier) for tier in OFFER_TIERS}
    return Option(k=k, gpu=target.gpu, node=target.node, est=est, inputs=inputs, main=k == 1, offers=offers)


def shared_keys(options: list[Option]) -> set[str]:
    """Cost inputs written once for all options: the forced ones and those equal in every option."""
    shared = set()
    for row in COST_ROWS:
        values = {repr(getattr(o.inputs, row.key)) for o in options}
        if row.key in FORCED_SHARED or len(values) == 1:
            shared.add(row.key)
    return shared


def layout_text(e: Estimate) -> str:
    lay = e.layout
    return (
        f"tp={lay.tp} pp={lay.pp} cp={lay.cp} ep={lay.ep} dp={lay.dp} zero={lay.zero} "
        f"micro_batch={lay.micro_batch} recompute={lay.recompute}"
    )


def div(v: float | None, d: float | None) -> float | None:
    """v / d, or None when either is unknown or d is 0 (an empty cell, not #DIV/0!)."""
    if v is None or d in (None, 0):
        return None
    return v / d  # type: ignore[operator]
