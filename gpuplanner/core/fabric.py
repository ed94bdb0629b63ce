"""The scale-out fabric's cost for a node count (spec §4.3.1 `fabric`): switch tiers and links, not a flat
share per node, so the network grows as the cluster does.

Topology: a rail-optimized, non-blocking fat tree, as H100/B200 training clusters are built (NVIDIA DGX
SuperPOD reference architecture; the tiers by node count as tabulated in "H100 Freakonomics", substack
tech-talk-cto.com, Aug 2024): each of the node's scale-out ports (one per GPU per `link_gbits` of its
bandwidth) is a rail, and each rail is its own fat tree over the `nodes` endpoints of that rail, built from
switches of radix k:

    nodes ≤ 1            no fabric (NVLink inside the node only)
    nodes = 2            direct cables, no switch: rails cables
    nodes ≤ k            1 tier:  1 switch per rail
    nodes ≤ k²/2         2 tiers: leaves = ceil(nodes / (k/2)), spines = ceil(leaves / 2)   per rail
    otherwise            3 tiers: leaves = ceil(nodes / (k/2)), spines = leaves, core = ceil(leaves / 2)
    links                rails × nodes × tiers (non-blocking: every tier carries the endpoints' bandwidth)
    fabric_usd           switches × switch_usd + links × link_usd

Prices (FABRIC_CLASSES) are per switch and per link (cable or the two transceivers plus fibre) at one link
speed; a node whose link speed has no priced class gets no fabric model (the caller falls back to the
catalog's flat share, or leaves the cost unknown).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class FabricClass:
    """Unit prices of one link speed (USD, list or street), with their source."""

    link_gbits: float  # one port, one direction
    switch_ports: int  # radix k
    switch_usd: float
    link_usd: float
    source: str


# 400 Gb/s (InfiniBand NDR; ConnectX-7, the DGX H100/H200/B200 scale-out NIC): a 64-port 400G switch at
# $36,000 (FS.com's QM9700-class switch, Aug 2024; NVIDIA's own about $50,000) and $1,320 per link (the same
# spreadsheet's connector-and-cable line: $675,840 for the 512 links of 64 nodes). Source: "H100 Freakonomics"
# spreadsheet (docs.google.com/spreadsheets/d/1Ft3RbeZ-w43kYSiLfYc1vxO41mK5lmJpcPC9GOYHAWc, prices as of
# Aug 2024). No 200 Gb/s (HDR) or 800 Gb/s (XDR) prices were found in the stored sources: those are unpriced.
NDR_400G = FabricClass(
    400.0,
    64,
    36_000.0,
    675_840.0 / 512,
    "fabric model: 64-port 400G switch $36,000 and $1,320 per link (tech-talk-cto 'H100 "
    "Freakonomics' spreadsheet, FS.com prices, Aug 2024)",
)
FABRIC_CLASSES: tuple[FabricClass, ...] = (NDR_400G,)


@dataclass(frozen=True)
class Fabric:
    """One cluster's fabric: its tiers, switch and link counts and cost."""

    nodes: int
    rails: int
    tiers: int  # 0: no switch
    switches: int
    links: int
    fabric_usd: float
    price: FabricClass

    def describe(self) -> str:
        return (
            f"{self.price.source}: {self.nodes} nodes × {self.rails} rails, {self.tiers} tier(s), "
            f"{self.switches} switches, {self.links} links = ${self.fabric_usd:,.0f}"
        )


def fabric_class(gbits_per_gpu: float | None) -> FabricClass | None:
    """The priced class whose link speed divides the GPU's scale-out bandwidth into whole ports; None if none."""
    if gbits_per_gpu is None or gbits_per_gpu <= 0:
        return None
    for c in FABRIC_CLASSES:
        ports = gbits_per_gpu / c.link_gbits
        if abs(ports - round(ports)) < 1e-9 and round(ports) >= 1:
            return c
    return None


def switches_per_rail(nodes: int, radix: int) -> tuple[int, int]:
    """(tiers, switches) of one rail's fat tree over `nodes` endpoints."""
    if nodes <= 2:
        return 0, 0
    if nodes <= radix:
        return 1, 1
    half = radix // 2
    leaves = math.ceil(nodes / half)
    if nodes <= radix * radix // 2:
        return 2, leaves + math.ceil(leaves / 2)
    return 3, leaves + leaves + math.ceil(leaves / 2)


def fabric(nodes: int, gpus_per_node: int, gbits_per_gpu: float | None) -> Fabric | None:
    """The fabric for `nodes` nodes of `gpus_per_node` GPUs with `gbits_per_gpu` Gb/s of scale-out each;
    None when no class prices that link speed."""
    price = fabric_class(gbits_per_gpu)
    if price is None:
        return None
    rails = gpus_per_node * round((gbits_per_gpu or 0.0) / price.link_gbits)
    tiers, per_rail = switches_per_rail(nodes, price.switch_ports)
    if nodes <= 1:
        links = 0
    elif nodes == 2:
        links = rails  # one cable per rail between the two nodes
    else:
        links = rails * nodes * tiers
    switches = rails * per_rail
    cost = switches * price.switch_usd + links * price.link_usd
    return Fabric(nodes, rails, tiers, switches, links, cost, price)
