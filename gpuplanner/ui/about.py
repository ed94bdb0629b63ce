"""Help › About: the version, the Qt and PySide6 versions, the licences of the libraries the desktop build
bundles (Qt and PySide6 under the LGPLv3, with where to get their source), and the catalog disclaimer.

``show_about(parent)`` opens it modally; ``about_dialog(parent)`` builds it without showing it (tests).
"""

from __future__ import annotations

import html
import platform
import sys
from importlib import metadata
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

QT_SOURCE = "https://download.qt.io/official_releases/qt/"
PYSIDE_SOURCE = "https://download.qt.io/official_releases/QtForPython/"
LGPL_URL = "https://www.gnu.org/licenses/lgpl-3.0.html"

# (name shown, distribution for its version, licence, where its source is)
BUNDLED = (
    ("pyqtgraph", "pyqtgraph", "MIT", "https://github.com/pyqtgraph/pyqtgraph"),
    ("NumPy", "numpy", "BSD-3-Clause", "https://github.com/numpy/numpy"),
    ("openpyxl", "openpyxl", "MIT", "https://foss.heptapod.net/openpyxl/openpyxl"),
    ("et-xmlfile", "et_xmlfile", "MIT", "https://foss.heptapod.net/openpyxl/et_xmlfile"),
    ("platformdirs", "platformdirs", "MIT", "https://github.com/tox-dev/platformdirs"),
    ("tomli-w", "tomli_w", "MIT", "https://github.com/hukkin/tomli-w"),
)


def tr(text: str) -> str:
    return QCoreApplication.translate("About", text)


def version_of(distribution: str, module: str | None = None) -> str:
    """The installed version (package metadata, else the module's ``__version__``), or ``—``."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        mod = sys.modules.get(module or distribution)
        return str(getattr(mod, "__version__", "—"))


def pyside_version() -> str:
    import PySide6

    return str(getattr(PySide6, "__version__", "—"))


def licenses_dir() -> Path | None:
    """The licence texts shipped beside a desktop build (``licenses/`` in the bundle), if any."""
    bundle = getattr(sys, "_MEIPASS", None)
    folder = Path(bundle) / "licenses" if bundle else None
    return folder if folder is not None and folder.is_dir() else None


def _link(url: str, text: str | None = None) -> str:
    return f'<a href="{html.escape(url)}">{html.escape(text or url)}</a>'


def about_html() -> str:
    from gpuplanner import __version__

    esc = html.escape
    qt_version, pyside = qVersion(), pyside_version()
    rows = [
        ("Qt", qt_version, "LGPL-3.0", _link(QT_SOURCE)),
        ("PySide6 / Shiboken6", pyside, "LGPL-3.0", _link(PYSIDE_SOURCE)),
        *((name, version_of(dist, dist), lic, _link(url)) for name, dist, lic, url in BUNDLED),
        ("Python", platform.python_version(), "PSF-2.0", _link("https://www.python.org/downloads/source/")),
    ]
    table = "".join(
        f"<tr><td>{esc(n)}</td><td>{esc(v)}</td><td>{esc(lic)}</td><td>{src}</td></tr>" for n, v, lic, src in rows
    )
    local = licenses_dir()
    lgpl = tr(
        "This application uses Qt and PySide6 under the GNU Lesser General Public License version 3 "
        "({0}). They are linked dynamically: their libraries are separate files in the application "
        "folder, which you may replace with your own builds of the same version. Their complete source "
        "code is available from {1} and {2}."
    ).format(_link(LGPL_URL, "LGPLv3"), _link(QT_SOURCE), _link(PYSIDE_SOURCE))
    if local is not None:
        lgpl += " " + esc(tr("The licence texts are in the folder {0}.").format(str(local)))
    purpose = tr(
        "Plan GPU servers for LLM training: memory, time, parallel layout, and cloud against on-premises cost."
    )
    built = tr("Built with Qt {0} and PySide6 {1}.").format(qt_version, pyside)
    own = tr("gpuplanner itself is under the MIT licence.")
    disclaimer = tr(
        "Prices and specifications in the catalog are indicative: they were collected from public "
        "sources, each with its source and date, and they are not quotes. Prices change often and "
        "differ by vendor, region, volume and contract; check current prices before you buy or sign."
    )
    numpy_note = tr(
        "NumPy wheels also contain OpenBLAS (BSD-3-Clause) and the GCC runtime libraries (GPLv3 with "
        "the GCC Runtime Library Exception)."
    )
    head = (tr("Library"), tr("Version"), tr("Licence"), tr("Source"))
    titles = (tr("Hardware catalog"), tr("Qt and PySide6 (LGPLv3)"), tr("Bundled libraries"))
    parts = [
        f"<h2>gpuplanner {esc(__version__)}</h2>",
        f"<p>{esc(purpose)}</p>",
        f"<p>{esc(built)} {esc(own)}</p>",
        f"<h3>{esc(titles[0])}</h3>",
        f"<p>{esc(disclaimer)}</p>",
        f"<h3>{esc(titles[1])}</h3>",
        f"<p>{lgpl}</p>",
        f"<h3>{esc(titles[2])}</h3>",
        "<table cellspacing='0' cellpadding='3'><tr>"
        + "".join(f"<th align='left'>{esc(h)}</th>" for h in head)
        + f"</tr>{table}</table>",
        f"<p>{esc(numpy_note)}</p>",
    ]
    return "\n".join(parts)


def about_dialog(parent: QWidget | None = None) -> QDialog:
    dialog = QDialog(parent)
    dialog.setObjectName("AboutDialog")
    dialog.setWindowTitle(tr("About gpuplanner"))
    browser = QTextBrowser(dialog)
    browser.setObjectName("AboutText")
    browser.setOpenExternalLinks(True)
    browser.setHtml(about_html())
    browser.setAccessibleName(tr("About gpuplanner"))
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, Qt.Orientation.Horizontal, dialog)
    buttons.rejected.connect(dialog.reject)
    buttons.accepted.connect(dialog.accept)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    dialog.resize(640, 600)
    return dialog


def show_about(parent: QWidget | None = None) -> int:
    """Help › About gpuplanner (modal)."""
    dialog = about_dialog(parent)
    try:
        return dialog.exec()
    finally:
        dialog.deleteLater()
