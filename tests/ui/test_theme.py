"""The dark theme keeps check box and radio button frames visible (issue item 8: an unticked box in the GPU
list looked like no box at all), in forms and in list views alike."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
)

from gpuplanner.ui.theme import apply_theme
from gpuplanner.ui.theme import contrast_ratio as contrast


@pytest.fixture
def dark(qapp):
    apply_theme(qapp, "dark")
    yield qapp
    apply_theme(qapp, "light")


def frame_contrast(img, rect, bg) -> float:
    dpr = img.devicePixelRatio()
    best = 1.0
    for x in range(int(rect.left() * dpr), int((rect.right() + 1) * dpr)):
        for y in range(int(rect.top() * dpr), int((rect.bottom() + 1) * dpr)):
            if 0 <= x < img.width() and 0 <= y < img.height():
                best = max(best, contrast(img.pixelColor(x, y), bg))
    return best


@pytest.mark.parametrize("kind", [QCheckBox, QRadioButton])
def test_unticked_indicators_have_a_visible_frame(dark, qtbot, kind):
    box = kind("H100 SXM5 80GB")
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    opt = QStyleOptionButton()
    box.initStyleOption(opt)
    element = QStyle.SubElement.SE_CheckBoxIndicator if kind is QCheckBox else QStyle.SubElement.SE_RadioButtonIndicator
    rect = box.style().subElementRect(element, opt, box)
    img = box.grab().toImage()
    bg = box.palette().window().color()  # what shows behind a check box (it paints no background)
    assert frame_contrast(img, rect, bg) >= 3.0  # WCAG 1.4.11: user-interface components


def test_unticked_list_items_have_a_visible_frame(dark, qtbot):
    view = QListWidget()
    qtbot.addWidget(view)
    for name, state in (("H100", Qt.CheckState.Checked), ("A100", Qt.CheckState.Unchecked)):
        item = QListWidgetItem(name)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(state)
        view.addItem(item)
    view.resize(200, 120)
    view.show()
    qtbot.waitExposed(view)
    img = view.viewport().grab().toImage()
    row = view.visualItemRect(view.item(1))
    box = row.adjusted(0, 0, -(row.width() - row.height() - 4), 0)  # the indicator sits at the row's left
    bg = view.palette().color(view.viewport().backgroundRole())
    assert frame_contrast(img, box, bg) >= 3.0
    assert QApplication.instance().style().inherits("QProxyStyle")


DESKTOP_TURNS_DARK = """
import sys
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from gpuplanner.ui.app import create_application
from gpuplanner.ui.theme import dark_palette
app = create_application(["x"])
print("START", app.style().name(), app.style().inherits("QProxyStyle"), "gpuplanner.ui.theme_style" in sys.modules)
app.setPalette(dark_palette())  # what a desktop switched to dark gives Fusion under the "system" theme
QApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
app.processEvents()
print("DARK", type(app.style()).__name__, app.style().inherits("QProxyStyle"))
"""


def test_a_light_start_is_plain_fusion_and_a_desktop_turning_dark_gets_the_frames(tmp_path):
    """Issue #15: the framing style (and its QStyle wrapper) waits for a dark palette; a ``system`` theme whose
    desktop turns dark while the app runs gets it then."""
    import os
    import subprocess
    import sys

    from ui_helpers import ROOT

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path), "HOME": str(tmp_path)}
    env.pop("GPUPLANNER_LANG", None)
    out = subprocess.run(
        [sys.executable, "-c", DESKTOP_TURNS_DARK], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if line.startswith(("START", "DARK")))
    assert lines["START"] == "fusion False False"  # Fusion, built by Qt from the -style argument
    assert lines["DARK"] == "FramedIndicators True"
