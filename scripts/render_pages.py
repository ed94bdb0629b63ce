"""Render every wizard page, the results view and the whole window offscreen to docs/screenshots/*.png.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/render_pages.py [OUT_DIR]

Uses the default scenario, the shipped catalog and throwaway settings (your own settings are not touched).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def settle(app, ms: int = 150) -> None:
    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        app.processEvents()


def main(out: Path) -> int:
    from PySide6.QtCore import QSettings

    from gpuplanner.ui.app import build_window, create_application
    from gpuplanner.ui.wizard import Pages

    out.mkdir(parents=True, exist_ok=True)
    app = create_application([sys.argv[0]])
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        for theme in ("light", "dark"):
            window = build_window(settings, smoke_test=True)
            window.set_theme(theme)
            window.resize(1480, 920)
            window.show()
            settle(app)
            window.wizard.add_remaining_pages()
            window.build_results_view()
            window.results_view.load_plots()
            window.runner.compute_sync()
            settle(app, 300)
            suffix = "" if theme == "light" else "-dark"
            if theme == "light":
                panel = window.wizard_panel
                for page, name in (
                    (Pages.MODEL, "1-model"),
                    (Pages.TRAINING, "2-training"),
                    (Pages.HARDWARE, "3-hardware"),
                    (Pages.COSTS, "4-costs"),
                    (Pages.RESULTS, "5-results"),
                ):
                    window.wizard.go_to(page)
                    settle(app)
                    path = out / f"step-{name}.png"
                    panel.grab().save(str(path))
                    written.append(path)
                window.results_view.grab().save(str(out / "results-view.png"))
                written.append(out / "results-view.png")
                # a field with a problem: global batch not a multiple of micro-batch × dp
                window.wizard.go_to(Pages.MODEL)
                window.wizard.go_to(Pages.TRAINING)
                window.wizard.training_page.global_.setValue(60)
                settle(app)
                panel.grab().save(str(out / "step-2-invalid.png"))
                written.append(out / "step-2-invalid.png")
                window.doc.undo_stack.setClean()
                window.wizard.training_page.load()
            window.wizard.go_to(Pages.MODEL)
            settle(app, 300)
            path = out / f"main-window{suffix}.png"
            window.grab().save(str(path))
            written.append(path)
            window.doc.undo_stack.setClean()
            window.close()
            settle(app)
        settings.sync()
    for p in written:
        print(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"))
