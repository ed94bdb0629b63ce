"""The results page's "Launch config…" button beside the chosen layout opens the same dialog as
Tools › Write Launch Config… (ui/config_actions.py)."""

from __future__ import annotations

from ui_helpers import click

from gpuplanner.ui.config_actions import LaunchDialog
from gpuplanner.ui.wizard import Pages


def test_launch_button_beside_the_layout_opens_the_launch_dialog(window, qtbot) -> None:
    window.wizard.add_remaining_pages()
    window.wizard.go_to(Pages.RESULTS)
    page = window.wizard.results_page
    button = page.launch_button
    qtbot.waitUntil(button.isEnabled, timeout=10_000)
    layout_value = page.values["layout"]
    # with the layout: right under its text, in the same field
    below = (
        button.mapTo(page, button.rect().topLeft()).y() - layout_value.mapTo(page, layout_value.rect().bottomLeft()).y()
    )
    assert 0 <= below < 12
    assert (
        button.mapTo(page, button.rect().topLeft()).x() == layout_value.mapTo(page, layout_value.rect().topLeft()).x()
    )
    click(qtbot, button)
    dialog = window.findChild(LaunchDialog, "launchDialog")
    assert dialog is not None and dialog.isVisible()
    dialog.reject()
