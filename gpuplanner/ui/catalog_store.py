"""File-level helpers for the catalog editor (no Qt): snapshots of the user layer for undo, and writes that
touch several tables at once.

A catalog edit changes one or more user files (``<user dir>/<table>.csv``). The editor takes a snapshot of
the files before and after each operation; undo and redo put a snapshot back (atomically, file by file).
Single-row edits go through :func:`gpuplanner.core.catalog.save_user_row`; a new GPU needs a default node
type in the same step (the catalog would not validate with either alone), which :func:`save_rows` does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gpuplanner.core.catalog import (
    SCHEMA,
    CatalogError,
    RawRow,
    UserRowProblem,
    format_cell,
    read_folder_rows,
    table_schema,
    user_layer_lock,
)
from gpuplanner.core.catalog.csv_io import csv_text
from gpuplanner.core.catalog.user_layer import atomic_write_text, check_user_rows, read_user_rows
from gpuplanner.core.errors import FileAccessError
from gpuplanner.core.files import atomic_write, read_user_file

Snapshot = dict[str, bytes | None]  # table -> the user file's bytes (None: no file)


def snapshot(user_dir: Path) -> Snapshot:
    """The user files' bytes (through the one reader: a FIFO or device put there is refused, not read)."""
    out: Snapshot = {}
    for name, schema in SCHEMA.items():
        path = Path(user_dir) / schema.file
        if not path.exists() and not path.is_symlink():
            out[name] = None
            continue
        out[name] = read_user_file(path, "catalog CSV file")
    return out


def restore(user_dir: Path, snap: Snapshot, *, expect: Snapshot | None = None) -> None:
    """Put the user files back as in ``snap`` (only those that differ), under the user layer's lock.

    ``expect``: the files as this editor last left them. When another program (a second gpuplanner, an
    editor) has changed them since, putting ``snap`` back would silently discard its edit: FileAccessError
    instead, and nothing is written. FileAccessError also on a write failure."""
    with user_layer_lock(Path(user_dir)):
        now = snapshot(user_dir)
        if expect is not None and now != expect:
            changed = sorted(SCHEMA[n].file for n in SCHEMA if now.get(n) != expect.get(n))
            raise FileAccessError(
                f"{', '.join(changed)} changed since this edit (another gpuplanner or another program saved "
                "them); undo and redo would discard that change, so nothing was written",
                file=str(user_dir),
            )
        for name, data in snap.items():
            if now.get(name) == data:
                continue
            path = Path(user_dir) / SCHEMA[name].file
            if data is None:
                path.unlink(missing_ok=True)
            else:
                atomic_write(path, _bytes_writer(data), example=SCHEMA[name].file)


def _bytes_writer(data: bytes) -> Callable[[Path], None]:
    def write(tmp: Path) -> None:
        tmp.write_bytes(data)

    return write


def shipped_rows(folder: Path) -> dict[str, dict[str, dict[str, str]]]:
    """The shipped catalog's cells: table -> id -> column -> text."""
    tables = read_folder_rows(Path(folder))
    return {t: {r.id: dict(r.cells) for r in rows} for t, rows in tables.items()}


def save_rows(changes: Mapping[str, Sequence[Mapping[str, Any]]], user_dir: Path, folder: Path) -> None:
    """Add or replace rows (by id) in several user tables in one step, under the user layer's lock.

    The merged catalog must load all of them and every row that loads today (a new GPU together with its
    default node type); on a problem CatalogError (naming the table, row and column) and nothing is written.
    """
    udir = Path(user_dir)
    with user_layer_lock(udir):
        shipped = read_folder_rows(Path(folder))
        new_tables: dict[str, list[RawRow]] = {}
        for table, rows in changes.items():
            name = table_schema(table).name
            existing = read_user_rows(name, udir)
            out = list(existing)
            for row in rows:
                cells = {k: format_cell(v) for k, v in row.items()}
                rid = cells.get("id", "").strip()
                if not rid:
                    raise CatalogError("a row needs an id", file=SCHEMA[name].file, column="id")
                at = next((i for i, r in enumerate(out) if r.id == rid), None)
                if at is None:
                    out.append(RawRow(cells, str(udir / SCHEMA[name].file), len(out) + 2, user=True))
                else:
                    out[at] = RawRow({**out[at].cells, **cells}, out[at].file, out[at].line, user=True)
            new_tables[name] = out
        check_user_rows(new_tables, udir, Path(folder))
        base = {t: {r.id: r.cells for r in rows} for t, rows in shipped.items()}
        for name, table_rows in new_tables.items():
            full = [{**base[name].get(r.id, {}), **r.cells} for r in table_rows]
            atomic_write_text(udir / SCHEMA[name].file, csv_text(SCHEMA[name], full))


def new_problems(after: Sequence[UserRowProblem], before: Sequence[UserRowProblem] = ()) -> list[UserRowProblem]:
    """The parts of the user layer left out now that were not before (an edit broke them)."""
    known = {p.key for p in before}
    return [p for p in after if p.key not in known]
