"""The catalog editor's cell editors, one per column kind.

:class:`CatalogDelegate` gives each column kind its editor: a spin box with the column's unit and range for
numbers (each arrow step is stored at once, and steps within a second are one undo step), a list for enums
and GPU references, a check box for yes/no, and a text field for bytes ("80 GiB"), dates and text.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractProxyModel,
    QCoreApplication,
    QEvent,
    QObject,
    QPersistentModelIndex,
    QRegularExpression,
    Qt,
)
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
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

from gpuplanner.core.catalog import Column

from .catalog_columns import GIB, bytes_from_text, column_help, column_label, parse_number, unit_label
from .catalog_model import CatalogTableModel, Index
from .undo import UndoKeysFilter

INT_LIMIT = 2_147_483_647


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
                spin: QSpinBox | QDoubleSpinBox = QSpinBox(parent)
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
                v = parse_number(text)
                decimals = len(text.split(".")[1]) if "." in text and "e" not in text.lower() else 0
                editor.setDecimals(min(max(editor.decimals(), decimals), 8))
                editor.setValue(editor.minimum() if v is None else v)
            elif isinstance(editor, QSpinBox):
                v = parse_number(text)
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
                cur = parse_number(current)
                if cur is not None and round(cur, editor.decimals()) == round(v, editor.decimals()):
                    return None
                text = f"{v:.{editor.decimals()}f}".rstrip("0").rstrip(".")
        elif isinstance(editor, QSpinBox):
            v = editor.value()
            text = "" if not col.required and v <= editor.minimum() else str(v)
        elif isinstance(editor, QLineEdit):
            text = editor.text().strip()
            if col.kind == "bytes" and text:
                new, old = bytes_from_text(col, text), self.model._bytes(col, current)
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
                        # the editor's view shows the table through the editor's filter proxy
                        assert isinstance(proxy, QAbstractProxyModel)
                        src = proxy.mapToSource(proxy.index(index.row(), index.column()))
                    problem = self.model.cell_problem(src.row(), self.model.columns[src.column()].name, text)
                    if problem is not None:
                        self.model.problem.emit(problem)
                        return True
        return super().eventFilter(editor, event)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: Index) -> None:  # noqa: N802
        rect = option.rect
        rect.setWidth(max(rect.width(), editor.sizeHint().width()))
        editor.setGeometry(rect)
