"""Issue 22: step 3's optional link speeds. An empty field leaves the key out (its placeholder names the catalog's
speed, or the fallback the engine assumes); a typed speed sets the key through the undo stack and re-estimates;
a speed outside the key table's range is refused with the table's message; the saved file keeps it."""

from __future__ import annotations

from dataclasses import replace

from test_link_notes import MI300A_16
from ui_helpers import click, wait_for_results

from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.core.scenario_keys import HARDWARE_KEYS
from gpuplanner.core.training_time import INTER_NODE_KEY, INTRA_NODE_KEY
from gpuplanner.core.value_checks import range_problem
from gpuplanner.ui.link_notes import notes_for
from gpuplanner.ui.wizard import Pages


def hardware(window, qtbot=None):  # type: ignore[no-untyped-def]
    """Step 3, with its cluster-links section opened (by a click, as a user would, when ``qtbot`` is given)."""
    window.wizard.go_to(Pages.HARDWARE)
    page = window.wizard.hardware_page
    if not page.links.unfolded:
        if qtbot is not None:
            click(qtbot, page.links.toggle)
        else:
            page.links.toggle.setChecked(True)
    assert page.links.content.isVisibleTo(page)
    return page


def type_text(qtbot, box, text: str) -> None:  # type: ignore[no-untyped-def]
    """Select what the field holds and type over it, key by key (an empty ``text`` deletes it)."""
    box.setFocus()
    box.selectAll()
    if text:
        qtbot.keyClicks(box, text)
    else:
        box.del_()
        box.textEdited.emit(box.text())  # del_() is a programmatic edit: Qt sends textEdited for keys only


def test_the_section_is_folded_until_it_has_something_to_say(window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window.wizard.go_to(Pages.HARDWARE)
    page = window.wizard.hardware_page
    # the default scenario's H100 node publishes both speeds: the section stays folded, one line
    assert not page.links.unfolded and not page.links.content.isVisibleTo(page)
    assert page.links.toggle.isVisibleTo(page) and page.links.toggle.text() == "Cluster links (optional)"
    click(qtbot, page.links.toggle)
    assert page.links.unfolded and page.rows[INTER_NODE_KEY].widget.isVisibleTo(page)
    click(qtbot, page.links.toggle)
    assert not page.links.content.isVisibleTo(page)
    # four MI300A nodes: no published network speed, so the section opens by itself
    path = tmp_path / "mi300a.gpuplan.toml"
    path.write_text(MI300A_16, encoding="utf-8")
    assert window.open_file(path)
    assert page.links.unfolded and page.links.content.isVisibleTo(page)


def test_empty_fields_name_the_catalog_speeds(window, qtbot, catalog) -> None:  # type: ignore[no-untyped-def]
    page = hardware(window, qtbot)
    s = window.doc.scenario
    assert s.hardware.inter_node_gbits_per_s is None and s.hardware.intra_node_gbytes_per_s is None
    links = page.links
    assert (links.inter.text(), links.intra.text()) == ("", "")
    node = catalog.default_node(s.hardware.gpu)
    gpu = catalog.gpu(s.hardware.gpu)
    assert links.inter.placeholderText() == f"catalog: {node.network_gb_per_s_per_gpu * 8:g} Gb/s ({node.id})"
    assert links.intra.placeholderText() == f"catalog: {gpu.intra_node_gb_per_s:g} GB/s ({gpu.id})"
    for key in (INTER_NODE_KEY, INTRA_NODE_KEY):
        row = page.rows[key]
        assert row.widget.toolTip() and row.widget.isVisibleTo(page), key
    assert page.rows[INTER_NODE_KEY].name == "Link between nodes (Gb/s per GPU, one direction)"


def test_a_typed_speed_sets_the_key_and_undo_restores_it(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    page = hardware(window)
    stack = window.doc.undo_stack
    before = stack.count()
    type_text(qtbot, page.links.inter, "3,200")
    assert window.doc.scenario.hardware.inter_node_gbits_per_s == 3200
    type_text(qtbot, page.links.intra, "900")
    assert window.doc.scenario.hardware.intra_node_gbytes_per_s == 900
    assert stack.count() == before + 2, "one undo step per field, the keys typed merged"
    assert page.links.inter.text() == "3,200", "the text being typed stays as typed"
    stack.undo()
    assert window.doc.scenario.hardware.intra_node_gbytes_per_s is None
    assert page.links.intra.text() == ""
    stack.undo()
    assert window.doc.scenario.hardware.inter_node_gbits_per_s is None
    stack.redo()
    assert window.doc.scenario.hardware.inter_node_gbits_per_s == 3200
    assert page.links.inter.text() == "3,200"


def test_clearing_the_field_removes_the_key(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    page = hardware(window)
    s = window.doc.scenario
    window.doc.edit(replace(s, hardware=replace(s.hardware, inter_node_gbits_per_s=800.0)), "set")
    assert page.links.inter.text() == "800"
    type_text(qtbot, page.links.inter, "")
    assert window.doc.scenario.hardware.inter_node_gbits_per_s is None
    assert page.problem is None
    window.doc.undo_stack.undo()
    assert window.doc.scenario.hardware.inter_node_gbits_per_s == 800


def test_out_of_range_and_non_numbers_are_refused(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    page = hardware(window)
    before = window.doc.scenario
    for key, box, field in (
        (INTER_NODE_KEY, page.links.inter, "inter_node_gbits_per_s"),
        (INTRA_NODE_KEY, page.links.intra, "intra_node_gbytes_per_s"),
    ):
        spec = HARDWARE_KEYS[field]
        assert spec.at_most is not None
        too_big = spec.at_most * 10
        type_text(qtbot, box, f"{too_big:g}")
        shared = range_problem(spec, too_big)
        assert shared and page.problem is not None
        assert page.problem[0] == key and page.problem[1].startswith(shared), page.problem
        assert page.rows[key].error.isVisibleTo(page)
        assert not page.isComplete()
        assert box.text() == f"{too_big:g}", "the refused input stays on screen"
        type_text(qtbot, box, "0")
        assert page.problem is not None and page.problem[0] == key
        type_text(qtbot, box, "fast")
        assert page.problem == (key, "must be a number, or empty for the catalog's value")
        # key by key, "1e+08" passed through "1", a valid speed (as a spin box commits each key): the refused
        # values themselves never reach the scenario
        assert getattr(window.doc.scenario.hardware, field) not in (too_big, 0)
        type_text(qtbot, box, "")
        assert page.problem is None
        assert window.doc.scenario.hardware == before.hardware


def test_the_saved_file_keeps_the_speeds(window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    page = hardware(window)
    type_text(qtbot, page.links.inter, "400")
    type_text(qtbot, page.links.intra, "64.5")
    path = tmp_path / "links.gpuplan.toml"
    window.doc.save(path)
    text = path.read_text(encoding="utf-8")
    assert "inter_node_gbits_per_s = 400" in text and "intra_node_gbytes_per_s = 64.5" in text
    back = read_scenario(path).hardware
    assert (back.inter_node_gbits_per_s, back.intra_node_gbytes_per_s) == (400, 64.5)
    window.doc.undo_stack.setClean()
    type_text(qtbot, page.links.inter, "")
    window.doc.undo_stack.setClean()
    assert window.open_file(path)
    page = hardware(window)
    assert (page.links.inter.text(), page.links.intra.text()) == ("400", "64.5")


def test_setting_the_network_speed_drops_its_note(window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "mi300a.gpuplan.toml"
    path.write_text(MI300A_16, encoding="utf-8")
    assert window.open_file(path)
    wait_for_results(qtbot, window, timeout=120_000)
    notes = window.results_view.verdict.notes
    assert "assumed 10 Gb/s per GPU" in notes.text()
    assert "In the app: step 3 (Hardware), “Link between nodes (Gb/s per GPU, one direction)”." in notes.text()
    page = hardware(window)
    assert page.links.inter.placeholderText() == "not published (mi300a-4x-node) — 10 Gb/s assumed"
    assert page.links.intra.placeholderText() == "not published (mi300a) — 16 GB/s assumed (PCIe 3 x16)"
    before = window.runner.latest.primary.estimate.time
    type_text(qtbot, page.links.inter, "400")
    assert window.doc.scenario.hardware.inter_node_gbits_per_s == 400
    wait_for_results(qtbot, window, timeout=120_000)
    estimate = window.runner.latest.primary.estimate
    assert INTER_NODE_KEY not in [n.key for n in estimate.notes]
    # the intra-node note stays only if the new layout still talks inside a node (the planner may now pick pure DP)
    assert notes.text() == "\n".join("ⓘ " + line for line in notes_for(window.runner.latest))
    assert "Gb/s" not in notes.text() and "Link between nodes" not in notes.text()
    assert estimate.time != before, "the estimate follows the faster network"


def test_the_placeholder_follows_the_planned_gpu(window, catalog) -> None:  # type: ignore[no-untyped-def]
    page = hardware(window)
    s = window.doc.scenario
    other = next(g for g in s.hardware.compared_gpus if g != s.hardware.gpu)
    page.plan_gpu.setCurrentIndex(page.plan_gpu.findData(other))
    assert window.doc.scenario.hardware.gpu == other
    node = catalog.default_node(other)
    assert f"({node.id})" in page.links.inter.placeholderText()
    assert f"({other})" in page.links.intra.placeholderText()


def test_the_fields_speak_korean(qapp, catalog) -> None:  # type: ignore[no-untyped-def]
    import tomllib

    from gpuplanner.core.scenario_io import parse_scenario
    from gpuplanner.ui import i18n
    from gpuplanner.ui.document import ScenarioDocument
    from gpuplanner.ui.pages.base import key_label
    from gpuplanner.ui.pages.hardware_page import HardwarePage

    assert i18n.install_translator(qapp, "ko") == "ko"
    try:
        page = HardwarePage(ScenarioDocument(parse_scenario(tomllib.loads(MI300A_16)), catalog))
        try:
            assert page.links.toggle.text() == "클러스터 링크 (선택)"
            assert page.links.unfolded, "no published network speed for four MI300A nodes"
            assert page.rows[INTER_NODE_KEY].name == "노드 간 링크 (GPU당 Gb/s, 단방향)"
            assert page.rows[INTRA_NODE_KEY].name == "노드 내 링크 (GPU당 GB/s, 단방향)"
            assert page.links.inter.placeholderText() == "공개되지 않음 (mi300a-4x-node) — 10 Gb/s로 가정"
            assert page.links.intra.placeholderText() == "공개되지 않음 (mi300a) — 16 GB/s로 가정 (PCIe 3 x16)"
            assert "대역폭" in page.rows[INTER_NODE_KEY].widget.toolTip()
            assert key_label(INTER_NODE_KEY) == "노드 간 링크 (3단계)"
        finally:
            page.deleteLater()
    finally:
        i18n.uninstall_translator(qapp)


def test_undo_replaces_text_no_scenario_holds(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    page = hardware(window, qtbot)
    type_text(qtbot, page.links.inter, "12")
    type_text(qtbot, page.links.inter, "12x")
    assert page.problem is not None and page.problem[0] == INTER_NODE_KEY
    window.doc.undo_stack.undo()
    assert window.doc.scenario.hardware.inter_node_gbits_per_s is None
    assert page.links.inter.text() == "" and page.problem is None
