"""What the benchmark script can run, and the scenario reduced to the configuration it runs."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..scenario import Scenario

if TYPE_CHECKING:
    from ..catalog import Catalog
    from ..results import Layout
    from .result_types import BenchResult


def scenario_hash(s: Scenario) -> str:
    """sha256 of the scenario's canonical TOML (`scenario_io.scenario_to_toml`), as "sha256:<hex>"."""
    from ..scenario_io import scenario_to_toml

    return "sha256:" + hashlib.sha256(scenario_to_toml(s).encode("utf-8")).hexdigest()


def bench_support_problem(s: Scenario) -> tuple[str, str] | None:
    """(key, reason) when the benchmark script cannot run this scenario; None when it can."""
    w, m = s.workload, s.model
    if not w.is_training:
        return "workload.method", "the benchmark measures training steps; inference is not supported"
    if m.is_moe:
        return "model.experts", (
            "mixture-of-experts models are not supported by the benchmark script (a plain "
            "PyTorch MoE would not run at the speed of the kernels the estimate assumes)"
        )
    if m.is_mla:
        return "model.mla_kv_rank", "multi-head latent attention (MLA) is not supported by the benchmark script"
    if w.precision == "fp8-mixed":
        return "workload.precision", (
            "fp8-mixed needs Transformer Engine or torchao; the benchmark script runs "
            "fp32, bf16/fp16 autocast, bf16/fp16 master-weight and pure bf16"
        )
    if w.offload != "none":
        return "workload.offload", "optimizer/parameter offload (DeepSpeed) is not supported by the benchmark script"
    if w.optimizer_in_backward and w.precision in ("bf16-master", "fp16-master", "fp16-mixed"):
        return "workload.optimizer_in_backward", (
            "the benchmark runs optimizer_in_backward only with fp32, bf16-mixed or bf16-true"
        )
    return None


def bench_grad_accum(s: Scenario) -> int:
    """Default micro-batches per optimizer step for the benchmark: 2 when the scenario accumulates gradients at
    its own layout (so that gradients exist during the forward pass, as in the scenario), else 1."""
    p, w = s.parallel, s.workload
    mb = w.micro_batch or 1
    dp = max(1, s.hardware.gpu_count // ((p.tp or 1) * (p.pp or 1) * (p.cp or 1)))
    accum = math.ceil(w.global_batch / (mb * dp)) if w.global_batch else 1
    return 2 if accum > 1 else 1


def bench_scenario(
    s: Scenario,
    *,
    layers: int | None = None,
    seq_len: int | None = None,
    micro_batch: int | None = None,
    grad_accum: int | None = None,
    world_size: int = 1,
) -> Scenario:
    """The scenario as the benchmark runs it: `layers` layers, data parallel over `world_size` GPUs of one node
    (tp = pp = cp = 1, ZeRO 0), global batch = micro_batch × world_size × grad_accum, no MFU override."""
    from ..scenario import Parallel

    w0 = s.workload
    mb = micro_batch or w0.micro_batch or 1
    accum = grad_accum or bench_grad_accum(s)
    w = replace(
        w0,
        seq_len=seq_len or w0.seq_len,
        micro_batch=mb,
        global_batch=mb * world_size * accum,
        recompute=w0.recompute or "selective",
        mfu=None,
        deadline_days=None,
    )
    hw = replace(
        s.hardware, gpu_count=world_size, gpus_per_node=max(world_size, s.hardware.gpus_per_node or 1), candidates=()
    )
    return replace(
        s,
        model=s.model.with_overrides(layers=layers or s.model.layers),
        workload=w,
        hardware=hw,
        parallel=Parallel(tp=1, pp=1, cp=1, ep=1, vpp=1, zero=0, sequence_parallel=False),
    )


def as_run_scenario(s: Scenario, r: BenchResult) -> Scenario:
    """The scenario reduced to what the benchmark ran (`bench_scenario` with the result's settings)."""
    run = bench_scenario(
        s,
        layers=r.model.layers,
        seq_len=r.workload.seq_len,
        micro_batch=r.workload.micro_batch,
        grad_accum=r.workload.grad_accum,
        world_size=r.world_size,
    )
    return replace(run, workload=replace(run.workload, recompute=r.workload.recompute))


@dataclass(frozen=True)
class BenchFit:
    """Will the benchmark fit on one GPU of the scenario's type? Bytes per GPU, from the catalog estimate."""

    layers: int  # the model's layers
    needed: float  # peak + overhead with all layers
    capacity: float
    max_layers: int | None  # the most layers that fit (None: not even one)

    @property
    def fits(self) -> bool:
        return self.needed <= self.capacity


def bench_fit(s: Scenario, catalog: Catalog) -> BenchFit:
    """Memory of the benchmark (one GPU, the scenario's micro-batch and sequence) with all layers, and the largest
    `--layers K` that fits."""
    from ..memory import memory_for

    capacity = float(catalog.gpu(s.hardware.gpu).memory_bytes)

    def need(layers: int) -> float:
        run = bench_scenario(s, layers=layers)
        layout = _given_estimate_layout(run, catalog)
        m = memory_for(run.model, run.workload, layout, capacity, 1, solve_limits=False)
        return m.total + m.overhead

    full = need(s.model.layers)
    if full <= capacity:
        return BenchFit(s.model.layers, full, capacity, s.model.layers)
    lo, hi = 0, s.model.layers  # need(lo) fits (0: nothing), need(hi) does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if need(mid) <= capacity:
            lo = mid
        else:
            hi = mid
    return BenchFit(s.model.layers, full, capacity, lo or None)


def _given_estimate_layout(s: Scenario, catalog: Catalog) -> Layout:
    from ..engine import given_layout, resolve_target

    return given_layout(s, resolve_target(s, catalog))
