"""The shared reader and writer (core/files.py) against special files, symlinks and injected failures (issue
#18 classes 3, 4 and 9). Every special file is made in the test's own folder: CI runs as root, so no test
touches a real /dev file or writes to a path it did not create."""

from __future__ import annotations

import errno
import os
import stat
import threading
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gpuplanner.core import files
from gpuplanner.core.errors import FileAccessError, InputError
from gpuplanner.core.files import atomic_write_text, read_user_file, sweep_stale_temps
from gpuplanner.core.scenario_io import parse_scenario, read_scenario, write_scenario

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "llama-3.1-8b-qlora-rtx4090.gpuplan.toml"
SCENARIO = parse_scenario(tomllib.loads(EXAMPLE.read_text(encoding="utf-8")))


def within(seconds: float, call: Callable[[], Any]) -> Any:
    """`call()` in a thread, failing the test (instead of hanging CI) when it has not returned in time."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as err:  # handed back to the test below
            outcome["error"] = err

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"still running after {seconds} s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def char_device(path: Path) -> Path:
    """A character device with the numbers of /dev/null, made here (needs root or CAP_MKNOD)."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except PermissionError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("making a character device needs root (CI runs as root)")
    return path


# --- reading ----------------------------------------------------------------------------------------


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "s.gpuplan.toml"
    os.mkfifo(fifo)
    with pytest.raises(FileAccessError, match="is a named pipe \\(FIFO\\), not a scenario file"):
        within(20, lambda: read_scenario(fifo))


def test_a_symlink_to_a_device_is_refused(tmp_path: Path) -> None:
    device = char_device(tmp_path / "zero")
    link = tmp_path / "s.gpuplan.toml"
    link.symlink_to(device)
    with pytest.raises(FileAccessError, match="is a character device, not a scenario file"):
        within(20, lambda: read_scenario(link))


def test_a_symlink_to_a_regular_file_is_read(tmp_path: Path) -> None:
    link = tmp_path / "s.gpuplan.toml"
    link.symlink_to(EXAMPLE)
    assert read_scenario(link) == read_scenario(EXAMPLE)


def test_the_size_read_is_capped(tmp_path: Path) -> None:
    big = tmp_path / "big.gpuplan.toml"
    with open(big, "wb") as fh:  # sparse: nothing is written to disk
        fh.truncate(files.MAX_READ_BYTES + 1)
    with pytest.raises(FileAccessError, match="is larger than 8 MiB"):
        read_user_file(big, "scenario file")
    exact = tmp_path / "exact"
    with open(exact, "wb") as fh:
        fh.truncate(1000)
    assert len(read_user_file(exact, "scenario file", max_bytes=1000)) == 1000


def test_a_path_through_a_file_names_the_file(tmp_path: Path) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    with pytest.raises(FileAccessError, match=f"cannot be read \\({plain} is a file, not a folder\\)"):
        read_scenario(plain / "s.gpuplan.toml")


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: None, "no such file"),
        (lambda p: p.mkdir(), "is a folder, not a scenario file"),
        (lambda p: p.symlink_to(p), "symlink loop"),
    ],
    ids=["missing", "folder", "loop"],
)
def test_unreadable_paths_say_why(tmp_path: Path, make: Callable[[Path], None], reason: str) -> None:
    path = tmp_path / "s.gpuplan.toml"
    make(path)
    with pytest.raises(FileAccessError, match=reason):
        read_scenario(path)


def test_a_name_too_long_to_read_says_so(tmp_path: Path) -> None:
    with pytest.raises(FileAccessError, match="file name too long"):
        read_scenario(tmp_path / ("n" * 300 + ".gpuplan.toml"))


# --- writing ----------------------------------------------------------------------------------------


def test_a_character_device_target_is_refused_and_kept(tmp_path: Path) -> None:
    device = char_device(tmp_path / "null")
    with pytest.raises(FileAccessError, match="is a character device, not a regular file; refusing"):
        write_scenario(SCENARIO, device)
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    link = tmp_path / "via-link.gpuplan.toml"
    link.symlink_to(device)
    with pytest.raises(FileAccessError, match="is a character device"):
        write_scenario(SCENARIO, link)
    assert stat.S_ISCHR(os.lstat(device).st_mode) and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "via-link.gpuplan.toml"]


def test_a_fifo_target_is_refused_and_kept(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(FileAccessError, match="is a named pipe"):
        within(20, lambda: atomic_write_text(fifo, "x"))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_folder_target_suggests_a_file_name(tmp_path: Path) -> None:
    with pytest.raises(FileAccessError, match="is a folder; give a file name such as plan.gpuplan.toml"):
        write_scenario(SCENARIO, tmp_path)


def test_saving_through_a_symlink_writes_its_target_and_keeps_the_mode(tmp_path: Path) -> None:
    real = tmp_path / "real.gpuplan.toml"
    real.write_text("old\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.gpuplan.toml"
    link.symlink_to(real.name)  # relative, as `ln -s` makes it
    written = atomic_write_text(link, "new\n")
    assert written == real.resolve()
    assert link.is_symlink() and os.readlink(link) == real.name
    assert real.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.gpuplan.toml"
    link.symlink_to("target.gpuplan.toml")
    write_scenario(SCENARIO, link)
    assert link.is_symlink() and read_scenario(tmp_path / "target.gpuplan.toml") == SCENARIO


def test_a_new_file_gets_the_usual_mode(tmp_path: Path) -> None:
    path = tmp_path / "new.gpuplan.toml"
    write_scenario(SCENARIO, path)
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask


def test_a_300_character_name_is_too_long(tmp_path: Path) -> None:
    with pytest.raises(FileAccessError, match="cannot be written \\(file name too long\\)"):
        write_scenario(SCENARIO, tmp_path / ("n" * 300 + ".gpuplan.toml"))
    assert list(tmp_path.iterdir()) == []


def test_a_name_at_the_limit_still_saves(tmp_path: Path) -> None:
    path = tmp_path / ("n" * (255 - len(".gpuplan.toml")) + ".gpuplan.toml")  # the temporary name is cut short
    write_scenario(SCENARIO, path)
    assert read_scenario(path) == SCENARIO


def test_a_missing_folder_and_a_file_as_folder_say_so(tmp_path: Path) -> None:
    with pytest.raises(FileAccessError, match="the folder .*missing does not exist"):
        write_scenario(SCENARIO, tmp_path / "missing" / "s.gpuplan.toml")
    plain = tmp_path / "plain"
    plain.write_text("x", encoding="utf-8")
    with pytest.raises(FileAccessError, match=f"{plain} is a file, not a folder"):
        write_scenario(SCENARIO, plain / "s.gpuplan.toml")


@pytest.mark.parametrize("fail", ["replace", "fsync", "write"])
def test_an_injected_failure_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail: str) -> None:
    path = tmp_path / "s.gpuplan.toml"
    path.write_text("old\n", encoding="utf-8")

    def disk_full(*_a: Any, **_k: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    if fail == "write":
        with pytest.raises(FileAccessError, match="No space left on device.*previous file is unchanged"):
            files.atomic_write(path, disk_full)
    else:
        monkeypatch.setattr(os, fail, disk_full)
        with pytest.raises(FileAccessError, match="No space left on device.*previous file is unchanged"):
            atomic_write_text(path, "new\n")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["s.gpuplan.toml"]


def test_an_unexpected_error_in_the_writer_removes_the_temporary_file(tmp_path: Path) -> None:
    def bug(_tmp: Path) -> None:
        raise RuntimeError("a bug")

    with pytest.raises(RuntimeError):
        files.atomic_write(tmp_path / "out.txt", bug)
    assert list(tmp_path.iterdir()) == []


# --- stale temporary files (class 9) ----------------------------------------------------------------


def test_stale_temporary_files_of_ours_are_swept_on_save(tmp_path: Path) -> None:
    day = files.STALE_TEMP_SECONDS
    old = time.time() - day - 60

    def made(name: str, *, age: float = old) -> Path:
        p = tmp_path / name
        p.write_text("partial", encoding="utf-8")
        os.utime(p, (age, age))
        return p

    stale = made(".s.gpuplan.toml.abcd1234.tmp")
    fresh = made(".s.gpuplan.toml.efgh5678.tmp", age=time.time())
    other_name = made(".t.gpuplan.toml.abcd1234.tmp")
    not_ours = made(".s.gpuplan.toml.backup.tmp")
    folder = tmp_path / ".s.gpuplan.toml.dir12345.tmp"
    folder.mkdir()
    os.utime(folder, (old, old))
    target = made("keep-me")
    link = tmp_path / ".s.gpuplan.toml.link1234.tmp"
    link.symlink_to(target)
    os.utime(link, (old, old), follow_symlinks=False)

    write_scenario(SCENARIO, tmp_path / "s.gpuplan.toml")

    assert not stale.exists()
    assert all(p.exists() for p in (fresh, other_name, not_ours, folder, target)) and link.is_symlink()
    assert read_scenario(tmp_path / "s.gpuplan.toml") == SCENARIO


def test_sweeping_an_unreadable_folder_is_quiet(tmp_path: Path) -> None:
    assert sweep_stale_temps(tmp_path / "missing", "x") == []


# --- the other writers use the same one ---------------------------------------------------------------


def test_export_refuses_a_device_and_follows_a_symlink(tmp_path: Path) -> None:
    from gpuplanner.export.files import save_atomically

    device = char_device(tmp_path / "null")
    with pytest.raises(FileAccessError, match="is a character device"):
        save_atomically(device, lambda tmp: tmp.write_bytes(b"xlsx"))
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    real = tmp_path / "real.xlsx"
    real.write_bytes(b"old")
    real.chmod(0o600)
    link = tmp_path / "plan.xlsx"
    link.symlink_to(real)
    save_atomically(link, lambda tmp: tmp.write_bytes(b"new"))
    assert link.is_symlink() and real.read_bytes() == b"new" and stat.S_IMODE(real.stat().st_mode) == 0o600


def test_export_lock_file_is_looked_for_beside_the_real_file(tmp_path: Path) -> None:
    from gpuplanner.export.files import save_atomically

    real_dir = tmp_path / "shared"
    real_dir.mkdir()
    (real_dir / "plan.xlsx").write_bytes(b"old")
    (real_dir / ".~lock.plan.xlsx#").write_text("someone", encoding="utf-8")
    link = tmp_path / "plan.xlsx"
    link.symlink_to(real_dir / "plan.xlsx")
    with pytest.raises(FileAccessError, match="is open in LibreOffice"):
        save_atomically(link, lambda tmp: tmp.write_bytes(b"new"))
    assert (real_dir / "plan.xlsx").read_bytes() == b"old"


def test_export_a_300_character_name_is_too_long(tmp_path: Path) -> None:
    from gpuplanner.export.files import save_atomically

    with pytest.raises(FileAccessError, match="file name too long"):
        save_atomically(tmp_path / ("x" * 300 + ".xlsx"), lambda tmp: tmp.write_bytes(b"new"))


def test_bench_script_refuses_a_device(tmp_path: Path) -> None:
    from gpuplanner.benchscript.writer import write_script

    device = char_device(tmp_path / "null")
    with pytest.raises(FileAccessError, match="is a character device"):
        write_script(SCENARIO, device)
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    with pytest.raises(FileAccessError, match="file name too long"):
        write_script(SCENARIO, tmp_path / ("b" * 300 + ".py"))


def test_parse_errors_are_input_errors_not_file_errors(tmp_path: Path) -> None:
    path = tmp_path / "s.gpuplan.toml"
    path.write_bytes(b"schema = 1\nname = 'x'\n" + b"x = " + b"[" * 3000)
    with pytest.raises(InputError, match="not valid TOML"):
        read_scenario(path)
