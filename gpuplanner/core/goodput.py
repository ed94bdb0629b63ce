"""Goodput: failures, checkpoints and the time they cost (spec §2 "beyond").

- Failure rate: Llama 3 paper (Dubey et al. 2024) §3.3.4, 419 unexpected interruptions in 54 days on
  16,384 H100 GPUs = 1.97e-5 per GPU-hour; the job's mean time between failures is 1/(λ·n).
- Optimal checkpoint interval: Young 1974 ("A first order approximation to the optimum checkpoint interval")
  τ = √(2·δ·M), with Daly 2006 (FGCS 22(3)) correction τ = √(2δM) − δ for δ < M/2.
- Asynchronous checkpointing (PyTorch Distributed Checkpoint `async_save`, used by torchtitan; Megatron-LM
  `--async-save`): training blocks only while each GPU copies its shard to host memory (δ = shard bytes / PCIe
  bandwidth); the write to storage runs in the background, so an interval can never be shorter than the write
  time (bytes / the site's aggregate storage bandwidth).
- Expected wall time: each interval of useful work τ costs δ; each failure loses on average τ/2 of work plus
  the restart time R. Useful fraction = (1 − (R + τ/2)/M) / (1 + δ/τ)  (first order, Daly §3).
"""

from __future__ import annotations

import math

from .memory_states import state_bytes
from .model import ModelSpec
from .results import GoodputEstimate
from .scenario import Workload

# Device-to-host copy per GPU, one direction, at ~80% of the x16 link: PCIe 4 ≈ 25 GB/s, PCIe 5 ≈ 50 GB/s.
HOST_COPY_GB_PER_S = {3: 12.0, 4: 25.0, 5: 50.0, 6: 100.0}


def checkpoint_bytes(model: ModelSpec, w: Workload) -> float:
    """Weights plus optimizer states (master copy and moments) of the whole model; adapters only for LoRA."""
    sb = state_bytes(w.precision, w.optimizer)
    if w.is_lora:
        return float(model.lora_params(w.lora_rank, w.lora_targets)) * (4.0 + sb.optimizer + sb.master)
    return float(model.params) * (sb.weight + sb.master + sb.optimizer)


def optimal_interval(write_seconds: float, mtbf_seconds: float) -> float:
    if mtbf_seconds == math.inf or write_seconds <= 0:
        return math.inf
    young = math.sqrt(2.0 * write_seconds * mtbf_seconds)
    return young - write_seconds if write_seconds < mtbf_seconds / 2 else mtbf_seconds


def estimate_goodput(
    model: ModelSpec,
    w: Workload,
    *,
    gpu_count: int,
    ideal_seconds: float,
    failures_per_gpu_hour: float,
    write_gb_per_s: float,
    restart_minutes: float,
    pcie_gen: int | None = 4,
) -> GoodputEstimate:
    ckpt = checkpoint_bytes(model, w)
    write = ckpt / (write_gb_per_s * 1e9)
    host_copy = HOST_COPY_GB_PER_S.get(pcie_gen or 4, 25.0) * 1e9
    delta = ckpt / gpu_count / host_copy  # blocking part: each GPU stages its shard in host memory
    rate = failures_per_gpu_hour * gpu_count / 3600.0  # failures per second for the whole job
    mtbf = math.inf if rate == 0 else 1.0 / rate
    tau = max(optimal_interval(delta, mtbf), write) if rate else math.inf
    restart = restart_minutes * 60.0
    if math.isinf(tau):
        return GoodputEstimate(
            checkpoint_bytes=ckpt,
            checkpoint_write_seconds=write,
            checkpoint_interval_seconds=math.inf,
            failures_expected=0.0,
            lost_fraction=0.0,
            lost_seconds=0.0,
        )
    useful = (1.0 - (restart + tau / 2.0) / mtbf) / (1.0 + delta / tau)
    useful = max(useful, 1e-3)  # beyond this the job never finishes; keep the numbers finite
    wall = ideal_seconds / useful
    return GoodputEstimate(
        checkpoint_bytes=ckpt,
        checkpoint_write_seconds=write,
        checkpoint_interval_seconds=tau,
        failures_expected=wall * rate,
        lost_fraction=1.0 - useful,
        lost_seconds=wall - ideal_seconds,
    )
