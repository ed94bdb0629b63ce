"""The catalog schema: one Column per CSV column; the column names are the dataclass field names."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .types import FORM_FACTORS, TIERS, CatalogError, CloudOffer, GpuSpec, NodeType, SiteProfile


@dataclass(frozen=True)
class Column:
    name: str
    kind: str  # id | ref | str | int | float | bytes | bool | enum | date
    required: bool = True
    unit: str = ""
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] = ()
    ref: str | None = None  # referenced table for kind "ref"
    help: str = ""


@dataclass(frozen=True)
class TableSchema:
    name: str  # "gpus", "nodes", "cloud_offers", "sites"
    file: str
    row_type: type
    columns: tuple[Column, ...]

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)


def _c(
    name: str,
    kind: str,
    required: bool = True,
    unit: str = "",
    lo: float | None = None,
    hi: float | None = None,
    **kw: Any,
) -> Column:
    return Column(name, kind, required, unit, lo, hi, **kw)


_SOURCE = [_c("notes", "str", False)]


SCHEMA: Mapping[str, TableSchema] = MappingProxyType(
    {
        "gpus": TableSchema(
            "gpus",
            "gpus.csv",
            GpuSpec,
            (
                _c("id", "id"),
                _c("vendor", "str"),
                _c("name", "str"),
                _c("architecture", "str", False),
                _c("form_factor", "enum", choices=FORM_FACTORS),
                _c("year", "int", False, "year", 2010, 2040),
                _c("memory_bytes", "bytes", True, "bytes", 1 * 2**30, 4 * 2**40),
                _c("memory_type", "str", False),
                _c("memory_bandwidth_gb_per_s", "float", True, "GB/s", 10, 100_000),
                _c("fp32_tflops", "float", False, "TFLOPS", 0.1, 1_000),
                _c("tf32_dense_tflops", "float", False, "TFLOPS", 0.1, 20_000),
                _c("bf16_dense_tflops", "float", True, "TFLOPS", 0.1, 50_000),
                _c("fp16_dense_tflops", "float", False, "TFLOPS", 0.1, 50_000),
                _c("fp8_dense_tflops", "float", False, "TFLOPS", 0.1, 100_000),
                _c("int8_dense_tops", "float", False, "TOPS", 0.1, 100_000),
                _c("gemm_efficiency", "float", True, "fraction", 0.05, 1.0),
                _c("intra_node_link", "str"),
                _c("intra_node_gb_per_s", "float", False, "GB/s", 0.1, 10_000),
                _c("pcie_gen", "int", False, "", 3, 7),
                _c("tdp_watts", "float", False, "W", 10, 5_000),
                _c("devices_per_package", "int", False, "", 1, 8),
                _c("spec_source", "str"),
                _c("spec_as_of", "date"),
                _c("efficiency_source", "str", False),
                _c("efficiency_as_of", "date", False),
                *_SOURCE,
            ),
        ),
        "nodes": TableSchema(
            "nodes",
            "nodes.csv",
            NodeType,
            (
                _c("id", "id"),
                _c("name", "str"),
                _c("gpu", "ref", ref="gpus"),
                _c("gpus_per_node", "int", True, "GPUs", 1, 144),
                _c("power_full_kw", "float", False, "kW", 0.01, 500),
                _c("power_idle_kw", "float", False, "kW", 0.0, 500),
                _c("network", "str", False),
                _c("network_gb_per_s_per_gpu", "float", False, "GB/s", 0.01, 1_000),
                _c("price_usd", "float", False, "USD", 100, 50_000_000),
                _c("network_usd_per_node", "float", False, "USD", 0, 10_000_000),
                _c("install_usd_per_node", "float", False, "USD", 0, 10_000_000),
                _c("power_draw_kw", "float", False, "kW", 0.01, 500),
                _c("residual_by_age", "str", False),
                _c("default_for_gpu", "bool", False),
                _c("source", "str"),
                _c("as_of", "date"),
                _c("price_source", "str", False),
                _c("price_as_of", "date", False),
                *_SOURCE,
            ),
        ),
        "cloud_offers": TableSchema(
            "cloud_offers",
            "cloud_offers.csv",
            CloudOffer,
            (
                _c("id", "id"),
                _c("provider", "str"),
                _c("gpu", "ref", ref="gpus"),
                _c("tier", "enum", choices=TIERS),
                _c("usd_per_gpu_hour", "float", True, "USD/GPU-hour", 0.01, 200),
                _c("default", "bool", False),
                _c("instance", "str", False),
                _c("region", "str", False),
                _c("source", "str"),
                _c("as_of", "date"),
                *_SOURCE,
            ),
        ),
        "sites": TableSchema(
            "sites",
            "sites.csv",
            SiteProfile,
            (
                _c("id", "id"),
                _c("name", "str"),
                _c("electricity_usd_per_kwh", "float", True, "USD/kWh", 0.0, 2.0),
                _c("pue", "float", True, "ratio", 1.0, 3.0),
                _c("colocation_usd_per_kw_month", "float", True, "USD/kW-month", 0.0, 5_000),
                _c("support_fraction_per_year", "float", True, "fraction/year", 0.0, 1.0),
                _c("staff_usd_per_year", "float", True, "USD/year", 0.0, 100_000_000),
                _c("software_usd_per_year", "float", True, "USD/year", 0.0, 100_000_000),
                _c("depreciation_years", "float", True, "years", 0.5, 30),
                _c("discount_rate", "float", True, "fraction/year", -0.5, 1.0),
                _c("checkpoint_write_gb_per_s", "float", True, "GB/s", 0.01, 100_000),
                _c("restart_minutes", "float", True, "minutes", 0.0, 10_000),
                _c("usd_to_krw", "float", True, "KRW/USD", 1.0, 100_000),
                _c("staff_usd_per_node_year", "float", False, "USD/node-year", 0.0, 10_000_000),
                _c("source", "str"),
                _c("as_of", "date"),
                *_SOURCE,
            ),
        ),
    }
)


TABLES = tuple(SCHEMA)
_TABLE_ALIASES = {"offers": "cloud_offers", "gpu": "gpus", "node": "nodes", "site": "sites"}


def table_schema(table: str) -> TableSchema:
    """The schema of ``table`` ("gpus", "nodes", "cloud_offers" or "offers", "sites")."""
    name = _TABLE_ALIASES.get(table, table)
    if name not in SCHEMA:
        raise CatalogError(f"unknown catalog table {table!r}; expected one of {', '.join(TABLES)}")
    return SCHEMA[name]
