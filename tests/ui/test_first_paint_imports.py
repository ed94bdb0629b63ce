"""Issue #15: the first paint waits for nothing the first wizard step does not show. Beyond the heavy modules of
test_app.py, these are not imported before it: the catalog package (it loads after the first paint, ui/app.py),
the Plan (core/plan.py: the fit words are read on first use, ui/formatting.py) with its bands and result types,
the result set the worker computes (ui/resultset.py), the config import/launch dialogs (ui/config_actions.py),
the dark theme's framing style (ui/theme_style.py: its QStyle and QPainter wrappers cost ~11 ms) and difflib
(core/suggest.py: a bad name's suggestions); nor is PySide6's wrapper of the ``Qt`` namespace built
(ui/qt_names.py) or the window icon loaded (ui/app.py)."""

from __future__ import annotations

import os
import subprocess
import sys

from ui_helpers import ROOT

DEFERRED = (
    "gpuplanner.core.catalog",
    "gpuplanner.core.bands",
    "gpuplanner.core.results",
    "gpuplanner.core.plan",
    "gpuplanner.ui.resultset",
    "gpuplanner.ui.config_actions",
    "gpuplanner.ui.theme_style",
    "difflib",  # only for a bad name's suggestions (core/suggest.py), ~3 M instructions
)


def test_catalog_bands_and_results_load_after_the_first_paint(tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings_file = (tmp_path / "settings.ini").as_posix()
    code = f"""
import sys
from PySide6.QtCore import QSettings, QTimer
from gpuplanner.ui.app import build_window, create_application
app = create_application(["x"])
win = build_window(QSettings({settings_file!r}, QSettings.Format.IniFormat), smoke_test=True)
watched = {DEFERRED!r}
win.firstPainted.connect(lambda: print("AT_PAINT", sorted(m for m in watched if m in sys.modules)))
win.firstPainted.connect(lambda: print("QT_NAMESPACE", "Qt" in sys.modules["PySide6.QtCore"].__dict__))
win.firstPainted.connect(lambda: print("ICON_AT_PAINT", app.windowIcon().isNull()))
def later():
    print("LATER", sorted(m for m in watched if m in sys.modules))
    print("ICON_LATER", app.windowIcon().isNull())
    win.doc.undo_stack.setClean(); win.close(); app.quit()
win.show()
QTimer.singleShot(1500, later)
app.exec()
"""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    prefixes = ("AT_PAINT", "LATER", "QT_NAMESPACE", "ICON_AT_PAINT", "ICON_LATER")
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if line.startswith(prefixes))
    at_paint = lines["AT_PAINT"]
    assert at_paint == "[]", f"imported before the first paint: {at_paint}"
    assert "'gpuplanner.core.catalog'" in lines["LATER"]  # it does load, once the window is up
    # PySide6 builds its whole Qt namespace (93 Python enums, ~124 M instructions) on first access: after the paint
    assert lines["QT_NAMESPACE"] == "False", "PySide6.QtCore.Qt was built before the first paint (ui/qt_names.py)"
    # the window icon (Qt's SVG icon engine, ~15 M instructions) is set right after the first paint (ui/app.py)
    assert (lines["ICON_AT_PAINT"], lines["ICON_LATER"]) == ("True", "False")
