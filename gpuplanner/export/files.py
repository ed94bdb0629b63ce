"""Saving the workbook: refuse a file that is open elsewhere, write a temporary file beside the target, then
os.replace it (atomic on one file system), so the old file survives any failure (spec §6 "No data lost")."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from ..core.errors import FileAccessError


def lock_files(path: Path) -> list[tuple[Path, str]]:
    """Lock files that say `path` is open: Excel's owner file `~$name.xlsx` (Excel drops the first two
    characters of long names: `~$me.xlsx`) and LibreOffice's `.~lock.name.xlsx#`."""
    folder, name = path.parent, path.name
    candidates = [(folder / f"~${name}", "Excel"), (folder / f".~lock.{name}#", "LibreOffice")]
    if len(Path(name).stem) > 2:
        candidates.append((folder / f"~${name[2:]}", "Excel"))
    return [(p, app) for p, app in candidates if p.exists()]


def _reason(err: OSError) -> str:
    if err.errno == errno.ENOSPC:
        return "the disk is full"
    if err.errno in (errno.EACCES, errno.EPERM):
        return "permission denied (is it open in another program, or read-only?)"
    if err.errno == errno.EROFS:
        return "the file system is read-only"
    return err.strerror or str(err) or type(err).__name__


def save_atomically(path: str | os.PathLike[str], write: Callable[[Path], None]) -> None:
    """Call `write(tmp)` for a temporary file in the target's folder, then replace the target with it.
    FileAccessError (exit 3) when the target is locked or cannot be written; the old file is unchanged."""
    target = Path(path)
    if target.is_dir():
        raise FileAccessError("is a folder; give a file name such as plan.xlsx", file=str(target))
    locks = lock_files(target)
    if locks:
        lock, app = locks[0]
        raise FileAccessError(
            f"is open in {app} (lock file {lock.name} beside it); close it there and export "
            f"again. The existing file was not changed.",
            file=str(target),
        )
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise FileAccessError(f"the folder {folder} does not exist", file=str(target))
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise FileAccessError(f"cannot be written ({_reason(err)})", file=str(target)) from None
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        os.chmod(tmp, _file_mode(target))
        write(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as err:
        _remove_quietly(tmp)
        raise FileAccessError(
            f"cannot be written ({_reason(err)}); the previous file is unchanged", file=str(target)
        ) from None
    except BaseException:
        _remove_quietly(tmp)
        raise


def _file_mode(target: Path) -> int:
    """The old file's permissions, else the usual ones for a new file (mkstemp makes it owner-only)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def _remove_quietly(p: Path) -> None:
    try:
        p.unlink()
    except OSError:
        pass
