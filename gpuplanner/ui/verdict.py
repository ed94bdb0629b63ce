"""The verdict line: the recommendation sentence, sanity warnings with their reasons, and a button that applies
the change the verdict names (the deadline's GPU count, or a change that makes the workload fit)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from gpuplanner.core.scenario import Scenario

from .link_notes import notes_for
from .recommend import recommendation, suggested_change
from .resultset import ResultSet
from .sanity import warnings_for
from .theme import error_color


class Verdict(QWidget):
    applyRequested = Signal(object, str)  # the scenario to apply, the undo text

    def __init__(self, *, bold_scale: float = 1.0, stacked: bool = False, parent: QWidget | None = None) -> None:
        """``stacked``: the button under the sentence (a narrow panel), else beside it."""
        super().__init__(parent)
        self.label = QLabel(recommendation(None))
        self.label.setWordWrap(True)
        # the sentence wraps in whatever width is left: its preferred width (a long line) pushed the apply button
        # past the window's right edge
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.label.setMinimumWidth(120)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setAccessibleName(self.tr("Recommendation"))
        f = self.label.font()
        if bold_scale != 1.0:
            f.setPointSizeF(f.pointSizeF() * bold_scale)
        f.setBold(True)
        self.label.setFont(f)
        self.button = QPushButton()
        self.button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.button.setAccessibleName(self.tr("Apply the suggested change"))
        self.button.hide()
        self.button.clicked.connect(self._apply)
        self.warnings = QLabel()
        self.warnings.setWordWrap(True)
        self.warnings.setAccessibleName(self.tr("Warnings"))
        self.warnings.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.warnings.hide()
        # the link speeds the figures assumed (Estimate.notes): an assumption to check, not an error
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setAccessibleName(self.tr("Assumptions"))
        self.notes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.notes.hide()
        self._change: tuple[str, str, Scenario] | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 2, 4, 4)
        lay.setSpacing(2)
        if stacked:
            lay.addWidget(self.label)
            lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        else:
            row = QHBoxLayout()
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(self.label, 1)
            row.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)
            lay.addLayout(row)
        lay.addWidget(self.warnings)
        lay.addWidget(self.notes)

    def show_results(self, rs: ResultSet | None) -> None:
        self.label.setText(recommendation(rs))
        self._change = suggested_change(rs)
        self.button.setVisible(self._change is not None)
        if self._change is not None:
            self.button.setText(self._change[0])
            self.button.setToolTip(self._change[1])
        found = warnings_for(rs) if rs is not None else []
        self.warnings.setVisible(bool(found))
        self.warnings.setText("\n".join("⚠ " + w for w in found))
        self.warnings.setStyleSheet(f"color: {error_color(self.palette())};" if found else "")
        notes = notes_for(rs) if rs is not None else []
        self.notes.setVisible(bool(notes))
        self.notes.setText("\n".join("ⓘ " + n for n in notes))

    def _apply(self) -> None:
        if self._change is not None:
            _label, text, scenario = self._change
            self.applyRequested.emit(scenario, text)
