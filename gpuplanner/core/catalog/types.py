"""Catalog row types: the frozen dataclasses the engine reads, the raw text row of a file, and CatalogError.

Field names are the CSV column names (``schema.py`` lists the columns with their units and ranges).
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.core.errors import MAX_MESSAGE_CHARS, InputError, printable

DEFAULT_SITE = "us-colo"
TIERS = ("on_demand", "reserved_1y", "reserved_3y", "spot")
DTYPES = ("fp32", "tf32", "bf16", "fp16", "fp8", "int8")
FORM_FACTORS = ("sxm", "pcie", "oam", "superchip", "apu", "workstation", "consumer", "tpu")


@dataclass(frozen=True)
class GpuSpec:
    """One accelerator device as the framework sees it (an MI250X GCD, one GPU of a superchip)."""

    id: str
    vendor: str
    name: str
    form_factor: str
    memory_bytes: int  # usable device memory (nominal capacity; rule in catalog/README.md)
    memory_bandwidth_gb_per_s: float  # decimal GB/s
    fp32_tflops: float | None  # non-tensor FP32
    tf32_dense_tflops: float | None
    bf16_dense_tflops: float  # dense tensor peak, FP32 accumulate
    fp16_dense_tflops: float | None
    fp8_dense_tflops: float | None
    int8_dense_tops: float | None
    gemm_efficiency: float  # achievable fraction of dense bf16 peak for large GEMMs (MAMF)
    intra_node_link: str
    intra_node_gb_per_s: float | None  # per GPU, one direction, decimal GB/s
    pcie_gen: int | None
    tdp_watts: float | None  # None only where nobody publishes it (TPU chips)
    year: int | None
    notes: str
    spec_source: str
    spec_as_of: str
    # added fields (with defaults, so hand-built specs in tests keep working)
    architecture: str = ""
    memory_type: str = ""
    efficiency_source: str = ""
    efficiency_as_of: str = ""
    devices_per_package: int = 1

    def peak_tflops(self, dtype: str) -> float | None:
        """Dense peak for ``dtype`` (fp32/tf32/bf16/fp16/fp8/int8; int8 in TOPS); None when not published."""
        attr = _DTYPE_FIELD.get(dtype)
        if attr is None:
            raise ValueError(f"unknown dtype {dtype!r}; expected one of {', '.join(DTYPES)}")
        return getattr(self, attr)

    @property
    def memory_gib(self) -> float:
        return self.memory_bytes / 2**30


_DTYPE_FIELD = {
    "fp32": "fp32_tflops",
    "tf32": "tf32_dense_tflops",
    "bf16": "bf16_dense_tflops",
    "fp16": "fp16_dense_tflops",
    "fp8": "fp8_dense_tflops",
    "int8": "int8_dense_tops",
}


@dataclass(frozen=True)
class NodeType:
    """A server (or workstation, or cloud host) holding ``gpus_per_node`` GPUs of one type."""

    id: str
    name: str
    gpu: str
    gpus_per_node: int
    power_full_kw: float | None  # whole node at full training load, kW (None: nobody publishes it)
    power_idle_kw: float | None
    network: str
    network_gb_per_s_per_gpu: float | None  # inter-node, one direction, per GPU, decimal GB/s
    price_usd: float | None  # server with its GPUs
    network_usd_per_node: float | None
    install_usd_per_node: float | None
    default_for_gpu: bool
    source: str  # configuration and power
    as_of: str
    notes: str
    price_source: str = ""
    price_as_of: str = ""
    # measured whole-node draw during training (kW; None: not measured, the engine uses power_full_kw)
    power_draw_kw: float | None = None
    # resale value by age, "AGE:FRACTION …" ("1:0.6 3:0.3"; empty: straight-line depreciation)
    residual_by_age: str = ""


@dataclass(frozen=True)
class CloudOffer:
    id: str
    provider: str
    gpu: str
    tier: str  # on_demand | reserved_1y | reserved_3y | spot
    usd_per_gpu_hour: float
    default: bool
    source: str
    as_of: str
    notes: str
    instance: str = ""
    region: str = ""


@dataclass(frozen=True)
class SiteProfile:
    id: str
    name: str
    electricity_usd_per_kwh: float
    pue: float
    colocation_usd_per_kw_month: float
    support_fraction_per_year: float
    staff_usd_per_year: float
    software_usd_per_year: float
    depreciation_years: float
    discount_rate: float
    checkpoint_write_gb_per_s: float
    restart_minutes: float
    usd_to_krw: float
    source: str
    as_of: str
    notes: str
    staff_usd_per_node_year: float | None = None  # added: staff cost that scales with the node count


class CatalogError(InputError):
    """A catalog problem; the message names the file, the line and the column."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: str | None = None,
        problems: tuple[str, ...] = (),
    ) -> None:
        self.line = line
        self.column = column
        where = []
        if line is not None:
            where.append(f"line {line}")
        if column:
            where.append(f"column {column}")
        super().__init__(message, file=file, key=", ".join(where) or None)
        self.problems: tuple[str, ...] = problems or (str(self),)
        # where the problem lies, for leaving out a bad user row instead of the whole user layer:
        self.row_id = ""  # the row's id, when the problem is one row's
        self.rows: tuple[tuple[str, str], ...] = ()  # (table, id) of the rows it concerns, likeliest culprit first
        self.scope = "row"  # what a lenient reader left out: "row", "column", "rest" (of the file) or "file"


@dataclass
class RawRow:
    """One data row as text, with where it came from."""

    cells: dict[str, str]
    file: str
    line: int
    user: bool = False

    @property
    def id(self) -> str:
        return self.cells.get("id", "").strip()


@dataclass(frozen=True)
class UserRowProblem:
    """A part of the user layer left out when the catalog loaded, and why (the rest of it still applies).

    ``left_out`` is "row" (one row), "column" (a column this version does not know), "rest" (a file from
    ``line`` on, after a CSV syntax error), "file" (a file that cannot be read) or "layer" (a problem no
    single row explains: the whole user layer was left out).
    """

    file: str
    line: int | None
    row_id: str
    column: str | None
    reason: str
    left_out: str = "row"
    more: int = 0  # further problems in the same row

    @property
    def key(self) -> tuple[str, str, str | None, str]:
        """What identifies the problem across saves (line numbers move when rows are removed)."""
        return (self.file, self.row_id, self.column, self.left_out)

    def __str__(self) -> str:
        where = [f"line {self.line}"] if self.line is not None else []
        if self.row_id:
            where.append(f"id {self.row_id!r}")
        if self.column:
            where.append(f"column {self.column}")
        place = ": ".join([self.file, ", ".join(where)] if where else [self.file])
        more = f" (and {self.more} more problem(s) in this row)" if self.more else ""
        what = {
            "row": "row ignored",
            "column": "column(s) ignored",
            "rest": "this line and the rest of the file ignored",
            "file": "file ignored",
            "layer": "user catalog ignored",
        }[self.left_out]
        return printable(f"user catalog: {place}: {self.reason}{more}; {what}", MAX_MESSAGE_CHARS)
