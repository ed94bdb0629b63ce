"""One estimate for one GPU type: the scenario resolved against the catalog, then memory, time, goodput,
cluster and cost. The desktop app, the CLI and the workbook all call this; nothing is computed twice."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from .bands import bands_for
from .catalog import Catalog, GpuSpec, NodeType
from .cluster import estimate_cluster
from .cost import CostEstimate, estimate_cost
from .cost_inputs import resolve_cost_inputs
from .memory import memory_for, trainable_params
from .planner import CountMemo, best_layout  # planner imports engine only inside functions: no import cycle
from .results import Estimate, Layout, MemoryBreakdown, ModelCounts
from .scenario import Scenario
from .training_time import estimate_time, link_notes


@dataclass(frozen=True)
class Target:
    """The hardware one estimate runs on."""

    gpu: GpuSpec
    node: NodeType
    gpu_count: int
    gpus_per_node: int


def check_catalog_ids(s: Scenario, catalog: Catalog, *, file: str | None = None) -> None:
    """Every catalog id the scenario names exists; else InputError naming the scenario file and the key."""
    from .catalog import CatalogError
    from .errors import InputError

    checks: list[tuple[str, str, Callable[[str], object]]] = [("hardware.gpu", s.hardware.gpu, catalog.gpu)]
    checks += [("hardware.candidates", c, catalog.gpu) for c in s.hardware.candidates]
    if s.hardware.node:
        checks.append(("hardware.node", s.hardware.node, catalog.node))
    if s.cost.site:
        checks.append(("cost.site", s.cost.site, catalog.site))
    for key, value, lookup in checks:
        try:
            lookup(value)
        except CatalogError as err:
            raise InputError(err.detail, file=file, key=key) from None
    # An fp8 recipe the GPU's tensor cores cannot run, refused when the file is read (estimate refuses it too)
    for gid in dict.fromkeys((s.hardware.gpu, *s.hardware.candidates)):
        gpu = catalog.gpu(gid)
        problem = recipe_problem(s, gpu)
        if problem is not None:
            on = "" if gid == s.hardware.gpu else f" (candidate {gid})"
            raise InputError(f"{problem}; {gid} is {gpu.architecture}{on}", file=file, key="workload.fp8_recipe")
    # Cost keys that only the catalog can contradict (cost.node_idle_power_kw above a node type's training
    # draw): refused here, naming the file, not in the middle of an estimate.
    from .cost_inputs import resolve_cost_inputs

    for gid in dict.fromkeys((s.hardware.gpu, *s.hardware.candidates)):
        try:
            t = resolve_target(s, catalog, gid)
        except CatalogError:
            continue  # no node type for this GPU: the estimate says so
        try:
            resolve_cost_inputs(
                s.cost, catalog, t.gpu.id, gpu_count=t.gpu_count, gpus_per_node=t.gpus_per_node, node_id=t.node.id
            )
        except InputError as err:
            on = "" if gid == s.hardware.gpu else f" (candidate {gid})"
            raise InputError(err.detail + on, file=file, key=err.key) from None


def recipe_problem(s: Scenario, gpu: GpuSpec) -> str | None:
    """Why this GPU cannot run the scenario's fp8 recipe (MXFP8 below data-center Blackwell: TE's
    `check_mxfp8_support`), or None."""
    from .fp8_kernels import block_scaled_fp8
    from .framework import BLACKWELL_RECIPES, fp8_recipe_of

    recipe = fp8_recipe_of(s.workload.fp8_recipe, s.workload.framework)
    if s.workload.precision != "fp8-mixed" or recipe not in BLACKWELL_RECIPES or block_scaled_fp8(gpu.architecture):
        return None
    # the same words for every GPU that cannot (a Plan's rows name the GPU); a file's check adds which one
    return f'"{recipe}" runs on data-center Blackwell GPUs only (B200, B300, GB200: compute capability 10.x)'


def load_checked(path: str, catalog: Catalog | None = None) -> tuple[Scenario, Catalog]:
    """Read a scenario file and check its catalog ids against the (shipped + user) catalog."""
    from .catalog import load_catalog
    from .scenario_io import read_scenario

    scenario = read_scenario(path)
    catalog = catalog or load_catalog()
    check_catalog_ids(scenario, catalog, file=str(path))
    return scenario, catalog


def resolve_target(s: Scenario, catalog: Catalog, gpu_id: str | None = None) -> Target:
    gid = gpu_id or s.hardware.gpu
    gpu = catalog.gpu(gid)
    if s.hardware.node and gid == s.hardware.gpu:
        node = catalog.node(s.hardware.node)
    else:
        node = catalog.default_node(gid)
    per_node = s.hardware.gpus_per_node or node.gpus_per_node or 8
    return Target(gpu=gpu, node=node, gpu_count=s.hardware.gpu_count, gpus_per_node=per_node)


def given_layout(s: Scenario, target: Target) -> Layout:
    """The layout with absent keys at their plain defaults (1, ZeRO 0, micro-batch 1, selective recompute)."""
    p, w = s.parallel, s.workload
    tp, pp, cp, ep = p.tp or 1, p.pp or 1, p.cp or 1, p.ep or 1
    dp = max(1, target.gpu_count // (tp * pp * cp))
    sp = p.sequence_parallel if p.sequence_parallel is not None else tp > 1
    return Layout(
        tp=tp,
        pp=pp,
        cp=cp,
        ep=ep,
        dp=dp,
        zero=p.zero or 0,
        micro_batch=w.micro_batch or 1,
        recompute=w.recompute or "selective",
        vpp=p.vpp,
        sequence_parallel=sp,
    )


def choose_layout(s: Scenario, target: Target, memo: CountMemo | None = None) -> Layout:
    """The planner's best layout where the scenario leaves keys out; the given one otherwise."""
    return best_layout(s, target, memo) or given_layout(s, target)


def model_counts(s: Scenario) -> ModelCounts:
    m, w = s.model, s.workload
    return ModelCounts(params=m.params, active_params=m.active_params, trainable_params=trainable_params(m, w))


def estimate(
    s: Scenario, catalog: Catalog, gpu_id: str | None = None, *, limits: bool = True, memo: CountMemo | None = None
) -> Estimate:
    """`limits=False` skips the largest micro-batch and sequence length that fit and the cost's sensitivity views
    (tornado, utilization curve): a sweep row shows neither. `memo` (one Plan's, for this GPU type) reuses the
    layouts and sweep-row estimates already computed at a GPU count (planner.CountMemo)."""
    target = resolve_target(s, catalog, gpu_id)
    problem = recipe_problem(s, target.gpu)
    if problem is not None:  # the app's edits and every candidate of a Plan, not only a file that is read
        from .errors import InputError

        raise InputError(problem, key="workload.fp8_recipe")
    if memo is not None and not limits and target.gpu_count in memo.estimates:
        return memo.estimates[target.gpu_count]
    e = _estimate(s, catalog, target, limits=limits, memo=memo)
    if memo is not None and not limits:
        memo.estimates[target.gpu_count] = e
    return e


def _estimate(s: Scenario, catalog: Catalog, target: Target, *, limits: bool, memo: CountMemo | None) -> Estimate:
    layout = choose_layout(s, target, memo)
    capacity = float(target.gpu.memory_bytes)
    shared = memo.shared if memo is not None else None
    # a Plan solved its candidates' limits together (plan.py, MemoryMemo.solve_limits): the same numbers
    found = (
        shared.limits(s.model, s.workload, layout, capacity, target.gpu_count)
        if shared is not None and limits
        else None
    )
    if shared is not None and (not limits or found is not None):
        memory = shared.breakdown(s.model, s.workload, layout, capacity, target.gpu_count)
        if found is not None:
            memory = dataclasses.replace(memory, max_micro_batch=found[0], max_seq_len=found[1])
    else:
        memory = memory_for(s.model, s.workload, layout, capacity, target.gpu_count, solve_limits=limits)
    time = goodput = None
    if s.workload.is_training:
        time, goodput = estimate_time(s, target, layout, memory, catalog)
    cluster = estimate_cluster(s, target, layout, memory, catalog)
    inputs = resolve_cost_inputs(
        s.cost,
        catalog,
        target.gpu.id,
        gpu_count=target.gpu_count,
        gpus_per_node=target.gpus_per_node,
        node_id=target.node.id,
        # cloud extras (spec §4.3.1): the storage held, and the trained checkpoint taken out once
        storage_bytes=cluster.storage_bytes,
        egress_bytes=goodput.checkpoint_bytes if goodput is not None else 0.0,
    )
    cost = estimate_cost(
        inputs,
        tokens_per_second=time.tokens_per_second if time else None,
        gpu_hours=time.gpu_hours if time else None,
        detail=limits,  # a sweep row shows neither the limits nor the sensitivity views
    )
    serving = None
    if s.workload.method == "inference":
        serving, memory = _serving(s, target, layout, memory, cost, limits=limits)
    bands = bands_for(
        s, memory, time, cost, layout=layout, gpu_count=target.gpu_count, gpus_per_node=target.gpus_per_node
    )
    return Estimate(
        scenario_name=s.name,
        gpu=target.gpu.id,
        currency=s.cost.currency,
        model=model_counts(s),
        layout=layout,
        memory=memory,
        time=time,
        goodput=goodput,
        cluster=cluster,
        cost=cost,
        bands=bands,
        serving=serving,
        notes=link_notes(s, target, layout),
    )


def _serving(s: Scenario, target: Target, layout: Layout, memory: MemoryBreakdown, cost: CostEstimate, *, limits: bool):
    """The serving block (core/serving.py); with batch = "max" the memory breakdown holds that many sequences."""
    from dataclasses import replace

    from .serving import estimate_serving, server_memory
    from .training_time import hardware_rates

    rates = hardware_rates(
        target.gpu,
        target.node,
        target.gpus_per_node,
        "bf16-mixed",
        intra_node_gbytes_per_s=s.hardware.intra_node_gbytes_per_s,
        inter_node_gbits_per_s=s.hardware.inter_node_gbits_per_s,
    )
    serving = estimate_serving(s.model, s.workload, layout, target.gpu, rates, target.gpu_count, cost)
    if s.workload.batch == "max" and serving.batch_per_replica >= 1:
        w = replace(s.workload, batch=serving.batch_per_replica)
        memory = memory_for(s.model, w, layout, float(target.gpu.memory_bytes), target.gpu_count, solve_limits=limits)
        memory = server_memory(s.model, w, layout, memory, serving.batch_per_replica)
    return serving, memory
