"""Autosave records of open scenarios (spec §6 "No data lost"), without Qt.

While the app runs, each window keeps one record of its unsaved work in ``<data dir>/autosave``:
``<session>.json`` holds the scenario (as the TOML a saved file would hold), the file it belongs to and
whether it was modified. The record is written atomically (temporary file + ``os.replace``) and removed on a
clean save or close, so a record left behind means the app did not close normally. The app decides which
records are orphaned (it holds a lock file per session) and offers them for recovery.

The data directory is ``platformdirs.user_data_dir("gpuplanner")``, or ``$GPUPLANNER_DATA_DIR`` when set
(the same rule as the user catalog layer, see :func:`gpuplanner.core.catalog.default_user_dir`).
"""

from __future__ import annotations

import json
import os
import re
import time
import tomllib
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import FileAccessError, InputError
from .scenario import Scenario
from .scenario_io import atomic_write_text, parse_scenario, scenario_to_toml

FORMAT = "gpuplanner-autosave"
VERSION = 1
SUFFIX = ".json"
_SESSION_RE = re.compile(r"^[0-9a-f]{8,64}$")
MAX_RECORD_BYTES = 4 * 2**20  # a scenario is a few kB; anything this large is not one of ours


def data_dir() -> Path:
    """The user data directory: ``$GPUPLANNER_DATA_DIR`` or platformdirs' ``user_data_dir("gpuplanner")``."""
    from .catalog import USER_DIR_ENV

    override = os.environ.get(USER_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("gpuplanner", appauthor=False))


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def new_session_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class AutosaveRecord:
    """One window's unsaved work as it was at ``saved_at`` (seconds since the epoch)."""

    session: str
    scenario: Scenario
    path: Path | None  # the scenario's file, None when never saved
    read_only_path: bool  # True for the shipped default scenario: Save asks for a new name
    modified: bool
    saved_at: float
    file: Path  # the record itself


def record_path(session: str, folder: Path | None = None) -> Path:
    if not _SESSION_RE.match(session):
        raise ValueError(f"not a session id: {session!r}")
    return (folder if folder is not None else autosave_dir()) / f"{session}{SUFFIX}"


def write_record(
    session: str,
    scenario: Scenario,
    *,
    path: str | os.PathLike[str] | None,
    read_only_path: bool = False,
    modified: bool = True,
    folder: Path | None = None,
    now: float | None = None,
) -> Path:
    """Write (atomically) the record of ``session``; FileAccessError when it cannot be written."""
    target = record_path(session, folder)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "session": session,
        "pid": os.getpid(),
        "saved_at": time.time() if now is None else now,
        "path": str(Path(path).resolve()) if path else None,
        "read_only_path": bool(read_only_path),
        "modified": bool(modified),
        "scenario": scenario_to_toml(scenario),
    }
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise FileAccessError(f"cannot be created ({err.strerror or err})", file=str(target.parent)) from None
    atomic_write_text(target, json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    return target


def read_record(file: str | os.PathLike[str]) -> AutosaveRecord:
    """Read one record. InputError when it is not a valid record, FileAccessError when it cannot be read."""
    p = Path(file)
    try:
        data = p.read_bytes()
    except OSError as err:
        raise FileAccessError(f"cannot be read ({err.strerror or err})", file=str(p)) from None
    if len(data) > MAX_RECORD_BYTES:
        raise InputError("too large to be an autosave record", file=str(p))
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise InputError(f"not a valid autosave record ({err})", file=str(p)) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise InputError("not a gpuplanner autosave record", file=str(p))
    if doc.get("version") != VERSION:
        raise InputError(f"autosave version {doc.get('version')!r} is not supported", file=str(p))
    session, text, path = doc.get("session"), doc.get("scenario"), doc.get("path")
    saved_at = doc.get("saved_at")
    if not isinstance(session, str) or not _SESSION_RE.match(session):
        raise InputError("the record has no valid session id", file=str(p), key="session")
    if not isinstance(text, str):
        raise InputError("the record holds no scenario", file=str(p), key="scenario")
    if path is not None and not isinstance(path, str):
        raise InputError("the scenario's file name is not text", file=str(p), key="path")
    if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool):
        raise InputError("the record has no time", file=str(p), key="saved_at")
    try:
        scenario = parse_scenario(tomllib.loads(text), file=str(p))
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"the saved scenario is not valid TOML ({err})", file=str(p), key="scenario") from None
    return AutosaveRecord(
        session=session,
        scenario=scenario,
        path=Path(path) if path else None,
        read_only_path=bool(doc.get("read_only_path", False)),
        modified=bool(doc.get("modified", True)),
        saved_at=float(saved_at),
        file=p,
    )


def list_records(folder: Path | None = None) -> list[Path]:
    """The record files in the autosave folder, newest first (an absent folder has none)."""
    folder = folder if folder is not None else autosave_dir()
    try:
        files = [f for f in folder.iterdir() if f.suffix == SUFFIX and _SESSION_RE.match(f.stem) and f.is_file()]
    except OSError:
        return []

    def mtime(f: Path) -> float:
        try:
            return f.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(files, key=mtime, reverse=True)


def remove_record(session: str, folder: Path | None = None) -> bool:
    """Delete the record of ``session``; True when there was one. Never raises for a missing file."""
    try:
        record_path(session, folder).unlink()
    except OSError:  # absent, or already removed by another window
        return False
    return True


__all__ = [
    "AutosaveRecord",
    "autosave_dir",
    "data_dir",
    "list_records",
    "new_session_id",
    "read_record",
    "record_path",
    "remove_record",
    "write_record",
]
