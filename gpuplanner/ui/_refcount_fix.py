"""Work around PySide6 wheels that hand out ``None``, ``True`` and ``False`` without a new reference.

Some PySide6 abi3 wheels (seen with 6.12.0) treat these singletons as immortal, as CPython 3.12+ does, and
return them from void methods (``setText``) and ``Signal.emit()`` without ``Py_INCREF``. On CPython 3.11
every such call steals a reference, and after a few hundred ``emit()`` calls (pyqtgraph emits on every
mouse move) the interpreter aborts with "Fatal Python error: bool_dealloc / none_dealloc".

``apply()`` detects the leak and, only then, makes the three singletons effectively immortal by raising
their reference counts far out of reach, which is what CPython 3.12 does for them. Nothing else changes.
"""

from __future__ import annotations

import sys

_APPLIED = False
_HEADROOM = 1 << 40


def leaks_none() -> bool:
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(64):
        probe.setObjectName("probe")  # a void method: returns None
    return sys.getrefcount(None) <= before - 32


def apply() -> bool:
    """Protect the singletons if this PySide6 build needs it. True when the fix is active."""
    global _APPLIED
    if _APPLIED:
        return True
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    if not leaks_none():
        return False
    import ctypes

    for obj in (None, True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value += _HEADROOM
    _APPLIED = True
    return True
