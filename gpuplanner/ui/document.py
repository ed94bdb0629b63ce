"""The open scenario: one frozen :class:`Scenario`, its file, and the undo history.

Widgets never keep their own copy of the numbers: they read ``document.scenario``, make a new scenario
with ``dataclasses.replace`` and hand it to :meth:`ScenarioDocument.edit`, which pushes an undoable command.
``changed`` fires after every edit, undo, redo, open or new. The undo history is a QUndoStack: its clean
state is the saved file (the window title's ``[*]`` and the prompt on close follow it).

The catalog can be replaced (``set_catalog``, after an edit in the catalog editor): ``catalogChanged`` fires
and the results are estimated again.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from gpuplanner.core.naming import follow_name
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.scenario_io import read_scenario, write_scenario

from .edits import normalize
from .undo import MergingCommand

if TYPE_CHECKING:
    from gpuplanner.core.catalog import Catalog


class _EditCommand(MergingCommand):
    """One scenario edit; consecutive edits of the same field within a second are one step (undo.py)."""

    def __init__(self, doc: ScenarioDocument, old: Scenario, new: Scenario, text: str, merge_key: str | None):
        super().__init__(text, merge_key)
        self._doc, self._old, self._new = doc, old, new

    def absorb(self, other: MergingCommand) -> None:
        assert isinstance(other, _EditCommand)
        self._new = other._new

    def is_noop(self) -> bool:
        return self._new == self._old

    def redo(self) -> None:
        self._doc._set(self._new)

    def undo(self) -> None:
        self._doc._set(self._old)


class ScenarioDocument(QObject):
    changed = Signal()  # the scenario was replaced
    pathChanged = Signal()
    catalogChanged = Signal()  # the hardware catalog was reloaded (a catalog edit, undo or redo)

    def __init__(
        self,
        scenario: Scenario,
        catalog: Catalog | Callable[[], Catalog],
        path: str | os.PathLike[str] | None = None,
        parent: QObject | None = None,
    ) -> None:
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
    def catalog_loaded(self) -> bool:
        return self._catalog is not None

    def set_catalog(self, catalog: Catalog) -> None:
        """Use a reloaded catalog (the scenario stays; the results are estimated again)."""
        self._catalog = catalog
        self._load_catalog = None
        self.catalogChanged.emit()

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def read_only_path(self) -> bool:
        """The path is the shipped default scenario: Save asks for a new name."""
        return self._read_only_path

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
        """Replace the scenario (undoably). Raises InputError, leaving it untouched, if ``new`` is invalid.
        A derived name follows the edit (core.naming): "… on 8 × H100" becomes "… on 64 × H100"."""
        new = normalize(follow_name(self._scenario, new))
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

    def restore(
        self, s: Scenario, path: str | os.PathLike[str] | None, *, read_only: bool = False, modified: bool = True
    ) -> None:
        """Work recovered after a crash: the scenario and its file, modified (unsaved) unless told otherwise.
        The history starts empty; Save writes the recovered work to ``path``."""
        self.replace_all(s, path, read_only=read_only)
        if modified:
            self.undo_stack.resetClean()

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
