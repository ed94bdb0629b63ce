"""Undo in the catalog editor after another program saved the same user files (issue #18 class 7): putting the
old files back would silently discard that program's edit, so the undo is refused and said so."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuplanner.core.catalog import load_catalog, save_user_row
from gpuplanner.core.errors import FileAccessError
from gpuplanner.ui import catalog_store as store


def test_restore_refuses_files_changed_since(tmp_path: Path) -> None:
    save_user_row("gpus", {"id": "l4", "gemm_efficiency": 0.6}, tmp_path)
    ours = store.snapshot(tmp_path)
    save_user_row("gpus", {"id": "l40s", "gemm_efficiency": 0.7}, tmp_path)  # "another program"
    theirs = (tmp_path / "gpus.csv").read_bytes()
    with pytest.raises(FileAccessError, match=r"gpus\.csv changed since this edit"):
        store.restore(tmp_path, {**ours, "gpus": None}, expect=ours)
    assert (tmp_path / "gpus.csv").read_bytes() == theirs


def test_undo_after_another_programs_save_keeps_that_save(window, qtbot, data_dir: Path) -> None:
    ed = window.show_catalog_editor()
    try:
        failures: list[str] = []
        ed.session.failed.connect(failures.append)
        ed.session.set_cell("gpus", "l4", "gemm_efficiency", "0.61")
        save_user_row("gpus", {"id": "l40s", "gemm_efficiency": 0.71}, data_dir / "catalog")  # another process
        ed.session.stack.undo()
        assert failures and "changed since this edit" in failures[0]
        cat = load_catalog(user_dir=data_dir / "catalog")
        assert cat.gpu("l40s").gemm_efficiency == 0.71 and cat.gpu("l4").gemm_efficiency == 0.61
    finally:
        ed.close()
