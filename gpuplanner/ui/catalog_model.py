"""Table models, a filter proxy and an editing delegate for the catalog editor.

:class:`CatalogTableModel` shows one catalog table (merged: shipped rows with the user's layer over them)
with its columns from :func:`gpuplanner.core.catalog.table_schema`. Rows from the user layer are bold with
a marker on their id; cells that differ from the shipped value say so in their tooltip. An edit is checked
with :func:`validate_row` first and then stored through the :class:`CatalogSession` (one undo step); a
problem is reported through ``problem`` and the cell keeps its value.

The editors are in :mod:`gpuplanner.ui.catalog_delegate`, the column texts in
:mod:`gpuplanner.ui.catalog_columns`.
"""

from __future__ import annotations

import math
import re
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPixmap

from gpuplanner.core.catalog import CatalogError, Column, TableSchema, parse_cell, table_schema, validate_row
from gpuplanner.core.errors import FileAccessError

from .catalog_columns import column_help, column_label, display_text, parse_number, range_text, truthy, unit_label
from .catalog_session import CatalogSession

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
USER_ROW_ROLE = Qt.ItemDataRole.UserRole + 2
ROW_ID_ROLE = Qt.ItemDataRole.UserRole + 3
NUMERIC = ("int", "float", "bytes")


def _marker_icon() -> QIcon:
    pix = QPixmap(10, 10)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor("#E69F00"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(1, 1, 8, 8)
    p.end()
    return QIcon(pix)


class CatalogTableModel(QAbstractTableModel):
    """One catalog table, editable through the session. ``problem`` carries why an edit was not stored."""

    problem = Signal(str)
    stored = Signal(str)  # a short note after a stored edit

    def __init__(self, session: CatalogSession, table: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.schema: TableSchema = table_schema(table)
        self.table = self.schema.name
        self.columns = self.schema.columns
        self._rows: list[dict[str, str]] = []
        self._user: set[str] = set()
        self._icon: QIcon | None = None
        self._read()
        session.changed.connect(self.refresh)

    # --- reading ---------------------------------------------------------------------------------------
    def _read(self) -> None:
        cat = self.session.catalog
        self._rows = [dict(r) for r in cat.rows(self.table)]
        self._user = {rid for (t, rid) in cat.user_row_ids if t == self.table}

    def refresh(self) -> None:
        """Show the reloaded catalog: cells that changed are updated in place (an open editor stays open);
        when rows came or went the model is reset."""
        old_rows, old_user = self._rows, self._user
        cat = self.session.catalog
        new_rows = [dict(r) for r in cat.rows(self.table)]
        new_user = {rid for (t, rid) in cat.user_row_ids if t == self.table}
        if [r.get("id") for r in new_rows] != [r.get("id") for r in old_rows]:
            self.beginResetModel()
            self._rows, self._user = new_rows, new_user
            self.endResetModel()
            return
        self._rows, self._user = new_rows, new_user
        last = len(self.columns) - 1
        for i, (old, new) in enumerate(zip(old_rows, new_rows, strict=True)):
            rid = new.get("id", "")
            if (rid in old_user) != (rid in new_user):
                self.dataChanged.emit(self.index(i, 0), self.index(i, last))
                continue
            for j, col in enumerate(self.columns):
                if old.get(col.name, "") != new.get(col.name, ""):
                    ix = self.index(i, j)
                    self.dataChanged.emit(ix, ix)

    # --- Qt model API ----------------------------------------------------------------------------------
    def rowCount(self, parent: Index = ROOT) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = ROOT) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self.columns)

    def row_id(self, row: int) -> str:
        return self._rows[row].get("id", "")

    def row_cells(self, row: int) -> dict[str, str]:
        return dict(self._rows[row])

    def row_of(self, row_id: str) -> int:
        return next((i for i, r in enumerate(self._rows) if r.get("id") == row_id), -1)

    def is_user(self, row: int) -> bool:
        return self.row_id(row) in self._user

    def shipped_value(self, row: int, column: str) -> str | None:
        base = self.session.shipped(self.table).get(self.row_id(row))
        return None if base is None else base.get(column, "")

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (
            not index.isValid()
            or not (0 <= index.row() < len(self._rows))
            or not (0 <= index.column() < len(self.columns))
        ):
            return None
        col = self.columns[index.column()]
        row = self._rows[index.row()]
        text = row.get(col.name, "")
        R = Qt.ItemDataRole
        if role == R.DisplayRole:
            return "" if col.kind == "bool" else display_text(col, text)
        if role == R.EditRole:
            return text
        if role == R.CheckStateRole and col.kind == "bool":
            return Qt.CheckState.Checked if truthy(text) else Qt.CheckState.Unchecked
        if role == SORT_ROLE:
            if col.kind in NUMERIC:
                v = parse_number(text) if col.kind != "bytes" else self._bytes(col, text)
                return v if v is not None else -math.inf
            return text.lower()
        if role == USER_ROW_ROLE:
            return row.get("id", "") in self._user
        if role == ROW_ID_ROLE:
            return row.get("id", "")
        if role == R.FontRole:
            if row.get("id", "") in self._user and (col.name == "id" or self._differs(index.row(), col.name)):
                f = QFont()
                f.setBold(True)
                return f
            return None
        if role == R.ForegroundRole:
            if not text.strip() and col.kind != "bool":
                return QBrush(QColor("#8b949e"))
            return None
        if role == R.DecorationRole:
            if col.name == "id" and row.get("id", "") in self._user:
                if self._icon is None:
                    self._icon = _marker_icon()
                return self._icon
            return None
        if role == R.TextAlignmentRole:
            if col.kind in NUMERIC:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if role == R.ToolTipRole:
            return self._tooltip(index.row(), col, text)
        if role == R.AccessibleDescriptionRole:
            return self._tooltip(index.row(), col, text)
        return None

    @staticmethod
    def _bytes(col: Column, text: str) -> float | None:
        try:
            return float(parse_cell(col, text)) if text.strip() else None
        except ValueError:
            return None

    def _differs(self, row: int, column: str) -> bool:
        shipped = self.shipped_value(row, column)
        return shipped is None or shipped.strip() != self._rows[row].get(column, "").strip()

    def _tooltip(self, row: int, col: Column, text: str) -> str:
        t = QCoreApplication.translate
        lines = [f"{column_label(col.name)}: {display_text(col, text) if col.kind != 'bool' else text or '—'}"]
        unit = unit_label(col)
        if unit and text.strip():
            lines[0] += f" {unit}" if col.kind != "bytes" else ""
        if col.kind == "bytes" and text.strip():
            lines.append(t("Catalog", "{0} bytes").format(text))
        rng = range_text(col)
        if rng:
            lines.append(t("Catalog", "Range: {0}").format(rng))
        rid = self.row_id(row)
        if rid in self._user:
            shipped = self.shipped_value(row, col.name)
            if shipped is None:
                lines.append(t("Catalog", "You added this row; it is kept in your catalog."))
            elif shipped.strip() != text.strip():
                lines.append(
                    t("Catalog", "Your value. Shipped value: {0}").format(
                        display_text(col, shipped) if col.kind != "bool" else shipped or "—"
                    )
                )
            else:
                lines.append(t("Catalog", "You edited this row; this cell has the shipped value."))
        return "\n".join(lines)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,  # noqa: N802 - Qt API
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        R = Qt.ItemDataRole
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self.columns):
                return None
            col = self.columns[section]
            if role == R.DisplayRole:
                unit = unit_label(col)
                return f"{column_label(col.name)}\n{unit}" if unit else column_label(col.name)
            if role == R.ToolTipRole:
                return column_help(col)
            return None
        if not 0 <= section < len(self._rows):
            return None
        rid = self._rows[section].get("id", "")  # the id, so a row stays named while scrolling sideways
        user = rid in self._user
        if role == R.DisplayRole:
            return rid
        if role == R.FontRole and user:
            f = QFont()
            f.setBold(True)
            return f
        if role == R.DecorationRole and user:
            if self._icon is None:
                self._icon = _marker_icon()
            return self._icon
        if role == R.ToolTipRole and user:
            t = QCoreApplication.translate
            return (
                t("Catalog", "You added this row; it is kept in your catalog.")
                if rid not in self.session.shipped(self.table)
                else t("Catalog", "You edited this row; bold cells differ from the shipped catalog.")
            )
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        f = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        col = self.columns[index.column()]
        if self.session.editable and col.name != "id":
            f |= Qt.ItemFlag.ItemIsUserCheckable if col.kind == "bool" else Qt.ItemFlag.ItemIsEditable
        return f

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if not index.isValid() or not (
            self.flags(index) & (Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable)
        ):
            return False
        col = self.columns[index.column()]
        if role == Qt.ItemDataRole.CheckStateRole and col.kind == "bool":
            checked = Qt.CheckState(value) == Qt.CheckState.Checked if not isinstance(value, bool) else value
            text = "true" if checked else "false"
        elif role == Qt.ItemDataRole.EditRole:
            text = "" if value is None else str(value).strip()
        else:
            return False
        return self.set_cell(index.row(), col.name, text)

    def cell_problem(self, row: int, column: str, text: str) -> str | None:
        """Why ``text`` cannot go into the cell (the row checked as a whole, :func:`validate_row`), or None."""
        cells = self.row_cells(row)
        cells[column] = text
        problems = validate_row(self.table, cells, file="")
        return self._problem_text(cells.get("id", ""), problems[0]) if problems else None

    def set_cell(self, row: int, column: str, text: str) -> bool:
        """Check and store one cell; False (with ``problem``) when it is not valid or cannot be written."""
        cells = self.row_cells(row)
        if cells.get(column, "").strip() == text.strip():
            return True
        rid = cells.get("id", "")
        problem = self.cell_problem(row, column, text)
        if problem is not None:
            self.problem.emit(problem)
            return False
        try:
            self.session.set_cell(self.table, rid, column, text, column_label(column))
        except CatalogError as err:
            self.problem.emit(self._problem_text(rid, err.detail if err.key is None else f"{err.key}: {err.detail}"))
            return False
        except FileAccessError as err:
            self.problem.emit(QCoreApplication.translate("Catalog", "Not saved: {0}").format(err))
            return False
        self.stored.emit(
            QCoreApplication.translate("Catalog", "Saved {0} of {1} in your catalog.").format(column_label(column), rid)
        )
        return True

    def _problem_text(self, row_id: str, message: str) -> str:
        message = re.sub(r"^line \d+, ", "", message)
        m = re.match(r"^column (\w+): (.*)$", message, re.S)
        if m:
            message = f"{column_label(m.group(1))}: {m.group(2)}"
        return QCoreApplication.translate("Catalog", "Not saved — {0}, {1}").format(row_id, message)


class CatalogFilterProxy(QSortFilterProxyModel):
    """Search over every column, and a scope: all rows, only the user's rows, or only shipped ones."""

    SCOPES = ("all", "user", "shipped")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._scope = "all"
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
        self.setSortRole(SORT_ROLE)

    @property
    def scope(self) -> str:
        return self._scope

    def set_scope(self, scope: str) -> None:
        if scope not in self.SCOPES or scope == self._scope:
            return
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            self._scope = scope
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - older Qt
            self._scope = scope
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:  # noqa: N802 - Qt API
        src = self.sourceModel()
        if self._scope != "all" and src is not None:
            user = bool(src.index(source_row, 0, source_parent).data(USER_ROW_ROLE))
            if user != (self._scope == "user"):
                return False
        return super().filterAcceptsRow(source_row, source_parent)
