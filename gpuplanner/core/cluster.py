"""Cluster sizing: nodes, racks, power at the wall, storage (spec §4.3 `cluster.*`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .goodput import checkpoint_bytes
from .results import ClusterEstimate, Layout, MemoryBreakdown
from .scenario import Scenario

if TYPE_CHECKING:
    from .catalog import Catalog
    from .engine import Target

CHECKPOINTS_KEPT = 3  # judgement: the latest, the previous and one milestone
BYTES_PER_STORED_TOKEN = 4  # tokenised data set as uint32 ids (e.g. Megatron .bin with int32 for vocab > 65k)


def estimate_cluster(
    s: Scenario, target: Target, layout: Layout, memory: MemoryBreakdown | None, catalog: Catalog
) -> ClusterEstimate:
    nodes = math.ceil(target.gpu_count / target.gpus_per_node)
    # full-load power is unpublished for a few systems (GH200, TPU hosts): fall back to 2 × GPU TDP per GPU
    # (hardware_notes.md rule of thumb for 8-GPU boxes), else leave the power at zero
    per_node_kw = target.node.power_full_kw
    if per_node_kw is None:
        per_node_kw = 2 * (target.gpu.tdp_watts or 0.0) * target.gpus_per_node / 1000
    it_kw = nodes * per_node_kw
    site = catalog.site(s.cost.site) if s.cost.site else None
    if site is None:
        from .catalog import DEFAULT_SITE

        site = catalog.site(DEFAULT_SITE)
    pue = s.cost.pue or site.pue
    racks = math.ceil(it_kw / s.cluster.kw_per_rack) if it_kw else 0
    storage = 0.0
    if s.workload.is_training:
        tokens = s.workload.training_tokens or 0.0
        dataset = (s.workload.dataset_tokens or tokens) * BYTES_PER_STORED_TOKEN
        storage = CHECKPOINTS_KEPT * checkpoint_bytes(s.model, s.workload) + dataset
    else:
        storage = float(s.model.params) * 2.0
    return ClusterEstimate(nodes=nodes, racks=racks, facility_kw=it_kw * pue, storage_bytes=storage, it_kw=it_kw)
