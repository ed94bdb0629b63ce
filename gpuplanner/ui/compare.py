"""File › Compare with…: the open scenario and another one side by side.

Two tables: the key results of both (memory per GPU, fits, wall clock, GPU-hours, job cost, TCO, …) for
each scenario's planned GPU, with the difference; and every input that differs. The open scenario's column
follows its edits (it reads the main window's latest results); the other one is estimated once, with the
same catalog, and again after a catalog edit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import scenario_to_dict

from . import formatting as fmt
from .resultset import CandidateResult
from .theme import status_colors

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
METRICS = (
    "gpu",
    "fits",
    "memory",
    "headroom",
    "layout",
    "wall",
    "gpu_hours",
    "job_cost",
    "cloud_on_demand",
    "onprem_tco",
    "breakeven",
    "per_million",
)
LOWER_IS_BETTER = {"memory", "wall", "gpu_hours", "job_cost", "cloud_on_demand", "onprem_tco", "per_million"}
MONEY = {"job_cost", "cloud_on_demand", "onprem_tco", "per_million"}


def _t(text: str) -> str:
    return QCoreApplication.translate("Compare", text)


def metric_label(key: str) -> str:
    return {
        "gpu": _t("GPUs"),
        "fits": _t("Fits in memory"),
        "memory": _t("Peak memory per GPU"),
        "headroom": _t("Headroom per GPU"),
        "layout": _t("Layout"),
        "wall": _t("Wall clock"),
        "gpu_hours": _t("GPU-hours"),
        "job_cost": _t("Job cost at on-demand prices"),
        "cloud_on_demand": _t("Cloud on demand (horizon)"),
        "onprem_tco": _t("Owning TCO (horizon)"),
        "breakeven": _t("Break-even utilization"),
        "per_million": _t("Owning cost per million tokens"),
    }[key]


@dataclass(frozen=True)
class Side:
    """One scenario and the estimate for its planned GPU."""

    scenario: Scenario
    result: CandidateResult | None
    label: str  # "This scenario" / the other file's name

    def raw(self, key: str) -> Any:
        e = self.result.estimate if self.result is not None else None
        if e is None:
            return None
        mem, t, cost = e.memory, e.time, e.cost
        return {
            "fits": mem.fits if mem else None,
            "memory": (mem.total + mem.overhead) if mem else None,
            "headroom": mem.headroom if mem else None,
            "wall": t.wall_seconds if t else None,
            "gpu_hours": t.gpu_hours if t else None,
            "job_cost": getattr(cost, "job_cloud_on_demand", None),
            "cloud_on_demand": getattr(cost, "cloud_on_demand", None),
            "onprem_tco": getattr(cost, "onprem_tco", None),
            "breakeven": getattr(cost, "breakeven_utilization", None),
            "per_million": getattr(cost, "per_million_tokens", None),
        }.get(key)

    def text(self, key: str) -> str:
        s, r = self.scenario, self.result
        cur = s.cost.currency
        if key == "gpu":
            return f"{s.hardware.gpu_count} × {r.gpu_name if r is not None else s.hardware.gpu}"
        e = r.estimate if r is not None else None
        if e is None:
            return fmt.DASH
        v = self.raw(key)
        if key == "fits":
            return fmt.DASH if v is None else (_t("yes") if v else _t("no"))
        if key == "memory":
            cap = e.memory.capacity if e.memory else None
            return _t("{0} of {1}").format(fmt.gib(v), fmt.gib(cap)) if v is not None else fmt.DASH
        if key == "headroom":
            return fmt.signed_gib(v)
        if key == "layout":
            lay = e.layout
            return f"tp {lay.tp} · pp {lay.pp} · cp {lay.cp} · dp {lay.dp} · ZeRO-{lay.zero}"
        if key == "wall":
            return fmt.days(v)
        if key == "gpu_hours":
            return fmt.gpu_hours(v)
        if key == "breakeven":
            return fmt.percent(v, 1)
        if key == "per_million":
            if v is None:
                return fmt.DASH
            sym = fmt.CURRENCY_SYMBOL.get(cur, "")
            return f"{sym}{v:,.2f}" if v >= 0.01 else f"{sym}{v:.4f}"
        if key in MONEY:
            return fmt.money(v, cur)
        return fmt.DASH


class CompareResultsModel(QAbstractTableModel):
    """Rows: key results; columns: result, this scenario, the other one, the difference (other vs this)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.a: Side | None = None
        self.b: Side | None = None

    def set_sides(self, a: Side | None, b: Side | None) -> None:
        self.beginResetModel()
        self.a, self.b = a, b
        self.endResetModel()

    def rowCount(self, parent: Index = ROOT) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() or self.a is None or self.b is None else len(METRICS)

    def columnCount(self, parent: Index = ROOT) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else 4

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,  # noqa: N802 - Qt API
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if not 0 <= section < 4:
            return None
        a = self.a.label if self.a else _t("This scenario")
        b = self.b.label if self.b else _t("Other scenario")
        return (_t("Result"), a, b, _t("Difference"))[section]

    def difference(self, key: str) -> tuple[str, int]:
        """(text, sign: -1 better, 1 worse, 0 neither) of the other scenario against this one."""
        assert self.a is not None and self.b is not None
        if key in ("gpu", "layout"):
            return ("" if self.a.text(key) == self.b.text(key) else _t("differs")), 0
        va, vb = self.a.raw(key), self.b.raw(key)
        if key == "fits":
            if va is None or vb is None or va == vb:
                return "", 0
            return (_t("fits") if vb else _t("does not fit")), (-1 if vb else 1)
        if va is None or vb is None:
            return fmt.DASH, 0
        if key in MONEY and self.a.scenario.cost.currency != self.b.scenario.cost.currency:
            return _t("other currency"), 0
        if key in ("headroom", "breakeven"):
            delta = vb - va
            text = fmt.signed_gib(delta) if key == "headroom" else f"{100 * delta:+.1f} pp".replace("-", "−")
            return text, 0
        if va == 0:
            return ("" if vb == 0 else fmt.DASH), 0
        rel = (vb - va) / abs(va)
        if abs(rel) < 0.0005:
            return _t("same"), 0
        sign = (1 if rel > 0 else -1) if key in LOWER_IS_BETTER else 0
        return f"{100 * rel:+.1f}%".replace("-", "−"), sign

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (
            not index.isValid()
            or self.a is None
            or self.b is None
            or not 0 <= index.row() < len(METRICS)
            or not 0 <= index.column() < 4
        ):
            return None
        key = METRICS[index.row()]
        col = index.column()
        R = Qt.ItemDataRole
        if role in (R.DisplayRole, R.AccessibleTextRole):
            if col == 0:
                return metric_label(key)
            if col == 1:
                return self.a.text(key)
            if col == 2:
                return self.b.text(key)
            return self.difference(key)[0]
        if role == R.ToolTipRole:
            side = self.a if col == 1 else self.b if col == 2 else None
            if side is not None and side.result is not None and side.result.error:
                return side.result.error
            return None
        if role == R.ForegroundRole and col == 3:
            sign = self.difference(key)[1]
            if sign:
                good, bad = status_colors()
                return QBrush(QColor(good if sign < 0 else bad))
            return None
        if role == R.TextAlignmentRole and col in (1, 2, 3) and key not in ("gpu", "layout"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def flatten(doc: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in doc.items():
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            out.update(flatten(v, key + "."))
        else:
            out[key] = v
    return out


FRACTION_KEYS = {
    "cost.utilization",
    "cost.spot_lost_fraction",
    "cost.import_tax_fraction",
    "cost.support_fraction_per_year",
    "cost.discount_rate",
    "cost.electricity_escalation_per_year",
}


def _value_text(v: Any, key: str = "") -> str:
    if v is None:
        return _t("(not set)")
    if isinstance(v, bool):
        return _t("yes") if v else _t("no")
    if key in FRACTION_KEYS and isinstance(v, (int, float)):
        return f"{100 * v:.4g}%".replace("-", "−")
    if isinstance(v, float):
        return f"{v:,.6g}" if abs(v) < 1e6 or v != int(v) else f"{v:,.4g}"
    if isinstance(v, list):
        return ", ".join(str(x) for x in v)
    return str(v)


def input_differences(a: Scenario, b: Scenario) -> list[tuple[str, Any, Any]]:
    """(key, value here, value there) for every scenario key whose values differ, in file order."""
    fa, fb = flatten(scenario_to_dict(a)), flatten(scenario_to_dict(b))
    keys = list(fa) + [k for k in fb if k not in fa]
    return [(k, fa.get(k), fb.get(k)) for k in keys if fa.get(k) != fb.get(k) and k != "schema"]


class InputDiffModel(QAbstractTableModel):
    """Rows: the inputs that differ; columns: input, this scenario, the other one."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, Any, Any]] = []
        self.labels = (_t("This scenario"), _t("Other scenario"))

    def set_scenarios(self, a: Scenario, b: Scenario, labels: tuple[str, str] | None = None) -> None:
        self.beginResetModel()
        self.rows = input_differences(a, b)
        if labels:
            self.labels = labels
        self.endResetModel()

    def rowCount(self, parent: Index = ROOT) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = ROOT) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else 3

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,  # noqa: N802 - Qt API
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < 3:
            return (_t("Input"), *self.labels)[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows) or not 0 <= index.column() < 3:
            return None
        key, va, vb = self.rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            if index.column() == 0:
                from .pages.base import key_label

                return key_label(key)
            return _value_text(va if index.column() == 1 else vb, key)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 0:
            return key
        return None


def _table(name: str) -> QTableView:
    view = QTableView()
    view.setAccessibleName(name)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
    view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # read-only: no focus frame on the first cell
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    return view


class CompareDialog(QDialog):
    openRequested = Signal(str)  # the other scenario's path

    def __init__(
        self, current: Side, other: Side, other_path: Path | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        t = self.tr
        self.setWindowTitle(t("Compare scenarios"))
        self.setObjectName("CompareDialog")
        self.setSizeGripEnabled(True)
        self.resize(980, 720)
        self.other_path = other_path
        self.estimate: Callable[[Scenario], CandidateResult] | None = None
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.results_model = CompareResultsModel(self)
        self.results = _table(t("Key results of both scenarios"))
        self.results.setModel(self.results_model)
        self.inputs_label = QLabel()
        self.inputs_model = InputDiffModel(self)
        self.inputs = _table(t("Inputs that differ"))
        self.inputs.setModel(self.inputs_model)
        results_box = QWidget()
        rl = QVBoxLayout(results_box)
        rl.setContentsMargins(0, 0, 0, 0)
        head = QLabel(t("Key results, for each scenario's planned GPU"))
        f = head.font()
        f.setBold(True)
        head.setFont(f)
        self.inputs_label.setFont(f)
        rl.addWidget(head)
        rl.addWidget(self.results, 1)
        inputs_box = QWidget()
        il = QVBoxLayout(inputs_box)
        il.setContentsMargins(0, 0, 0, 0)
        il.addWidget(self.inputs_label)
        il.addWidget(self.inputs, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(results_box)
        split.addWidget(inputs_box)
        split.setChildrenCollapsible(False)
        split.setSizes([430, 210])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = QPushButton(t("&Open Other Scenario"))
        self.open_button.setToolTip(t("Open the other scenario in this window (instead of the current one)"))
        self.open_button.setEnabled(other_path is not None)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        self.open_button.clicked.connect(self._open_other)
        lay = QVBoxLayout(self)
        lay.addWidget(self.heading)
        lay.addWidget(split, 1)
        lay.addWidget(buttons)
        self.current, self.other = current, other
        self._refresh()

    def _open_other(self) -> None:
        if self.other_path is not None:
            self.openRequested.emit(str(self.other_path))

    def set_current(self, current: Side) -> None:
        self.current = current
        self._refresh()

    def set_other(self, other: Side) -> None:
        self.other = other
        self._refresh()

    def refresh_other(self) -> None:
        """Estimate the other scenario again (after a catalog edit), with ``self.estimate``."""
        if self.estimate is not None:
            self.set_other(Side(self.other.scenario, self.estimate(self.other.scenario), self.other.label))

    def _refresh(self) -> None:
        a, b = self.current, self.other
        self.heading.setText(
            self.tr("<b>{0}</b>: {1}<br><b>{2}</b>: {3}").format(
                a.label, _escape(a.scenario.name), b.label, _escape(b.scenario.name)
            )
        )
        self.results_model.set_sides(a, b)
        self.inputs_model.set_scenarios(a.scenario, b.scenario, (a.label, b.label))
        n = self.inputs_model.rowCount()
        self.inputs_label.setText(
            self.tr("Inputs that differ: {0}").format(n) if n else self.tr("The inputs are the same.")
        )
        self.results.resizeColumnToContents(0)
        self.inputs.resizeColumnToContents(0)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
