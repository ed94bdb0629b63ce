"""The desktop app (PySide6 + pyqtgraph): planning wizard, results view, plots, scenario files.

Dependencies point one way (spec §3): ``gpuplanner.ui`` imports ``gpuplanner.core`` (and ``gpuplanner.export``
when present), never the reverse. pyqtgraph, numpy-heavy engine modules, pandas and openpyxl are imported
after the main window's first paint (see :mod:`gpuplanner.ui.main_window`).
"""

from ._refcount_fix import apply as _apply_refcount_fix

_apply_refcount_fix()  # before any other Qt call (see _refcount_fix)
