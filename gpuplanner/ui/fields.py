"""Form building blocks: spin boxes with unit suffixes, rows that show a field's problem (red border and
the reason under it), and a spin box whose empty state means "the catalog's value"."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from .count_input import CountSpin
from .qt_names import set_enum_property
from .theme import error_color

INT_MAX = 2_000_000_000


def _plain(label: str) -> str:
    return label.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(":")


def shrinkable(w: QWidget, min_width: int = 110) -> QWidget:
    """Let a spin or combo box be narrower than its widest value (it still shows it when there is room):
    a form in a narrow panel then never runs off the right edge."""
    for box in [w, *w.findChildren(QAbstractSpinBox), *w.findChildren(QComboBox)]:
        if isinstance(box, (QAbstractSpinBox, QComboBox)):
            policy = box.sizePolicy()
            policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
            box.setSizePolicy(policy)
            box.setMinimumWidth(min_width)
        if isinstance(box, QComboBox):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(10)
    return w


def set_value(box: QSpinBox | QDoubleSpinBox, value: float) -> None:
    """Show ``value`` unless the box already holds it. A page re-reads the document after each of its own
    edits; rewriting the text of the box being typed in ("3" → "3.00") would break the typing."""
    if isinstance(box, QDoubleSpinBox):
        if round(box.value(), box.decimals()) != round(value, box.decimals()):
            box.setValue(value)
    elif box.value() != int(value):
        box.setValue(int(value))  # what QSpinBox.setValue makes of a float: PySide6 truncates it as int() does


class CountSpinBox(CountSpin):
    """A spin box whose unit agrees with the number: "1 epoch", "2 epochs" (also when set with signals
    blocked, as the pages do when they show the document)."""

    def __init__(self, one: str, many: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._one, self._many = one, many
        self.valueChanged.connect(self._agree)

    def _agree(self, v: int) -> None:
        self.setSuffix(self._one if v == 1 else self._many)

    def setValue(self, v: int) -> None:  # noqa: N802 - Qt API
        super().setValue(v)
        self._agree(self.value())


def counted(
    minimum: int, maximum: int, one: str, many: str, *, special: str | None = None, step: int = 1
) -> CountSpinBox:
    w = CountSpinBox(one, many)
    _setup_spin(w, minimum, maximum, "", special, step)
    w._agree(w.value())
    return w


def _setup_spin(w: QSpinBox, minimum: int, maximum: int, suffix: str, special: str | None, step: int) -> None:
    w.setRange(minimum, maximum)
    w.setSuffix(suffix)
    w.setSingleStep(step)
    w.setAccelerated(True)
    w.setStepType(QAbstractSpinBox.StepType.AdaptiveDecimalStepType)
    w.setGroupSeparatorShown(True)  # "8,192 tokens", as the results write their numbers ("1,024")
    if special:
        w.setSpecialValueText(special)


def spin(minimum: int, maximum: int, suffix: str = "", *, special: str | None = None, step: int = 1) -> QSpinBox:
    """An integer field with its unit as a suffix. ``special``: text shown at the minimum (e.g. "automatic")."""
    w = CountSpin()
    _setup_spin(w, minimum, maximum, suffix, special, step)
    return w


def dspin(
    minimum: float,
    maximum: float,
    suffix: str = "",
    *,
    decimals: int = 2,
    step: float = 1.0,
    special: str | None = None,
) -> QDoubleSpinBox:
    w = QDoubleSpinBox()
    w.setRange(minimum, maximum)
    w.setDecimals(decimals)
    w.setSuffix(suffix)
    w.setSingleStep(step)
    w.setAccelerated(True)
    w.setStepType(QAbstractSpinBox.StepType.AdaptiveDecimalStepType)
    w.setGroupSeparatorShown(True)
    if special:
        w.setSpecialValueText(special)
    return w


class FieldRow:
    """One input and the label under it that says what is wrong with it."""

    def __init__(self, widget: QWidget, label: QLabel | None, error: QLabel) -> None:
        self.widget, self.label, self.error = widget, label, error
        self.problem: str | None = None

    @property
    def holder(self) -> QWidget:
        """The widget the form shows for this row: the input with its error label under it."""
        holder = self.error.parentWidget()
        assert holder is not None  # Form.add puts the error label in the holder's layout
        return holder

    @property
    def name(self) -> str:
        return self.widget.accessibleName()

    def set_problem(self, message: str | None) -> None:
        self.problem = message
        target = self.widget.findChild(QAbstractSpinBox) or self.widget
        if message:
            color = error_color(self.widget.palette())
            target.setStyleSheet(f"border: 2px solid {color}; border-radius: 3px;")
            self.error.setStyleSheet(f"color: {color};")
            self.error.setText("⚠ " + message)
            self.error.show()
            target.setAccessibleDescription(message)
            target.setToolTip(message)
        else:
            target.setStyleSheet("")
            self.error.clear()
            self.error.hide()
            target.setAccessibleDescription("")
            target.setToolTip(target.property("plainToolTip") or "")


class Form(QFormLayout):
    """A QFormLayout whose rows carry an error label, buddies (for ``&`` mnemonics) and accessible names."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        set_enum_property(self, "labelAlignment", "AlignRight|AlignVCenter")  # not Qt.* before the first paint

    def add(self, label: str, widget: QWidget, tip: str = "") -> FieldRow:
        shrinkable(widget)
        holder = QWidget()
        box = QVBoxLayout(holder)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(2)
        box.addWidget(widget)
        error = QLabel()
        error.setWordWrap(True)
        error.hide()
        error.setAccessibleName(QCoreApplication.translate("Fields", "{0}: problem").format(_plain(label)))
        box.addWidget(error)
        lab = QLabel(label) if label else None
        if lab is not None:
            lab.setBuddy(widget.findChild(QAbstractSpinBox) or widget)
            self.addRow(lab, holder)
        else:
            self.addRow(holder)
        widget.setAccessibleName(_plain(label))
        if tip:
            widget.setToolTip(tip)
            widget.setProperty("plainToolTip", tip)
        return FieldRow(widget, lab, error)

    def set_row_visible(self, row: FieldRow, visible: bool) -> None:
        self.setRowVisible(row.holder, visible)


class DefaultableSpin(QWidget):
    """A number that is either the user's (an override) or the catalog's default (shown in italics).

    ``value()`` is the override or None. A default nobody published shows "not published". The reset button
    goes back to the default. ``edited`` fires on user changes only.
    """

    edited = Signal()

    def __init__(
        self,
        minimum: float,
        maximum: float,
        suffix: str = "",
        *,
        decimals: int = 2,
        step: float = 1.0,
        scale: float = 1.0,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._scale = scale  # shown = stored × scale (fractions shown as percent)
        self._override: float | None = None
        self._default: float | None = None
        self._source = ""
        self._sentinel = minimum - 1
        self.spin = dspin(
            self._sentinel, maximum, suffix, decimals=decimals, step=step, special=self.tr("not published")
        )
        self.spin.setMinimum(self._sentinel)
        self.reset = QToolButton()
        self.reset.setText("↺")
        self.reset.setToolTip(self.tr("Use the catalog's value"))
        self.reset.setAccessibleName(self.tr("Reset to the catalog value"))
        set_enum_property(self.reset, "focusPolicy", "TabFocus")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        lay.addWidget(self.spin, 1)
        lay.addWidget(self.reset)
        self.setFocusProxy(self.spin)
        self.spin.valueChanged.connect(self._typed)
        self.reset.clicked.connect(self._reset)

    def setAccessibleName(self, name: str) -> None:  # noqa: N802 - Qt API
        super().setAccessibleName(name)
        self.spin.setAccessibleName(name)

    def value(self) -> float | None:
        return self._override

    def shown_value(self) -> float | None:
        v = self.spin.value()
        return None if v <= self._sentinel else v / self._scale

    def set_values(self, override: float | None, default: float | None, source: str) -> None:
        self._override, self._default, self._source = override, default, source
        shown = override if override is not None else default
        self.spin.blockSignals(True)
        set_value(self.spin, self._sentinel if shown is None else shown * self._scale)
        self.spin.blockSignals(False)
        self._style()

    def _style(self) -> None:
        f = self.spin.font()  # a copy
        f.setItalic(self._override is None)
        self.spin.setFont(f)
        self.reset.setEnabled(self._override is not None)
        where = self.tr("your value") if self._override is not None else self._source
        tip = self.tr("Source: {0}").format(where or "—")
        self.spin.setToolTip(tip)
        self.spin.setProperty("plainToolTip", tip)

    def _typed(self, v: float) -> None:
        self._override = None if v <= self._sentinel else v / self._scale
        self._style()
        self.edited.emit()

    def _reset(self) -> None:
        self.set_values(None, self._default, self._source)
        self.edited.emit()
