"""Hardware: the catalog rows of the compared GPUs, their node types and default cloud offers, with sources and
as-of dates, one column per option. Empty = nobody published it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...cells import col, put
from ...public import public_text
from ..layout import GIB
from ..options import Option

if TYPE_CHECKING:
    from ..builder import Builder

SHEET = "Hardware"
HEADER_ROW = 4
Get = Callable[[Option], Any]

GPU_LINES: tuple[tuple[str, str, Get, str], ...] = (
    ("Catalog id", "", lambda o: o.gpu.id, "text"),
    ("Vendor", "", lambda o: o.gpu.vendor, "text"),
    ("Name", "", lambda o: o.gpu.name, "text"),
    ("Architecture", "", lambda o: o.gpu.architecture, "text"),
    ("Form factor", "", lambda o: o.gpu.form_factor, "text"),
    ("Year", "", lambda o: o.gpu.year, "month"),
    ("Memory (usable)", "GiB", lambda o: o.gpu.memory_bytes / GIB, "gib"),
    ("Memory type", "", lambda o: o.gpu.memory_type, "text"),
    ("Memory bandwidth", "GB/s", lambda o: o.gpu.memory_bandwidth_gb_per_s, "int"),
    ("BF16 dense peak", "TFLOPS", lambda o: o.gpu.bf16_dense_tflops, "num"),
    ("FP16 dense peak", "TFLOPS", lambda o: o.gpu.fp16_dense_tflops, "num"),
    ("FP8 dense peak", "TFLOPS", lambda o: o.gpu.fp8_dense_tflops, "num"),
    ("TF32 dense peak", "TFLOPS", lambda o: o.gpu.tf32_dense_tflops, "num"),
    ("FP32 (non-tensor)", "TFLOPS", lambda o: o.gpu.fp32_tflops, "num"),
    ("Achievable GEMM efficiency (MAMF)", "fraction", lambda o: o.gpu.gemm_efficiency, "pct"),
    ("GPU-to-GPU link", "", lambda o: o.gpu.intra_node_link, "text"),
    ("GPU-to-GPU bandwidth (one way, per GPU)", "GB/s", lambda o: o.gpu.intra_node_gb_per_s, "int"),
    ("PCIe generation", "", lambda o: o.gpu.pcie_gen, "month"),
    ("TDP", "W", lambda o: o.gpu.tdp_watts, "int"),
    ("Spec source", "", lambda o: o.gpu.spec_source, "text"),
    ("Spec as of", "", lambda o: o.gpu.spec_as_of, "text"),
    ("Efficiency source", "", lambda o: o.gpu.efficiency_source, "text"),
    ("Efficiency as of", "", lambda o: o.gpu.efficiency_as_of, "text"),
    ("Notes", "", lambda o: o.gpu.notes, "text"),
)
NODE_LINES: tuple[tuple[str, str, Get, str], ...] = (
    ("Catalog id", "", lambda o: o.node.id, "text"),
    ("Name", "", lambda o: o.node.name, "text"),
    ("GPUs per node (catalog)", "GPUs", lambda o: o.node.gpus_per_node, "int"),
    ("GPUs per node (this plan)", "GPUs", lambda o: o.inputs.gpus_per_node, "int"),
    ("Power at full load", "kW", lambda o: o.node.power_full_kw, "kw"),
    ("Power idle", "kW", lambda o: o.node.power_idle_kw, "kw"),
    ("Network", "", lambda o: o.node.network, "text"),
    ("Network bandwidth per GPU (one way)", "GB/s", lambda o: o.node.network_gb_per_s_per_gpu, "num"),
    ("Price (server with GPUs)", "USD", lambda o: o.node.price_usd, "usd0"),
    ("Network per node", "USD", lambda o: o.node.network_usd_per_node, "usd0"),
    ("Installation per node", "USD", lambda o: o.node.install_usd_per_node, "usd0"),
    ("Configuration and power source", "", lambda o: o.node.source, "text"),
    ("As of", "", lambda o: o.node.as_of, "text"),
    ("Price source", "", lambda o: o.node.price_source, "text"),
    ("Price as of", "", lambda o: o.node.price_as_of, "text"),
    ("Notes", "", lambda o: o.node.notes, "text"),
)
OFFER_SECTIONS = (
    ("on_demand", "Cloud offer: on-demand"),
    ("reserved_1y", "Cloud offer: reserved 1 year"),
    ("reserved_3y", "Cloud offer: reserved 3 years"),
    ("spot", "Cloud offer: spot"),
)
OFFER_LINES = (
    ("Offer id", "", "id", "text"),
    ("Provider", "", "provider", "text"),
    ("Instance", "", "instance", "text"),
    ("Region", "", "region", "text"),
    ("Price", "USD per GPU-hour", "usd_per_gpu_hour", "usd2"),
    ("Source", "", "source", "text"),
    ("As of", "", "as_of", "text"),
    ("Notes", "", "notes", "text"),
)


class _Lines:
    def __init__(self, b: Builder) -> None:
        self.b = b
        self.ws = b.ws[SHEET]
        self.r = HEADER_ROW + 1

    def section(self, title: str) -> None:
        self.r += 1
        put(self.ws, self.r, 1, title, "section")
        self.r += 1

    def line(self, label: str, unit: str, get: Get, fmt: str = "num") -> None:
        ws, r = self.ws, self.r
        put(ws, r, 1, self.b.t(label), "text")
        put(ws, r, 2, self.b.t(unit), "text")
        for opt in self.b.options:
            v = get(opt)
            v = public_text(v) if isinstance(v, str) else v
            put(
                ws,
                r,
                2 + opt.k,
                v,
                "wrap" if isinstance(v, str) else None,
                None if isinstance(v, str) else self.b.fmt[fmt],
            )
        self.r += 1


def _offer_value(o: Option, tier: str, attr: str) -> Any:
    offer = o.offers.get(tier)
    if offer is None:
        return "none published in the catalog" if attr == "id" else None
    return getattr(offer, attr)


def write(b: Builder) -> None:
    _heading(b)
    lines = _Lines(b)
    lines.section("GPU")
    for label, unit, get, fmt in GPU_LINES:
        lines.line(label, unit, get, fmt)
    lines.section("Node type")
    for label, unit, get, fmt in NODE_LINES:
        lines.line(label, unit, get, fmt)
    for tier, title in OFFER_SECTIONS:
        lines.section(title)
        for label, unit, attr, fmt in OFFER_LINES:

            def get(o: Option, tier: str = tier, attr: str = attr) -> Any:
                return _offer_value(o, tier, attr)

            lines.line(label, unit, get, fmt)


def _heading(b: Builder) -> None:
    ws, t = b.ws[SHEET], b.t
    put(ws, 1, 1, t("Hardware"), "title")
    put(
        ws,
        2,
        1,
        "Catalog rows of the compared GPUs, their node types and default cloud offers, with sources "
        "and as-of dates. Empty = nobody published it (see notes).",
        "subtitle",
    )
    put(ws, HEADER_ROW, 1, t("Item"), "header")
    put(ws, HEADER_ROW, 2, t("Unit"), "header")
    for opt in b.options:
        put(ws, HEADER_ROW, 2 + opt.k, opt.label, "header")
        ws.column_dimensions[col(2 + opt.k)].width = 28
    ws.column_dimensions["A"].width = 36
    ws.column_dimensions["B"].width = 16
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=3)
