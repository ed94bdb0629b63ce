"""The best layout per candidate GPU, as a table model: time, GPU-hours, cost, with the formula behind each
number as its tooltip and the raw engine value under ``Qt.UserRole``."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from . import formatting as fmt
from . import memory_figures as mf
from . import serving_columns as serving
from . import tooltips as tips
from .resultset import CandidateResult, ResultSet
from .theme import status_colors

COLUMNS = (
    "gpu",
    "fits",
    "memory",
    "smi",
    "headroom",
    "layout",
    "wall",
    "gpu_hours",
    "job_cost",
    "onprem_tco",
    "breakeven",
    "deadline_gpus",
)
NUMERIC = {"memory", "smi", "headroom", "wall", "gpu_hours", "job_cost", "onprem_tco", "breakeven", "deadline_gpus"}
Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()  # the (invalid) root index, as the default parent


def header(col: str) -> str:
    t = QCoreApplication.translate
    return {
        "gpu": t("Results", "GPU"),
        "fits": t("Results", "Fits?"),
        "memory": mf.column("allocated"),
        "smi": mf.column("smi"),
        "headroom": t("Results", "Headroom"),
        "layout": t("Results", "Best layout"),
        "wall": t("Results", "Wall clock"),
        "gpu_hours": t("Results", "GPU-hours"),
        "job_cost": t("Results", "Job cost"),
        "onprem_tco": t("Results", "Owning TCO"),
        "breakeven": t("Results", "Break-even"),
        "deadline_gpus": t("Results", "GPUs for deadline"),
    }[col]


def short_layout(c: CandidateResult, training: bool = True) -> str:
    e = c.estimate
    if e is None:
        return fmt.DASH
    lay = e.layout
    parts = [f"{name}{v}" for name, v in (("tp", lay.tp), ("pp", lay.pp), ("cp", lay.cp), ("ep", lay.ep)) if v > 1] + [
        f"dp{lay.dp}"
    ]
    extra = f" · ZeRO-{lay.zero} · mb{lay.micro_batch} · {lay.recompute}" if training else ""
    return "×".join(parts) + extra


def raw_value(rs: ResultSet, c: CandidateResult, col: str) -> Any:
    e = c.estimate
    if col == "gpu":
        return c.gpu_id
    if col == "deadline_gpus":
        d = rs.deadline(c.gpu_id)
        return d.gpu_count if d is not None else None
    if e is None:
        return None
    mem, t, cost = e.memory, e.time, e.cost
    return {
        "fits": mem.fits if mem else None,
        "memory": mem.total if mem else None,
        "smi": mem.total + mem.overhead if mem else None,
        "headroom": mem.headroom if mem else None,
        "layout": e.layout,
        "wall": t.wall_seconds if t else None,
        "gpu_hours": t.gpu_hours if t else None,
        "job_cost": getattr(cost, "job_cloud_on_demand", None),
        "onprem_tco": getattr(cost, "onprem_tco", None),
        "breakeven": getattr(cost, "breakeven_utilization", None),
    }[col]


def display(rs: ResultSet, c: CandidateResult, col: str) -> str:
    v = raw_value(rs, c, col)
    t = QCoreApplication.translate
    if col == "gpu":
        return c.gpu_name
    if c.estimate is None and col == "fits":
        return t("Results", "error")
    if col == "fits":
        if v is None:
            return fmt.DASH
        if v:
            e = c.estimate
            probability = e.bands.fit_probability if e is not None and e.bands is not None else None
            return "✓ " + fmt.fit_word(probability, True)
        mem = c.estimate.memory if c.estimate is not None else None
        assert mem is not None  # v, False here, is this memory's fits (raw_value)
        return t("Results", "✗ {0} short").format(fmt.gib(-mem.headroom))
    if col in ("memory", "smi"):
        return fmt.gib(v)
    if col == "headroom":
        return fmt.signed_gib(v)
    if col == "layout":
        return short_layout(c, rs.scenario.workload.is_training)
    if col == "wall":
        return fmt.days(v)
    if col == "gpu_hours":
        return fmt.count(v)
    if col in ("job_cost", "onprem_tco"):
        return fmt.money(v, rs.currency)
    if col == "breakeven":
        return fmt.percent(v)
    if col == "deadline_gpus":
        d = rs.deadline(c.gpu_id)
        if d is None or d.gpu_count is None:
            return fmt.DASH
        return t("Results", "{0} ({1})").format(fmt.count(d.gpu_count), fmt.days(d.wall_seconds))
    return fmt.DASH


def tooltip(rs: ResultSet, c: CandidateResult, col: str) -> str:
    e = c.estimate
    if e is None:
        return c.error or fmt.DASH
    s = rs.scenario
    text = {
        "gpu": f"{c.gpu_name} ({c.gpu_id})",
        "fits": tips.headroom(e),
        "memory": tips.memory_total(e),
        "smi": tips.memory_total(e),
        "headroom": tips.headroom(e),
        "layout": tips.layout(e),
        "wall": tips.wall_time(e, s.workload.training_tokens),
        "gpu_hours": tips.gpu_hours(e, s.hardware.gpu_count),
        "job_cost": tips.job_cost(e),
        "onprem_tco": tips.onprem_tco(e),
        "breakeven": tips.breakeven(e),
        "deadline_gpus": _deadline_tip(rs, c),
    }[col]
    if c.fits is False and col not in ("gpu", "fits", "headroom", "memory", "smi"):
        text = QCoreApplication.translate("Results", "Does not fit: a run that cannot start.") + "\n" + text
    return text


def _deadline_tip(rs: ResultSet, c: CandidateResult) -> str:
    t = QCoreApplication.translate
    d = rs.deadline(c.gpu_id)
    head = t("Results", "smallest whole-node GPU count that fits and finishes within {0:g} days").format(
        rs.scenario.workload.deadline_days or 0.0
    )
    if d is None:
        return head
    if d.gpu_count is None:
        return head + "\n" + (d.reason or fmt.DASH)
    return (
        head
        + "\n"
        + t("Results", "{0} GPUs: {1}, {2} at on-demand prices").format(
            fmt.count(d.gpu_count), fmt.days(d.wall_seconds), fmt.money(d.job_cloud_on_demand, rs.currency)
        )
    )


# Painting the table asks each cell for about ten roles, and resizing the columns to their contents asks again:
# ~600 calls per redraw, each formatting its numbers anew (issue #15). Every role but the text colour depends
# only on the results, so the model keeps those per cell until the next set_results; the colour follows the
# palette (a theme switch), so it is looked up each time.
_UNCACHED_ROLE = int(Qt.ItemDataRole.ForegroundRole)
_ROLES = frozenset(  # the roles the model answers (the others, decoration, check state, …, are None at once)
    int(r)
    for r in (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.UserRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.AccessibleTextRole,
    )
)


class ResultsTableModel(QAbstractTableModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rs: ResultSet | None = None
        self._columns: tuple[str, ...] = self._columns_for(None)
        self._cells: dict[tuple[int, int, int], Any] = {}  # (row, column, role) -> value, all but the colour

    @property
    def results(self) -> ResultSet | None:
        return self._rs

    @staticmethod
    def _columns_for(rs: ResultSet | None) -> tuple[str, ...]:
        if serving.shows_serving(rs):  # inference: the serving plan's deployment per GPU (issue 21)
            return (*COLUMNS[:5], *serving.COLUMNS)
        if rs is not None and rs.scenario.workload.deadline_days is not None:
            return COLUMNS
        return COLUMNS[:-1]

    def columns(self) -> tuple[str, ...]:
        return self._columns

    def set_results(self, rs: ResultSet | None) -> None:
        """Show ``rs``: one model reset (the view re-reads every cell once)."""
        self.beginResetModel()
        self._rs = rs
        self._columns = self._columns_for(rs)
        self._cells.clear()
        self.endResetModel()

    def rowCount(self, parent: Index = ROOT) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() or self._rs is None else len(self._rs.candidates)

    def columnCount(self, parent: Index = ROOT) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self._columns)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,  # noqa: N802 - Qt API
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            cols = self._columns
            if not 0 <= section < len(cols):
                return None
            return serving.header(cols[section]) if cols[section] in serving.COLUMNS else header(cols[section])
        return None

    def column_of(self, key: str) -> int:
        return self._columns.index(key)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        role = int(role)
        if role not in _ROLES or self._rs is None or not index.isValid():
            return None
        if role == _UNCACHED_ROLE:
            return self._data(index.row(), index.column(), role)
        key = (index.row(), index.column(), role)
        try:
            return self._cells[key]
        except KeyError:
            value = self._cells[key] = self._data(*key)
            return value

    def _data(self, row: int, column: int, role: int) -> Any:
        assert self._rs is not None
        c = self._rs.candidates[row]
        col = self._columns[column]
        if col in serving.COLUMNS:
            if role == Qt.ItemDataRole.DisplayRole:
                return serving.display(self._rs, c.gpu_id, col)
            if role == Qt.ItemDataRole.ToolTipRole:
                return serving.tooltip(self._rs, c.gpu_id, col)
            if role == Qt.ItemDataRole.UserRole:
                return serving.raw_value(self._rs, c.gpu_id, col)
            if role == Qt.ItemDataRole.TextAlignmentRole and col in serving.NUMERIC:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if role == Qt.ItemDataRole.AccessibleTextRole:
                return f"{serving.header(col)}: {serving.display(self._rs, c.gpu_id, col)}"
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return display(self._rs, c, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(self._rs, c, col)
        if role == Qt.ItemDataRole.UserRole:
            return raw_value(self._rs, c, col)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and col in ("fits", "headroom"):
            good, bad = status_colors()
            if c.estimate is None:
                return QBrush(QColor(bad))
            return QBrush(QColor(good if c.fits else bad))
        if role == Qt.ItemDataRole.ForegroundRole and c.fits is False:
            from PySide6.QtGui import QPalette
            from PySide6.QtWidgets import QApplication

            return QBrush(QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        if role == Qt.ItemDataRole.FontRole and col == "gpu" and c.gpu_id == self._rs.scenario.hardware.gpu:
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{header(col)}: {display(self._rs, c, col)}"
        return None
