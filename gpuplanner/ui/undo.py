"""Undo commands that merge while the user keeps changing the same field.

Each field (a scenario key, or a catalog cell) has its own merge id. Consecutive edits of one field merge
into one undo step as long as each follows the previous one within :data:`MERGE_WINDOW_S` seconds: holding
a spin box's arrow, or typing 8, 81, 819, 8192, is one step; coming back to the field later is a new one.
An edit merged back to where it started is dropped from the history (``setObsolete``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:  # the key classes are needed at the first key press, not before the first paint
    from PySide6.QtGui import QKeyEvent

MERGE_WINDOW_S = 1.0
clock = time.monotonic  # tests replace it

_MERGE_IDS: dict[str, int] = {}


def merge_id(key: str | None) -> int:
    """A stable id per field key (-1: never merges)."""
    if key is None:
        return -1
    return _MERGE_IDS.setdefault(key, len(_MERGE_IDS) + 1)


class MergingCommand(QUndoCommand):
    """Base for commands that merge consecutive edits of one field. Subclasses implement ``absorb`` (take
    the other command's end state) and ``is_noop`` (the merged command changes nothing)."""

    def __init__(self, text: str, merge_key: str | None) -> None:
        super().__init__(text)
        self._id = merge_id(merge_key)
        self._last = clock()

    def id(self) -> int:  # noqa: A003 - Qt API
        return self._id

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if (
            self._id < 0
            or not isinstance(other, MergingCommand)
            or other.id() != self._id
            or type(other) is not type(self)
        ):
            return False
        if other._last - self._last > MERGE_WINDOW_S:
            return False
        self.absorb(other)
        self._last = other._last
        if self.is_noop():
            self.setObsolete(True)
        return True

    def absorb(self, other: MergingCommand) -> None:
        raise NotImplementedError

    def is_noop(self) -> bool:
        return False


def is_undo_key(event: QKeyEvent) -> bool:
    """Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y (and the platform's own undo and redo keys)."""
    from PySide6.QtCore import Qt  # at the first key press, not before the first paint (qt_names.py)
    from PySide6.QtGui import QKeySequence

    ctrl, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
    mods, key = event.modifiers(), event.key()
    return (
        event.matches(QKeySequence.StandardKey.Undo)
        or event.matches(QKeySequence.StandardKey.Redo)
        or (key == Qt.Key.Key_Y and mods == ctrl)
        or (key == Qt.Key.Key_Z and mods in (ctrl, ctrl | shift))
    )


class UndoKeysFilter(QObject):
    """Installed on a spin box whose every change is already an undo step (a wizard field, a catalog cell):
    the undo and redo keys go to the window's Undo/Redo, not to the box's own text undo (which would undo
    its last keystroke as a new edit)."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() != QEvent.Type.ShortcutOverride:
            return False
        from PySide6.QtGui import QKeyEvent

        if isinstance(event, QKeyEvent) and is_undo_key(event):
            event.ignore()  # not for the box: the window's shortcut runs
            return True
        return False
