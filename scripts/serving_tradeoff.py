"""Render the serving trade-off curve (issue 21): output tokens/s per GPU against time per output token as the
concurrency per replica grows, one line per GPU type, from the serving plan's curves (core/serving_plan.py).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/serving_tradeoff.py [-o docs/screenshots/serving_tradeoff.png]

matplotlib is not a dependency, so the plot is drawn with pyqtgraph (already the app's plotting library) and
written with its ImageExporter, offscreen.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SCENARIO = {
    "schema": 1,
    "name": "Llama 3.1 70B, 1,000 + 500 tokens, fp8",
    "model": {"preset": "llama-3.1-70b"},
    "workload": {
        "method": "inference",
        "input_len": 1000,
        "output_len": 500,
        "batch": "max",
        "weight_precision": "fp8",
        "kv_precision": "fp8",
        "target_output_tokens_per_second": 20000,
        "tpot_slo_ms": 100,
    },
    "hardware": {
        "gpu": "h100-sxm-80gb",
        "gpu_count": 1,
        "candidates": ["a100-sxm-80gb", "h100-sxm-80gb", "h200-sxm-141gb", "b200-sxm-180gb", "mi300x", "l40s"],
    },
}
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", default=str(ROOT / "docs" / "screenshots" / "serving_tradeoff.png"))
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    import pyqtgraph as pg
    import pyqtgraph.exporters
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from gpuplanner.core.catalog import load_catalog
    from gpuplanner.core.scenario_io import parse_scenario
    from gpuplanner.core.serving_plan import plan_serving

    app = QApplication.instance() or QApplication([])
    plan = plan_serving(parse_scenario(SCENARIO), load_catalog(use_user_layer=False))
    pg.setConfigOptions(antialias=True, background="w", foreground="k")
    widget = pg.PlotWidget()
    widget.resize(1100, 650)
    item = widget.getPlotItem()
    item.setTitle(
        f"{SCENARIO['name']}: throughput against latency as concurrency grows (labels: sequences per replica)"
    )
    item.setLabel("bottom", "time per output token (ms)")
    item.setLabel("left", "output tokens/s per GPU")
    item.showGrid(x=True, y=True, alpha=0.3)
    item.setLogMode(x=False, y=True)
    item.addLegend(offset=(-10, 200))
    for colour, curve in zip(COLOURS, plan.curves, strict=False):
        x = [p.tpot_seconds * 1e3 for p in curve.points]
        y = [p.output_tokens_per_second / curve.tp for p in curve.points]
        pen = pg.mkPen(colour, width=2)
        item.plot(x, y, pen=pen, symbol="o", symbolSize=6, symbolBrush=colour, name=f"{curve.gpu} (tp={curve.tp})")
        last = curve.points[-1]
        label = pg.TextItem(f"{last.batch_per_replica}", color=colour, anchor=(0, 1))
        label.setPos(x[-1], math.log10(y[-1]))
        item.addItem(label)
    slo = SCENARIO["workload"]["tpot_slo_ms"]
    ys = [p.output_tokens_per_second / c.tp for c in plan.curves for p in c.points]
    dash = pg.mkPen("#888", width=1.5, style=Qt.PenStyle.DashLine)
    item.plot([slo, slo], [min(ys), max(ys)], pen=dash, name=f"TPOT SLO {slo} ms")
    widget.show()
    app.processEvents()
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    exporter = pg.exporters.ImageExporter(item)
    exporter.parameters()["width"] = widget.width()
    exporter.export(str(out))
    print(f"wrote {out} ({len(plan.curves)} GPU types; unfit: {', '.join(plan.unfit) or 'none'})")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
