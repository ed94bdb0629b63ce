"""Render every wizard page, the results view and the whole window offscreen to docs/screenshots/*.png, in
English and Korean, light and dark.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/render_pages.py [OUT_DIR] [--language en|ko]
        [--size WIDTHxHEIGHT] [--only-window] [--every]

Uses the default scenario, the shipped catalog and throwaway settings (your own settings are not touched). Each
language runs in its own process (the interface language is installed once, before the first window); without
``--language`` the script runs itself once per language. Korean files start with ``ko-``, dark ones end in
``-dark``; the dark theme renders the main window only, unless ``--every`` (every page and the band views in
both themes, for looking at them, not for docs/screenshots). Before every grab it waits until the worker is
idle and the Plan on screen is the complete one (with its GPU-count sweep): a grab taken while a re-estimate
ran showed "Computing…" plots.

``verdict_band_<lang>.png`` is the verdict with its 80% ranges and ``plots_bands_<lang>.png`` the plots with
their bands, both for the 70B full fine-tune example (64 × H100). ``--size 1024x700 --only-window`` writes just
``main-window[-dark].png`` at that size (for checking that nothing is clipped).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
LANGUAGES = ("en", "ko")
BAND_EXAMPLE = ROOT / "examples" / "llama-3.1-70b-full-64xh100.gpuplan.toml"
IDLE_TIMEOUT_S = 120.0


def settle(app, ms: int = 150) -> None:
    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        app.processEvents()


def idle(app, window, ms: int = 150) -> None:
    """Wait until no re-estimate is pending or running and the Plan shown is complete, then let Qt paint."""
    end = time.perf_counter() + IDLE_TIMEOUT_S
    while time.perf_counter() < end:
        settle(app, 50)
        latest = window.runner.latest
        if not window.runner.busy and latest is not None and latest.complete:
            break
    else:
        raise SystemExit("render_pages: the estimate did not finish")
    settle(app, ms)


def _grab(widget, path: Path, written: list[Path]) -> None:
    if not widget.grab().save(str(path)):
        raise SystemExit(f"render_pages: could not write {path}")
    written.append(path)


def render(out: Path, language: str, size: tuple[int, int], only_window: bool, every: bool = False) -> list[Path]:
    from PySide6.QtCore import QSettings

    from gpuplanner.ui.app import build_window, create_application
    from gpuplanner.ui.wizard import Pages

    out.mkdir(parents=True, exist_ok=True)
    os.environ["GPUPLANNER_LANG"] = language
    app = create_application([sys.argv[0]], language=language)
    prefix = "" if language == "en" else f"{language}-"
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        for theme in ("light", "dark"):
            window = build_window(settings, smoke_test=True)
            window.set_theme(theme)
            window.resize(*size)
            window.show()
            settle(app)
            window.wizard.add_remaining_pages()
            window.build_results_view()
            window.results_view.load_plots()
            window.runner.compute_sync()
            idle(app, window, 300)
            suffix = "" if theme == "light" else "-dark"
            panel = window.wizard_panel
            # the dark theme's pages and band views only with --every (docs/screenshots keeps the main window)
            pages = not only_window and (theme == "light" or every)
            if pages:
                for page, name in (
                    (Pages.MODEL, "1-model"),
                    (Pages.TRAINING, "2-training"),
                    (Pages.HARDWARE, "3-hardware"),
                    (Pages.COSTS, "4-costs"),
                    (Pages.RESULTS, "5-results"),
                ):
                    window.wizard.go_to(page)
                    idle(app, window)
                    _grab(panel, out / f"{prefix}step-{name}{suffix}.png", written)
                _grab(window.results_view, out / f"{prefix}results-view{suffix}.png", written)
            if theme == "light" and not only_window:
                # a field with a problem: global batch not a multiple of micro-batch × dp
                window.wizard.go_to(Pages.MODEL)
                window.wizard.go_to(Pages.TRAINING)
                window.wizard.training_page.global_.setValue(60)
                idle(app, window)
                _grab(panel, out / f"{prefix}step-2-invalid.png", written)
                window.doc.undo_stack.undo()
                idle(app, window)
            window.wizard.go_to(Pages.MODEL)
            idle(app, window, 300)
            _grab(window, out / f"{prefix}main-window{suffix}.png", written)
            if pages:
                # the verdict with its ranges and the plots with their bands, on the 70B example
                window.doc.undo_stack.setClean()
                if not window.open_file(BAND_EXAMPLE):
                    raise SystemExit(f"render_pages: could not open {BAND_EXAMPLE}")
                window.runner.compute_sync()
                idle(app, window, 300)
                _grab(window.results_view.verdict, out / f"verdict_band_{language}{suffix}.png", written)
                _grab(window.results_view, out / f"plots_bands_{language}{suffix}.png", written)
            window.doc.undo_stack.setClean()
            window.close()
            settle(app)
        settings.sync()
    return written


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--language", choices=LANGUAGES)
    ap.add_argument("--size", type=_size, default=(1480, 920), metavar="WxH")
    ap.add_argument("--only-window", action="store_true")
    ap.add_argument("--every", action="store_true", help="also every page and band view in the dark theme")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if args.language is None:
        for lang in LANGUAGES:  # a process per language: the translator is installed once per process
            cmd = [sys.executable, __file__, str(out), "--language", lang, "--size", "x".join(map(str, args.size))]
            cmd += (["--only-window"] if args.only_window else []) + (["--every"] if args.every else [])
            if subprocess.run(cmd, check=False).returncode:
                return 1
        return 0
    for p in render(out, args.language, args.size, args.only_window, args.every):
        print(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
