"""Run something once the window has painted for the first time (spec §6: the first paint must not wait
for pyqtgraph, numpy or the engine). A zero-delay timer started in ``showEvent`` fires *before* the first
paint, so this watches the window's Paint event instead."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

FALLBACK_MS = 1000  # in case the window had painted before anyone watched


class _FirstPaint(QObject):
    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("gpuplannerFirstPaint")
        self.done = False
        self.pending: list[tuple[QObject, Callable[[], None]]] = []
        window.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if not self.done and event.type() == QEvent.Type.Paint:
            self.done = True
            for owner, fn in self.pending:
                QTimer.singleShot(0, owner, fn)  # dropped if the owner is deleted first
            self.pending.clear()
        return False


def after_first_paint(widget: QWidget, fn: Callable[[], None]) -> None:
    """Call ``fn`` (idempotent) after ``widget``'s window first paints, unless ``widget`` is gone by then."""
    window = widget.window()
    watcher = window.findChild(_FirstPaint, "gpuplannerFirstPaint")
    if watcher is None:
        watcher = _FirstPaint(window)
        QTimer.singleShot(FALLBACK_MS, widget, fn)
    if watcher.done:
        QTimer.singleShot(0, widget, fn)
    else:
        watcher.pending.append((widget, fn))
