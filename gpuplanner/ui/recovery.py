"""Autosave of the open scenario, and recovery after a crash (spec §6 "No data lost").

:class:`Autosaver` writes the window's unsaved work to ``<data dir>/autosave/<session>.json`` (see
:mod:`gpuplanner.core.autosave`) :data:`DEBOUNCE_MS` after each edit (a burst of edits is one write; an edit
made seconds before a crash is in it), every ``files/autosave_seconds`` (30 s) as a backstop, and at once on
every major step (a wizard page change, a file opened or started). The wizard step the user is on is kept
next to the record (QSettings ``autosave/<session>/page``: the record format belongs to the engine) and
restored with it. The record is removed when the work is
saved, discarded or undone back to the saved state, and when the window closes normally.

While a window has a record it holds ``<session>.lock`` (a QLockFile with its process id). A record whose
lock nobody holds, or whose holder's process is gone, was left by a crash: :func:`offer_recovery`, which the
main window calls once it is shown, asks Restore or Discard. Restore brings back the scenario, its file name
and its unsaved state; Discard deletes the record.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QLockFile, QObject, QSettings, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from gpuplanner.core.errors import FileAccessError, InputError

from .settings_keys import AUTOSAVE_KEY as INTERVAL_KEY

if TYPE_CHECKING:  # QMessageBox: imported when the question is asked, after the first paint
    from PySide6.QtWidgets import QMessageBox

    from gpuplanner.core.autosave import AutosaveRecord

    from .document import ScenarioDocument

DEFAULT_INTERVAL_S = 30
MIN_INTERVAL_S = 1  # the Preferences offer 5 s and up; tests use 1 s


def _tr(text: str) -> str:
    return QCoreApplication.translate("Recovery", text)


def lock_path(session: str, folder: Path) -> Path:
    return folder / f"{session}.lock"


def interval_seconds(settings: QSettings) -> int:
    try:
        value = int(float(str(settings.value(INTERVAL_KEY, DEFAULT_INTERVAL_S))))
    except ValueError:
        value = DEFAULT_INTERVAL_S
    return max(MIN_INTERVAL_S, value)


DEBOUNCE_MS = 2000  # after the last edit: long enough to merge typing, short enough to lose almost nothing
PAGE_KEY = "autosave/{0}/page"


class Autosaver(QObject):
    """Keeps the autosave record of one document up to date. ``failed`` carries a message for the status
    bar (an autosave that fails must not interrupt the user every 30 seconds)."""

    failed = Signal(str)
    saved = Signal(str)  # the record's path

    def __init__(
        self, doc: ScenarioDocument, settings: QSettings, parent: QObject | None = None, *, folder: Path | None = None
    ) -> None:
        super().__init__(parent)
        self.doc = doc
        self.settings = settings
        self._folder = Path(folder) if folder is not None else None  # resolved on first use (after the paint)
        self.session = os.urandom(16).hex()
        self._lock: QLockFile | None = None
        self._dirty = False
        self._has_record = False
        self._last_error: str | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(interval_seconds(settings) * 1000)
        self.timer.timeout.connect(self._tick)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.debounce.timeout.connect(self._tick)
        doc.changed.connect(self._mark)
        doc.pathChanged.connect(self.save_now)  # a file opened or started: update (or clear) at once
        doc.undo_stack.cleanChanged.connect(self._clean_changed)
        self.timer.start()

    @property
    def folder(self) -> Path:
        if self._folder is None:
            from gpuplanner.core.autosave import autosave_dir

            self._folder = autosave_dir()
        return self._folder

    @property
    def record_file(self) -> Path:
        return self.folder / f"{self.session}.json"

    def set_interval(self, seconds: int) -> None:
        self.timer.setInterval(max(MIN_INTERVAL_S, int(seconds)) * 1000)

    def _mark(self) -> None:
        self._dirty = True
        self.debounce.start()  # restarted by every edit: written once the user pauses

    def remember_page(self, page: int) -> None:
        """The wizard step the user is on, restored with the record after a crash."""
        self.settings.setValue(PAGE_KEY.format(self.session), int(page))

    def _clean_changed(self, clean: bool) -> None:
        if clean:
            self.clear()  # saved (or undone back to the saved state): nothing to recover
        else:
            self._dirty = True

    def _tick(self) -> None:
        if self._dirty:
            self.save_now()

    def _ensure_lock(self) -> None:
        if self._lock is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        lock = QLockFile(str(lock_path(self.session, self.folder)))
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            raise FileAccessError("cannot create the autosave lock", file=str(lock_path(self.session, self.folder)))
        self._lock = lock

    def save_now(self, *_args: Any) -> bool:
        """Write the record if there is unsaved work (else remove it). True when a record was written."""
        if not self.doc.is_modified():
            self.clear()
            return False
        if not self._dirty and self._has_record:
            return False
        from gpuplanner.core.autosave import write_record

        try:
            self._ensure_lock()
            write_record(
                self.session,
                self.doc.scenario,
                path=self.doc.path,
                read_only_path=self.doc.read_only_path,
                modified=True,
                folder=self.folder,
            )
        except (FileAccessError, OSError) as err:
            message = _tr("Autosave failed: {0}. Save your work with File › Save.").format(err)
            if message != self._last_error:
                self._last_error = message
                self.failed.emit(message)
            return False
        self._dirty, self._has_record, self._last_error = False, True, None
        self.saved.emit(str(self.record_file))
        return True

    def clear(self) -> None:
        self._dirty = False
        if self._has_record or (self._folder is not None and self.record_file.exists()):
            from gpuplanner.core.autosave import remove_record

            remove_record(self.session, self.folder)
        self._has_record = False
        self.settings.remove(PAGE_KEY.format(self.session).rsplit("/", 1)[0])

    def shutdown(self) -> None:
        """A normal close: stop, remove the record and release the lock."""
        self.timer.stop()
        self.debounce.stop()
        self.clear()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None


# --- recovery ----------------------------------------------------------------------------------------


class Orphan:
    """A record left by a window that is gone; its lock is held by us until :meth:`release`."""

    def __init__(self, record: AutosaveRecord, lock: QLockFile) -> None:
        self.record, self.lock = record, lock

    def release(self, *, remove: bool) -> None:
        from gpuplanner.core.autosave import remove_record

        if remove:
            remove_record(self.record.session, self.record.file.parent)
        self.lock.unlock()


def find_orphans(folder: Path | None = None, own_session: str | None = None) -> tuple[list[Orphan], list[str]]:
    """Records nobody running owns (newest first), each locked for us; and the problems with unreadable
    records (those are renamed ``*.unreadable`` so they are not offered again, and not deleted)."""
    from gpuplanner.core.autosave import autosave_dir, list_records, read_record

    folder = Path(folder) if folder is not None else autosave_dir()
    found: list[Orphan] = []
    problems: list[str] = []
    for file in list_records(folder):
        session = file.stem
        if session == own_session:
            continue
        lock = QLockFile(str(lock_path(session, folder)))
        lock.setStaleLockTime(0)  # only a dead process makes a lock stale, never its age
        if not lock.tryLock(0):
            continue  # a window that is running owns it
        try:
            record = read_record(file)
        except (InputError, FileAccessError) as err:
            problems.append(str(err))
            try:
                os.replace(file, file.with_suffix(".unreadable"))
            except OSError:
                pass
            lock.unlock()
            continue
        found.append(Orphan(record, lock))
    return found, problems


def _when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


def recovery_box(parent: QWidget | None, record: AutosaveRecord) -> QMessageBox:
    """The question, as a message box with Restore (default) and Discard."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(_tr("Recover unsaved work"))
    box.setText(_tr("gpuplanner did not close normally."))
    if record.path is not None and not record.read_only_path:
        where = _tr("File: {0}").format(record.path)
    else:
        where = _tr("The scenario was never saved to a file.")
    box.setInformativeText(
        _tr(
            "Your unsaved changes to “{0}” were kept (last autosave {1}).\n{2}\n\n"
            "Restore brings them back; they stay unsaved until you save them. Discard "
            "deletes them."
        ).format(record.scenario.name, _when(record.saved_at), where)
    )
    # a message box wraps its text short; give it room (the labels' Qt object names)
    box.setStyleSheet("QLabel#qt_msgbox_label, QLabel#qt_msgbox_informativelabel { min-width: 440px; }")
    restore = box.addButton(_tr("&Restore"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Discard)
    box.setDefaultButton(restore)
    box.setProperty("restoreButton", restore)
    return box


def ask_restore(parent: QWidget | None, record: AutosaveRecord) -> bool:
    box = recovery_box(parent, record)
    restore = box.property("restoreButton")
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return clicked is not None and clicked is restore


HEADLESS_PLATFORMS = ("offscreen", "minimal", "minimalegl")


def can_prompt() -> bool:
    """A headless app outside the test suite (the smoke test, scripts) has nobody to answer a question."""
    return QGuiApplication.platformName() not in HEADLESS_PLATFORMS or "pytest" in sys.modules


def _int(value: object) -> int:
    try:
        return int(value)  # type: ignore[call-overload]  # whatever QSettings holds: int() sorts it, or raises
    except (TypeError, ValueError):
        return 0


def offer_recovery(window: Any) -> bool:
    """Offer the newest orphaned autosave to ``window`` (a MainWindow). True when it was restored.

    Restore replaces the window's scenario (which is the unchanged opening scenario at start) with the
    recovered one, its file and its unsaved state; the record then lives on as this window's own autosave.
    Discard deletes the record. Older orphans, if any, stay for the next start.
    """
    if not can_prompt():
        return False
    autosaver: Autosaver | None = getattr(window, "autosave", None)
    folder = autosaver.folder if autosaver is not None else None
    orphans, problems = find_orphans(folder, autosaver.session if autosaver is not None else None)
    status = window.statusBar() if hasattr(window, "statusBar") else None
    if problems and status is not None:
        status.showMessage(_tr("An autosave file could not be read and was set aside: {0}").format(problems[0]), 10_000)
    if not orphans:
        return False
    first, rest = orphans[0], orphans[1:]
    for o in rest:
        o.release(remove=False)
    doc = window.doc
    if doc.is_modified():  # the user already started working: never replace their work silently
        first.release(remove=False)
        return False
    restore = ask_restore(window, first.record)
    if not restore:
        first.release(remove=True)
        return False
    rec = first.record
    doc.restore(rec.scenario, rec.path, read_only=rec.read_only_path, modified=rec.modified)
    wizard = getattr(window, "wizard", None)
    settings = getattr(window, "settings", None)
    page_key = PAGE_KEY.format(rec.session)
    page = _int(settings.value(page_key)) if settings is not None else 0
    if settings is not None:
        settings.remove(page_key.rsplit("/", 1)[0])
    if wizard is not None:
        wizard.restart()
        if page:
            from .wizard import Pages

            wizard.add_remaining_pages()
            if page in {int(p) for p in Pages}:
                wizard.go_to(Pages(page))
    if autosaver is not None:
        autosaver.remember_page(wizard.currentId() if wizard is not None else 0)
        autosaver.save_now()  # the work is ours now: write our record before removing the old one
    first.release(remove=True)
    if status is not None:
        status.showMessage(_tr("Restored your unsaved work from {0}.").format(_when(rec.saved_at)), 10_000)
    return True
