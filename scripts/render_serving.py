"""Render the app's serving path (issue 21) offscreen: step 2 with the serving fields, the verdict, the serving
trade-off plot and the results view, for the serving demo scenario (Llama 3.1 70B in FP8 over H100, H200 and A100;
``gpuplanner/ui/plots/serving_plot.py`` ``DEMO_SCENARIO``), in English and Korean, light and dark.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/render_serving.py [OUT_DIR] [--language en|ko] [--every]

Files: ``serving_verdict_<lang>.png`` and ``serving_plot_<lang>.png`` (what docs/screenshots keeps); with
``--every`` also ``serving_step_<lang>.png``, ``serving_results_<lang>.png`` and all four in the dark theme
(``-dark``), for looking at. Throwaway settings; each language runs in its own process (the interface language
is installed once).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
LANGUAGES = ("en", "ko")


def render(out: Path, language: str, every: bool = False) -> list[Path]:
    from PySide6.QtCore import QSettings
    from render_pages import _grab, idle, settle

    from gpuplanner.ui.app import build_window, create_application
    from gpuplanner.ui.plots.serving_plot import DEMO_SCENARIO
    from gpuplanner.ui.wizard import Pages

    out.mkdir(parents=True, exist_ok=True)
    os.environ["GPUPLANNER_LANG"] = language
    app = create_application([sys.argv[0]], language=language)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        scenario = Path(tmp) / "serving.gpuplan.toml"
        scenario.write_text(DEMO_SCENARIO, encoding="utf-8")
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        for theme in ("light", "dark") if every else ("light",):
            window = build_window(settings, smoke_test=True)
            window.set_theme(theme)
            window.resize(1480, 920)
            window.show()
            settle(app)
            window.wizard.add_remaining_pages()
            window.build_results_view()
            window.results_view.load_plots()
            if not window.open_file(scenario):
                raise SystemExit(f"render_serving: could not open {scenario}")
            window.runner.compute_sync()
            idle(app, window, 300)
            suffix = "" if theme == "light" else "-dark"
            window.wizard.go_to(Pages.TRAINING)
            idle(app, window)
            if every:
                _grab(window.wizard_panel, out / f"serving_step_{language}{suffix}.png", written)
            view = window.results_view
            _grab(view.verdict, out / f"serving_verdict_{language}{suffix}.png", written)
            # the plot on its own at a panel's usual size (in the view it spans the bottom row, wide and low)
            from gpuplanner.ui.plots.serving_plot import ServingPlot

            panel = ServingPlot()
            panel.resize(820, 500)
            panel.show()
            panel.ensure_plot()
            panel.show_results(window.runner.latest)
            settle(app, 300)
            _grab(panel, out / f"serving_plot_{language}{suffix}.png", written)
            panel.close()
            if every:
                _grab(view, out / f"serving_results_{language}{suffix}.png", written)
            window.doc.undo_stack.setClean()
            window.close()
            settle(app)
        settings.sync()
    return written


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--language", choices=LANGUAGES)
    ap.add_argument("--every", action="store_true", help="also step 2, the results view and the dark theme")
    args = ap.parse_args(argv)
    if args.language is None:
        for lang in LANGUAGES:
            more = ["--every"] if args.every else []
            rc = subprocess.call([sys.executable, __file__, args.out, "--language", lang, *more])
            if rc:
                return rc
        return 0
    for path in render(Path(args.out), args.language, args.every):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
