"""Cell and row parsing: CSV text to typed values and row objects, with the range and consistency checks."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Mapping
from dataclasses import MISSING, fields
from datetime import date
from typing import Any

from gpuplanner.core.errors import is_unsafe_char, printable
from gpuplanner.core.residual import parse_curve

from .schema import Column, TableSchema, table_schema
from .types import CatalogError, RawRow

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


def _q(text: str) -> str:
    """A cell's text quoted for a message: escapes shown, cut to about 80 characters (a 100 kB cell is
    still a one-line message)."""
    return "'" + printable(text) + "'"


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
            raise ValueError(f"{_q(text)} is not a valid id (lowercase letters, digits, '.', '-', '_')")
        return text
    if kind == "str":
        # control characters and non-characters reach the terminal as escapes and make a workbook that
        # openpyxl cannot read back (issue #18 class 5): replaced, like a scenario's name
        return "".join("\ufffd" if is_unsafe_char(ch) and ch not in "\n\t" else ch for ch in text)
    if kind == "enum":
        if text not in col.choices:
            hint = difflib.get_close_matches(text, col.choices, 1)
            more = f"; did you mean {hint[0]}?" if hint else ""
            raise ValueError(f"{_q(text)} is not one of {', '.join(col.choices)}{more}")
        return text
    if kind == "bool":
        low = text.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise ValueError(f"{_q(text)} is not true or false")
    if kind == "date":
        m = _DATE_RE.match(text)
        if not m:
            raise ValueError(f"{_q(text)} is not a date (YYYY, YYYY-MM or YYYY-MM-DD)")
        try:
            date(int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1))
        except ValueError:
            raise ValueError(f"{_q(text)} is not a valid date") from None
        return text
    if kind == "int":
        try:
            number = _parse_float(text)
        except ValueError:
            raise ValueError(f"{_q(text)} is not a whole number") from None
        if number != int(number):
            raise ValueError(f"{_q(text)} is not a whole number")
        value: Any = int(number)
    elif kind == "bytes":
        m = _BYTES_RE.match(text)
        if not m:
            raise ValueError(f"{_q(text)} is not a byte count (an integer, or a number with GiB/GB/MiB/MB)")
        value = float(m.group(1)) * _BYTE_UNITS[m.group(2)]
        if not math.isfinite(value):  # "1e400" reads as inf: int(inf) raised OverflowError in every command
            raise ValueError(f"{_q(text)} is not a finite byte count")
        if value != int(value):
            raise ValueError(f"{_q(text)} is not a whole number of bytes")
        value = int(value)
    elif kind == "float":
        try:
            value = _parse_float(text)
        except ValueError:
            raise ValueError(f"{_q(text)} is not a number") from None
    else:  # pragma: no cover - schema error
        raise AssertionError(kind)
    unit = f" {col.unit}" if col.unit and col.unit not in ("bytes", "fraction") else ""
    if col.min is not None and value < col.min:
        raise ValueError(f"{printable(text)} is below the minimum {col.min:g}{unit}")
    if col.max is not None and value > col.max:
        raise ValueError(f"{printable(text)} is above the maximum {col.max:g}{unit}")
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
        if obj.power_draw_kw is not None and obj.power_full_kw is not None and obj.power_draw_kw > obj.power_full_kw:
            bad("power_draw_kw", f"training draw {obj.power_draw_kw:g} kW exceeds the rating {obj.power_full_kw:g} kW")
        try:
            parse_curve(obj.residual_by_age)
        except ValueError as err:
            bad("residual_by_age", f'{err} (write "1:0.6 3:0.3": age in years, fraction of the price)')
    if table == "gpus":
        if obj.fp16_dense_tflops is not None and obj.fp16_dense_tflops > 4.01 * obj.bf16_dense_tflops:
            bad("fp16_dense_tflops", "more than 4x the bf16 peak: a sparse or FP16-accumulate figure?")
        if obj.fp32_tflops is not None and obj.fp32_tflops > obj.bf16_dense_tflops:
            bad("fp32_tflops", "FP32 above the dense bf16 tensor peak: units or columns swapped?")
    return out


def validate_row(table: str, row: Mapping[str, Any], *, file: str = "<edit>") -> list[str]:
    """Problems of one row given as a mapping of column -> value or text (for editors); empty when valid."""
    schema = table_schema(table)
    unknown = [k for k in row if k not in schema.column_names]
    out = [f"{file}: column {k}: unknown column" for k in unknown]
    raw = RawRow({k: format_cell(v) for k, v in row.items() if k in schema.column_names}, file, 1)
    _, errs = parse_row(schema, raw)
    return out + [str(e) for e in errs]
