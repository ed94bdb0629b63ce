"""Collectives with latency: α–β costs of NCCL's ring and tree algorithms per link type (spec §4.3 `time.*`).

Time of one collective over n ranks moving S bytes per rank on links of B bytes/s one way:

    t = base_latency + steps · hop_latency + factor · (n−1)/n · S / (B · protocol_efficiency)

with factor 2 for all-reduce, 1 for all-gather / reduce-scatter / all-to-all (nccl-tests `doc/PERFORMANCE.md`,
"bus bandwidth"), ring steps 2(n−1) for all-reduce and n−1 for the others, tree steps 2·log2(n). The latencies are
NCCL's own tuning model (NVIDIA/nccl `src/graph/tuning.cc`, `baseLat` and `hwLat`, µs): for each size NCCL picks
the protocol (LL, LL128, Simple) with the lowest modelled time, so we take the minimum over the three. LL moves
8-byte words with a 4-byte flag (half the bandwidth), LL128 120 of 128 bytes (`ll128MaxBw`, tuning.cc).

Every function takes numpy arrays so the planner scores many layouts at once.
"""

from __future__ import annotations

import numpy as np

NVLINK, PCIE, NETWORK = 0, 1, 2
# (LL, LL128, Simple) µs, NVIDIA/nccl src/graph/tuning.cc (v2.18–2.21): baseLat Ring {6.6, 14.0, 8.4};
# hwLat Ring NVLink {0.6, 1.9, 3.4}, PCI {1.0, 2.5, 5.7}, NET {0.9, 2.5, 6.6}; Tree NET Simple is 14 in
# later versions, LL 5.0
BASE_LATENCY_S = np.array([6.6, 14.0, 8.4]) * 1e-6
HOP_LATENCY_S = np.array([[0.6, 1.9, 3.4], [1.0, 2.5, 5.7], [0.9, 2.5, 6.6]]) * 1e-6
TREE_HOP_LATENCY_NET_S = np.array([5.0, 7.5, 14.0]) * 1e-6
# share of the link bandwidth each protocol delivers (LL: 4-byte flag per 8 bytes; LL128: 8 flag bytes per 128)
PROTOCOL_EFFICIENCY = np.array([0.5, 120.0 / 128.0, 1.0])
# NCCL does not use LL beyond a few hundred kB nor LL128 beyond a few MB (tuning.cc thresholds, llMaxBw): the
# bandwidth terms above already make Simple win for large messages, so no explicit threshold is needed.


def _best_protocol(base: np.ndarray, per_step: np.ndarray, steps: np.ndarray, volume_s: np.ndarray) -> np.ndarray:
    """min over protocols of base + steps·hop + volume/efficiency; arrays broadcast, protocol on the last axis."""
    t = base + steps[..., None] * per_step + volume_s[..., None] / PROTOCOL_EFFICIENCY
    return np.min(t, axis=-1)


def collective_seconds(
    kind: str, n: object, size_bytes: object, link_bytes_per_s: object, link: object, *, inter_node: object = False
) -> np.ndarray:
    """Seconds for one collective; zero when n ≤ 1. `kind`: all_reduce | all_gather | reduce_scatter | all_to_all |
    p2p. `size_bytes`: the full buffer per rank (before the (n−1)/n share). `link`: NVLINK | PCIE | NETWORK (arrays
    allowed). `inter_node`: NCCL may choose a tree for all-reduce across nodes (log-depth latency)."""
    n = np.asarray(n, dtype=float)
    size = np.asarray(size_bytes, dtype=float)
    bw = np.asarray(link_bytes_per_s, dtype=float)
    link = np.asarray(link, dtype=int)
    hop = HOP_LATENCY_S[link]  # (..., 3)
    share = (n - 1) / np.maximum(n, 1)
    if kind == "p2p":
        t = _best_protocol(BASE_LATENCY_S, hop, np.ones_like(n), size / bw)
        return np.where(n > 1, t, 0.0)
    factor = 2.0 if kind == "all_reduce" else 1.0
    steps = (2.0 if kind == "all_reduce" else 1.0) * (n - 1)
    volume = factor * share * size / bw
    t = _best_protocol(BASE_LATENCY_S, hop, steps, volume)
    if kind == "all_reduce":
        # double binary tree: 2·log2(n) hops at the network's tree latency, the same bus volume (NCCL 2.4 blog)
        tree_steps = 2.0 * np.log2(np.maximum(n, 2))
        tree = _best_protocol(BASE_LATENCY_S, TREE_HOP_LATENCY_NET_S, tree_steps, volume)
        t = np.where(np.asarray(inter_node, dtype=bool), np.minimum(t, tree), t)
    return np.where(n > 1, t, 0.0)


def link_kind(span_gpus: object, gpus_per_node: float, intra_is_nvlink: bool) -> np.ndarray:
    """The link a group of `span_gpus` consecutive ranks crosses: the network beyond one node (or NVLink domain)."""
    span = np.asarray(span_gpus, dtype=float)
    intra = NVLINK if intra_is_nvlink else PCIE
    return np.where(span <= gpus_per_node, intra, NETWORK)
