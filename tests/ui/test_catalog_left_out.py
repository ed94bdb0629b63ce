"""A bad row in the user catalog (issue #18 class 6) in the app: the window starts with its results (not an
empty window), the row is named, and the catalog editor lists what was left out in the interface language.
An edit beside the bad row still saves."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from ui_helpers import wait_for_results

from gpuplanner.core.catalog import load_catalog
from gpuplanner.core.paths import catalog_dir
from gpuplanner.ui.catalog_session import left_out_lines


def _gpu_rows() -> str:
    with open(catalog_dir() / "gpus.csv", newline="", encoding="utf-8") as fh:
        h100 = next(r for r in csv.DictReader(fh) if r["id"] == "h100-sxm-80gb")
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(h100), lineterminator="\n")
    w.writeheader()
    w.writerow({**h100, "gemm_efficiency": "0.7"})  # a good edit of a shipped GPU
    w.writerow({**h100, "id": "bad-gpu", "memory_bytes": "1e400"})
    return buf.getvalue()


@pytest.fixture
def bad_layer(data_dir: Path) -> Path:
    folder = data_dir / "catalog"
    folder.mkdir(parents=True)
    (folder / "gpus.csv").write_text(_gpu_rows(), encoding="utf-8")
    return folder


def test_the_app_starts_with_results_and_names_the_bad_row(bad_layer: Path, window, qtbot) -> None:
    assert window.results_view is not None and window.runner.latest is not None  # not an empty window
    cat = window.doc.catalog
    assert cat.gpu("h100-sxm-80gb").gemm_efficiency == 0.7  # the good row of the same file applies
    assert "bad-gpu" not in cat.gpus
    assert "bad-gpu" in window.statusBar().currentMessage()
    assert window.statusBar().currentMessage() == left_out_lines(cat)[0]  # the same words as the editor's list
    assert "this row is left out" in window.statusBar().toolTip()
    ed = window.show_catalog_editor()
    try:
        assert ed.left_out.isVisible()
        text = ed.left_out.text()
        assert "gpus.csv, line 3, id “bad-gpu”, column memory_bytes: '1e400' is not a finite byte count" in text
        assert "this row is left out" in text
        page = ed.show_table("gpus")
        assert page.model.row_of("bad-gpu") < 0 <= page.model.row_of("h100-sxm-80gb")
        ed.session.set_cell("gpus", "l4", "gemm_efficiency", "0.61")  # an edit beside the bad row saves
        wait_for_results(qtbot, window)
        assert window.doc.catalog.gpu("l4").gemm_efficiency == 0.61
        assert "1e400" in (bad_layer / "gpus.csv").read_text(encoding="utf-8")  # the user's row, kept
        assert ed.left_out.isVisible() and "bad-gpu" in ed.left_out.text()
    finally:
        ed.close()


def test_the_left_out_parts_read_in_korean(bad_layer: Path, qapp) -> None:
    from gpuplanner.ui import i18n

    cat = load_catalog(user_dir=bad_layer)
    assert i18n.install_translator(qapp, "ko") == "ko"
    try:
        (line,) = left_out_lines(cat)
    finally:
        i18n.uninstall_translator(qapp)
    assert line.startswith("내 카탈로그 gpus.csv, 3행, ID “bad-gpu”, memory_bytes 열: ")
    assert line.endswith("이 행은 사용하지 않습니다.")
    (english,) = left_out_lines(cat)
    assert english.endswith("— this row is left out.")
