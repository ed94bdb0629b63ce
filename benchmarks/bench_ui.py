"""Desktop-app speed (spec §6 "Speed"), offscreen, medians of several runs, each against a baseline
measured in the same run:

1. First paint: launch → first paint of the main window (default scenario), against an empty PySide6
   QMainWindow of the same size. Both are fresh subprocesses timed from launch by this script; the target
   is a ratio of at most 1.5 (issue #15). pyqtgraph, numpy, the engine, the catalog package, pandas and
   openpyxl load after the first paint.
2. Redraw: the results view redrawn from a new estimate (recommendation, table, four plots) and painted in
   full (``grab``), against painting the unchanged view in full. Target: under 50 ms.
3. For the record: one field change estimated and redrawn in a single thread. In the app the estimate runs
   in the worker thread, so only the redraw lands on the UI thread.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_ui.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
REDRAW_TARGET_MS = 50.0
STARTUP_TARGET_RATIO = 1.5  # issue #15: first paint at most 1.5× an empty PySide6 window

EMPTY_WINDOW = r"""
import os, sys
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
w = QMainWindow()
w.resize(1480, 920)
class Paint(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint:
            sys.stdout.write("PAINTED\n"); sys.stdout.flush(); os._exit(0)
        return False
f = Paint(); w.installEventFilter(f)
w.show()
app.exec()
"""

MAIN_WINDOW = r"""
import os, sys, tempfile
from gpuplanner.ui.app import build_window, create_application
from PySide6.QtCore import QSettings
app = create_application(sys.argv[:1])
settings = QSettings(os.path.join(tempfile.gettempdir(), "gpuplanner-bench.ini"), QSettings.Format.IniFormat)
w = build_window(settings, smoke_test=True)
def painted():
    sys.stdout.write("PAINTED\n"); sys.stdout.flush(); os._exit(0)
w.firstPainted.connect(painted)
w.show()
app.exec()
"""


_PYCACHE = tempfile.mkdtemp(prefix="gpuplanner-bench-pyc-")


def launch_to_paint(code: str) -> float:
    """Seconds from launching a fresh interpreter to its "PAINTED" line. Bytecode is cached (in a private
    folder), as for an installed app, even where PYTHONDONTWRITEBYTECODE is set."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPYCACHEPREFIX": _PYCACHE}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT, env=env, text=True
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    t1 = time.perf_counter()
    proc.wait(timeout=60)
    if line.strip() != "PAINTED":
        raise RuntimeError(f"child did not paint (exit {proc.returncode})")
    return t1 - t0


def bench_startup(runs: int) -> tuple[float, float]:
    launch_to_paint(EMPTY_WINDOW)  # warm the file cache for both
    launch_to_paint(MAIN_WINDOW)
    empty, main = [], []
    for _ in range(runs):  # interleaved, so drift hits both alike
        empty.append(launch_to_paint(EMPTY_WINDOW))
        main.append(launch_to_paint(MAIN_WINDOW))
    return statistics.median(empty) * 1000, statistics.median(main) * 1000


def bench_redraw(runs: int) -> dict[str, float]:
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QSettings

    from gpuplanner.ui.app import build_window, create_application
    from gpuplanner.ui.resultset import compute_results

    app = create_application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        win = build_window(settings, smoke_test=True)
        win.show()
        while not win._painted:
            app.processEvents()
        app.processEvents()
        win.runner.shutdown()  # measured here, synchronously
        win.wizard.add_remaining_pages()
        win.build_results_view()
        view = win.results_view
        view.load_plots()
        doc = win.doc
        base = doc.scenario
        variants = [replace(base, hardware=replace(base.hardware, gpu_count=n)) for n in (8, 16, 32, 64)]
        results = [compute_results(s, doc.catalog) for s in variants]
        for rs in results:  # warm-up: first draws create items, fonts, caches
            view.show_results(rs)
            view.grab()
            app.processEvents()

        def timed(fn) -> list[float]:  # type: ignore[no-untyped-def]
            out = []
            for i in range(runs):
                t0 = time.perf_counter()
                fn(i)
                out.append((time.perf_counter() - t0) * 1000)
            return out

        def repaint_only(_i: int) -> None:
            view.grab()

        def redraw(i: int) -> None:
            view.show_results(results[i % len(results)])
            view.grab()

        def change_estimate_redraw(i: int) -> None:
            # what the worker publishes first after an edit: the Plan without its GPU-count sweep
            s = variants[i % len(variants)]
            view.show_results(compute_results(s, doc.catalog, sweep=False))
            view.grab()

        out = {
            "baseline_repaint_ms": statistics.median(timed(repaint_only)),
            "redraw_ms": statistics.median(timed(redraw)),
            "estimate_and_redraw_ms": statistics.median(timed(change_estimate_redraw)),
            "candidates": float(len(base.hardware.compared_gpus)),
        }
        doc.undo_stack.setClean()
        from gpuplanner.ui._demo import dispose

        dispose(app, win)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per measurement (median)")
    args = parser.parse_args(argv)

    empty_ms, main_ms = bench_startup(args.runs)
    ratio = main_ms / empty_ms
    print(
        f"first paint   empty PySide6 window {empty_ms:7.1f} ms   main window {main_ms:7.1f} ms   "
        f"ratio {ratio:.2f} (target ≤ {STARTUP_TARGET_RATIO:g})  "
        f"{'OK' if ratio <= STARTUP_TARGET_RATIO else 'SLOW'}"
    )
    r = bench_redraw(max(args.runs * 3, 15))
    base = r["baseline_repaint_ms"]
    print(
        f"redraw        paint unchanged view {base:6.1f} ms   redraw from new results {r['redraw_ms']:6.1f} ms   "
        f"ratio {r['redraw_ms'] / base:.1f}   (target < {REDRAW_TARGET_MS:g} ms)  "
        f"{'OK' if r['redraw_ms'] < REDRAW_TARGET_MS else 'SLOW'}"
    )
    change = r["estimate_and_redraw_ms"]
    print(
        f"change        estimate {int(r['candidates'])} GPUs + redraw, one thread {change:6.1f} ms "
        f"(ratio {change / base:.1f}; in the app the estimate runs in the worker thread)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
