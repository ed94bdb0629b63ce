"""Start-up and the app as a whole: lazy imports, the smoke test, views runnable on their own,
accessibility and keyboard basics."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QRadioButton,
)
from ui_helpers import ROOT

ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def run_py(code: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=timeout
    )


def test_heavy_modules_load_after_the_first_paint(tmp_path):
    # a real settings file: QSettings on /dev/null replaces the device with a regular file when run as root
    settings_file = (tmp_path / "settings.ini").as_posix()
    code = f"""
import sys
from PySide6.QtCore import QSettings, QTimer
from gpuplanner.ui.app import build_window, create_application
app = create_application(["x"])
win = build_window(QSettings({settings_file!r}, QSettings.Format.IniFormat), smoke_test=True)
heavy = ("pyqtgraph", "numpy", "pandas", "openpyxl", "gpuplanner.core.engine")
def painted():
    print("AT_PAINT", sorted(m for m in heavy if m in sys.modules))
win.firstPainted.connect(painted)
def later():
    print("LATER", sorted(m for m in heavy if m in sys.modules))
    win.doc.undo_stack.setClean(); win.close(); app.quit()
win.show()
QTimer.singleShot(1500, later)
app.exec()
"""
    out = run_py(code)
    assert out.returncode == 0, out.stderr
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if line.startswith(("AT_PAINT", "LATER")))
    assert lines["AT_PAINT"] == "[]"
    assert "'pyqtgraph'" in lines["LATER"] and "'pandas'" not in lines["LATER"]


def test_smoke_test_command():
    out = subprocess.run(
        [sys.executable, "-m", "gpuplanner.cli", "--smoke-test"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
        timeout=180,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("gpuplanner smoke test OK:")
    assert len(out.stdout.strip().splitlines()) == 1


VIEWS = [
    "gpuplanner.ui.pages.model_page",
    "gpuplanner.ui.pages.training_page",
    "gpuplanner.ui.pages.hardware_page",
    "gpuplanner.ui.pages.cost_page",
    "gpuplanner.ui.pages.results_page",
    "gpuplanner.ui.results_view",
    "gpuplanner.ui.wizard",
    "gpuplanner.ui.plots.memory_plot",
    "gpuplanner.ui.plots.tco_plot",
    "gpuplanner.ui.plots.time_plot",
    "gpuplanner.ui.plots.pareto_plot",
    "gpuplanner.ui.catalog_editor",
]


@pytest.mark.parametrize("module", VIEWS)
def test_each_view_runs_on_its_own(module):
    out = subprocess.run(
        [sys.executable, "-m", module],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**ENV, "GPUPLANNER_DEMO_QUIT_MS": "300"},
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr


def test_inputs_and_plots_have_accessible_names(window):
    for page in (window.wizard.page(i) for i in window.wizard.pageIds()):
        for cls in (QAbstractSpinBox, QComboBox, QCheckBox, QRadioButton, QLineEdit, QListWidget):
            for w in page.findChildren(cls):
                if isinstance(w, QLineEdit) and isinstance(w.parent(), (QAbstractSpinBox, QComboBox)):
                    continue
                assert w.accessibleName() or (isinstance(w, (QCheckBox, QRadioButton)) and w.text()), (
                    f"{type(w).__name__} on {type(page).__name__} has no accessible name"
                )
    for plot in window.results_view.plots:
        assert plot.plot_widget.accessibleName()
        assert plot.accessibleName()
    assert window.results_view.table.accessibleName()


def test_labels_have_buddies_for_their_mnemonics(window):
    for page in (window.wizard.page(i) for i in window.wizard.pageIds()):
        for label in page.findChildren(QLabel):
            text = label.text().replace("&&", "")
            if "&" in text and not text.lstrip().startswith("<"):
                assert label.buddy() is not None, f"{label.text()!r} on {type(page).__name__}"


def test_no_mnemonic_is_used_twice_on_a_page(window):
    import re

    taken_by_window = {"b", "n", "f", "e", "v", "t", "h"}  # Back, Next and the menu bar
    for page in (window.wizard.page(i) for i in window.wizard.pageIds()):
        keys = []
        for cls in (QLabel, QCheckBox, QRadioButton, QPushButton):
            for w in page.findChildren(cls):
                m = re.search(r"&([^&\s])", w.text().replace("&&", ""))
                if m and w.isVisibleTo(page):
                    keys.append(m.group(1).lower())
        dupes = {k for k in keys if keys.count(k) > 1 or k in taken_by_window}
        assert not dupes, f"{type(page).__name__}: {sorted(dupes)}"


def test_tab_order_follows_the_form(window):
    page = window.wizard.training_page
    window.wizard.go_to(window.wizard.currentId().__class__(1))
    page.seq_len.setFocus()
    chain = []
    w = page.seq_len
    for _ in range(3):
        w = w.nextInFocusChain()
        while (
            not (w.focusPolicy() & w.focusPolicy().TabFocus)
            or not w.isVisibleTo(page)
            or isinstance(w.parent(), QAbstractSpinBox)
        ):
            w = w.nextInFocusChain()
        chain.append(w)
    assert chain[0] is page.micro and chain[1] is page.global_
