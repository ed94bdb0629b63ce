"""The user layer of the catalog: edits and additions kept apart from the shipped defaults (spec §6).

User rows live in ``<user_dir>/<table file>.csv`` (same columns as the shipped files; a user file may
hold a subset of the columns, ``id`` always). They are laid over the shipped rows by id when the catalog
loads, so a shipped update never overwrites them. Every write validates the result against the shipped
catalog first and then replaces the file through the one writer (:mod:`gpuplanner.core.files`); a user
file that cannot be read back whole is never overwritten. Every read-validate-write holds a lock file in
the user folder, so two processes saving at once both land (issue #18 class 7).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from gpuplanner.core import files
from gpuplanner.core.errors import FileAccessError
from gpuplanner.core.files import exclusive_lock

from .cells import format_cell
from .csv_io import csv_text, csv_text_partial, read_folder_rows, read_table_file, read_table_rows
from .layered import lay_over, read_user_layer
from .schema import SCHEMA, TableSchema, table_schema
from .types import CatalogError, RawRow, UserRowProblem

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


LOCK_FILE = ".catalog.lock"  # beside the user files: every read-validate-write of the layer holds it


def user_layer_lock(
    user_dir: Path | None = None, *, timeout_seconds: float | None = None
) -> AbstractContextManager[None]:
    """The lock around a read-validate-write of the user layer (issue #18 class 7): two processes saving
    at once would otherwise each write the file they read, and one of the two edits would be lost."""
    return exclusive_lock(_user_dir(user_dir) / LOCK_FILE, timeout_seconds=timeout_seconds)


def read_user_rows(table: str, user_dir: Path | None = None) -> list[RawRow]:
    """The user's rows of one table as they stand in the file (empty when the user has none), bad values
    and duplicate ids included, so that a write keeps them; CatalogError when the file cannot be read back
    whole (a CSV syntax error, a row with the wrong number of cells, a bad header): writing it would lose
    the lines we could not read, so the user must fix or remove the file first."""
    schema = table_schema(table)
    path = _user_dir(user_dir) / schema.file
    if not path.exists() and not path.is_symlink():
        return []
    rows, problems = read_table_rows(path, schema, partial_columns=True, lenient=True)
    for err in problems:
        if err.scope != "column":
            raise CatalogError(
                f"{err.detail}; the file cannot be saved until it is fixed or removed",
                file=err.file,
                line=err.line,
                column=err.column,
            )
    for r in rows:
        r.user = True
    return rows


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` through the one writer (:func:`gpuplanner.core.files.atomic_write_text`: a temporary
    file and ``os.replace``, symlinks followed, mode kept, targets that are not regular files refused)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileAccessError(f"cannot be written ({exc.strerror or exc})", file=str(path)) from None
    files.atomic_write_text(path, text, example=path.name if path.suffix == ".csv" else "catalog.csv")


def _left_out(
    user_dir: Path, folder: Path | None, changes: Mapping[str, list[RawRow]] | None = None
) -> dict[tuple[str, str, str | None, str], UserRowProblem]:
    """What loading the user layer (its tables replaced by ``changes``) leaves out, by problem key."""
    shipped = read_folder_rows(_shipped_folder(folder))
    user, problems = read_user_layer(user_dir)
    for table, rows in (changes or {}).items():
        name = table_schema(table).name
        user[name] = _first_of_each_id(rows)
        problems = [p for p in problems if Path(p.file).name != SCHEMA[name].file]
    _, more = lay_over(shipped, user)
    return {p.key: p for p in [*problems, *more]}


def _first_of_each_id(rows: list[RawRow]) -> list[RawRow]:
    seen: set[str] = set()
    out = []
    for r in rows:
        if r.id not in seen:
            seen.add(r.id)
            out.append(r)
    return out


def check_user_rows(changes: Mapping[str, list[RawRow]], user_dir: Path, folder: Path | None = None) -> None:
    """Raise CatalogError if the user layer with the tables in ``changes`` replaced would leave out a row
    (the row being saved, or another one it breaks) that loads today. Rows that were bad already stay as
    they are: each is reported when the catalog loads, and a save must not be refused for them."""
    before = _left_out(user_dir, folder)
    after = _left_out(user_dir, folder, changes)
    new = [p for k, p in after.items() if k not in before]
    if new:
        first = new[0]
        more = f" (and {len(new) - 1} more problem(s))" if len(new) > 1 else ""
        raise CatalogError(f"{first.reason}{more}", file=first.file, line=first.line, column=first.column or None)


def _check_against_shipped(table: str, new_rows: list[RawRow], user_dir: Path, folder: Path | None) -> None:
    check_user_rows({table: new_rows}, user_dir, folder)


def _full_row(schema: TableSchema, row: Mapping[str, Any], file: str, line: int) -> RawRow:
    unknown = [k for k in row if k not in schema.column_names]
    if unknown:
        raise CatalogError(f"unknown column {unknown[0]!r}", file=file, line=line, column=unknown[0])
    cells = {k: format_cell(v) for k, v in row.items()}
    if not cells.get("id", "").strip():
        raise CatalogError("a row needs an id", file=file, line=line, column="id")
    return RawRow(cells, file, line, user=True)


def _upsert(existing: list[RawRow], incoming: list[RawRow]) -> list[RawRow]:
    """``existing`` with each incoming row replacing the first row of its id (or added at the end); a
    duplicate further down is the user's and stays (it is reported when the catalog loads)."""
    out = list(existing)
    for r in incoming:
        at = next((i for i, e in enumerate(out) if e.id == r.id), None)
        if at is None:
            out.append(r)
        else:
            # keep the columns the user had that the new row does not name
            out[at] = RawRow({**out[at].cells, **r.cells}, out[at].file, out[at].line, user=True)
    return out


def save_user_row(
    table: str, row: Mapping[str, Any], user_dir: Path | None = None, *, folder: Path | None = None
) -> None:
    """Add or replace (by id) one row in the user layer.

    ``row`` maps column names to values or CSV text; columns it leaves out keep the user's previous value
    or, for a shipped id, the shipped value. The merged catalog must still load that row and every row
    that loads today, else CatalogError and nothing is written. Holds the user layer's lock.
    """
    schema = table_schema(table)
    udir = _user_dir(user_dir)
    path = udir / schema.file
    with user_layer_lock(udir):
        existing = read_user_rows(schema.name, udir)  # a file we cannot read back whole is never overwritten
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
    with user_layer_lock(udir):
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
    with user_layer_lock(udir):
        rows = _upsert(read_user_rows(schema.name, udir), incoming)
        _check_against_shipped(schema.name, rows, udir, folder)
        atomic_write_text(udir / schema.file, csv_text(schema, [_complete(schema, r, folder) for r in rows]))
    return len(incoming)


def export_user_csv(table: str, path: Path, user_dir: Path | None = None) -> int:
    """Write the user's rows of ``table`` to ``path`` (atomic, the user's columns); returns the row count."""
    schema = table_schema(table)
    with user_layer_lock(user_dir):
        rows = read_user_rows(schema.name, user_dir)
    atomic_write_text(Path(path), csv_text_partial(schema, rows, rows) if rows else csv_text(schema, []))
    return len(rows)
