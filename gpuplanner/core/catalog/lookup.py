"""The loaded catalog: typed rows by id, and lookups that name the file and suggest the nearest ids."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from .schema import table_schema
from .types import TIERS, CatalogError, CloudOffer, GpuSpec, NodeType, SiteProfile, UserRowProblem

_Row = TypeVar("_Row")


def suggest_ids(query: str, ids: Iterable[str], n: int = 4) -> str:
    ids = sorted(ids)
    q = query.lower().strip()
    hits = [i for i in ids if i.startswith(q)] + [i for i in ids if q in i and not i.startswith(q)]
    for m in difflib.get_close_matches(q, ids, n, 0.5):
        if m not in hits:
            hits.append(m)
    return f"; did you mean {', '.join(hits[:n])}?" if hits else ""


def _lookup(table: Mapping[str, _Row], key: str, kind: str, file: str) -> _Row:
    """``table[key]``, or a CatalogError that names the file and suggests the nearest ids."""
    try:
        return table[key]
    except KeyError:
        raise CatalogError(f"unknown {kind} {key!r}{suggest_ids(key, table)}", file=file) from None


@dataclass(frozen=True)
class Catalog:
    gpus: Mapping[str, GpuSpec]
    nodes: Mapping[str, NodeType]
    offers: tuple[CloudOffer, ...]
    sites: Mapping[str, SiteProfile]
    user_row_ids: frozenset[tuple[str, str]]  # (table, id) of rows from the user layer
    warnings: tuple[str, ...] = ()  # one line per part of the user layer left out (str of `dropped`)
    dropped: tuple[UserRowProblem, ...] = ()  # the user rows (files, columns) left out, and why
    folder: Path | None = None  # the shipped catalog folder
    user_dir: Path | None = None  # the user layer folder (None when not used)
    raw: Mapping[str, tuple[Mapping[str, str], ...]] = field(default_factory=dict, repr=False)

    def gpu(self, gpu_id: str) -> GpuSpec:
        return _lookup(self.gpus, gpu_id, "GPU", "gpus.csv")

    def node(self, node_id: str) -> NodeType:
        return _lookup(self.nodes, node_id, "node type", "nodes.csv")

    def site(self, site_id: str) -> SiteProfile:
        return _lookup(self.sites, site_id, "site", "sites.csv")

    def nodes_for(self, gpu_id: str) -> tuple[NodeType, ...]:
        self.gpu(gpu_id)
        return tuple(n for n in self.nodes.values() if n.gpu == gpu_id)

    def default_node(self, gpu_id: str) -> NodeType:
        for n in self.nodes_for(gpu_id):
            if n.default_for_gpu:
                return n
        raise CatalogError(f"GPU {gpu_id!r} has no default node type", file="nodes.csv")  # validated away

    def offers_for(self, gpu_id: str, tier: str | None = None) -> tuple[CloudOffer, ...]:
        self.gpu(gpu_id)
        if tier is not None and tier not in TIERS:
            raise CatalogError(f"unknown tier {tier!r}; expected one of {', '.join(TIERS)}", file="cloud_offers.csv")
        return tuple(o for o in self.offers if o.gpu == gpu_id and (tier is None or o.tier == tier))

    def default_offer(self, gpu_id: str, tier: str) -> CloudOffer | None:
        for o in self.offers_for(gpu_id, tier):
            if o.default:
                return o
        return None

    def offer(self, offer_id: str) -> CloudOffer:
        for o in self.offers:
            if o.id == offer_id:
                return o
        ids = [o.id for o in self.offers]
        raise CatalogError(f"unknown cloud offer {offer_id!r}{suggest_ids(offer_id, ids)}", file="cloud_offers.csv")

    def is_user_row(self, table: str, row_id: str) -> bool:
        return (table_schema(table).name, row_id) in self.user_row_ids

    def rows(self, table: str) -> tuple[Mapping[str, str], ...]:
        """The merged rows of ``table`` as CSV text cells (for editors and exports)."""
        return self.raw.get(table_schema(table).name, ())
