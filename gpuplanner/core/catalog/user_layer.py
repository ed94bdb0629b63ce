"""The user layer of the catalog: edits and additions kept apart from the shipped defaults (spec §6).

User rows live in ``<user_dir>/<table file>.csv`` (same columns as the shipped files; a user file may
hold a subset of the columns, ``id`` always). They are laid over the shipped rows by id when the catalog
loads, so a shipped update never overwrites them. Every write validates the result against the shipped
catalog first and then replaces the file atomically (temporary file + ``os.replace``); a user file that
cannot be parsed is never overwritten.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gpuplanner.core.errors import FileAccessError

from .build import build_catalog, first_error, merge_rows
from .cells import format_cell
from .csv_io import csv_text, csv_text_partial, read_folder_rows, read_table_file
from .schema import TableSchema, table_schema
from .types import CatalogError, RawRow

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


def _user_dir(user_dir: Path | None) -> Path:
    return Path(user_dir) if user_dir is not None else default_user_dir()


def _shipped_folder(folder: Path | None) -> Path:
    if folder is not None:
        return Path(folder)
    from gpuplanner.core.paths import catalog_dir

    return catalog_dir()


def read_user_rows(table: str, user_dir: Path | None = None) -> list[RawRow]:
    """The user's rows of one table (empty when the user has none); a corrupt file raises CatalogError."""
    schema = table_schema(table)
    path = _user_dir(user_dir) / schema.file
    if not path.exists():
        return []
    rows = read_table_file(path, schema, partial_columns=True)
    for r in rows:
        r.user = True
    return rows


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and ``os.replace``."""
    path = Path(path)
    tmp_name: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp_name, path)
        tmp_name = None
    except OSError as exc:
        raise FileAccessError(f"cannot write: {exc.strerror or exc}", file=str(path)) from exc
    finally:
        if tmp_name is not None:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass


def _check_against_shipped(table: str, new_rows: list[RawRow], user_dir: Path, folder: Path | None) -> None:
    """Raise CatalogError if the user layer with ``new_rows`` for ``table`` would not load."""
    shipped = read_folder_rows(_shipped_folder(folder))
    user = read_folder_rows(user_dir, partial_columns=True, missing_ok=True, user=True)
    user[table] = new_rows
    _, problems = build_catalog(merge_rows(shipped, user))
    if problems:
        raise first_error(problems)


def _full_row(schema: TableSchema, row: Mapping[str, Any], file: str, line: int) -> RawRow:
    unknown = [k for k in row if k not in schema.column_names]
    if unknown:
        raise CatalogError(f"unknown column {unknown[0]!r}", file=file, line=line, column=unknown[0])
    cells = {k: format_cell(v) for k, v in row.items()}
    if not cells.get("id", "").strip():
        raise CatalogError("a row needs an id", file=file, line=line, column="id")
    return RawRow(cells, file, line, user=True)


def _upsert(existing: list[RawRow], incoming: list[RawRow]) -> list[RawRow]:
    by_id = {r.id: r for r in existing}
    order = [r.id for r in existing]
    for r in incoming:
        if r.id in by_id:
            # keep the columns the user had that the new row does not name
            r = RawRow({**by_id[r.id].cells, **r.cells}, r.file, r.line, user=True)
        else:
            order.append(r.id)
        by_id[r.id] = r
    return [by_id[i] for i in order]


def save_user_row(
    table: str, row: Mapping[str, Any], user_dir: Path | None = None, *, folder: Path | None = None
) -> None:
    """Add or replace (by id) one row in the user layer.

    ``row`` maps column names to values or CSV text; columns it leaves out keep the user's previous value
    or, for a shipped id, the shipped value. The merged catalog must still validate, else CatalogError and
    nothing is written.
    """
    schema = table_schema(table)
    udir = _user_dir(user_dir)
    path = udir / schema.file
    existing = read_user_rows(schema.name, udir)  # a corrupt user file raises; it is never overwritten
    new = _full_row(schema, row, str(path), len(existing) + 2)
    rows = _upsert(existing, [new])
    _check_against_shipped(schema.name, rows, udir, folder)
    atomic_write_text(path, csv_text(schema, [_complete(schema, r, folder) for r in rows]))


def _complete(schema: TableSchema, row: RawRow, folder: Path | None) -> dict[str, str]:
    """A user row with every column: cells the user did not give come from the shipped row (if any)."""
    if all(c in row.cells for c in schema.column_names):
        return row.cells
    shipped = {r.id: r for r in read_table_file(_shipped_folder(folder) / schema.file, schema)}
    base = shipped.get(row.id)
    return {**(base.cells if base else {}), **row.cells}


def reset_row(table: str, row_id: str, user_dir: Path | None = None) -> bool:
    """Remove the user's row ``row_id`` so the shipped value applies again; True if one was removed.

    Removing a row the user added (no shipped row with that id) deletes it from the catalog. When a node
    or offer the user added is the only default of something, the catalog would not validate: such a reset
    is still allowed, and the app then warns and falls back to shipped data until the user fixes it.
    """
    schema = table_schema(table)
    udir = _user_dir(user_dir)
    path = udir / schema.file
    existing = read_user_rows(schema.name, udir)
    kept = [r for r in existing if r.id != row_id]
    if len(kept) == len(existing):
        return False
    atomic_write_text(path, csv_text_partial(schema, kept, existing))
    return True


def import_user_csv(table: str, path: Path, user_dir: Path | None = None, *, folder: Path | None = None) -> int:
    """Merge the rows of the CSV file ``path`` (same columns, a subset allowed) into the user layer by id.

    The file is validated first, then the merged catalog; on any problem CatalogError names the file, line
    and column, and the user layer is not changed. Returns the number of rows imported.
    """
    schema = table_schema(table)
    incoming = read_table_file(Path(path), schema, partial_columns=True)
    seen: dict[str, int] = {}
    for r in incoming:
        r.user = True
        if not r.id:
            raise CatalogError("a row needs an id", file=r.file, line=r.line, column="id")
        if r.id in seen:
            raise CatalogError(
                f"duplicate id {r.id!r} (first on line {seen[r.id]})", file=r.file, line=r.line, column="id"
            )
        seen[r.id] = r.line
    udir = _user_dir(user_dir)
    rows = _upsert(read_user_rows(schema.name, udir), incoming)
    _check_against_shipped(schema.name, rows, udir, folder)
    atomic_write_text(udir / schema.file, csv_text(schema, [_complete(schema, r, folder) for r in rows]))
    return len(incoming)


def export_user_csv(table: str, path: Path, user_dir: Path | None = None) -> int:
    """Write the user's rows of ``table`` to ``path`` (atomic, the user's columns); returns the row count."""
    schema = table_schema(table)
    rows = read_user_rows(schema.name, user_dir)
    atomic_write_text(Path(path), csv_text_partial(schema, rows, rows) if rows else csv_text(schema, []))
    return len(rows)
