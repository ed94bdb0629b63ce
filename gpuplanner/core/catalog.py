"""The hardware catalog: GPUs, node types, cloud offers and site profiles (spec §2 "catalog", §4.4).

The shipped catalog is four CSV files in ``catalog/`` (see ``catalog/README.md`` for every column and its
unit). User edits and additions are CSV files with the same columns in the user's data directory; they are
laid over the shipped rows by id (``catalog_user.py`` writes them). Only the ``csv`` module is used here.

Loading validates types, units, ranges, unique ids and the references between tables, and every problem
names the file, the line and the column.
"""

from __future__ import annotations

import csv
import difflib
import io
import math
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from datetime import date
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from gpuplanner.core.errors import FileAccessError, InputError

_Row = TypeVar("_Row")
DEFAULT_SITE = "us-colo"
TIERS = ("on_demand", "reserved_1y", "reserved_3y", "spot")
DTYPES = ("fp32", "tf32", "bf16", "fp16", "fp8", "int8")
FORM_FACTORS = ("sxm", "pcie", "oam", "superchip", "apu", "workstation", "consumer", "tpu")

# ---------------------------------------------------------------------------------------------------------
# Row types


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


# ---------------------------------------------------------------------------------------------------------
# Schema: one Column per CSV column; the column names are the dataclass field names.


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


# ---------------------------------------------------------------------------------------------------------
# Cell parsing

_ID_RE = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
_DATE_RE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")
_BYTES_RE = re.compile(r"^([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*(GiB|GB|MiB|MB|TiB|TB|B)?$")
_BYTE_UNITS = {
    None: 1,
    "B": 1,
    "MB": 10**6,
    "GB": 10**9,
    "TB": 10**12,
    "MiB": 2**20,
    "GiB": 2**30,
    "TiB": 2**40,
}
_TRUE = {"true", "yes", "1", "y"}
_FALSE = {"false", "no", "0", "n", ""}


def _parse_float(text: str) -> float:
    value = float(text.replace("_", "")) if text.lower() not in {"nan", "inf", "-inf", "infinity"} else math.nan
    if not math.isfinite(value):
        raise ValueError
    return value


def parse_cell(col: Column, text: str) -> Any:
    """Convert one cell to its Python value; raises ValueError with a human message."""
    text = text.strip()
    if text == "":
        if col.kind == "bool":
            return False
        if col.required:
            raise ValueError("is empty but required")
        return "" if col.kind in ("str", "date") else None
    kind = col.kind
    if kind in ("id", "ref"):
        if not _ID_RE.match(text):
            raise ValueError(f"{text!r} is not a valid id (lowercase letters, digits, '.', '-', '_')")
        return text
    if kind == "str":
        return text
    if kind == "enum":
        if text not in col.choices:
            hint = difflib.get_close_matches(text, col.choices, 1)
            more = f"; did you mean {hint[0]}?" if hint else ""
            raise ValueError(f"{text!r} is not one of {', '.join(col.choices)}{more}")
        return text
    if kind == "bool":
        low = text.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise ValueError(f"{text!r} is not true or false")
    if kind == "date":
        m = _DATE_RE.match(text)
        if not m:
            raise ValueError(f"{text!r} is not a date (YYYY, YYYY-MM or YYYY-MM-DD)")
        try:
            date(int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1))
        except ValueError:
            raise ValueError(f"{text!r} is not a valid date") from None
        return text
    if kind == "int":
        try:
            number = _parse_float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
        if number != int(number):
            raise ValueError(f"{text!r} is not a whole number")
        value: Any = int(number)
    elif kind == "bytes":
        m = _BYTES_RE.match(text)
        if not m:
            raise ValueError(f"{text!r} is not a byte count (an integer, or a number with GiB/GB/MiB/MB)")
        value = float(m.group(1)) * _BYTE_UNITS[m.group(2)]
        if value != int(value):
            raise ValueError(f"{text!r} is not a whole number of bytes")
        value = int(value)
    elif kind == "float":
        try:
            value = _parse_float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number") from None
    else:  # pragma: no cover - schema error
        raise AssertionError(kind)
    unit = f" {col.unit}" if col.unit and col.unit not in ("bytes", "fraction") else ""
    if col.min is not None and value < col.min:
        raise ValueError(f"{text} is below the minimum {col.min:g}{unit}")
    if col.max is not None and value > col.max:
        raise ValueError(f"{text} is above the maximum {col.max:g}{unit}")
    return value


def format_cell(value: Any) -> str:
    """The CSV text for a Python value (the inverse of :func:`parse_cell`)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return str(value)


# ---------------------------------------------------------------------------------------------------------
# Reading CSV files


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


def read_table_file(path: Path, schema: TableSchema, *, partial_columns: bool = False) -> list[RawRow]:
    """Read one CSV file; structural problems raise CatalogError naming the file and line.

    ``partial_columns`` allows a header with a subset of the columns (user files; ``id`` is always needed).
    """
    name = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CatalogError("file is missing", file=name) from None
    except OSError as exc:
        raise FileAccessError(f"cannot read: {exc.strerror or exc}", file=name) from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CatalogError("is not UTF-8 text (save it as CSV UTF-8)", file=name, line=line) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise CatalogError("contains NUL bytes (corrupt or not a CSV file)", file=name, line=line)
    if not text.strip():
        raise CatalogError("file is empty (expected a header line with the column names)", file=name, line=1)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[RawRow] = []
    try:
        header = [h.strip() for h in next(reader)]
        _check_header(header, schema, name, partial_columns)
        width = len(header)
        while True:
            start = reader.line_num + 1
            try:
                cells = next(reader)
            except StopIteration:
                break
            if not cells or all(not c.strip() for c in cells):
                continue
            if len(cells) != width:
                hint = " (file truncated, or a comma missing or extra?)" if len(cells) < width else ""
                raise CatalogError(f"expected {width} cells, found {len(cells)}{hint}", file=name, line=start)
            rows.append(RawRow(dict(zip(header, cells, strict=True)), name, start))
    except csv.Error as exc:
        raise CatalogError(f"not valid CSV: {exc} (file truncated?)", file=name, line=reader.line_num) from None
    return rows


def _check_header(header: list[str], schema: TableSchema, file: str, partial: bool) -> None:
    seen: set[str] = set()
    for h in header:
        if h in seen:
            raise CatalogError(f"column {h!r} appears twice in the header", file=file, line=1, column=h)
        seen.add(h)
        if h not in schema.column_names:
            hint = difflib.get_close_matches(h, schema.column_names, 1)
            more = f"; did you mean {hint[0]}?" if hint else ""
            raise CatalogError(f"unknown column {h!r}{more}", file=file, line=1, column=h)
    required = ["id"] if partial else list(schema.column_names)
    missing = [c for c in required if c not in seen]
    if missing:
        raise CatalogError(
            f"header lacks column(s) {', '.join(missing)} (file truncated or not a {schema.file}?)",
            file=file,
            line=1,
            column=missing[0],
        )


def parse_row(schema: TableSchema, row: RawRow) -> tuple[Any | None, list[CatalogError]]:
    """Typed row object and the problems found (the object is None if there were any)."""
    values: dict[str, Any] = {}
    problems: list[CatalogError] = []
    for col in schema.columns:
        try:
            values[col.name] = parse_cell(col, row.cells.get(col.name, ""))
        except ValueError as exc:
            problems.append(CatalogError(str(exc), file=row.file, line=row.line, column=col.name))
    if problems:
        return None, problems
    kwargs = {}
    for f in fields(schema.row_type):
        if f.name not in values:
            continue
        v = values[f.name]
        if v is None and f.default not in (MISSING, None):
            v = f.default  # an empty optional cell takes the field's documented default (devices_per_package=1)
        kwargs[f.name] = v
    obj = schema.row_type(**kwargs)
    problems.extend(_row_checks(schema.name, obj, row))
    return (None if problems else obj), problems


def _row_checks(table: str, obj: Any, row: RawRow) -> list[CatalogError]:
    out = []

    def bad(column: str, message: str) -> None:
        out.append(CatalogError(message, file=row.file, line=row.line, column=column))

    if table == "nodes":
        if obj.power_full_kw is not None and obj.power_idle_kw is not None and obj.power_idle_kw > obj.power_full_kw:
            bad(
                "power_idle_kw",
                f"idle power {obj.power_idle_kw:g} kW exceeds full-load power {obj.power_full_kw:g} kW",
            )
        if obj.price_usd is not None and not obj.price_source:
            bad("price_source", "a price needs a price_source")
        if obj.price_usd is not None and not obj.price_as_of:
            bad("price_as_of", "a price needs a price_as_of date")
    if table == "gpus":
        if obj.fp16_dense_tflops is not None and obj.fp16_dense_tflops > 4.01 * obj.bf16_dense_tflops:
            bad("fp16_dense_tflops", "more than 4x the bf16 peak: a sparse or FP16-accumulate figure?")
        if obj.fp32_tflops is not None and obj.fp32_tflops > obj.bf16_dense_tflops:
            bad("fp32_tflops", "FP32 above the dense bf16 tensor peak: units or columns swapped?")
    return out


# ---------------------------------------------------------------------------------------------------------
# The catalog


def _suggest(query: str, ids: Iterable[str], n: int = 4) -> str:
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
        raise CatalogError(f"unknown {kind} {key!r}{_suggest(key, table)}", file=file) from None


@dataclass(frozen=True)
class Catalog:
    gpus: Mapping[str, GpuSpec]
    nodes: Mapping[str, NodeType]
    offers: tuple[CloudOffer, ...]
    sites: Mapping[str, SiteProfile]
    user_row_ids: frozenset[tuple[str, str]]  # (table, id) of rows from the user layer
    warnings: tuple[str, ...] = ()  # e.g. "user catalog ignored: ..." when the user layer is corrupt
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
        raise CatalogError(f"unknown cloud offer {offer_id!r}{_suggest(offer_id, ids)}", file="cloud_offers.csv")

    def is_user_row(self, table: str, row_id: str) -> bool:
        return (table_schema(table).name, row_id) in self.user_row_ids

    def rows(self, table: str) -> tuple[Mapping[str, str], ...]:
        """The merged rows of ``table`` as CSV text cells (for editors and exports)."""
        return self.raw.get(table_schema(table).name, ())


USER_DIR_ENV = "GPUPLANNER_DATA_DIR"


def default_user_dir() -> Path:
    """Where user catalog edits live: platformdirs user_data_dir("gpuplanner")/catalog.

    The environment variable GPUPLANNER_DATA_DIR replaces the data directory (tests, portable installs).
    """
    override = os.environ.get(USER_DIR_ENV)
    if override:
        return Path(override) / "catalog"
    import platformdirs

    return Path(platformdirs.user_data_dir("gpuplanner", appauthor=False)) / "catalog"


def read_folder_rows(
    folder: Path, *, partial_columns: bool = False, missing_ok: bool = False, user: bool = False
) -> dict[str, list[RawRow]]:
    """The raw rows of every table file in ``folder``; structural problems raise CatalogError."""
    out: dict[str, list[RawRow]] = {}
    for name, schema in SCHEMA.items():
        path = folder / schema.file
        if missing_ok and not path.exists():
            out[name] = []
            continue
        rows = read_table_file(path, schema, partial_columns=partial_columns)
        for r in rows:
            r.user = user
        out[name] = rows
    return out


def merge_rows(shipped: Mapping[str, list[RawRow]], user: Mapping[str, list[RawRow]]) -> dict[str, list[RawRow]]:
    """Lay user rows over shipped rows by id.

    A user row replaces the shipped row with its id; cells missing from a user file (a column added by a
    later shipped catalog) are taken from the shipped row. A user row marked default (node for its GPU,
    offer for its GPU and tier) takes the default over from the shipped rows.
    """
    merged: dict[str, list[RawRow]] = {}
    for table in SCHEMA:
        by_id = {r.id: r for r in shipped.get(table, [])}
        order = list(by_id)
        user_rows = user.get(table, [])
        for u in user_rows:
            base = by_id.get(u.id)
            cells = dict(base.cells) if base else {}
            cells.update(u.cells)
            if u.id not in by_id:
                order.append(u.id)
            by_id[u.id] = RawRow(cells, u.file, u.line, user=True)
        rows = [by_id[i] for i in order]
        flag = {"nodes": "default_for_gpu", "cloud_offers": "default"}.get(table)
        if flag:
            col = SCHEMA[table].column(flag)
            taken: set[tuple[str, ...]] = set()
            for r in rows:
                if r.user and _bool_or_false(col, r.cells.get(flag, "")):
                    taken.add(_default_key(table, r))
            for i, r in enumerate(rows):
                if not r.user and _default_key(table, r) in taken and _bool_or_false(col, r.cells.get(flag, "")):
                    rows[i] = RawRow({**r.cells, flag: "false"}, r.file, r.line, user=False)
        merged[table] = rows
    return merged


def _bool_or_false(col: Column, text: str) -> bool:
    try:
        return bool(parse_cell(col, text))
    except ValueError:
        return False


def _default_key(table: str, r: RawRow) -> tuple[str, ...]:
    if table == "nodes":
        return (r.cells.get("gpu", "").strip(),)
    return (r.cells.get("gpu", "").strip(), r.cells.get("tier", "").strip())


def build_catalog(tables: Mapping[str, list[RawRow]]) -> tuple[Catalog | None, list[CatalogError]]:
    """Parse and cross-check merged rows; returns the catalog or the problems."""
    problems: list[CatalogError] = []
    parsed: dict[str, list[tuple[Any, RawRow]]] = {}
    for name, schema in SCHEMA.items():
        seen: dict[str, RawRow] = {}
        parsed[name] = []
        for row in tables.get(name, []):
            if row.id in seen:
                first = seen[row.id]
                problems.append(
                    CatalogError(
                        f"duplicate id {row.id!r} (first on line {first.line})",
                        file=row.file,
                        line=row.line,
                        column="id",
                    )
                )
                continue
            seen[row.id] = row
            obj, errs = parse_row(schema, row)
            problems.extend(errs)
            if obj is not None:
                parsed[name].append((obj, row))
    gpu_ids = {r.id for r in tables.get("gpus", [])}
    for table in ("nodes", "cloud_offers"):
        for obj, row in parsed[table]:
            if obj.gpu not in gpu_ids:
                problems.append(
                    CatalogError(
                        f"unknown GPU {obj.gpu!r}{_suggest(obj.gpu, gpu_ids)}",
                        file=row.file,
                        line=row.line,
                        column="gpu",
                    )
                )
    _check_defaults(parsed, gpu_ids, tables, problems)
    if not parsed["sites"] and not problems:
        problems.append(CatalogError("no site profiles", file=SCHEMA["sites"].file))
    if problems:
        return None, problems
    user_ids = frozenset((t, r.id) for t, rows in tables.items() for r in rows if r.user)
    raw = {t: tuple(MappingProxyType(dict(r.cells)) for r in rows) for t, rows in tables.items()}
    cat = Catalog(
        gpus=MappingProxyType({o.id: o for o, _ in parsed["gpus"]}),
        nodes=MappingProxyType({o.id: o for o, _ in parsed["nodes"]}),
        offers=tuple(o for o, _ in parsed["cloud_offers"]),
        sites=MappingProxyType({o.id: o for o, _ in parsed["sites"]}),
        user_row_ids=user_ids,
        raw=MappingProxyType(raw),
    )
    return cat, []


def _check_defaults(
    parsed: Mapping[str, list[tuple[Any, RawRow]]],
    gpu_ids: set[str],
    tables: Mapping[str, list[RawRow]],
    problems: list[CatalogError],
) -> None:
    # a node row that failed to parse may be the missing default: only report "no default" when all parsed
    nodes_complete = len(parsed["nodes"]) == len(tables.get("nodes", []))
    defaults: dict[str, list[RawRow]] = {}
    for obj, row in parsed["nodes"]:
        if obj.default_for_gpu:
            defaults.setdefault(obj.gpu, []).append(row)
    for gid in sorted(gpu_ids):
        rows = defaults.get(gid, [])
        if len(rows) > 1:
            lines = ", ".join(f"{r.file} line {r.line}" for r in rows)
            problems.append(
                CatalogError(
                    f"GPU {gid!r} has {len(rows)} default node types ({lines}); exactly one allowed",
                    file=rows[1].file,
                    line=rows[1].line,
                    column="default_for_gpu",
                )
            )
        elif not rows and nodes_complete:
            node_rows = tables.get("nodes", [])
            problems.append(
                CatalogError(
                    f"GPU {gid!r} has no default node type (mark one node with default_for_gpu=true)",
                    file=node_rows[0].file if node_rows else SCHEMA["nodes"].file,
                    column="default_for_gpu",
                )
            )
    offer_defaults: dict[tuple[str, str], list[RawRow]] = {}
    for obj, row in parsed["cloud_offers"]:
        if obj.default:
            offer_defaults.setdefault((obj.gpu, obj.tier), []).append(row)
    for (gid, tier), rows in sorted(offer_defaults.items()):
        if len(rows) > 1:
            lines = ", ".join(f"line {r.line}" for r in rows)
            problems.append(
                CatalogError(
                    f"GPU {gid!r} tier {tier} has {len(rows)} default offers ({lines}); at most one allowed",
                    file=rows[1].file,
                    line=rows[1].line,
                    column="default",
                )
            )


def _first_error(problems: list[CatalogError]) -> CatalogError:
    first = problems[0]
    if len(problems) == 1:
        return first
    msg = f"{first.detail} (and {len(problems) - 1} more problem(s))"
    return CatalogError(
        msg, file=first.file, line=first.line, column=first.column, problems=tuple(str(p) for p in problems)
    )


def load_catalog(folder: Path | None = None, *, user_dir: Path | None = None, use_user_layer: bool = True) -> Catalog:
    """Load the shipped catalog (``folder``, default :func:`paths.catalog_dir`) and the user layer over it.

    A problem in the shipped files raises CatalogError (all problems in ``.problems``). A problem in the
    user layer never raises: the shipped data is used, the user files are left untouched, and the problem
    is reported in ``Catalog.warnings``.
    """
    if folder is None:
        from gpuplanner.core.paths import catalog_dir

        folder = catalog_dir()
    folder = Path(folder)
    shipped = read_folder_rows(folder)
    base, problems = build_catalog(shipped)
    if problems:
        raise _first_error(problems)
    assert base is not None
    if not use_user_layer:
        return _with(base, folder=folder, user_dir=None)
    udir = Path(user_dir) if user_dir is not None else default_user_dir()
    try:
        user = read_folder_rows(udir, partial_columns=True, missing_ok=True, user=True)
    except (CatalogError, FileAccessError) as exc:
        return _with(base, folder=folder, user_dir=udir, warnings=(f"user catalog ignored: {exc}",))
    if not any(user.values()):
        return _with(base, folder=folder, user_dir=udir)
    merged, problems = build_catalog(merge_rows(shipped, user))
    if problems or merged is None:
        err = _first_error(problems)
        return _with(base, folder=folder, user_dir=udir, warnings=(f"user catalog ignored: {err}",))
    return _with(merged, folder=folder, user_dir=udir)


def _with(cat: Catalog, **changes: Any) -> Catalog:
    from dataclasses import replace

    return replace(cat, **changes)


def validate_folder(folder: Path) -> list[str]:
    """Every problem in a catalog folder (shipped layout: all four files, all columns); empty when valid."""
    folder = Path(folder)
    problems: list[str] = []
    tables: dict[str, list[RawRow]] = {}
    for name, schema in SCHEMA.items():
        try:
            tables[name] = read_table_file(folder / schema.file, schema)
        except (CatalogError, FileAccessError) as exc:
            problems.append(str(exc))
            tables[name] = []
    if problems:
        return problems
    _, errs = build_catalog(tables)
    return [str(e) for e in errs]


def validate_row(table: str, row: Mapping[str, Any], *, file: str = "<edit>") -> list[str]:
    """Problems of one row given as a mapping of column -> value or text (for editors); empty when valid."""
    schema = table_schema(table)
    unknown = [k for k in row if k not in schema.column_names]
    out = [f"{file}: column {k}: unknown column" for k in unknown]
    raw = RawRow({k: format_cell(v) for k, v in row.items() if k in schema.column_names}, file, 1)
    _, errs = parse_row(schema, raw)
    return out + [str(e) for e in errs]


# ---------------------------------------------------------------------------------------------------------
# User layer writes live in catalog_user.py; these wrappers keep one import for callers.


def save_user_row(
    table: str, row: Mapping[str, Any], user_dir: Path | None = None, *, folder: Path | None = None
) -> None:
    """Store an edited or added row in the user layer (atomic write); see catalog_user.save_user_row."""
    from gpuplanner.core import catalog_user

    catalog_user.save_user_row(table, row, user_dir, folder=folder)


def reset_row(table: str, row_id: str, user_dir: Path | None = None) -> bool:
    """Drop the user's row so the shipped value applies again; True if a row was removed."""
    from gpuplanner.core import catalog_user

    return catalog_user.reset_row(table, row_id, user_dir)


def import_user_csv(table: str, path: Path, user_dir: Path | None = None, *, folder: Path | None = None) -> int:
    """Merge the rows of a CSV file (same columns) into the user layer; returns the number of rows."""
    from gpuplanner.core import catalog_user

    return catalog_user.import_user_csv(table, path, user_dir, folder=folder)


def export_user_csv(table: str, path: Path, user_dir: Path | None = None) -> int:
    """Write the user layer's rows of ``table`` to ``path`` (atomic); returns the number of rows."""
    from gpuplanner.core import catalog_user

    return catalog_user.export_user_csv(table, path, user_dir)


__all__ = [
    "DEFAULT_SITE",
    "DTYPES",
    "SCHEMA",
    "TABLES",
    "TIERS",
    "Catalog",
    "CatalogError",
    "CloudOffer",
    "Column",
    "GpuSpec",
    "NodeType",
    "SiteProfile",
    "TableSchema",
    "build_catalog",
    "default_user_dir",
    "export_user_csv",
    "format_cell",
    "import_user_csv",
    "load_catalog",
    "merge_rows",
    "parse_cell",
    "read_folder_rows",
    "read_table_file",
    "reset_row",
    "save_user_row",
    "table_schema",
    "validate_folder",
    "validate_row",
]
