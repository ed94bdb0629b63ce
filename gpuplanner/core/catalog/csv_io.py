"""Reading and writing catalog CSV files (the ``csv`` module only); problems name the file and the line."""

from __future__ import annotations

import csv
import difflib
import io
from collections.abc import Mapping
from pathlib import Path

from gpuplanner.core.errors import FileAccessError

from .schema import SCHEMA, TableSchema
from .types import CatalogError, RawRow


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


def csv_text(schema: TableSchema, rows: list[Mapping[str, str]]) -> str:
    """Full-width CSV text (every column of the schema, in schema order)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(schema.column_names)
    for r in rows:
        writer.writerow([r.get(c, "") for c in schema.column_names])
    return buf.getvalue()


def csv_text_partial(schema: TableSchema, rows: list[RawRow], original: list[RawRow]) -> str:
    """CSV text keeping the user's own columns (used when rows are only removed)."""
    cols = [c for c in schema.column_names if any(c in r.cells for r in original)] or ["id"]
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(cols)
    for r in rows:
        writer.writerow([r.cells.get(c, "") for c in cols])
    return buf.getvalue()
