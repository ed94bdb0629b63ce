"""File-level helpers for the catalog editor (no Qt): snapshots of the user layer for undo, and writes that
touch several tables at once.

A catalog edit changes one or more user files (``<user dir>/<table>.csv``). The editor takes a snapshot of
the files before and after each operation; undo and redo put a snapshot back (atomically, file by file).
Single-row edits go through :func:`gpuplanner.core.catalog.save_user_row`; a new GPU needs a default node
type in the same step (the catalog would not validate with either alone), which :func:`save_rows` does.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gpuplanner.core.catalog import (
    SCHEMA,
    CatalogError,
    RawRow,
    build_catalog,
    format_cell,
    merge_rows,
    read_folder_rows,
    table_schema,
)
from gpuplanner.core.catalog_user import atomic_write_text, read_user_rows

Snapshot = dict[str, bytes | None]  # table -> the user file's bytes (None: no file)


def snapshot(user_dir: Path) -> Snapshot:
    out: Snapshot = {}
    for name, schema in SCHEMA.items():
        try:
            out[name] = (Path(user_dir) / schema.file).read_bytes()
        except FileNotFoundError:
            out[name] = None
    return out


def restore(user_dir: Path, snap: Snapshot) -> None:
    """Put the user files back as in ``snap`` (only those that differ). FileAccessError on a write failure."""
    now = snapshot(user_dir)
    for name, data in snap.items():
        if now.get(name) == data:
            continue
        path = Path(user_dir) / SCHEMA[name].file
        if data is None:
            path.unlink(missing_ok=True)
        else:
            atomic_write_text(path, data.decode("utf-8"))


def shipped_rows(folder: Path) -> dict[str, dict[str, dict[str, str]]]:
    """The shipped catalog's cells: table -> id -> column -> text."""
    tables = read_folder_rows(Path(folder))
    return {t: {r.id: dict(r.cells) for r in rows} for t, rows in tables.items()}


def _full_text(table: str, rows: Sequence[Mapping[str, str]]) -> str:
    schema = table_schema(table)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(schema.column_names)
    for r in rows:
        writer.writerow([r.get(c, "") for c in schema.column_names])
    return buf.getvalue()


def save_rows(changes: Mapping[str, Sequence[Mapping[str, Any]]], user_dir: Path, folder: Path) -> None:
    """Add or replace rows (by id) in several user tables in one step.

    The merged catalog must validate with all of them (a new GPU together with its default node type); on
    a problem CatalogError (naming the table, row and column) and nothing is written.
    """
    udir = Path(user_dir)
    shipped = read_folder_rows(Path(folder))
    user = read_folder_rows(udir, partial_columns=True, missing_ok=True, user=True)
    for table, rows in changes.items():
        name = table_schema(table).name
        existing = {r.id: r for r in read_user_rows(name, udir)}
        order = list(existing)
        for i, row in enumerate(rows):
            cells = {k: format_cell(v) for k, v in row.items()}
            rid = cells.get("id", "").strip()
            if not rid:
                raise CatalogError("a row needs an id", file=SCHEMA[name].file, column="id")
            if rid in existing:
                cells = {**existing[rid].cells, **cells}
            else:
                order.append(rid)
            existing[rid] = RawRow(cells, str(udir / SCHEMA[name].file), len(order) + 1 + i, user=True)
        user[name] = [existing[i] for i in order]
    _, problems = build_catalog(merge_rows(shipped, user))
    if problems:
        raise problems[0]
    base = {t: {r.id: r.cells for r in rows} for t, rows in shipped.items()}
    for table in changes:
        name = table_schema(table).name
        full = [{**base[name].get(r.id, {}), **r.cells} for r in user[name]]
        atomic_write_text(udir / SCHEMA[name].file, _full_text(name, full))


def user_layer_problem(warnings: Sequence[str], before: Sequence[str] = ()) -> str | None:
    """A new "user catalog ignored" warning (the user layer no longer validates), or None."""
    for w in warnings:
        if w not in before and "user catalog ignored" in w:
            return w
    return None
