"""The one place pyqtgraph is imported: PySide6 first (pyqtgraph would otherwise try PyQt6 first)."""

from __future__ import annotations

import os

import PySide6  # noqa: F401  - binding chosen before pyqtgraph looks

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

import pyqtgraph as pg  # noqa: E402

pg.setConfigOptions(antialias=True, foreground="k", background="w")

from . import _axes  # noqa: E402,F401  (the axis classes need pg)

__all__ = ["pg"]
