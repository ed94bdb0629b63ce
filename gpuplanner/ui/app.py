"""The composition root: QApplication, the catalog, the opening scenario, the main window.

``run_app(smoke_test=True)`` (``gpuplanner --smoke-test [FILE]``) shows the window offscreen, estimates the default
scenario (or FILE) once, exports one workbook (in the interface language) to a temporary folder, prints one line and
exits 0 (1 on any failure, also when it hangs for ``GPUPLANNER_SMOKE_TIMEOUT`` seconds, 300 by default).
The desktop bundle runs the same check (``.ci/run``).

The interface language (``gpuplanner.ui.i18n``) is installed before the main window is built.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from pathlib import Path

DEFAULT_SCENARIO = "default.gpuplan.toml"


def default_scenario_path() -> Path:
    from gpuplanner.core.paths import resources_dir

    return resources_dir() / DEFAULT_SCENARIO


_BENIGN = ("This plugin does not support propagateSizeHints()",)  # the offscreen platform, on every window


def _quiet_benign(mode, context, message: str) -> None:  # noqa: ANN001 - Qt message handler
    if message not in _BENIGN and sys.stderr is not None:  # a windowed build on Windows has no stderr
        sys.stderr.write(message + "\n")


def apply_window_icon(app) -> None:
    """The app's window icon (resources/icons/gpuplanner.svg), once. The main window sets it right after its first
    paint, as do the start-up error paths before their dialog: Qt's SVG icon engine costs ~15 M instructions
    (callgrind, issue #15) and the window's first frame does not show the icon (the desktop's title and task bars
    show it once it is set)."""
    from PySide6.QtGui import QIcon

    from gpuplanner.core.paths import resources_dir

    icon = resources_dir() / "icons" / "gpuplanner.svg"
    if app.windowIcon().isNull() and icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))


def create_application(argv: list[str] | None = None, language: str | None = None):
    """The QApplication with the interface language (``language``, else GPUPLANNER_LANG, else the
    ``ui/language`` preference; see :mod:`gpuplanner.ui.i18n`) and the theme; its window icon comes with the main
    window's first paint (:func:`apply_window_icon`)."""
    from PySide6.QtCore import QCoreApplication, QSettings, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    if os.environ.get("QT_QPA_PLATFORM") == "offscreen" and "pytest" not in sys.modules:
        qInstallMessageHandler(_quiet_benign)
    QCoreApplication.setOrganizationName("gpuplanner")
    QCoreApplication.setApplicationName("gpuplanner")
    from .theme import FUSION_PROPERTY, style_arguments

    app = QApplication.instance()
    if app is None:
        given = argv if argv is not None else sys.argv[:1]
        args = style_arguments(given)
        app = QApplication(args)
        app.setProperty(FUSION_PROPERTY, args is not given)  # else apply_theme sets Fusion over the user's style
    assert isinstance(app, QApplication)  # the app's widgets need one: a bare QCoreApplication cannot show them
    from .i18n import install_translator

    install_translator(app, language)
    from .theme import apply_theme

    apply_theme(app, str(QSettings().value("view/theme", "system")))
    return app


def opening_scenario(settings, *, smoke_test: bool = False):
    """(scenario, path, read_only): the last file opened if it still reads, else the default scenario."""
    from gpuplanner.core.errors import FileAccessError, InputError
    from gpuplanner.core.scenario_io import read_scenario

    last = None if smoke_test else settings.value("files/last")
    if last and os.path.isfile(str(last)):
        try:
            return read_scenario(str(last)), Path(str(last)), False
        except (InputError, FileAccessError):
            pass
    path = default_scenario_path()
    return read_scenario(path), path, True


def load_catalog():
    from gpuplanner.core.catalog import load_catalog as load

    return load()


def build_window(settings=None, *, smoke_test: bool = False, scenario_path: str | os.PathLike[str] | None = None):
    """The main window on the last file (or the default scenario); with ``scenario_path``, on that file. A file
    that cannot be read is reported in an error dialog and the window stays on the default scenario."""
    from PySide6.QtCore import QSettings

    from .document import ScenarioDocument
    from .main_window import MainWindow

    settings = settings or QSettings()
    scenario, path, read_only = opening_scenario(settings, smoke_test=smoke_test or scenario_path is not None)
    doc = ScenarioDocument(scenario, load_catalog)  # the catalog loads after the first paint
    doc.replace_all(scenario, path, read_only=read_only)
    window = MainWindow(doc, settings)
    doc.setParent(window)
    if scenario_path is not None:
        window.open_file(scenario_path)
    return window


def _smoke(app, scenario_path: str | None = None) -> int:
    from PySide6.QtCore import QSettings

    from gpuplanner.core.paths import catalog_dir

    from .file_commands import export_function
    from .i18n import current_language, export_language, qt_translations_loaded

    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gpuplanner-smoke-") as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        if scenario_path is not None:
            from gpuplanner.core.scenario_io import read_scenario

            read_scenario(scenario_path)  # a bad file fails the check in one line, not in a modal dialog
        window = build_window(settings, smoke_test=True, scenario_path=scenario_path)
        if scenario_path is not None and window.doc.path != Path(scenario_path):
            raise RuntimeError(f"{scenario_path}: the scenario did not open")
        window.show()
        deadline = time.perf_counter() + 10
        while not window._painted and time.perf_counter() < deadline:
            app.processEvents()
        window.wizard.add_remaining_pages()
        window.build_results_view()
        window.results_view.load_plots()
        rs = window.runner.compute_sync()
        primary = rs.primary
        if primary is None or primary.estimate is None:
            raise RuntimeError(f"no estimate for the default scenario: {primary.error if primary else 'no GPU'}")
        mem = primary.estimate.memory
        export = export_function()
        out = Path(tmp) / "smoke.xlsx"
        export(window.doc.scenario, window.doc.catalog, out, language=export_language())
        if not out.is_file():
            raise RuntimeError("the export wrote no file")
        exported = f"workbook exported ({out.stat().st_size:,} bytes)"
        window.doc.undo_stack.setClean()
        from ._demo import dispose

        dispose(app, window)
        ms = (time.perf_counter() - t0) * 1000
        language = current_language()
        if language != "en" and not qt_translations_loaded():
            language += " (Qt's own texts in English)"
        print(
            f"gpuplanner smoke test OK: {rs.scenario.name} on {primary.gpu_name}, "
            f"{mem.total / 2**30:.1f} GiB/GPU, fits={mem.fits}; {len(rs.candidates)} GPUs compared; "
            f"{exported}; language {language}; catalog {catalog_dir()}; {ms:.0f} ms",
            flush=True,
        )
    return 0


def _smoke_watchdog() -> threading.Timer:
    """Fail the smoke test, rather than hang CI, when it takes longer than GPUPLANNER_SMOKE_TIMEOUT seconds."""
    try:
        limit = float(os.environ.get("GPUPLANNER_SMOKE_TIMEOUT", "300"))
    except ValueError:
        limit = 300.0

    def fire() -> None:
        if sys.stderr is not None:
            sys.stderr.write(f"gpuplanner smoke test FAILED: no result after {limit:g} s\n")
            sys.stderr.flush()
        os._exit(1)

    timer = threading.Timer(limit, fire)
    timer.daemon = True
    timer.start()
    return timer


def run_app(smoke_test: bool = False, scenario_path: str | None = None) -> int:
    """Start the desktop app; with ``smoke_test`` run the offscreen check and exit (0 = OK). ``scenario_path``
    (``gpuplanner FILE.gpuplan.toml``) opens that file instead of the last one; if it cannot be read, an error
    dialog says why and the app starts on the default scenario."""
    if smoke_test:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        watchdog = _smoke_watchdog()
        try:
            return _smoke(create_application(), scenario_path)
        except Exception as err:  # the smoke test reports any failure as one line and exit 1
            if sys.stderr is not None:
                print(f"gpuplanner smoke test FAILED: {type(err).__name__}: {err}", file=sys.stderr)
            return 1
        finally:
            watchdog.cancel()
    app = create_application()
    from gpuplanner.core.errors import FileAccessError, InputError

    try:
        window = build_window(scenario_path=scenario_path)
    except (InputError, FileAccessError) as err:
        from PySide6.QtWidgets import QMessageBox

        apply_window_icon(app)
        QMessageBox.critical(None, "gpuplanner", app.translate("App", "gpuplanner cannot start:\n{0}").format(err))
        return 1
    window.show()
    rc = app.exec()
    from ._demo import dispose

    dispose(app, window)
    return rc


def main() -> int:
    return run_app(smoke_test="--smoke-test" in sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
