"""The desktop app (PySide6 + pyqtgraph): planning wizard, results view, plots, scenario files.

Dependencies point one way (spec §3): ``gpuplanner.ui`` imports ``gpuplanner.core`` (and ``gpuplanner.export``
when present), never the reverse. pyqtgraph, numpy-heavy engine modules, pandas and openpyxl are imported
after the main window's first paint (see :mod:`gpuplanner.ui.main_window`).
"""

# The scenario reader before PySide6 (the first paint reads a scenario): PySide6 replaces ``__import__`` with a
# hook that, for every module imported after it, reads the module's source looking for "PySide6" (its
# ``from __feature__`` switch, shibokensupport/feature.py ``_mod_uses_pyside``), ~0.4 ms a module, ~40 M of the
# ~1,080 M instructions before the first paint for these ~25 core modules (callgrind, issue #15).
from gpuplanner.core import naming as _naming  # noqa: F401
from gpuplanner.core import scenario_io as _scenario_io  # noqa: F401 - and scenario, files, presets, tomllib, …

from ._refcount_fix import apply as _apply_refcount_fix

_apply_refcount_fix()  # before any other Qt call (see _refcount_fix)
