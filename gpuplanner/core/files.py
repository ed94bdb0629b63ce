"""Reading and writing a user's files with errors a user can act on (exit 3 for the file, never a traceback).

Reading refuses what is not a regular file (a FIFO would block forever, `/dev/zero` would fill memory) and
caps the size. Writing goes through a temporary file beside the target and ``os.replace`` (spec §6 "No data
lost"), refuses targets that are not regular files (as root, replacing `/dev/null` would destroy it), writes
through a symlink to its target instead of replacing the link, and keeps the old file's mode.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .errors import FileAccessError, InputError

MAX_READ_BYTES = 8 * 2**20  # scenarios are a few kB and catalogs a few hundred; a bigger file is not ours
STALE_TEMP_SECONDS = 86400.0  # a temporary file this old was left by a crash, never by a running save
_TEMP_PREFIX_CHARS = 100  # keeps `.{name}.XXXXXXXX.tmp` under NAME_MAX for any name that fits itself
_KINDS = {
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a named pipe (FIFO)",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a folder",
}


def _kind(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def _first_file_in_path(p: Path) -> Path | None:
    """The nearest ancestor of `p` that exists and is not a folder (what ENOTDIR means), if any."""
    for parent in p.parents:
        try:
            if not stat.S_ISDIR(os.stat(parent).st_mode):
                return parent
        except OSError:
            continue
    return None


Describe = Callable[[OSError, Path], str]


def reason(err: OSError, p: Path) -> str:
    """A user's words for an OSError on `p`: the system's own (Permission denied, No space left on device)
    except where they mislead ("Not a directory" for a path through a file names no file)."""
    code = err.errno
    if code == errno.ENOENT:
        return "no such file"
    if code == errno.ENOTDIR:
        blocker = _first_file_in_path(p)
        return f"{blocker} is a file, not a folder" if blocker else "a folder in the path is a file"
    if code == errno.ENAMETOOLONG:
        return "file name too long"
    if code == errno.ELOOP:
        return "too many levels of symbolic links (a symlink loop?)"
    return err.strerror or str(err) or type(err).__name__


def read_user_file(path: str | os.PathLike[str], what: str, *, max_bytes: int = MAX_READ_BYTES) -> bytes:
    """The file's bytes; FileAccessError naming the file when it is missing, not a regular file (after
    symlinks), larger than `max_bytes` or unreadable. ``what`` completes "is a folder, not a …"."""
    p = Path(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; the fstat below refuses it anyway
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise FileAccessError(f"cannot be read ({reason(err, p)})", file=str(p)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileAccessError(f"is a folder, not a {what}", file=str(p))
        if not stat.S_ISREG(mode):
            raise FileAccessError(f"is {_kind(mode)}, not a {what}; refusing to read it", file=str(p))
        os.set_blocking(fd, True)
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(2**20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise FileAccessError(f"is larger than {max_bytes // 2**20} MiB; that is not a {what}", file=str(p))
        return b"".join(chunks)
    except OSError as err:
        if isinstance(err, FileAccessError):
            raise
        raise FileAccessError(f"cannot be read ({reason(err, p)})", file=str(p)) from None
    finally:
        os.close(fd)


def decode_user_text(data: bytes, *, file: str | None, what: str) -> str:
    """UTF-8 text (a leading BOM, as Windows Notepad writes it, dropped); InputError for binary or other
    encodings."""
    if b"\x00" in data[:4096]:
        raise InputError(f"not a {what} (binary content)", file=file)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"not UTF-8 text (byte {err.start}); save the {what} as UTF-8", file=file) from None


def parse_toml(textual: str, *, file: str | None) -> dict[str, Any]:
    """tomllib's document; every parser failure as one InputError line. Besides TOMLDecodeError, tomllib
    raises RecursionError on deep nesting and ValueError on integers over Python's 4,300-digit limit."""
    try:
        return tomllib.loads(textual)
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"not valid TOML ({' '.join(str(err).split())})", file=file) from None
    except RecursionError:
        raise InputError("not valid TOML (nested too deeply)", file=file) from None
    except (ValueError, MemoryError) as err:  # the first clause: "Exceeds the limit (4300 digits) for integer …"
        raise InputError(f"not valid TOML ({str(err).split(':')[0].strip()[:120]})", file=file) from None


def parse_json(textual: str, *, file: str | None, what: str) -> Any:
    """json's document; every parser failure (deep nesting is a RecursionError, a 5,000-digit number a
    ValueError) as one InputError line."""
    import json  # here, not at import: the app's first paint reads no JSON (issue #15)

    try:
        return json.loads(textual)
    except json.JSONDecodeError as err:
        raise InputError(f"not a {what} (invalid JSON at line {err.lineno}, column {err.colno})", file=file) from None
    except RecursionError:
        raise InputError(f"not a {what} (JSON nested too deeply)", file=file) from None
    except (ValueError, MemoryError) as err:
        raise InputError(f"not a {what} ({str(err).split(':')[0].strip()[:120]})", file=file) from None


def read_user_text(path: str | os.PathLike[str], what: str) -> str:
    """A user's text file (regular, at most 8 MiB, UTF-8 with or without BOM); FileAccessError or InputError."""
    return decode_user_text(read_user_file(path, what), file=str(path), what=what)


def read_user_toml(path: str | os.PathLike[str], what: str) -> dict[str, Any]:
    """A user's TOML file as data (never code): FileAccessError when it cannot be read, InputError otherwise."""
    return parse_toml(read_user_text(path, what), file=str(path))


# --- writing ----------------------------------------------------------------------------------------


def _temp_prefix(name: str) -> str:
    return f".{name[:_TEMP_PREFIX_CHARS]}."


def sweep_stale_temps(folder: Path, name: str, *, now: float | None = None) -> list[Path]:
    """Remove temporary files of ours for `name` older than a day (a crash mid-write leaves them): only
    regular files matching mkstemp's `.{name}.XXXXXXXX.tmp`, never a link. The removed paths."""
    pattern = re.compile(re.escape(_temp_prefix(name)) + r"[a-z0-9_]{8}\.tmp")
    cutoff = (time.time() if now is None else now) - STALE_TEMP_SECONDS
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_mtime < cutoff:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue  # someone else's, or already gone: not our business
    return removed


def resolve_write_target(path: str | os.PathLike[str], example: str) -> tuple[Path, os.stat_result | None]:
    """The regular file a save writes (symlinks followed) and its stat (None when new); FileAccessError for a
    target that is not a regular file, a missing folder or a name the file system cannot hold."""
    given = Path(path)
    target = Path(os.path.realpath(given))
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as err:
        raise FileAccessError(f"cannot be written ({reason(err, target)})", file=str(given)) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise FileAccessError(f"is a folder; give a file name such as {example}", file=str(given))
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise FileAccessError(f"is {_kind(st.st_mode)}, not a regular file; refusing to replace it", file=str(given))
    if st is None:
        folder = target.parent
        try:
            folder_mode = os.stat(folder).st_mode
        except OSError as err:
            why = f"the folder {folder} does not exist" if err.errno == errno.ENOENT else reason(err, folder)
            raise FileAccessError(f"cannot be written ({why})", file=str(given)) from None
        if not stat.S_ISDIR(folder_mode):
            raise FileAccessError(f"cannot be written ({folder} is a file, not a folder)", file=str(given))
        try:
            name_max = os.pathconf(folder, "PC_NAME_MAX")
        except (OSError, ValueError):
            name_max = 255
        if len(os.fsencode(target.name)) > name_max:
            raise FileAccessError("cannot be written (file name too long)", file=str(given))
    return target, st


def _new_file_mode() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def atomic_write(
    path: str | os.PathLike[str],
    write: Callable[[Path], None],
    *,
    example: str = "plan.txt",
    describe: Describe = reason,
) -> Path:
    """Call `write(tmp)` for a temporary file beside the target, fsync it and replace the target with it.
    The file written (a symlink's target); FileAccessError (exit 3) on any failure, the old file unchanged.
    ``example`` is a file name to suggest when the path is a folder; ``describe`` words an OSError."""
    given = Path(path)
    target, old = resolve_write_target(given, example)
    folder = target.parent
    sweep_stale_temps(folder, target.name)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=_temp_prefix(target.name), suffix=".tmp", dir=folder)
    except OSError as err:
        raise FileAccessError(f"cannot be written ({describe(err, target)})", file=str(given)) from None
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        os.chmod(tmp, stat.S_IMODE(old.st_mode) if old else _new_file_mode())
        if old is not None and hasattr(os, "chown"):
            try:  # as root, a saved file keeps its owner; as anyone else this fails and the file is ours
                os.chown(tmp, old.st_uid, old.st_gid)
            except OSError:
                pass
        write(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as err:
        _remove_quietly(tmp)
        raise FileAccessError(
            f"cannot be written ({describe(err, target)}); the previous file is unchanged", file=str(given)
        ) from None
    except BaseException:
        _remove_quietly(tmp)
        raise
    return target


def atomic_write_text(path: str | os.PathLike[str], text_: str, *, example: str = "plan.txt") -> Path:
    """`atomic_write` of UTF-8 text with LF line ends."""

    def write(tmp: Path) -> None:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text_)

    return atomic_write(path, write, example=example)


def _remove_quietly(p: Path) -> None:
    try:
        p.unlink()
    except OSError:
        pass


# --- locking ----------------------------------------------------------------------------------------

LOCK_TIMEOUT_SECONDS = 10.0  # a save holds the lock for milliseconds; this long means a stuck process
_thread_locks: dict[str, threading.RLock] = {}  # lock path -> the in-process lock (threads wait on it)
_depth: dict[str, int] = {}  # lock path -> nesting depth of the thread that holds it
_guard = threading.Lock()


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock on `fd` without waiting; False when another process holds it."""
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # byte 0 of the lock file, as every process locks it
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


@contextlib.contextmanager
def exclusive_lock(lock_path: str | os.PathLike[str], *, timeout_seconds: float | None = None) -> Iterator[None]:
    """Hold an exclusive advisory lock on `lock_path` (created when missing) for a read-modify-write.

    Another process waits up to `timeout_seconds` (default LOCK_TIMEOUT_SECONDS), then gets FileAccessError
    (exit 3: "locked"). POSIX uses ``fcntl.flock`` (the lock goes with the open file, so a crashed holder
    releases it); Windows ``msvcrt.locking`` on the file's first byte. Re-entrant within a thread (a save
    inside an editor operation): flock on a second descriptor of the same file would wait for ourselves;
    other threads of the process wait on an in-process lock first.
    """
    if timeout_seconds is None:
        timeout_seconds = LOCK_TIMEOUT_SECONDS
    p = Path(lock_path)
    key = os.path.realpath(p)
    with _guard:
        in_process = _thread_locks.setdefault(key, threading.RLock())
    if not in_process.acquire(timeout=timeout_seconds):
        raise FileAccessError(f"is locked by another task for over {timeout_seconds:g} s; try again", file=str(p))
    try:
        if _depth.get(key, 0) > 0:  # this thread holds the file lock already
            _depth[key] += 1
            try:
                yield
            finally:
                _depth[key] -= 1
            return
        with _file_lock(p, timeout_seconds):
            _depth[key] = 1
            try:
                yield
            finally:
                _depth[key] = 0
    finally:
        in_process.release()


@contextlib.contextmanager
def _file_lock(p: Path, timeout_seconds: float) -> Iterator[None]:
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(p, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError as err:
        raise FileAccessError(f"cannot be locked ({reason(err, p)})", file=str(p)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileAccessError("is not a regular file; refusing to use it as a lock", file=str(p))
        deadline = time.monotonic() + timeout_seconds
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise FileAccessError(
                    f"is locked by another gpuplanner for over {timeout_seconds:g} s; close it or try again",
                    file=str(p),
                )
            time.sleep(0.01)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)
