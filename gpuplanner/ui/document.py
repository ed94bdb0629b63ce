"""The open scenario: one frozen :class:`Scenario`, its file, and the undo history.

Widgets never keep their own copy of the numbers: they read ``document.scenario``, make a new scenario
with ``dataclasses.replace`` and hand it to :meth:`ScenarioDocument.edit`, which pushes an undoable command.
``changed`` fires after every edit, undo, redo, open or new.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import read_scenario, write_scenario

from .edits import normalize

if TYPE_CHECKING:
    from gpuplanner.core.catalog import Catalog

_MERGE_IDS: dict[str, int] = {}


def _merge_id(key: str | None) -> int:
    if key is None:
        return -1
    return _MERGE_IDS.setdefault(key, len(_MERGE_IDS) + 1)


class _EditCommand(QUndoCommand):
    def __init__(self, doc: ScenarioDocument, old: Scenario, new: Scenario, text: str, merge_key: str | None):
        super().__init__(text)
        self._doc, self._old, self._new, self._id = doc, old, new, _merge_id(merge_key)

    def id(self) -> int:  # noqa: A003 - Qt API
        return self._id

    def mergeWith(self, other: QUndoCommand) -> bool:  # typing 8, 81, 819, 8192 is one undo step
        if not isinstance(other, _EditCommand) or other.id() != self.id() or self._id < 0:
            return False
        self._new = other._new
        return True

    def redo(self) -> None:
        self._doc._set(self._new)

    def undo(self) -> None:
        self._doc._set(self._old)


class ScenarioDocument(QObject):
    changed = Signal()  # the scenario was replaced
    pathChanged = Signal()

    def __init__(self, scenario: Scenario, catalog: Catalog | Callable[[], Catalog],
                 path: str | os.PathLike[str] | None = None, parent: QObject | None = None) -> None:
        """``catalog`` may be a loader, called on first use (the app loads it after the first paint)."""
        super().__init__(parent)
        self._scenario = scenario
        self._catalog: Catalog | None = None if callable(catalog) else catalog
        self._load_catalog = catalog if callable(catalog) else None
        self._path: Path | None = Path(path) if path else None
        self._read_only_path = False  # the shipped default: Save asks for a new name
        self.undo_stack = QUndoStack(self)

    # --- state ---------------------------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        return self._scenario

    @property
    def catalog(self) -> Catalog:
        """The hardware catalog (loaded on first use when a loader was given; its errors raise here)."""
        if self._catalog is None:
            assert self._load_catalog is not None
            self._catalog = self._load_catalog()
        return self._catalog

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def needs_save_as(self) -> bool:
        return self._path is None or self._read_only_path

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def _set(self, s: Scenario) -> None:
        if s != self._scenario:
            self._scenario = s
            self.changed.emit()

    # --- edits ---------------------------------------------------------------------------------------
    def edit(self, new: Scenario, text: str, merge_key: str | None = None) -> None:
        """Replace the scenario (undoably). Raises InputError, leaving it untouched, if ``new`` is invalid."""
        new = normalize(new)
        if new == self._scenario:
            return
        self.undo_stack.push(_EditCommand(self, self._scenario, new, text, merge_key))

    def replace_all(self, s: Scenario, path: str | os.PathLike[str] | None, *, read_only: bool = False) -> None:
        """A new or opened scenario: history cleared, unmodified."""
        self._path = Path(path) if path else None
        self._read_only_path = read_only
        self.undo_stack.clear()
        self._set(s)
        self.undo_stack.setClean()
        self.pathChanged.emit()

    # --- files ---------------------------------------------------------------------------------------
    def open(self, path: str | os.PathLike[str]) -> None:
        """Load a scenario file. On InputError/FileAccessError the current scenario is untouched."""
        s = read_scenario(path)
        self.replace_all(s, path)

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write atomically. FileAccessError leaves the old file and the document state as they were."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("no file name: use save(path)")
        write_scenario(self._scenario, target)
        changed_path = target != self._path or self._read_only_path
        self._path, self._read_only_path = target, False
        self.undo_stack.setClean()
        if changed_path:
            self.pathChanged.emit()
        return target
