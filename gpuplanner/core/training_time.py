"""Time of the whole run for one layout: steady-state step time (throughput.py), then goodput losses."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from .flops import training_flops_per_token
from .fp8_kernels import fp8_gemm_relative
from .goodput import estimate_goodput
from .results import GoodputEstimate, Layout, LinkNote, MemoryBreakdown, TimeEstimate
from .scenario import Scenario
from .throughput import HardwareRates, step_times

if TYPE_CHECKING:
    from .catalog import Catalog, GpuSpec, NodeType
    from .engine import Target


# The link speeds assumed when neither the scenario nor the catalog gives one (one direction, per GPU, GB/s);
# an estimate whose layout runs over one says so (link_notes).
FALLBACK_INTRA_NODE_GB_PER_S = 16.0  # PCIe 3 x16 (≈16 GB/s): the slowest GPU-to-GPU path a server has
FALLBACK_INTER_NODE_GB_PER_S = 1.25  # 10 Gb/s Ethernet per GPU
INTRA_NODE_KEY = "hardware.intra_node_gbytes_per_s"
INTER_NODE_KEY = "hardware.inter_node_gbits_per_s"


def matmul_peak_tflops(gpu: GpuSpec, precision: str) -> float:
    """Dense peak for the precision's matmuls: fp8 for fp8-mixed, fp16 for fp16 styles, fp32 without TF32."""
    key = {"fp8-mixed": "fp8", "fp16-mixed": "fp16", "fp16-master": "fp16", "fp32": "fp32"}.get(precision, "bf16")
    return gpu.peak_tflops(key) or gpu.bf16_dense_tflops


def hardware_rates(
    gpu: GpuSpec,
    node: NodeType,
    gpus_per_node: int,
    precision: str,
    *,
    intra_node_gbytes_per_s: float | None = None,
    inter_node_gbits_per_s: float | None = None,
) -> HardwareRates:
    """Rates for the throughput model; the scenario's link speeds (one direction, per GPU) override the node's."""
    intra = intra_node_gbytes_per_s or gpu.intra_node_gb_per_s or FALLBACK_INTRA_NODE_GB_PER_S
    inter = (
        (inter_node_gbits_per_s / 8 if inter_node_gbits_per_s else None)
        or node.network_gb_per_s_per_gpu
        or FALLBACK_INTER_NODE_GB_PER_S
    )
    return HardwareRates(
        peak_flops=matmul_peak_tflops(gpu, precision) * 1e12,
        gemm_efficiency=gpu.gemm_efficiency,
        hbm_bytes_per_s=gpu.memory_bandwidth_gb_per_s * 1e9,
        intra_bytes_per_s=intra * 1e9,
        inter_bytes_per_s=inter * 1e9,
        gpus_per_node=gpus_per_node,
        # fp8 recipes keep attention in bf16 (attention_kernels.py)
        attention_peak_flops=matmul_peak_tflops(gpu, "bf16-master" if precision == "fp8-mixed" else precision) * 1e12,
        architecture=gpu.architecture,
        fp8_gemm_relative=fp8_gemm_relative(gpu.architecture) if precision == "fp8-mixed" else 1.0,
    )


def rates_for(s: Scenario, target: Target) -> HardwareRates:
    """The target's rates with the scenario's link speeds where it gives them."""
    return hardware_rates(
        target.gpu,
        target.node,
        target.gpus_per_node,
        s.workload.precision,
        intra_node_gbytes_per_s=s.hardware.intra_node_gbytes_per_s,
        inter_node_gbits_per_s=s.hardware.inter_node_gbits_per_s,
    )


def link_notes(s: Scenario, target: Target, layout: Layout) -> tuple[LinkNote, ...]:
    """A note for each fallback link speed (hardware_rates) that the estimate's figures depend on. Derived from the
    time model itself rather than from a copy of its link choices: the step is recomputed with that link twice as
    fast, and a link whose speed does not move the step (unused, or fully hidden under compute) needs no note.
    A scenario that gives workload.mfu takes its step time from that, not from the links: no note."""
    w, h = s.workload, s.hardware
    if w.is_training and w.mfu is not None:
        return ()
    inter_assumed = not h.inter_node_gbits_per_s and not target.node.network_gb_per_s_per_gpu
    intra_assumed = not h.intra_node_gbytes_per_s and not target.gpu.intra_node_gb_per_s
    if not (inter_assumed or intra_assumed):
        return ()
    if w.method == "inference":
        from .serving import links_used

        intra_used, inter_used = links_used(layout.tp, layout.pp, target.gpus_per_node)
    else:
        rates = rates_for(s, target)
        base = layout_step_seconds(s, layout, rates)
        faster_inter = replace(rates, inter_bytes_per_s=2 * rates.inter_bytes_per_s)
        faster_intra = replace(rates, intra_bytes_per_s=2 * rates.intra_bytes_per_s)
        inter_used = inter_assumed and layout_step_seconds(s, layout, faster_inter) != base
        intra_used = intra_assumed and layout_step_seconds(s, layout, faster_intra) != base
    notes = []
    if inter_assumed and inter_used:
        gbits = f"{FALLBACK_INTER_NODE_GB_PER_S * 8:g} Gb/s"
        notes.append(LinkNote("inter-node", target.node.id, gbits, INTER_NODE_KEY))
    if intra_assumed and intra_used:
        gbytes = f"{FALLBACK_INTRA_NODE_GB_PER_S:g} GB/s"
        notes.append(LinkNote("intra-node", target.gpu.id, gbytes, INTRA_NODE_KEY))
    return tuple(notes)


def layout_step_seconds(s: Scenario, layout: Layout, rates: HardwareRates) -> float:
    """The training step the time model gives for this layout at these rates (throughput.step_times)."""
    return float(np.asarray(_layout_step(s, layout, rates).step_seconds))


def _layout_step(s: Scenario, layout: Layout, rates: HardwareRates):  # type: ignore[no-untyped-def]
    w = s.workload
    return step_times(
        s.model,
        w,
        rates,
        **layout.arguments(),
        global_batch=w.global_batch or layout.micro_batch * layout.dp,
        sequence_parallel=layout.sequence_parallel,
    )


def site_for(s: Scenario, catalog: Catalog):  # type: ignore[no-untyped-def]
    from .catalog import DEFAULT_SITE

    return catalog.site(s.cost.site or DEFAULT_SITE)


def estimate_time(
    s: Scenario, target: Target, layout: Layout, memory: MemoryBreakdown | None, catalog: Catalog
) -> tuple[TimeEstimate, GoodputEstimate]:
    w, m = s.workload, s.model
    rates = rates_for(s, target)
    global_batch = w.global_batch or layout.micro_batch * layout.dp
    st = _layout_step(s, layout, rates)
    gpus = layout.gpus
    tokens_per_step = global_batch * w.seq_len
    flops_per_token = training_flops_per_token(m, w)
    peak_cluster = rates.peak_flops * gpus
    if w.mfu is not None:
        tps = w.mfu * peak_cluster / flops_per_token
        step = tokens_per_step / tps
    else:
        step = float(np.asarray(st.step_seconds))
        tps = tokens_per_step / step
    mfu = tps * flops_per_token / peak_cluster
    tokens = w.training_tokens or 0.0
    ideal = tokens / tps
    site = site_for(s, catalog)
    g = estimate_goodput(
        m,
        w,
        gpu_count=gpus,
        ideal_seconds=ideal,
        failures_per_gpu_hour=s.goodput.failures_per_gpu_hour,
        write_gb_per_s=s.goodput.checkpoint_write_gbps or site.checkpoint_write_gb_per_s,
        restart_minutes=s.goodput.restart_minutes if s.goodput.restart_minutes is not None else site.restart_minutes,
        pcie_gen=target.gpu.pcie_gen,
    )
    wall = ideal + g.lost_seconds
    time = TimeEstimate(
        model_flops=tokens * flops_per_token,
        hardware_flops_per_step=float(np.asarray(st.hardware_flops_per_step)),
        mfu=mfu,
        tokens_per_second=tps,
        step_seconds=step,
        wall_seconds=wall,
        gpu_hours=target.gpu_count * wall / 3600,
        compute_seconds=float(np.asarray(st.compute_seconds)),
        exposed_comm_seconds=float(np.asarray(st.exposed_comm_seconds)),
        bubble_fraction=float(np.asarray(st.bubble_fraction)),
        steps=tokens / tokens_per_step,
    )
    return time, g
