"""Table models, a filter proxy and an editing delegate for the catalog editor.

:class:`CatalogTableModel` shows one catalog table (merged: shipped rows with the user's layer over them)
with its columns from :func:`gpuplanner.core.catalog.table_schema`. Rows from the user layer are bold with
a marker on their id; cells that differ from the shipped value say so in their tooltip. An edit is checked
with :func:`validate_row` first and then stored through the :class:`CatalogSession` (one undo step); a
problem is reported through ``problem`` and the cell keeps its value.

:class:`CatalogDelegate` gives each column kind its editor: a spin box with the column's unit and range for
numbers (each arrow step is stored at once, and steps within a second are one undo step), a list for enums
and GPU references, a check box for yes/no, and a text field for bytes ("80 GiB"), dates and text.
"""

from __future__ import annotations

import math
import re
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRegularExpression,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QKeyEvent, QPainter, QPixmap, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from gpuplanner.core.catalog import CatalogError, Column, TableSchema, parse_cell, table_schema, validate_row
from gpuplanner.core.errors import FileAccessError

from .catalog_session import CatalogSession
from .undo import UndoKeysFilter

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
USER_ROW_ROLE = Qt.ItemDataRole.UserRole + 2
ROW_ID_ROLE = Qt.ItemDataRole.UserRole + 3
NUMERIC = ("int", "float", "bytes")
GIB = float(2**30)
INT_LIMIT = 2_147_483_647


def _t(text: str) -> str:
    return QCoreApplication.translate("CatalogColumns", text)


def table_title(table: str) -> str:
    t = QCoreApplication.translate
    return {
        "gpus": t("Catalog", "GPUs"),
        "nodes": t("Catalog", "Node types"),
        "cloud_offers": t("Catalog", "Cloud offers"),
        "sites": t("Catalog", "Site profiles"),
    }[table]


def column_label(name: str) -> str:
    """A column's short header (translatable); the unit goes on a second line (:func:`unit_label`)."""
    labels = {
        "id": _t("Id"),
        "vendor": _t("Vendor"),
        "name": _t("Name"),
        "architecture": _t("Architecture"),
        "form_factor": _t("Form factor"),
        "year": _t("Year"),
        "memory_bytes": _t("Memory"),
        "memory_type": _t("Memory type"),
        "memory_bandwidth_gb_per_s": _t("Memory bandwidth"),
        "fp32_tflops": _t("FP32"),
        "tf32_dense_tflops": _t("TF32 dense"),
        "bf16_dense_tflops": _t("BF16 dense"),
        "fp16_dense_tflops": _t("FP16 dense"),
        "fp8_dense_tflops": _t("FP8 dense"),
        "int8_dense_tops": _t("INT8 dense"),
        "gemm_efficiency": _t("GEMM efficiency"),
        "intra_node_link": _t("Link"),
        "intra_node_gb_per_s": _t("Link bandwidth"),
        "pcie_gen": _t("PCIe gen"),
        "tdp_watts": _t("TDP"),
        "devices_per_package": _t("Devices per package"),
        "spec_source": _t("Spec source"),
        "spec_as_of": _t("Spec date"),
        "efficiency_source": _t("Efficiency source"),
        "efficiency_as_of": _t("Efficiency date"),
        "notes": _t("Notes"),
        "gpu": _t("GPU"),
        "gpus_per_node": _t("GPUs per node"),
        "power_full_kw": _t("Power at full load"),
        "power_idle_kw": _t("Power idle"),
        "network": _t("Network"),
        "network_gb_per_s_per_gpu": _t("Network per GPU"),
        "price_usd": _t("Price"),
        "network_usd_per_node": _t("Network cost"),
        "install_usd_per_node": _t("Installation"),
        "default_for_gpu": _t("Default for GPU"),
        "source": _t("Source"),
        "as_of": _t("Date"),
        "price_source": _t("Price source"),
        "price_as_of": _t("Price date"),
        "provider": _t("Provider"),
        "tier": _t("Tier"),
        "usd_per_gpu_hour": _t("Price per GPU-hour"),
        "default": _t("Default"),
        "instance": _t("Instance"),
        "region": _t("Region"),
        "electricity_usd_per_kwh": _t("Electricity"),
        "pue": _t("PUE"),
        "colocation_usd_per_kw_month": _t("Colocation"),
        "support_fraction_per_year": _t("Support"),
        "staff_usd_per_year": _t("Staff"),
        "software_usd_per_year": _t("Software"),
        "depreciation_years": _t("Depreciation"),
        "discount_rate": _t("Discount rate"),
        "checkpoint_write_gb_per_s": _t("Checkpoint write"),
        "restart_minutes": _t("Restart"),
        "usd_to_krw": _t("Exchange rate"),
        "staff_usd_per_node_year": _t("Staff per node"),
    }
    return labels.get(name, name.replace("_", " ").capitalize())


def unit_label(col: Column) -> str:
    if col.kind == "bytes":
        return "GiB"
    if col.unit in ("", "year", "ratio", "GPUs"):
        return ""
    return col.unit


def range_text(col: Column) -> str:
    unit = unit_label(col)
    if col.kind == "bytes":
        lo = f"{col.min / GIB:g}" if col.min is not None else ""
        hi = f"{col.max / GIB:g}" if col.max is not None else ""
    else:
        lo = f"{col.min:,g}" if col.min is not None else ""
        hi = f"{col.max:,g}" if col.max is not None else ""
    if not lo and not hi:
        return ""
    return QCoreApplication.translate("Catalog", "from {0} to {1} {2}").format(lo, hi, unit).strip()


def column_help(col: Column) -> str:
    t = QCoreApplication.translate
    lines = [f"{column_label(col.name)} ({col.name})"]
    if col.help:
        lines.append(col.help)
    rng = range_text(col)
    if rng:
        lines.append(t("Catalog", "Range: {0}").format(rng))
    if col.kind == "enum":
        lines.append(t("Catalog", "One of: {0}").format(", ".join(col.choices)))
    if col.kind == "bytes":
        lines.append(t("Catalog", "Type a size such as 80 GiB or 141 GB, or a byte count."))
    if col.kind == "date":
        lines.append(t("Catalog", "A date: YYYY, YYYY-MM or YYYY-MM-DD."))
    lines.append(t("Catalog", "Required.") if col.required and col.kind != "bool" else t("Catalog", "Optional."))
    return "\n".join(lines)


def _number(text: str) -> float | None:
    try:
        v = float(text.replace("_", "").replace(",", ""))
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def display_text(col: Column, text: str) -> str:
    """A cell as the table shows it: sizes in GiB, large numbers with thousands separators, — for empty."""
    text = text.strip()
    if not text:
        return "—"
    if col.kind == "bytes":
        try:
            v = parse_cell(col, text)
        except ValueError:
            return text
        return f"{v / GIB:,.1f}".rstrip("0").rstrip(".") + " GiB"
    if col.kind in ("int", "float") and col.unit != "year":
        v = _number(text)
        if v is not None and abs(v) >= 10_000 and v.is_integer():
            return f"{int(v):,}"
    return text


def _truthy(text: str) -> bool:
    return text.strip().lower() in ("true", "yes", "1", "y")


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
            return Qt.CheckState.Checked if _truthy(text) else Qt.CheckState.Unchecked
        if role == SORT_ROLE:
            if col.kind in NUMERIC:
                v = _number(text) if col.kind != "bytes" else self._bytes(col, text)
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


class CatalogDelegate(QStyledItemDelegate):
    """Editors that know each column's kind, unit and range."""

    def __init__(self, model: CatalogTableModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._keys = UndoKeysFilter(self)

    def _column(self, index: Index) -> Column:
        return self.model.columns[index.column()]

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:  # noqa: N802
        col = self._column(index)
        unit = unit_label(col)
        if col.kind == "enum":
            box = QComboBox(parent)
            for c in col.choices:
                box.addItem(c, c)
            box.setAccessibleName(column_label(col.name))
            return box
        if col.kind == "ref":
            box = QComboBox(parent)
            for rid in sorted(self.model.session.ids(col.ref or "gpus")):
                box.addItem(rid, rid)
            box.setAccessibleName(column_label(col.name))
            return box
        if col.kind in ("int", "float"):
            lo = col.min if col.min is not None else -1e12
            hi = col.max if col.max is not None else 1e12
            optional = not col.required
            if col.kind == "int":
                spin: QAbstractSpinBox = QSpinBox(parent)
                spin.setRange(int(max(lo, -INT_LIMIT)) - (1 if optional else 0), int(min(hi, INT_LIMIT)))
            else:
                spin = QDoubleSpinBox(parent)
                spin.setDecimals(4 if hi <= 10 else 2)
                spin.setRange(lo - (1 if optional else 0), hi)
            if optional:
                spin.setSpecialValueText(QCoreApplication.translate("Catalog", "— (not published)"))
            if unit:
                spin.setSuffix(f" {unit}")
            spin.setStepType(QAbstractSpinBox.StepType.AdaptiveDecimalStepType)
            spin.setKeyboardTracking(False)  # typed numbers are stored on Enter; arrow steps at once
            spin.setAccessibleName(column_label(col.name))
            spin.setToolTip(column_help(col))
            spin.installEventFilter(self._keys)  # Ctrl+Z undoes the stored steps, not the box's text
            spin.valueChanged.connect(lambda _v, s=spin: self.commitData.emit(s))
            return spin
        edit = QLineEdit(parent)
        edit.setProperty("catalogIndex", QPersistentModelIndex(index))
        edit.setAccessibleName(column_label(col.name))
        edit.setToolTip(column_help(col))
        if col.kind == "bytes":
            edit.setPlaceholderText(QCoreApplication.translate("Catalog", "e.g. 80 GiB"))
        elif col.kind == "date":
            edit.setPlaceholderText("YYYY-MM-DD")
            edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"^\d{0,4}(-\d{0,2}(-\d{0,2})?)?$"), edit))
        elif col.kind == "id":
            edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"^[a-z0-9][a-z0-9._-]*$"), edit))
        return edit

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # noqa: N802 - Qt API
        col = self._column(index)
        text = str(index.data(Qt.ItemDataRole.EditRole) or "")
        editor.blockSignals(True)
        try:
            if isinstance(editor, QComboBox):
                editor.setCurrentIndex(max(editor.findData(text.strip()), 0))
            elif isinstance(editor, QDoubleSpinBox):
                v = _number(text)
                decimals = len(text.split(".")[1]) if "." in text and "e" not in text.lower() else 0
                editor.setDecimals(min(max(editor.decimals(), decimals), 8))
                editor.setValue(editor.minimum() if v is None else v)
            elif isinstance(editor, QSpinBox):
                v = _number(text)
                editor.setValue(editor.minimum() if v is None else int(v))
            elif isinstance(editor, QLineEdit):
                if col.kind == "bytes" and text.strip():
                    v = self.model._bytes(col, text)
                    gib = v / GIB if v is not None else None
                    if gib is not None and abs(gib - round(gib, 3)) < 1e-9:
                        editor.setText(f"{round(gib, 3):g} GiB")
                    else:
                        editor.setText(text)
                else:
                    editor.setText(text)
        finally:
            editor.blockSignals(False)

    def editor_text(self, editor: QWidget, index: Index) -> str | None:
        """The cell text an editor holds, or None when it holds what the cell already has."""
        col = self._column(index)
        current = str(index.data(Qt.ItemDataRole.EditRole) or "")
        if isinstance(editor, QComboBox):
            text = str(editor.currentData() or "")
        elif isinstance(editor, QDoubleSpinBox):
            v = editor.value()
            if not col.required and v <= editor.minimum():
                text = ""
            else:
                cur = _number(current)
                if cur is not None and round(cur, editor.decimals()) == round(v, editor.decimals()):
                    return None
                text = f"{v:.{editor.decimals()}f}".rstrip("0").rstrip(".")
        elif isinstance(editor, QSpinBox):
            v = editor.value()
            text = "" if not col.required and v <= editor.minimum() else str(v)
        elif isinstance(editor, QLineEdit):
            text = editor.text().strip()
            if col.kind == "bytes" and text:
                new, old = self.model._bytes(col, text), self.model._bytes(col, current)
                if new is not None and new == old:
                    return None
                if new is not None:
                    text = str(int(new))  # stored as a byte count, as in the shipped files
        else:
            return None
        return None if text == current.strip() else text

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:  # noqa: N802 - Qt API
        text = self.editor_text(editor, index)
        if text is not None:
            model.setData(index, text, Qt.ItemDataRole.EditRole)

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """Enter or Tab in a text cell with an invalid value: say why and keep the editor open, with what
        the user typed (Escape still cancels)."""
        if (
            isinstance(editor, QLineEdit)
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
        ):
            index = editor.property("catalogIndex")
            if isinstance(index, QPersistentModelIndex) and index.isValid():
                text = self.editor_text(editor, index)
                if text is not None:
                    src = self.model.index(index.row(), index.column()) if index.model() is self.model else None
                    if src is None:
                        proxy = index.model()
                        src = proxy.mapToSource(proxy.index(index.row(), index.column()))  # type: ignore[union-attr]
                    problem = self.model.cell_problem(src.row(), self.model.columns[src.column()].name, text)
                    if problem is not None:
                        self.model.problem.emit(problem)
                        return True
        return super().eventFilter(editor, event)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: Index) -> None:  # noqa: N802
        rect = option.rect
        rect.setWidth(max(rect.width(), editor.sizeHint().width()))
        editor.setGeometry(rect)
