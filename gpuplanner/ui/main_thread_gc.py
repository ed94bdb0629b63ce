"""Python's cyclic garbage collection, run only in the GUI thread.

Why: automatic collection runs in whichever thread happens to allocate past the threshold, and the estimate's
worker thread allocates a lot. A collection there finalised a cycle holding a Qt object of the window, whose
destructor disconnected its signals: ``QObject::disconnect`` took Qt's connection lock in the worker and then
waited for the GIL (``Sbk_GetPyOverride``), while the GUI thread held the GIL inside a Qt call waiting for that
lock — the app (and CI, 2026-12-01) hung for good. pyqtgraph's own remedy is the same
(``pyqtgraph/util/garbage_collector.py``: "ensure that garbage collection only happens in the GUI thread, as
otherwise Qt can crash"): automatic collection off, and a timer in the GUI thread collecting each generation
when its count passes the threshold it would have been collected at.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

__all__ = ["install"]

CHECK_MS = 1000  # pyqtgraph's default interval; the counts still follow the thresholds, so no generation waits long


class _Collector(QObject):
    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(CHECK_MS)

    def check(self) -> None:
        """Collect as the automatic collector would have: generation 0 past its threshold, and the older ones
        when their own counts pass theirs."""
        young, middle, old = gc.get_count()
        if young > self.thresholds[0]:
            gc.collect(0)
            if middle > self.thresholds[1]:
                gc.collect(1)
                if old > self.thresholds[2]:
                    gc.collect(2)


_installed: _Collector | None = None


def install() -> None:
    """Switch automatic collection off and collect from the GUI thread instead (once per application; call from
    the GUI thread before any worker thread runs Python)."""
    global _installed
    app = QCoreApplication.instance()
    if app is None:
        return
    try:
        if _installed is not None and _installed.parent() is app:
            gc.disable()  # again: something (a test's clean-up) may have switched it back on
            return
    except RuntimeError:  # the collector went with an earlier application
        pass
    _installed = _Collector(app)
