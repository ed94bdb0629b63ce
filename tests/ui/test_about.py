"""Help › About: version, Qt and PySide6 versions, the licences of the bundled libraries with where their
source is, and the catalog disclaimer."""

from __future__ import annotations

import re

import PySide6
from PySide6.QtCore import QTimer, qVersion
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QTextBrowser

from gpuplanner import __version__
from gpuplanner.ui import about


def test_about_names_versions_licences_and_the_disclaimer(qtbot):
    dialog = about.about_dialog()
    qtbot.addWidget(dialog)
    browser = dialog.findChild(QTextBrowser, "AboutText")
    text = browser.toPlainText()
    html = browser.toHtml()
    source = about.about_html()
    assert dialog.windowTitle() == "About gpuplanner"
    assert f"gpuplanner {__version__}" in text
    assert qVersion() in text and PySide6.__version__ in text
    # Qt and PySide6: LGPLv3, with the licence text and the source code one click away
    assert "GNU Lesser General Public License version 3" in text
    for url in (about.LGPL_URL, about.QT_SOURCE, about.PYSIDE_SOURCE):
        assert f'href="{url}"' in html
    for name, licence in (
        ("pyqtgraph", "MIT"),
        ("NumPy", "BSD-3-Clause"),
        ("openpyxl", "MIT"),
        ("platformdirs", "MIT"),
        ("tomli-w", "MIT"),
        ("Qt", "LGPL-3.0"),
        ("PySide6 / Shiboken6", "LGPL-3.0"),
    ):
        assert re.search(rf"<tr><td>{re.escape(name)}</td><td>[^<]+</td><td>{licence}</td><td><a href", source), name
    assert "indicative" in text and "not quotes" in text
    assert browser.openExternalLinks()


def test_versions_come_from_the_installed_packages():
    import numpy

    assert about.version_of("numpy") == numpy.__version__
    assert about.version_of("no-such-distribution-xyz") == "—"


def test_show_about_is_modal_and_closes(qtbot):
    closed = []

    def close_it() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None and dialog.objectName() == "AboutDialog"
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close).click()
        closed.append(True)

    QTimer.singleShot(200, close_it)
    about.show_about(None)
    assert closed == [True]


def test_the_bundled_licence_texts_ship_with_the_packaging():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "packaging" / "licenses"
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (folder / "LGPL-3.0.txt").read_text()
    assert "GNU GENERAL PUBLIC LICENSE" in (folder / "GPL-3.0.txt").read_text()
