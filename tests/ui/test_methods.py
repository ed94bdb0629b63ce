"""Other methods and settings end to end: inference (no time), KRW, a deadline, the menus."""

from __future__ import annotations

from ui_helpers import click, type_number, wait_for_results

from gpuplanner.ui.wizard import Pages


def test_inference_shows_memory_and_says_why_there_is_no_time(window, qtbot):
    click(qtbot, window.wizard.model_page.method_buttons["inference"])
    assert window.doc.scenario.workload.method == "inference"
    page = window.wizard.training_page
    assert not page.train_box.isVisibleTo(page) and page.infer_box.isVisibleTo(page)
    assert page.rows["workload.batch"].widget.isVisibleTo(page)
    wait_for_results(qtbot, window)
    view = window.results_view
    assert "Inference serving has no training time" in view.time_plot.note.text()
    assert "weights" in view.memory_plot.series
    assert view.recommendation.text().startswith("Use ")
    assert "concurrent sequences" in view.recommendation.text()


def test_krw_converts_every_money_figure(window, qtbot, catalog):
    window.wizard.go_to(Pages.COSTS)
    page = window.wizard.cost_page
    page.currency.setCurrentIndex(page.currency.findData("KRW"))
    assert window.doc.scenario.cost.currency == "KRW"
    assert page.rows["cost.usd_to_krw"].widget.isEnabled()
    wait_for_results(qtbot, window)
    model = window.results_view.table_model
    text = model.data(model.index(0, model.column_of("job_cost")))
    assert text.startswith("₩")
    cost = window.runner.latest.primary.estimate.cost
    assert cost.rate == catalog.site("us-colo").usd_to_krw
    assert text == f"₩{cost.job_cloud_on_demand:,.0f}"
    assert "(KRW)" in window.results_view.tco_plot.plot_widget.getPlotItem().getAxis("left").labelText


def test_deadline_adds_the_gpus_needed(window, qtbot):
    window.wizard.go_to(Pages.HARDWARE)
    page = window.wizard.hardware_page
    click(qtbot, page.use_deadline)
    type_number(qtbot, page.deadline, "2")
    assert window.doc.scenario.workload.deadline_days == 2
    wait_for_results(qtbot, window)
    model = window.results_view.table_model
    col = model.column_of("deadline_gpus")
    rs = window.runner.latest
    for row, c in enumerate(rs.candidates):
        need = model.data(model.index(row, col), 256)  # Qt.UserRole
        answer = rs.plan.deadline[c.gpu_id]
        assert need == answer.gpu_count  # the Plan's deadline answer, not a search of the UI's own
        if need is not None:
            assert answer.wall_seconds <= 2 * 86400
    assert "deadline" in window.results_view.time_plot.series
    text = window.results_view.recommendation.text()
    assert "2-day deadline" in text


def test_view_menu_theme_and_steps(window, qtbot):
    window.theme_actions["dark"].trigger()
    from gpuplanner.ui.theme import is_dark

    qtbot.waitUntil(lambda: is_dark(window.palette()), timeout=2000)
    window.theme_actions["light"].trigger()
    qtbot.waitUntil(lambda: not is_dark(window.palette()), timeout=2000)
    assert window.settings.value("view/theme") == "light"
    window.wizard.go_to(Pages.COSTS)
    assert window.wizard.currentId() == Pages.COSTS
    window.wizard.go_to(Pages.MODEL)
    assert window.wizard.currentId() == Pages.MODEL


def test_recent_files_menu(window, dialog_log, tmp_path):
    target = tmp_path / "recent.gpuplan.toml"
    dialog_log.save_path = str(target)
    window.save_as()
    window._fill_recent()
    actions = [a.text() for a in window.recent_menu.actions()]
    assert actions == ["&1 recent.gpuplan.toml", "", "&Clear Menu"]
    assert window.recent_menu.actions()[0].toolTip() == str(target)
    window.recent_menu.actions()[-1].trigger()
    window._fill_recent()
    assert [a.text() for a in window.recent_menu.actions()] == ["(none)"]
    window._fill_plots_menu()
    assert len(window.plots_menu.actions()) == 4
