"""Small steps a user takes, for the UI tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QRadioButton, QWizard

ROOT = Path(__file__).resolve().parents[2]


def type_number(qtbot, box: QAbstractSpinBox, text: str) -> None:
    """Select the number (not its unit) and type over it, key by key."""
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)


def click(qtbot, widget) -> None:
    """Click where a user would: on the indicator of a check box or radio button, else the middle."""
    if isinstance(widget, (QCheckBox, QRadioButton)):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(8, widget.height() // 2))
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def next_page(qtbot, wizard: QWizard) -> None:
    button = wizard.button(QWizard.WizardButton.NextButton)
    assert button.isEnabled(), "Next is disabled"
    click(qtbot, button)


def back_page(qtbot, wizard: QWizard) -> None:
    click(qtbot, wizard.button(QWizard.WizardButton.BackButton))


def cli_estimate(path: Path, gpu: str | None = None) -> dict:
    """``gpuplanner estimate FILE --json [--gpu G]`` in a fresh interpreter."""
    cmd = [sys.executable, "-m", "gpuplanner.cli", "estimate", str(path), "--json"]
    if gpu:
        cmd += ["--gpu", gpu]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def wait_for_results(qtbot, win, timeout: int = 20_000) -> None:
    """Until the worker is idle and the latest results are for the current scenario (sweep included)."""

    def done() -> bool:
        rs = win.runner.latest
        return (
            not win.runner.busy
            and rs is not None
            and rs.scenario == win.doc.scenario
            and (rs.sweep is not None or not rs.has_time)
        )

    qtbot.waitUntil(done, timeout=timeout)
