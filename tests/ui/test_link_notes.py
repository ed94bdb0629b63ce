"""The verdict says which link speed the estimate assumed (``Estimate.notes``), in English and Korean, with the
engine's node id, speed and scenario key left as they are."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import wait_for_results

from gpuplanner.core.results import INTER_NODE_NOTE, INTRA_NODE_NOTE, LinkNote
from gpuplanner.ui import i18n
from gpuplanner.ui.link_notes import note_text, where_to_set

# four MI300A nodes on the fallback link speeds (tests/fixtures: one file for the CLI, app and workbook tests)
MI300A_16 = (
    Path(__file__).resolve().parents[1] / "fixtures" / "llama-3.1-8b-pretrain-16xmi300a.gpuplan.toml"
).read_text(encoding="utf-8")
INTER = LinkNote("inter-node", "mi300a-4x-node", "10 Gb/s", "hardware.inter_node_gbits_per_s")
INTRA = LinkNote("intra-node", "mi300a", "16 GB/s", "hardware.intra_node_gbytes_per_s")


@pytest.fixture
def korean(qapp):  # type: ignore[no-untyped-def]
    yield i18n.install_translator(qapp, "ko")
    i18n.uninstall_translator(qapp)


def open_mi300a(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "mi300a.gpuplan.toml"
    path.write_text(MI300A_16, encoding="utf-8")
    assert window.open_file(path)
    wait_for_results(qtbot, window, timeout=120_000)
    return window.results_view.verdict.notes


def test_the_ui_sentence_is_the_engines_in_english() -> None:
    assert {INTER.template, INTRA.template} == {INTER_NODE_NOTE, INTRA_NODE_NOTE}
    assert note_text(INTER) == INTER.text and note_text(INTRA) == INTRA.text


def test_the_verdict_shows_the_assumed_link_speeds(window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # the default scenario (H100s with catalog links) assumes nothing
    assert window.results_view.verdict.notes.isHidden()
    label = open_mi300a(window, qtbot, tmp_path)
    assert label.isVisible()
    estimate = window.runner.latest.primary.estimate
    # the engine's sentence, then the step-3 field that sets its key
    assert label.text() == "\n".join("ⓘ " + n.text + " " + where_to_set(n) for n in estimate.notes)
    assert "node type mi300a-4x-node; assumed 10 Gb/s per GPU. Set hardware.inter_node_gbits_per_s." in label.text()


def test_the_verdict_says_it_in_korean(korean, qtbot, tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    from gpuplanner.ui.app import build_window

    assert korean == "ko"
    win = build_window(settings, smoke_test=True)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win._painted, timeout=5000)
    wait_for_results(qtbot, win)
    try:
        text = open_mi300a(win, qtbot, tmp_path).text()
    finally:
        win.doc.undo_stack.setClean()
        win.runner.shutdown()
    assert (
        "노드 종류 mi300a-4x-node의 노드 간 링크 속도가 공개되지 않아 GPU당 10 Gb/s로 가정했습니다. "
        "hardware.inter_node_gbits_per_s로 지정하세요."
    ) in text
    assert "GPU mi300a의 노드 내 링크 속도가 공개되지 않아 GPU당 16 GB/s(PCIe 3 x16)로 가정했습니다." in text
    assert "not published" not in text
