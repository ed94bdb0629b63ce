"""Saving the workbook: refuse a file that is open elsewhere, write a temporary file beside the target, then
os.replace it (atomic on one file system), so the old file survives any failure (spec §6 "No data lost")."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

from ..core.errors import FileAccessError
from ..core.files import atomic_write, reason, resolve_write_target


def lock_files(path: Path) -> list[tuple[Path, str]]:
    """Lock files that say `path` is open: Excel's owner file `~$name.xlsx` (Excel drops the first two
    characters of long names: `~$me.xlsx`) and LibreOffice's `.~lock.name.xlsx#`."""
    folder, name = path.parent, path.name
    candidates = [(folder / f"~${name}", "Excel"), (folder / f".~lock.{name}#", "LibreOffice")]
    if len(Path(name).stem) > 2:
        candidates.append((folder / f"~${name[2:]}", "Excel"))
    return [(p, app) for p, app in candidates if _exists(p)]


def _exists(p: Path) -> bool:
    """Path.exists, False where the name itself cannot exist (too long): the save then says why."""
    try:
        return p.exists()
    except OSError:
        return False


def _reason(err: OSError, path: Path) -> str:
    if err.errno == errno.ENOSPC:
        return "the disk is full"
    if err.errno in (errno.EACCES, errno.EPERM):
        return "permission denied (is it open in another program, or read-only?)"
    if err.errno == errno.EROFS:
        return "the file system is read-only"
    return reason(err, path)


def save_atomically(path: str | os.PathLike[str], write: Callable[[Path], None]) -> None:
    """Call `write(tmp)` for a temporary file in the target's folder, then replace the target with it
    (core.files.atomic_write: through symlinks, mode kept, special files refused). FileAccessError (exit 3)
    when the target is locked or cannot be written; the old file is unchanged."""
    target, _ = resolve_write_target(path, "plan.xlsx")
    locks = lock_files(target)  # beside the real file, where Excel and LibreOffice put them
    if locks:
        lock, app = locks[0]
        raise FileAccessError(
            f"is open in {app} (lock file {lock.name} beside it); close it there and export "
            f"again. The existing file was not changed.",
            file=str(path),
        )
    atomic_write(path, write, example="plan.xlsx", describe=_reason)
