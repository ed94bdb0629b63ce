"""Catalog columns as the editor shows them: translated labels, units, ranges, help and display text.

Sizes (``kind == "bytes"``) are stored as byte counts, as in the shipped files, and shown and typed in GiB;
:func:`bytes_from_text` is the one place that reads what a user typed into such a cell.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.catalog import Column, parse_cell

GIB = float(2**30)


def _t(text: str) -> str:
    return QCoreApplication.translate("CatalogColumns", text)


def table_title(table: str) -> str:
    t = QCoreApplication.translate
    return {
        "gpus": t("Catalog", "GPUs"),
        "nodes": t("Catalog", "Node types"),
        "cloud_offers": t("Catalog", "Cloud offers"),
        "sites": t("Catalog", "Site profiles"),
    }[table]


def column_label(name: str) -> str:
    """A column's short header (translatable); the unit goes on a second line (:func:`unit_label`)."""
    labels = {
        "id": _t("Id"),
        "vendor": _t("Vendor"),
        "name": _t("Name"),
        "architecture": _t("Architecture"),
        "form_factor": _t("Form factor"),
        "year": _t("Year"),
        "memory_bytes": _t("Memory"),
        "memory_type": _t("Memory type"),
        "memory_bandwidth_gb_per_s": _t("Memory bandwidth"),
        "fp32_tflops": _t("FP32"),
        "tf32_dense_tflops": _t("TF32 dense"),
        "bf16_dense_tflops": _t("BF16 dense"),
        "fp16_dense_tflops": _t("FP16 dense"),
        "fp8_dense_tflops": _t("FP8 dense"),
        "int8_dense_tops": _t("INT8 dense"),
        "gemm_efficiency": _t("GEMM efficiency"),
        "intra_node_link": _t("Link"),
        "intra_node_gb_per_s": _t("Link bandwidth"),
        "pcie_gen": _t("PCIe gen"),
        "tdp_watts": _t("TDP"),
        "devices_per_package": _t("Devices per package"),
        "spec_source": _t("Spec source"),
        "spec_as_of": _t("Spec date"),
        "efficiency_source": _t("Efficiency source"),
        "efficiency_as_of": _t("Efficiency date"),
        "notes": _t("Notes"),
        "gpu": _t("GPU"),
        "gpus_per_node": _t("GPUs per node"),
        "power_full_kw": _t("Power at full load"),
        "power_idle_kw": _t("Power idle"),
        "network": _t("Network"),
        "network_gb_per_s_per_gpu": _t("Network per GPU"),
        "price_usd": _t("Price"),
        "network_usd_per_node": _t("Network cost"),
        "install_usd_per_node": _t("Installation"),
        "default_for_gpu": _t("Default for GPU"),
        "source": _t("Source"),
        "as_of": _t("Date"),
        "price_source": _t("Price source"),
        "price_as_of": _t("Price date"),
        "provider": _t("Provider"),
        "tier": _t("Tier"),
        "usd_per_gpu_hour": _t("Price per GPU-hour"),
        "default": _t("Default"),
        "instance": _t("Instance"),
        "region": _t("Region"),
        "electricity_usd_per_kwh": _t("Electricity"),
        "pue": _t("PUE"),
        "colocation_usd_per_kw_month": _t("Colocation"),
        "support_fraction_per_year": _t("Support"),
        "staff_usd_per_year": _t("Staff"),
        "software_usd_per_year": _t("Software"),
        "depreciation_years": _t("Depreciation"),
        "discount_rate": _t("Discount rate"),
        "checkpoint_write_gb_per_s": _t("Checkpoint write"),
        "restart_minutes": _t("Restart"),
        "usd_to_krw": _t("Exchange rate"),
        "staff_usd_per_node_year": _t("Staff per node"),
    }
    return labels.get(name, name.replace("_", " ").capitalize())


def unit_label(col: Column) -> str:
    if col.kind == "bytes":
        return "GiB"
    if col.unit in ("", "year", "ratio", "GPUs"):
        return ""
    return col.unit


def range_text(col: Column) -> str:
    unit = unit_label(col)
    if col.kind == "bytes":
        lo = f"{col.min / GIB:g}" if col.min is not None else ""
        hi = f"{col.max / GIB:g}" if col.max is not None else ""
    else:
        lo = f"{col.min:,g}" if col.min is not None else ""
        hi = f"{col.max:,g}" if col.max is not None else ""
    if not lo and not hi:
        return ""
    return QCoreApplication.translate("Catalog", "from {0} to {1} {2}").format(lo, hi, unit).strip()


def column_help(col: Column) -> str:
    t = QCoreApplication.translate
    lines = [f"{column_label(col.name)} ({col.name})"]
    if col.help:
        lines.append(col.help)
    rng = range_text(col)
    if rng:
        lines.append(t("Catalog", "Range: {0}").format(rng))
    if col.kind == "enum":
        lines.append(t("Catalog", "One of: {0}").format(", ".join(col.choices)))
    if col.kind == "bytes":
        lines.append(t("Catalog", "Type a size in GiB (96), or with its unit: 141 GB, 80 GiB."))
    if col.kind == "date":
        lines.append(t("Catalog", "A date: YYYY, YYYY-MM or YYYY-MM-DD."))
    lines.append(t("Catalog", "Required.") if col.required and col.kind != "bool" else t("Catalog", "Optional."))
    return "\n".join(lines)


def parse_number(text: str) -> float | None:
    try:
        v = float(text.replace("_", "").replace(",", ""))
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def display_text(col: Column, text: str) -> str:
    """A cell as the table shows it: sizes in GiB, large numbers with thousands separators, — for empty."""
    text = text.strip()
    if not text:
        return "—"
    if col.kind == "bytes":
        try:
            v = parse_cell(col, text)
        except ValueError:
            return text
        return f"{v / GIB:,.1f}".rstrip("0").rstrip(".") + " GiB"
    if col.kind in ("int", "float") and col.unit != "year":
        v = parse_number(text)
        if v is not None and abs(v) >= 10_000 and v.is_integer():
            return f"{int(v):,}"
    return text


def truthy(text: str) -> bool:
    return text.strip().lower() in ("true", "yes", "1", "y")


def bytes_from_text(col: Column, text: str) -> float | None:
    """A size typed into a GiB column: a bare number is GiB (the column's unit: "96" is 96 GiB, not 96
    bytes); "141 GB", "80 GiB" or "85899345920 B" say their own unit. None when it is not a size."""
    text = text.strip()
    if not text:
        return None
    bare = parse_number(text)
    if bare is not None:
        return bare * GIB
    try:
        return float(parse_cell(col, text))
    except ValueError:
        return None
