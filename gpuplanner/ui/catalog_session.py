"""Catalog edits as undoable operations on the user layer, feeding the open document.

Every operation (a cell, a new or duplicated row, delete, reset to the shipped value, CSV import) writes the
user files through the core functions, reloads the catalog and hands it to the document, which re-estimates
at once. The files before and after are kept in a :class:`QUndoCommand`, so undo and redo put them back.
An operation that would leave a user layer the catalog cannot load (a node type whose GPU is gone) is rolled
back and reported instead.

The history is its own QUndoStack (the catalog editor's Edit menu): a catalog edit is not a change to the
scenario file, so it does not mark the scenario as modified.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QUndoStack

from gpuplanner.core.catalog import (
    Catalog,
    CatalogError,
    load_catalog,
    reset_row,
    save_user_row,
    table_schema,
    user_layer_lock,
)
from gpuplanner.core.catalog_user import export_user_csv, import_user_csv
from gpuplanner.core.errors import FileAccessError, printable

from . import catalog_store as store
from .document import ScenarioDocument
from .undo import MergingCommand

DEFAULT_FLAGS = {"nodes": "default_for_gpu", "cloud_offers": "default"}
SOURCE_COLUMNS = ("spec_source", "efficiency_source", "source", "price_source")
DATE_COLUMNS = ("spec_as_of", "efficiency_as_of", "as_of", "price_as_of")


def _tr(text: str) -> str:
    return QCoreApplication.translate("Catalog", text)


def left_out_lines(catalog: Catalog) -> list[str]:
    """One line per part of the user catalog left out when it loaded (file, line, row id, column, reason),
    in the interface language; the reason is the catalog's own words. Empty when all of it applies."""
    what = {
        "row": _tr("this row is left out"),
        "column": _tr("the named column(s) are left out"),
        "rest": _tr("this line and the rest of the file are left out"),
        "file": _tr("this file is left out"),
        "layer": _tr("your whole catalog is left out"),
    }
    lines = []
    for p in catalog.dropped:
        where = [Path(p.file).name or p.file]
        if p.line is not None:
            where.append(_tr("line {0}").format(p.line))
        if p.row_id:
            where.append(_tr("id “{0}”").format(printable(p.row_id)))
        if p.column:
            where.append(_tr("column {0}").format(printable(p.column)))
        text = _tr("Your catalog, {0}: {1} — {2}.").format(", ".join(where), printable(p.reason, 300), what[p.left_out])
        lines.append(text)
    return lines


class _SnapshotCommand(MergingCommand):
    def __init__(
        self, session: CatalogSession, before: store.Snapshot, after: store.Snapshot, text: str, merge_key: str | None
    ) -> None:
        super().__init__(text, merge_key)
        self._session, self._before, self._after = session, before, after
        self._first = True  # the operation already wrote the files

    def absorb(self, other: MergingCommand) -> None:
        assert isinstance(other, _SnapshotCommand)
        self._after = other._after

    def is_noop(self) -> bool:
        return self._after == self._before

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        self._session._put(self._after, expect=self._before)

    def undo(self) -> None:
        self._session._put(self._before, expect=self._after)


class CatalogSession(QObject):
    """The catalog editor's state that outlives the dialog: the history and the shipped rows."""

    changed = Signal()  # the catalog was reloaded
    failed = Signal(str)  # an undo or redo could not write the files

    def __init__(self, doc: ScenarioDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.stack = QUndoStack(self)
        self._shipped: dict[str, dict[str, dict[str, str]]] | None = None

    # --- state ---------------------------------------------------------------------------------------
    @property
    def catalog(self) -> Catalog:
        return self.doc.catalog

    @property
    def user_dir(self) -> Path | None:
        return self.catalog.user_dir

    @property
    def folder(self) -> Path:
        if self.catalog.folder is not None:
            return self.catalog.folder
        from gpuplanner.core.paths import catalog_dir

        return catalog_dir()

    @property
    def editable(self) -> bool:
        return self.user_dir is not None

    def shipped(self, table: str) -> dict[str, dict[str, str]]:
        """id -> cells of the shipped rows of ``table``."""
        if self._shipped is None:
            self._shipped = store.shipped_rows(self.folder)
        return self._shipped[table_schema(table).name]

    def is_user(self, table: str, row_id: str) -> bool:
        return self.catalog.is_user_row(table, row_id)

    def is_shipped(self, table: str, row_id: str) -> bool:
        return row_id in self.shipped(table)

    def ids(self, table: str) -> set[str]:
        return {r.get("id", "") for r in self.catalog.rows(table)}

    # --- plumbing ------------------------------------------------------------------------------------
    def _udir(self) -> Path:
        if self.user_dir is None:
            raise FileAccessError(_tr("this catalog has no user layer; edits cannot be stored"))
        return self.user_dir

    def _load(self) -> Catalog:
        return load_catalog(self.folder, user_dir=self._udir())

    def _publish(self, catalog: Catalog) -> None:
        self.doc.set_catalog(catalog)
        self.changed.emit()

    def _put(self, snap: store.Snapshot, *, expect: store.Snapshot | None = None) -> None:
        """Undo/redo: put the user files back as in ``snap``, unless another program changed them since
        (``expect``: the files as this history left them), which is reported instead of overwritten."""
        try:
            store.restore(self._udir(), snap, expect=expect)
        except (FileAccessError, OSError) as err:
            self.failed.emit(_tr("The catalog files could not be written: {0}").format(err))
            return
        self._publish(self._load())

    def apply(self, text: str, operation: Callable[[Path], Any], merge_key: str | None = None) -> Any:
        """Run ``operation(user_dir)`` as one undo step. Raises CatalogError / FileAccessError with the user
        files unchanged when it fails or leaves a catalog that does not load."""
        udir = self._udir()
        # the whole step under the user layer's lock: another process's save can neither land between our
        # read and write nor be undone by our roll-back
        with user_layer_lock(udir):
            before = store.snapshot(udir)
            dropped_before = self.catalog.dropped  # what was left out already is not this edit's doing
            try:
                result = operation(udir)
                catalog = self._load()
                broken = store.new_problems(catalog.dropped, dropped_before)
                if broken:
                    p = broken[0]
                    raise CatalogError(p.reason, file=p.file, line=p.line, column=p.column or None)
            except (CatalogError, FileAccessError):
                try:
                    store.restore(udir, before)
                except (FileAccessError, OSError):
                    pass
                raise
            after = store.snapshot(udir)
        if after != before:
            self.stack.push(_SnapshotCommand(self, before, after, text, merge_key))
        self._publish(catalog)
        return result

    # --- operations ----------------------------------------------------------------------------------
    def set_cell(self, table: str, row_id: str, column: str, text: str, label: str | None = None) -> None:
        """Store one cell (``label``: the column as the editor names it, for the undo text)."""
        name = table_schema(table).name
        self.apply(
            _tr("Edit {0} of {1}").format(label or column, row_id),
            lambda udir: save_user_row(name, {"id": row_id, column: text}, udir, folder=self.folder),
            merge_key=f"catalog/{name}/{row_id}/{column}",
        )

    def add_row(self, table: str, new_id: str, template_id: str | None, *, duplicate: bool) -> None:
        """A new row ``new_id``: a copy of ``template_id`` (its values; for a plain add, its name and sources
        marked as yours). A new GPU gets a default node type, copied from the template GPU's."""
        name = table_schema(table).name
        cat = self.catalog
        rows = {r["id"]: dict(r) for r in cat.rows(name)}
        if new_id in rows:
            raise CatalogError(_tr("the id {0!r} is already taken").format(new_id), column="id")
        template = dict(rows[template_id]) if template_id in rows else dict(next(iter(rows.values())))
        row = dict(template, id=new_id)
        today = date.today().isoformat()
        if duplicate:
            if "name" in row:
                row["name"] = _tr("{0} (copy)").format(row["name"])
        else:
            if "name" in row:
                row["name"] = _tr("New row {0}").format(new_id)
            for col in SOURCE_COLUMNS:
                if col in row and row[col]:
                    row[col] = _tr("your entry")
            for col in DATE_COLUMNS:
                if col in row and row[col]:
                    row[col] = today
            row["notes"] = ""
        if name in DEFAULT_FLAGS:
            row[DEFAULT_FLAGS[name]] = "false"
        changes: dict[str, list[Mapping[str, Any]]] = {name: [row]}
        if name == "gpus":
            base_gpu = template.get("id", "")
            node = next(
                (
                    dict(n)
                    for n in cat.rows("nodes")
                    if n.get("gpu") == base_gpu and n.get("default_for_gpu", "").lower() in ("true", "yes", "1", "y")
                ),
                None,
            )
            if node is not None:
                node_id = self._free_id("nodes", f"{new_id}-node")
                node.update(
                    id=node_id,
                    gpu=new_id,
                    default_for_gpu="true",
                    name=_tr("{0} server").format(row.get("name", new_id)),
                )
                changes["nodes"] = [node]
        verb = _tr("Duplicate {0}") if duplicate else _tr("Add {0}")
        self.apply(verb.format(new_id), lambda udir: store.save_rows(changes, udir, self.folder))

    def _free_id(self, table: str, wanted: str) -> str:
        taken = self.ids(table)
        out, n = wanted, 2
        while out in taken:
            out, n = f"{wanted}-{n}", n + 1
        return out

    def suggest_id(self, table: str, base: str) -> str:
        return self._free_id(table, base)

    def dependents(self, table: str, row_ids: Iterable[str]) -> dict[str, list[str]]:
        """User rows of other tables that refer to the GPUs ``row_ids`` (deleted with them)."""
        if table_schema(table).name != "gpus":
            return {}
        ids = set(row_ids)
        out: dict[str, list[str]] = {}
        for other in ("nodes", "cloud_offers"):
            hits = [r["id"] for r in self.catalog.rows(other) if r.get("gpu") in ids and self.is_user(other, r["id"])]
            if hits:
                out[other] = hits
        return out

    def remove_rows(self, table: str, row_ids: list[str], *, text: str) -> None:
        """Drop the user's rows ``row_ids`` (delete an added row, or reset an edited one to the shipped
        values), with the user rows that refer to a removed GPU."""
        name = table_schema(table).name
        extra = self.dependents(name, [i for i in row_ids if not self.is_shipped(name, i)])

        def op(udir: Path) -> None:
            for other, ids in extra.items():
                for rid in ids:
                    reset_row(other, rid, udir)
            for rid in row_ids:
                reset_row(name, rid, udir)

        self.apply(text, op)

    def import_csv(self, table: str, path: Path) -> int:
        name = table_schema(table).name
        return self.apply(
            _tr("Import {0}").format(Path(path).name),
            lambda udir: import_user_csv(name, Path(path), udir, folder=self.folder),
        )

    def export_csv(self, table: str, path: Path) -> int:
        """Write the user's rows of ``table`` to ``path`` (not an edit: nothing to undo)."""
        return export_user_csv(table_schema(table).name, Path(path), self._udir())
