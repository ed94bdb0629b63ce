"""Issue #18 class 7: two processes saving user-catalog rows at once lose nothing.

Real processes (multiprocessing, spawn: separate interpreters, as two app windows or an app and a script
are), started together at a barrier, each round saving its own rows of the same user file. Before the lock
each save wrote back the file it had read, and one process's rows vanished in 4 of 4 rounds while both
reported success. The autosave records get the same two-process test (they were safe, and must stay so).
"""

from __future__ import annotations

import multiprocessing as mp
import os
from pathlib import Path
from typing import Any

import pytest

from gpuplanner.core import files
from gpuplanner.core.catalog import load_catalog, save_user_row, user_layer_lock
from gpuplanner.core.errors import FileAccessError

ROUNDS = 4
ROWS_PER_ROUND = 3
GPUS = ("a100-sxm-80gb", "h100-sxm-80gb", "l4", "l40s", "rtx-4090", "mi300x")  # worker w edits GPUS[w::2]
TIMEOUT_S = 120


def _efficiency(worker: int, rnd: int, i: int) -> float:
    return round(0.5 + 0.1 * rnd + 0.01 * i + 0.001 * worker, 4)


def _catalog_worker(worker: int, user_dir: str, barrier: Any, out: Any) -> None:
    try:
        mine = GPUS[worker::2]
        for rnd in range(ROUNDS):
            barrier.wait(timeout=TIMEOUT_S)  # both processes start each round together
            for i, gpu in enumerate(mine[:ROWS_PER_ROUND]):
                save_user_row("gpus", {"id": gpu, "gemm_efficiency": _efficiency(worker, rnd, i)}, Path(user_dir))
        out.put((worker, "ok"))
    except BaseException as err:  # reported to the parent, which fails the test with it
        out.put((worker, f"{type(err).__name__}: {err}"))


def _run(target: Any, args_for: Any, n: int = 2) -> list[tuple[int, str]]:
    ctx = mp.get_context("spawn")
    barrier, out = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=target, args=(w, *args_for(w), barrier, out)) for w in range(n)]
    for p in procs:
        p.start()
    results = [out.get(timeout=TIMEOUT_S) for _ in procs]
    for p in procs:
        p.join(timeout=TIMEOUT_S)
        assert p.exitcode == 0
    return sorted(results)


def test_two_processes_saving_rows_at_once_lose_no_update(tmp_path: Path) -> None:
    user_dir = tmp_path / "catalog"
    results = _run(_catalog_worker, lambda w: (str(user_dir),))
    assert results == [(0, "ok"), (1, "ok")]
    cat = load_catalog(user_dir=user_dir)
    assert cat.dropped == ()
    for worker in (0, 1):
        for i, gpu in enumerate(GPUS[worker::2][:ROWS_PER_ROUND]):
            assert cat.gpu(gpu).gemm_efficiency == _efficiency(worker, ROUNDS - 1, i), (worker, gpu)
    assert cat.user_row_ids == {("gpus", g) for g in GPUS}


def _hold_lock(user_dir: str, ready: Any, release: Any) -> None:
    with user_layer_lock(Path(user_dir)):
        ready.set()
        release.wait(TIMEOUT_S)


def test_a_save_waits_for_the_lock_then_says_it_is_locked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    user_dir = tmp_path / "catalog"
    ctx = mp.get_context("spawn")
    ready, release = ctx.Event(), ctx.Event()
    holder = ctx.Process(target=_hold_lock, args=(str(user_dir), ready, release))
    holder.start()
    try:
        assert ready.wait(TIMEOUT_S)
        monkeypatch.setattr(files, "LOCK_TIMEOUT_SECONDS", 0.3)
        with pytest.raises(FileAccessError, match=r"\.catalog\.lock: is locked by another gpuplanner"):
            save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.6}, user_dir)
        assert not (user_dir / "gpus.csv").exists()
    finally:
        release.set()
        holder.join(TIMEOUT_S)
    save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.6}, user_dir)  # released: the save goes through
    assert load_catalog(user_dir=user_dir).gpu("l4").gemm_efficiency == 0.6


def test_the_lock_is_reentrant_in_one_thread(tmp_path: Path) -> None:
    with user_layer_lock(tmp_path), user_layer_lock(tmp_path):
        save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.6}, tmp_path)  # takes it a third time
    assert load_catalog(user_dir=tmp_path).gpu("l4").gemm_efficiency == 0.6


def test_a_lock_path_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / ".catalog.lock").mkdir()
    with pytest.raises(FileAccessError, match="cannot be locked|not a regular file"):
        save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.6}, tmp_path)


def _autosave_worker(worker: int, folder: str, barrier: Any, out: Any) -> None:
    from dataclasses import replace

    from gpuplanner.core.autosave import list_records, read_record, write_record
    from gpuplanner.core.paths import examples_dir
    from gpuplanner.core.scenario_io import read_scenario

    try:
        base = read_scenario(sorted(examples_dir().glob("*.gpuplan.toml"))[0])
        session = f"{worker:08x}"
        for rnd in range(ROUNDS):
            barrier.wait(timeout=TIMEOUT_S)
            for i in range(5):
                s = replace(base, name=f"worker {worker} round {rnd} save {i}")
                write_record(session, s, path=None, folder=Path(folder))
                for rec in list_records(Path(folder)):  # the other's record is never torn
                    read_record(rec)
        out.put((worker, "ok"))
    except BaseException as err:
        out.put((worker, f"{type(err).__name__}: {err}"))


def test_two_processes_autosaving_at_once_keep_both_records(tmp_path: Path) -> None:
    from gpuplanner.core.autosave import read_record

    folder = tmp_path / "autosave"
    assert _run(_autosave_worker, lambda w: (str(folder),)) == [(0, "ok"), (1, "ok")]
    names = {read_record(folder / f"{w:08x}.json").scenario.name for w in (0, 1)}
    assert names == {f"worker {w} round {ROUNDS - 1} save 4" for w in (0, 1)}
    assert sorted(os.listdir(folder)) == ["00000000.json", "00000001.json"]  # no temporary file left


def test_loading_reads_anyway_when_the_lock_is_held_too_long(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gpuplanner.core.catalog import load as load_module

    save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.6}, tmp_path)
    ctx = mp.get_context("spawn")
    ready, release = ctx.Event(), ctx.Event()
    holder = ctx.Process(target=_hold_lock, args=(str(tmp_path), ready, release))
    holder.start()
    try:
        assert ready.wait(TIMEOUT_S)
        monkeypatch.setattr(load_module, "READ_LOCK_TIMEOUT_SECONDS", 0.2)
        assert load_catalog(user_dir=tmp_path).gpu("l4").gemm_efficiency == 0.6  # read, not refused
    finally:
        release.set()
        holder.join(TIMEOUT_S)


def test_loading_a_folder_no_save_has_touched_writes_nothing_there(tmp_path: Path) -> None:
    save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.6}, tmp_path)
    layer = tmp_path / "copied"  # a user layer copied in by hand (or a test's data): no save ever ran here
    layer.mkdir()
    (layer / "gpus.csv").write_bytes((tmp_path / "gpus.csv").read_bytes())
    before = sorted(p.name for p in layer.iterdir())
    assert load_catalog(user_dir=layer).gpu("l4").gemm_efficiency == 0.6
    assert sorted(p.name for p in layer.iterdir()) == before  # no lock file left behind by a reader
